// Device side of format `suraa`: a kernel per group (a thread per short row
// over column-major slices, a warp per medium row, blocks per long row), each
// on its own stream between a fork and a join on the caller's; the long
// group's grids launched by a parent kernel (dynamic parallelism) or the host.
// A small matrix runs the same three bodies as blocks of one grid instead,
// its medium rows on sub-warps (suraa_one_launch).
// The parent kernels of dynamic parallelism are in device_launch.cu.
#include <cuda_runtime.h>

#include <algorithm>
#include <array>
#include <climits>
#include <memory>
#include <string>

#include "aijadaptive/csr_prefetch.hpp"
#include "aijadaptive/device_buffer.hpp"
#include "aijadaptive/errors.hpp"
#include "aijadaptive/formats/suraa.hpp"
#include "aijadaptive/instantiate.hpp"
#include "aijadaptive/packed_arrays.hpp"
#include "core/csr_refills.hpp"
#include "core/cuda_check.hpp"
#include "core/spmv_common.hpp"
#include "formats/suraa/device_bodies.cuh"

namespace aijadaptive {

namespace {

using namespace suraa_device;

// Short group: a warp per slice.
template <bool kStream, class V, class I>
__global__ void __launch_bounds__(kBlockThreads)
    suraa_short_kernel(SuraaArrays<V, I> a, std::int64_t slices, const V* __restrict__ x, V alpha, V beta, V* y) {
  short_slice<kUnroll, kStream>(a, slices, std::int64_t(blockIdx.x) * kWarpsPerBlock + threadIdx.x / kWarp,
                                int(threadIdx.x % kWarp), x, alpha, beta, y);
}

// Medium group: a warp per row.
template <bool kStream, class V, class I>
__global__ void __launch_bounds__(kBlockThreads)
    suraa_medium_kernel(SuraaArrays<V, I> a, const V* __restrict__ x, V alpha, V beta, V* y) {
  const std::int64_t k = a.short_rows + std::int64_t(blockIdx.x) * kWarpsPerBlock + threadIdx.x / kWarp;
  if (k >= a.medium_end) return;  // whole warps
  medium_row<kStream>(a, k, true, int(threadIdx.x % kWarp), kWarp, x, alpha, beta, y);
}

// Long group from the host, one segment: a block per chunk of a row.
// Bounded for long_threads' largest value, as device_launch.cu's.
template <bool kStream, class V, class I>
__global__ void __launch_bounds__(kSuraaMaxLongThreads)
    suraa_long_kernel(SuraaArrays<V, I> a, SuraaLongSegment s, const V* __restrict__ x, V alpha, V beta, V* y) {
  long_block<kStream>(a, s, std::int64_t(blockIdx.x), x, alpha, beta, y);
}

// Long group from the host, several segments: all their blocks in one grid
// (a launch per segment waited for each one's last blocks before the next
// began), block b in the last segment whose first block starts[s] <= b.
template <bool kStream, class V, class I>
__global__ void __launch_bounds__(kSuraaMaxLongThreads)
    suraa_long_grid_kernel(SuraaArrays<V, I> a, const SuraaLongSegment* __restrict__ segments,
                           const std::int64_t* __restrict__ starts, std::int64_t count, const V* __restrict__ x,
                           V alpha, V beta, V* y) {
  const std::int64_t b = blockIdx.x;
  std::int64_t lo = 0, hi = count - 1;
  while (lo < hi) {
    const std::int64_t mid = (lo + hi + 1) / 2;
    if (starts[mid] <= b)
      lo = mid;
    else
      hi = mid - 1;
  }
  // A copy in registers: its fields load at once, and the block's last
  // steps (after fences and atomics) do not load them again.
  const SuraaLongSegment segment = segments[lo];
  long_block<kStream>(a, segment, b - starts[lo], x, alpha, beta, y);
}

// The single launch's grid (suraa_one_launch): the long segments' blocks
// first, so that the few heavy ones start before the many light ones, then
// the medium blocks (a sub-warp per row), then a warp per short slice.
struct SuraaOneLaunchGrid {
  const SuraaLongSegment* segments;
  const SuraaMediumBlock* medium;
  std::int64_t long_blocks, medium_blocks, slices;
};

template <bool kStream, class V, class I>
__global__ void __launch_bounds__(kBlockThreads)
    suraa_one_launch_kernel(SuraaArrays<V, I> a, SuraaOneLaunchGrid g, const V* __restrict__ x, V alpha, V beta,
                            V* y) {
  std::int64_t b = blockIdx.x;
  const int warp = int(threadIdx.x / kWarp), lane = int(threadIdx.x % kWarp);
  if (b < g.long_blocks) {
    const SuraaLongSegment* s = g.segments;
    for (; b >= s->rows * s->chunks; ++s) b -= s->rows * s->chunks;
    long_block<kStream>(a, *s, b, x, alpha, beta, y);
    return;
  }
  b -= g.long_blocks;
  if (b < g.medium_blocks) {
    const SuraaMediumBlock m = g.medium[b];
    const int r = warp * (kWarp / m.lanes) + lane / m.lanes;  // the block's row of this sub-warp
    if (warp * (kWarp / m.lanes) >= m.rows) return;           // whole warps
    medium_row<kStream>(a, m.first + r, r < m.rows, lane % m.lanes, m.lanes, x, alpha, beta, y);
    return;
  }
  b -= g.medium_blocks;
  short_slice<kOneLaunchUnroll, kStream>(a, g.slices, b * kWarpsPerBlock + warp, lane, x, alpha, beta, y);
}

// The layout's values (and columns, unless `src_cols` is null) from the CSR
// arrays, in one launch: the first `slice_blocks` blocks put the short rows
// into their slices (a thread per slice lane, padding written too), the others
// the rest into sorted CSR (a warp per row). Two launches cost the upload and
// every refill 4-5 us more, against 16-18 us for a small matrix's values alone
// (docs/h200-2026-12-01-deferral-by-size).
template <class V, class I>
__global__ void __launch_bounds__(kBlockThreads)
    suraa_fill(SuraaArrays<V, I> a, std::int64_t slices, unsigned slice_blocks, std::int64_t end,
               const I* __restrict__ row_ptr, const I* __restrict__ src_cols, const V* __restrict__ src_vals,
               I* slice_cols, V* slice_vals, I* csr_cols, V* csr_vals) {
  if (blockIdx.x < slice_blocks) {
    const std::int64_t k = std::int64_t(blockIdx.x) * kBlockThreads + threadIdx.x, s = k / kWarp;
    if (s >= slices) return;
    const std::int64_t at = a.slice_at[s] + k % kWarp, width = (a.slice_at[s + 1] - a.slice_at[s]) / kWarp;
    std::int64_t begin = 0, len = 0;
    if (k < a.short_rows) {
      const std::int64_t row = a.order[k];
      begin = row_ptr[row];
      len = std::int64_t(row_ptr[row + 1]) - begin;
    }
    for (std::int64_t j = 0; j < width; ++j) {
      if (src_cols) slice_cols[at + j * kWarp] = j < len ? src_cols[begin + j] : I(-1);
      slice_vals[at + j * kWarp] = j < len ? src_vals[begin + j] : V(0);
    }
    return;
  }
  const std::int64_t k =
      a.short_rows + std::int64_t(blockIdx.x - slice_blocks) * kWarpsPerBlock + threadIdx.x / kWarp;
  if (k >= end) return;
  const std::int64_t row = a.order[k], from = row_ptr[row], to = a.row_at[k - a.short_rows];
  const std::int64_t len = std::int64_t(row_ptr[row + 1]) - from;
  for (std::int64_t j = threadIdx.x % kWarp; j < len; j += kWarp) {
    if (src_cols) csr_cols[to + j] = src_cols[from + j];
    csr_vals[to + j] = src_vals[from + j];
  }
}

unsigned blocks_for(std::int64_t work, std::int64_t per_block) {
  const std::int64_t blocks = (work + per_block - 1) / per_block;
  AIJA_REQUIRE(blocks <= INT_MAX, unsupported,
               "suraa: " + std::to_string(blocks) + " blocks are more than one launch can have; use format csr");
  return unsigned(blocks);
}

template <class V, class I>
class SuraaDeviceFormat final : public DeviceFormat<V, I> {
 public:
  SuraaDeviceFormat(const SuraaHostFormat<V, I>& host, Stream stream) : host_(host) {
    const SuraaLayout& l = host.layout();
    // One allocation; the small host arrays sent with one copy (packed_arrays.hpp):
    // a mid-sized matrix's upload is mostly its CUDA calls.
    const std::vector<I> order(l.order.begin(), l.order.end());
    detail::PackedArrays arrays;
    const auto order_part = arrays.add(order.size(), order.data());
    const auto slice_at = arrays.add(l.slice_at.size(), l.slice_at.data());
    const auto row_at = arrays.add(l.row_at.size(), l.row_at.data());
    const auto segments = arrays.add(l.long_segments.size(), l.long_segments.data());
    const auto medium_table = arrays.add(l.medium_blocks.size(), l.medium_blocks.data());
    const std::vector<std::int64_t> long_starts = l.long_starts();
    const auto starts = arrays.add(long_starts.size(), long_starts.data());
    const auto counters = arrays.add_zeroed<unsigned>(std::size_t(l.counters) + 1);  // + the launch failures
    const PackedCsr<V, I> csr(arrays, host.csr(), host.csr_prefetch(), true);
    // The host arrays above, the device's own below: packed, the copy ends
    // at the last host array.
    const auto slice_cols = arrays.add<I>(std::size_t(l.sliced_entries()));
    const auto slice_vals = arrays.add<V>(std::size_t(l.sliced_entries()));
    const auto csr_cols = arrays.add<I>(std::size_t(l.csr_entries()));
    const auto csr_vals = arrays.add<V>(std::size_t(l.csr_entries()));
    const auto partials = arrays.add<V>(std::size_t(l.partials));
    block_ = arrays.send(stream);
    segments_ = segments.in(block_);
    long_starts_ = starts.in(block_);
    slice_cols_ = slice_cols.in(block_);
    slice_vals_ = slice_vals.in(block_);
    csr_cols_ = csr_cols.in(block_);
    csr_vals_ = csr_vals.in(block_);
    packed_csr_ = csr.in(block_);
    a_ = {order_part.in(block_),
          slice_at.in(block_),
          slice_cols_,
          detail::dev_ptr(slice_vals_),
          row_at.in(block_),
          csr_cols_,
          detail::dev_ptr(csr_vals_),
          l.group_begin[1],
          l.group_begin[2],
          l.limits.block_entries,
          detail::dev_ptr(partials.in(block_)),
          counters.in(block_),
          counters.in(block_) + l.counters,
          nullptr};

    // Launch shapes and kernels, fixed for the matrix (checked here, not per product).
    slices_ = std::int64_t(l.slice_at.size()) - 1;
    short_blocks_ = blocks_for(slices_, kWarpsPerBlock);
    medium_blocks_ = blocks_for(l.rows(SuraaGroup::medium_rows), kWarpsPerBlock);
    long_blocks_ = blocks_for(long_starts.back(), 1);
    const bool cs = std::int64_t(l.device_bytes(sizeof(V), sizeof(I))) > device_info(current_device()).l2_bytes;
    stream_loads_ = cs;
    short_kernel_ = cs ? suraa_short_kernel<true, D, I> : suraa_short_kernel<false, D, I>;
    medium_kernel_ = cs ? suraa_medium_kernel<true, D, I> : suraa_medium_kernel<false, D, I>;
    long_kernel_ = cs ? suraa_long_kernel<true, D, I> : suraa_long_kernel<false, D, I>;
    long_grid_kernel_ = cs ? suraa_long_grid_kernel<true, D, I> : suraa_long_grid_kernel<false, D, I>;
    if (suraa_one_launch(host.params(), l)) {
      one_launch_kernel_ = cs ? suraa_one_launch_kernel<true, D, I> : suraa_one_launch_kernel<false, D, I>;
      const auto medium_blocks = std::int64_t(l.medium_blocks.size());
      grid_ = {segments_, medium_table.in(block_), long_starts.back(), medium_blocks, slices_};
      one_launch_blocks_ = blocks_for(long_starts.back() + medium_blocks + short_blocks_, 1);
      fill(stream, true);
      return;
    }
    from_device_ = suraa_long_from_device(host.params(), l);
    if (from_device_) parent_batch_ = pending_launch_limit();
    if (suraa_group_streams(host.params(), l)) {
      fork_ = std::make_unique<OwnedEvent>();
      for (int g = 0; g < kSuraaGroups; ++g)
        if (l.rows(SuraaGroup(g)) > 0) {
          streams_[std::size_t(g)] = std::make_unique<OwnedStream>();
          joins_[std::size_t(g)] = std::make_unique<OwnedEvent>();
        }
    }
    fill(stream, true);
  }

  void apply(V alpha, const V* x, V beta, V* y, Stream stream) override {
    const SuraaLayout& l = host_.layout();
    if (one_launch_kernel_) {
      if (one_launch_blocks_ == 0) return;
      one_launch_kernel_<<<one_launch_blocks_, kBlockThreads, 0, static_cast<cudaStream_t>(stream)>>>(
          a_, grid_, detail::dev_ptr(x), detail::dev_value(alpha), detail::dev_value(beta), detail::dev_ptr(y));
      AIJA_CUDA_CHECK_LAUNCH();
      return;
    }
    // Long first: its few heavy blocks start before the many light ones.
    if (!fork_) {  // one group, or streams turned off: all on the caller's stream
      for (int g = kSuraaGroups - 1; g >= 0; --g)
        if (l.rows(SuraaGroup(g)) > 0) launch(SuraaGroup(g), alpha, x, beta, y, stream);
      return;
    }
    fork_->record(stream);
    for (int g = kSuraaGroups - 1; g >= 0; --g) {
      if (!streams_[std::size_t(g)]) continue;
      Stream own = streams_[std::size_t(g)]->get();
      fork_->wait_on(own);
      launch(SuraaGroup(g), alpha, x, beta, y, own);
      joins_[std::size_t(g)]->record(own);
      joins_[std::size_t(g)]->wait_on(stream);
    }
  }

  void set_row_map(const I* row_map) override { a_.row_map = row_map; }

  void upload_values(Stream stream) override { fill(stream, false); }

  std::size_t device_bytes() const override { return block_.bytes() + refills_.bytes(); }

  std::vector<std::string> describe() const override {
    std::vector<std::string> lines{std::string("suraa: loads of the matrix ") +
                                   (stream_loads_ ? "streamed past the caches (larger than L2)"
                                                  : "cached (it fits in L2)")};
    if (!host_.layout().long_segments.empty() && from_device_) {
      unsigned failures = 0;
      copy_to_host(&failures, a_.launch_failures, sizeof(unsigned), nullptr);
      synchronize(nullptr);
      lines.push_back("suraa: " + std::to_string(failures) + " device-side launches failed so far");
    }
    return lines;
  }

 private:
  using D = detail::device_value_t<V>;  // V in the kernels (device_value.hpp)
  using ShortKernel = void (*)(SuraaArrays<D, I>, std::int64_t, const D*, D, D, D*);
  using MediumKernel = void (*)(SuraaArrays<D, I>, const D*, D, D, D*);
  using LongKernel = void (*)(SuraaArrays<D, I>, SuraaLongSegment, const D*, D, D, D*);
  using LongGridKernel = void (*)(SuraaArrays<D, I>, const SuraaLongSegment*, const std::int64_t*, std::int64_t,
                                  const D*, D, D, D*);
  using OneLaunchKernel = void (*)(SuraaArrays<D, I>, SuraaOneLaunchGrid, const D*, D, D, D*);

  void launch(SuraaGroup g, V host_alpha, const V* host_x, V host_beta, V* host_y, Stream stream) {
    const auto s = static_cast<cudaStream_t>(stream);
    const D alpha = detail::dev_value(host_alpha), beta = detail::dev_value(host_beta);
    const D* x = detail::dev_ptr(host_x);
    D* y = detail::dev_ptr(host_y);
    switch (g) {
      case SuraaGroup::short_rows:
        short_kernel_<<<short_blocks_, kBlockThreads, 0, s>>>(a_, slices_, x, alpha, beta, y);
        break;
      case SuraaGroup::medium_rows:
        medium_kernel_<<<medium_blocks_, kBlockThreads, 0, s>>>(a_, x, alpha, beta, y);
        break;
      case SuraaGroup::long_rows:
        launch_long(alpha, x, beta, y, s);
        return;
    }
    AIJA_CUDA_CHECK_LAUNCH();
  }

  void launch_long(D alpha, const D* x, D beta, D* y, cudaStream_t s) {
    const std::vector<SuraaLongSegment>& segments = host_.layout().long_segments;
    const int threads = host_.params().long_threads;
    const std::int64_t count = std::int64_t(segments.size());
    if (from_device_) {
      launch_long_from_device(a_, segments_, count, threads, parent_batch_, stream_loads_, x, alpha, beta, y, s);
      return;
    }
    if (long_blocks_ == 0) return;
    // One segment by the kernel that takes it as a parameter: the grid's
    // kernel measured slower there, for a reason not found (H200, circuit
    // n=1M 38.8 against 31.1 us; docs/h200-2026-11-29-ipcsr-blocks, call 9).
    if (count == 1)
      long_kernel_<<<long_blocks_, threads, 0, s>>>(a_, segments.front(), x, alpha, beta, y);
    else
      long_grid_kernel_<<<long_blocks_, threads, 0, s>>>(a_, segments_, long_starts_, count, x, alpha, beta, y);
    AIJA_CUDA_CHECK_LAUNCH();
  }

  // The layout's columns (at the upload) and values from the host half's CSR
  // arrays: at the upload those sent with the block or by the analysis (when
  // either did), else sent now; at a refill the values through the kept
  // refill arrays.
  void fill(Stream stream, bool at_upload) {
    if (host_.layout().order.empty()) return;
    detail::fill_from_csr(host_.csr(), host_.csr_prefetch(), packed_csr_, at_upload, true, refills_, stream,
                          [&](const DeviceCsrPointers<V, I>& src, bool columns) { launch_fill(src, columns, stream); });
  }

  void launch_fill(const DeviceCsrPointers<V, I>& src, bool columns, Stream stream) {
    const SuraaLayout& l = host_.layout();
    const auto s = static_cast<cudaStream_t>(stream);
    const I* src_cols = columns ? src.col_idx : nullptr;  // a refill keeps the columns
    const std::int64_t csr_rows = std::int64_t(l.order.size()) - l.group_begin[1];
    const unsigned slice_blocks = slices_ > 0 ? blocks_for(slices_ * kWarp, kBlockThreads) : 0;
    const unsigned csr_blocks = csr_rows > 0 ? blocks_for(csr_rows, kWarpsPerBlock) : 0;
    const unsigned blocks = blocks_for(std::int64_t(slice_blocks) + csr_blocks, 1);
    if (blocks == 0) return;
    suraa_fill<D, I><<<blocks, kBlockThreads, 0, s>>>(a_, slices_, slice_blocks, std::int64_t(l.order.size()),
                                                      src.row_ptr, src_cols, detail::dev_ptr(src.values), slice_cols_,
                                                      detail::dev_ptr(slice_vals_), csr_cols_,
                                                      detail::dev_ptr(csr_vals_));
    AIJA_CUDA_CHECK_LAUNCH();
  }

  const SuraaHostFormat<V, I>& host_;
  SuraaArrays<D, I> a_{};          // what every launch reads; row_map from set_row_map()
  std::int64_t slices_ = 0;        // of the short group
  unsigned short_blocks_ = 0, medium_blocks_ = 0, long_blocks_ = 0;
  bool stream_loads_ = false;
  ShortKernel short_kernel_ = nullptr;  // the variant for the loads' cache hint
  MediumKernel medium_kernel_ = nullptr;
  LongKernel long_kernel_ = nullptr;  // one long segment
  LongGridKernel long_grid_kernel_ = nullptr;  // several
  OneLaunchKernel one_launch_kernel_ = nullptr;  // set: every group in this one launch
  SuraaOneLaunchGrid grid_{};
  unsigned one_launch_blocks_ = 0;
  bool from_device_ = false;       // the long grids launched by parent kernels
  std::int64_t parent_batch_ = 1;  // long segments per parent launch
  // A stream per group with rows when more than one has and streams are on
  // (else all on the caller's stream, fork_ null).
  std::array<std::unique_ptr<OwnedStream>, kSuraaGroups> streams_;
  std::array<std::unique_ptr<OwnedEvent>, kSuraaGroups> joins_;
  std::unique_ptr<OwnedEvent> fork_;
  // Every array of the layout (and the long group's workspace) in one block.
  DeviceBuffer<unsigned char> block_;
  const SuraaLongSegment* segments_ = nullptr;
  const std::int64_t* long_starts_ = nullptr;  // [segments + 1]: each segment's first block of the host's grid
  I *slice_cols_ = nullptr, *csr_cols_ = nullptr;
  V *slice_vals_ = nullptr, *csr_vals_ = nullptr;
  detail::CsrRefills<V, I> refills_;
  std::optional<DeviceCsrPointers<V, I>> packed_csr_;  // the CSR arrays in block_, for the upload's fill
};

}  // namespace

template <class V, class I>
std::unique_ptr<DeviceFormat<V, I>> upload_suraa(const SuraaHostFormat<V, I>& host, Stream stream) {
  return std::make_unique<SuraaDeviceFormat<V, I>>(host, stream);
}

#define AIJA_INSTANTIATE(V, I) \
  template std::unique_ptr<DeviceFormat<V, I>> upload_suraa<V, I>(const SuraaHostFormat<V, I>&, Stream);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
