// Device side of format `segspmv`: the slots filled on the device from the
// CSR arrays, and one launch per product, a warp per piece of rows.
#include <cuda_runtime_api.h>

#include <climits>
#include <string>

#include "aijadaptive/csr_prefetch.hpp"
#include "aijadaptive/device_buffer.hpp"
#include "aijadaptive/errors.hpp"
#include "aijadaptive/formats/segspmv.hpp"
#include "aijadaptive/instantiate.hpp"
#include "core/csr_refills.hpp"
#include "core/cuda_check.hpp"
#include "core/spmv_common.hpp"

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
  int warp_values;      // shared memory of each warp, in values
  std::int64_t pieces;
};

// The scalar variant stages products one slot apart every 32, so that the
// lanes summing segments of 2-32 slots read different banks.
__device__ __forceinline__ int skewed(int j) { return j + j / kWarp; }

// Piece p, by warp p % (T / 32) of block p / (T / 32): its slots loaded once
// (slot j by lane j % 32), segment sums into the warp's shared memory, then a
// lane per row adds its segments' sums; or, for a chunk of a long row, the
// lanes add all of them and the row's last chunk adds the chunks'.
template <int U, bool kTree, int kStream, class V, class I>
__global__ void __launch_bounds__(1024)
    segspmv_kernel(SegspmvArrays<V, I> a, const V* __restrict__ x, V alpha, V beta, V* __restrict__ y) {
  extern __shared__ __align__(16) unsigned char segspmv_shared[];
  constexpr int C = kWarp * U;  // slots of a piece at most
  const int lane = int(threadIdx.x) % kWarp, warp = int(threadIdx.x) / kWarp;
  const std::int64_t p = std::int64_t(blockIdx.x) * (blockDim.x / kWarp) + warp;
  if (p >= a.pieces) return;  // the whole warp
  const int L = a.length;
  const I row0 = a.piece_row[p], row1 = a.piece_row[p + 1];
  const std::int64_t seg0 = a.piece_seg[p], seg1 = a.piece_seg[p + 1];
  const std::int64_t row0_first = a.row_seg[row0], row0_end = a.row_seg[row0 + 1];
  const bool chunk = (row0_end - row0_first) * L > C;
  const int n = int((seg1 - seg0) * L), rows = int(row1 - row0);
  // The lane's first row's segments, loaded with the slots rather than after them.
  int first_seg = 0, end_seg = 0;
  if (!chunk && lane < rows) {
    first_seg = int(a.row_seg[row0 + lane] - seg0);
    end_seg = int(a.row_seg[row0 + lane + 1] - seg0);
  }
  const std::int64_t slot0 = seg0 * L;
  I c[U];
  V v[U];
#pragma unroll
  for (int u = 0; u < U; ++u) {
    const int j = lane + u * kWarp;
    c[u] = j < n ? load_once<kStream>(a.cols + slot0 + j) : I(-1);
    v[u] = j < n ? load_once<kStream>(a.vals + slot0 + j) : V(0);
  }
  V* segment_sums = reinterpret_cast<V*>(segspmv_shared) + std::size_t(warp) * a.warp_values;
  if constexpr (kTree) {
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
  __syncwarp();
  if (chunk) {
    V sum = 0;
    for (int s = lane; s < n / L; s += kWarp) sum += segment_sums[s];
    sum = lanes_tree_sum(sum, kWarp);
    if (lane != 0) return;
    // The row's last chunk to arrive adds the chunks' sums in order and writes y.
    const std::int64_t chunks = ((row0_end - row0_first) * L + C - 1) / C;
    const std::int64_t first = p - (seg0 - row0_first) * L / C;
    V total;
    if (!detail::last_chunk_total(a.partial + first, a.arrivals + first, chunks, p - first, sum, total)) return;
    const std::int64_t out = detail::output_row(a.row_map, row0);
    y[out] = scaled_update(alpha, total, beta, y[out]);
    return;
  }
  const bool add = alpha == V(1) && beta == V(1);  // MatMultAdd: rows start from y, as in csr
  for (int r = lane; r < rows; r += kWarp) {
    if (r != lane) {
      first_seg = int(a.row_seg[row0 + r] - seg0);
      end_seg = int(a.row_seg[row0 + r + 1] - seg0);
    }
    const std::int64_t out = detail::output_row(a.row_map, std::int64_t(row0) + r);
    V sum = add ? y[out] : V(0);
    for (int s = first_seg; s < end_seg; ++s) sum += segment_sums[s];
    y[out] = add ? sum : scaled_update(alpha, sum, beta, y[out]);
  }
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
    row_seg_ = device_copy_of(l.row_seg, stream);
    piece_row_ = device_copy_of(l.piece_row, stream);
    piece_seg_ = device_copy_of(l.piece_seg, stream);
    cols_ = DeviceBuffer<I>(std::size_t(l.slots()));
    vals_ = DeviceBuffer<V>(std::size_t(l.slots()));
    const std::size_t workspace = l.chunk_pieces ? std::size_t(l.pieces()) : 0;
    partial_ = DeviceBuffer<V>(workspace);
    arrivals_ = DeviceBuffer<unsigned>(workspace);
    if (workspace)
      AIJA_CUDA_CHECK(cudaMemsetAsync(arrivals_.data(), 0, arrivals_.bytes(), static_cast<cudaStream_t>(stream)));

    // The kernel and its shared memory, fixed for the matrix.
    const DeviceInfo limits = device_info(current_device());
    const bool stream_loads = p.stream_loads >= 0 ? p.stream_loads == 1
                                                  : std::int64_t(l.device_bytes(sizeof(V), sizeof(I))) > limits.l2_bytes;
    const bool tree = l.variant == SegspmvVariant::tree;
    kernel_ = choose_kernel(p.unroll, tree, stream_loads);
    kernel_uses_streaming_ = stream_loads;
    const std::int64_t C = p.piece_slots();
    const std::int64_t warp_values = C / l.length + (tree ? 0 : C + C / kWarp);
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
    return row_seg_.bytes() + piece_row_.bytes() + piece_seg_.bytes() + cols_.bytes() + vals_.bytes() +
           partial_.bytes() + arrivals_.bytes() + refills_.bytes();
  }

  std::vector<std::string> describe() const override {
    return {std::string("segspmv: ") + (kernel_uses_streaming_ ? "slots streamed past the caches (ld.global.cs)"
                                                               : "slots loaded through the caches")};
  }

 private:
  using D = detail::device_value_t<V>;  // V in the kernels (device_value.hpp)
  using Kernel = void (*)(SegspmvArrays<D, I>, const D*, D, D, D*);

  static Kernel choose_kernel(int unroll, bool tree, bool stream_loads) {
    if (unroll == 8) {
      if (tree) return stream_loads ? segspmv_kernel<8, true, 1, D, I> : segspmv_kernel<8, true, 0, D, I>;
      return stream_loads ? segspmv_kernel<8, false, 1, D, I> : segspmv_kernel<8, false, 0, D, I>;
    }
    if (tree) return stream_loads ? segspmv_kernel<4, true, 1, D, I> : segspmv_kernel<4, true, 0, D, I>;
    return stream_loads ? segspmv_kernel<4, false, 1, D, I> : segspmv_kernel<4, false, 0, D, I>;
  }

  static std::int64_t fill_blocks(std::int64_t rows) { return (rows * kWarp + kFillThreads - 1) / kFillThreads; }

  // The slots' columns (at the upload) and values from the host half's CSR
  // arrays: at the upload those the analysis sent (when it did), else sent
  // now; at a refill the values through the kept refill arrays.
  void fill(Stream stream, bool at_upload) {
    const CsrView<V, I>& m = host_.csr();
    if (m.rows == 0 || host_.layout().slots() == 0) return;
    detail::fill_from_csr(m, host_.csr_prefetch(), at_upload, true, refills_, stream,
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
  DeviceBuffer<I> row_seg_, piece_row_, piece_seg_, cols_;
  DeviceBuffer<V> vals_, partial_;
  DeviceBuffer<unsigned> arrivals_;
  detail::CsrRefills<V, I> refills_;
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
