#include <aijadaptive/diagonal_search.hpp>
#include <chrono>
#include <cstdio>
#include <algorithm>
#include <vector>
#include "mtx_reader.hpp"
using namespace aijadaptive;
int main(int argc, char** argv) {
  for (int k = 1; k < argc; ++k) {
    const auto m = bench::read_matrix_market<double, std::int32_t>(argv[k]);
    std::vector<double> t;
    long K = 0;
    for (int r = 0; r < 41; ++r) {
      auto s = std::chrono::steady_clock::now();
      K += diagonal_search(m.view(), 1, DiagonalPass::complete).features.K;
      t.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - s).count());
    }
    std::sort(t.begin(), t.end());
    std::printf("%-40s nnz %8lld one part, complete pass: median %8.1f us (p10 %.1f, p90 %.1f) K %ld\n", argv[k], (long long)m.view().nnz(), t[20], t[4], t[36], K / 41);
  }
}
