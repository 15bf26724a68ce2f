#include <aijadaptive/reordering.hpp>
#include "generators.hpp"
#include <cstdio>
using namespace aijadaptive;
using namespace aijadaptive::bench;
int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    auto m = generate<double, int>(parse_generator_spec(argv[i]));
    auto g = rcm_order(m.view());
    std::printf("%s: original %.3f global %.3f", argv[i], gather_sector_ratio(m.view()), gather_sector_ratio(m.view(), g));
    for (long W : {4096L, 8192L, 16384L, 32768L, 65536L, 262144L}) std::printf("  W%ld %.3f", W, gather_sector_ratio(m.view(), windowed_order(g, W)));
    std::printf("\n");
  }
}
