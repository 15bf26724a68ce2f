// Output: the table on stdout, CSV and JSON files.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "runner.hpp"

namespace aijadaptive::bench {

// What holds for the whole run.
struct RunInfo {
  std::string mode;         // "host" or "device"
  std::string mode_reason;  // why host mode, or the device's name
  std::string device;       // device name, or "host"
  std::string precision;    // "double" or "single"
  int index_bits = 32;
  int reps = 0, warmup = 0;
  std::string byte_model;
  CopyBandwidth copy;
  std::vector<std::string> methods;
  std::vector<std::string> skipped;  // "name: why"
};

void print_header(std::ostream& out, const RunInfo& run);
void print_matrix(std::ostream& out, const MatrixReport& m);
// Throws std::runtime_error when the file cannot be written.
void write_csv(const std::string& path, const RunInfo& run, const std::vector<MatrixReport>& reports);
void write_json(const std::string& path, const RunInfo& run, const std::vector<MatrixReport>& reports);

}  // namespace aijadaptive::bench
