// 64-bit indices narrowed to 32 bits for the device.
//
// A PETSc configured --with-64-bit-indices hands the core int64 row offsets
// and columns. Read on every product, 8-byte columns cost a double-precision
// SpMV a third more bytes than 4-byte ones (16 instead of 12 per nonzero),
// for nothing when the matrix has fewer than 2^31 rows and columns, as nearly
// all do. Such a matrix runs on the device with 32-bit indices: the core
// keeps 32-bit copies of the row offsets and columns on the host (the values
// are the caller's), (rows + slabs + nnz) * 4 bytes, for the whole life of
// the matrix since the formats and the core's transpose refer to them.
//
// The row offsets need 64 bits once the matrix has 2^31 nonzeros or more
// (3 billion: a user's largest problems), while the columns still fit 32.
// Such a matrix is cut into row slabs of at most `max_nnz` nonzeros each:
// a slab's offsets count from its first nonzero, whose 64-bit position in
// the caller's arrays is the slab's base. Every format then runs on a slab
// with 32-bit offsets and columns: 12 bytes per nonzero in double precision
// where 64-bit offsets and columns would read 16.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "aijadaptive/csr_view.hpp"

namespace aijadaptive::detail {

template <class V, class I>
bool fits_32_bit_columns(const CsrView<V, I>& a) {
  constexpr std::int64_t most = std::numeric_limits<std::int32_t>::max();
  return std::int64_t(a.rows) <= most && std::int64_t(a.cols) <= most;
}

// 32-bit copies of a matrix's row offsets and columns, by row slab.
template <class V>
class NarrowedIndices {
 public:
  struct Slab {
    std::int64_t row_begin = 0;
    std::int64_t row_end = 0;
    std::int64_t entry_begin = 0;  // the slab's base: its first nonzero in the caller's arrays
    std::vector<std::int32_t> row_ptr;
    std::vector<std::int32_t> col_idx;
  };

  // A matrix with rows, whose rows and columns fit 32 bits; at most `max_nnz`
  // (>= 1, < 2^31) nonzeros per slab, but a whole row always: a row longer
  // than that is a slab of its own. The slabs hold about equal shares of the
  // nonzeros (slab k ends near the k+1-th share's end, counted from the first
  // nonzero so that row boundaries do not add up), so that none is much
  // smaller, and slower per nonzero, than the others.
  template <class I>
  void assign(const CsrView<V, I>& a, std::int64_t max_nnz) {
    cols_ = std::int32_t(a.cols);
    slabs_.clear();
    const std::int64_t rows = a.rows, nnz = std::int64_t(a.nnz());
    const std::int64_t count = std::max<std::int64_t>(1, (nnz + max_nnz - 1) / max_nnz);
    const std::int64_t share = (nnz + count - 1) / count;
    std::int64_t row = 0;
    while (row < rows) {
      const std::int64_t base = std::int64_t(a.row_ptr[row]);
      const std::int64_t target = std::int64_t(slabs_.size() + 1) * share;
      const std::int64_t limit = std::min(base + max_nnz, std::max(target, base + share));
      std::int64_t end = row + 1;
      while (end < rows && std::int64_t(a.row_ptr[end + 1]) <= limit) ++end;
      Slab s;
      s.row_begin = row;
      s.row_end = end;
      s.entry_begin = base;
      s.row_ptr.resize(std::size_t(end - row) + 1);
      for (std::int64_t r = row; r <= end; ++r) s.row_ptr[std::size_t(r - row)] = std::int32_t(a.row_ptr[r] - base);
      s.col_idx.assign(a.col_idx + base, a.col_idx + a.row_ptr[end]);
      slabs_.push_back(std::move(s));
      row = end;
    }
  }

  const std::vector<Slab>& slabs() const { return slabs_; }
  // Slab s with the given values (the caller's whole array, which a refill()
  // changes).
  CsrView<V, std::int32_t> view(std::size_t s, const V* values) const {
    const Slab& slab = slabs_[s];
    return {std::int32_t(slab.row_end - slab.row_begin), cols_, slab.row_ptr.data(), slab.col_idx.data(),
            values + slab.entry_begin};
  }
  std::size_t host_bytes() const {
    std::size_t bytes = 0;
    for (const Slab& s : slabs_) bytes += (s.row_ptr.size() + s.col_idx.size()) * sizeof(std::int32_t);
    return bytes;
  }

 private:
  std::int32_t cols_ = 0;
  std::vector<Slab> slabs_;
};

}  // namespace aijadaptive::detail
