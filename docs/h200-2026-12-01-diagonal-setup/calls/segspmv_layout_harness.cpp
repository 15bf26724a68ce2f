// Stop 69: segspmv_build_layout of one matrix REPS times (least, median) and a hash of the layout.
//   segspmv_layout_harness M.mtx.gz REPS [length [unroll [s: variant scalar]]]
// Built against build-gpu (-DAIJADAPTIVE_BUILD_PLUGIN=OFF) like aijadaptive-analysis-timing:
//   g++ -O3 -DNDEBUG -std=gnu++17 -DAIJADAPTIVE_HAVE_COMPLEX=0 -DAIJADAPTIVE_HAVE_CUDA=1 -I examples/bench -I include
//       -isystem /usr/local/cuda/include HARNESS.cpp -o HARNESS  + the libraries of its link line
//   (build-gpu/examples/CMakeFiles/aijadaptive-analysis-timing.dir/link.txt).
#include <aijadaptive/formats/segspmv.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "mtx_reader.hpp"
using namespace aijadaptive;
int main(int argc, char** argv) {
  auto m = bench::read_matrix_market<double, int>(argv[1]);
  auto a = m.view();
  SegspmvParams p; if (argc > 3) p.length = atoi(argv[3]); if (argc > 4) p.unroll = atoi(argv[4]); if (argc > 5) p.variant = SegspmvVariant::scalar;
  int reps = atoi(argv[2]);
  std::vector<double> ts;
  for (int r = 0; r < reps; ++r) { auto t0 = std::chrono::steady_clock::now(); auto l = segspmv_build_layout(a.rows, a.row_ptr, p);
    ts.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count()); }
  std::sort(ts.begin(), ts.end());
  auto l = segspmv_build_layout(a.rows, a.row_ptr, p);
  unsigned long long h = 1469598103934665603ull; auto mix=[&](long long v){ h = (h ^ (unsigned long long)v) * 1099511628211ull; };
  mix(l.length); mix(int(l.variant)); for (auto v : l.row_seg) mix(v); for (auto v : l.piece_row) mix(v); for (auto v : l.piece_seg) mix(v);
  mix(l.entries); mix(l.long_rows); mix(l.long_row_pieces); mix(l.chunk_pieces); mix(l.looped_chunks);
  std::printf("%s min %.1f med %.1f hash %016llx pieces %lld\n", argv[1], ts[0], ts[ts.size()/2], h, (long long)l.pieces());
}
