// Device side of format `ipcsr`: one launch, one CUDA block per row block.
// The transpose goes to cuSPARSE on the same arrays (src/core/cusparse_csr).
// The device limits come from the host half's context (DeviceInfo).
#include <cuda_runtime_api.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <string>

#include "aijadaptive/device_buffer.hpp"
#include "aijadaptive/errors.hpp"
#include "aijadaptive/formats/ipcsr.hpp"
#include "aijadaptive/instantiate.hpp"
#include "aijadaptive/packed_arrays.hpp"
#include "core/cuda_check.hpp"
#include "core/spmv_common.hpp"
#include "core/cusparse_bytes.hpp"
#include "core/cusparse_csr.hpp"
#include "formats/ipcsr/tuning.hpp"

namespace aijadaptive {

namespace {

constexpr int kWarp = 32;
constexpr int kMaxWarps = 1024 / kWarp;

// What a launch reads besides x and y; passed by value.
template <class V, class I>
struct IpcsrArrays {
  const I* __restrict__ row_ptr;
  const I* __restrict__ col_idx;
  const V* __restrict__ values;
  const I* __restrict__ block_row;
  const I* __restrict__ block_nnz;
  V* partial;          // [blocks] chunk sums (split rows only, else null)
  unsigned* arrivals;  // [blocks] chunks of a row done, at its first chunk; 0 between launches
  I shared_size;       // SHARED_SIZE: values the staging area holds
  const I* row_map;    // row i of the product goes to y[row_map[i]]; null: to y[i]
  I first_block;       // the launch's block 0 (a range of rows: apply_rows)
};

using detail::lanes_tree_sum;
using detail::load_once;

// The block-reduction scratch and the "last chunk" flag: the kernel's static
// shared memory, which SHARED_SIZE leaves room for.
template <class V>
struct Scratch {
  V warp_sums[kMaxWarps];
  int last;
};
static_assert(sizeof(Scratch<double>) <= ipcsr_static_shared_bytes(sizeof(double)) &&
                  sizeof(Scratch<cuda::std::complex<double>>) <= ipcsr_static_shared_bytes(2 * sizeof(double)),
              "raise ipcsr_static_shared_bytes: SHARED_SIZE must leave room for the scratch");

// Sum over the whole block, returned in thread 0. Every thread must call; the
// scratch may be reused after the next __syncthreads().
template <class V>
__device__ V block_sum(V v, Scratch<V>& scratch) {
  const int lane = threadIdx.x % kWarp, warp = threadIdx.x / kWarp;
  v = lanes_tree_sum(v, kWarp);
  if (lane == 0) scratch.warp_sums[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < int(blockDim.x / kWarp) ? scratch.warp_sums[lane] : V(0);
    v = lanes_tree_sum(v, kWarp);
  }
  return v;
}

// Where row `row` of the product goes (a reordered matrix writes the caller's rows).
template <class V, class I>
__device__ std::int64_t y_index(const IpcsrArrays<V, I>& a, I row) {
  return detail::output_row(a.row_map, row);
}

// r >= 2 rows whose k1 - k0 <= SHARED_SIZE products are staged first.
template <int kUnroll, int kStream, bool kAhead, class V, class I>
__device__ void rows_block(const IpcsrArrays<V, I>& a, const V* __restrict__ x, V alpha, V beta,
                           V* y, I row0, int r, I k0, int count) {
  extern __shared__ __align__(16) unsigned char ipcsr_stage[];
  V* stage = reinterpret_cast<V*>(ipcsr_stage);
  const int T = int(blockDim.x);
  // Stage 2's row bounds, loaded now so that they arrive with stage 1's loads
  // instead of costing a memory round trip after the barrier.
  const int t = ipcsr_threads_per_row(r, T);
  const int group = threadIdx.x / t, lane = threadIdx.x % t;
  const I row = row0 + group;
  int begin = 0, end = 0;
  std::int64_t out = 0;
  if (group < r) {
    begin = int(a.row_ptr[row] - k0);
    end = int(a.row_ptr[row + 1] - k0);
    if (lane == 0) out = y_index(a, row);
  }
  // Stage 1: consecutive threads read consecutive entries (coalesced); x
  // through the read-only cache. kUnroll entries per thread per trip, all
  // loads issued (predicated, no remainder loop) before the first use. The x
  // gathers depend on the column loads: a trip costs two memory round trips,
  // and a full block takes ceil(SHARED_SIZE / (kUnroll T)) trips. kAhead:
  // the next trip's columns are loaded before this trip's gathers wait on
  // theirs, one round trip a trip (and one more).
  const auto load_columns = [&](int base, I* c) {
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      const int j = base + u * T;
      c[u] = j < count ? load_once<kStream>(a.col_idx + k0 + j) : I(0);
    }
  };
  I c[kUnroll], next[kUnroll];
  if constexpr (kAhead) load_columns(int(threadIdx.x), next);
  for (int base = threadIdx.x; base < count; base += kUnroll * T) {
    detail::step_ahead<kAhead>(load_columns, base, base + kUnroll * T, c, next);
    V v[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      const int j = base + u * T;
      v[u] = j < count ? load_once<kStream>(a.values + k0 + j) : V(0);
    }
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      const int j = base + u * T;
      if (j < count) stage[j] = v[u] * __ldg(x + c[u]);
    }
  }
  __syncthreads();
  // Stage 2: t threads per row (the decision tree); groups never straddle a
  // warp since t divides 32 and T is a multiple of 32.
  V sum = 0;
  for (int k = begin + lane; k < end; k += t) sum += stage[k];
  if (t > 1) sum = lanes_tree_sum(sum, t);  // uniform over the block: all lanes take part
  if (group < r && lane == 0) y[out] = detail::scaled_update(alpha, sum, beta, y[out]);
}

// One row, or one chunk of a split row: the block strides over it, no staging
// (each product is used once), then reduces block-wide.
template <int kUnroll, int kStream, bool kAhead, class V, class I>
__device__ void row_block(const IpcsrArrays<V, I>& a, const V* __restrict__ x, V alpha, V beta, V* y,
                          I block, I row, bool last_of_row, I k0, I k1) {
  AIJA_SHARED_AS(Scratch<V>, scratch);
  // 64-bit index: k + blockDim.x must not overflow a 32-bit I near INT_MAX
  // entries. Unrolled as stage 1 of rows_block, with one partial sum per
  // unrolled entry (added in a fixed order: the same bits on every run).
  const std::int64_t T = blockDim.x;
  V part[kUnroll] = {};
  const auto load_columns = [&](std::int64_t base, I* c) {  // kAhead: the next trip's, as in rows_block
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      const std::int64_t k = base + u * T;
      c[u] = k < k1 ? load_once<kStream>(a.col_idx + k) : I(0);
    }
  };
  I c[kUnroll], next[kUnroll];
  if constexpr (kAhead) load_columns(k0 + threadIdx.x, next);
  for (std::int64_t base = k0 + threadIdx.x; base < k1; base += kUnroll * T) {
    detail::step_ahead<kAhead>(load_columns, base, base + kUnroll * T, c, next);
    V v[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) {
      const std::int64_t k = base + u * T;
      v[u] = k < k1 ? load_once<kStream>(a.values + k) : V(0);
    }
#pragma unroll
    for (int u = 0; u < kUnroll; ++u)
      if (base + u * T < k1) part[u] += v[u] * __ldg(x + c[u]);
  }
  V sum = 0;
#pragma unroll
  for (int u = 0; u < kUnroll; ++u) sum += part[u];
  sum = block_sum(sum, scratch);
  const I row_begin = a.row_ptr[row], row_end = a.row_ptr[row + 1];
  if (last_of_row && k0 == row_begin && k1 == row_end) {  // a whole row
    if (threadIdx.x == 0) {
      const std::int64_t out = y_index(a, row);
      y[out] = detail::scaled_update(alpha, sum, beta, y[out]);
    }
    return;
  }
  // A chunk: publish the partial sum; the last chunk of the row to arrive adds
  // all of them in chunk order (same bits on every run) and writes y.
  const I S = a.shared_size;
  const I first = block - (k0 - row_begin) / S;  // the row's first chunk block
  const I chunks = (row_end - row_begin + S - 1) / S;
  if (threadIdx.x == 0) {
    a.partial[block] = sum;
    __threadfence();  // release: the partial is visible before the arrival counts
    const unsigned arrived = atomicAdd(a.arrivals + first, 1u);
    scratch.last = arrived == unsigned(chunks - 1);
    // Acquire, before the barrier that orders the whole block's reads after it.
    if (scratch.last) __threadfence();
  }
  __syncthreads();
  if (!scratch.last) return;
  // __ldcg: from L2, where the other SMs' partials are (L1 is not coherent).
  V total = 0;
  for (I j = threadIdx.x; j < chunks; j += I(blockDim.x)) total += __ldcg(a.partial + first + j);
  total = block_sum(total, scratch);
  if (threadIdx.x == 0) {
    const std::int64_t out = y_index(a, row);
    y[out] = detail::scaled_update(alpha, total, beta, y[out]);
    a.arrivals[first] = 0;  // ready for the next launch
  }
}

template <int kUnroll, int kStream, bool kAhead, class V, class I>
__global__ void __launch_bounds__(1024)
    ipcsr_kernel(IpcsrArrays<V, I> a, const V* __restrict__ x, V alpha, V beta, V* __restrict__ y) {
  const I b = I(blockIdx.x) + a.first_block;
  const I row0 = a.block_row[b], row1 = a.block_row[b + 1];
  const I k0 = a.block_nnz[b], k1 = a.block_nnz[b + 1];
  if (row1 - row0 >= 2)
    rows_block<kUnroll, kStream, kAhead>(a, x, alpha, beta, y, row0, int(row1 - row0), k0, int(k1 - k0));
  else  // r = 1: one row or the last chunk of one; r = 0: an earlier chunk
    row_block<kUnroll, kStream, kAhead>(a, x, alpha, beta, y, b, row0, row1 - row0 == 1, k0, k1);
}

template <class V, class I>
class IpcsrDeviceFormat final : public DeviceFormat<V, I> {
 public:
  IpcsrDeviceFormat(const IpcsrHostFormat<V, I>& host, Stream stream) : host_(host), params_(host.params()) {
    const IpcsrBlocks<I>& blocks = host.blocks();
    AIJA_REQUIRE(blocks.count() <= INT_MAX, unsupported,
                 "ipcsr: " + std::to_string(blocks.count()) +
                     " row blocks are more than one launch can have; use format csr");
    blocks_ = blocks.count();
    const DeviceInfo& limits = host.device();
    const bool beyond_l2 = std::int64_t(detail::csr_array_bytes(host.csr())) > limits.l2_bytes;
    const bool stream_loads = params_.stream_loads >= 0 ? params_.stream_loads == 1 : beyond_l2;
    // Columns loaded a trip ahead only beyond L2: there they hide memory's
    // latency; within it they cost small matrices 5% (docs/h100-2026-11-28-offsets-ahead/).
    kernel_ = choose_kernel(params_.unroll, stream_loads, beyond_l2);
    configure_kernel(limits);
    csr_.upload(host.csr(), host.csr_prefetch(), stream, false);  // cuSPARSE only for the transpose
    // The blocks' arrays in one allocation, sent with one copy when small.
    detail::PackedArrays arrays;
    const auto block_row = arrays.add(blocks.row.size(), blocks.row.data());
    const auto block_nnz = arrays.add(blocks.nnz.size(), blocks.nnz.data());
    const std::size_t workspace = blocks.chunk_blocks ? std::size_t(blocks_) : 0;
    const auto partial = arrays.add<V>(workspace);
    const auto arrivals = arrays.add<unsigned>(workspace);
    block_ = arrays.send(stream);
    block_row_ = block_row.in(block_);
    block_nnz_ = block_nnz.in(block_);
    partial_ = partial.in(block_);
    arrivals_ = arrivals.in(block_);
    if (workspace)
      AIJA_CUDA_CHECK(cudaMemsetAsync(arrivals_, 0, arrivals.bytes(), static_cast<cudaStream_t>(stream)));
  }

  void apply(V alpha, const V* x, V beta, V* y, Stream stream) override {
    launch(0, blocks_, alpha, x, beta, y, stream);
  }

  // The first row of every block that starts a row (the chunks of a split
  // row stay in one launch: its last chunk adds the others' sums), and the
  // row count.
  std::vector<std::int64_t> row_cuts() const override {
    const IpcsrBlocks<I>& blocks = host_.blocks();
    const I* row_ptr = host_.csr().row_ptr;
    std::vector<std::int64_t> cuts;
    for (std::int64_t b = 0; b < blocks.count(); ++b)
      if (blocks.nnz[std::size_t(b)] == row_ptr[blocks.row[std::size_t(b)]] &&
          (cuts.empty() || cuts.back() < std::int64_t(blocks.row[std::size_t(b)])))
        cuts.push_back(blocks.row[std::size_t(b)]);
    if (cuts.empty() || cuts.back() < host_.csr().rows) cuts.push_back(host_.csr().rows);
    return cuts;
  }

  void apply_rows(std::int64_t row0, std::int64_t row1, V alpha, const V* x, V beta, V* y, Stream stream) override {
    const IpcsrBlocks<I>& blocks = host_.blocks();
    const I* row_ptr = host_.csr().row_ptr;
    // A row's first block: the first whose rows reach it (its first chunk when split).
    const auto first_at = [&](std::int64_t row) {
      const auto end = blocks.row.end() - 1;  // row[blocks] = rows closes the last block
      const auto it = std::lower_bound(blocks.row.begin(), end, I(row));
      const std::int64_t b = it - blocks.row.begin();
      AIJA_REQUIRE(it == end ? row == host_.csr().rows
                             : std::int64_t(*it) == row && blocks.nnz[std::size_t(b)] == row_ptr[row],
                   internal, "ipcsr apply_rows: row " + std::to_string(row) + " does not start a row block");
      return b;
    };
    launch(first_at(row0), first_at(row1), alpha, x, beta, y, stream);
  }

  void apply_transpose(V alpha, const V* x, V beta, V* y, Stream stream) override {
    csr_.apply(Op::transpose, alpha, x, beta, y, stream);
  }

  void apply_conjugate_transpose(V alpha, const V* x, V beta, V* y, Stream stream) override {
    csr_.apply(Op::conjugate_transpose, alpha, x, beta, y, stream);
  }

  void set_row_map(const I* row_map) override { row_map_ = row_map; }

  void upload_values(Stream stream) override { csr_.upload_values(host_.csr().values, stream); }

  std::size_t device_bytes() const override {
    return csr_.device_bytes() + block_.bytes();
  }

 private:
  using D = detail::device_value_t<V>;  // V in the kernels (device_value.hpp)
  using Kernel = void (*)(IpcsrArrays<D, I>, const D*, D, D, D*);

  // Blocks [b0, b1) (the rows they hold).
  void launch(std::int64_t b0, std::int64_t b1, V alpha, const V* x, V beta, V* y, Stream stream) {
    if (b1 <= b0) return;  // no rows
    using detail::dev_ptr;
    using detail::dev_value;
    const IpcsrArrays<D, I> a{csr_.row_ptr(), csr_.col_idx(), dev_ptr(csr_.values()), block_row_, block_nnz_,
                              dev_ptr(partial_), arrivals_, I(params_.shared_size), row_map_, I(b0)};
    kernel_<<<unsigned(b1 - b0), unsigned(params_.block_threads), stage_bytes(),
               static_cast<cudaStream_t>(stream)>>>(a, dev_ptr(x), dev_value(alpha), dev_value(beta), dev_ptr(y));
    AIJA_CUDA_CHECK_LAUNCH();
  }
  static Kernel choose_kernel(int unroll, bool stream_loads, bool ahead) {
    return unroll == 8 ? kernel_for<8>(stream_loads, ahead) : kernel_for<4>(stream_loads, ahead);
  }
  template <int kUnroll>
  static Kernel kernel_for(bool stream_loads, bool ahead) {
    if (ahead) return stream_loads ? ipcsr_kernel<kUnroll, 1, true, D, I> : ipcsr_kernel<kUnroll, 0, true, D, I>;
    return stream_loads ? ipcsr_kernel<kUnroll, 1, false, D, I> : ipcsr_kernel<kUnroll, 0, false, D, I>;
  }

  std::size_t stage_bytes() const { return std::size_t(params_.shared_size) * sizeof(V); }

  // Lets the kernel take the staging area (over 48 KB needs an opt-in) and
  // asks for the L1/shared split that fits blocks_per_sm blocks at once. Both
  // are attributes of the kernel, shared by every matrix that runs it: the
  // limit is the device's (a matrix with a smaller SHARED_SIZE must not lower
  // it under another's launches); the split is a preference, the latest wins.
  void configure_kernel(const DeviceInfo& limits) {
    const std::int64_t per_block = std::int64_t(stage_bytes()) + ipcsr_static_shared_bytes(sizeof(V));
    AIJA_REQUIRE(per_block <= limits.shared_per_block, unsupported,
                 "ipcsr: SHARED_SIZE = " + std::to_string(params_.shared_size) + " needs " +
                     std::to_string(per_block) + " bytes of shared memory per block, this GPU has " +
                     std::to_string(limits.shared_per_block) +
                     " (lower -mat_aijadaptive_ipcsr_shared_fraction or -mat_aijadaptive_ipcsr_block_threads)");
    AIJA_CUDA_CHECK(cudaFuncSetAttribute(kernel_, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         int(limits.shared_per_block - ipcsr_static_shared_bytes(sizeof(V)))));
    const std::int64_t blocks_per_sm = std::max<std::int64_t>(
        1, std::min(limits.max_threads_per_sm / params_.block_threads, limits.max_blocks_per_sm));
    const double wanted = double(blocks_per_sm * (per_block + limits.reserved_shared_per_block));
    const int percent = int(std::min(100.0, std::ceil(100.0 * wanted / double(limits.shared_per_sm))));
    AIJA_CUDA_CHECK(cudaFuncSetAttribute(kernel_, cudaFuncAttributePreferredSharedMemoryCarveout, percent));
  }

  const IpcsrHostFormat<V, I>& host_;
  IpcsrParams params_;
  Kernel kernel_ = nullptr;  // the variant for params_.unroll and the CSR loads' cache hint
  std::int64_t blocks_ = 0;
  const I* row_map_ = nullptr;  // set_row_map(): y[row_map[i]] for row i
  detail::CusparseCsr<V, I> csr_;
  DeviceBuffer<unsigned char> block_;  // the arrays below
  I* block_row_ = nullptr;
  I* block_nnz_ = nullptr;
  V* partial_ = nullptr;           // null without chunked blocks
  unsigned* arrivals_ = nullptr;
};

}  // namespace

template <class V, class I>
std::unique_ptr<DeviceFormat<V, I>> upload_ipcsr(const IpcsrHostFormat<V, I>& host, Stream stream) {
  return std::make_unique<IpcsrDeviceFormat<V, I>>(host, stream);
}

#define AIJA_INSTANTIATE(V, I) \
  template std::unique_ptr<DeviceFormat<V, I>> upload_ipcsr<V, I>(const IpcsrHostFormat<V, I>&, Stream);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
