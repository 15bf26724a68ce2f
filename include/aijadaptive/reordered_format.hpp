// Any format run on B = P A P^T (P from RCM or the column counts,
// reordering.hpp) for the caller's square A, in the caller's numbering:
//
//   y = A x = P^T (B (P x))
//   x --gather--> xp (B's numbering) --inner format--> rows of B x --> y
//
// The rows come back to the caller's numbering in one of two ways:
// - in the inner format's own pass, where it has the row_map capability (the
//   map, new_to_old, set once at upload) and y is small enough to stay in L2
//   while its rows are written all over it;
// - otherwise into a scratch vector in B's numbering, then gathered back: y
//   written in order, the scratch read from L2. Scattered 8-byte writes of a
//   large y cost more (H100, scalar FEM n=120: suraa 20 us, cuSPARSE 30 us a
//   product; docs/h100-2026-11-27-small-matmult-profile/).
// The transpose is the inner format's through the same permutations
// (A^T = P^T B^T P), where it has one; else the core's transpose fallback runs
// on A itself.
#pragma once

#include <cstddef>
#include <memory>

#include "aijadaptive/format.hpp"
#include "aijadaptive/reordering.hpp"

namespace aijadaptive {

// The largest y (bytes) the inner format writes through its row map. On
// the H100 (50 MB of L2) the row map won on scalar FEM of 2.7 MB of y (2.5
// us of 50) and lost on 13.8 MB (3-20 us of 230) under a global RCM order.
// Beyond it only a format that writes its rows in order, under a windowed
// order, keeps the row map: its writes stay local (fem n=120 in windows of
// 4096 rows, inode: 200.8 us with the row map, 212.2 gathered back;
// docs/h100-2026-11-27-windowed-rcm/).
inline constexpr std::size_t kReorderRowMapMaxBytes = std::size_t(8) << 20;

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
  // Whether the plain product writes the caller's rows through the inner
  // format's row map (else into a scratch vector in B's numbering, gathered back).
  bool writes_rows() const;
  // Whether the device half keeps that scratch vector (and old_to_new): for
  // the plain product without the row map, and for the inner format's own
  // transposes, which always go through it.
  bool needs_scratch() const;
  // The limit on y for the row map (kReorderRowMapMaxBytes unless a test sets another).
  void set_row_map_max_bytes(std::size_t bytes) { row_map_max_bytes_ = bytes; }

 private:
  std::shared_ptr<Reordering<V, I>> reordering_;
  std::unique_ptr<HostFormat<V, I>> inner_;
  CsrView<V, I> a_;
  std::size_t row_map_max_bytes_ = kReorderRowMapMaxBytes;
  mutable std::vector<V> xp_, yp_;  // the oracle's vectors in B's numbering
};

}  // namespace aijadaptive
