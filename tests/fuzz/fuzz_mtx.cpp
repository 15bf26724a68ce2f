// Fuzz target of the Matrix Market reader (examples/bench/mtx_reader.*), the
// one the benchmark and the main job use. The input is the file's bytes,
// plain or gzip (zlib reads either, whatever the name), written to a scratch
// file because the reader's only way in is a path, as in production. It is
// read twice:
//   - through the main job's C entry point (double, 64-bit indices);
//   - as the benchmark reads it with --precision single (float, 32-bit).
// Each read must either give a well-formed CSR (row pointers from 0 and
// increasing, columns in range and increasing within each row, finite
// values) or fail with InputError "FILE:LINE: what is wrong". Anything else
// (another exception, a crash, a sanitizer report, a leak, a hang) is a bug.
#include <aijadaptive/scalar.hpp>

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <unistd.h>

#include "mtx_reader.hpp"
#include "mtx_reader_c.h"

namespace ab = aijadaptive::bench;

namespace {

// Small enough that a size line announcing millions of entries is refused
// before allocating, as a larger matrix would be on the real machine.
constexpr double kMemoryLimit = 16e6;

// One scratch file per process, removed at exit.
class ScratchFile {
 public:
  ScratchFile() {
    const char* dir = std::getenv("TMPDIR");
    std::string pattern = std::string(dir && *dir ? dir : "/tmp") + "/aija_fuzz_XXXXXX.mtx";
    const int fd = mkstemps(pattern.data(), 4);
    if (fd < 0) {
      std::perror("fuzz_mtx: mkstemps");
      std::abort();
    }
    close(fd);
    path_ = pattern;
  }
  ~ScratchFile() { std::remove(path_.c_str()); }
  const std::string& write(const std::uint8_t* data, std::size_t size) const {
    std::FILE* f = std::fopen(path_.c_str(), "wb");
    if (!f || (size && std::fwrite(data, 1, size, f) != size) || std::fclose(f) != 0) {
      std::perror("fuzz_mtx: writing the scratch file");
      std::abort();
    }
    return path_;
  }

 private:
  std::string path_;
};

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz_mtx: %s\n", what.c_str());
  std::abort();
}

// "PATH:LINE: text", LINE a positive number, text not empty.
void require_where(const std::string& message, const std::string& path) {
  std::size_t p = path.size() + 1;
  bool ok = message.compare(0, path.size() + 1, path + ":") == 0;
  const std::size_t digits = p;
  while (ok && p < message.size() && message[p] >= '0' && message[p] <= '9') ++p;
  ok = ok && p > digits && message[digits] != '0' && message.compare(p, 2, ": ") == 0 && p + 2 < message.size();
  if (!ok) fail("message without FILE:LINE: '" + message + "'");
}

template <class V, class I>
void require_well_formed(std::int64_t rows, std::int64_t cols, const I* row_ptr, const I* col_idx, const V* values,
                         std::int64_t nnz) {
  if (rows < 0 || cols < 0 || nnz < 0) fail("negative size");
  if (row_ptr[0] != 0 || row_ptr[rows] != nnz) fail("row pointers do not span the entries");
  for (std::int64_t i = 0; i < rows; ++i) {
    if (row_ptr[i + 1] < row_ptr[i]) fail("row pointers decrease at row " + std::to_string(i));
    for (I k = row_ptr[i]; k < row_ptr[i + 1]; ++k) {
      if (col_idx[k] < 0 || col_idx[k] >= cols) fail("column outside the matrix in row " + std::to_string(i));
      if (k > row_ptr[i] && col_idx[k] <= col_idx[k - 1]) fail("columns not increasing in row " + std::to_string(i));
      if (!aijadaptive::is_finite_value(values[k])) fail("a value that is not finite in row " + std::to_string(i));
    }
  }
}

// The file read again by the benchmark's reader in values V: well formed, and
// the pattern of `first` (the main job's read) when there is one; a refusal
// says FILE:LINE.
template <class V>
void read_again(const std::string& path, const ab::MtxOptions& options, const AijaMtxCsr* first,
                const char* differ) {
  try {
    const ab::HostCsr<V, std::int32_t> a = ab::read_matrix_market<V, std::int32_t>(path, options);
    require_well_formed(std::int64_t(a.rows), std::int64_t(a.cols), a.row_ptr.data(), a.col_idx.data(),
                        a.values.data(), std::int64_t(a.nnz()));
    if (first && (a.rows != first->rows || a.cols != first->cols || std::int64_t(a.nnz()) != first->nnz ||
                  !std::equal(a.row_ptr.begin(), a.row_ptr.end(), first->row_ptr) ||
                  !std::equal(a.col_idx.begin(), a.col_idx.end(), first->col_idx)))
      fail(differ);
  } catch (const ab::InputError& e) {
    require_where(e.what(), path);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const ScratchFile scratch;
  const std::string& path = scratch.write(data, size);

  AijaMtxCsr m;
  char error[512];
  const bool wide_ok = aija_mtx_read(path.c_str(), kMemoryLimit, &m, error, sizeof error) == 0;
  if (wide_ok)
    require_well_formed(m.rows, m.cols, m.row_ptr, m.col_idx, m.values, m.nnz);
  else if (std::string(error).rfind(path + ": cannot open: ", 0) == 0)
    fail(error);  // the scratch file is there: a reader bug
  else
    require_where(error, path);

  ab::MtxOptions options;
  options.memory_limit = kMemoryLimit;
  options.pattern = ab::PatternValues::random;  // the benchmark's seeded values for pattern files
  // The benchmark's reader in single precision: the same pattern as the
  // main job's double read where both read it.
  read_again<float>(path, options, wide_ok ? &m : nullptr, "the two reads give different patterns");
#if AIJADAPTIVE_HAVE_COMPLEX
  // In complex single precision (the benchmark's complex/hermitian path): a
  // file the real reader took has the same pattern as complex, and a complex
  // file's parts and its hermitian mirroring meet the same checks.
  read_again<std::complex<float>>(path, options, wide_ok ? &m : nullptr,
                                  "the real and the complex read give different patterns");
#endif
  aija_mtx_free(&m);
  return 0;
}
