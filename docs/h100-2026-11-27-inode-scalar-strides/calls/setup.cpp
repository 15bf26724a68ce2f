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
  auto m = generate<double, int>(parse_generator_spec(argv[1]));
  auto a = m.view();
  double t = now();
  auto f = compute_features(a); double t1 = now(); std::printf("features %.1f ms\n", t1 - t);
  auto g = rcm_order(a); double t2 = now(); std::printf("rcm %.1f ms\n", t2 - t1);
  double r = gather_sector_ratio(a, g); double t3 = now(); std::printf("ratio global %.1f ms (%.3f)\n", t3 - t2, r);
  auto w = windowed_order(g, 4096); double t4 = now(); std::printf("windowed %.1f ms\n", t4 - t3);
  r = gather_sector_ratio(a, w); double t5 = now(); std::printf("ratio window %.1f ms (%.3f)\n", t5 - t4, r);
  auto b = permute_symmetric(a, w); double t6 = now(); std::printf("permute %.1f ms\n", t6 - t5);
  InodeHostFormat<double, int> h(InodeParams{}); h.build(b.view()); double t7 = now(); std::printf("inode build %.1f ms\n", t7 - t6);
  t = now(); auto an = analyse_matrix(a, FormatChoice{}, ReorderChoice::automatic, 0); std::printf("analyse_matrix %.1f ms\n", now() - t);
}
