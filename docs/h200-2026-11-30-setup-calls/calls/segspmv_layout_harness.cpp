// Stop 66: segspmv_build_layout of one matrix REPS times (the mean) and a hash of the layout.
//   segspmv_layout_harness M.mtx.gz REPS [variant [unroll [L]]]
// Built against build-gpu (-DAIJADAPTIVE_BUILD_PLUGIN=OFF) with -I include -I src -I examples/bench and
// the libraries of its aijadaptive-setup-timing link line.
#include <aijadaptive/formats/segspmv.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include "mtx_reader.hpp"
using namespace aijadaptive;
int main(int argc, char** argv) {
  auto m = bench::read_matrix_market<double, int>(argv[1]);
  auto a = m.view();
  int reps = atoi(argv[2]);
  SegspmvParams p;
  if (argc > 3) p.variant = SegspmvVariant(atoi(argv[3]));
  if (argc > 4) p.unroll = atoi(argv[4]);
  if (argc > 5) p.length = atoi(argv[5]);
  auto t0 = std::chrono::steady_clock::now();
  std::size_t s = 0;
  for (int r = 0; r < reps; ++r) { auto l = segspmv_build_layout(a.rows, a.row_ptr, p); s += l.piece_row.size(); }
  double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / reps;
  auto l = segspmv_build_layout(a.rows, a.row_ptr, p);
  unsigned long long h = 1469598103934665603ull; auto mix=[&](long long v){ h = (h ^ (unsigned long long)v) * 1099511628211ull; };
  for (auto v : l.row_seg) mix(v); for (auto v : l.piece_row) mix(v); for (auto v : l.piece_seg) mix(v);
  mix(l.length); mix(int(l.variant)); mix(l.entries); mix(l.long_rows); mix(l.long_row_pieces); mix(l.chunk_pieces); mix(l.looped_chunks);
  std::printf("hash %016llx %s: %.1f us L %d\n", h, argv[1], us, l.length);
}
