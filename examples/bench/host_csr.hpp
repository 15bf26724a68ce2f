// The benchmark's own host matrices: a CSR matrix that owns its arrays (the
// core only ever sees a non-owning CsrView of it), and the errors raised while
// making one.
#pragma once

#include <aijadaptive/csr_view.hpp>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace aijadaptive::bench {

template <class V, class I>
struct HostCsr {
  I rows = 0;
  I cols = 0;
  std::vector<I> row_ptr{I(0)};
  std::vector<I> col_idx;
  std::vector<V> values;

  CsrView<V, I> view() const {
    return {rows, cols, row_ptr.data(), col_idx.data(), values.data()};
  }
  std::size_t nnz() const { return col_idx.size(); }
};

// A matrix file that cannot be used; what() reads "file:line: what is wrong".
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A generator spec or option the user got wrong (a usage error: exit code 2).
class SpecError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Sizes are counted in 64 bits and checked once against the index type, so a
// matrix too big for int32 says so instead of wrapping around.
template <class I>
bool fits_index(std::int64_t rows, std::int64_t cols, std::int64_t nnz) {
  const auto max = std::int64_t(std::numeric_limits<I>::max());
  return rows <= max && cols <= max && nnz <= max;
}

}  // namespace aijadaptive::bench
