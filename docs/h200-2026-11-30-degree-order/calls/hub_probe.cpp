// x sectors per nonzero (32-row groups, all groups) when only the top-H columns by count are moved to a compact array.
#include <algorithm>
#include <cstdio>
#include <numeric>
#include <unordered_set>
#include "generators.hpp"
using namespace aijadaptive;
using V = double; using I = std::int32_t;
int main(int argc, char** argv) {
  for (int k = 1; k < argc; ++k) {
    auto m = bench::generate<V, I>(bench::parse_generator_spec(argv[k]));
    auto a = m.view();
    const std::int64_t n = a.rows;
    std::vector<std::int64_t> deg(n, 0);
    for (std::int64_t e = 0; e < a.nnz(); ++e) ++deg[a.col_idx[e]];
    std::vector<I> ord(n); std::iota(ord.begin(), ord.end(), 0);
    std::stable_sort(ord.begin(), ord.end(), [&](I x, I y) { return deg[x] > deg[y]; });
    std::vector<std::int64_t> rank(n); for (std::int64_t i = 0; i < n; ++i) rank[ord[i]] = i;
    std::printf("%s:", argv[k]);
    for (double frac : {0.0, 0.001, 0.01, 0.05, 0.2, 1.0}) {
      const std::int64_t H = std::int64_t(frac * n);
      std::int64_t sectors = 0;
      std::unordered_set<std::int64_t> s;
      for (std::int64_t g = 0; g < n; g += 32) {
        s.clear();
        for (std::int64_t e = a.row_ptr[g]; e < a.row_ptr[std::min(n, g + 32)]; ++e) {
          const std::int64_t c = a.col_idx[e];
          s.insert(rank[c] < H ? ((rank[c] / 4) | (std::int64_t(1) << 40)) : c / 4);
        }
        sectors += s.size();
      }
      std::printf(" H=%.3f: %.3f", frac, double(sectors) / a.nnz());
    }
    std::printf("\n");
  }
}
