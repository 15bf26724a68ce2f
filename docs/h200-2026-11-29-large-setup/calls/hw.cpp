// How long std::thread::hardware_concurrency() takes on this host (stop 57).
#include <chrono>
#include <cstdio>
#include <thread>
int main() {
  unsigned s = 0;
  for (int k = 0; k < 3; ++k) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < 1000; ++i) s += std::thread::hardware_concurrency();
    const double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / 1000;
    std::printf("hardware_concurrency: %.2f us a call (%u)\n", us, s / 1000 / (k + 1));
  }
}
