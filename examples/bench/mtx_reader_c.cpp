// The C entry point of the Matrix Market reader (mtx_reader_c.h): no
// exception crosses it, every failure becomes the message and status 1.
#include "mtx_reader_c.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <exception>
#include <string>

#include "mtx_reader.hpp"

namespace {

void set_error(char* error, std::size_t size, const std::string& text) {
  if (!error || size == 0) return;
  const std::size_t n = std::min(text.size(), size - 1);
  std::memcpy(error, text.data(), n);
  error[n] = '\0';
}

}  // namespace

extern "C" int aija_mtx_read(const char* path, double memory_limit, AijaMtxCsr* m, char* error,
                             std::size_t error_size) {
  namespace ab = aijadaptive::bench;
  using Csr = ab::HostCsr<double, std::int64_t>;
  *m = AijaMtxCsr{};
  set_error(error, error_size, "");
  try {
    ab::MtxOptions options;
    options.memory_limit = memory_limit;
    auto* csr = new Csr(ab::read_matrix_market<double, std::int64_t>(path ? path : "", options));
    m->rows = csr->rows;
    m->cols = csr->cols;
    m->nnz = std::int64_t(csr->nnz());
    m->row_ptr = csr->row_ptr.data();
    m->col_idx = csr->col_idx.data();
    m->values = csr->values.data();
    m->owner = csr;
    return 0;
  } catch (const std::exception& e) {  // InputError "FILE:LINE: ...", bad_alloc of the new
    set_error(error, error_size, e.what());
  } catch (...) {
    set_error(error, error_size, std::string(path ? path : "") + ": unknown error while reading");
  }
  return 1;
}

extern "C" void aija_mtx_free(AijaMtxCsr* m) {
  if (!m) return;
  delete static_cast<aijadaptive::bench::HostCsr<double, std::int64_t>*>(m->owner);
  *m = AijaMtxCsr{};
}
