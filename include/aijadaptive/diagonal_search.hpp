// The search engine of DIA-Adaptive (seeds/001, section 3 and Fig. 3): one pass
// over a CSR matrix that measures how its entries lie on diagonals and says
// which of the three diagonal formats suits it, or that none does.
//
//   offset d = column - row; a diagonal is an offset with at least one stored
//   entry (stored zeros count); its span is the rows i with 0 <= i + d < cols.
//
//   type I   (dia)    p_offset == 0 && p_zero < alpha
//   type II  (brcsd1) p_offset >  0 && !label_lz && !label_s
//   type III (brcsd2) otherwise
//   none              empty, more than kMaxDiagonals diagonals, or the chosen
//                     layout would store more than 9/10 of CSR's bytes (few
//                     diagonals in a small layout: 25/10)
//
// No format is built here; the stored counts are what each layout would hold.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "aijadaptive/csr_view.hpp"

namespace aijadaptive {

// The paper's Z: diagonals farther than delta = ceil(rows / Z) from the main
// one are "offset" diagonals (section 3.4 finds Z = 100 best).
inline constexpr std::int64_t kDiagonalZ = 100;
// A run of rows this long without an entry, inside a diagonal's span, is a
// "long zero section". It is the row count of one BRCSD-II piece (a CUDA
// block's rows): a run that long can empty a whole piece of that diagonal (a
// run of twice that always does), which BRCSD-II then skips and DIA or
// BRCSD-I would pad.
inline constexpr std::int64_t kLongZeroRun = 256;
inline constexpr std::int64_t kBrcsd2PieceRows = kLongZeroRun;
// Beyond this many diagonals the matrix is not diagonal: the formats' generic
// kernels read a list of offsets per piece, and with more than 1024 diagonals
// that list (and the padding between the diagonals) costs more than the
// column indices it saves. It also lets a random sparse matrix stop early.
inline constexpr std::int64_t kMaxDiagonals = 1024;

// A diagonal layout is taken only if it stores at most 9/10 of CSR's bytes
// (values and column indices): its kernels read x once per stored value and
// cannot stage rows in shared memory as ipcsr does, so a layout that saves
// less loses. H100, 2026-11-24, two runs of the oracle table: the two real
// FEM matrices with dense bands whose layouts keep 96-99% of CSR's bytes ran
// at 0.54-0.78 of ipcsr's speed (s3rmq4m1 brcsd2, crystk01 brcsd1); every
// generated diagonal matrix stores 67-75%, the other real ones 68-84%.
inline constexpr std::int64_t kDiagonalByteShareTenths = 9;
// Except for few diagonals in a small layout: up to kFewDiagonals diagonals
// and kFewDiagonalsLayoutBytes of values, a layout may store up to 25/10 of
// CSR's bytes. Such a matrix stays in L2, where a product costs its launch and
// a few dependent loads rather than its bytes, and the generated kernel loads
// no column index. H200, 2026-11-28 (docs/h200-2026-11-28-few-diagonals): on
// the 9 real matrices of the suite with at most 16 diagonals, the fastest
// diagonal format ran 1.05-1.23x the fastest other format, 6 of them (LFAT5,
// jgl009, pores_1, olm1000, sherman3, epb1: 46-95k entries) refused by the
// 9/10 guard with layouts of 1.0-2.2x CSR's bytes; with 27-30 diagonals it
// ran 0.97-1.08x, with more 0.30-0.90x (crystk01, 99 diagonals at 1.3x CSR's
// bytes: 0.69x).
inline constexpr std::int64_t kFewDiagonals = 16;
inline constexpr std::int64_t kFewDiagonalsByteShareTenths = 25;
inline constexpr std::int64_t kFewDiagonalsLayoutBytes = std::int64_t(4) << 20;

enum class DiagonalType { none, dia, brcsd1, brcsd2 };  // none: not diagonal; I, II, III

// The span of diagonal d in a rows x cols matrix: the rows [begin, end) where
// 0 <= i + d < cols (empty when begin >= end).
struct DiagonalSpan {
  std::int64_t begin = 0, end = 0;
  std::int64_t length() const { return end > begin ? end - begin : 0; }
  // Whether it has a row in [r0, r1).
  bool meets(std::int64_t r0, std::int64_t r1) const { return std::max(begin, r0) < std::min(end, r1); }
};
inline DiagonalSpan diagonal_span(std::int64_t d, std::int64_t rows, std::int64_t cols) {
  return {std::max<std::int64_t>(0, -d), std::min(rows, cols - d)};
}

// "not diagonal", "I (dia)", "II (brcsd1)", "III (brcsd2)".
const char* diagonal_type_name(DiagonalType t);

struct DiagonalFeatures {
  std::int64_t rows = 0, cols = 0, nnz = 0;
  std::int64_t K = 0;         // diagonals; when > kMaxDiagonals the pass stopped early
  std::int64_t delta = 0;     // ceil(rows / kDiagonalZ)
  std::int64_t n_offset = 0;  // diagonals with |d| > delta
  double p_offset = 0;        // n_offset / K
  double p_zero = 0;          // (rows*K - nnz) / (rows*K): plain DIA's padding fraction
  double alpha = 0;           // (1 - 1/K) / kDiagonalZ
  std::int64_t longest_zero_run = 0;  // longest run of rows without an entry in a span
  std::int64_t scatter_points = 0;    // diagonals holding exactly one entry
  bool label_lz = false;      // longest_zero_run >= kLongZeroRun
  bool label_s = false;       // scatter_points > 0
  std::int64_t dia_stored = 0;     // values DIA stores: rows * K
  std::int64_t brcsd1_stored = 0;  // sum of the diagonals' span lengths
  std::int64_t brcsd2_stored = 0;  // per piece of kBrcsd2PieceRows rows: rows * diagonals present
  std::vector<std::int64_t> offsets;  // sorted; empty when the pass stopped early
  // Per piece of kBrcsd2PieceRows rows, in row order, the offsets of the
  // diagonals with an entry in it (not sorted): piece p's are
  // piece_offsets[piece_begin[p] .. piece_begin[p + 1]). BRCSD-II's cutting at
  // that piece size, seen by the pass that counts brcsd2_stored, so that its
  // build needs no pass of its own. Empty when the pass stopped early.
  std::vector<std::int64_t> piece_begin, piece_offsets;
  // Every row's columns strictly increase (as in PETSc's AIJ), which the
  // diagonal formats need; meaningful only when the pass completed.
  bool rows_increase = true;
};

struct DiagonalSearch {
  DiagonalFeatures features;
  DiagonalType type = DiagonalType::none;
  std::string reason;  // one line, for -mat_view and the benchmark
};

// How far the pass goes: over every row (the features complete, the reason
// naming the type the byte guard refused), or until the verdict is certain.
// With `verdict`, a part of the rows whose diagonals alone make every layout
// store more than the byte guard allows ends the pass: the type is none, as
// the whole pass would say, but the features are partial (K > kMaxDiagonals
// marks that) and the reason says that it stopped early. What the rows not
// seen yet store at least counts too: in each piece of BRCSD-II, as many
// diagonals as its longest row has entries (a matrix whose rows' columns do
// not all increase, which the rows' bound assumes, no diagonal layout takes:
// it is none either way). FEM matrices with dense bands (raefsky1, bcsstk16)
// are refused so within a small part of their rows.
enum class DiagonalPass { complete, verdict };

// O(rows + nnz) time, O(rows + cols) memory (2 bytes per possible diagonal,
// per part). Columns need not be sorted within a row. V only enters the byte
// guard. Throws ErrorKind::invalid_argument on a column index outside [0, cols).
// A large matrix is searched in row parts on several threads, merged into the
// same result as one pass gives; `parts` > 0 asks for that many parts whatever
// the size (the tests' way to check the merge), 0 lets the size decide.
template <class V, class I>
DiagonalSearch diagonal_search(const CsrView<V, I>& a, int parts = 0, DiagonalPass pass = DiagonalPass::complete);

}  // namespace aijadaptive
