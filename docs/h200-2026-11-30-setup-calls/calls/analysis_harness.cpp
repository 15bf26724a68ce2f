// Stop 66: analysis_features (mode 0) or analyse_matrix (mode 1) of one matrix, REPS times; the mean.
//   analysis_harness M.mtx.gz REPS MODE
// Built against build-gpu (-DAIJADAPTIVE_BUILD_PLUGIN=OFF) with -I include -I src -I examples/bench and
// the libraries of its aijadaptive-setup-timing link line.
#include <aijadaptive/analysis.hpp>
#include <chrono>
#include <cstdio>
#include "mtx_reader.hpp"
using namespace aijadaptive;
int main(int argc, char** argv) {
  auto m = bench::read_matrix_market<double, int>(argv[1]);
  auto a = m.view();
  int reps = atoi(argv[2]);
  int mode = argc > 3 ? atoi(argv[3]) : 0;
  auto t0 = std::chrono::steady_clock::now();
  double s = 0;
  for (int r = 0; r < reps; ++r) {
    if (mode == 0) { auto f = analysis_features(a, FormatChoice::automatic_choice(), ReorderChoice::automatic); s += f.row_cv; }
    else { auto x = analyse_matrix(a, FormatChoice::automatic_choice(), ReorderChoice::automatic); s += x.features.row_cv; }
  }
  std::printf("%s mode %d: %.1f us (%g)\n", argv[1], mode, std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / reps, s);
}
