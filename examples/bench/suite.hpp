// Suite files and where matrix files are found.
//
// A suite file names one matrix per line, a file or a gen: spec; '#' starts a
// comment. Relative files are looked up next to the suite file, then in the
// matrix directory (--matrix-dir, by default the copy CMake made in the build
// tree of the folder given as -DAIJADAPTIVE_BENCH_MATRICES).
#pragma once

#include <string>
#include <vector>

#include "runner.hpp"

namespace aijadaptive::bench {

struct SuiteEntry {
  std::string text;
  std::string where;  // "FILE:LINE" for messages
  std::string base_dir;
};

// Throws UsageError when the file cannot be read.
std::vector<SuiteEntry> read_suite(const std::string& path);

// Turns what the user wrote into a source: a parsed generator spec (throws
// SpecError when it is wrong) or a file path; a file that is nowhere to be
// found gets a `problem` that the run reports as this matrix's error.
MatrixSource make_source(const std::string& text, const std::string& base_dir, const std::string& matrix_dir);

}  // namespace aijadaptive::bench
