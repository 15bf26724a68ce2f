// x sectors per nonzero of a generated matrix in its own order, sorted by column degree, and DBG.
#include <aijadaptive/reordering.hpp>
#include <algorithm>
#include <cstdio>
#include <numeric>
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
    Permutation<I> p; p.new_to_old.resize(n); p.old_to_new.resize(n);
    std::vector<I> ord(n); std::iota(ord.begin(), ord.end(), 0);
    std::stable_sort(ord.begin(), ord.end(), [&](I x, I y) { return deg[x] > deg[y]; });
    for (std::int64_t i = 0; i < n; ++i) { p.new_to_old[i] = ord[i]; p.old_to_new[ord[i]] = I(i); }
    double r0 = gather_sector_ratio(a), r1 = gather_sector_ratio(a, p);
    // DBG: buckets by degree relative to the mean (>=32x, 16x, 8x, 4x, 2x, 1x, 0.5x, rest), original order within
    double mean = double(a.nnz()) / n;
    auto bucket = [&](std::int64_t d) { double t = 32 * mean; int b = 0; while (b < 7 && d < t) { t /= 2; ++b; } return b; };
    std::stable_sort(ord.begin(), ord.end(), [&](I x, I y) { return bucket(deg[x]) < bucket(deg[y]); });
    std::iota(ord.begin(), ord.end(), 0);
    std::stable_sort(ord.begin(), ord.end(), [&](I x, I y) { return bucket(deg[x]) < bucket(deg[y]); });
    for (std::int64_t i = 0; i < n; ++i) { p.new_to_old[i] = ord[i]; p.old_to_new[ord[i]] = I(i); }
    double r2 = gather_sector_ratio(a, p);
    // share of nnz in top 1% columns
    std::vector<std::int64_t> d2 = deg; std::sort(d2.rbegin(), d2.rend());
    std::int64_t top = 0; for (std::int64_t i = 0; i < n / 100; ++i) top += d2[i];
    std::printf("%s: n %lld nnz %lld; sectors/nnz own %.3f degree %.3f dbg %.3f; top1%% cols hold %.2f of nnz\n", argv[k], (long long)n, (long long)a.nnz(), r0, r1, r2, double(top) / a.nnz());
  }
}
