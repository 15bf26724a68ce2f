// Shared pieces of the generators (generators.cpp and gen_*.cpp only).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "generators.hpp"
#include "values.hpp"

namespace aijadaptive::bench::detail {

// Appends rows in order into arrays reserved once for at most `nnz_bound`
// entries, so a large matrix never reallocates (and never holds 2x memory).
template <class V, class I>
class CsrWriter {
 public:
  CsrWriter(const GeneratorSpec& spec, std::int64_t rows, std::int64_t cols, std::int64_t nnz_bound) {
    if (!fits_index<I>(rows, cols, nnz_bound))
      throw InputError(spec.text + ": " + std::to_string(rows) + " rows and up to " +
                       std::to_string(nnz_bound) + " nonzeros do not fit 32-bit indices: run with --index 64");
    m_.rows = I(rows);
    m_.cols = I(cols);
    m_.row_ptr.reserve(std::size_t(rows) + 1);
    m_.col_idx.reserve(std::size_t(nnz_bound));
    m_.values.reserve(std::size_t(nnz_bound));
  }
  void add(std::int64_t col, double value) {
    m_.col_idx.push_back(I(col));
    m_.values.push_back(V(value));
  }
  void end_row() { m_.row_ptr.push_back(I(m_.col_idx.size())); }
  // A whole row of sorted columns with the seeded values of (row, column).
  void add_row(std::uint64_t seed, std::int64_t row, const std::vector<std::int64_t>& cols) {
    for (std::int64_t c : cols) add(c, matrix_value(seed, std::uint64_t(row), std::uint64_t(c)));
    end_row();
  }
  std::size_t size() const { return m_.col_idx.size(); }
  // Patches an entry already added (a diagonal known only at the row's end).
  void set_value(std::size_t position, double value) { m_.values[position] = V(value); }
  HostCsr<V, I> finish() { return std::move(m_); }

 private:
  HostCsr<V, I> m_;
};

// `count` distinct rows of [0, n), one in each of `count` equal stripes.
std::vector<std::int64_t> spread_rows(std::int64_t count, std::int64_t n, std::uint64_t seed);
// `len` distinct sorted columns of [0, n) (len <= n), one in each of `len`
// equal intervals: a long row that touches the whole of x.
void stratified_columns(std::int64_t len, std::int64_t n, SplitMix& rng, std::vector<std::int64_t>& out);
// Sorts and removes repeated columns.
void sort_unique(std::vector<std::int64_t>& cols);
// Throws SpecError "SPEC: message".
[[noreturn]] void bad_keys(const GeneratorSpec& spec, const std::string& message);

// The families, one file each.
template <class V, class I> HostCsr<V, I> make_stencil(const GeneratorSpec& spec);   // gen_grid.cpp
template <class V, class I> HostCsr<V, I> make_fem(const GeneratorSpec& spec);       // gen_grid.cpp
template <class V, class I> HostCsr<V, I> make_qcd(const GeneratorSpec& spec);       // gen_grid.cpp
template <class V, class I> HostCsr<V, I> make_rmat(const GeneratorSpec& spec);      // gen_random.cpp
template <class V, class I> HostCsr<V, I> make_circuit(const GeneratorSpec& spec);   // gen_random.cpp
template <class V, class I> HostCsr<V, I> make_longrows(const GeneratorSpec& spec);  // gen_random.cpp
template <class V, class I> HostCsr<V, I> make_banded(const GeneratorSpec& spec);    // gen_banded.cpp

}  // namespace aijadaptive::bench::detail
