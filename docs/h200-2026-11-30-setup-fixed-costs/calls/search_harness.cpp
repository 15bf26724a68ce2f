#include <aijadaptive/diagonal_search.hpp>
#include <chrono>
#include <cstdio>
#include "mtx_reader.hpp"
using namespace aijadaptive;
int main(int argc, char** argv) {
  auto m = bench::read_matrix_market<double, int>(argv[1]);
  auto a = m.view();
  int reps = atoi(argv[2]);
  DiagonalPass pass = getenv("COMPLETE") ? DiagonalPass::complete : DiagonalPass::verdict;
  std::string r;
  auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < reps; ++i) { auto s = diagonal_search(a, argc > 3 ? atoi(argv[3]) : 0, pass); r = s.reason; }
  double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count() / reps;
  std::printf("%s rows %lld nnz %lld: search %.1f us (%.2f ns/entry) %s\n", argv[1], (long long)a.rows, (long long)a.nnz(), us, 1000*us/a.nnz(), r.c_str());
}
