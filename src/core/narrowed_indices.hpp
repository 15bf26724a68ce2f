// 64-bit indices narrowed to 32 bits for the device.
//
// A PETSc configured --with-64-bit-indices hands the core int64 row offsets
// and columns. Read on every product, 8-byte columns cost a double-precision
// SpMV a third more bytes than 4-byte ones (16 instead of 12 per nonzero),
// for nothing when the matrix has fewer than 2^31 rows, columns and nonzeros,
// as nearly all do. Such a matrix runs on the device as a 32-bit one: the
// core keeps 32-bit copies of the row offsets and columns on the host (the
// values are the caller's), (rows + 1 + nnz) * 4 bytes, for the whole life of
// the matrix since the formats and the core's transpose refer to them.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "aijadaptive/csr_view.hpp"

namespace aijadaptive::detail {

template <class V, class I>
bool fits_32_bit_indices(const CsrView<V, I>& a) {
  constexpr std::int64_t most = std::numeric_limits<std::int32_t>::max();
  return std::int64_t(a.rows) <= most && std::int64_t(a.cols) <= most && std::int64_t(a.nnz()) <= most;
}

// 32-bit copies of a matrix's row offsets and columns.
template <class V>
class NarrowedIndices {
 public:
  template <class I>
  void assign(const CsrView<V, I>& a) {  // a matrix with rows
    rows_ = std::int32_t(a.rows);
    cols_ = std::int32_t(a.cols);
    row_ptr_.assign(a.row_ptr, a.row_ptr + std::size_t(a.rows) + 1);
    col_idx_.assign(a.col_idx, a.col_idx + std::size_t(a.nnz()));
  }
  void clear() {
    row_ptr_ = {};
    col_idx_ = {};
  }
  // The matrix with these indices and the given values (the caller's, which
  // a refill() changes).
  CsrView<V, std::int32_t> view(const V* values) const {
    return {rows_, cols_, row_ptr_.data(), col_idx_.data(), values};
  }

 private:
  std::int32_t rows_ = 0;
  std::int32_t cols_ = 0;
  std::vector<std::int32_t> row_ptr_;
  std::vector<std::int32_t> col_idx_;
};

}  // namespace aijadaptive::detail
