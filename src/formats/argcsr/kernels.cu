// Device side of format `argcsr`: one launch, a block of T threads per row
// group; and the fill of the slot arrays from the CSR arrays (at the upload
// and on every upload_values but a small layout's), a block per group as well.
#include <cuda_runtime_api.h>

#include <climits>
#include <memory>
#include <string>

#include "aijadaptive/csr_prefetch.hpp"
#include "aijadaptive/device_buffer.hpp"
#include "aijadaptive/errors.hpp"
#include "aijadaptive/formats/argcsr.hpp"
#include "aijadaptive/instantiate.hpp"
#include "aijadaptive/packed_arrays.hpp"
#include "core/csr_refills.hpp"
#include "core/cuda_check.hpp"
#include "core/host_scattered_refill.hpp"
#include "core/spmv_common.hpp"

namespace aijadaptive {

namespace {

constexpr int kUnroll = 4;  // slots of a thread loaded before their adds

using detail::load_once;
using detail::scaled_update;

// Block g's rows + 1 entries of thread_start, into shared memory.
__device__ __forceinline__ void load_starts(const ArgcsrGroup& g, const std::uint16_t* __restrict__ thread_start,
                                            int* starts) {
  const std::uint16_t* mine = thread_start + g.first_row + std::int64_t(blockIdx.x) - g.part;
  for (int i = int(threadIdx.x); i <= g.rows; i += int(blockDim.x)) starts[i] = mine[i];
}

// Shared memory: the T partial sums, then the rows' first threads (rows + 1 <= T + 1).
template <class V>
std::size_t product_shared_bytes(int block_threads) {
  return std::size_t(block_threads) * sizeof(V) + std::size_t(block_threads + 1) * sizeof(int);
}

// A long row's part, its sum in partial[0] (the row has all T threads): the
// sum into part_sums (an entry per group) and its arrival counted at the
// row's first part; the last part's block adds the row's part sums, thread t
// those of parts t, t + T, ... in order, then a tree over the T threads (the
// host reference's order), writes y and resets the count for the next product.
template <class V>
__device__ __forceinline__ void add_parts(const ArgcsrGroup& g, V* partial, V* __restrict__ part_sums,
                                          unsigned* __restrict__ arrivals, V alpha, V beta, V* __restrict__ y) {
  __shared__ bool last;
  const int T = int(blockDim.x), t = int(threadIdx.x);
  const std::int64_t first = std::int64_t(blockIdx.x) - g.part;  // the row's first part
  if (t == 0) last = detail::arrived_last(part_sums + first, arrivals + first, g.parts, g.part, partial[0]);
  __syncthreads();
  if (!last) return;
  __threadfence();  // every thread reads the other parts' sums, after thread 0's acquire
  V sum = V(0);
  for (int k = t; k < g.parts; k += T) sum += __ldcg(part_sums + first + k);
  partial[t] = sum;
  for (int s = 1; s < T; s *= 2) {
    __syncthreads();
    if ((t & (2 * s - 1)) == 0 && t + s < T) partial[t] += partial[t + s];
  }
  if (t == 0) {
    y[g.first_row] = scaled_update(alpha, partial[0], beta, y[g.first_row]);
    arrivals[first] = 0;
  }
}

template <int kStream, bool kAhead, class V, class I>
__global__ void __launch_bounds__(1024)
    argcsr_kernel(const ArgcsrGroup* __restrict__ groups, const std::uint16_t* __restrict__ thread_start,
                  const I* __restrict__ cols, const V* __restrict__ vals, const V* __restrict__ x, V alpha, V beta,
                  V* __restrict__ y, V* __restrict__ part_sums, unsigned* __restrict__ arrivals) {
  extern __shared__ __align__(16) unsigned char argcsr_shared[];
  const int T = int(blockDim.x), t = int(threadIdx.x);
  V* partial = reinterpret_cast<V*>(argcsr_shared);
  int* starts = reinterpret_cast<int*>(partial + T);
  const ArgcsrGroup g = groups[blockIdx.x];
  load_starts(g, thread_start, starts);  // used after the barrier below
  // The thread's chunk: slot k at offset + k T + t (a warp's loads are
  // coalesced), its entries first, then padding (column -1), where it stops.
  const I* c_at = cols + g.offset + t;
  const V* v_at = vals + g.offset + t;
  V sum = V(0);
  // kAhead (a matrix larger than L2): the next step's columns are loaded
  // before this step's gathers wait on theirs, one memory round trip a step
  // instead of two (as in suraa and ipcsr).
  const auto load_columns = [&](int k0, I* c) {
#pragma unroll
    for (int u = 0; u < kUnroll; ++u)
      c[u] = k0 + u < g.chunk ? load_once<kStream>(c_at + std::int64_t(k0 + u) * T) : I(-1);
  };
  I c[kUnroll], next[kUnroll];
  if constexpr (kAhead) load_columns(0, next);
  for (int k0 = 0; k0 < g.chunk; k0 += kUnroll) {
    detail::step_ahead<kAhead>(load_columns, k0, k0 + kUnroll, c, next);
    V v[kUnroll], xv[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u)
      if (c[u] >= 0) {
        v[u] = load_once<kStream>(v_at + std::int64_t(k0 + u) * T);
        xv[u] = __ldg(x + c[u]);
      }
#pragma unroll
    for (int u = 0; u < kUnroll; ++u)
      if (c[u] >= 0) sum += v[u] * xv[u];
    if (c[kUnroll - 1] < 0) break;
  }
  partial[t] = sum;
  __syncthreads();
  // Each row's tree over its threads: lane adds lane + s (s = 1, 2, 4, ...)
  // where lane is a multiple of 2s; one barrier a step, as many steps as the
  // group's row of most threads needs.
  const int i = argcsr_row_of_thread(starts, g.rows, t);
  const int lane = t - starts[i], threads = starts[i + 1] - starts[i];
  for (int s = 1; __syncthreads_or(s < threads); s *= 2)
    if ((lane & (2 * s - 1)) == 0 && lane + s < threads) {
      sum += partial[t + s];
      partial[t] = sum;
    }
  if (g.parts > 1) {
    add_parts(g, partial, part_sums, arrivals, alpha, beta, y);
    return;
  }
  // A thread per row: y read and written coalesced.
  if (t < g.rows) {
    const std::int64_t row = g.first_row + t;
    y[row] = scaled_update(alpha, partial[starts[t]], beta, y[row]);
  }
}

// The slot arrays from the CSR arrays: thread t writes its own slots (its
// piece of its row, or of its long row's part, then padding), as
// argcsr_fill_slots on the host. Columns only when `src_cols` is given (a
// refill keeps them).
template <class V, class I>
__global__ void __launch_bounds__(1024)
    argcsr_fill(const ArgcsrGroup* __restrict__ groups, const std::uint16_t* __restrict__ thread_start,
                std::int64_t part_entries, const I* __restrict__ row_ptr, const I* __restrict__ src_cols,
                const V* __restrict__ src_vals, I* __restrict__ cols, V* __restrict__ vals) {
  extern __shared__ int fill_starts[];
  const int T = int(blockDim.x), t = int(threadIdx.x);
  const ArgcsrGroup g = groups[blockIdx.x];
  load_starts(g, thread_start, fill_starts);
  __syncthreads();
  const int i = argcsr_row_of_thread(fill_starts, g.rows, t);
  const std::int64_t row = g.first_row + i;
  const ArgcsrPiece span = argcsr_span(g, std::int64_t(row_ptr[row + 1]) - row_ptr[row], part_entries);
  const std::int64_t begin = row_ptr[row] + span.first;
  const ArgcsrPiece piece = argcsr_piece(span.count, fill_starts[i + 1] - fill_starts[i], t - fill_starts[i]);
  const std::int64_t from = begin + piece.first;
  for (std::int64_t k = 0; k < g.chunk; ++k) {
    const std::int64_t slot = g.offset + k * T + t;
    const bool taken = k < piece.count;
    if (src_cols) cols[slot] = taken ? src_cols[from + k] : I(-1);
    vals[slot] = taken ? src_vals[from + k] : V(0);
  }
}

template <class V, class I>
class ArgcsrDeviceFormat final : public DeviceFormat<V, I> {
 public:
  ArgcsrDeviceFormat(const ArgcsrHostFormat<V, I>& host, Stream stream) : host_(host) {
    const ArgcsrLayout& l = host.layout();
    AIJA_REQUIRE(l.count() <= INT_MAX, unsupported,
                 "argcsr: " + std::to_string(l.count()) +
                     " row groups are more than one launch can have; raise -mat_aijadaptive_argcsr_desired_chunk "
                     "or use format csr");
    blocks_ = unsigned(l.count());
    threads_ = l.threads;
    // One allocation; the groups, thread starts and zeroed arrivals sent with
    // one copy when small, a small matrix's CSR arrays too (PackedCsr).
    detail::PackedArrays arrays;
    const auto groups = arrays.add(l.groups.size(), l.groups.data());
    const auto thread_start = arrays.add(l.thread_start.size(), l.thread_start.data());
    // With long rows an entry per group (a part's at its block's index).
    const std::size_t per_group = l.long_rows > 0 ? std::size_t(l.count()) : 0;
    const auto arrivals = arrays.add_zeroed<unsigned>(per_group);
    const PackedCsr<V, I> csr(arrays, host.csr(), host.csr_prefetch(), true);
    const auto cols = arrays.add<I>(std::size_t(l.slots));
    const auto vals = arrays.add<V>(std::size_t(l.slots));
    const auto part_sums = arrays.add<V>(per_group);
    block_ = arrays.send(stream);
    groups_ = groups.in(block_);
    thread_start_ = thread_start.in(block_);
    cols_ = cols.in(block_);
    vals_ = vals.in(block_);
    part_sums_ = part_sums.in(block_);
    arrivals_ = arrivals.in(block_);
    packed_csr_ = csr.in(block_);
    const int loads = host.params().stream_loads;
    const bool beyond_l2 =
        std::int64_t(l.device_bytes(sizeof(V), sizeof(I))) > device_info(current_device()).l2_bytes;
    stream_loads_ = loads >= 0 ? loads == 1 : beyond_l2;
    if (beyond_l2)
      kernel_ = stream_loads_ ? argcsr_kernel<1, true, D, I> : argcsr_kernel<0, true, D, I>;
    else
      kernel_ = stream_loads_ ? argcsr_kernel<1, false, D, I> : argcsr_kernel<0, false, D, I>;
    shared_bytes_ = product_shared_bytes<V>(threads_);
    fill(stream, true);
  }

  void apply(V alpha, const V* x, V beta, V* y, Stream stream) override {
    if (blocks_ == 0) return;  // no rows
    kernel_<<<blocks_, unsigned(threads_), shared_bytes_, static_cast<cudaStream_t>(stream)>>>(
        groups_, thread_start_, cols_, detail::dev_ptr(vals_), detail::dev_ptr(x), detail::dev_value(alpha),
        detail::dev_value(beta), detail::dev_ptr(y), detail::dev_ptr(part_sums_), arrivals_);
    AIJA_CUDA_CHECK_LAUNCH();
  }

  void upload_values(Stream stream) override { fill(stream, false); }

  std::size_t device_bytes() const override {
    return block_.bytes() + refills_.bytes();
  }

  std::vector<std::string> describe() const override {
    return {std::string("argcsr: loads of the slot arrays ") +
            (stream_loads_ ? "streamed past the caches" : "cached")};
  }

 private:
  using D = detail::device_value_t<V>;  // V in the kernels (device_value.hpp)
  using Kernel = void (*)(const ArgcsrGroup*, const std::uint16_t*, const I*, const D*, const D*, D, D, D*, D*,
                          unsigned*);

  // The slot arrays' columns (at the upload) and values from the host half's
  // CSR arrays: at the upload those sent with the block or by the analysis
  // (when either did), else sent now; at a refill of a small layout the
  // values put in place on the host, else through the kept refill arrays.
  void fill(Stream stream, bool at_upload) {
    const ArgcsrLayout& l = host_.layout();
    if (l.slots == 0) return;  // no entries
    if (!at_upload && l.slots <= host_.params().refill_on_host) {
      if (!host_refill_)
        host_refill_ = std::make_unique<detail::HostScatteredRefill<V>>(
            argcsr_slot_of_entry(l, host_.csr().row_ptr), std::size_t(l.slots));
      return host_refill_->send(host_.csr().values, vals_, stream);
    }
    detail::fill_from_csr(host_.csr(), host_.csr_prefetch(), packed_csr_, at_upload, true, refills_, stream,
                          [&](const DeviceCsrPointers<V, I>& src, bool columns) { launch_fill(src, columns, stream); });
  }

  void launch_fill(const DeviceCsrPointers<V, I>& src, bool columns, Stream stream) {
    argcsr_fill<D, I><<<blocks_, unsigned(threads_), std::size_t(threads_ + 1) * sizeof(int),
                        static_cast<cudaStream_t>(stream)>>>(
        groups_, thread_start_, host_.layout().part_entries, src.row_ptr, columns ? src.col_idx : nullptr,
        detail::dev_ptr(src.values), cols_, detail::dev_ptr(vals_));
    AIJA_CUDA_CHECK_LAUNCH();
  }

  const ArgcsrHostFormat<V, I>& host_;
  unsigned blocks_ = 0;  // the groups
  int threads_ = 0;      // T
  bool stream_loads_ = false;
  Kernel kernel_ = nullptr;  // the variant for the loads' cache hint
  std::size_t shared_bytes_ = 0;  // of a product's launch
  DeviceBuffer<unsigned char> block_;  // the arrays below
  ArgcsrGroup* groups_ = nullptr;
  std::uint16_t* thread_start_ = nullptr;
  I* cols_ = nullptr;
  V* vals_ = nullptr;
  V* part_sums_ = nullptr;         // a long row's part sums (null without long rows)
  unsigned* arrivals_ = nullptr;  // parts of a long row done, at its first part; 0 between launches
  detail::CsrRefills<V, I> refills_;
  std::unique_ptr<detail::HostScatteredRefill<V>> host_refill_;  // made at the first refill on the host
  std::optional<DeviceCsrPointers<V, I>> packed_csr_;             // the CSR arrays in block_, for the upload's fill
};

}  // namespace

template <class V, class I>
std::unique_ptr<DeviceFormat<V, I>> upload_argcsr(const ArgcsrHostFormat<V, I>& host, Stream stream) {
  return std::make_unique<ArgcsrDeviceFormat<V, I>>(host, stream);
}

#define AIJA_INSTANTIATE(V, I) \
  template std::unique_ptr<DeviceFormat<V, I>> upload_argcsr<V, I>(const ArgcsrHostFormat<V, I>&, Stream);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
