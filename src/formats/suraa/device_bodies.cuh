// The device functions of format `suraa`'s kernels, shared by the kernels
// launched from the host (kernels.cu) and those of dynamic parallelism
// (device_launch.cu, relocatable device code): each group's body, so that
// every way of launching adds in the same order.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "aijadaptive/formats/suraa.hpp"
#include "core/device_value.hpp"  // AIJA_SHARED_AS
#include "core/spmv_common.hpp"

namespace aijadaptive::suraa_device {

constexpr int kWarp = 32;
constexpr int kBlockThreads = kSuraaBlockThreads;  // short and medium groups: 8 slices or 8 rows a block
constexpr int kWarpsPerBlock = kBlockThreads / kWarp;
constexpr int kUnroll = 4;          // loads of a lane in flight before its adds
// The single launch's short rows (shorter: kShortLimitOneLaunch) with twice
// as many: fewer round trips for the thread that walks the longest.
constexpr int kOneLaunchUnroll = 8;

// What every kernel reads besides x and y; passed by value.
template <class V, class I>
struct SuraaArrays {
  const I* __restrict__ order;              // sorted position -> row
  const std::int64_t* __restrict__ slice_at;
  const I* __restrict__ slice_cols;         // -1: padding
  const V* __restrict__ slice_vals;
  const std::int64_t* __restrict__ row_at;  // of sorted rows from short_rows (the CSR part)
  const I* __restrict__ csr_cols;
  const V* __restrict__ csr_vals;
  std::int64_t short_rows, medium_end;
  std::int64_t block_entries;
  V* partials;
  unsigned* counters;
  unsigned* launch_failures;  // device launches the parent could not make
  const I* row_map;           // row i of the product goes to y[row_map[i]]; null: to y[i]
};

using detail::load_once;
using detail::scaled_update;

template <class V, class I>
__device__ __forceinline__ std::int64_t y_index(const SuraaArrays<V, I>& a, std::int64_t sorted) {
  return detail::output_row(a.row_map, a.order[sorted]);
}

// The warp's sum, in lane 0.
template <class V>
__device__ __forceinline__ V warp_tree(V v) {
  return detail::lanes_tree_sum(v, kWarp);
}

// Entries [begin, end) by `lanes` lanes, lane t from begin + t: kUnroll
// entries loaded, then added in order. With kAhead (kStream: a matrix larger
// than L2), the next step's columns are loaded before this step's gathers
// wait on theirs: one memory round trip a step, not two. Within L2 the loads
// ahead cost small matrices up to 13% (docs/h100-2026-11-28-offsets-ahead/).
template <bool kStream, class V, class I, bool kAhead = kStream>
__device__ __forceinline__ V strided_sum(const I* __restrict__ cols, const V* __restrict__ vals, std::int64_t begin,
                                         std::int64_t end, int t, int lanes, const V* __restrict__ x) {
  V sum = V(0);
  const std::int64_t step = std::int64_t(kUnroll) * lanes;
  const auto load_columns = [&](std::int64_t j0, I* c) {
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      const std::int64_t j = j0 + std::int64_t(u) * lanes;
      c[u] = j < end ? load_once<kStream>(cols + j) : I(0);
    }
  };
  I c[kUnroll], next[kUnroll];
  if constexpr (kAhead) load_columns(begin + t, next);
  for (std::int64_t j0 = begin + t; j0 < end; j0 += step) {
    detail::step_ahead<kAhead>(load_columns, j0, j0 + step, c, next);
    V v[kUnroll], xv[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      const std::int64_t j = j0 + std::int64_t(u) * lanes;
      v[u] = j < end ? load_once<kStream>(vals + j) : V(0);
      xv[u] = j < end ? __ldg(x + c[u]) : V(0);
    }
#pragma unroll
    for (int u = 0; u < kUnroll; ++u)
      if (j0 + std::int64_t(u) * lanes < end) sum += v[u] * xv[u];
  }
  return sum;
}

// Short group, slice s: a lane per row, columns in order, U loads of a lane
// in flight before its adds (the order of additions is the same for any U).
// With kAhead, the columns and the values of the next U are loaded ahead: the
// values too here (not in strided_sum) took the large regular matrices from
// 92-96% to 95-98% of the copy bandwidth and left the irregular ones as they
// were (docs/h100-2026-11-28-values-ahead/).
template <int U, bool kStream, class V, class I, bool kAhead = kStream>
__device__ __forceinline__ void short_slice(const SuraaArrays<V, I>& a, std::int64_t slices, std::int64_t s, int lane,
                                            const V* __restrict__ x, V alpha, V beta, V* y) {
  const std::int64_t k = s * kWarp + lane;
  if (s >= slices || k >= a.short_rows) return;
  const std::int64_t at = a.slice_at[s], width = (a.slice_at[s + 1] - at) / kWarp;
  const I* cols = a.slice_cols + at + lane;
  const V* vals = a.slice_vals + at + lane;
  // As the host: PETSc's MatMultAdd (alpha = beta = 1) starts the sum from y.
  const std::int64_t out = y_index(a, k);
  const bool add = alpha == V(1) && beta == V(1);
  V sum = add ? y[out] : V(0);
  const auto load_columns = [&](std::int64_t j0, I* c) {
#pragma unroll
    for (int u = 0; u < U; ++u) c[u] = j0 + u < width ? load_once<kStream>(cols + (j0 + u) * kWarp) : I(-1);
  };
  // Ahead, the values of padding are loaded too (and never used): their
  // columns are not known yet.
  const auto load_values = [&](std::int64_t j0, V* v) {
#pragma unroll
    for (int u = 0; u < U; ++u)
      if (j0 + u < width) v[u] = load_once<kStream>(vals + (j0 + u) * kWarp);
  };
  I c[U], next[U];
  V v[U], next_v[U];
  if constexpr (kAhead) {
    load_columns(0, next);
    load_values(0, next_v);
  }
  for (std::int64_t j0 = 0; j0 < width; j0 += U) {
    detail::step_ahead<kAhead>(load_columns, j0, j0 + U, c, next);
    if constexpr (kAhead) detail::step_ahead<true>(load_values, j0, j0 + U, v, next_v);
    V xv[U];
#pragma unroll
    for (int u = 0; u < U; ++u)
      if (c[u] >= 0) {
        if constexpr (!kAhead) v[u] = load_once<kStream>(vals + (j0 + u) * kWarp);
        xv[u] = __ldg(x + c[u]);
      }
#pragma unroll
    for (int u = 0; u < U; ++u)
      if (c[u] >= 0) sum += v[u] * xv[u];
    if (c[U - 1] < 0) break;  // padding only trails a row
  }
  if (add)
    y[out] = sum;
  else
    y[out] = scaled_update(alpha, sum, beta, y[out]);
}

// Medium group, sorted row k (when `active`): `lanes` lanes, this one lane t
// of them. Every lane of the warp calls (the shuffle tree).
template <bool kStream, class V, class I>
__device__ __forceinline__ void medium_row(const SuraaArrays<V, I>& a, std::int64_t k, bool active, int t, int lanes,
                                           const V* __restrict__ x, V alpha, V beta, V* y) {
  const std::int64_t r = k - a.short_rows;
  V sum = active ? strided_sum<kStream>(a.csr_cols, a.csr_vals, a.row_at[r], a.row_at[r + 1], t, lanes, x) : V(0);
  sum = detail::lanes_tree_sum(sum, lanes);
  if (active && t == 0) {
    const std::int64_t out = y_index(a, k);
    y[out] = scaled_update(alpha, sum, beta, y[out]);
  }
}

// Long group, block b of segment s: chunk b % chunks of row b / chunks, by
// the whole block. A row of several chunks: each block leaves its sum in
// `partials`; the last to arrive adds them in chunk order and writes y (then
// resets the counter).
template <bool kStream, class V, class I>
__device__ __forceinline__ void long_block(const SuraaArrays<V, I>& a, const SuraaLongSegment& s, std::int64_t b,
                                           const V* __restrict__ x, V alpha, V beta, V* y) {
  using WarpSums = V[kWarp];
  AIJA_SHARED_AS(WarpSums, warp_sums);
  const std::int64_t row = b / s.chunks, c = b % s.chunks;
  const std::int64_t k = s.first + row, r = k - a.short_rows;
  const std::int64_t end = a.row_at[r + 1];
  const std::int64_t begin = min(end, a.row_at[r] + c * a.block_entries);
  const int warp = int(threadIdx.x) / kWarp, lane = int(threadIdx.x) % kWarp, warps = int(blockDim.x) / kWarp;
  V sum = warp_tree(strided_sum<kStream>(a.csr_cols, a.csr_vals, begin, min(end, begin + a.block_entries),
                                         int(threadIdx.x), int(blockDim.x), x));
  if (lane == 0) warp_sums[warp] = sum;
  __syncthreads();
  if (warp != 0) return;
  sum = warp_tree(lane < warps ? warp_sums[lane] : V(0));
  if (lane != 0) return;
  if (s.chunks > 1 && !detail::last_chunk_total(a.partials + s.partials_at + row * s.chunks,
                                                a.counters + s.counters_at + row, s.chunks, c, sum, sum))
    return;
  const std::int64_t out = y_index(a, k);
  y[out] = scaled_update(alpha, sum, beta, y[out]);
}

// The long group's grids launched from the device (device_launch.cu): parent
// kernels of kParentThreads threads, a thread per long segment, at most
// `batch` segments a parent. Only this loads the module of dynamic
// parallelism, whose first launch in a process costs milliseconds.
template <class V, class I>
void launch_long_from_device(const SuraaArrays<V, I>& a, const SuraaLongSegment* segments, std::int64_t count,
                             int threads, std::int64_t batch, bool stream_loads, const V* x, V alpha, V beta, V* y,
                             cudaStream_t stream);
// The device runtime's limit on pending launches: segments per parent.
std::int64_t pending_launch_limit();

}  // namespace aijadaptive::suraa_device
