#include <aijadaptive/analysis.hpp>
#include "mtx_reader.hpp"
#include <cstdio>
using namespace aijadaptive;
using namespace aijadaptive::bench;
int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    HostCsr<double,int> m; try { m = read_matrix_market<double, int>(argv[i]); } catch (...) { continue; }
    if (m.rows != m.cols) continue;
    auto a = analyse_matrix(m.view(), FormatChoice::automatic_choice(), ReorderChoice::automatic);
    if (a.features.rcm_gather_sector_ratio >= 0 || a.selection.reorder)
      std::printf("%s: reorder %d window %lld ratio %.3f -> %.3f%s\n", argv[i], int(a.selection.reorder),
                  (long long)a.features.rcm_window, a.features.gather_sector_ratio, a.features.rcm_gather_sector_ratio,
                  a.selection.reorder_reason.c_str());
  }
}
