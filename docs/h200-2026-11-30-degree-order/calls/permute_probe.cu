// Call G (stop 64): x into a random numbering of n entries, as the reordered format's gather does
// (xp[i] = x[new_to_old[i]]: x read scattered, xp written in order) against a scatter
// (xp[old_to_new[j]] = x[j]: x read in order, xp written scattered), after a pass over a 256 MiB
// buffer that evicts x from L2 as a product's stream of the matrix would. CUDA events, the median
// of 51 after 5 warm-ups, double, 32-bit indices. The copy of x alone is the floor.
//   nvcc -O3 -arch=sm_90 -o permute_probe permute_probe.cu && ./permute_probe
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <random>
#include <vector>

#define CHECK(x)                                                                     \
  do {                                                                               \
    cudaError_t e = (x);                                                             \
    if (e != cudaSuccess) {                                                          \
      std::printf("%s: %s (line %d)\n", #x, cudaGetErrorString(e), __LINE__);        \
      std::exit(1);                                                                  \
    }                                                                                \
  } while (0)

__global__ void gather(const double* __restrict__ x, const int* __restrict__ new_to_old, int n,
                       double* __restrict__ xp) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) xp[i] = __ldg(x + new_to_old[i]);
}

__global__ void scatter(const double* __restrict__ x, const int* __restrict__ old_to_new, int n,
                        double* __restrict__ xp) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < n) xp[old_to_new[j]] = x[j];
}

__global__ void copy(const double* __restrict__ x, int n, double* __restrict__ xp) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) xp[i] = x[i];
}

__global__ void evict(float4* buf, std::size_t n) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n; i += std::size_t(gridDim.x) * blockDim.x) {
    float4 v = buf[i];
    v.x += 1.0f;
    buf[i] = v;
  }
}

int main() {
  const std::size_t evict_n = (std::size_t(256) << 20) / sizeof(float4);
  float4* buf;
  CHECK(cudaMalloc(&buf, evict_n * sizeof(float4)));
  CHECK(cudaMemset(buf, 0, evict_n * sizeof(float4)));
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  for (int n : {1 << 19, 1 << 20, 1 << 21, 1 << 22}) {
    std::vector<int> new_to_old(n), old_to_new(n);
    std::iota(new_to_old.begin(), new_to_old.end(), 0);
    std::shuffle(new_to_old.begin(), new_to_old.end(), std::mt19937_64(n));
    for (int i = 0; i < n; ++i) old_to_new[new_to_old[i]] = i;
    int *d_n2o, *d_o2n;
    double *x, *xp;
    CHECK(cudaMalloc(&d_n2o, n * sizeof(int)));
    CHECK(cudaMalloc(&d_o2n, n * sizeof(int)));
    CHECK(cudaMalloc(&x, n * sizeof(double)));
    CHECK(cudaMalloc(&xp, n * sizeof(double)));
    CHECK(cudaMemcpy(d_n2o, new_to_old.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_o2n, old_to_new.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    CHECK(cudaMemset(x, 0, n * sizeof(double)));
    const int threads = 256, blocks = (n + threads - 1) / threads;
    for (int kind = 0; kind < 3; ++kind) {
      std::vector<float> t;
      for (int r = 0; r < 56; ++r) {
        evict<<<1024, 256>>>(buf, evict_n);
        CHECK(cudaEventRecord(a));
        if (kind == 0) gather<<<blocks, threads>>>(x, d_n2o, n, xp);
        if (kind == 1) scatter<<<blocks, threads>>>(x, d_o2n, n, xp);
        if (kind == 2) copy<<<blocks, threads>>>(x, n, xp);
        CHECK(cudaEventRecord(b));
        CHECK(cudaEventSynchronize(b));
        float ms;
        CHECK(cudaEventElapsedTime(&ms, a, b));
        if (r >= 5) t.push_back(ms * 1000);
      }
      std::nth_element(t.begin(), t.begin() + t.size() / 2, t.end());
      std::printf("n %8d (x %5.1f MiB) %-8s %7.1f us\n", n, n * 8.0 / (1 << 20),
                  kind == 0 ? "gather" : kind == 1 ? "scatter" : "copy", t[t.size() / 2]);
    }
    CHECK(cudaFree(d_n2o));
    CHECK(cudaFree(d_o2n));
    CHECK(cudaFree(x));
    CHECK(cudaFree(xp));
  }
  return 0;
}
