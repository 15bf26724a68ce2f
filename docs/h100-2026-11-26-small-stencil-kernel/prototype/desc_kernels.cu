// Prototype: does the generated DIA kernel's block-descriptor load (and its guards) cost GPU time
// on a small stencil? Variants of one thread per row, timed in a 200-node graph and as 200
// one-node graph launches back to back (how a replayed MatMult runs).
#include <cuda_runtime.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <chrono>
#include <type_traits>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1);} } while (0)

template <int D> struct Offs { long long o[D]; };
struct Desc { long long values; long long row0; long long stride; int rows; int guard; };

template <int D>
__global__ void __launch_bounds__(256) padded(Offs<D> off, const double* __restrict__ val, long long n,
    const double* __restrict__ x, double alpha, double beta, double* __restrict__ y) {
  const long long row = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (row >= n) return;
  double s = 0;
#pragma unroll
  for (int d = 0; d < D; ++d) s += val[d * n + row] * __ldg(x + row + off.o[d]);
  y[row] = beta == 0 ? alpha * s : alpha * s + beta * y[row];
}

// as the generated kernel: descriptor from global memory, guarded blocks at the ends
template <int D, bool FromMemory, bool Select = false, int T = 256>
__global__ void __launch_bounds__(T) described(const Desc* __restrict__ descs, Offs<D> off, const double* __restrict__ values,
    long long cols, long long n, long long first_free, long long last_free,
    const double* __restrict__ x, double alpha, double beta, double* __restrict__ y) {
  Desc b;
  if (FromMemory) b = descs[blockIdx.x];
  else {
    b.row0 = blockIdx.x * (long long)T; b.values = b.row0; b.stride = n;
    b.rows = int(min((long long)T, n - b.row0));
    b.guard = (blockIdx.x < first_free || blockIdx.x > last_free) ? 1 : 0;
  }
  const int t = threadIdx.x;
  if (t >= b.rows) return;
  const long long row = b.row0 + t, s = b.stride;
  const double* __restrict__ v = values + b.values + t;
  double sum = 0;
  long long c;
  switch (b.guard) {
    case 0:
#pragma unroll
      for (int d = 0; d < D; ++d) sum += __ldg(v + d * s) * __ldg(x + row + off.o[d]);
      break;
    case 1:
      if (Select) {  // every load made (a column outside reads x[row]); the product dropped
#pragma unroll
        for (int d = 0; d < D; ++d) {
          c = row + off.o[d];
          const bool in = c >= 0 && c < cols;
          const double p = __ldg(v + d * s) * __ldg(x + (in ? c : row));
          sum += in ? p : 0.0;
        }
      } else {
#pragma unroll
        for (int d = 0; d < D; ++d) { c = row + off.o[d]; if (c >= 0 && c < cols) sum += __ldg(v + d * s) * __ldg(x + c); }
      }
      break;
  }
  y[row] = beta == 0 ? alpha * sum : alpha * sum + beta * y[row];
}

__global__ void empty_kernel() {}

struct Times { double graph200, single; };
template <class F>
Times time_it(F launch, cudaStream_t st) {
  Times r;
  { // 200 nodes in one graph
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
  { // one node per graph, launched 2000 times back to back
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

static bool ncu_mode = false;
// Back to back on `on` (0: the legacy default stream): direct launches, or
// one-node graphs (captured on `cap`).
template <class F>
void streams_b2b(const char* what, F launch, cudaStream_t cap, cudaStream_t on) {
  cudaGraph_t g; cudaGraphExec_t ge;
  CK(cudaStreamBeginCapture(cap, cudaStreamCaptureModeThreadLocal));
  launch(cap);
  CK(cudaStreamEndCapture(cap, &g)); CK(cudaGraphInstantiate(&ge, g, 0));
  double r[2];
  for (int graph = 0; graph < 2; ++graph) {
    for (int i = 0; i < 100; ++i) graph ? (void)cudaGraphLaunch(ge, on) : launch(on);
    CK(cudaStreamSynchronize(on));
    std::vector<double> t;
    for (int k = 0; k < 7; ++k) {
      auto t0 = std::chrono::steady_clock::now();
      for (int i = 0; i < 2000; ++i) graph ? (void)cudaGraphLaunch(ge, on) : launch(on);
      CK(cudaStreamSynchronize(on));
      t.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / 2000);
    }
    std::sort(t.begin(), t.end()); r[graph] = t[t.size() / 2];
  }
  printf("  %-34s %s: direct %.2f us, one-node graph %.2f us (back to back)\n", what, on ? "non-blocking stream" : "legacy stream      ", r[0], r[1]);
  cudaGraphExecDestroy(ge); cudaGraphDestroy(g);
}

// x and y swapping roles at every call (as PETSc's benchmark loop does): two
// one-node graphs alternating, against one graph replayed and direct launches.
template <class F, class G>
void alternating(F launch_xy, G launch_yx, cudaStream_t cap, cudaStream_t on) {
  cudaGraphExec_t ge[2];
  for (int k = 0; k < 2; ++k) {
    cudaGraph_t g;
    CK(cudaStreamBeginCapture(cap, cudaStreamCaptureModeThreadLocal));
    k ? launch_yx(cap) : launch_xy(cap);
    CK(cudaStreamEndCapture(cap, &g)); CK(cudaGraphInstantiate(&ge[k], g, 0)); cudaGraphDestroy(g);
  }
  const char* names[3] = {"one graph (x->y every call)", "two graphs alternating", "direct, alternating"};
  for (int mode = 0; mode < 3; ++mode) {
    auto step = [&](int i) {
      if (mode == 0) CK(cudaGraphLaunch(ge[0], on));
      else if (mode == 1) CK(cudaGraphLaunch(ge[i % 2], on));
      else (i % 2) ? launch_yx(on) : launch_xy(on);
    };
    for (int i = 0; i < 100; ++i) step(i);
    CK(cudaStreamSynchronize(on));
    std::vector<double> t;
    for (int k = 0; k < 7; ++k) {
      auto t0 = std::chrono::steady_clock::now();
      for (int i = 0; i < 2000; ++i) step(i);
      CK(cudaStreamSynchronize(on));
      t.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / 2000);
    }
    std::sort(t.begin(), t.end());
    printf("  %-34s %s: %.2f us per call (back to back)\n", names[mode], on ? "non-blocking stream" : "legacy stream      ", t[t.size() / 2]);
  }
  cudaGraphExecDestroy(ge[0]); cudaGraphExecDestroy(ge[1]);
}

// One-node graphs back to back with E event records after each (as a
// caller that marks its vectors' accesses on the stream would add).
template <class F>
void with_events(const char* what, F launch, cudaStream_t cap, cudaStream_t on) {
  cudaGraph_t g; cudaGraphExec_t ge;
  CK(cudaStreamBeginCapture(cap, cudaStreamCaptureModeThreadLocal));
  launch(cap);
  CK(cudaStreamEndCapture(cap, &g)); CK(cudaGraphInstantiate(&ge, g, 0));
  cudaEvent_t ev[4];
  for (auto& e : ev) CK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
  for (int E : {0, 1, 2, 4}) {
    auto step = [&] { CK(cudaGraphLaunch(ge, on)); for (int e = 0; e < E; ++e) CK(cudaEventRecord(ev[e], on)); };
    for (int i = 0; i < 100; ++i) step();
    CK(cudaStreamSynchronize(on));
    std::vector<double> t, q;
    for (int k = 0; k < 7; ++k) {
      auto t0 = std::chrono::steady_clock::now();
      for (int i = 0; i < 2000; ++i) step();
      auto t1 = std::chrono::steady_clock::now();
      CK(cudaStreamSynchronize(on));
      t.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / 2000);
      q.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count() / 2000);
    }
    std::sort(t.begin(), t.end()); std::sort(q.begin(), q.end());
    printf("  %-30s %s, %d event records after each: %.2f us per call, enqueued in %.2f us\n", what, on ? "non-blocking" : "legacy", E, t[3], q[3]);
  }
  for (auto& e : ev) cudaEventDestroy(e);
  cudaGraphExecDestroy(ge); cudaGraphDestroy(g);
}

template <int D>
void run(int n1, const int (*stencil)[3]) {
  const long long n = (long long)n1 * n1 * n1, pad = (long long)n1 * n1 + n1 + 1;
  Offs<D> off; long long lo = 0, hi = 0;
  for (int d = 0; d < D; ++d) { off.o[d] = stencil[d][0] * (long long)n1 * n1 + stencil[d][1] * n1 + stencil[d][2]; lo = std::min(lo, off.o[d]); hi = std::max(hi, off.o[d]); }
  std::vector<double> val(D * n), x(n + 2 * pad, 0.0);
  for (long long i = 0; i < D * n; ++i) val[i] = 1.0 / (1 + i % 5);
  for (long long i = 0; i < n; ++i) x[pad + i] = 1 + (i % 3);
  // zero the values that fall outside so padded and guarded agree
  for (int d = 0; d < D; ++d) for (long long i = 0; i < n; ++i) if (i + off.o[d] < 0 || i + off.o[d] >= n) val[d * n + i] = 0;
  const unsigned grid = unsigned((n + 255) / 256);
  std::vector<Desc> descs(grid);
  long long first_free = grid, last_free = -1;
  for (unsigned b = 0; b < grid; ++b) {
    long long r0 = b * 256LL, r1 = std::min(n, r0 + 256);
    bool free = r0 + lo >= 0 && r1 - 1 + hi < n;
    descs[b] = {r0, r0, n, int(r1 - r0), free ? 0 : 1};
    if (free) { first_free = std::min<long long>(first_free, b); last_free = b; }
  }
  double *dv, *dxp, *dy; Desc* dd;
  CK(cudaMalloc(&dv, val.size() * 8)); CK(cudaMalloc(&dxp, x.size() * 8)); CK(cudaMalloc(&dy, n * 8)); CK(cudaMalloc(&dd, grid * sizeof(Desc)));
  CK(cudaMemcpy(dv, val.data(), val.size() * 8, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dxp, x.data(), x.size() * 8, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dd, descs.data(), grid * sizeof(Desc), cudaMemcpyHostToDevice));
  const double* dx = dxp + pad;
  cudaStream_t st; CK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
  std::vector<double> ref(n);
  for (long long i = 0; i < n; ++i) { double s = 0; for (int d = 0; d < D; ++d) s += val[d * n + i] * x[pad + i + off.o[d]]; ref[i] = s; }
  auto check = [&](const char* what) {
    std::vector<double> yg(n); CK(cudaStreamSynchronize(st)); CK(cudaMemcpy(yg.data(), dy, n * 8, cudaMemcpyDeviceToHost));
    double e = 0; for (long long i = 0; i < n; ++i) e = std::max(e, std::abs(yg[i] - ref[i]));
    if (e > 1e-9) printf("  %s WRONG %g\n", what, e);
  };
  auto show = [](const char* what, Times t) { printf("  %-34s graph of 200: %.2f us   one-node graphs back to back: %.2f us\n", what, t.graph200, t.single); };
  if (ncu_mode) {  // plain launches, for ncu's kernel durations
    for (int i = 0; i < 30; ++i) padded<D><<<grid, 256, 0, st>>>(off, dv, n, dx, 1.0, 0.0, dy);
    for (int i = 0; i < 30; ++i) described<D, true><<<grid, 256, 0, st>>>(dd, off, dv, n, n, first_free, last_free, dx, 1.0, 0.0, dy);
    for (int i = 0; i < 30; ++i) described<D, false><<<grid, 256, 0, st>>>(dd, off, dv, n, n, first_free, last_free, dx, 1.0, 0.0, dy);
    for (int i = 0; i < 30; ++i) described<D, true, true><<<grid, 256, 0, st>>>(dd, off, dv, n, n, first_free, last_free, dx, 1.0, 0.0, dy);
    for (int i = 0; i < 30; ++i) described<D, false, true><<<grid, 256, 0, st>>>(dd, off, dv, n, n, first_free, last_free, dx, 1.0, 0.0, dy);
    CK(cudaStreamSynchronize(st)); check("ncu");
    return;
  }
  printf("%d-point n=%d rows %lld grid %u (guarded blocks %lld)\n", D, n1, n, grid, grid - (last_free - first_free + 1));
  show("empty kernel", time_it([&](cudaStream_t s) { empty_kernel<<<1, 32, 0, s>>>(); }, st));
  for (int rep = 0; rep < 2; ++rep)
    for (cudaStream_t on : {st, (cudaStream_t)0}) {
      streams_b2b("empty kernel", [&](cudaStream_t s) { empty_kernel<<<1, 32, 0, s>>>(); }, st, on);
      streams_b2b("descriptor computed, select", [&](cudaStream_t s) { described<D, false, true><<<grid, 256, 0, s>>>(dd, off, dv, n, n, first_free, last_free, dx, 1.0, 0.0, dy); }, st, on);
    }
  for (int rep = 0; rep < 2; ++rep)
    for (cudaStream_t on : {st, (cudaStream_t)0})
      alternating([&](cudaStream_t s) { described<D, false, true><<<grid, 256, 0, s>>>(dd, off, dv, n, n, first_free, last_free, dx, 1.0, 0.0, dy); },
                  [&](cudaStream_t s) { described<D, false, true><<<grid, 256, 0, s>>>(dd, off, dv, n, n, first_free, last_free, dy, 1.0, 0.0, dxp + pad); }, st, on);
  if (getenv("EVENTS")) {
    for (cudaStream_t on : {st, (cudaStream_t)0}) {
      with_events("empty kernel", [&](cudaStream_t s) { empty_kernel<<<1, 32, 0, s>>>(); }, st, on);
      with_events("descriptor computed, select", [&](cudaStream_t s) { described<D, false, true><<<grid, 256, 0, s>>>(dd, off, dv, n, n, first_free, last_free, dx, 1.0, 0.0, dy); }, st, on);
    }
    return;
  }
  if (getenv("STREAMS_ONLY")) return;
  if (getenv("BLOCKS")) {
    auto blocks = [&](auto tag) {
      constexpr int T = decltype(tag)::value;
      const unsigned g = unsigned((n + T - 1) / T);
      // guards: every block checks (first_free > last_free), a safe superset
      Times t = time_it([&](cudaStream_t s) { described<D, false, true, T><<<g, T, 0, s>>>(dd, off, dv, n, n, 1, 0, dx, 1.0, 0.0, dy); }, st);
      check("T");
      printf("  computed, select, all guarded, T=%4d (%4u blocks): graph of 200 %.2f us, one-node graphs %.2f us\n", T, g, t.graph200, t.single);
    };
    for (int rep = 0; rep < 2; ++rep) {
      blocks(std::integral_constant<int, 256>{}); blocks(std::integral_constant<int, 128>{});
      blocks(std::integral_constant<int, 96>{}); blocks(std::integral_constant<int, 64>{}); blocks(std::integral_constant<int, 32>{});
    }
    return;
  }
  for (int rep = 0; rep < 2; ++rep) {
    show("padded, no descriptor", time_it([&](cudaStream_t s) { padded<D><<<grid, 256, 0, s>>>(off, dv, n, dx, 1.0, 0.0, dy); }, st)); check("padded");
    show("descriptor from memory, guards", time_it([&](cudaStream_t s) { described<D, true><<<grid, 256, 0, s>>>(dd, off, dv, n, n, first_free, last_free, dx, 1.0, 0.0, dy); }, st)); check("mem");
    show("descriptor computed, guards", time_it([&](cudaStream_t s) { described<D, false><<<grid, 256, 0, s>>>(dd, off, dv, n, n, first_free, last_free, dx, 1.0, 0.0, dy); }, st)); check("computed");
    show("descriptor from memory, select", time_it([&](cudaStream_t s) { described<D, true, true><<<grid, 256, 0, s>>>(dd, off, dv, n, n, first_free, last_free, dx, 1.0, 0.0, dy); }, st)); check("mem select");
    show("descriptor computed, select", time_it([&](cudaStream_t s) { described<D, false, true><<<grid, 256, 0, s>>>(dd, off, dv, n, n, first_free, last_free, dx, 1.0, 0.0, dy); }, st)); check("computed select");
  }
  cudaFree(dv); cudaFree(dxp); cudaFree(dy); cudaFree(dd);
}

int main(int argc, char** argv) {
  const int n = argc > 1 ? atoi(argv[1]) : 24;
  ncu_mode = argc > 2;
  static int s27[27][3], s7[7][3] = {{-1, 0, 0}, {0, -1, 0}, {0, 0, -1}, {0, 0, 0}, {0, 0, 1}, {0, 1, 0}, {1, 0, 0}};
  int k = 0;
  for (int a = -1; a <= 1; ++a) for (int b = -1; b <= 1; ++b) for (int c = -1; c <= 1; ++c) s27[k][0] = a, s27[k][1] = b, s27[k][2] = c, ++k;
  run<27>(n, s27);
  run<7>(n, s7);
  return 0;
}
