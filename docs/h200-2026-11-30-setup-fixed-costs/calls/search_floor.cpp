#include <chrono>
#include <cstdio>
#include <vector>
#include <cstdint>
#include "mtx_reader.hpp"
using namespace aijadaptive;
int main(int argc, char** argv) {
  auto m = bench::read_matrix_market<double, int>(argv[1]);
  auto a = m.view();
  std::vector<std::uint16_t> tab(a.rows + a.cols);
  std::vector<std::int64_t> last(2048, -1);
  long long s = 0;
  for (int mode = 0; mode < 3; ++mode) {
  auto t0 = std::chrono::steady_clock::now();
  int reps = 300;
  for (int r = 0; r < reps; ++r) {
    for (std::int64_t i = 0; i < a.rows; ++i) {
      std::uint16_t* slot = tab.data() + (a.rows - 1 - i);
      for (int k = a.row_ptr[i]; k < a.row_ptr[i + 1]; ++k) {
        int c = a.col_idx[k];
        if (mode == 0) s += c;
        else if (mode == 1) s += slot[c];
        else { std::uint16_t& id = slot[c]; if (id == 0) id = (c - i) & 1023 + 1; std::int64_t l = last[id]; last[id] = i; if (l != i - 1) s += l; }
      }
    }
  }
  double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / reps;
  std::printf("mode %d %.1f us %.2f ns/entry (%lld)\n", mode, us, 1000 * us / a.nnz(), s);
  }
}
