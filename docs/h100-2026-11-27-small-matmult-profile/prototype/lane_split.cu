// Prototype: does giving a row L lanes (each a share of the diagonals, summed
// by shuffles) shorten a small stencil's DIA kernel? x padded (no guards) so
// that only the split differs. Timed as in desc_kernels.cu: a 200-node graph,
// and 2000 one-node graph launches back to back (a replayed MatMult).
#include <cuda_runtime.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1);} } while (0)

template <int D> struct Offs { long long o[D]; };

// L lanes a row, lane j takes diagonals j, j + L, ...; T threads a block.
template <int D, int L, int T>
__global__ void __launch_bounds__(T) split(Offs<D> off, const double* __restrict__ val, long long n,
    const double* __restrict__ x, double* __restrict__ y) {
  const long long t = blockIdx.x * (long long)T + threadIdx.x;
  const long long row = t / L;
  const int part = int(t % L);
  double s = 0;
  if (row < n) {
#pragma unroll
    for (int k = 0; k < (D + L - 1) / L; ++k) {
      const int d = k * L + part;
      if (d < D) s += __ldg(val + d * n + row) * __ldg(x + row + off.o[d]);
    }
  }
#pragma unroll
  for (int o = L / 2; o > 0; o /= 2) s += __shfl_down_sync(0xffffffffu, s, o, L);
  if (row < n && part == 0) y[row] = s;
}

__global__ void empty_kernel() {}

struct Times { double graph200, single; };
template <class F>
Times time_it(F launch, cudaStream_t st) {
  Times r;
  {
    cudaGraph_t g; cudaGraphExec_t ge;
    CK(cudaStreamBeginCapture(st, cudaStreamCaptureModeThreadLocal));
    for (int i = 0; i < 200; ++i) launch(st);
    CK(cudaStreamEndCapture(st, &g)); CK(cudaGraphInstantiate(&ge, g, 0));
    cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
    for (int i = 0; i < 3; ++i) CK(cudaGraphLaunch(ge, st));
    std::vector<float> t;
    for (int i = 0; i < 15; ++i) {
      CK(cudaEventRecord(a, st)); CK(cudaGraphLaunch(ge, st)); CK(cudaEventRecord(b, st)); CK(cudaEventSynchronize(b));
      float ms; CK(cudaEventElapsedTime(&ms, a, b)); t.push_back(ms);
    }
    std::sort(t.begin(), t.end()); r.graph200 = t[t.size() / 2] * 1e3 / 200;
    cudaGraphExecDestroy(ge); cudaGraphDestroy(g);
  }
  {
    cudaGraph_t g; cudaGraphExec_t ge;
    CK(cudaStreamBeginCapture(st, cudaStreamCaptureModeThreadLocal));
    launch(st);
    CK(cudaStreamEndCapture(st, &g)); CK(cudaGraphInstantiate(&ge, g, 0));
    for (int i = 0; i < 100; ++i) CK(cudaGraphLaunch(ge, st));
    CK(cudaStreamSynchronize(st));
    std::vector<double> t;
    for (int k = 0; k < 7; ++k) {
      auto t0 = std::chrono::steady_clock::now();
      for (int i = 0; i < 2000; ++i) CK(cudaGraphLaunch(ge, st));
      CK(cudaStreamSynchronize(st));
      t.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / 2000);
    }
    std::sort(t.begin(), t.end()); r.single = t[t.size() / 2];
    cudaGraphExecDestroy(ge); cudaGraphDestroy(g);
  }
  return r;
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
  CK(cudaMalloc(&dv, val.size() * 8)); CK(cudaMalloc(&dxp, x.size() * 8)); CK(cudaMalloc(&dy, n * 8));
  CK(cudaMemcpy(dv, val.data(), val.size() * 8, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dxp, x.data(), x.size() * 8, cudaMemcpyHostToDevice));
  const double* dx = dxp + pad;
  cudaStream_t st; CK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
  std::vector<double> ref(n);
  for (long long i = 0; i < n; ++i) { double s = 0; for (int d = 0; d < D; ++d) s += val[d * n + i] * x[pad + i + off.o[d]]; ref[i] = s; }
  auto check = [&](const char* what) {
    std::vector<double> yg(n); CK(cudaStreamSynchronize(st)); CK(cudaMemcpy(yg.data(), dy, n * 8, cudaMemcpyDeviceToHost));
    double e = 0; for (long long i = 0; i < n; ++i) e = std::max(e, std::abs(yg[i] - ref[i]) / std::abs(ref[i]));
    if (e > 1e-12) printf("  %s WRONG %g\n", what, e);
  };
  printf("%d-point n=%d rows %lld\n", D, n1, n);
  auto show = [&](const char* what, int L, int T, Times t) {
    printf("  %-14s L=%d T=%3d: graph of 200 %.2f us, one-node graphs back to back %.2f us\n", what, L, T, t.graph200, t.single);
  };
  auto variant = [&](auto l, auto tt) {
    constexpr int L = decltype(l)::value, T = decltype(tt)::value;
    const unsigned grid = unsigned((n * L + T - 1) / T);
    show("split", L, T, time_it([&](cudaStream_t s) { split<D, L, T><<<grid, T, 0, s>>>(off, dv, n, dx, dy); }, st));
    check("split");
  };
  using std::integral_constant;
  for (int rep = 0; rep < 2; ++rep) {
    show("empty kernel", 0, 32, time_it([&](cudaStream_t s) { empty_kernel<<<1, 32, 0, s>>>(); }, st));
    variant(integral_constant<int, 1>{}, integral_constant<int, 256>{});
    variant(integral_constant<int, 1>{}, integral_constant<int, 128>{});
    variant(integral_constant<int, 2>{}, integral_constant<int, 256>{});
    variant(integral_constant<int, 2>{}, integral_constant<int, 128>{});
    variant(integral_constant<int, 4>{}, integral_constant<int, 256>{});
    variant(integral_constant<int, 4>{}, integral_constant<int, 128>{});
    variant(integral_constant<int, 8>{}, integral_constant<int, 256>{});
  }
  cudaFree(dv); cudaFree(dxp); cudaFree(dy);
}

int main(int argc, char** argv) {
  const int n = argc > 1 ? atoi(argv[1]) : 24;
  static int s27[27][3], s7[7][3] = {{-1, 0, 0}, {0, -1, 0}, {0, 0, -1}, {0, 0, 0}, {0, 0, 1}, {0, 1, 0}, {1, 0, 0}};
  int k = 0;
  for (int a = -1; a <= 1; ++a) for (int b = -1; b <= 1; ++b) for (int c = -1; c <= 1; ++c) s27[k][0] = a, s27[k][1] = b, s27[k][2] = c, ++k;
  run<27>(n, s27);
  run<7>(n, s7);
  return 0;
}
