// Locality reordering of a square sparse matrix: reverse Cuthill-McKee (RCM).
//
// Why: y = A x on the GPU gathers x[col]. When the rows processed together touch
// columns spread over a wide range (an unstructured mesh numbered at random inside
// its partition, say), each gather costs its own 32-byte memory sector and the
// kernel is bound by L2 bandwidth, not by the matrix stream. Renumbering rows and
// columns together with RCM puts coupled unknowns close to each other, so the
// gathers of a group of rows fall into few sectors.
//
// The math, with P the permutation matrix of new_to_old (P x)[i'] = x[new_to_old[i']]:
//
//   B = P A P^T            B[i'][j'] = A[new_to_old[i']][new_to_old[j']]
//   y = A x = P^T (B (P x))   gather x into P x, multiply by B, scatter back by new_to_old
//
// (also A^T x = P^T (B^T (P x)), but the transpose sums each column in a new order,
// so that one is equal only up to rounding).
//
// The arrays:
//
//   Permutation  new_to_old [n]   old index of new row/column i'
//                old_to_new [n]   its inverse: old_to_new[new_to_old[i']] == i'
//   PermutedCsr  row_ptr    [n+1] row i' of B = row new_to_old[i'] of A ...
//                col_idx    [nnz] ... with every column c renamed old_to_new[c] ...
//                values     [nnz] ... and its entries in A's order (so each row's
//                                 floating-point sum, hence y, is bit-identical; the
//                                 columns of a row of B are therefore not sorted)
//
// RCM: E. Cuthill, J. McKee, "Reducing the bandwidth of sparse symmetric matrices"
// (1969); A. George, J. W. H. Liu, "Computer Solution of Large Sparse Positive
// Definite Systems" (1981), ch. 4 (reversal, pseudo-peripheral start nodes).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "aijadaptive/csr_view.hpp"
#include "aijadaptive/uninitialised_vector.hpp"

namespace aijadaptive {

// A GPU memory transaction moves one 32-byte sector: the unit the gathers of x are counted in.
inline constexpr int kGatherSectorBytes = 32;
// Rows taken as "processed together" by gather_sector_ratio: one warp of a row-per-thread
// kernel, and about the rows of one small ipcsr block; x sectors they share hit in L1.
inline constexpr int kGatherGroupRows = 32;
// At most this many groups are sampled: bounds the cost at ~4096 * 32 rows (a few
// million entries at most on ordinary matrices), cheap next to building a format.
inline constexpr std::int64_t kGatherMaxGroups = 4096;
// Sampled entries per thread of that pass, at least (src/core/reordering.cpp): on the H200
// machine's host an entry took 3-9 ns and a thread about 25 us to start, so 2^16 entries
// (0.2-0.6 ms) pay for their thread many times over; 2^18 left circuit n=1M's 0.5M sampled
// entries on one or two threads (4.4 ms).
inline constexpr std::int64_t kGatherEntriesPerThread = std::int64_t(1) << 16;
// George-Liu pseudo-peripheral search: BFS sweeps per component beyond the first. Grids and
// meshes settle after 1 or 2; each sweep costs a pass over the component's entries.
inline constexpr int kRcmMaxPeripheralSweeps = 4;

// What made an order: reverse Cuthill-McKee (rcm_order, windowed_order) or the
// column counts (degree_order).
enum class OrderKind { rcm, degree };
// "rcm" or "degree".
const char* order_kind_name(OrderKind kind);

template <class I>
struct Permutation {
  std::vector<I> new_to_old;  // [n] old index of new row/column i'
  std::vector<I> old_to_new;  // [n] inverse of new_to_old
  // 0, or every index stays in its window of `window` consecutive indices
  // (windowed_order): then x's gather and y's way back are local.
  std::int64_t window = 0;
  OrderKind kind = OrderKind::rcm;
  std::int64_t size() const { return std::int64_t(new_to_old.size()); }
};

// Throws invalid_argument unless p is a permutation of [0, n) with old_to_new its inverse. O(n).
template <class I>
void check_permutation(const Permutation<I>& p, std::int64_t n);

// How rcm_order spreads its breadth-first searches over threads: a level of at least level_nodes
// nodes is searched by `threads` threads at once (0: one per hardware thread this process may use,
// its CPU affinity shared among the MPI ranks on the node, for a matrix of kRcmParallelEntries
// entries or more where that gives kRcmParallelMinThreads threads or more; else one). The order
// is the same whatever the choice. A thread of the team goes about half as fast as a lone one (it
// claims each node with an atomic operation and sorts what it finds), so a few threads lose:
// gen:fem n=120 (31.7M entries) on the H100 machine's host took 571 ms on one thread, 867 on 2,
// 235 on 8 and 148 on 16 (docs/h100-2026-11-27-parallel-rcm/).
inline constexpr std::int64_t kRcmParallelEntries = std::int64_t(1) << 22;
inline constexpr int kRcmParallelMinThreads = 8;
inline constexpr std::int64_t kRcmParallelLevelNodes = 1024;
struct RcmThreads {
  int threads = 0;
  std::int64_t level_nodes = kRcmParallelLevelNodes;
};

// Reverse Cuthill-McKee on the pattern of a square matrix. Per connected component: a
// pseudo-peripheral start node (George-Liu: BFS again from the smallest-degree node of the last
// level while the eccentricity grows, at most kRcmMaxPeripheralSweeps more sweeps), then BFS
// visiting the new neighbours of each node in increasing degree (ties by index: deterministic);
// the whole order is reversed at the end. The adjacency is the row pattern (out-edges), diagonal
// entries ignored; on a nonsymmetric pattern the result is still a permutation (a node no BFS
// reached starts a new component), only its bandwidth may be worse. Each component's search
// starts at its unnumbered node of smallest degree (ties by index). O(nnz log(max degree)) per
// sweep, O(n) memory; 0.5 to 0.6 s for 31M entries on one core (a shuffled 27-point grid), its
// wide levels searched on several threads (RcmThreads). Throws invalid_argument if the matrix is
// not square.
template <class V, class I>
Permutation<I> rcm_order(const CsrView<V, I>& a, const RcmThreads& threads = {});

// A global order confined to windows: each node stays in its window of `window` consecutive old
// indices ([w * window, (w + 1) * window)), and the nodes of a window keep the relative order
// they have in `global`. Why: a mesh numbered piece by piece (random inside each piece) keeps its
// pieces' order and needs only the order inside them; so x's gather and y's way back stay inside
// windows (sectors reused while the window is read, the row map's writes local), and the
// bandwidth stays near the original's. O(n). Throws invalid_argument if window < 1.
template <class I>
Permutation<I> windowed_order(const Permutation<I>& global, std::int64_t window);
// The windows the analysis tries, smallest first; it keeps the first whose gathers touch no more
// sectors than RCM over the whole matrix (H100, gen:fem, a mesh numbered at random within blocks,
// reordered inside aijadaptive: docs/h100-2026-11-27-windowed-rcm/). A small window keeps the
// permutations most local and the bandwidth lowest (16-bit column offsets), but helps only where
// the mesh's pieces line up with the windows; 65536 rows (512 KiB of x in double) did for pieces
// of 1000 to 20000 nodes.
inline constexpr std::array<std::int64_t, 3> kRcmWindows{4096, 16384, 65536};

// Rows and columns by their column's count of entries, most first (ties by index: deterministic).
// Why: in a power-law graph a few columns ("hubs") hold much of the entries, and a numbering
// that scatters them makes nearly every gather of x a sector of its own (R-MAT with scrambled
// ids: 0.96-0.99 x sectors per nonzero). Numbered first, the hubs share sectors that stay
// cached: 0.52-0.63 on R-MAT scale 18-20 (docs/h200-2026-11-30-degree-order/). A counting sort:
// O(n + nnz). Throws invalid_argument if the matrix is not square.
template <class V, class I>
Permutation<I> degree_order(const CsrView<V, I>& a);

// B = P A P^T, owning its arrays (see the picture above).
template <class V, class I>
struct PermutedCsr {
  std::vector<I> row_ptr{0};
  UninitialisedVector<I> col_idx;  // filled by the threads of permute_symmetric: they touch the pages first
  UninitialisedVector<V> values;
  I size() const { return I(row_ptr.size() - 1); }
  CsrView<V, I> view() const { return {size(), size(), row_ptr.data(), col_idx.data(), values.data()}; }
};

// B = P A P^T. O(n + nnz). Throws invalid_argument if A is not square or p is not a permutation of
// its size.
template <class V, class I>
PermutedCsr<V, I> permute_symmetric(const CsrView<V, I>& a, const Permutation<I>& p);

// New values, same pattern: copies A's values into b.values row by row (O(nnz), no per-entry map).
// b must come from permute_symmetric(a', p) with a' of A's pattern; throws invalid_argument when the
// sizes or a row length disagree.
template <class V, class I>
void permute_values(const CsrView<V, I>& a, const Permutation<I>& p, PermutedCsr<V, I>& b);

// xp = P x: xp[i'] = x[new_to_old[i']].
template <class V, class I>
void permute_vector(const Permutation<I>& p, const V* x, V* xp) {
  for (std::int64_t i = 0; i < p.size(); ++i) xp[i] = x[p.new_to_old[std::size_t(i)]];
}

// y = P^T yp: y[new_to_old[i']] = yp[i'].
template <class V, class I>
void unpermute_vector(const Permutation<I>& p, const V* yp, V* y) {
  for (std::int64_t i = 0; i < p.size(); ++i) y[p.new_to_old[std::size_t(i)]] = yp[i];
}

// Locality of the x gathers, a cheap input for the selector. For groups of group_rows
// consecutive rows: the number of distinct 32-byte sectors of x the group touches (sector =
// column / (32 / sizeof(V))) divided by the group's nonzeros; averaged weighted by nonzeros
// (sum of sectors / sum of nonzeros) over at most max_groups groups spread evenly over the
// matrix (group s * (groups - 1) / (samples - 1), both ends included: deterministic). About
// 1 / (values per sector) for perfectly local rows (0.25 in double, 0.125 in float; 0.16 for a
// 5-point grid in natural order), up to 1 when every gather hits its own sector (a randomly
// numbered 5-point grid: 0.85, its diagonal entries being the local ones). 0 for a matrix without
// nonzeros (or whose sampled groups are all empty). O(sampled entries): 0.02 s on 31M entries.
// Throws invalid_argument if group_rows < 1 or max_groups < 1.
template <class V, class I>
double gather_sector_ratio(const CsrView<V, I>& a, int group_rows = kGatherGroupRows,
                           std::int64_t max_groups = kGatherMaxGroups);
// The same of P A P^T, read from A through p without building it (the same value as
// gather_sector_ratio(permute_symmetric(a, p).view(), ...)). Throws invalid_argument as that
// one does, or if A is not square or p is not a permutation of its size.
template <class V, class I>
double gather_sector_ratio(const CsrView<V, I>& a, const Permutation<I>& p, int group_rows = kGatherGroupRows,
                           std::int64_t max_groups = kGatherMaxGroups);

}  // namespace aijadaptive
