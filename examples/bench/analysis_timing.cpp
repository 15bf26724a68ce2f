// aijadaptive-analysis-timing: where the host set-up time of one generated
// matrix goes, step by step (seconds, one run each, double and int32):
//
//   aijadaptive-analysis-timing gen:stencil27:n=160
//
// check_csr (the input check PETSc skips), compute_features (and its x-gather
// estimate, gather_sector_ratio, on its own), the diagonal
// search in one pass and in row parts on the machine's threads, the whole
// analysis (features, search and selection), the three diagonal formats' host
// builds with its features (as AdaptiveMatrix::analyse builds them; -1: the
// format refuses the matrix), the diagonal offsets pass, the
// dia and brcsd2 host builds on their own (pieces and lists: what a device build does on
// the host) and their values filled on the host (the reference kernel's, not
// part of a device build). Issue 9's set-up figures come from it.
#include <aijadaptive/analysis.hpp>
#include <aijadaptive/diagonal_search.hpp>
#include <aijadaptive/features.hpp>
#include <aijadaptive/formats/brcsd2.hpp>
#include <aijadaptive/formats/dia.hpp>
#include <aijadaptive/reordering.hpp>

#include <chrono>
#include <cstdio>
#include <exception>
#include <thread>

#include "generators.hpp"

namespace {

template <class F>
double seconds(F&& f) {
  const auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  using namespace aijadaptive;
  if (argc != 2 || !bench::is_generator_spec(argv[1])) {
    std::fprintf(stderr, "usage: %s gen:<generator>:<key>=<value>,...  (see aijadaptive-bench --help)\n", argv[0]);
    return 2;
  }
  try {
    const auto m = bench::generate<double, std::int32_t>(bench::parse_generator_spec(argv[1]));
    const CsrView<double, std::int32_t> a = m.view();
    std::printf("check_csr %.3f\n", seconds([&] { check_csr(a); }));
    std::printf("features %.3f\n", seconds([&] { compute_features(a); }));
    std::printf("  of which gather_sector_ratio %.3f\n", seconds([&] { gather_sector_ratio(a); }));
    std::printf("search_one_pass %.3f\n", seconds([&] { diagonal_search(a, 1); }));
    std::printf("search %.3f (%u hardware threads)\n", seconds([&] { diagonal_search(a); }),
                std::thread::hardware_concurrency());
    Analysis<double, std::int32_t> analysis;
    std::printf("analyse_matrix %.3f\n", seconds([&] {
                  analysis = analyse_matrix(a, FormatChoice::automatic_choice(), ReorderChoice::automatic);
                }));
    // The first candidate's host half as AdaptiveMatrix::analyse builds it:
    // with the analysis's features (its offsets, its row-order check).
    FormatContext with_features;
    with_features.features = &analysis.features;
    for (FormatId id : {FormatId::dia, FormatId::brcsd1, FormatId::brcsd2}) {
      auto f = make_host_format<double, std::int32_t>(id, with_features);
      double s = -1;
      try {
        s = seconds([&] { f->build(a); });
      } catch (const std::exception&) {
      }
      std::printf("%s build after the analysis %.3f\n", format_name(id), s);
    }
    std::printf("offsets %.3f\n", seconds([&] { diagonal_offsets(a, 0, a.rows); }));
    DiaHostFormat<double, std::int32_t> dia(FormatContext{});
    std::printf("dia build %.3f\n", seconds([&] { dia.build(a); }));
    std::printf("dia host values %.3f\n", seconds([&] { dia.layout_with_values(); }));
    Brcsd2HostFormat<double, std::int32_t> brcsd2(FormatContext{});
    std::printf("brcsd2 build %.3f\n", seconds([&] { brcsd2.build(a); }));
    std::printf("brcsd2 host values %.3f\n", seconds([&] { brcsd2.layout_with_values(); }));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return 0;
}
