// The command line of aijadaptive-bench (see usage_text()).
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "methods.hpp"
#include "mtx_reader.hpp"
#include "runner.hpp"

namespace aijadaptive::bench {

// A mistake on the command line or in a suite file: exit code 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Options {
  std::vector<std::string> matrices;  // positional: files or gen: specs
  std::vector<std::string> suites;
  std::vector<MethodName> methods;    // --formats, default all
  Precision precision = Precision::double_;
  int index_bits = 32;
  int reps = 100;
  int warmup = 10;
  int setup_reps = 1;
  std::string csv, json, plot;
  std::string matrix_dir;  // where relative matrix files are looked for too
  bool host = false;
  bool help = false;
  MtxOptions mtx;
  std::uint64_t seed = 1;
  std::size_t copy_mib = 0;  // 0: max(1 GiB, 4 x L2) on the device, 256 MiB on the host
  AdaptiveSettings adaptive;  // --reorder, --param and --jit, of aijadaptive's methods
  bool renumber_rcm = false;  // --renumber rcm (RunConfig::renumber_rcm)
};

// Throws UsageError naming the option and the valid choices.
Options parse_command_line(int argc, const char* const* argv);
std::string usage_text();

}  // namespace aijadaptive::bench
