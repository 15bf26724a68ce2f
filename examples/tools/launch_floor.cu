// The fixed cost of a product on this machine, layer by layer: what a small
// matrix's MatMult cannot go below (issue 17). Per call, N calls back to back
// on one stream (host clock; "enqueued" is the host's share before the
// synchronize), and one call between a pair of CUDA events (the benchmark's
// per-call timing):
//   empty kernel            the launch alone (runtime API, 54 blocks of 256)
//   on the legacy stream    the same launch into the legacy default stream (PETSc 3.26's default)
//   as a one-node graph     the same kernel captured once, then cudaGraphLaunch per call
//   + checks                with cudaGetDevice and cudaGetLastError around it, as the library does
//   AdaptiveMatrix::apply   the 7-point stencil of 24^3 (13824 rows), device vectors
// Usage: aijadaptive-launch-floor [n (grid side, 24)] [calls (20000)]
#include <cuda_runtime_api.h>

#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/device.hpp>
#include <aijadaptive/device_buffer.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

#include "generators.hpp"

namespace {

__global__ void empty_kernel() {}

using Clock = std::chrono::steady_clock;

double us(Clock::duration d) { return std::chrono::duration<double, std::micro>(d).count(); }

void report(const char* what, int calls, cudaStream_t s, const std::function<void()>& op) {
  for (int i = 0; i < 100; ++i) op();
  cudaStreamSynchronize(s);
  const auto t0 = Clock::now();
  for (int i = 0; i < calls; ++i) op();
  const auto t1 = Clock::now();
  cudaStreamSynchronize(s);
  const auto t2 = Clock::now();
  std::vector<float> pair(200);
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  for (float& ms : pair) {
    cudaEventRecord(a, s);
    op();
    cudaEventRecord(b, s);
    cudaEventSynchronize(b);
    cudaEventElapsedTime(&ms, a, b);
  }
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  std::sort(pair.begin(), pair.end());
  std::printf("%-26s back to back %6.2f us per call (enqueued in %6.2f), one event pair %6.2f us (median)\n", what,
              us(t2 - t0) / calls, us(t1 - t0) / calls, 1e3 * pair[pair.size() / 2]);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace aijadaptive;
  const int n = argc > 1 ? std::atoi(argv[1]) : 24;
  const int calls = argc > 2 ? std::atoi(argv[2]) : 20000;
  if (device_count() == 0) {
    std::printf("no GPU: %s\n", device_status().c_str());
    return 0;
  }
  cudaStream_t s = nullptr;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  report("empty kernel", calls, s, [&] { empty_kernel<<<54, 256, 0, s>>>(); });
  report("empty kernel, legacy stream", calls, nullptr, [&] { empty_kernel<<<54, 256, 0, nullptr>>>(); });
  cudaGraph_t graph = nullptr;
  cudaGraphExec_t exec = nullptr;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal);
  empty_kernel<<<54, 256, 0, s>>>();
  cudaStreamEndCapture(s, &graph);
  cudaGraphInstantiate(&exec, graph, 0);
  report("empty kernel, graph", calls, s, [&] { cudaGraphLaunch(exec, s); });
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  report("empty kernel + checks", calls, s, [&] {
    int d = 0;
    (void)cudaGetDevice(&d);
    empty_kernel<<<54, 256, 0, s>>>();
    (void)cudaGetLastError();
  });
  bench::GeneratorSpec spec = bench::parse_generator_spec("gen:stencil7:n=" + std::to_string(n));
  const auto m = bench::generate<double, std::int32_t>(spec);
  std::vector<double> x(std::size_t(m.cols), 1.0);
  DeviceBuffer<double> dx(x.size()), dy(std::size_t(m.rows));
  copy_to_device(dx.data(), x.data(), dx.bytes(), s);
  for (const char* format : {"dia", "ipcsr", "csr"}) {
    MatrixOptions o;
    o.format = FormatChoice::fixed(*format_from_name(format));
    AdaptiveMatrix<double, std::int32_t> a(o);
    a.build(m.view());
    a.finish_background_work();
    char what[64];
    std::snprintf(what, sizeof what, "apply (%s)", a.format_name().c_str());
    report(what, calls, s, [&] {
      a.apply(Op::plain, 1.0, {dx.data(), MemSpace::device}, 0.0, {dy.data(), MemSpace::device}, s);
    });
  }
  cudaStreamDestroy(s);
  release_device_resources();
  return 0;
}
