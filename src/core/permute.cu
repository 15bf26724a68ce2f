#include "core/permute.hpp"

#include <cuda_runtime_api.h>

#include "aijadaptive/instantiate.hpp"
#include "core/cuda_check.hpp"
#include "core/device_value.hpp"

namespace aijadaptive::detail {

namespace {

constexpr int kThreads = 256;

unsigned blocks_for(std::int64_t n) { return unsigned((n + kThreads - 1) / kThreads); }

template <class V, class I>
__global__ void gather_kernel(const V* __restrict__ x, const I* __restrict__ new_to_old, std::int64_t n,
                              V* __restrict__ x_new) {
  const std::int64_t i = std::int64_t(blockIdx.x) * kThreads + threadIdx.x;
  if (i < n) x_new[i] = __ldg(x + new_to_old[i]);
}

template <class V, class I>
__global__ void back_kernel(V alpha, const V* __restrict__ y_new, const I* __restrict__ old_to_new, std::int64_t n,
                            V beta, V* __restrict__ y) {
  const std::int64_t j = std::int64_t(blockIdx.x) * kThreads + threadIdx.x;
  if (j >= n) return;
  const V p = y_new[old_to_new[j]];
  y[j] = beta == V(0) ? alpha * p : alpha * p + beta * y[j];
}

}  // namespace

template <class V, class I>
void permute_gather(const V* x, const I* new_to_old, std::int64_t n, V* x_new, Stream stream) {
  if (n == 0) return;
  gather_kernel<<<blocks_for(n), kThreads, 0, static_cast<cudaStream_t>(stream)>>>(dev_ptr(x), new_to_old, n,
                                                                                    dev_ptr(x_new));
  AIJA_CUDA_CHECK_LAUNCH();
}

template <class V, class I>
void permute_back(V alpha, const V* y_new, const I* old_to_new, std::int64_t n, V beta, V* y, Stream stream) {
  if (n == 0) return;
  back_kernel<<<blocks_for(n), kThreads, 0, static_cast<cudaStream_t>(stream)>>>(
      dev_value(alpha), dev_ptr(y_new), old_to_new, n, dev_value(beta), dev_ptr(y));
  AIJA_CUDA_CHECK_LAUNCH();
}

#define AIJA_INSTANTIATE(V, I)                                                                    \
  template void permute_gather<V, I>(const V*, const I*, std::int64_t, V*, Stream);              \
  template void permute_back<V, I>(V, const V*, const I*, std::int64_t, V, V*, Stream);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive::detail
