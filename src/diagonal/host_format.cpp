// The host half of the DIA-Adaptive formats: layout, blocks, reference kernel.
#include <cstdio>
#include <mutex>

#include "aijadaptive/diagonal_layout.hpp"
#include "aijadaptive/formats/csr.hpp"
#include "aijadaptive/instantiate.hpp"

namespace aijadaptive {

template <class V, class I>
DiagonalHostFormat<V, I>::DiagonalHostFormat(FormatId id, const FormatContext& context, int block_threads)
    : id_(id), context_(context), block_threads_(block_threads) {
  AIJA_REQUIRE(block_threads >= 32 && block_threads <= 1024 && block_threads % 32 == 0, invalid_argument,
               std::string(format_name(id)) + ": block_threads = " + std::to_string(block_threads) +
                   ", expected a multiple of 32 in [32, 1024]");
}

// Only a one-piece layout (dia) has a transpose of its own: output j reads the
// diagonals at rows j - offset, which cross pieces in the others. Any range of
// whole blocks is a product of its own.
template <class V, class I>
Capabilities DiagonalHostFormat<V, I>::capabilities() const {
  Capabilities c;
  c.transpose = id_ == FormatId::dia;
  c.row_ranges = true;  // at block boundaries: the blocks are in row order
  return c;
}

template <class V, class I>
const Features* DiagonalHostFormat<V, I>::search_of(const CsrView<V, I>& a) const {
  const Features* f = context_.features;
  return f && !f->diagonal_offsets.empty() && f->rows == a.rows && f->cols == a.cols && f->nnz == a.nnz() ? f
                                                                                                         : nullptr;
}

template <class V, class I>
std::vector<std::int64_t> DiagonalHostFormat<V, I>::offsets_of(const CsrView<V, I>& a) const {
  const Features* f = search_of(a);
  return f ? f->diagonal_offsets : diagonal_offsets(a, 0, a.rows);
}

// The structure only: the device fills its values from the CSR arrays
// (kernels.cu), the host only when its reference kernel is asked for.
template <class V, class I>
void DiagonalHostFormat<V, I>::build(const CsrView<V, I>& a) {
  const std::lock_guard<std::mutex> lock(values_mutex_);
  values_current_ = false;
  a_ = a;
  if (const Features* f = search_of(a))
    AIJA_REQUIRE(f->diagonal_rows_increase, unsupported,
                 "the diagonal formats need each row's columns in increasing order without repeats");
  else
    require_increasing_rows(a);
  layout_ = plan_diagonal_layout(a, cut(a));
  blocks_ = diagonal_blocks(layout_, block_threads_);
}

template <class V, class I>
void DiagonalHostFormat<V, I>::refill(const CsrView<V, I>& a) {
  const std::lock_guard<std::mutex> lock(values_mutex_);
  AIJA_REQUIRE(a.rows == layout_.rows && a.cols == layout_.cols && a.nnz() == layout_.nnz, invalid_argument,
               "refill with a different pattern: build again");
  a_ = a;
  values_current_ = false;
}

template <class V, class I>
const DiagonalLayout<V>& DiagonalHostFormat<V, I>::layout_with_values() const {
  const std::lock_guard<std::mutex> lock(values_mutex_);
  if (!values_current_) {
    fill_diagonal_values(a_, layout_);
    values_current_ = true;
  }
  return layout_;
}

template <class V, class I>
void DiagonalHostFormat<V, I>::apply(Op op, V alpha, const V* x, V beta, V* y) const {
  const DiagonalLayout<V>& layout = layout_with_values();
  if (op == Op::plain)
    diagonal_reference_apply(layout, blocks_, alpha, x, beta, y);
  else if (op == Op::transpose)
    diagonal_reference_transpose(layout, alpha, x, beta, y);
  else  // A^H: the device runs it through the core's cuSPARSE fallback
    csr_reference_apply(a_, op, alpha, x, beta, y);
}

template <class V, class I>
std::size_t DiagonalHostFormat<V, I>::extra_host_bytes() const {
  return layout_.values.capacity() * sizeof(V) +
         (layout_.offsets.size() + layout_.list_begin.size()) * sizeof(std::int64_t) +
         layout_.pieces.size() * sizeof(DiagonalPiece) + blocks_.size() * sizeof(DiagonalBlock);
}

// The values, the offset lists (as I) and the blocks, and for the time of the
// upload the CSR arrays' pieces the device fills the values from.
template <class V, class I>
std::size_t DiagonalHostFormat<V, I>::device_bytes_needed() const {
  return std::size_t(layout_.stored) * sizeof(V) + (layout_.offsets.size() + layout_.list_begin.size()) * sizeof(I) +
         blocks_.size() * sizeof(DiagonalBlock) + diagonal_fill_scratch_bytes(a_, blocks_);
}

template <class V, class I>
std::unique_ptr<DeviceFormat<V, I>> DiagonalHostFormat<V, I>::upload(Stream stream) const {
  AIJA_UPLOAD_WITH_CUDA(upload_diagonal(*this, stream));
}

template <class V, class I>
std::vector<std::string> DiagonalHostFormat<V, I>::describe() const {
  char text[240];
  std::snprintf(text, sizeof(text),
                "%s: %zu row pieces, %lld offset lists (at most %lld diagonals), padding %.1f%%, %.2f bytes per "
                "nonzero, T = %d",
                format_name(id_), layout_.pieces.size(), (long long)layout_.lists(), (long long)layout_.most_diagonals(),
                100.0 * layout_.padding(),
                layout_.nnz ? double(device_bytes_needed()) / double(layout_.nnz) : 0.0, block_threads_);
  return {text};
}

#define AIJA_INSTANTIATE(V, I) template class DiagonalHostFormat<V, I>;
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
