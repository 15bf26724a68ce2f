// Page-locked host buffers: cudaMallocHost against THP-backed memory registered (all costs in),
// and whether freeing either waits for a running kernel.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/mman.h>
#include <cuda_runtime.h>
static double now_ms() { return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count(); }
__global__ void spin(long long cycles) { long long t0 = clock64(); while (clock64() - t0 < cycles) {} }
static void* thp_register(size_t bytes) {
  const size_t huge = size_t(2) << 20;
  size_t n = (bytes + huge - 1) / huge * huge;
  void* h = std::aligned_alloc(huge, n);
  madvise(h, n, MADV_HUGEPAGE);
  for (size_t k = 0; k < n; k += 4096) static_cast<char*>(h)[k] = 0;
  cudaHostRegister(h, n, cudaHostRegisterPortable);
  return h;
}
int main() {
  cudaFree(0);
  cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  for (size_t mb : {2, 16, 32, 64}) {
    size_t bytes = mb << 20;
    for (int rep = 0; rep < 3; ++rep) {
      double t0 = now_ms(); void* p; cudaMallocHost(&p, bytes); double t1 = now_ms();
      void* h = thp_register(bytes); double t2 = now_ms();
      cudaFreeHost(p); double t3 = now_ms();
      cudaHostUnregister(h); free(h); double t4 = now_ms();
      printf("%3zu MB: cudaMallocHost %6.2f ms, THP+register %6.2f ms; cudaFreeHost %6.2f, unregister+free %6.2f\n", mb, t1 - t0, t2 - t1, t3 - t2, t4 - t3);
    }
  }
  // Does freeing wait for a 50 ms kernel on another stream?
  void* p; cudaMallocHost(&p, 16 << 20); void* h = thp_register(16 << 20);
  spin<<<1, 1, 0, s>>>(100000000LL); double t0 = now_ms(); cudaFreeHost(p); double t1 = now_ms();
  cudaStreamSynchronize(s);
  spin<<<1, 1, 0, s>>>(100000000LL); double t2 = now_ms(); cudaHostUnregister(h); free(h); double t3 = now_ms();
  cudaStreamSynchronize(s);
  void* q; cudaMallocHost(&q, 16 << 20);
  spin<<<1, 1, 0, s>>>(100000000LL); double t4 = now_ms(); void* r; cudaMallocHost(&r, 16 << 20); double t5 = now_ms();
  cudaStreamSynchronize(s);
  printf("while a kernel runs: cudaFreeHost %.2f ms, unregister+free %.2f ms, cudaMallocHost %.2f ms\n", t1 - t0, t3 - t2, t5 - t4);
}
