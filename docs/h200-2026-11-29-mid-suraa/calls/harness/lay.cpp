#include <aijadaptive/formats/suraa.hpp>
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
    SuraaParams p;
    for (int r = 0; r < 201; ++r) {
      auto s = std::chrono::steady_clock::now();
      SuraaLayout l = suraa_build_layout(m.view(), p);
      t.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - s).count());
    }
    std::sort(t.begin(), t.end());
    std::printf("%-28s rows %7lld layout median %7.1f us (p10 %.1f p90 %.1f)\n", std::string(argv[k]).substr(std::string(argv[k]).rfind('/') + 1).c_str(), (long long)m.view().rows, t[100], t[20], t[180]);
  }
}
