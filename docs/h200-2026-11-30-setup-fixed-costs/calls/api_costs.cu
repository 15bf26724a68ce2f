// Stop 67: the host-side cost of the CUDA calls of a small matrix's upload, medians over 2000 reps.
#include <cuda_runtime.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <vector>
__global__ void tiny(int* flag, int n) { if (threadIdx.x == 0 && n < 0) atomicOr(flag, 1); }
double median_us(const std::function<void()>& f, int reps = 2000) {
  std::vector<double> t(reps);
  for (int w = 0; w < 50; ++w) f();
  for (int r = 0; r < reps; ++r) {
    auto t0 = std::chrono::steady_clock::now(); f();
    t[r] = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
  }
  std::nth_element(t.begin(), t.begin() + reps / 2, t.end());
  return t[reps / 2];
}
int main() {
  cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  void* d; cudaMalloc(&d, 1 << 20);
  int* dflag; cudaMalloc(&dflag, 4);
  std::vector<char> pageable(1 << 20, 1);
  char* pinned; cudaMallocHost(&pinned, 1 << 20);
  int* mapped; cudaHostAlloc(&mapped, 4096, cudaHostAllocMapped);
  int host_flag = 0;
  cudaEvent_t ev; cudaEventCreateWithFlags(&ev, cudaEventDisableTiming);
  cudaMemPool_t pool; cudaDeviceGetDefaultMemPool(&pool, 0);
  unsigned long long thr = ~0ull; cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &thr);
  printf("%-55s %8.2f us\n", "sync of an idle stream", median_us([&] { cudaStreamSynchronize(s); }));
  printf("%-55s %8.2f us\n", "launch + sync", median_us([&] { tiny<<<1, 32, 0, s>>>(dflag, 1); cudaStreamSynchronize(s); }));
  printf("%-55s %8.2f us\n", "launch + D2H 4 B pageable + sync", median_us([&] { tiny<<<1, 32, 0, s>>>(dflag, 1); cudaMemcpyAsync(&host_flag, dflag, 4, cudaMemcpyDeviceToHost, s); cudaStreamSynchronize(s); }));
  printf("%-55s %8.2f us\n", "launch + D2H 4 B pinned + sync", median_us([&] { tiny<<<1, 32, 0, s>>>(dflag, 1); cudaMemcpyAsync(pinned, dflag, 4, cudaMemcpyDeviceToHost, s); cudaStreamSynchronize(s); }));
  int* mapped_dev; cudaHostGetDevicePointer((void**)&mapped_dev, mapped, 0);
  printf("%-55s %8.2f us\n", "launch writing a mapped flag + sync", median_us([&] { tiny<<<1, 32, 0, s>>>(mapped_dev, 1); cudaStreamSynchronize(s); }));
  for (size_t b : {1024ul, 16384ul, 65536ul, 131072ul}) {
    char name[80];
    snprintf(name, sizeof name, "H2D %zu B pageable (call only)", b);
    printf("%-55s %8.2f us\n", name, median_us([&] { cudaMemcpyAsync(d, pageable.data(), b, cudaMemcpyHostToDevice, s); }));
    cudaStreamSynchronize(s);
    snprintf(name, sizeof name, "H2D %zu B pageable + sync", b);
    printf("%-55s %8.2f us\n", name, median_us([&] { cudaMemcpyAsync(d, pageable.data(), b, cudaMemcpyHostToDevice, s); cudaStreamSynchronize(s); }));
    snprintf(name, sizeof name, "H2D %zu B pinned + event record + sync", b);
    printf("%-55s %8.2f us\n", name, median_us([&] { cudaMemcpyAsync(d, pinned, b, cudaMemcpyHostToDevice, s); cudaEventRecord(ev, s); cudaStreamSynchronize(s); }));
  }
  printf("%-55s %8.2f us\n", "memsetAsync 1 KB (call only)", median_us([&] { cudaMemsetAsync(d, 0, 1024, s); }));
  cudaStreamSynchronize(s);
  printf("%-55s %8.2f us\n", "mallocAsync+freeAsync 16 KB", median_us([&] { void* p; cudaMallocAsync(&p, 16384, s); cudaFreeAsync(p, s); }));
  cudaStreamSynchronize(s);
  printf("%-55s %8.2f us\n", "event create+record+destroy", median_us([&] { cudaEvent_t e; cudaEventCreateWithFlags(&e, cudaEventDisableTiming); cudaEventRecord(e, s); cudaEventDestroy(e); }));
  printf("%-55s %8.2f us\n", "cudaMalloc+cudaFree 16 KB", median_us([&] { void* p; cudaMalloc(&p, 16384); cudaFree(p); }, 500));
  // A tiny upload as today (two pageable packs, a launch, a pageable flag read) and merged (one pack, launch, sync).
  printf("%-55s %8.2f us\n", "2 x H2D 4 KB pageable + launch + D2H pageable + sync", median_us([&] { cudaMemcpyAsync(d, pageable.data(), 4096, cudaMemcpyHostToDevice, s); cudaMemcpyAsync((char*)d + 8192, pageable.data(), 4096, cudaMemcpyHostToDevice, s); tiny<<<1, 32, 0, s>>>(dflag, 1); cudaMemcpyAsync(&host_flag, dflag, 4, cudaMemcpyDeviceToHost, s); cudaStreamSynchronize(s); }));
  printf("%-55s %8.2f us\n", "1 x H2D 8 KB pageable + launch + sync", median_us([&] { cudaMemcpyAsync(d, pageable.data(), 8192, cudaMemcpyHostToDevice, s); tiny<<<1, 32, 0, s>>>(dflag, 1); cudaStreamSynchronize(s); }));
  printf("%-55s %8.2f us\n", "1 x H2D 8 KB pageable + launch (no sync)", median_us([&] { cudaMemcpyAsync(d, pageable.data(), 8192, cudaMemcpyHostToDevice, s); tiny<<<1, 32, 0, s>>>(dflag, 1); }));
  cudaStreamSynchronize(s);
  return 0;
}
