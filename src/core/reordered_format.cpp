#include "aijadaptive/reordered_format.hpp"

#include <string>
#include <utility>

#include "aijadaptive/device_buffer.hpp"
#include "aijadaptive/errors.hpp"
#include "aijadaptive/instantiate.hpp"
#include "core/permute.hpp"

namespace aijadaptive {

namespace {

template <class V, class I>
class ReorderedDeviceFormat final : public DeviceFormat<V, I> {
 public:
  ReorderedDeviceFormat(const ReorderedHostFormat<V, I>& host, Stream stream)
      : inner_(host.inner().upload(stream)), writes_rows_(host.writes_rows()) {
    const Permutation<I>& p = host.reordering().permutation;
    n_ = p.size();
    new_to_old_ = DeviceBuffer<I>(p.new_to_old.size());
    copy_to_device(new_to_old_.data(), p.new_to_old.data(), new_to_old_.bytes(), stream);
    xp_ = DeviceBuffer<V>(std::size_t(n_));
    if (host.needs_scratch()) {
      old_to_new_ = DeviceBuffer<I>(p.old_to_new.size());
      copy_to_device(old_to_new_.data(), p.old_to_new.data(), old_to_new_.bytes(), stream);
      yp_ = DeviceBuffer<V>(std::size_t(n_));
    }
    if (writes_rows_) inner_->set_row_map(new_to_old_.data());
  }

  void apply(V alpha, const V* x, V beta, V* y, Stream stream) override {
    detail::permute_gather(x, new_to_old_.data(), n_, xp_.data(), stream);
    if (writes_rows_) {
      inner_->apply(alpha, xp_.data(), beta, y, stream);  // writes the caller's rows itself
      return;
    }
    inner_->apply(V(1), xp_.data(), V(0), yp_.data(), stream);
    detail::permute_back(alpha, yp_.data(), old_to_new_.data(), n_, beta, y, stream);
  }

  void apply_transpose(V alpha, const V* x, V beta, V* y, Stream stream) override {
    detail::permute_gather(x, new_to_old_.data(), n_, xp_.data(), stream);
    inner_->apply_transpose(V(1), xp_.data(), V(0), yp_.data(), stream);
    detail::permute_back(alpha, yp_.data(), old_to_new_.data(), n_, beta, y, stream);
  }

  void apply_conjugate_transpose(V alpha, const V* x, V beta, V* y, Stream stream) override {
    detail::permute_gather(x, new_to_old_.data(), n_, xp_.data(), stream);
    inner_->apply_conjugate_transpose(V(1), xp_.data(), V(0), yp_.data(), stream);
    detail::permute_back(alpha, yp_.data(), old_to_new_.data(), n_, beta, y, stream);
  }

  void upload_values(Stream stream) override { inner_->upload_values(stream); }

  std::size_t device_bytes() const override {
    return inner_->device_bytes() + new_to_old_.bytes() + old_to_new_.bytes() + xp_.bytes() + yp_.bytes();
  }

  std::vector<std::string> describe() const override { return inner_->describe(); }
  void finish_background_work() override { inner_->finish_background_work(); }
  std::uint64_t launch_generation() override { return inner_->launch_generation(); }

 private:
  std::unique_ptr<DeviceFormat<V, I>> inner_;
  bool writes_rows_;  // the inner format writes y through the row map: no scratch vector
  std::int64_t n_ = 0;
  DeviceBuffer<I> new_to_old_, old_to_new_;  // the second only with the scratch vector
  DeviceBuffer<V> xp_, yp_;  // x and (with the scratch vector) y in B's numbering
};

}  // namespace

template <class V, class I>
ReorderedHostFormat<V, I>::ReorderedHostFormat(std::shared_ptr<Reordering<V, I>> reordering,
                                               std::unique_ptr<HostFormat<V, I>> inner)
    : reordering_(std::move(reordering)), inner_(std::move(inner)) {
  AIJA_REQUIRE(reordering_ && inner_, internal, "a reordered format needs a reordering and a format");
}

template <class V, class I>
Capabilities ReorderedHostFormat<V, I>::capabilities() const {
  Capabilities c;
  c.transpose = inner_->capabilities().transpose;
  c.conjugate_transpose = inner_->capabilities().conjugate_transpose;
  return c;
}

template <class V, class I>
bool ReorderedHostFormat<V, I>::writes_rows() const {
  const Capabilities c = inner_->capabilities();
  const std::size_t y_bytes = reordering_->permutation.new_to_old.size() * sizeof(V);
  const bool local = reordering_->permutation.window > 0 && c.rows_in_order;
  return c.row_map && (y_bytes <= row_map_max_bytes_ || local);
}

template <class V, class I>
bool ReorderedHostFormat<V, I>::needs_scratch() const {
  const Capabilities c = inner_->capabilities();
  return !writes_rows() || c.transpose || c.conjugate_transpose;
}

template <class V, class I>
void ReorderedHostFormat<V, I>::build(const CsrView<V, I>& a) {
  const PermutedCsr<V, I>& b = reordering_->matrix;
  AIJA_REQUIRE(a.rows == a.cols && a.rows == b.size() && a.nnz() == I(b.col_idx.size()), internal,
               "the reordered matrix was not made from this one");
  a_ = a;
  inner_->build(b.view());
}

template <class V, class I>
void ReorderedHostFormat<V, I>::refill(const CsrView<V, I>& a) {
  permute_values(a, reordering_->permutation, reordering_->matrix);
  a_ = a;
  inner_->refill(reordering_->matrix.view());
}

template <class V, class I>
void ReorderedHostFormat<V, I>::apply(Op op, V alpha, const V* x, V beta, V* y) const {
  const Permutation<I>& p = reordering_->permutation;
  xp_.resize(std::size_t(p.size()));
  yp_.resize(std::size_t(p.size()));
  permute_vector(p, x, xp_.data());
  if (beta != V(0)) permute_vector(p, y, yp_.data());  // beta == 0: y unread
  inner_->apply(op, alpha, xp_.data(), beta, yp_.data());
  unpermute_vector(p, yp_.data(), y);
}

template <class V, class I>
std::size_t ReorderedHostFormat<V, I>::extra_host_bytes() const {
  const Reordering<V, I>& r = *reordering_;
  return inner_->extra_host_bytes() + 2 * r.permutation.new_to_old.size() * sizeof(I) +
         r.matrix.row_ptr.size() * sizeof(I) + r.matrix.col_idx.size() * (sizeof(I) + sizeof(V));
}

template <class V, class I>
std::size_t ReorderedHostFormat<V, I>::device_bytes_needed() const {
  const std::size_t n = reordering_->permutation.new_to_old.size();
  return inner_->device_bytes_needed() + n * (needs_scratch() ? 2 * (sizeof(I) + sizeof(V)) : sizeof(I) + sizeof(V));
}

template <class V, class I>
std::unique_ptr<DeviceFormat<V, I>> ReorderedHostFormat<V, I>::upload(Stream stream) const {
  AIJA_UPLOAD_WITH_CUDA(std::make_unique<ReorderedDeviceFormat<V, I>>(*this, stream));
}

template <class V, class I>
std::vector<std::string> ReorderedHostFormat<V, I>::describe() const {
  const std::int64_t window = reordering_->permutation.window;
  std::vector<std::string> lines{
      std::string(reordering_->permutation.kind == OrderKind::degree ? "reordered (by column degree"
                                                                       : "reordered (RCM") +
      (window > 0 ? " within windows of " + std::to_string(window) + " rows" : std::string()) +
      "): x gathered into the new numbering, y " +
      (writes_rows() ? "written in yours by the format itself" : "gathered back into yours")};
  for (std::string& line : inner_->describe()) lines.push_back(std::move(line));
  return lines;
}

#define AIJA_INSTANTIATE(V, I) template class ReorderedHostFormat<V, I>;
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
