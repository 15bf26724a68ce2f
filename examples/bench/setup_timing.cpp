// aijadaptive-setup-timing: where the set-up of one matrix goes on the GPU,
// step by step (microseconds, median of REPS, double and int32):
//
//   aijadaptive-setup-timing MATRIX [REPS [F.P=V | format=F ...]]
//
// MATRIX: a .mtx/.mtx.gz file or a gen: spec; F.P=V: tuning parameter P of
// format F, as the benchmark's --param (e.g. brcsd1.refill_map=never);
// format=F: format F instead of the selector's choice.
//
// The adaptive matrix as a program makes it (a new AdaptiveMatrix: analyse,
// then upload), a values-only refill (the first and the median) against
// copying the values alone, and the pieces: the device queries analyse()
// makes, a stream of its own, the analysis (features, diagonal search,
// selection) and its features alone, the format's host build (the selector's
// choice, or F) and its upload alone (on a stream made once). Set-up for issue 13, where cuSPARSE's (the benchmark's
// upload column) is the bar.
#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/analysis.hpp>
#include <aijadaptive/device.hpp>
#include <aijadaptive/device_buffer.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "generators.hpp"
#include "mtx_reader.hpp"

namespace {

// The median of `reps` runs of f, in microseconds.
template <class F>
double median_us(int reps, F&& f) {
  std::vector<double> t;
  for (int r = 0; r < reps; ++r) {
    const auto start = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count());
  }
  std::nth_element(t.begin(), t.begin() + std::ptrdiff_t(t.size() / 2), t.end());
  return t[t.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  using namespace aijadaptive;
  using V = double;
  using I = std::int32_t;
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s MATRIX [REPS [F.P=V | format=F ...]]  (a Matrix Market file or a gen: spec)\n",
                 argv[0]);
    return 2;
  }
  const int reps = argc >= 3 ? std::max(1, std::atoi(argv[2])) : 50;
  try {
    MatrixOptions o;
    o.check_input = false;  // as PETSc's matrices are
    for (int k = 3; k < argc; ++k) {
      const std::string arg = argv[k];
      if (arg.rfind("format=", 0) != 0) {
        o.params.set(arg);
        continue;
      }
      const std::optional<FormatId> id = format_from_name(arg.substr(7));
      if (!id) throw std::invalid_argument(arg + ": no such format");
      o.format = FormatChoice::fixed(*id);
    }
    const std::string name = argv[1];
    const bench::HostCsr<V, I> m = bench::is_generator_spec(name)
                                       ? bench::generate<V, I>(bench::parse_generator_spec(name))
                                       : bench::read_matrix_market<V, I>(name);
    const CsrView<V, I> a = m.view();
    if (device_count() == 0) {
      std::fprintf(stderr, "no GPU: %s\n", device_status().c_str());
      return 1;
    }
    {
      AdaptiveMatrix<V, I> warm(o);  // the CUDA context, cuSPARSE and the kernel cache made once
      warm.build(a);
      warm.finish_background_work();
      std::printf("matrix %s: %lld rows, %lld nonzeros; format: %s\n", name.c_str(), (long long)a.rows,
                  (long long)a.nnz(), warm.format_name().c_str());
    }
    double analyse = 0, upload = 0;
    const double whole = median_us(reps, [&] {
      AdaptiveMatrix<V, I> fresh(o);
      const auto t0 = std::chrono::steady_clock::now();
      fresh.analyse(a);
      const auto t1 = std::chrono::steady_clock::now();
      fresh.upload();
      const auto t2 = std::chrono::steady_clock::now();
      analyse += std::chrono::duration<double, std::micro>(t1 - t0).count();
      upload += std::chrono::duration<double, std::micro>(t2 - t1).count();
    });
    std::printf("new matrix, analyse + upload    %9.1f us (means: analyse %.1f, upload %.1f)\n", whole,
                analyse / reps, upload / reps);
    {
      // A values-only refill against the bar it has (issue 13: <= 1.2x): the
      // values copied to the GPU alone, from the same (pageable) array.
      AdaptiveMatrix<V, I> kept(o);
      kept.build(a);
      const double first = median_us(1, [&] { kept.refill(a); });  // a format may make what later ones reuse
      const double refill = median_us(reps, [&] { kept.refill(a); });
      std::printf("refill (same pattern, values)   %9.1f us (the first %.1f us)\n", refill, first);
      DeviceBuffer<V> values(m.values.size());
      std::printf("  the values copied alone       %9.1f us\n", median_us(reps, [&] {
                    copy_to_device(values.data(), m.values.data(), values.bytes(), nullptr);
                    synchronize(nullptr);
                  }));
    }
    std::printf("  device_count + current_device %9.1f us\n", median_us(reps, [] {
                  (void)device_count();
                  (void)current_device();
                }));
    std::printf("  a stream of its own           %9.1f us\n", median_us(reps, [] { OwnedStream s; }));
    std::printf("  free device memory query      %9.1f us\n", median_us(reps, [] { (void)device_memory_info(); }));
    Analysis<V, I> r;
    const std::string choice = format_choice_name(o.format);
    std::printf("  analyse_matrix (%s)%*s%9.1f us\n", choice.c_str(), std::max(0, 13 - int(choice.size())),
                "", median_us(reps, [&] { r = analyse_matrix(a, o.format, o.reorder); }));
    std::printf("    of which its features       %9.1f us (x sectors per nonzero %s)\n",
                median_us(reps, [&] { (void)analysis_features(a, o.format, o.reorder); }),
                r.features.gather_sector_ratio >= 0 ? "measured" : "not measured");
    FormatContext context;
    context.device = device_info(current_device());
    context.features = r.reordering ? nullptr : &r.features;
    const FormatId chosen = r.selection.first();
    std::unique_ptr<HostFormat<V, I>> host;
    std::printf("  %-8s host build           %9.1f us\n", format_name(chosen), median_us(reps, [&] {
                  host = make_host_format<V, I>(chosen, context);
                  host->build(a);
                }));
    const OwnedStream stream;
    std::printf("  %-8s upload + synchronize %9.1f us\n", format_name(chosen), median_us(reps, [&] {
                  std::unique_ptr<DeviceFormat<V, I>> dev = host->upload(stream.get());
                  synchronize(stream.get());
                }));
    release_device_resources();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return 0;
}
