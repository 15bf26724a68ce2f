// Runs every method on one matrix: load, host reference, then per method
// set-up, timed products, correctness check and derived rates.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <aijadaptive/features.hpp>
#include <aijadaptive/format.hpp>

#include "generators.hpp"
#include "methods.hpp"
#include "mtx_reader.hpp"
#include "timing.hpp"

namespace aijadaptive::bench {

enum class Precision { single_, double_ };

struct RunConfig {
  Precision precision = Precision::double_;
  int index_bits = 32;
  int reps = 100;
  int warmup = 10;
  // Fresh set-ups of each method timed per matrix (a new instance each, in
  // this process); the report has the one of median total, and the first.
  int setup_reps = 1;
  bool host_mode = false;
  std::vector<MethodName> methods;
  MtxOptions mtx;
  std::uint64_t seed = 1;  // of the vector x
  Stream stream = nullptr;  // device mode: the one stream every method runs on
  double copy_bytes_per_second = 0;
  AdaptiveSettings adaptive;  // reordering and tuning of aijadaptive's methods
  // --renumber rcm: each matrix renumbered by RCM (rows and columns alike,
  // each row's columns sorted) before any method sees it, as a mesh numbered
  // for locality would come; every method, cuSPARSE too, gets the same matrix.
  bool renumber_rcm = false;
  // Set per matrix: a complex Matrix Market file runs in complex arithmetic
  // (std::complex of the precision), its values twice as large.
  bool complex_values = false;
};

// Bytes of a value: the precision's, twice for complex values.
std::size_t value_size(const RunConfig& c);
std::size_t index_size(const RunConfig& c);
// Relative error (max norm) a correct result may have.
double tolerance(Precision p);
// The CSR byte model, in words and numbers, for the report.
std::string byte_model(const RunConfig& c);
double csr_model_bytes(const RunConfig& c, std::int64_t rows, std::int64_t cols, std::int64_t nnz);

struct MatrixSource {
  std::string label;  // as the user wrote it
  std::string path;   // the file found for it (files only)
  std::optional<GeneratorSpec> generator;
  std::string problem;  // set when the file was not found
};

// The status of a method that refused the matrix as unsupported (a diagonal
// format on a matrix that is not diagonal): neither correct nor wrong.
inline constexpr const char* kNotApplicable = "n/a: ";

struct Result {
  std::string method, selected, where, note;
  std::string status;  // "ok", "wrong", "error: ..." or kNotApplicable + why
  bool correct = false;
  double build_s = NAN, upload_s = NAN;
  double first_setup_s = NAN;  // the first of --setup-reps set-ups (build + upload), when more than one
  Summary time;
  double csr_bytes = NAN, own_bytes = NAN;
  double gbps_csr = NAN, frac_copy_csr = NAN, gbps_own = NAN, frac_copy_own = NAN;
  double gflops = NAN, speedup_vs_cusparse = NAN;
  double rel_error = NAN, tolerance = NAN;
};

struct MatrixReport {
  std::string label;
  bool complex_values = false;  // run in complex arithmetic (a complex file)
  Features features;
  double load_s = NAN;
  std::string error;  // the matrix could not be loaded
  std::vector<Result> results;
  bool all_correct() const;
};

MatrixReport run_matrix(const MatrixSource& source, const RunConfig& config);

}  // namespace aijadaptive::bench
