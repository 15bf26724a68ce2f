#include <aijadaptive/formats/argcsr.hpp>
#include <chrono>
#include <cstdio>
#include <algorithm>
#include <vector>
#include <string>
#include "mtx_reader.hpp"
using namespace aijadaptive;
int main(int argc, char** argv) {
  for (int k = 1; k < argc; ++k) {
    const auto m = bench::read_matrix_market<double, std::int32_t>(argv[k]);
    std::vector<double> t;
    ArgcsrParams p;
    std::size_t sink = 0;
    for (int r = 0; r < 401; ++r) {
      auto s = std::chrono::steady_clock::now();
      ArgcsrLayout l = argcsr_build_layout(m.view().rows, m.view().row_ptr, p);
      sink += l.thread_start.size();
      t.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - s).count());
    }
    std::sort(t.begin(), t.end());
    std::printf("%-22s rows %7lld layout median %6.1f us (p10 %.1f p90 %.1f) %zu\n", std::string(argv[k]).substr(std::string(argv[k]).rfind('/') + 1).c_str(), (long long)m.view().rows, t[200], t[40], t[360], sink);
  }
}
