// The dropped prototype's host comparison: needs local_rcm_order of calls/local-rcm-prototype.cpp in the core library.
#include <aijadaptive/reordering.hpp>
#include <aijadaptive/features.hpp>
#include <aijadaptive/analysis.hpp>
#include <aijadaptive/formats/inode.hpp>
#include "generators.hpp"
#include <chrono>
#include <cstdio>
using namespace aijadaptive;
using namespace aijadaptive::bench;
static double now() { return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count(); }
int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
  auto m = generate<double, int>(parse_generator_spec(argv[i]));
  auto a = m.view();
  std::printf("%s\n", argv[i]);
  double t = now();
  auto f = compute_features(a); double t1 = now(); std::printf("  features %.1f ms\n", t1 - t);
  auto sh = window_shares(a); double t2 = now(); sh = window_shares(a); std::printf("  again %.1f\n", now() - t2); t2 = now(); std::printf("  window_shares %.1f ms (%.2f %.2f %.2f)\n", t2 - t1, sh[0], sh[1], sh[2]);
  t = now(); auto an = analyse_matrix(a, FormatChoice{}, ReorderChoice::automatic, 0); double t3 = now();
  std::printf("  analyse_matrix %.1f ms: reorder %d window %lld ratio %.3f -> %.3f %s\n", t3 - t, an.selection.reorder, (long long)an.features.rcm_window, an.features.gather_sector_ratio, an.features.rcm_gather_sector_ratio, format_name(an.selection.first()));
  if (!an.reordering) continue;
  t = now(); auto b = permute_symmetric(a, an.reordering->permutation); double t6 = now(); std::printf("  permute %.1f ms\n", t6 - t);
  InodeHostFormat<double, int> h(InodeParams{}); h.build(b.view()); double t7 = now(); std::printf("  inode build %.1f ms\n", t7 - t6);
  }
}
