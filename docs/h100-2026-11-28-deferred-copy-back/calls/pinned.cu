// How long page-locked host buffers take to make: cudaHostAlloc vs malloc + cudaHostRegister (4k, THP).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/mman.h>
#include <cuda_runtime.h>
static double now_ms() { return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count(); }
int main() {
  cudaFree(0);
  for (size_t mb : {2, 4, 16, 32, 64}) {
    size_t bytes = mb << 20;
    for (int rep = 0; rep < 2; ++rep) {
      double t0 = now_ms(); void* p; cudaHostAlloc(&p, bytes, cudaHostAllocDefault); double t1 = now_ms();
      cudaFreeHost(p); double t2 = now_ms();
      void* q = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      double t3 = now_ms(); cudaHostRegister(q, bytes, cudaHostRegisterDefault); double t4 = now_ms();
      cudaHostUnregister(q); munmap(q, bytes);
      void* h = nullptr; posix_memalign(&h, 2 << 20, bytes); madvise(h, bytes, MADV_HUGEPAGE); memset(h, 0, bytes);
      double t5 = now_ms(); cudaHostRegister(h, bytes, cudaHostRegisterDefault); double t6 = now_ms();
      cudaHostUnregister(h); free(h);
      printf("%3zu MB rep %d: cudaHostAlloc %7.2f ms (free %6.2f); register fresh 4k %7.2f ms; register touched THP %7.2f ms\n", mb, rep, t1 - t0, t2 - t1, t4 - t3, t6 - t5);
    }
  }
}
