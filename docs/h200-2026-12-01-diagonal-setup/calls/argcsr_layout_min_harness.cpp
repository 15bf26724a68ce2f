// Stop 69: argcsr_build_layout of one matrix REPS times: the least and the median time, and a hash of
// the layout (old against new: the same hash).  argcsr_layout_min_harness M.mtx.gz REPS [desired_chunk [T [long_chunk]]]
// Built against build-gpu (-DAIJADAPTIVE_BUILD_PLUGIN=OFF) like aijadaptive-analysis-timing:
//   g++ -O3 -DNDEBUG -std=gnu++17 -DAIJADAPTIVE_HAVE_COMPLEX=0 -DAIJADAPTIVE_HAVE_CUDA=1 -I examples/bench -I include
//       -isystem /usr/local/cuda/include HARNESS.cpp -o HARNESS  + the libraries of its link line
//   (build-gpu/examples/CMakeFiles/aijadaptive-analysis-timing.dir/link.txt).
#include <aijadaptive/formats/argcsr.hpp>
#include <chrono>
#include <vector>
#include <algorithm>
#include <cstdio>
#include "mtx_reader.hpp"
using namespace aijadaptive;
int main(int argc, char** argv) {
  auto m = bench::read_matrix_market<double, int>(argv[1]);
  auto a = m.view();
  ArgcsrParams p;
  if (argc > 3) p.desired_chunk = atoi(argv[3]);
  if (argc > 4) p.block_threads = atoi(argv[4]);
  if (argc > 5) p.long_chunk = atoi(argv[5]);
  int reps = atoi(argv[2]);
  std::size_t s = 0;
  std::vector<double> ts;
  for (int r = 0; r < reps; ++r) { auto t0 = std::chrono::steady_clock::now(); auto l = argcsr_build_layout(a.rows, a.row_ptr, p); s += l.groups.size();
    ts.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count()); }
  std::sort(ts.begin(), ts.end()); double us = ts[0]; double med = ts[ts.size()/2];
  std::printf("min %.1f med %.1f ", us, med);
  auto l = argcsr_build_layout(a.rows, a.row_ptr, p);
  long f1 = 0; for (auto& g : l.groups) f1 += g.chunk;
  unsigned long long h = 1469598103934665603ull; auto mix=[&](long long v){ h = (h ^ (unsigned long long)v) * 1099511628211ull; };
  for (auto& g : l.groups) { mix(g.first_row); mix(g.offset); mix(g.rows); mix(g.chunk); mix(g.part); mix(g.parts);} for (auto t : l.thread_start) mix(t); mix(l.slots); mix(l.long_rows);
  std::printf("hash %016llx ", h);
  std::printf("%s: %.1f us, groups %zu, mean chunk %.2f, desired %lld\n", argv[1], us, l.groups.size(), double(f1)/l.groups.size(), (long long)l.desired_chunk);
}
