// Prototype: the generated 27-point 24^3 kernel as it is, with its loads
// hoisted into named values before the sums, with them as volatile asm loads,
// and with two threads a row; timed as desc_kernels.cu does.
#include <cuda_runtime.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1);} } while (0)
struct DiagonalBlock { long long values; long long row0; long long stride; int rows; int list_guard; };
#include "k1.cuh"
#include "k1h.cuh"
#include "k1a.cuh"
#include "k2.cuh"
#include "k2_128.cuh"
#include "k1_128.cuh"
#include "k2_64.cuh"
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
  }
  return r;
}
int main() {
  const long long n = 13824, D = 27;
  std::vector<double> val(D * n), x(n);
  for (long long i = 0; i < D * n; ++i) val[i] = 1.0 / (1 + i % 5);
  for (long long i = 0; i < n; ++i) x[i] = 1 + (i % 3);
  double *dv, *dx, *dy, *dref;
  CK(cudaMalloc(&dv, val.size() * 8)); CK(cudaMalloc(&dx, n * 8)); CK(cudaMalloc(&dy, n * 8)); CK(cudaMalloc(&dref, n * 8));
  CK(cudaMemcpy(dv, val.data(), val.size() * 8, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dx, x.data(), n * 8, cudaMemcpyHostToDevice));
  cudaStream_t st; CK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
  gen1<<<54, 256, 0, st>>>(nullptr, 0, dv, n, dx, 1.0, 0.0, dref);
  std::vector<double> ref(n), got(n);
  CK(cudaMemcpy(ref.data(), dref, n * 8, cudaMemcpyDeviceToHost));
  auto check = [&](const char* w) {
    CK(cudaStreamSynchronize(st)); CK(cudaMemcpy(got.data(), dy, n * 8, cudaMemcpyDeviceToHost));
    double e = 0; for (long long i = 0; i < n; ++i) e = std::max(e, std::abs(got[i] - ref[i]));
    if (e > 1e-12) printf("  %s differs: %g\n", w, e);
  };
  auto show = [](const char* w, Times t) { printf("  %-22s graph of 200 %.2f us, one-node graphs back to back %.2f us\n", w, t.graph200, t.single); };
  for (int rep = 0; rep < 3; ++rep) {
    show("as generated", time_it([&](cudaStream_t s) { gen1<<<54, 256, 0, s>>>(nullptr, 0, dv, n, dx, 1.0, 0.0, dy); }, st)); check("gen1");
    if (0) show("loads hoisted", time_it([&](cudaStream_t s) { hoisted<<<54, 256, 0, s>>>(nullptr, 0, dv, n, dx, 1.0, 0.0, dy); }, st)); check("hoisted");
    if (0) show("volatile asm loads", time_it([&](cudaStream_t s) { asmvol<<<54, 256, 0, s>>>(nullptr, 0, dv, n, dx, 1.0, 0.0, dy); }, st)); check("asmvol");
    show("two threads a row", time_it([&](cudaStream_t s) { split2<<<54, 512, 0, s>>>(nullptr, 0, dv, n, dx, 1.0, 0.0, dy); }, st)); check("split2");
    show("two a row, 128 rows", time_it([&](cudaStream_t s) { split2_128<<<108, 256, 0, s>>>(nullptr, 0, dv, n, dx, 1.0, 0.0, dy); }, st)); check("split2_128");
    show("one a row, 128 rows", time_it([&](cudaStream_t s) { gen1_128<<<108, 128, 0, s>>>(nullptr, 0, dv, n, dx, 1.0, 0.0, dy); }, st)); check("gen1_128");
    show("two a row, 64 rows", time_it([&](cudaStream_t s) { split2_64<<<216, 128, 0, s>>>(nullptr, 0, dv, n, dx, 1.0, 0.0, dy); }, st)); check("split2_64");
  }
  return 0;
}
