// Format `suraa`'s long grids launched from the device (dynamic
// parallelism): the only relocatable device code of the format
// (src/formats/suraa/CMakeLists.txt), apart from its other kernels so that
// the module, and the device runtime with it, is loaded only by a matrix
// whose long grids are launched from the device.
#include <cuda_runtime.h>

#include <algorithm>

#include "aijadaptive/instantiate.hpp"
#include "core/cuda_check.hpp"
#include "core/device_value.hpp"
#include "formats/suraa/device_bodies.cuh"

namespace aijadaptive::suraa_device {

namespace {

constexpr int kParentThreads = 32;  // long segments per parent block

// Long group, one segment: a block per chunk of a row. Bounded for
// long_threads' largest value: without the bound, complex<double> took more
// registers than 1024 threads have, and its grids launched from the device
// failed (silently there: counted in launch_failures).
template <bool kStream, class V, class I>
__global__ void __launch_bounds__(kSuraaMaxLongThreads)
    suraa_long_child(SuraaArrays<V, I> a, SuraaLongSegment s, const V* __restrict__ x, V alpha, V beta, V* y) {
  long_block<kStream>(a, s, std::int64_t(blockIdx.x), x, alpha, beta, y);
}

// A thread per long segment launches its grid.
template <bool kStream, class V, class I>
__global__ void suraa_long_parent(SuraaArrays<V, I> a, const SuraaLongSegment* __restrict__ segments,
                                  std::int64_t count, int threads, const V* x, V alpha, V beta, V* y) {
  const std::int64_t i = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= count) return;
  const SuraaLongSegment s = segments[i];
  suraa_long_child<kStream><<<unsigned(s.rows * s.chunks), threads, 0, cudaStreamFireAndForget>>>(a, s, x, alpha,
                                                                                                  beta, y);
  if (cudaGetLastError() != cudaSuccess) atomicAdd(a.launch_failures, 1u);
}

}  // namespace

// At most `batch` segments per parent: the next parent starts once the
// previous one's grids are done (stream order).
template <class V, class I>
void launch_long_from_device(const SuraaArrays<V, I>& a, const SuraaLongSegment* segments, std::int64_t count,
                             int threads, std::int64_t batch, bool stream_loads, const V* x, V alpha, V beta, V* y,
                             cudaStream_t stream) {
  const auto parent = stream_loads ? suraa_long_parent<true, V, I> : suraa_long_parent<false, V, I>;
  for (std::int64_t first = 0; first < count; first += batch) {
    const std::int64_t n = std::min(batch, count - first);
    parent<<<unsigned((n + kParentThreads - 1) / kParentThreads), kParentThreads, 0, stream>>>(
        a, segments + first, n, threads, x, alpha, beta, y);
    AIJA_CUDA_CHECK_LAUNCH();
  }
}

std::int64_t pending_launch_limit() {
  size_t pending = 0;
  AIJA_CUDA_CHECK(cudaDeviceGetLimit(&pending, cudaLimitDevRuntimePendingLaunchCount));
  return std::max<std::int64_t>(1, std::int64_t(pending));
}

#define AIJA_INSTANTIATE(V, I)                                                                                     \
  template void launch_long_from_device<detail::device_value_t<V>, I>(                                            \
      const SuraaArrays<detail::device_value_t<V>, I>&, const SuraaLongSegment*, std::int64_t, int, std::int64_t, \
      bool, const detail::device_value_t<V>*, detail::device_value_t<V>, detail::device_value_t<V>,                \
      detail::device_value_t<V>*, cudaStream_t);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive::suraa_device
