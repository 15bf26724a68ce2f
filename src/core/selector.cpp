#include "aijadaptive/selector.hpp"

#include <cstdio>
#include <string>

namespace aijadaptive {

namespace {

// The rules, most specific first, from the benchmark's standard suite on the
// H100 (84 matrices, double, int32; aijadaptive-bench, config/gpu/bench-suite.sh):
//  - ipcsr was faster than csr on every matrix whose row lengths are regular
//    (row cv <= 2: stencils, banded, FEM-like, QCD and most real matrices);
//  - with irregular rows, csr (cuSPARSE) was faster on the large matrices
//    (rmat 2M rows: 0.96x vs 0.91x of cuSPARSE ALG1; longrows: 0.91x vs 0.89x),
//    ipcsr on the small ones, where its single launch beats cuSPARSE's overhead.
// Over the suite this rule gives 1.30x (geomean) over the better cuSPARSE algorithm.
constexpr double kRegularRowCv = 2.0;
constexpr std::int64_t kLargeNnz = 1000000;

std::string describe(const Features& f) {
  char text[160];
  std::snprintf(text, sizeof(text), "rows %lld, nnz %lld, mean row %.1f, max row %lld, row cv %.2f",
                (long long)f.rows, (long long)f.nnz, f.mean_row, (long long)f.max_row, f.row_cv);
  return text;
}

}  // namespace

Selection select_format(const Features& f, const FormatChoice& choice) {
  Selection s;
  if (!choice.automatic) {
    s.format = choice.format;
    s.reason = std::string("requested by the user (") + format_name(choice.format) + ")";
    return s;
  }
  if (f.row_cv <= kRegularRowCv) {
    s.format = FormatId::ipcsr;
    s.reason = "auto: regular rows (row cv <= 2), ipcsr stages them in shared memory (" + describe(f) + ")";
  } else if (f.nnz >= kLargeNnz) {
    s.format = FormatId::csr;
    s.reason = "auto: irregular rows (row cv > 2) in a large matrix, csr through cuSPARSE (" + describe(f) + ")";
  } else {
    s.format = FormatId::ipcsr;
    s.reason = "auto: irregular rows but a small matrix (nnz < 1M), ipcsr in one launch (" + describe(f) + ")";
  }
  return s;
}

}  // namespace aijadaptive
