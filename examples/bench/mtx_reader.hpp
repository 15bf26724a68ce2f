// Matrix Market reader: coordinate files with real, integer, pattern or
// complex values, general, symmetric, skew-symmetric or hermitian, plain
// (.mtx) or gzip-compressed (.mtx.gz). Symmetric files are expanded to full
// storage (a hermitian file's mirrored entries conjugated); entries given
// twice are added (the usual convention of Matrix Market readers). A complex
// file read into real values, and dense ("array") files, are refused with a
// message that says so.
//
// Every defect is reported as InputError "FILE:LINE: what is wrong": a wrong
// header, a bad size line, an index out of range, a value that is not a
// number (or out of range for the precision read), fewer or more entries than
// the size line announced, a truncated .gz, a matrix that needs more memory
// than the machine has (checked on the size line, before anything is
// allocated). Nothing else escapes it but "FILE: cannot open: ...".
#pragma once

#include <cstddef>
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
  // Bytes the reader may take for the matrix (its entries as read, then the
  // CSR arrays); 0: this machine's physical memory. A size line that needs
  // more is refused before any allocation (the fuzzer sets a small one).
  double memory_limit = 0;
};

// What the header and size line said, for reports.
struct MtxInfo {
  std::string field;     // real, integer, pattern or complex
  std::string symmetry;  // general, symmetric, skew-symmetric or hermitian
  std::int64_t rows = 0, cols = 0;
  std::int64_t stored = 0;      // entries in the file
  std::int64_t duplicates = 0;  // entries added to an earlier one
};

// The machine's physical memory in bytes (0 when it cannot be found).
double physical_memory_bytes();

// About the most bytes read_matrix_market<V, I> holds at once for a matrix of
// `rows` rows and `entries` stored entries, each mirrored when `symmetric`.
double matrix_market_bytes(double rows, double entries, bool symmetric, std::size_t value_bytes,
                           std::size_t index_bytes);

// Whether the file's header says complex values (reads the header only;
// throws InputError as read_matrix_market for a bad header).
bool matrix_market_is_complex(const std::string& path);

template <class V, class I>
HostCsr<V, I> read_matrix_market(const std::string& path, const MtxOptions& options = {},
                                 MtxInfo* info = nullptr);

}  // namespace aijadaptive::bench
