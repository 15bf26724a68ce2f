// How the device's host runs threads (stop 57): the same busy work (a fixed number of dependent
// multiply-adds per thread) on 1, 2, 4, 8 and 16 threads; with free cores the time stays flat.
#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>
int main() {
  for (int threads : {1, 2, 4, 8, 16}) {
    std::vector<double> out(threads * 8);
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<std::thread> team;
    for (int t = 0; t < threads; ++t)
      team.emplace_back([&, t] {
        double x = 1.0 + t;
        for (long i = 0; i < 200000000L; ++i) x = x * 1.0000001 + 1e-9;
        out[t * 8] = x;
      });
    for (auto& th : team) th.join();
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%2d threads: %.1f ms (%g)\n", threads, ms, out[0]);
  }
}
