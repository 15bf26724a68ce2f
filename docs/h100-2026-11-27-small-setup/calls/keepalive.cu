// Does a persistent small allocation keep the driver's small-allocation chunk mapped, so that a
// set-up's first cudaMalloc and last cudaFree stop costing tens of microseconds?
#include <cuda_runtime.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>
static double loop_us(int reps, size_t small, int count) {
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    auto s = std::chrono::steady_clock::now();
    std::vector<void*> p(count);
    for (auto& q : p) cudaMalloc(&q, small);
    for (auto q : p) cudaFree(q);
    t.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - s).count());
  }
  std::nth_element(t.begin(), t.begin() + t.size() / 2, t.end());
  return t[t.size() / 2];
}
int main() {
  cudaFree(0);
  for (size_t small : {256, 4096, 65536, 1 << 20}) {
    const double bare = loop_us(200, small, 7);
    void* keep = nullptr;
    cudaMalloc(&keep, 256);
    const double kept = loop_us(200, small, 7);
    cudaFree(keep);
    const double bare2 = loop_us(200, small, 7);
    std::printf("7 x %7zu bytes malloc+free: %.1f us bare, %.1f us with a 256-byte allocation kept, %.1f bare again\n",
                small, bare, kept, bare2);
  }
}
