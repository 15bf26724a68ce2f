// The DIA-Adaptive search engine (diagonal_search.hpp): one pass over the rows,
// a dense table from offset to a compact diagonal number, and the last row seen
// per diagonal. No hash map: a stencil touches the same few table entries on
// every row, so they stay in cache. An entry that continues its diagonal from
// the row above, in the same piece, costs a load, a compare and a store.
//
// Measured on the 2 shared cores of the development machine (Xeon, Release
// -O3, best of 5): a 27-point 3D stencil of 100^3 rows, 26.5M entries, takes
// 53 ms with int32 indices and 65 ms with int64 (check_csr: 33 ms); of 160^3
// rows, 109M entries, 240 ms.
#include "aijadaptive/diagonal_search.hpp"

#include <algorithm>
#include <cstdio>
#include <limits>

#include "aijadaptive/errors.hpp"
#include "aijadaptive/instantiate.hpp"

namespace aijadaptive {

const char* diagonal_type_name(DiagonalType t) {
  switch (t) {
    case DiagonalType::none: return "not diagonal";
    case DiagonalType::dia: return "I (dia)";
    case DiagonalType::brcsd1: return "II (brcsd1)";
    case DiagonalType::brcsd2: return "III (brcsd2)";
  }
  return "unknown";
}

namespace {

// The table maps offset + rows - 1 to 1 + the diagonal's number (0: none yet),
// in 2 bytes per possible offset: kMaxDiagonals must fit.
using Slot = std::uint16_t;
static_assert(kMaxDiagonals < std::numeric_limits<Slot>::max(), "diagonal numbers must fit a slot");

struct Diagonal {
  std::int64_t offset;
  std::int64_t first_row;  // row of the first entry; -1 once a row holds two
  std::int64_t last_row;   // row of the latest entry; one entry: first == last
};

// What the pass found beyond the features, for the reason line.
struct Scan {
  bool complete = true;            // false: stopped at more than kMaxDiagonals
  std::int64_t stopped_row = 0;
  std::int64_t longest_run_offset = 0;
  std::int64_t scatter_offset = 0;  // the first diagonal (by offset) with one entry
};

std::int64_t piece_of(std::int64_t row) {
  // Rows are never negative here; unsigned division is a shift.
  return std::int64_t(std::uint64_t(row) / std::uint64_t(kBrcsd2PieceRows));
}

template <class V, class I>
Scan scan(const CsrView<V, I>& a, DiagonalFeatures& f) {
  Scan s;
  const std::int64_t rows = a.rows, cols = a.cols;
  std::vector<Slot> slot(std::size_t(rows + cols - 1), 0);
  std::vector<Diagonal> diagonals;
  diagonals.reserve(std::size_t(kMaxDiagonals));
  std::int64_t longest = 0, brcsd2 = 0;
  for (std::int64_t i = 0; i < rows; ++i) {
    const std::int64_t piece = piece_of(i);
    const std::int64_t piece_rows = std::min(kBrcsd2PieceRows, rows - piece * kBrcsd2PieceRows);
    const bool piece_start = i == piece * kBrcsd2PieceRows;
    for (std::int64_t k = a.row_ptr[i], end = a.row_ptr[i + 1]; k < end; ++k) {
      const std::int64_t c = a.col_idx[k];
      // One predictable compare keeps a bad column from indexing past the table.
      if (std::uint64_t(c) >= std::uint64_t(cols))
        AIJA_THROW(invalid_argument, "diagonal_search: column " + std::to_string(c) + " in row " +
                                         std::to_string(i) + " is outside [0, " + std::to_string(cols) + ")");
      const std::int64_t d = c - i;
      Slot& id = slot[std::size_t(d + rows - 1)];
      if (id == 0) {
        if (std::int64_t(diagonals.size()) == kMaxDiagonals) {
          s.complete = false;
          s.stopped_row = i;
          f.K = kMaxDiagonals + 1;
          return s;
        }
        diagonals.push_back({d, i, i});
        id = Slot(diagonals.size());
        // The run before the first entry starts at the span's first row.
        const std::int64_t run = i - std::max<std::int64_t>(0, -d);
        if (run > longest) {
          longest = run;
          s.longest_run_offset = d;
        }
        brcsd2 += piece_rows;
        continue;
      }
      Diagonal& g = diagonals[id - 1];
      const std::int64_t last = g.last_row;
      g.last_row = i;
      // The common case, a diagonal that goes on from the row above in the
      // same piece, has neither a run nor a new piece to count.
      if (last == i - 1 && !piece_start) continue;
      // A column twice in a row: two entries in one row, no run, no new piece.
      if (last == i) g.first_row = -1;
      const std::int64_t run = i - last - 1;
      if (run > longest) {
        longest = run;
        s.longest_run_offset = d;
      }
      if (piece_of(last) != piece) brcsd2 += piece_rows;
    }
  }

  std::sort(diagonals.begin(), diagonals.end(),
            [](const Diagonal& x, const Diagonal& y) { return x.offset < y.offset; });
  f.K = std::int64_t(diagonals.size());
  f.delta = (rows + kDiagonalZ - 1) / kDiagonalZ;
  f.offsets.reserve(diagonals.size());
  for (const Diagonal& g : diagonals) {
    const std::int64_t d = g.offset;
    const DiagonalSpan span = diagonal_span(d, rows, cols);
    const std::int64_t tail = span.end - 1 - g.last_row;  // the run after the last entry
    if (tail > longest) {
      longest = tail;
      s.longest_run_offset = d;
    }
    f.brcsd1_stored += span.length();
    if (g.first_row == g.last_row && f.scatter_points++ == 0) s.scatter_offset = d;
    f.n_offset += (d > f.delta || d < -f.delta);
    f.offsets.push_back(d);
  }
  f.longest_zero_run = longest;
  f.brcsd2_stored = brcsd2;
  return s;
}

void derive(DiagonalFeatures& f) {
  f.dia_stored = f.rows * f.K;
  f.p_offset = double(f.n_offset) / double(f.K);
  f.p_zero = double(f.dia_stored - f.nnz) / double(f.dia_stored);
  f.alpha = (1.0 - 1.0 / double(f.K)) / double(kDiagonalZ);
  f.label_lz = f.longest_zero_run >= kLongZeroRun;
  f.label_s = f.scatter_points > 0;
}

std::string percent(double fraction) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g%%", 100.0 * fraction);
  return buf;
}

std::string runs_and_points(const DiagonalFeatures& f, const Scan& s) {
  std::string r = f.label_lz ? "a zero run of " + std::to_string(f.longest_zero_run) + " rows on diagonal " +
                                   std::to_string(s.longest_run_offset)
                             : "no zero run of " + std::to_string(kLongZeroRun) + " rows (longest " +
                                   std::to_string(f.longest_zero_run) + ")";
  r += f.label_s ? ", " + std::to_string(f.scatter_points) + " scatter point(s) (diagonal " +
                       std::to_string(s.scatter_offset) + ")"
                 : ", no scatter point";
  return r;
}

void classify(DiagonalSearch& out, const Scan& s, std::int64_t value_bytes, std::int64_t index_bytes) {
  const DiagonalFeatures& f = out.features;
  // p_zero < alpha in integers, (n K - nnz) / (n K) < (K - 1) / (K Z), so that
  // a matrix exactly at the threshold (a 5-point stencil on a 100 x 100 grid)
  // is never type I by rounding: doubles put some such matrices below alpha.
  // No padding at all is type I too (one full diagonal has alpha = 0).
  const bool small_padding = f.dia_stored == f.nnz || kDiagonalZ * (f.dia_stored - f.nnz) < f.rows * (f.K - 1);
  DiagonalType type = DiagonalType::brcsd2;
  std::int64_t stored = f.brcsd2_stored;
  if (f.n_offset == 0 && small_padding) {
    type = DiagonalType::dia;
    stored = f.dia_stored;
  } else if (f.n_offset > 0 && !f.label_lz && !f.label_s) {
    type = DiagonalType::brcsd1;
    stored = f.brcsd1_stored;
  }

  std::string why = std::to_string(f.K) + " diagonals, ";
  if (f.n_offset == 0)
    why += "all within delta = " + std::to_string(f.delta) + " of the main one, DIA padding " +
           percent(f.p_zero) + (small_padding ? " < alpha " : " >= alpha ") + percent(f.alpha);
  else
    why += std::to_string(f.n_offset) + " beyond delta = " + std::to_string(f.delta) + " (p_offset " +
           percent(f.p_offset) + ")";
  if (type != DiagonalType::dia) why += ", " + runs_and_points(f, s);

  // The byte model: values and column indices; row pointers and the formats'
  // small tables are left out on both sides.
  const std::int64_t csr_bytes = f.nnz * (value_bytes + index_bytes);
  const std::int64_t layout_bytes = stored * value_bytes;
  if (layout_bytes >= csr_bytes) {
    out.type = DiagonalType::none;
    out.reason = std::string("not diagonal: would be type ") + diagonal_type_name(type) + " (" + why +
                 "), but it stores " + std::to_string(stored) + " values, " + std::to_string(layout_bytes) +
                 " bytes, not fewer than CSR's " + std::to_string(csr_bytes);
    return;
  }
  out.type = type;
  out.reason = std::string("type ") + diagonal_type_name(type) + ": " + why + "; stores " +
               std::to_string(stored) + " values, " + percent(double(layout_bytes) / double(csr_bytes)) +
               " of CSR's bytes";
}

}  // namespace

template <class V, class I>
DiagonalSearch diagonal_search(const CsrView<V, I>& a) {
  DiagonalSearch out;
  DiagonalFeatures& f = out.features;
  f.rows = a.rows;
  f.cols = a.cols;
  f.nnz = a.nnz();
  if (a.rows <= 0 || f.nnz == 0) {
    out.reason = a.rows <= 0 ? "not diagonal: no rows" : "not diagonal: no stored entries";
    return out;
  }
  const Scan s = scan(a, f);
  if (!s.complete) {
    out.reason = "not diagonal: more than " + std::to_string(kMaxDiagonals) + " diagonals (found by row " +
                 std::to_string(s.stopped_row) + " of " + std::to_string(f.rows) + ")";
    return out;
  }
  derive(f);
  classify(out, s, std::int64_t(sizeof(V)), std::int64_t(sizeof(I)));
  return out;
}

#define AIJA_INSTANTIATE(V, I) template DiagonalSearch diagonal_search<V, I>(const CsrView<V, I>&);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
