// Any format run on B = P A P^T (P from RCM, reordering.hpp) for the caller's
// square A, in the caller's numbering:
//
//   y = A x = P^T (B (P x))
//   x --gather--> xp (B's numbering) --inner format--> rows of B x --> y
//
// The rows come back to the caller's numbering in the inner format's own pass
// where it has the row_map capability (the map, new_to_old, set once at
// upload), or through a scatter from a scratch vector otherwise. The transpose
// is the inner format's through the same permutations (A^T = P^T B^T P), where
// it has one; else the core's transpose fallback runs on A itself.
#pragma once

#include <memory>

#include "aijadaptive/format.hpp"
#include "aijadaptive/reordering.hpp"

namespace aijadaptive {

// The permutation and B, computed once by the analysis and shared by the
// candidates the matrix tries in turn.
template <class V, class I>
struct Reordering {
  Permutation<I> permutation;
  PermutedCsr<V, I> matrix;  // B
};

template <class V, class I>
class ReorderedHostFormat final : public HostFormat<V, I> {
 public:
  ReorderedHostFormat(std::shared_ptr<Reordering<V, I>> reordering, std::unique_ptr<HostFormat<V, I>> inner);

  Capabilities capabilities() const override;
  // `a` is the caller's A; B (in the reordering) must have been made from it.
  void build(const CsrView<V, I>& a) override;
  // A's new values are permuted into B before the inner format takes them.
  void refill(const CsrView<V, I>& a) override;
  void apply(Op op, V alpha, const V* x, V beta, V* y) const override;
  const CsrView<V, I>& csr() const override { return a_; }
  std::size_t extra_host_bytes() const override;
  std::size_t device_bytes_needed() const override;
  std::unique_ptr<DeviceFormat<V, I>> upload(Stream stream) const override;
  std::vector<std::string> describe() const override;

  const HostFormat<V, I>& inner() const { return *inner_; }
  const Reordering<V, I>& reordering() const { return *reordering_; }
  // Whether the device half needs a scratch vector in B's numbering for y.
  bool scatters() const {
    const Capabilities c = inner_->capabilities();
    return !c.row_map || c.transpose || c.conjugate_transpose;
  }

 private:
  std::shared_ptr<Reordering<V, I>> reordering_;
  std::unique_ptr<HostFormat<V, I>> inner_;
  CsrView<V, I> a_;
  mutable std::vector<V> xp_, yp_;  // the oracle's vectors in B's numbering
};

}  // namespace aijadaptive
