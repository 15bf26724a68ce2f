// Probe: 27-point DIA kernel variants, 24^3, L2 resident; graph of 100 and one-node graphs.
#include <cuda_runtime.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { std::printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); std::exit(1);} } while (0)
constexpr int N = 24, ROWS = N * N * N, HALO = N * N + N + 1;
__constant__ int c_off[27];
#define OFF(d) ((((d) / 9) - 1) * N * N + ((((d) / 3) % 3) - 1) * N + (((d) % 3) - 1))

// 0: loop with constant offsets (compile-time), plain
template <int B>
__global__ void __launch_bounds__(B) k_plain(const double* __restrict__ val, const double* __restrict__ x, double* __restrict__ y, int rows) {
  const int i = blockIdx.x * B + threadIdx.x;
  if (i >= rows) return;
  double s = 0;
#pragma unroll
  for (int d = 0; d < 27; ++d) s += __ldg(val + d * rows + i) * x[HALO + i + OFF(d)];
  y[HALO + i] = s;
}
// 1: values batched into registers first
template <int B>
__global__ void __launch_bounds__(B) k_vfirst(const double* __restrict__ val, const double* __restrict__ x, double* __restrict__ y, int rows) {
  const int i = blockIdx.x * B + threadIdx.x;
  if (i >= rows) return;
  double v[27];
#pragma unroll
  for (int d = 0; d < 27; ++d) v[d] = __ldcs(val + d * rows + i);
  double s = 0;
#pragma unroll
  for (int d = 0; d < 27; ++d) s += v[d] * __ldg(x + HALO + i + OFF(d));
  y[HALO + i] = s;
}
// 2: x window staged in shared memory
template <int B>
__global__ void __launch_bounds__(B) k_smem(const double* __restrict__ val, const double* __restrict__ x, double* __restrict__ y, int rows) {
  constexpr int W = B + 2 * (N * N + N + 1);
  __shared__ double xs[W];
  const int base = blockIdx.x * B;  // row of thread 0
  const double* xw = x + HALO + base - (N * N + N + 1);
  for (int k = threadIdx.x; k < W; k += B) xs[k] = xw[k];
  __syncthreads();
  const int i = base + threadIdx.x;
  if (i >= rows) return;
  double s = 0;
#pragma unroll
  for (int d = 0; d < 27; ++d) s += __ldg(val + d * rows + i) * xs[threadIdx.x + (N * N + N + 1) + OFF(d)];
  y[HALO + i] = s;
}
// 3: staged smem, values first
template <int B>
__global__ void __launch_bounds__(B) k_smem_v(const double* __restrict__ val, const double* __restrict__ x, double* __restrict__ y, int rows) {
  constexpr int W = B + 2 * (N * N + N + 1);
  __shared__ double xs[W];
  const int base = blockIdx.x * B;
  const int i = base + threadIdx.x;
  double v[27];
  if (i < rows) {
#pragma unroll
    for (int d = 0; d < 27; ++d) v[d] = __ldg(val + d * rows + i);
  }
  const double* xw = x + HALO + base - (N * N + N + 1);
  for (int k = threadIdx.x; k < W; k += B) xs[k] = xw[k];
  __syncthreads();
  if (i >= rows) return;
  double s = 0;
#pragma unroll
  for (int d = 0; d < 27; ++d) s += v[d] * xs[threadIdx.x + (N * N + N + 1) + OFF(d)];
  y[HALO + i] = s;
}
// 4: 9 partial sums (one per (dz,dy) line), x of the line loaded once: 3 consecutive x from 3 loads
template <int B>
__global__ void __launch_bounds__(B) k_lines(const double* __restrict__ val, const double* __restrict__ x, double* __restrict__ y, int rows) {
  const int i = blockIdx.x * B + threadIdx.x;
  if (i >= rows) return;
  double s0 = 0, s1 = 0, s2 = 0;
#pragma unroll
  for (int d = 0; d < 27; d += 3) {
    s0 += __ldg(val + d * rows + i) * x[HALO + i + OFF(d)];
    s1 += __ldg(val + (d + 1) * rows + i) * x[HALO + i + OFF(d + 1)];
    s2 += __ldg(val + (d + 2) * rows + i) * x[HALO + i + OFF(d + 2)];
  }
  y[HALO + i] = s0 + s1 + s2;
}

using Clock = std::chrono::steady_clock;
static double us(Clock::duration d) { return std::chrono::duration<double, std::micro>(d).count(); }
using KFn = void (*)(const double*, const double*, double*, int);

static void measure(const char* name, KFn f, int B, double* val, double* xa, double* xb, cudaStream_t s, cudaStream_t cs) {
  const int blocks = (ROWS + B - 1) / B;
  auto launch = [&](int k, cudaStream_t st) { f<<<blocks, B, 0, st>>>(val, (k & 1) ? xb : xa, (k & 1) ? xa : xb, ROWS); };
  cudaGraph_t g; cudaGraphExec_t e100, e1[2];
  CK(cudaStreamBeginCapture(cs, cudaStreamCaptureModeThreadLocal));
  for (int k = 0; k < 100; ++k) launch(k, cs);
  CK(cudaStreamEndCapture(cs, &g)); CK(cudaGraphInstantiate(&e100, g, 0)); cudaGraphDestroy(g);
  for (int k = 0; k < 2; ++k) {
    CK(cudaStreamBeginCapture(cs, cudaStreamCaptureModeThreadLocal));
    launch(k, cs);
    CK(cudaStreamEndCapture(cs, &g)); CK(cudaGraphInstantiate(&e1[k], g, 0)); cudaGraphDestroy(g);
  }
  for (int r = 0; r < 20; ++r) CK(cudaGraphLaunch(e100, s));
  CK(cudaStreamSynchronize(s));
  double g100[3], g1[3];
  for (int r = 0; r < 3; ++r) {
    auto t0 = Clock::now();
    for (int k = 0; k < 200; ++k) CK(cudaGraphLaunch(e100, s));
    CK(cudaStreamSynchronize(s));
    g100[r] = us(Clock::now() - t0) / 20000;
    t0 = Clock::now();
    for (int k = 0; k < 20000; ++k) CK(cudaGraphLaunch(e1[k & 1], s));
    CK(cudaStreamSynchronize(s));
    g1[r] = us(Clock::now() - t0) / 20000;
  }
  cudaFuncAttributes fa; CK(cudaFuncGetAttributes(&fa, (const void*)f));
  std::printf("%-14s B=%3d regs=%3d  graph of 100: %5.2f %5.2f %5.2f us/kernel   one-node graphs: %5.2f %5.2f %5.2f us\n", name, B, fa.numRegs,
              g100[0], g100[1], g100[2], g1[0], g1[1], g1[2]);
  std::fflush(stdout);
  cudaGraphExecDestroy(e100); cudaGraphExecDestroy(e1[0]); cudaGraphExecDestroy(e1[1]);
}

int main() {
  std::vector<double> hv(size_t(27) * ROWS), hx(ROWS + 2 * HALO);
  for (size_t k = 0; k < hv.size(); ++k) hv[k] = 1.0 / (1 + k % 13);
  for (size_t k = 0; k < hx.size(); ++k) hx[k] = (k >= HALO && k < HALO + ROWS) ? 1.0 + (k % 7) : 0.0;
  double *val, *xa, *xb; CK(cudaMalloc(&val, hv.size() * 8)); CK(cudaMalloc(&xa, hx.size() * 8)); CK(cudaMalloc(&xb, hx.size() * 8));
  CK(cudaMemcpy(val, hv.data(), hv.size() * 8, cudaMemcpyHostToDevice));
  cudaStream_t s, cs; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking)); CK(cudaStreamCreateWithFlags(&cs, cudaStreamNonBlocking));
  // correctness: every kernel, one product from the same x
  struct K { const char* n; KFn f; int B; };
  std::vector<K> ks = {
    {"plain", k_plain<256>, 256}, {"plain", k_plain<128>, 128}, {"plain", k_plain<64>, 64},
    {"vfirst", k_vfirst<256>, 256}, {"vfirst", k_vfirst<128>, 128}, {"vfirst", k_vfirst<64>, 64},
    {"smem", k_smem<256>, 256}, {"smem", k_smem<128>, 128}, {"smem", k_smem<512>, 512},
    {"smem_v", k_smem_v<256>, 256}, {"smem_v", k_smem_v<128>, 128},
    {"lines", k_lines<256>, 256}, {"lines", k_lines<128>, 128},
  };
  std::vector<double> ref, got(hx.size());
  for (auto& k : ks) {
    CK(cudaMemcpy(xa, hx.data(), hx.size() * 8, cudaMemcpyHostToDevice));
    CK(cudaMemset(xb, 0, hx.size() * 8));
    k.f<<<(ROWS + k.B - 1) / k.B, k.B>>>(val, xa, xb, ROWS);
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(got.data(), xb, hx.size() * 8, cudaMemcpyDeviceToHost));
    if (ref.empty()) ref = got;
    double md = 0; for (size_t q = 0; q < got.size(); ++q) md = std::max(md, std::abs(got[q] - ref[q]) / (1 + std::abs(ref[q])));
    std::printf("check %-8s B=%d max rel diff %.2e\n", k.n, k.B, md);
  }
  CK(cudaMemcpy(xa, hx.data(), hx.size() * 8, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(xb, hx.data(), hx.size() * 8, cudaMemcpyHostToDevice));
  for (int round = 0; round < 2; ++round)
    for (auto& k : ks) measure(k.n, k.f, k.B, val, xa, xb, s, cs);
  return 0;
}
