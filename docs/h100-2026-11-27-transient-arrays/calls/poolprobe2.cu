#include <cuda_runtime.h>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
using C = std::chrono::steady_clock;
static double us(C::time_point a, C::time_point b) { return std::chrono::duration<double, std::micro>(b - a).count(); }
static cudaMemPool_t make(size_t max_size) {
  cudaMemPoolProps props{};
  props.allocType = cudaMemAllocationTypePinned;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = 0;
  props.maxSize = max_size;
  cudaMemPool_t pool = nullptr;
  cudaError_t e = cudaMemPoolCreate(&pool, &props);
  if (e != cudaSuccess) std::printf("create(max %zu): %s\n", max_size, cudaGetErrorString(e));
  return pool;
}
int main(int argc, char** argv) {
  const int variant = std::atoi(argv[1]);
  cudaFree(0);
  cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  void* warm; cudaMalloc(&warm, 1 << 20);
  auto t0 = C::now();
  cudaMemPool_t pool = nullptr;
  if (variant == 0) pool = make(0);
  if (variant == 1) pool = make(size_t(64) << 20);
  if (variant == 2) pool = make(size_t(1) << 30);
  auto t1 = C::now();
  for (int k = 0; k < 4; ++k) {
    void* p = nullptr;
    auto a = C::now();
    cudaError_t e = variant == 3 ? cudaMallocAsync(&p, 700 << 10, s) : cudaMallocFromPoolAsync(&p, 700 << 10, pool, s);
    auto b = C::now();
    cudaFreeAsync(p, s);
    cudaStreamSynchronize(s);
    auto c = C::now();
    std::printf("variant %d: create %.1f us, alloc %d: %.1f us (%s), free+sync %.1f us\n", variant, us(t0, t1), k, us(a, b),
                cudaGetErrorString(e), us(b, c));
  }
  if (variant != 3) {  // a second pool in the same process
    auto a = C::now();
    cudaMemPool_t p2 = make(variant == 1 ? size_t(64) << 20 : variant == 2 ? size_t(1) << 30 : 0);
    void* p = nullptr;
    auto b = C::now();
    cudaMallocFromPoolAsync(&p, 700 << 10, p2, s);
    auto c = C::now();
    std::printf("variant %d: second pool create %.1f us, first alloc %.1f us\n", variant, us(a, b), us(b, c));
  }
  return 0;
}
