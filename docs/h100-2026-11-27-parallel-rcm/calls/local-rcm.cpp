// The dropped prototype's host comparison: needs local_rcm_order of calls/local-rcm-prototype.cpp in the core library.
#include <aijadaptive/reordering.hpp>
#include "generators.hpp"
#include "mtx_reader.hpp"
#include <chrono>
#include <cstdio>
#include <string>

#include <random>
#include <algorithm>
struct G { int rows; std::vector<int> rp, ci; std::vector<double> v; aijadaptive::CsrView<double,int> view() const { return {rows, rows, rp.data(), ci.data(), v.data()}; } };
G grid(int n, unsigned long seed, std::size_t block) {
  std::vector<int> label(std::size_t(n) * n);
  for (std::size_t i = 0; i < label.size(); ++i) label[i] = int(i);
  std::mt19937_64 rng(seed);
  for (std::size_t b = 0; b < label.size(); b += std::min(block, label.size()))
    std::shuffle(label.begin() + b, label.begin() + std::min(label.size(), b + block), rng);
  std::vector<std::vector<int>> rows(label.size());
  for (int y = 0; y < n; ++y) for (int x = 0; x < n; ++x) {
    int i = label[std::size_t(y) * n + x];
    for (auto [dx, dy] : {std::pair{0, 0}, {-1, 0}, {1, 0}, {0, -1}, {0, 1}})
      if (x + dx >= 0 && x + dx < n && y + dy >= 0 && y + dy < n) rows[i].push_back(label[std::size_t(y + dy) * n + x + dx]);
  }
  G m; m.rows = int(label.size()); m.rp.push_back(0);
  for (auto& r : rows) { std::sort(r.begin(), r.end()); for (int c : r) { m.ci.push_back(c); m.v.push_back(1.0);} m.rp.push_back(int(m.ci.size())); }
  return m;
}
using namespace aijadaptive;
using namespace aijadaptive::bench;
static double now() { return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count(); }
template <class M> void run(const char* name, const M& m) {
  auto a = m.view();
  if (a.rows != a.cols) return;
  double t0 = now();
  auto g = rcm_order(a);
  double tg = now() - t0;
  std::printf("%s n=%d: orig %.3f global %.3f (%.0f ms)", name, (int)a.rows, gather_sector_ratio(a), gather_sector_ratio(a, g), tg);
  for (long W : {4096L, 16384L, 65536L}) {
    if (a.rows <= W) break;
    double t1 = now();
    auto l = local_rcm_order(a, W);
    double tl = now() - t1;
    long inside = 0;
    for (long i = 0; i < a.rows; ++i) for (int k = a.row_ptr[i]; k < a.row_ptr[i+1]; ++k) inside += a.col_idx[k] / W == i / W;
    std::printf(" | W%ld in %.2f gw %.3f loc %.3f (%.0f ms)", W, double(inside) / a.nnz(), gather_sector_ratio(a, windowed_order(g, W)), gather_sector_ratio(a, l), tl);
  }
  std::printf("\n");
}
int main(int argc, char** argv) {
  for (std::size_t b : {std::size_t(30000), std::size_t(50000), std::size_t(100000), std::size_t(25000)}) { auto g = grid(500, 11, b); std::string nm = "grid block " + std::to_string(b); run(nm.c_str(), g); }
  for (int i = 1; i < argc; ++i) {
    std::string s = argv[i];
    if (is_generator_spec(s)) run(argv[i], generate<double, int>(parse_generator_spec(s)));
    else run(argv[i], read_matrix_market<double, int>(s));
  }
}
