// Stop 68, call 7: the GPU's time for a host-to-device copy by where the host bytes are: 4 KiB
// pages registered (a page-locked pack now), a 2 MiB transparent huge page registered,
// cudaMallocHost, pageable. CUDA events around each copy, medians of 200; and the whole
// (call to stream through) time on the host.
#include <cuda_runtime.h>
#include <sys/mman.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
static double med(std::vector<double> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; }
int main() {
  cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  const size_t most = 1 << 20, huge = 2 << 20;
  void* small_pages = std::aligned_alloc(4096, most);
  std::memset(small_pages, 1, most);
  cudaHostRegister(small_pages, most, cudaHostRegisterPortable | cudaHostRegisterMapped);
  void* huge_page = std::aligned_alloc(huge, huge);
  madvise(huge_page, huge, MADV_HUGEPAGE);
  std::memset(huge_page, 1, huge);
  cudaHostRegister(huge_page, huge, cudaHostRegisterPortable | cudaHostRegisterMapped);
  void* malloc_host; cudaMallocHost(&malloc_host, most); std::memset(malloc_host, 1, most);
  std::vector<unsigned char> pageable(most, 1);
  void* dev; cudaMalloc(&dev, most);
  cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
  const char* names[] = {"4k-registered", "2M-registered", "mallochost", "pageable"};
  void* srcs[] = {small_pages, huge_page, malloc_host, pageable.data()};
  printf("AnonHugePages: "); fflush(stdout); system("grep AnonHugePages /proc/meminfo");
  printf("%-14s %8s %10s %10s\n", "source", "bytes", "gpu_us", "host_us");
  for (size_t bytes = 16 << 10; bytes <= most; bytes *= 2)
    for (int k = 0; k < 4; ++k) {
      std::vector<double> g, h;
      for (int r = 0; r < 200; ++r) {
        auto t0 = std::chrono::steady_clock::now();
        cudaEventRecord(a, s);
        cudaMemcpyAsync(dev, srcs[k], bytes, cudaMemcpyHostToDevice, s);
        cudaEventRecord(b, s);
        cudaStreamSynchronize(s);
        auto t1 = std::chrono::steady_clock::now();
        float ms; cudaEventElapsedTime(&ms, a, b);
        g.push_back(ms * 1e3); h.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
      }
      printf("%-14s %8zu %10.1f %10.1f\n", names[k], bytes, med(g), med(h));
    }
  return 0;
}
