#include "core/slabbed_matrix.hpp"

#include <algorithm>
#include <cmath>

#include "aijadaptive/instantiate.hpp"
#include "aijadaptive/device.hpp"
#include "core/megabytes.hpp"

namespace aijadaptive::detail {

namespace {

// The row-length statistics of the whole matrix from its slabs'.
Features combined_features(const std::vector<const Features*>& parts) {
  Features f = *parts.front();
  f.rows = f.nnz = f.empty_rows = 0;
  double squares = 0;  // the sum of the squared row lengths
  for (const Features* p : parts) {
    f.rows += p->rows;
    f.nnz += p->nnz;
    f.empty_rows += p->empty_rows;
    f.min_row = std::min(f.min_row, p->min_row);
    f.max_row = std::max(f.max_row, p->max_row);
    const double spread = p->row_cv * p->mean_row;
    squares += double(p->rows) * (spread * spread + p->mean_row * p->mean_row);
  }
  f.mean_row = f.rows > 0 ? double(f.nnz) / double(f.rows) : 0.0;
  const double variance = f.rows > 0 ? squares / double(f.rows) - f.mean_row * f.mean_row : 0.0;
  f.row_cv = f.mean_row > 0 ? std::sqrt(std::max(variance, 0.0)) / f.mean_row : 0.0;
  return f;
}

}  // namespace

template <class V>
SlabbedMatrix<V>::SlabbedMatrix(MatrixOptions options) : options_(std::move(options)) {
  options_.check_input = false;
}

template <class V>
void SlabbedMatrix<V>::analyse_slabs(const V* values) {
  slabs_.clear();
  std::vector<const Features*> parts;
  for (std::size_t s = 0; s < indices_.slabs().size(); ++s) {
    slabs_.push_back(std::make_unique<AdaptiveMatrix<V, std::int32_t>>(options_));
    slabs_.back()->analyse(indices_.view(s, values));
    parts.push_back(&slabs_.back()->features());
  }
  if (!single()) features_ = combined_features(parts);
}

template <class V>
void SlabbedMatrix<V>::upload() {
  for (auto& slab : slabs_) slab->upload();
}

template <class V>
void SlabbedMatrix<V>::refill(const V* values) {
  for (std::size_t s = 0; s < slabs_.size(); ++s) slabs_[s]->refill(indices_.view(s, values));
}

template <class V>
void SlabbedMatrix<V>::finish_background_work() {
  for (auto& slab : slabs_) slab->finish_background_work();
}

template <class V>
bool SlabbedMatrix<V>::built() const {
  return std::all_of(slabs_.begin(), slabs_.end(), [](const auto& slab) { return slab->built(); });
}

template <class V>
TransferBytes SlabbedMatrix<V>::apply(Op op, V alpha, InputVector<V> x, V beta, OutputVector<V> y,
                                      const Stream* stream) {
  if (single())
    return stream ? slabs_[0]->apply(op, alpha, x, beta, y, *stream) : slabs_[0]->apply(op, alpha, x, beta, y);
  // One stream for all: the slabs' products in order, and stream() is the
  // one to wait for.
  const Stream s = stream ? *stream : slabs_[0]->stream();
  const bool host_vectors = x.space == MemSpace::host || y.space == MemSpace::host;
  if (!host_vectors || placement() == Placement::host) return apply_slabs(op, alpha, x, beta, y, s);
  // Host vectors go to the device once for all the slabs, not once per slab.
  const DeviceGuard guard(device());
  const std::size_t nx = std::size_t(op == Op::plain ? features().cols : features().rows);
  const std::size_t ny = std::size_t(op == Op::plain ? features().rows : features().cols);
  try {
    return staging_.with_device_vectors(x, nx, y, ny, beta != V(0), options_.host_transfer, s,
                                        [&](const V* dx, V* dy) {
                                          apply_slabs(op, alpha, {dx, MemSpace::device}, beta,
                                                      {dy, MemSpace::device}, s);
                                        });
  } catch (...) {
    staging_.forget_x();  // as AdaptiveMatrix::apply: the matrix as it was, x sent again next time
    synchronize_device_quietly();
    throw;
  }
}

template <class V>
TransferBytes SlabbedMatrix<V>::apply_slabs(Op op, V alpha, InputVector<V> x, V beta, OutputVector<V> y, Stream s) {
  TransferBytes moved;
  for (std::size_t k = 0; k < slabs_.size(); ++k) {
    const std::int64_t first_row = indices_.slabs()[k].row_begin;
    InputVector<V> xk = x;
    OutputVector<V> yk = y;
    V beta_k = beta;
    if (op == Op::plain) {
      yk.data += first_row;
    } else {
      xk.data += first_row;
      if (k > 0) beta_k = V(1);
    }
    const TransferBytes t = slabs_[k]->apply(op, alpha, xk, beta_k, yk, s);
    moved.to_device += t.to_device;
    moved.to_host += t.to_host;
  }
  return moved;
}

template <class V>
Placement SlabbedMatrix<V>::placement() const {
  for (const auto& slab : slabs_)
    if (slab->placement() == Placement::host) return Placement::host;
  return Placement::device;
}

template <class V>
const std::string& SlabbedMatrix<V>::placement_reason() const {
  if (single()) return slabs_[0]->placement_reason();
  placement_reason_ = slabs_[0]->placement_reason();
  for (std::size_t k = 0; k < slabs_.size(); ++k)
    if (slabs_[k]->placement() == Placement::host)
      placement_reason_ = "row slab " + std::to_string(k + 1) + ": " + slabs_[k]->placement_reason();
  return placement_reason_;
}

template <class V>
const std::string& SlabbedMatrix<V>::format_name() const {
  if (single()) return slabs_[0]->format_name();
  std::vector<std::string> names;
  for (const auto& slab : slabs_)
    if (std::find(names.begin(), names.end(), slab->format_name()) == names.end()) names.push_back(slab->format_name());
  format_name_.clear();
  for (const std::string& name : names) format_name_ += (format_name_.empty() ? "" : "+") + name;
  return format_name_;
}

template <class V>
const std::string& SlabbedMatrix<V>::selection_reason() const {
  if (single()) return slabs_[0]->selection_reason();
  selection_reason_.clear();
  for (std::size_t k = 0; k < slabs_.size(); ++k)
    selection_reason_ += (k ? "; " : "") + std::string("row slab ") + std::to_string(k + 1) + ": " +
                         slabs_[k]->selection_reason();
  return selection_reason_;
}

template <class V>
const std::vector<SkippedCandidate>& SlabbedMatrix<V>::skipped() const {
  if (single()) return slabs_[0]->skipped();
  skipped_.clear();
  for (std::size_t k = 0; k < slabs_.size(); ++k)
    for (const SkippedCandidate& c : slabs_[k]->skipped())
      skipped_.push_back({c.format + " (row slab " + std::to_string(k + 1) + ")", c.why});
  return skipped_;
}

template <class V>
std::vector<std::string> SlabbedMatrix<V>::describe() const {
  if (placement() == Placement::host) return single() ? slabs_[0]->describe() : std::vector<std::string>{};
  const std::string copies = "(their copies: " + megabytes(indices_.host_bytes()) + " on the host)";
  if (single()) {
    std::vector<std::string> lines = slabs_[0]->describe();
    lines.insert(lines.begin(), "indices: 64-bit, run as 32-bit " + copies);
    return lines;
  }
  std::vector<std::string> lines{"indices: 64-bit, run as 32-bit in " + std::to_string(slabs_.size()) +
                                 " row slabs of at most " + std::to_string(options_.slab_max_nnz) +
                                 " nonzeros " + copies};
  for (std::size_t k = 0; k < slabs_.size(); ++k) {
    const auto& slab = indices_.slabs()[k];
    const std::string prefix = "row slab " + std::to_string(k + 1) + " (rows " + std::to_string(slab.row_begin) +
                               " to " + std::to_string(slab.row_end - 1) + ", " +
                               std::to_string(slab.col_idx.size()) + " nonzeros, " + slabs_[k]->format_name() + ")";
    lines.push_back(prefix);
    for (std::string& line : slabs_[k]->describe()) lines.push_back("  " + line);
  }
  return lines;
}

template <class V>
const TuneRecord& SlabbedMatrix<V>::tune_record() const {
  return slabs_[0]->tune_record();
}
template <class V>
const ProductGraphStats& SlabbedMatrix<V>::product_graph_stats() const {
  return slabs_[0]->product_graph_stats();
}

template <class V>
bool SlabbedMatrix<V>::tuning() const {
  return std::any_of(slabs_.begin(), slabs_.end(), [](const auto& slab) { return slab->tuning(); });
}

template <class V>
bool SlabbedMatrix<V>::reordered() const {
  return std::any_of(slabs_.begin(), slabs_.end(), [](const auto& slab) { return slab->reordered(); });
}

template <class V>
OrderKind SlabbedMatrix<V>::order_kind() const {
  for (const auto& slab : slabs_)
    if (slab->reordered()) return slab->order_kind();
  return OrderKind::rcm;
}

template <class V>
bool SlabbedMatrix<V>::transpose_fallback_built() const {
  return std::any_of(slabs_.begin(), slabs_.end(),
                     [](const auto& slab) { return slab->transpose_fallback_built(); });
}

template <class V>
const Features& SlabbedMatrix<V>::features() const {
  return single() ? slabs_[0]->features() : features_;
}

template <class V>
std::size_t SlabbedMatrix<V>::device_bytes() const {
  std::size_t bytes = staging_.device_bytes();
  for (const auto& slab : slabs_) bytes += slab->device_bytes();
  return bytes;
}

template <class V>
int SlabbedMatrix<V>::device() const {
  return slabs_[0]->device();
}

template <class V>
Stream SlabbedMatrix<V>::stream() const {
  return slabs_[0]->stream();
}

// One per value type: the 64-bit pairs are the only ones that narrow.
template class SlabbedMatrix<double>;
template class SlabbedMatrix<float>;
#if AIJADAPTIVE_HAVE_COMPLEX
template class SlabbedMatrix<std::complex<double>>;
template class SlabbedMatrix<std::complex<float>>;
#endif

}  // namespace aijadaptive::detail
