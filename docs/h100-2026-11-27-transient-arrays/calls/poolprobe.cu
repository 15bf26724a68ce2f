#include <cuda_runtime.h>
#include <chrono>
#include <cstdint>
#include <cstdio>
int main() {
  int dev = 0, supported = -1;
  cudaError_t e = cudaDeviceGetAttribute(&supported, cudaDevAttrMemoryPoolsSupported, dev);
  std::printf("attr: %s supported=%d\n", cudaGetErrorString(e), supported);
  cudaMemPoolProps props{};
  props.allocType = cudaMemAllocationTypePinned;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = dev;
  cudaMemPool_t pool = nullptr;
  e = cudaMemPoolCreate(&pool, &props);
  std::printf("create: %s\n", cudaGetErrorString(e));
  std::uint64_t kept = 32u << 20;
  e = cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &kept);
  std::printf("set: %s\n", cudaGetErrorString(e));
  cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  void* anchor; cudaMalloc(&anchor, 256);
  using C = std::chrono::steady_clock;
  for (size_t bytes : {size_t(300) << 10, size_t(700) << 10, size_t(3) << 20, size_t(24) << 20}) {
    for (int k = 0; k < 3; ++k) {
      auto t0 = C::now(); void* p; cudaMalloc(&p, bytes); auto t1 = C::now(); cudaFree(p); auto t2 = C::now();
      void* q; auto t3 = C::now(); cudaMallocFromPoolAsync(&q, bytes, pool, s); auto t4 = C::now(); cudaFreeAsync(q, s); cudaStreamSynchronize(s); auto t5 = C::now();
      std::printf("%8zu KB: cudaMalloc %6.1f us cudaFree %6.1f us | pool alloc %6.1f us free+sync %6.1f us  %s\n", bytes >> 10,
                  std::chrono::duration<double, std::micro>(t1 - t0).count(), std::chrono::duration<double, std::micro>(t2 - t1).count(),
                  std::chrono::duration<double, std::micro>(t4 - t3).count(), std::chrono::duration<double, std::micro>(t5 - t4).count(),
                  cudaGetErrorString(cudaGetLastError()));
    }
  }
  return 0;
}
