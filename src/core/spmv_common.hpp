// What the formats' kernels and their host references share: the update of
// y, the host's picture of a warp's shuffle tree, and (CUDA only) the loads
// of matrix entries that are used once.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#if defined(__CUDACC__)
#include "core/device_value.hpp"  // the complex types and intrinsics of the kernels
#define AIJA_HOST_DEVICE __host__ __device__
#else
#define AIJA_HOST_DEVICE
#endif

namespace aijadaptive::detail {

// alpha * sum + beta * y. With beta == 0 y is not read: it may hold NaN, or
// nothing yet (a buffer the product fills), and must neither propagate nor
// be loaded.
template <class V>
AIJA_HOST_DEVICE inline V scaled_update(V alpha, V sum, V beta, const V& y) {
  return beta == V(0) ? alpha * sum : alpha * sum + beta * y;
}

// Lane 0's sum after the tree of __shfl_down_sync over `lanes` lanes (a power
// of two <= N): lane t adds lane t + half for half = lanes / 2, ..., 1. The
// host references add in this order to match the kernels.
template <class V, std::size_t N>
V shuffle_tree_sum(std::array<V, N> part, std::size_t lanes) {
  for (std::size_t half = lanes / 2; half > 0; half /= 2)
    for (std::size_t t = 0; t < half; ++t) part[t] += part[t + half];
  return part[0];
}

#if defined(__CUDACC__)
// A load of an entry the product uses once: with kStream == 1 ld.global.cs
// (evict first), so that L1 and L2 keep x, which is reused (the formats turn
// it on for matrices larger than L2).
template <int kStream, class T>
__device__ __forceinline__ T load_once(const T* p) {
  if constexpr (kStream == 1)
    return __ldcs(p);
  else
    return *p;
}

// A loop step's loads (the column indices, say) at position `at`, into c.
// With kAhead they were loaded a step before, into `next`, which now loads
// those of `next_at`: the step's uses of them (the x gathers at the columns)
// then wait one memory round trip, not two. The caller loads the first
// step's into `next` before the loop. load(position, out) loads N values.
template <bool kAhead, int N, class T, class P, class Load>
__device__ __forceinline__ void step_ahead(const Load& load, P at, P next_at, T (&c)[N], T (&next)[N]) {
  if constexpr (kAhead) {
#pragma unroll
    for (int u = 0; u < N; ++u) c[u] = next[u];
    load(next_at, next);
  } else {
    load(at, c);
  }
}

// The shuffle tree of shuffle_tree_sum over each group of `width` consecutive
// lanes (a power of two <= 32): the group's sum in its first lane. Every lane
// of the warp must call.
template <class V>
__device__ __forceinline__ V lanes_tree_sum(V v, int width) {
  for (int half = width / 2; half > 0; half /= 2) v += __shfl_down_sync(0xffffffffu, v, half, width);
  return v;
}

// Where row `row` of the product goes: y[row_map[row]] for a reordered
// matrix (the caller's numbering), else y[row].
template <class I>
__device__ __forceinline__ std::int64_t output_row(const I* row_map, std::int64_t row) {
  return row_map ? std::int64_t(row_map[row]) : row;
}

// A row split into `chunks` pieces, each summed by its own warp or block: one
// thread of each leaves its piece's `sum` at partials[index] and counts its
// arrival at *counter. True for the last to arrive, which may then read every
// piece's sum from L2 (__ldcg: L1 is not coherent) and must reset *counter to
// 0 for the next product (so one matrix's products must not overlap).
// partials[0 .. chunks) and *counter are the row's own.
template <class V>
__device__ __forceinline__ bool arrived_last(V* partials, unsigned* counter, std::int64_t chunks, std::int64_t index,
                                             V sum) {
  partials[index] = sum;
  __threadfence();  // release: the sum is visible before the arrival counts
  if (atomicAdd(counter, 1u) != unsigned(chunks - 1)) return false;
  __threadfence();  // acquire: the others' sums
  return true;
}

// arrived_last, the last to arrive getting in `total` the pieces' sums added
// in chunk order (the same bits whichever finishes last) and resetting the
// counter.
template <class V>
__device__ __forceinline__ bool last_chunk_total(V* partials, unsigned* counter, std::int64_t chunks,
                                                 std::int64_t index, V sum, V& total) {
  if (!arrived_last(partials, counter, chunks, index, sum)) return false;
  total = __ldcg(partials);
  for (std::int64_t k = 1; k < chunks; ++k) total += __ldcg(partials + k);
  *counter = 0;
  return true;
}

// last_chunk_total by a whole warp, every lane calling with its piece's sum
// in lane 0: true on every lane of the last to arrive, which gets in lane 0's
// `total` the pieces' sums added lane t the pieces t, t + 32, ... in order,
// then by the shuffle tree (one lane adding some 800 chunks' sums from L2
// one after the other was a tail of tens of microseconds).
template <class V>
__device__ __forceinline__ bool warp_last_chunk_total(V* partials, unsigned* counter, std::int64_t chunks,
                                                      std::int64_t index, V sum, int lane, V& total) {
  bool last = false;
  if (lane == 0) last = arrived_last(partials, counter, chunks, index, sum);
  if (!__shfl_sync(0xffffffffu, last, 0)) return false;
  __threadfence();  // every lane reads the other pieces' sums after lane 0's acquire
  V part = V(0);
  for (std::int64_t k = lane; k < chunks; k += 32) part += __ldcg(partials + k);
  total = lanes_tree_sum(part, 32);
  if (lane == 0) *counter = 0;
  return true;
}
#endif

}  // namespace aijadaptive::detail
