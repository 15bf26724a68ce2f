// Probe (stop 61): the share of argcsr's groups (default parameters) that are T rows of a thread each.
#include <aijadaptive/formats/argcsr.hpp>
#include <cstdio>
#include "generators.hpp"
using namespace aijadaptive;
int main(int argc, char** argv) {
  for (int k = 1; k < argc; ++k) {
    const auto spec = bench::parse_generator_spec(argv[k]);
    const auto m = bench::generate<double, int>(spec);
    const ArgcsrLayout l = argcsr_build_layout<int>(m.rows, m.row_ptr.data(), ArgcsrParams{});
    long own = 0, single = 0;
    for (const auto& g : l.groups) { own += g.rows == l.threads; single += g.rows == 1; }
    std::printf("%-55s chunk %lld groups %lld own %.3f single %.3f\n", argv[k], (long long)l.desired_chunk,
                (long long)l.count(), double(own) / l.count(), double(single) / l.count());
  }
}
