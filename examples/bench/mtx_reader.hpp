// Matrix Market reader: coordinate files with real, integer or pattern values,
// general, symmetric or skew-symmetric, plain (.mtx) or gzip-compressed
// (.mtx.gz). Symmetric files are expanded to full storage; entries given twice
// are added (the usual convention of Matrix Market readers). Complex and dense
// ("array") files are refused with a message that says so.
//
// Every defect is reported as InputError "FILE:LINE: what is wrong": a wrong
// header, a bad size line, an index out of range, a value that is not a
// number, fewer or more entries than the size line announced, a truncated .gz.
#pragma once

#include <cstdint>
#include <string>

#include "host_csr.hpp"

namespace aijadaptive::bench {

enum class PatternValues {
  ones,   // every entry 1
  random  // matrix_value(seed, i, j) (values.hpp), symmetric when the file is
};

struct MtxOptions {
  PatternValues pattern = PatternValues::ones;
  std::uint64_t seed = 1;
};

// What the header and size line said, for reports.
struct MtxInfo {
  std::string field;     // real, integer or pattern
  std::string symmetry;  // general, symmetric or skew-symmetric
  std::int64_t rows = 0, cols = 0;
  std::int64_t stored = 0;      // entries in the file
  std::int64_t duplicates = 0;  // entries added to an earlier one
};

template <class V, class I>
HostCsr<V, I> read_matrix_market(const std::string& path, const MtxOptions& options = {},
                                 MtxInfo* info = nullptr);

}  // namespace aijadaptive::bench
