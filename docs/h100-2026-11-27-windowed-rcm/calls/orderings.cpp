#include <aijadaptive/reordering.hpp>
#include "generators.hpp"
#include <algorithm>
#include <cstdio>
#include <cstdlib>
using namespace aijadaptive;
using namespace aijadaptive::bench;
template <class View> void stats(const char* name, const View& a) {
  long n = a.rows; long maxoff = 0; long rows16 = 0; long slices16 = 0, slices = 0;
  std::vector<long> hist(8, 0);
  for (long r = 0; r < n; ++r) {
    long mo = 0;
    for (long k = a.row_ptr[r]; k < a.row_ptr[r + 1]; ++k) mo = std::max(mo, std::labs(long(a.col_idx[k]) - r));
    maxoff = std::max(maxoff, mo);
    if (mo <= 32767) ++rows16;
  }
  for (int S : {32, 256}) {
    slices = slices16 = 0;
    for (long r0 = 0; r0 < n; r0 += S) {
      long lo = 1L << 60, hi = -1;
      for (long k = a.row_ptr[r0]; k < a.row_ptr[std::min(n, r0 + S)]; ++k) { lo = std::min(lo, long(a.col_idx[k])); hi = std::max(hi, long(a.col_idx[k])); }
      ++slices; if (hi - lo < 65536) ++slices16;
    }
    std::printf("%s: slices of %d rows with span < 65536: %.3f\n", name, S, double(slices16) / slices);
  }
  std::printf("%s: bandwidth %ld, rows with |c-r|<=32767: %.3f, sector ratio %.3f\n", name, maxoff, double(rows16) / n,
              gather_sector_ratio(a, 32, 4096));
}
int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    auto m = generate<double, int>(parse_generator_spec(argv[i]));
    stats(argv[i], m.view());
    auto p = rcm_order(m.view());
    auto b = permute_symmetric(m.view(), p);
    stats("  rcm", b.view());
    const long n = m.rows;
    for (long W : {4096L, 16384L, 65536L, 262144L}) {
      Permutation<int> q; q.new_to_old.resize(n); q.old_to_new.resize(n);
      for (long i = 0; i < n; ++i) q.new_to_old[i] = int(i);
      std::stable_sort(q.new_to_old.begin(), q.new_to_old.end(), [&](int u, int v) {
        long wu = u / W, wv = v / W; if (wu != wv) return wu < wv; return p.old_to_new[u] < p.old_to_new[v]; });
      for (long i = 0; i < n; ++i) q.old_to_new[q.new_to_old[i]] = int(i);
      auto c = permute_symmetric(m.view(), q);
      char name[64]; std::snprintf(name, sizeof name, "  window %ld by rcm", W);
      stats(name, c.view());
    }
  }
}
