#include <aijadaptive/analysis.hpp>
#include <aijadaptive/adaptive_matrix.hpp>
#include <chrono>
#include <cstdio>
#include <algorithm>
#include <vector>
#include "mtx_reader.hpp"
using namespace aijadaptive;
template <class F> double med(F&& f) {
  std::vector<double> t;
  for (int r = 0; r < 41; ++r) {
    auto s = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - s).count());
  }
  std::sort(t.begin(), t.end());
  return t[20];
}
int main(int argc, char** argv) {
  for (int k = 1; k < argc; ++k) {
    const auto m = bench::read_matrix_market<double, std::int32_t>(argv[k]);
    const auto a = m.view();
    std::printf("%-34s rows %7lld nnz %8lld", argv[k] + std::string(argv[k]).rfind('/') + 1, (long long)a.rows, (long long)a.nnz());
    for (FormatId id : {FormatId::suraa, FormatId::ipcsr}) {
      Analysis<double, std::int32_t> r;
      const double an = med([&] { r = analyse_matrix(a, FormatChoice::fixed(id), ReorderChoice::automatic); });
      FormatContext context;
      context.features = &r.features;
      std::unique_ptr<HostFormat<double, std::int32_t>> host;
      const double hb = med([&] { host = make_host_format<double, std::int32_t>(id, context); host->build(a); });
      std::printf(" | %s analyse %7.1f build %7.1f", format_name(id), an, hb);
    }
    std::printf("\n");
  }
}
