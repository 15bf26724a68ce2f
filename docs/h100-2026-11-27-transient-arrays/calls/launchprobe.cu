// Probe: what does each way of launching a small GPU-bound product cost, host and GPU?
// 27-point stencil as DIA with padded x, 24^3 rows (L2 resident), x and y alternating.
#include <cuda.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

#define CK(x)                                                                          \
  do {                                                                                 \
    cudaError_t e = (x);                                                               \
    if (e != cudaSuccess) {                                                            \
      std::printf("%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e));   \
      std::exit(1);                                                                    \
    }                                                                                  \
  } while (0)

constexpr int N = 24;
constexpr int ROWS = N * N * N;
constexpr int HALO = N * N + N + 1;

__constant__ int c_off[27];

template <int kPdl>
__global__ void __launch_bounds__(256) dia27(const double* __restrict__ val, const double* __restrict__ xpad,
                                             double* __restrict__ ypad, int rows) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  double v[27];
  if (kPdl) {
    if (i < rows) {
#pragma unroll
      for (int d = 0; d < 27; ++d) v[d] = __ldg(val + size_t(d) * rows + i);
    }
    cudaTriggerProgrammaticLaunchCompletion();
    cudaGridDependencySynchronize();
    if (i >= rows) return;
    double s = 0;
#pragma unroll
    for (int d = 0; d < 27; ++d) s += v[d] * xpad[HALO + i + c_off[d]];
    ypad[HALO + i] = s;
  } else {
    if (i >= rows) return;
    double s = 0;
#pragma unroll
    for (int d = 0; d < 27; ++d) s += __ldg(val + size_t(d) * rows + i) * xpad[HALO + i + c_off[d]];
    ypad[HALO + i] = s;
  }
}

__global__ void empty_kernel() {}

using Clock = std::chrono::steady_clock;
static double us(Clock::duration d) { return std::chrono::duration<double, std::micro>(d).count(); }

static void report(const char* what, int calls, cudaStream_t s, const std::function<void(int)>& op) {
  for (int i = 0; i < 200; ++i) op(i);
  CK(cudaStreamSynchronize(s));
  double best_b2b = 1e30, best_enq = 0;
  std::vector<double> b2b;
  for (int round = 0; round < 3; ++round) {
    const auto t0 = Clock::now();
    for (int i = 0; i < calls; ++i) op(i);
    const auto t1 = Clock::now();
    CK(cudaStreamSynchronize(s));
    const auto t2 = Clock::now();
    b2b.push_back(us(t2 - t0) / calls);
    if (us(t2 - t0) / calls < best_b2b) {
      best_b2b = us(t2 - t0) / calls;
      best_enq = us(t1 - t0) / calls;
    }
  }
  std::vector<float> pair(300);
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  int k = 0;
  for (float& ms : pair) {
    CK(cudaEventRecord(a, s));
    op(k++);
    CK(cudaEventRecord(b, s));
    CK(cudaEventSynchronize(b));
    CK(cudaEventElapsedTime(&ms, a, b));
  }
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  std::sort(pair.begin(), pair.end());
  std::printf("%-40s back to back %5.2f %5.2f %5.2f us/call (enqueued %5.2f), event pair %5.2f us\n", what, b2b[0],
              b2b[1], b2b[2], best_enq, 1e3 * pair[pair.size() / 2]);
  std::fflush(stdout);
}

int main(int argc, char** argv) {
  const int calls = argc > 1 ? std::atoi(argv[1]) : 20000;
  CK(cudaSetDevice(0));
  cudaDeviceProp p;
  CK(cudaGetDeviceProperties(&p, 0));
  std::printf("device %s\n", p.name);
  std::vector<int> off;
  for (int dz = -1; dz <= 1; ++dz)
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) off.push_back(dz * N * N + dy * N + dx);
  CK(cudaMemcpyToSymbol(c_off, off.data(), sizeof(int) * 27));
  std::vector<double> hv(size_t(27) * ROWS, 1.0 / 27), hx(ROWS + 2 * HALO, 1.0);
  double *val, *xa, *xb;
  CK(cudaMalloc(&val, hv.size() * 8));
  CK(cudaMalloc(&xa, hx.size() * 8));
  CK(cudaMalloc(&xb, hx.size() * 8));
  CK(cudaMemcpy(val, hv.data(), hv.size() * 8, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(xa, hx.data(), hx.size() * 8, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(xb, hx.data(), hx.size() * 8, cudaMemcpyHostToDevice));
  const int blocks = (ROWS + 255) / 256;
  const int rows = ROWS;

  for (int legacy = 0; legacy <= 1; ++legacy) {
    cudaStream_t s = nullptr;
    if (!legacy) CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    const char* sn = legacy ? "[legacy]" : "[own]";
    char what[96];
    auto xin = [&](int i) { return (i & 1) ? xb : xa; };
    auto yout = [&](int i) { return (i & 1) ? xa : xb; };

    std::snprintf(what, sizeof what, "empty <<<>>> %s", sn);
    report(what, calls, s, [&](int) { empty_kernel<<<blocks, 256, 0, s>>>(); });

    std::snprintf(what, sizeof what, "dia27 <<<>>> %s", sn);
    report(what, calls, s, [&](int i) { dia27<0><<<blocks, 256, 0, s>>>(val, xin(i), yout(i), rows); });

    // driver API with a cached CUfunction
    cudaFunction_t f0;
    CK(cudaGetFuncBySymbol(&f0, (const void*)dia27<0>));
    std::snprintf(what, sizeof what, "dia27 cuLaunchKernel %s", sn);
    report(what, calls, s, [&](int i) {
      const double* v = val;
      const double* xi = xin(i);
      double* yo = yout(i);
      int r = rows;
      void* args[] = {&v, &xi, &yo, &r};
      if (cuLaunchKernel((CUfunction)f0, blocks, 1, 1, 256, 1, 1, 0, (CUstream)s, args, nullptr) != CUDA_SUCCESS)
        std::exit(2);
    });

    // cudaLaunchKernelExC, PDL
    for (int pdl = 0; pdl <= 1; ++pdl) {
      cudaLaunchAttribute attr[1];
      attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
      attr[0].val.programmaticStreamSerializationAllowed = 1;
      cudaLaunchConfig_t cfg = {};
      cfg.gridDim = dim3(blocks);
      cfg.blockDim = dim3(256);
      cfg.stream = s;
      cfg.attrs = pdl ? attr : nullptr;
      cfg.numAttrs = pdl ? 1 : 0;
      std::snprintf(what, sizeof what, "dia27 LaunchKernelEx pdl=%d %s", pdl, sn);
      report(what, calls, s, [&](int i) {
        if (pdl)
          CK(cudaLaunchKernelEx(&cfg, dia27<1>, (const double*)val, (const double*)xin(i), yout(i), rows));
        else
          CK(cudaLaunchKernelEx(&cfg, dia27<0>, (const double*)val, (const double*)xin(i), yout(i), rows));
      });
    }

    // one-node graphs (two: x->y and y->x)
    cudaStream_t cs;
    CK(cudaStreamCreateWithFlags(&cs, cudaStreamNonBlocking));
    cudaGraphExec_t ge[2];
    for (int k = 0; k < 2; ++k) {
      cudaGraph_t g;
      CK(cudaStreamBeginCapture(cs, cudaStreamCaptureModeThreadLocal));
      dia27<0><<<blocks, 256, 0, cs>>>(val, xin(k), yout(k), rows);
      CK(cudaStreamEndCapture(cs, &g));
      CK(cudaGraphInstantiate(&ge[k], g, 0));
      CK(cudaGraphUpload(ge[k], s));
      cudaGraphDestroy(g);
    }
    std::snprintf(what, sizeof what, "dia27 graph %s", sn);
    report(what, calls, s, [&](int i) { CK(cudaGraphLaunch(ge[i & 1], s)); });
    // graph of 100 products: GPU time of the kernel alone
    {
      cudaGraph_t g;
      CK(cudaStreamBeginCapture(cs, cudaStreamCaptureModeThreadLocal));
      for (int k = 0; k < 100; ++k) dia27<0><<<blocks, 256, 0, cs>>>(val, xin(k), yout(k), rows);
      CK(cudaStreamEndCapture(cs, &g));
      cudaGraphExec_t e100;
      CK(cudaGraphInstantiate(&e100, g, 0));
      std::snprintf(what, sizeof what, "dia27 graph of 100 (per 100) %s", sn);
      report(what, calls / 100, s, [&](int) { CK(cudaGraphLaunch(e100, s)); });
      cudaGraphExecDestroy(e100);
      cudaGraphDestroy(g);
      // the same with PDL edges inside the graph
      cudaLaunchAttribute attr[1];
      attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
      attr[0].val.programmaticStreamSerializationAllowed = 1;
      cudaLaunchConfig_t cfg = {};
      cfg.gridDim = dim3(blocks);
      cfg.blockDim = dim3(256);
      cfg.stream = cs;
      cfg.attrs = attr;
      cfg.numAttrs = 1;
      CK(cudaStreamBeginCapture(cs, cudaStreamCaptureModeThreadLocal));
      for (int k = 0; k < 100; ++k)
        CK(cudaLaunchKernelEx(&cfg, dia27<1>, (const double*)val, (const double*)xin(k), yout(k), rows));
      CK(cudaStreamEndCapture(cs, &g));
      CK(cudaGraphInstantiate(&e100, g, 0));
      std::snprintf(what, sizeof what, "dia27 pdl graph of 100 (per 100) %s", sn);
      report(what, calls / 100, s, [&](int) { CK(cudaGraphLaunch(e100, s)); });
      cudaGraphExecDestroy(e100);
      cudaGraphDestroy(g);
    }
    // a graph launch followed by a PDL direct launch alternately: does PDL help after a graph?
    for (int k = 0; k < 2; ++k) cudaGraphExecDestroy(ge[k]);
    cudaStreamDestroy(cs);
    if (s) cudaStreamDestroy(s);
  }
  // correctness of PDL alternation: compare against plain
  {
    cudaStream_t s;
    CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    std::vector<double> r0(hx.size()), r1(hx.size());
    for (int variant = 0; variant < 2; ++variant) {
      CK(cudaMemcpy(xa, hx.data(), hx.size() * 8, cudaMemcpyHostToDevice));
      CK(cudaMemcpy(xb, hx.data(), hx.size() * 8, cudaMemcpyHostToDevice));
      // a non-trivial x
      std::vector<double> hx2(hx.size());
      for (size_t k = 0; k < hx2.size(); ++k) hx2[k] = double(k % 97) - 40.0;
      CK(cudaMemcpy(xa, hx2.data(), hx.size() * 8, cudaMemcpyHostToDevice));
      cudaLaunchAttribute attr[1];
      attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
      attr[0].val.programmaticStreamSerializationAllowed = 1;
      cudaLaunchConfig_t cfg = {};
      cfg.gridDim = dim3(blocks);
      cfg.blockDim = dim3(256);
      cfg.stream = s;
      cfg.attrs = attr;
      cfg.numAttrs = 1;
      for (int i = 0; i < 10; ++i) {
        double* xi = (i & 1) ? xb : xa;
        double* yo = (i & 1) ? xa : xb;
        if (variant)
          CK(cudaLaunchKernelEx(&cfg, dia27<1>, (const double*)val, (const double*)xi, yo, rows));
        else
          dia27<0><<<blocks, 256, 0, s>>>(val, xi, yo, rows);
      }
      CK(cudaStreamSynchronize(s));
      CK(cudaMemcpy(variant ? r1.data() : r0.data(), xa, hx.size() * 8, cudaMemcpyDeviceToHost));
    }
    size_t diff = 0;
    for (size_t k = 0; k < r0.size(); ++k) diff += r0[k] != r1[k];
    std::printf("pdl alternation check: %zu differing entries of %zu\n", diff, r0.size());
  }
  return 0;
}
