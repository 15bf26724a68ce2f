// Device side of format `segspmv`: the slots filled on the device from the
// CSR arrays, and one launch per product, a warp per piece of rows.
#include <cuda_runtime_api.h>

#include <climits>
#include <string>
#include <type_traits>

#include "aijadaptive/csr_prefetch.hpp"
#include "aijadaptive/device_buffer.hpp"
#include "aijadaptive/errors.hpp"
#include "aijadaptive/formats/segspmv.hpp"
#include "aijadaptive/instantiate.hpp"
#include "aijadaptive/packed_arrays.hpp"
#include "core/csr_refills.hpp"
#include "core/cuda_check.hpp"
#include "core/spmv_common.hpp"
#include "formats/segspmv/long_chunks.hpp"

namespace aijadaptive {

namespace {

constexpr int kWarp = 32;
constexpr int kFillThreads = 256;  // a warp per row

using detail::lanes_tree_sum;
using detail::load_once;
using detail::scaled_update;

// What every launch reads besides x and y; passed by value.
template <class V, class I>
struct SegspmvArrays {
  const I* __restrict__ row_seg;
  const I* __restrict__ piece_row;
  const I* __restrict__ piece_seg;
  const I* __restrict__ cols;
  const V* __restrict__ vals;
  V* partial;           // [pieces] chunk sums (when a row is chunked, else null)
  unsigned* arrivals;   // [pieces] chunks of a row done, at its first chunk; 0 between launches
  const I* row_map;     // row i of the product goes to y[row_map[i]]; null: to y[i]
  int length;           // L
  int chunk_shift;      // a long row's chunks: at most 2^chunk_shift slots, a piece each
  int warp_values;      // shared memory of each warp, in values
  std::int64_t pieces;
};

// The scalar variant stages products one slot apart every 32, so that the
// lanes summing segments of 2-32 slots read different banks.
__device__ __forceinline__ int skewed(int j) { return j + j / kWarp; }

// The vector variant's loads in phases (all columns, all values, all of x,
// then the sums) for slots streamed past the caches (kStream: by default
// those larger than L2), whose loads wait for DRAM: the compiler otherwise
// waited for a segment's columns before it asked for the next one's, under
// the kernels' register caps. From L2 the loads as they were ran faster
// (docs/h200-2026-11-30-segspmv-phases).
template <int kStream>
constexpr bool kPhasedLoads = kStream == 1;

// N slots from p, aligned to N slots (a segment's start), in as few loads as
// their bytes allow: 16-byte words, else 8, else 4 (every value and index
// type is a multiple of 4 bytes).
template <int kStream, int N, class T>
__device__ __forceinline__ void load_segment(const T* p, T (&out)[N]) {
  constexpr int kBytes = N * int(sizeof(T));
  static_assert(kBytes % 4 == 0, "slots of a multiple of 4 bytes");
  using W = std::conditional_t<kBytes % 16 == 0, uint4, std::conditional_t<kBytes % 8 == 0, uint2, unsigned>>;
  constexpr int kWords = kBytes / int(sizeof(W));
  W w[kWords];
#pragma unroll
  for (int k = 0; k < kWords; ++k) w[k] = load_once<kStream>(reinterpret_cast<const W*>(p) + k);
  memcpy(static_cast<void*>(out), w, kBytes);
}

// A piece's slots in a lane's registers: scalar and tree, slot j by lane
// j % 32 (c[u], v[u]: slot lane + 32 u); vector, segment s by lane s % 32,
// kL slots at a time (c[k * kL + i]: slot i of segment lane + 32 k). Padding
// and slots past the piece: column -1, value 0 (past the piece with phased
// loads: any value; no sum reads it).
template <int U, SegspmvVariant kVariant, int kL, int kStream, class V, class I>
__device__ __forceinline__ void load_piece(const SegspmvArrays<V, I>& a, std::int64_t slot0, int n, int lane,
                                           I (&c)[U], V (&v)[U]) {
  if constexpr (kVariant == SegspmvVariant::vector && kPhasedLoads<kStream>) {
    // Every segment's columns, then every segment's values, none under a
    // branch, so that all of them are in flight at once: a segment past the
    // piece reads its first one (the layout's first, for a piece of no
    // slots; streamed layouts have slots) and gets columns -1. A branch
    // here made the compiler spill the values, which waited for them.
    const std::int64_t base = n > 0 ? slot0 : 0;
    const auto past = [&](int k) { return (lane + k * kWarp) * kL >= n; };  // lane's k-th segment
    const auto at = [&](int k) { return base + (past(k) ? 0 : (lane + k * kWarp) * kL); };
#pragma unroll
    for (int k = 0; k < U / kL; ++k) load_segment<kStream>(a.cols + at(k), *reinterpret_cast<I(*)[kL]>(c + k * kL));
#pragma unroll
    for (int k = 0; k < U / kL; ++k) load_segment<kStream>(a.vals + at(k), *reinterpret_cast<V(*)[kL]>(v + k * kL));
#pragma unroll
    for (int k = 0; k < U / kL; ++k)
      if (past(k))
#pragma unroll
        for (int i = 0; i < kL; ++i) c[k * kL + i] = I(-1);
  } else if constexpr (kVariant == SegspmvVariant::vector) {
#pragma unroll
    for (int k = 0; k < U / kL; ++k) {
      const int s = lane + k * kWarp;
      I (&ck)[kL] = *reinterpret_cast<I(*)[kL]>(c + k * kL);
      V (&vk)[kL] = *reinterpret_cast<V(*)[kL]>(v + k * kL);
      if (s * kL < n) {
        load_segment<kStream>(a.cols + slot0 + s * kL, ck);
        load_segment<kStream>(a.vals + slot0 + s * kL, vk);
      } else {
#pragma unroll
        for (int i = 0; i < kL; ++i) ck[i] = I(-1);
      }
    }
  } else {
#pragma unroll
    for (int u = 0; u < U; ++u) {
      const int j = lane + u * kWarp;
      c[u] = j < n ? load_once<kStream>(a.cols + slot0 + j) : I(-1);
      v[u] = j < n ? load_once<kStream>(a.vals + slot0 + j) : V(0);
    }
  }
}

// The segment sums of a piece of n slots (segments of L) into segment_sums.
template <int U, SegspmvVariant kVariant, int kL, int kStream, class V, class I>
__device__ __forceinline__ void sum_segments(const I (&c)[U], const V (&v)[U], const V* __restrict__ x, int n,
                                             int L, int lane, V* segment_sums) {
  constexpr int C = kWarp * U;
  if constexpr (kVariant == SegspmvVariant::vector) {
    V xv[U];  // phased loads: every x before the first sum
    if constexpr (kPhasedLoads<kStream>) {
#pragma unroll
      for (int j = 0; j < U; ++j) xv[j] = c[j] >= 0 ? __ldg(x + c[j]) : V(0);
    }
#pragma unroll
    for (int k = 0; k < U / kL; ++k) {
      const int s = lane + k * kWarp;
      V sum = 0;
#pragma unroll
      for (int i = 0; i < kL; ++i) {
        const int j = k * kL + i;
        if (c[j] >= 0) sum += v[j] * (kPhasedLoads<kStream> ? xv[j] : __ldg(x + c[j]));
      }
      if (s * kL < n) segment_sums[s] = sum;
    }
  } else if constexpr (kVariant == SegspmvVariant::tree) {
    // Segments start at multiples of L, which divides 32: each is L
    // consecutive lanes of the warp.
#pragma unroll
    for (int u = 0; u < U; ++u) {
      const int j = lane + u * kWarp;
      const V product = lanes_tree_sum(c[u] >= 0 ? v[u] * __ldg(x + c[u]) : V(0), L);
      if (j < n && j % L == 0) segment_sums[j / L] = product;
    }
  } else {
    V* stage = segment_sums + C / L;
#pragma unroll
    for (int u = 0; u < U; ++u) {
      const int j = lane + u * kWarp;
      if (j < n) stage[skewed(j)] = c[u] >= 0 ? v[u] * __ldg(x + c[u]) : V(0);
    }
    __syncwarp();
    for (int s = lane; s < n / L; s += kWarp) {
      V sum = 0;
      for (int k = 0; k < L; ++k) sum += stage[skewed(s * L + k)];
      segment_sums[s] = sum;
    }
  }
}

// What a lane needs of piece p's rows: lane r < rows holds row row0 + r's
// segments [first_seg, end_seg) relative to seg0; every lane, row0's (the
// piece's first row, perhaps the row of which it is a chunk) from lane 0.
// Loaded before the piece's slots (load_piece_rows). With phased loads
// (streamed slots) shared among the lanes only after them (share_first_row):
// a shuffle waits for its operand, and the compiler kept the slots' loads
// behind it, so that a warp waited for the rows' bounds before it asked for
// its slots. From L2 the shuffle before the slots ran faster.
struct PieceRows {
  std::int64_t first = 0, end = 0;  // the lane's row, absolute segments
  int first_seg = 0, end_seg = 0;
  std::int64_t row0_first = 0, row0_end = 0;
};

template <class V, class I>
__device__ __forceinline__ PieceRows load_piece_rows(const SegspmvArrays<V, I>& a, I row0, I row1, int lane) {
  PieceRows r;
  if (lane < max(int(row1 - row0), 1)) {  // a chunk's piece may have no row of its own
    r.first = a.row_seg[row0 + lane];
    r.end = a.row_seg[row0 + lane + 1];
  }
  return r;
}

__device__ __forceinline__ void share_first_row(PieceRows& r, std::int64_t seg0) {
  r.first_seg = int(r.first - seg0);
  r.end_seg = int(r.end - seg0);
  r.row0_first = __shfl_sync(0xffffffffu, r.first, 0);
  r.row0_end = __shfl_sync(0xffffffffu, r.end, 0);
}

// A chunk of row row0, a long one (its segments [row_first, row_end); chunks
// of 2^a.chunk_shift slots), its sum in lane 0's `sum`: a row of one chunk is
// written; else the row's last chunk to arrive adds the chunks' sums.
template <class V, class I>
__device__ __forceinline__ void finish_chunk(const SegspmvArrays<V, I>& a, V alpha, V beta, V* __restrict__ y,
                                             std::int64_t p, I row0, std::int64_t seg0, std::int64_t row_first,
                                             std::int64_t row_end, int L, V sum, int lane) {
  const std::int64_t chunks = (((row_end - row_first) * L - 1) >> a.chunk_shift) + 1;
  V total = sum;
  if (chunks > 1) {
    const std::int64_t first = p - (((seg0 - row_first) * L) >> a.chunk_shift);
    if (!detail::warp_last_chunk_total(a.partial + first, a.arrivals + first, chunks, p - first, sum, lane, total))
      return;
  }
  const std::int64_t out = detail::output_row(a.row_map, row0);
  if (lane == 0) y[out] = scaled_update(alpha, total, beta, y[out]);
}

// Piece p, a chunk of more than a piece's slots of row row0 (segments [seg0,
// seg1)): the warp takes 32 x segspmv_long_chunk_unroll slots at a time, lane
// t adding the segment sums t, t + 32, ... of each, then the tree. Decided
// from the piece alone, before any slot is loaded.
template <int U, SegspmvVariant kVariant, int kL, int kStream, class V, class I>
__device__ __forceinline__ void multiply_long_chunk(const SegspmvArrays<V, I>& a, const V* __restrict__ x, V alpha,
                                                    V beta, V* __restrict__ y, std::int64_t p, I row0,
                                                    std::int64_t seg0, std::int64_t seg1, int L, int lane,
                                                    V* segment_sums) {
  constexpr int W = segspmv_long_chunk_unroll(U, kVariant, kL), C = kWarp * W;
  const std::int64_t row_first = a.row_seg[row0], row_end = a.row_seg[row0 + 1];
  const int n = int((seg1 - seg0) * L);
  V sum = 0;
#pragma unroll 1
  for (int at = 0; at < n; at += C) {
    const int slots = min(C, n - at);
    I c[W];
    V v[W];
    load_piece<W, kVariant, kL, kStream>(a, seg0 * L + at, slots, lane, c, v);
    __syncwarp();  // the last slots' sums read before these overwrite them
    sum_segments<W, kVariant, kL, kStream>(c, v, x, slots, L, lane, segment_sums);
    __syncwarp();
    for (int s = lane; s < slots / L; s += kWarp) sum += segment_sums[s];
  }
  finish_chunk(a, alpha, beta, y, p, row0, seg0, row_first, row_end, L, lanes_tree_sum(sum, kWarp), lane);
}

// Piece p (rows [row0, row1), segments [seg0, seg1) of L slots), its slots in
// c and v and its rows in r: segment sums into the warp's shared memory, then
// a lane per row adds its segments' sums; or, for a chunk of a long row of at
// most C slots, the lanes add all of them (lane t the sums t, t + 32, ...).
template <int U, SegspmvVariant kVariant, int kL, int kStream, class V, class I>
__device__ __forceinline__ void multiply_piece(const SegspmvArrays<V, I>& a, const V* __restrict__ x, V alpha, V beta,
                                               V* __restrict__ y, std::int64_t p, I row0, I row1, std::int64_t seg0,
                                               std::int64_t seg1, int L, PieceRows r, const I (&c)[U],
                                               const V (&v)[U], int lane, V* segment_sums) {
  constexpr int C = kWarp * U;  // slots of a piece at most
  const bool chunk = (r.row0_end - r.row0_first) * L > C;
  const int n = int((seg1 - seg0) * L), rows = int(row1 - row0);
  sum_segments<U, kVariant, kL, kStream>(c, v, x, n, L, lane, segment_sums);
  __syncwarp();
  if (chunk) {
    V sum = 0;
    for (int s = lane; s < n / L; s += kWarp) sum += segment_sums[s];
    finish_chunk(a, alpha, beta, y, p, row0, seg0, r.row0_first, r.row0_end, L, lanes_tree_sum(sum, kWarp), lane);
    return;
  }
  const bool add = alpha == V(1) && beta == V(1);  // MatMultAdd: rows start from y, as in csr
  for (int k = lane; k < rows; k += kWarp) {
    int first_seg = r.first_seg, end_seg = r.end_seg;
    if (k != lane) {
      first_seg = int(a.row_seg[row0 + k] - seg0);
      end_seg = int(a.row_seg[row0 + k + 1] - seg0);
    }
    const std::int64_t out = detail::output_row(a.row_map, std::int64_t(row0) + k);
    V sum = add ? y[out] : V(0);
    for (int s = first_seg; s < end_seg; ++s) sum += segment_sums[s];
    y[out] = add ? sum : scaled_update(alpha, sum, beta, y[out]);
  }
}

// The vector kernels that run at 40 registers without spilling (L = 2 and 4,
// up to unroll 8, values of at most 8 bytes and 32-bit indices: wider ones
// spilled), held there for blocks of up to kCappedThreads: 75% occupancy
// instead of 62.5% at their natural 48 (H200, call 11 of
// docs/h200-2026-11-29-segspmv-vector: stencil27 n=100 1.10x -> 1.21x, qcd
// L=16 1.02x -> 1.14x, fem n=96 1.22x -> 1.39x; L = 8 spilled and lost).
// They run only layouts without chunks of more than a piece (looped_chunks).
constexpr int kCappedThreads = 256;
constexpr int kCappedBlocks = 6;  // 65536 registers / (6 x 256 threads): 40 a thread
template <class V, class I>
constexpr bool capped_registers(int unroll, int length) {
  return unroll <= 8 && (length == 2 || length == 4) && sizeof(V) <= 8 && sizeof(I) == 4;
}

// Piece p = b * T / 32 + w, by warp w of block b: its rows' segments loaded
// first, then its slots, then multiplied. kCapped: at most kCappedThreads
// threads a block, 40 registers a thread.
template <int U, SegspmvVariant kVariant, int kL, int kStream, bool kCapped, class V, class I>
__global__ void __launch_bounds__(kCapped ? kCappedThreads : segspmv_max_block_threads(U), kCapped ? kCappedBlocks : 1)
    segspmv_kernel(SegspmvArrays<V, I> a, const V* __restrict__ x, V alpha, V beta, V* __restrict__ y) {
  extern __shared__ __align__(16) unsigned char segspmv_shared[];
  const int lane = int(threadIdx.x) % kWarp, warp = int(threadIdx.x) / kWarp;
  const std::int64_t p = std::int64_t(blockIdx.x) * (blockDim.x / kWarp) + warp;
  if (p >= a.pieces) return;  // the whole warp
  const int L = kVariant == SegspmvVariant::vector ? kL : a.length;
  V* segment_sums = reinterpret_cast<V*>(segspmv_shared) + std::size_t(warp) * a.warp_values;
  const I row0 = a.piece_row[p], row1 = a.piece_row[p + 1];
  const std::int64_t seg0 = a.piece_seg[p], seg1 = a.piece_seg[p + 1];
  if constexpr (!kCapped) {  // in the capped kernels this loop spilled past 40 registers
    if ((seg1 - seg0) * L > kWarp * U) {
      multiply_long_chunk<U, kVariant, kL, kStream>(a, x, alpha, beta, y, p, row0, seg0, seg1, L, lane,
                                                    segment_sums);
      return;
    }
  }
  PieceRows r = load_piece_rows(a, row0, row1, lane);
  if constexpr (!kPhasedLoads<kStream>) share_first_row(r, seg0);
  I c[U];
  V v[U];
  load_piece<U, kVariant, kL, kStream>(a, seg0 * L, int((seg1 - seg0) * L), lane, c, v);
  if constexpr (kPhasedLoads<kStream>) share_first_row(r, seg0);
  multiply_piece<U, kVariant, kL, kStream>(a, x, alpha, beta, y, p, row0, row1, seg0, seg1, L, r, c, v, lane,
                                           segment_sums);
}

// Row i's entries to slots [row_seg[i] * L, row_seg[i + 1] * L), padding
// after them; columns only when given (a refill keeps them). A warp per row.
template <class V, class I>
__global__ void __launch_bounds__(kFillThreads)
    segspmv_fill(std::int64_t rows, int length, const I* __restrict__ row_seg, const I* __restrict__ row_ptr,
                 const I* __restrict__ src_cols, const V* __restrict__ src_vals, I* cols, V* vals) {
  const std::int64_t row = (std::int64_t(blockIdx.x) * kFillThreads + threadIdx.x) / kWarp;
  if (row >= rows) return;
  const std::int64_t from = row_ptr[row], len = std::int64_t(row_ptr[row + 1]) - from;
  const std::int64_t to = std::int64_t(row_seg[row]) * length;
  const std::int64_t slots = (std::int64_t(row_seg[row + 1]) - row_seg[row]) * length;
  for (std::int64_t j = threadIdx.x % kWarp; j < slots; j += kWarp) {
    if (src_cols) cols[to + j] = j < len ? src_cols[from + j] : I(-1);
    vals[to + j] = j < len ? src_vals[from + j] : V(0);
  }
}

template <class V, class I>
class SegspmvDeviceFormat final : public DeviceFormat<V, I> {
 public:
  SegspmvDeviceFormat(const SegspmvHostFormat<V, I>& host, Stream stream) : host_(host) {
    const SegspmvLayout<I>& l = host.layout();
    const SegspmvParams& p = host.params();
    const std::int64_t warps = p.block_threads / kWarp;
    const std::int64_t blocks = (l.pieces() + warps - 1) / warps;
    AIJA_REQUIRE(blocks <= INT_MAX && fill_blocks(host.csr().rows) <= INT_MAX, unsupported,
                 "segspmv: " + std::to_string(l.pieces()) + " pieces or " + std::to_string(host.csr().rows) +
                     " rows are more than one launch can take; use format csr");
    // One allocation; the host arrays first, sent with one copy when small
    // (packed_arrays.hpp).
    detail::PackedArrays arrays;
    const auto row_seg = arrays.add(l.row_seg.size(), l.row_seg.data());
    const auto piece_row = arrays.add(l.piece_row.size(), l.piece_row.data());
    const auto piece_seg = arrays.add(l.piece_seg.size(), l.piece_seg.data());
    const std::size_t workspace = l.chunk_pieces ? std::size_t(l.pieces()) : 0;
    const auto arrivals = arrays.add_zeroed<unsigned>(workspace);
    const PackedCsr<V, I> csr(arrays, host.csr(), host.csr_prefetch(), true);
    const auto cols = arrays.add<I>(std::size_t(l.slots()));
    const auto vals = arrays.add<V>(std::size_t(l.slots()));
    const auto partial = arrays.add<V>(workspace);
    block_ = arrays.send(stream);
    packed_csr_ = csr.in(block_);
    row_seg_ = row_seg.span_in(block_);
    piece_row_ = piece_row.span_in(block_);
    piece_seg_ = piece_seg.span_in(block_);
    cols_ = cols.span_in(block_);
    vals_ = vals.span_in(block_);
    partial_ = partial.span_in(block_);
    arrivals_ = arrivals.span_in(block_);

    // The kernel and its shared memory, fixed for the matrix.
    const DeviceInfo limits = device_info(current_device());
    // A layout of no slots is never streamed: the vector kernel's phased
    // loads (streamed layouts) read its first segment for a piece of none.
    const bool stream_loads =
        l.slots() > 0 && (p.stream_loads >= 0 ? p.stream_loads == 1
                                              : std::int64_t(l.device_bytes(sizeof(V), sizeof(I))) > limits.l2_bytes);
    kernel_ = choose_kernel(p.unroll, l.variant, l.length, stream_loads,
                            p.block_threads <= kCappedThreads && l.looped_chunks == 0);
    AIJA_REQUIRE(kernel_ != nullptr, invalid_argument,
                 "segspmv: variant " + std::string(segspmv_variant_name(l.variant)) + " has no kernel for L = " +
                     std::to_string(l.length) + " and unroll " + std::to_string(p.unroll) +
                     " (vector: L <= unroll)");
    kernel_uses_streaming_ = stream_loads;
    const std::int64_t C = p.piece_slots();
    const bool staged = l.variant == SegspmvVariant::scalar;  // the products pass through shared memory
    const std::int64_t warp_values = C / l.length + (staged ? C + C / kWarp : 0);
    shared_bytes_ = std::size_t(warps * warp_values) * sizeof(V);
    AIJA_REQUIRE(std::int64_t(shared_bytes_) <= limits.shared_per_block, unsupported,
                 "segspmv: " + std::to_string(warps) + " warps of " + std::to_string(C) + " slots need " +
                     std::to_string(shared_bytes_) + " bytes of shared memory, this GPU has " +
                     std::to_string(limits.shared_per_block) +
                     " per block (lower -mat_aijadaptive_segspmv_block_threads or _unroll)");
    // An attribute of the kernel, shared by every matrix that runs it: the
    // device's limit, never one matrix's need (a smaller one would fail the
    // launches of a matrix that needs more).
    AIJA_CUDA_CHECK(cudaFuncSetAttribute(kernel_, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         int(limits.shared_per_block)));
    a_ = {row_seg_.data(),
          piece_row_.data(),
          piece_seg_.data(),
          cols_.data(),
          detail::dev_ptr(vals_.data()),
          detail::dev_ptr(partial_.data()),
          arrivals_.data(),
          nullptr,
          l.length,
          segspmv_shift_of(p.piece_slots() * l.long_row_pieces),  // a power of two (segspmv_check_params)
          int(warp_values),
          l.pieces()};
    blocks_ = unsigned(blocks);
    threads_ = unsigned(p.block_threads);
    fill(stream, true);
  }

  void apply(V alpha, const V* x, V beta, V* y, Stream stream) override {
    if (blocks_ == 0) return;
    kernel_<<<blocks_, threads_, shared_bytes_, static_cast<cudaStream_t>(stream)>>>(
        a_, detail::dev_ptr(x), detail::dev_value(alpha), detail::dev_value(beta), detail::dev_ptr(y));
    AIJA_CUDA_CHECK_LAUNCH();
  }

  void set_row_map(const I* row_map) override { a_.row_map = row_map; }

  void upload_values(Stream stream) override { fill(stream, false); }

  std::size_t device_bytes() const override {
    return block_.bytes() + refills_.bytes();
  }

  std::vector<std::string> describe() const override {
    return {std::string("segspmv: ") + (kernel_uses_streaming_ ? "slots streamed past the caches (ld.global.cs)"
                                                               : "slots loaded through the caches")};
  }

 private:
  using D = detail::device_value_t<V>;  // V in the kernels (device_value.hpp)
  using Kernel = void (*)(SegspmvArrays<D, I>, const D*, D, D, D*);

  // The vector kernel of L = kL, held to 40 registers when `capped` and
  // capped_registers; nullptr when kL > U (a lane takes U / kL whole segments).
  template <int U, int kL, int kStream>
  static Kernel vector_kernel(bool capped) {
    using S = SegspmvVariant;
    if constexpr (kL > U) {
      return nullptr;
    } else {
      if constexpr (capped_registers<D, I>(U, kL))
        if (capped) return segspmv_kernel<U, S::vector, kL, kStream, true, D, I>;
      return segspmv_kernel<U, S::vector, kL, kStream, false, D, I>;
    }
  }

  template <int U, int kStream>
  static Kernel kernel_for(SegspmvVariant variant, int length, bool capped) {
    using S = SegspmvVariant;
    switch (variant) {
      case S::scalar:
        return segspmv_kernel<U, S::scalar, 0, kStream, false, D, I>;
      case S::tree:
        return segspmv_kernel<U, S::tree, 0, kStream, false, D, I>;
      case S::vector:
        switch (length) {
          case 1:
            return vector_kernel<U, 1, kStream>(capped);
          case 2:
            return vector_kernel<U, 2, kStream>(capped);
          case 4:
            return vector_kernel<U, 4, kStream>(capped);
          case 8:
            return vector_kernel<U, 8, kStream>(capped);
          case 16:
            return vector_kernel<U, 16, kStream>(capped);
          default:
            return nullptr;
        }
      case S::automatic:
        break;
    }
    return nullptr;  // the layout's variant is never automatic
  }

  // nullptr: no kernel for this variant, L and unroll. `capped`: the kernel
  // held to 40 registers where there is one (capped_registers; blocks of at
  // most kCappedThreads).
  static Kernel choose_kernel(int unroll, SegspmvVariant variant, int length, bool stream_loads, bool capped) {
    if (unroll == 16)
      return stream_loads ? kernel_for<16, 1>(variant, length, capped) : kernel_for<16, 0>(variant, length, capped);
    if (unroll == 8)
      return stream_loads ? kernel_for<8, 1>(variant, length, capped) : kernel_for<8, 0>(variant, length, capped);
    return stream_loads ? kernel_for<4, 1>(variant, length, capped) : kernel_for<4, 0>(variant, length, capped);
  }

  static std::int64_t fill_blocks(std::int64_t rows) { return (rows * kWarp + kFillThreads - 1) / kFillThreads; }

  // The slots' columns (at the upload) and values from the host half's CSR
  // arrays: at the upload those sent with the block or by the analysis (when
  // either did), else sent now; at a refill the values through the kept
  // refill arrays.
  void fill(Stream stream, bool at_upload) {
    const CsrView<V, I>& m = host_.csr();
    if (m.rows == 0 || host_.layout().slots() == 0) return;
    detail::fill_from_csr(m, host_.csr_prefetch(), packed_csr_, at_upload, true, refills_, stream,
                          [&](const DeviceCsrPointers<V, I>& src, bool columns) { launch_fill(src, columns, stream); });
  }

  void launch_fill(const DeviceCsrPointers<V, I>& src, bool columns, Stream stream) {
    const CsrView<V, I>& m = host_.csr();
    segspmv_fill<D, I><<<unsigned(fill_blocks(m.rows)), kFillThreads, 0, static_cast<cudaStream_t>(stream)>>>(
        m.rows, a_.length, row_seg_.data(), src.row_ptr, columns ? src.col_idx : nullptr,
        detail::dev_ptr(src.values), cols_.data(), detail::dev_ptr(vals_.data()));
    AIJA_CUDA_CHECK_LAUNCH();
  }

  const SegspmvHostFormat<V, I>& host_;
  SegspmvArrays<D, I> a_{};
  Kernel kernel_ = nullptr;  // the variant, unroll and cache hint of this matrix
  bool kernel_uses_streaming_ = false;
  std::size_t shared_bytes_ = 0;
  unsigned blocks_ = 0, threads_ = 0;
  DeviceBuffer<unsigned char> block_;  // the arrays below
  detail::BlockSpan<I> row_seg_, piece_row_, piece_seg_, cols_;
  detail::BlockSpan<V> vals_, partial_;
  detail::BlockSpan<unsigned> arrivals_;
  detail::CsrRefills<V, I> refills_;
  std::optional<DeviceCsrPointers<V, I>> packed_csr_;  // the CSR arrays in block_, for the upload's fill
};

}  // namespace

template <class V, class I>
std::unique_ptr<DeviceFormat<V, I>> upload_segspmv(const SegspmvHostFormat<V, I>& host, Stream stream) {
  return std::make_unique<SegspmvDeviceFormat<V, I>>(host, stream);
}

#define AIJA_INSTANTIATE(V, I) \
  template std::unique_ptr<DeviceFormat<V, I>> upload_segspmv<V, I>(const SegspmvHostFormat<V, I>&, Stream);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
