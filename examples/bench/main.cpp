// aijadaptive-bench: SpMV benchmark of aijadaptive's formats against cuSPARSE
// (and Kokkos Kernels where found), on Matrix Market files and generated
// matrices. See usage_text() in cli.cpp, and README.md beside this file.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>

#include <aijadaptive/device.hpp>
#include <aijadaptive/errors.hpp>

#include "cli.hpp"
#include "generators.hpp"
#include "report.hpp"
#include "runner.hpp"
#include "suite.hpp"

namespace ab = aijadaptive::bench;

namespace {

constexpr int kUsageError = 2;
constexpr std::size_t kMiB = std::size_t(1) << 20;

// Every matrix the run will measure, specs parsed up front so that a typo in
// the last line of a suite fails before the first measurement.
std::vector<ab::MatrixSource> collect_sources(const ab::Options& o) {
  const std::string matrix_dir = o.matrix_dir.empty() ? AIJA_BENCH_DEFAULT_MATRIX_DIR : o.matrix_dir;
  std::vector<ab::MatrixSource> sources;
  for (const std::string& suite : o.suites)
    for (const ab::SuiteEntry& e : ab::read_suite(suite)) {
      try {
        sources.push_back(ab::make_source(e.text, e.base_dir, matrix_dir));
      } catch (const ab::SpecError& err) {
        throw ab::UsageError(e.where + ": " + err.what());
      }
    }
  for (const std::string& m : o.matrices) sources.push_back(ab::make_source(m, "", matrix_dir));
  return sources;
}

ab::CopyBandwidth measure_copy(const ab::Options& o, bool host_mode, aijadaptive::Stream stream) {
  if (host_mode) {
    const std::size_t bytes = (o.copy_mib ? o.copy_mib : 256) * kMiB;
    return ab::host_copy_bandwidth(bytes, 1, std::min(o.reps, 20));
  }
  // Well beyond the L2 cache (50 MB on an H100), so the copy streams from DRAM.
  const std::size_t bytes = o.copy_mib ? o.copy_mib * kMiB : std::max<std::size_t>(1024 * kMiB, 4 * ab::device_l2_bytes());
  return ab::device_copy_bandwidth(stream, bytes, 3, o.reps);
}

int run(const ab::Options& o) {
  const std::vector<ab::MatrixSource> sources = collect_sources(o);

  ab::RunInfo info;
  ab::RunConfig config;
  const bool built = aijadaptive::built_with_cuda();
  const int devices = built ? aijadaptive::device_count() : 0;
  config.host_mode = o.host || devices == 0;
  info.mode = config.host_mode ? "host" : "device";
  if (o.host)
    info.mode_reason = "requested with --host";
  else if (!built)
    info.mode_reason = "built without CUDA";
  else if (devices == 0)
    info.mode_reason = aijadaptive::device_status();
  std::optional<aijadaptive::OwnedStream> stream;
  if (!config.host_mode) {
    info.device = aijadaptive::device_info(aijadaptive::current_device()).name;
    info.mode_reason = "device " + std::to_string(aijadaptive::current_device()) + ": " + info.device;
    stream.emplace();
    config.stream = stream->get();
  } else {
    info.device = "host";
  }
  config.precision = o.precision;
  config.index_bits = o.index_bits;
  config.reps = o.reps;
  config.warmup = o.warmup;
  config.setup_reps = o.setup_reps;
  config.mtx = o.mtx;
  config.seed = o.seed;
  config.adaptive = o.adaptive;
  config.renumber_rcm = o.renumber_rcm;
  for (const ab::MethodName& m : o.methods) {
    std::string why;
    if (ab::method_available(m, config.host_mode, &why)) {
      config.methods.push_back(m);
      info.methods.push_back(m.name);
    } else {
      info.skipped.push_back(m.name + ": " + why);
    }
  }
  info.precision = o.precision == ab::Precision::double_ ? "double" : "single";
  info.index_bits = o.index_bits;
  info.reps = o.reps;
  info.warmup = o.warmup;
  info.byte_model = ab::byte_model(config);
  info.copy = measure_copy(o, config.host_mode, config.stream);
  config.copy_bytes_per_second = info.copy.bytes_per_second;
  ab::print_header(std::cout, info);

  std::vector<ab::MatrixReport> reports;
  bool all_correct = true;
  for (const ab::MatrixSource& s : sources) {
    reports.push_back(ab::run_matrix(s, config));
    ab::print_matrix(std::cout, reports.back());
    std::cout.flush();
    all_correct = all_correct && reports.back().all_correct();
  }

  int status = all_correct ? 0 : 1;
  std::string csv = o.csv;
  if (csv.empty() && !o.plot.empty()) csv = o.plot + ".csv";
  if (!csv.empty()) ab::write_csv(csv, info, reports);
  if (!o.json.empty()) ab::write_json(o.json, info, reports);
  if (!o.plot.empty()) {
    const std::string command =
        std::string("'") + AIJA_BENCH_PYTHON + "' '" + AIJA_BENCH_PLOT_SCRIPT + "' '" + csv + "' '" + o.plot + "'";
    if (std::system(command.c_str()) != 0) {
      std::cerr << "aijadaptive-bench: the plot failed: " << command << "\n";
      status = 1;
    }
  }
  std::cout << "\n" << (all_correct ? "all results correct" : "SOME RESULTS ARE WRONG OR MISSING") << " ("
            << reports.size() << " matrices)\n";
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  int status = 1;
  try {
    const ab::Options o = ab::parse_command_line(argc, argv);
    if (o.help) {
      std::cout << ab::usage_text();
      return 0;
    }
    status = run(o);
  } catch (const ab::UsageError& e) {
    std::cerr << "aijadaptive-bench: " << e.what() << "\n";
    status = kUsageError;
  } catch (const ab::SpecError& e) {
    std::cerr << "aijadaptive-bench: " << e.what() << "\n";
    status = kUsageError;
  } catch (const std::exception& e) {
    std::cerr << "aijadaptive-bench: error: " << e.what() << "\n";
    status = 1;
  }
  aijadaptive::release_device_resources();
  return status;
}
