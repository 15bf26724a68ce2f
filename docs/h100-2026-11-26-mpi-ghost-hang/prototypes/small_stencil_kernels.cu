// Prototype: DIA kernels for small stencils (27-point / 7-point on n^3), GPU time per kernel
// from a graph of 200 launches (no host bound), several launch shapes.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1);} } while (0)

template <int D>
struct Offs { long long o[D]; };

// one thread per row, all diagonals (as the generated kernel; unguarded: x padded)
template <int D>
__global__ void __launch_bounds__(256) one_per_row(Offs<D> off, const double* __restrict__ val, long long n,
                                                   const double* __restrict__ x, double* __restrict__ y) {
  const long long row = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (row >= n) return;
  double s = 0;
#pragma unroll
  for (int d = 0; d < D; ++d) s += val[d * n + row] * __ldg(x + row + off.o[d]);
  y[row] = s;
}

// loads first, explicitly
template <int D>
__global__ void __launch_bounds__(256) loads_first(Offs<D> off, const double* __restrict__ val, long long n,
                                                   const double* __restrict__ x, double* __restrict__ y) {
  const long long row = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (row >= n) return;
  double v[D], xv[D];
#pragma unroll
  for (int d = 0; d < D; ++d) v[d] = val[d * n + row];
#pragma unroll
  for (int d = 0; d < D; ++d) xv[d] = __ldg(x + row + off.o[d]);
  double s = 0;
#pragma unroll
  for (int d = 0; d < D; ++d) s += v[d] * xv[d];
  y[row] = s;
}

// P groups of warps per block split the diagonals; block = 32*W rows x P; smem partials
template <int D, int P>
__global__ void split_diagonals(Offs<D> off, const double* __restrict__ val, long long n,
                                const double* __restrict__ x, double* __restrict__ y) {
  extern __shared__ double part[];
  const int rows_per_block = blockDim.x / P;
  const int g = threadIdx.x / rows_per_block, r = threadIdx.x % rows_per_block;
  const long long row = blockIdx.x * (long long)rows_per_block + r;
  double s = 0;
  if (row < n) {
#pragma unroll
    for (int d = 0; d < D; ++d)
      if (d % P == g) s += val[d * n + row] * __ldg(x + row + off.o[d]);
  }
  part[g * rows_per_block + r] = s;
  __syncthreads();
  if (g == 0 && row < n) {
    double t = part[r];
#pragma unroll
    for (int k = 1; k < P; ++k) t += part[k * rows_per_block + r];
    y[row] = t;
  }
}

__global__ void empty_kernel() {}

template <class F>
double per_kernel_us(F launch, cudaStream_t st) {
  cudaGraph_t g;
  cudaGraphExec_t ge;
  CK(cudaStreamBeginCapture(st, cudaStreamCaptureModeThreadLocal));
  for (int i = 0; i < 200; ++i) launch(st);
  CK(cudaStreamEndCapture(st, &g));
  CK(cudaGraphInstantiate(&ge, g, 0));
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  for (int i = 0; i < 3; ++i) CK(cudaGraphLaunch(ge, st));
  std::vector<float> t;
  for (int i = 0; i < 15; ++i) {
    CK(cudaEventRecord(a, st));
    CK(cudaGraphLaunch(ge, st));
    CK(cudaEventRecord(b, st));
    CK(cudaEventSynchronize(b));
    float ms;
    CK(cudaEventElapsedTime(&ms, a, b));
    t.push_back(ms);
  }
  std::sort(t.begin(), t.end());
  // also back to back single launches (host bound or not)
  return t[t.size() / 2] * 1e3 / 200;
}

template <int D>
void run(int n1, const int (*stencil)[3]) {
  const long long n = (long long)n1 * n1 * n1, pad = (long long)n1 * n1 + n1 + 1;
  Offs<D> off;
  for (int d = 0; d < D; ++d) off.o[d] = stencil[d][0] * (long long)n1 * n1 + stencil[d][1] * n1 + stencil[d][2];
  std::vector<double> val(D * n), x(n + 2 * pad, 0.0);
  for (long long i = 0; i < D * n; ++i) val[i] = 1.0 / (1 + i % 5);
  for (long long i = 0; i < n; ++i) x[pad + i] = 1 + (i % 3);
  double *dv, *dxp, *dy;
  CK(cudaMalloc(&dv, val.size() * 8));
  CK(cudaMalloc(&dxp, x.size() * 8));
  CK(cudaMalloc(&dy, n * 8));
  CK(cudaMemcpy(dv, val.data(), val.size() * 8, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dxp, x.data(), x.size() * 8, cudaMemcpyHostToDevice));
  const double* dx = dxp + pad;
  cudaStream_t st;
  CK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
  std::vector<double> ref(n);
  auto check = [&](const char* what) {
    std::vector<double> yg(n);
    CK(cudaStreamSynchronize(st));
    CK(cudaMemcpy(yg.data(), dy, n * 8, cudaMemcpyDeviceToHost));
    double e = 0;
    for (long long i = 0; i < n; ++i) e = std::max(e, std::abs(yg[i] - ref[i]));
    if (e > 1e-9) printf("  %s WRONG %g\n", what, e);
  };
  for (long long i = 0; i < n; ++i) {
    double s = 0;
    for (int d = 0; d < D; ++d) s += val[d * n + i] * x[pad + i + off.o[d]];
    ref[i] = s;
  }
  printf("%d-point n=%d rows %lld: empty kernel %.2f us\n", D, n1, n, per_kernel_us([&](cudaStream_t s) { empty_kernel<<<1, 32, 0, s>>>(); }, st));
  for (int T : {256, 128, 64}) {
    const unsigned grid = unsigned((n + T - 1) / T);
    double us = per_kernel_us([&](cudaStream_t s) { one_per_row<D><<<grid, T, 0, s>>>(off, dv, n, dx, dy); }, st);
    check("one");
    double us2 = per_kernel_us([&](cudaStream_t s) { loads_first<D><<<grid, T, 0, s>>>(off, dv, n, dx, dy); }, st);
    check("loads_first");
    printf("  T=%d one_per_row %.2f us, loads_first %.2f us\n", T, us, us2);
  }
  for (int R : {32, 64, 128}) {
    const unsigned grid = unsigned((n + R - 1) / R);
    double u2 = per_kernel_us([&](cudaStream_t s) { split_diagonals<D, 2><<<grid, R * 2, R * 2 * 8, s>>>(off, dv, n, dx, dy); }, st);
    check("p2");
    double u4 = per_kernel_us([&](cudaStream_t s) { split_diagonals<D, 4><<<grid, R * 4, R * 4 * 8, s>>>(off, dv, n, dx, dy); }, st);
    check("p4");
    double u8 = 0;
    if (R * 8 <= 1024) {
      u8 = per_kernel_us([&](cudaStream_t s) { split_diagonals<D, 8><<<grid, R * 8, R * 8 * 8, s>>>(off, dv, n, dx, dy); }, st);
      check("p8");
    }
    printf("  rows/block %d: split P=2 %.2f us, P=4 %.2f us, P=8 %.2f us\n", R, u2, u4, u8);
  }
  cudaFree(dv);
  cudaFree(dxp);
  cudaFree(dy);
}

int main(int argc, char** argv) {
  const int n = argc > 1 ? atoi(argv[1]) : 24;
  static int s27[27][3], s7[7][3] = {{-1, 0, 0}, {0, -1, 0}, {0, 0, -1}, {0, 0, 0}, {0, 0, 1}, {0, 1, 0}, {1, 0, 0}};
  int k = 0;
  for (int a = -1; a <= 1; ++a)
    for (int b = -1; b <= 1; ++b)
      for (int c = -1; c <= 1; ++c) s27[k][0] = a, s27[k][1] = b, s27[k][2] = c, ++k;
  run<27>(n, s27);
  run<7>(n, s7);
  return 0;
}
