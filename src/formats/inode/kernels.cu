// Device side of format `inode`: one warp per slice, one lane per group of
// identical rows (or the whole warp over a wide group's columns); the values
// laid out from CSR order by a fill kernel.
#include <cuda_runtime_api.h>

#include <algorithm>
#include <array>
#include <climits>
#include <string>

#include "aijadaptive/csr_prefetch.hpp"
#include "aijadaptive/device_buffer.hpp"
#include "aijadaptive/errors.hpp"
#include "aijadaptive/formats/inode.hpp"
#include "aijadaptive/instantiate.hpp"
#include "core/csr_refills.hpp"
#include "core/cuda_check.hpp"
#include "core/spmv_common.hpp"
#include "core/staged_upload.hpp"

namespace aijadaptive {

namespace {

constexpr int kWarp = kInodeSliceGroups;
constexpr int kWarpsPerBlock = 4;
constexpr int kBlockThreads = kWarp * kWarpsPerBlock;
// Columns each lane loads ahead (an offset, its x and G values each) before
// it adds any: the memory-level parallelism of the gathers.
constexpr int kUnroll = 4;
// Steps whose offsets are loaded ahead of the gathers that use them. H100,
// 2026-11-28 (docs/h100-2026-11-28-offsets-ahead/): one step ahead took
// fem n=120 (renumbered) from 84% to 88% of the copy bandwidth, two 0.3-0.6%
// more (and dof = 3 and 4 no slower); 8 columns a step lost.
constexpr int kAhead = 2;

// What a launch reads besides x and y; passed by value.
template <class V, class I>
struct InodeArrays {
  const InodeSlice* __restrict__ slices;
  const std::uint16_t* __restrict__ rows;
  const std::uint16_t* __restrict__ offsets16;
  const std::uint32_t* __restrict__ offsets32;
  const V* __restrict__ values;
  const I* row_map;  // row i of the product goes to y[row_map[i]]; null: to y[i]
};

using detail::load_once;

template <class V, class I>
__device__ std::int64_t y_index(const InodeArrays<V, I>& a, std::int64_t row) {
  return detail::output_row(a.row_map, row);
}

// Lane t * n + g multiplies group g's G rows over columns t, t + k, ... (k
// lanes per group; padding, the all-ones offset, only trails a group's
// columns); the k partial sums of each row meet in a shuffle tree. With k = 1
// a lane adds in column order, as CSR does.
//
// Scalar rows (G = 1) are bound by the instructions around their loads: their
// lanes walk pointers along their columns, and a full slice (k = 1, n = 32)
// has its strides as constants. Groups of rows index from the slice's start,
// which measured faster for them (docs/h100-2026-11-27-inode-scalar-strides/).
template <int G, int kStream, bool kFull, class Offset, class V, class I>
__device__ void slice_rows(const InodeArrays<V, I>& a, const InodeSlice& s, const Offset* __restrict__ offsets,
                           int lane, const V* __restrict__ x, V alpha, V beta, V* y) {
  constexpr Offset kPad = Offset(~Offset(0));
  constexpr bool kWalk = G == 1;
  const int n = kFull ? kWarp : s.groups, k = kFull ? 1 : s.threads;
  const int t = lane / n, g = lane % n;
  const bool active = t < k;  // lanes past k * n idle, but join the shuffles
  const std::int64_t row = s.row_base + a.rows[s.groups_at + g];
  // As the host: PETSc's MatMultAdd (alpha = beta = 1) starts a row's sum from y.
  const bool add = k == 1 && alpha == V(1) && beta == V(1);
  V sum[G];
#pragma unroll
  for (int r = 0; r < G; ++r) sum[r] = add && active ? y[y_index(a, row + r)] : V(0);
  if (active) {
    const std::int64_t step = std::int64_t(k) * n;  // from a lane's column j to j + k
    // Walking: o and v are at the lane's column j0; else at the slice's column 0.
    const Offset* o = offsets + s.offsets_at + g + (kWalk ? t * n : 0);
    const V* v = a.values + s.values_at + g + (kWalk ? std::int64_t(t) * G * n : 0);
    const auto offset_at = [&](int j0, int u) { return kWalk ? u * step : std::int64_t(j0 + u * k) * n; };
    const auto value_at = [&](int j0, int u, int r) {
      return kWalk ? u * G * step + r * n : (std::int64_t(j0 + u * k) * G + r) * n;
    };
    const V* xs = x + s.col_base;
    // The offsets of the next kAhead steps are loaded before this step's
    // gathers wait on theirs: one round trip to memory a step, not two.
    const auto load_offsets = [&](const Offset* from, int j0, Offset* c) {
#pragma unroll
      for (int u = 0; u < kUnroll; ++u)
        c[u] = j0 + u * k < s.width ? load_once<kStream>(from + offset_at(j0, u)) : kPad;
    };
    Offset c[kAhead + 1][kUnroll];  // c[d]: the offsets of d steps ahead
#pragma unroll
    for (int d = 0; d < kAhead; ++d) load_offsets(kWalk ? o + d * kUnroll * step : o, t + d * kUnroll * k, c[d]);
    for (int j0 = t; j0 < s.width; j0 += kUnroll * k) {
      load_offsets(kWalk ? o + kAhead * kUnroll * step : o, j0 + kAhead * kUnroll * k, c[kAhead]);
      V xv[kUnroll], val[kUnroll][G];
#pragma unroll
      for (int u = 0; u < kUnroll; ++u)
        if (c[0][u] != kPad) {
          xv[u] = __ldg(xs + c[0][u]);
#pragma unroll
          for (int r = 0; r < G; ++r) val[u][r] = load_once<kStream>(v + value_at(j0, u, r));
        }
#pragma unroll
      for (int u = 0; u < kUnroll; ++u)
        if (c[0][u] != kPad)
#pragma unroll
          for (int r = 0; r < G; ++r) sum[r] += val[u][r] * xv[u];
      if (c[0][kUnroll - 1] == kPad) break;
#pragma unroll
      for (int d = 0; d < kAhead; ++d)
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) c[d][u] = c[d + 1][u];
      if constexpr (kWalk) {
        o += kUnroll * step;
        v += kUnroll * G * step;
      }
    }
  }
  for (int half = k / 2; half > 0; half /= 2)  // uniform over the warp
#pragma unroll
    for (int r = 0; r < G; ++r) sum[r] += __shfl_down_sync(0xffffffffu, sum[r], half * n);
  if (!active || t != 0) return;
#pragma unroll
  for (int r = 0; r < G; ++r) {
    const std::int64_t out = y_index(a, row + r);
    if (add)
      y[out] = sum[r];
    else
      y[out] = detail::scaled_update(alpha, sum[r], beta, y[out]);
  }
}

// A slice of 32 scalar rows (k = 1) with its strides as constants; any other
// with the slice's own.
template <int G, int kStream, class Offset, class V, class I>
__device__ void slice(const InodeArrays<V, I>& a, const InodeSlice& s, const Offset* __restrict__ offsets, int lane,
                      const V* __restrict__ x, V alpha, V beta, V* y) {
  if constexpr (G == 1) {
    if (s.groups == kWarp) {
      slice_rows<G, kStream, true>(a, s, offsets, lane, x, alpha, beta, y);
      return;
    }
  }
  slice_rows<G, kStream, false>(a, s, offsets, lane, x, alpha, beta, y);
}

// One kernel per G (its registers: G sums and kUnroll * G values a lane),
// over the list of the slices of G rows (or, list null, `count` consecutive
// slices from `first`); a warp per slice.
template <int G, int kStream, class V, class I>
__global__ void __launch_bounds__(kBlockThreads)
    inode_kernel(InodeArrays<V, I> a, const std::int64_t* __restrict__ slices_of_g, std::int64_t first,
                 std::int64_t count, const V* __restrict__ x, V alpha, V beta, V* y) {
  const std::int64_t k = std::int64_t(blockIdx.x) * kWarpsPerBlock + threadIdx.x / kWarp;
  if (k >= count) return;  // whole warps: a slice's lanes stay together
  const InodeSlice s = a.slices[slices_of_g ? slices_of_g[k] : first + k];
  const int lane = int(threadIdx.x % kWarp);
  if (s.kind & kInodeOffsets32)
    slice<G, kStream>(a, s, a.offsets32, lane, x, alpha, beta, y);
  else
    slice<G, kStream>(a, s, a.offsets16, lane, x, alpha, beta, y);
}

// The values from CSR order into the slices' layout (padding untouched);
// lanes as in the product.
template <class V, class I>
__global__ void __launch_bounds__(kBlockThreads)
    inode_fill_kernel(const InodeSlice* __restrict__ slices, std::int64_t count, const std::uint16_t* __restrict__ rows,
                      const I* __restrict__ row_ptr, const V* __restrict__ entries, V* __restrict__ values) {
  const std::int64_t slice = std::int64_t(blockIdx.x) * kWarpsPerBlock + threadIdx.x / kWarp;
  if (slice >= count) return;
  const InodeSlice s = slices[slice];
  const int lane = int(threadIdx.x % kWarp);
  const std::int64_t n = s.groups, k = s.threads, t = lane / n, g = lane % n, G = s.group_rows;
  if (t >= k) return;
  const std::int64_t row = s.row_base + rows[s.groups_at + g];
  for (std::int64_t r = 0; r < G; ++r) {
    const std::int64_t begin = row_ptr[row + r], end = row_ptr[row + r + 1];
    for (std::int64_t j = t; begin + j < end; j += k) values[s.values_at + (j * G + r) * n + g] = entries[begin + j];
  }
}

unsigned blocks_for(std::int64_t slices) {
  return unsigned((slices + kWarpsPerBlock - 1) / kWarpsPerBlock);
}

template <class V, class I>
class InodeDeviceFormat final : public DeviceFormat<V, I> {
 public:
  InodeDeviceFormat(const InodeHostFormat<V, I>& host, Stream stream) : host_(host) {
    const InodeLayout& l = host.layout();
    AIJA_REQUIRE(blocks_for(std::int64_t(l.slices.size())) <= unsigned(INT_MAX), unsupported,
                 "inode: " + std::to_string(l.slices.size()) + " slices are more than one launch can have; use format csr");
    slices_ = device_copy_of(l.slices, stream);
    rows_ = device_copy_of(l.rows, stream);
    by_rows_ = device_copy_of(l.by_rows, stream);
    {
      // The offsets (about 2 bytes a nonzero) through page-locked pieces: the
      // layout's pageable copies took about 14 ms for scalar FEM of 32M nonzeros.
      detail::StagedUpload staging;
      offsets16_ = detail::staged_device_copy_of(l.offsets16, staging, stream);
      offsets32_ = detail::staged_device_copy_of(l.offsets32, staging, stream);
    }
    values_ = DeviceBuffer<V>(std::size_t(l.stored_values));
    // Padding is never read; zeros keep the buffer defined for memory checkers.
    if (values_.bytes())
      AIJA_CUDA_CHECK(cudaMemsetAsync(values_.data(), 0, values_.bytes(), static_cast<cudaStream_t>(stream)));
    // A matrix larger than L2 streams past the caches; a smaller one stays in
    // L2 from one product to the next (as ipcsr measured).
    stream_loads_ = std::int64_t(l.device_bytes(sizeof(V))) > device_info(current_device()).l2_bytes;
    for (int g = 1; g <= kInodeMaxGroupRows; ++g) kernels_[std::size_t(g)] = kernel_for(g, stream_loads_);
    fill(stream, true);
  }

  // Each G's whole list of slices.
  void apply(V alpha, const V* x, V beta, V* y, Stream stream) override {
    const InodeLayout& l = host_.layout();
    for (int g = 1; g <= kInodeMaxGroupRows; ++g)
      launch(g, l.rows_begin[std::size_t(g)], l.rows_begin[std::size_t(g) + 1], alpha, x, beta, y, stream);
  }

  // The windows' first rows and the row count: a window's slices hold its rows only.
  std::vector<std::int64_t> row_cuts() const override { return host_.layout().window_rows; }

  void apply_rows(std::int64_t row0, std::int64_t row1, V alpha, const V* x, V beta, V* y, Stream stream) override {
    const InodeLayout& l = host_.layout();
    const auto window = [&](std::int64_t row) {
      const auto it = std::lower_bound(l.window_rows.begin(), l.window_rows.end(), row);
      AIJA_REQUIRE(it != l.window_rows.end() && *it == row, internal,
                   "inode apply_rows: row " + std::to_string(row) + " does not start a window");
      return l.window_slices[std::size_t(it - l.window_rows.begin())];
    };
    const std::int64_t first = window(row0), end = window(row1);
    // Each G's slices among [first, end): a range of its list, which is in slice order.
    for (int g = 1; g <= kInodeMaxGroupRows; ++g) {
      const auto begin = l.by_rows.begin() + l.rows_begin[std::size_t(g)];
      const auto stop = l.by_rows.begin() + l.rows_begin[std::size_t(g) + 1];
      launch(g, std::lower_bound(begin, stop, first) - l.by_rows.begin(),
             std::lower_bound(begin, stop, end) - l.by_rows.begin(), alpha, x, beta, y, stream);
    }
  }

  void set_row_map(const I* row_map) override { row_map_ = row_map; }

  void upload_values(Stream stream) override { fill(stream, false); }

  std::size_t device_bytes() const override {
    return slices_.bytes() + by_rows_.bytes() + rows_.bytes() + offsets16_.bytes() + offsets32_.bytes() +
           values_.bytes() + refills_.bytes();
  }

  std::vector<std::string> describe() const override {
    return {std::string("inode: loads of the matrix ") + (stream_loads_ ? "streamed past the caches (larger than L2)"
                                                                          : "cached (it fits in L2)")};
  }

 private:
  using D = detail::device_value_t<V>;  // V in the kernels (device_value.hpp)
  using Kernel = void (*)(InodeArrays<D, I>, const std::int64_t*, std::int64_t, std::int64_t, const D*, D, D, D*);

  template <int G>
  static Kernel kernel_for(bool stream_loads) {
    return stream_loads ? inode_kernel<G, 1, D, I> : inode_kernel<G, 0, D, I>;
  }
  static Kernel kernel_for(int rows, bool stream_loads) {
    switch (rows) {
      case 1: return kernel_for<1>(stream_loads);
      case 2: return kernel_for<2>(stream_loads);
      case 3: return kernel_for<3>(stream_loads);
      case 4: return kernel_for<4>(stream_loads);
      case 5: return kernel_for<5>(stream_loads);
      case 6: return kernel_for<6>(stream_loads);
      case 7: return kernel_for<7>(stream_loads);
      case 8: return kernel_for<8>(stream_loads);
    }
    static_assert(kInodeMaxGroupRows == 8, "a case per group size");
    AIJA_THROW(internal, "inode: a slice of " + std::to_string(rows) + " rows per group");
  }

  // The slices by_rows[b, e) (all of G rows) in one launch. When they are
  // consecutive slices (every slice of a scalar matrix), the kernel counts
  // them from the first instead of reading the list: a memory round trip
  // less before each warp's first load.
  void launch(int g, std::int64_t b, std::int64_t e, V alpha, const V* x, V beta, V* y, Stream stream) {
    if (e <= b) return;
    const InodeArrays<D, I> a{slices_.data(),    rows_.data(), offsets16_.data(), offsets32_.data(),
                              detail::dev_ptr(values_.data()), row_map_};
    const std::vector<std::int64_t>& by_rows = host_.layout().by_rows;  // increasing within [b, e)
    const bool consecutive = by_rows[std::size_t(e - 1)] - by_rows[std::size_t(b)] == e - 1 - b;
    kernels_[std::size_t(g)]<<<blocks_for(e - b), kBlockThreads, 0, static_cast<cudaStream_t>(stream)>>>(
        a, consecutive ? nullptr : by_rows_.data() + b, by_rows[std::size_t(b)], e - b, detail::dev_ptr(x),
        detail::dev_value(alpha), detail::dev_value(beta), detail::dev_ptr(y));
    AIJA_CUDA_CHECK_LAUNCH();
  }

  // The values from the host half's CSR arrays: at the upload from those the
  // analysis sent (when it did), else sent now; at a refill through the kept
  // refill arrays.
  void fill(Stream stream, bool at_upload) {
    if (host_.layout().slices.empty()) return;
    const std::optional<DeviceCsrPointers<V, I>> not_packed;  // its block holds the values alone
    detail::fill_from_csr(host_.csr(), host_.csr_prefetch(), not_packed, at_upload, false, refills_, stream,
                          [&](const DeviceCsrPointers<V, I>& src, bool) { launch_fill(src, stream); });
  }

  void launch_fill(const DeviceCsrPointers<V, I>& src, Stream stream) {
    const std::int64_t count = std::int64_t(host_.layout().slices.size());
    inode_fill_kernel<D, I><<<blocks_for(count), kBlockThreads, 0, static_cast<cudaStream_t>(stream)>>>(
        slices_.data(), count, rows_.data(), src.row_ptr, detail::dev_ptr(src.values),
        detail::dev_ptr(values_.data()));
    AIJA_CUDA_CHECK_LAUNCH();
  }

  const InodeHostFormat<V, I>& host_;
  bool stream_loads_ = false;
  const I* row_map_ = nullptr;  // set_row_map(): y[row_map[i]] for row i
  std::array<Kernel, kInodeMaxGroupRows + 1> kernels_{};  // [G]: the variant for the loads' cache hint
  DeviceBuffer<InodeSlice> slices_;
  DeviceBuffer<std::int64_t> by_rows_;
  DeviceBuffer<std::uint16_t> rows_, offsets16_;
  DeviceBuffer<std::uint32_t> offsets32_;
  DeviceBuffer<V> values_;
  detail::CsrRefills<V, I> refills_;
};

}  // namespace

template <class V, class I>
std::unique_ptr<DeviceFormat<V, I>> upload_inode(const InodeHostFormat<V, I>& host, Stream stream) {
  return std::make_unique<InodeDeviceFormat<V, I>>(host, stream);
}

#define AIJA_INSTANTIATE(V, I) \
  template std::unique_ptr<DeviceFormat<V, I>> upload_inode<V, I>(const InodeHostFormat<V, I>&, Stream);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
