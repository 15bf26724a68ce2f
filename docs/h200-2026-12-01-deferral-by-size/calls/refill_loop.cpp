// Device harness: a Newton-like loop on one matrix (auto): refill with new values, then K products
// with device vectors, synchronised; the median over R iterations of the loop's time and of the
// refill's alone (microseconds).
#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/device.hpp>
#include <aijadaptive/device_buffer.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "mtx_reader.hpp"
using namespace aijadaptive;
using Clock = std::chrono::steady_clock;
static double us(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double, std::micro>(b - a).count(); }
static double median(std::vector<double> v) { std::nth_element(v.begin(), v.begin() + v.size() / 2, v.end()); return v[v.size() / 2]; }
int main(int argc, char** argv) {
  const int K = std::atoi(argv[2]), R = std::atoi(argv[3]);
  auto m = bench::read_matrix_market<double, int>(argv[1]);
  AdaptiveMatrix<double, int> a;
  a.build(m.view());
  a.finish_background_work();
  std::vector<double> x(std::size_t(m.cols), 1.0), vals = m.values;
  DeviceBuffer<double> dx(x.size()), dy(std::size_t(m.rows));
  copy_to_device(dx.data(), x.data(), dx.bytes(), nullptr);
  synchronize(nullptr);
  std::vector<double> loop, refill;
  for (int r = 0; r < R + 3; ++r) {
    for (double& v : vals) v = 0.5 * v + 0.25;
    auto view = m.view();
    view.values = vals.data();
    const auto t0 = Clock::now();
    a.refill(view);
    const auto t1 = Clock::now();
    for (int k = 0; k < K; ++k) a.apply(Op::plain, 1.0, {dx.data(), MemSpace::device}, 0.0, {dy.data(), MemSpace::device});
    synchronize(a.stream());
    const auto t2 = Clock::now();
    if (r >= 3) { loop.push_back(us(t0, t2)); refill.push_back(us(t0, t1)); }
  }
  const auto st = a.product_graph_stats();
  std::printf("%s %s nnz %zu K %d: loop %.1f us, refill %.1f us, products %.2f us each; graphs %llu captured %llu replayed\n",
              argv[1], a.format_name().c_str(), m.nnz(), K, median(loop), median(refill), (median(loop) - median(refill)) / K,
              (unsigned long long)st.captured, (unsigned long long)st.replayed);
}
