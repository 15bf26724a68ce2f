// Probe 2: PDL direct launches against one-node graphs for 7- and 27-point DIA products
// (24^3), with and without values prefetched before the dependency wait, with extra host work.
#include <cuda.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

#define CK(x)                                                                        \
  do {                                                                               \
    cudaError_t e = (x);                                                             \
    if (e != cudaSuccess) {                                                          \
      std::printf("%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e)); \
      std::exit(1);                                                                  \
    }                                                                                \
  } while (0)

constexpr int N = 24;
constexpr int ROWS = N * N * N;
constexpr int HALO = N * N + N + 1;

__constant__ int c_off27[27];
__constant__ int c_off7[7];

// kMode 0: plain; 1: PDL, values prefetched before the wait; 2: PDL, wait first
template <int K, int kMode>
__global__ void __launch_bounds__(256) dia(const double* __restrict__ val, const double* __restrict__ xpad,
                                           double* __restrict__ ypad, int rows) {
  const int* off = K == 27 ? c_off27 : c_off7;
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (kMode == 1) {
    double v[K];
    if (i < rows) {
#pragma unroll
      for (int d = 0; d < K; ++d) v[d] = __ldg(val + size_t(d) * rows + i);
    }
    cudaTriggerProgrammaticLaunchCompletion();
    cudaGridDependencySynchronize();
    if (i >= rows) return;
    double s = 0;
#pragma unroll
    for (int d = 0; d < K; ++d) s += v[d] * xpad[HALO + i + off[d]];
    ypad[HALO + i] = s;
    return;
  }
  if (kMode == 2) {
    cudaTriggerProgrammaticLaunchCompletion();
    cudaGridDependencySynchronize();
  }
  if (i >= rows) return;
  double s = 0;
#pragma unroll
  for (int d = 0; d < K; ++d) s += __ldg(val + size_t(d) * rows + i) * xpad[HALO + i + off[d]];
  ypad[HALO + i] = s;
}

__global__ void empty_kernel() {}
__global__ void empty_pdl() {
  cudaTriggerProgrammaticLaunchCompletion();
  cudaGridDependencySynchronize();
}

using Clock = std::chrono::steady_clock;
static double us(Clock::duration d) { return std::chrono::duration<double, std::micro>(d).count(); }

static void spin_host(double micro) {
  if (micro <= 0) return;
  const auto t0 = Clock::now();
  while (us(Clock::now() - t0) < micro) {
  }
}

static double g_extra = 0;

static void report(const char* what, int calls, cudaStream_t s, const std::function<void(int)>& op) {
  for (int i = 0; i < 200; ++i) op(i);
  CK(cudaStreamSynchronize(s));
  std::vector<double> b2b, enq;
  for (int round = 0; round < 3; ++round) {
    const auto t0 = Clock::now();
    for (int i = 0; i < calls; ++i) {
      spin_host(g_extra);
      op(i);
    }
    const auto t1 = Clock::now();
    CK(cudaStreamSynchronize(s));
    const auto t2 = Clock::now();
    b2b.push_back(us(t2 - t0) / calls);
    enq.push_back(us(t1 - t0) / calls);
  }
  std::printf("%-44s +%.1f host: back to back %5.2f %5.2f %5.2f us/call (enqueued %5.2f %5.2f %5.2f)\n", what,
              g_extra, b2b[0], b2b[1], b2b[2], enq[0], enq[1], enq[2]);
  std::fflush(stdout);
}

template <int K>
static void run_stencil(double* val, double* xa, double* xb, int calls, cudaStream_t s, const char* sn) {
  const int blocks = (ROWS + 255) / 256;
  const int rows = ROWS;
  auto xin = [&](int i) { return (const double*)((i & 1) ? xb : xa); };
  auto yout = [&](int i) { return (i & 1) ? xa : xb; };
  char what[96];
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attr[0].val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(blocks);
  cfg.blockDim = dim3(256);
  cfg.stream = s;
  cfg.attrs = attr;
  cfg.numAttrs = 1;
  std::snprintf(what, sizeof what, "%d-pt <<<>>> %s", K, sn);
  report(what, calls, s, [&](int i) { dia<K, 0><<<blocks, 256, 0, s>>>(val, xin(i), yout(i), rows); });
  if (0) report(what, calls, s, [&](int i) { CK(cudaLaunchKernelEx(&cfg, dia<K, 1>, (const double*)val, xin(i), yout(i), rows)); });
  if (0) report(what, calls, s, [&](int i) { CK(cudaLaunchKernelEx(&cfg, dia<K, 2>, (const double*)val, xin(i), yout(i), rows)); });
  // driver API PDL
  {
    cudaFunction_t f;
    CK(cudaGetFuncBySymbol(&f, (const void*)dia<K, 1>));
    CUlaunchAttribute a[1];
    a[0].id = CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION;
    a[0].value.programmaticStreamSerializationAllowed = 1;
    CUlaunchConfig c = {};
    c.gridDimX = blocks;
    c.gridDimY = c.gridDimZ = 1;
    c.blockDimX = 256;
    c.blockDimY = c.blockDimZ = 1;
    c.hStream = (CUstream)s;
    c.attrs = a;
    c.numAttrs = 1;
    std::snprintf(what, sizeof what, "%d-pt pdl prefetch cuLaunchKernelEx %s", K, sn);
    report(what, calls, s, [&](int i) {
      const double* v = val;
      const double* xi = xin(i);
      double* yo = yout(i);
      int r = rows;
      void* args[] = {&v, &xi, &yo, &r};
      if (cuLaunchKernelEx(&c, (CUfunction)f, args, nullptr) != CUDA_SUCCESS) std::exit(3);
    });
  }
  cudaStream_t cs;
  CK(cudaStreamCreateWithFlags(&cs, cudaStreamNonBlocking));
  for (int variant = 0; variant < 4; ++variant) {
    cudaGraphExec_t ge[2];
    for (int k = 0; k < 2; ++k) {
      cudaGraph_t g;
      CK(cudaStreamBeginCapture(cs, cudaStreamCaptureModeThreadLocal));
      cudaLaunchConfig_t c2 = cfg;
      c2.stream = cs;
      if (variant == 0) dia<K, 0><<<blocks, 256, 0, cs>>>(val, xin(k), yout(k), rows);
      if (variant == 1) CK(cudaLaunchKernelEx(&c2, dia<K, 1>, (const double*)val, xin(k), yout(k), rows));
      if (variant == 2) CK(cudaLaunchKernelEx(&c2, dia<K, 2>, (const double*)val, xin(k), yout(k), rows));
      if (variant == 3) dia<K, 1><<<blocks, 256, 0, cs>>>(val, xin(k), yout(k), rows);
      CK(cudaStreamEndCapture(cs, &g));
      if (variant == 3) {
        size_t n = 0;
        CK(cudaGraphGetNodes(g, nullptr, &n));
        std::vector<cudaGraphNode_t> nodes(n);
        CK(cudaGraphGetNodes(g, nodes.data(), &n));
        cudaLaunchAttributeValue v = {};
        v.programmaticStreamSerializationAllowed = 1;
        cudaError_t e = cudaGraphKernelNodeSetAttribute(nodes[0], cudaLaunchAttributeProgrammaticStreamSerialization, &v);
        if (k == 0) std::printf("  set attribute on node: %s\n", cudaGetErrorString(e));
      }
      CK(cudaGraphInstantiate(&ge[k], g, 0));
      cudaGraphDestroy(g);
    }
    const char* names[] = {"graph", "graph pdl prefetch", "graph pdl wait first", "graph node attr pdl"};
    std::snprintf(what, sizeof what, "%d-pt %s %s", K, names[variant], sn);
    report(what, calls, s, [&](int i) { CK(cudaGraphLaunch(ge[i & 1], s)); });
    for (int k = 0; k < 2; ++k) cudaGraphExecDestroy(ge[k]);
  }
  // correctness: pdl-captured graphs alternating vs plain
  cudaStreamDestroy(cs);
}

int main(int argc, char** argv) {
  const int calls = argc > 1 ? std::atoi(argv[1]) : 20000;
  CK(cudaSetDevice(0));
  std::vector<int> off27, off7;
  for (int dz = -1; dz <= 1; ++dz)
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx) {
        off27.push_back(dz * N * N + dy * N + dx);
        if (std::abs(dz) + std::abs(dy) + std::abs(dx) <= 1) off7.push_back(dz * N * N + dy * N + dx);
      }
  CK(cudaMemcpyToSymbol(c_off27, off27.data(), sizeof(int) * 27));
  CK(cudaMemcpyToSymbol(c_off7, off7.data(), sizeof(int) * 7));
  std::vector<double> hv(size_t(27) * ROWS, 1.0 / 27), hx(ROWS + 2 * HALO, 1.0);
  double *val, *xa, *xb;
  CK(cudaMalloc(&val, hv.size() * 8));
  CK(cudaMalloc(&xa, hx.size() * 8));
  CK(cudaMalloc(&xb, hx.size() * 8));
  CK(cudaMemcpy(val, hv.data(), hv.size() * 8, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(xa, hx.data(), hx.size() * 8, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(xb, hx.data(), hx.size() * 8, cudaMemcpyHostToDevice));
  const int blocks = (ROWS + 255) / 256;
  for (double extra : {0.0}) {
    g_extra = extra;
    for (int legacy = 1; legacy >= 0; --legacy) {
      cudaStream_t s = nullptr;
      if (!legacy) CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
      const char* sn = legacy ? "[legacy]" : "[own]";
      char what[96];
      cudaLaunchAttribute attr[1];
      attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
      attr[0].val.programmaticStreamSerializationAllowed = 1;
      cudaLaunchConfig_t cfg = {};
      cfg.gridDim = dim3(blocks);
      cfg.blockDim = dim3(256);
      cfg.stream = s;
      cfg.attrs = attr;
      cfg.numAttrs = 1;
      std::snprintf(what, sizeof what, "empty <<<>>> %s", sn);
      report(what, calls, s, [&](int) { empty_kernel<<<blocks, 256, 0, s>>>(); });
      std::snprintf(what, sizeof what, "empty pdl %s", sn);
      report(what, calls, s, [&](int) { CK(cudaLaunchKernelEx(&cfg, empty_pdl)); });
      run_stencil<7>(val, xa, xb, calls, s, sn);
      run_stencil<27>(val, xa, xb, calls, s, sn);
      if (s) cudaStreamDestroy(s);
    }
  }
  return 0;
}
