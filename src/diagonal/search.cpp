// The DIA-Adaptive search engine (diagonal_search.hpp): one pass over the
// rows, in row parts on several threads (each part whole BRCSD-II pieces), each
// with a dense table from offset to a compact diagonal number and the last row
// seen per diagonal; the parts' diagonals are then merged in row order. No hash
// map: a stencil touches the same few table entries on every row, so they stay
// in cache. An entry that continues its diagonal from the row above, in the
// same piece, costs a load, a compare and a store; a row whose columns are
// the row above's plus one, two loads and a compare an entry. Timings:
// docs/h100-2026-11-24-dia-setup, docs/h200-2026-11-28-host-refill.
#include "aijadaptive/diagonal_search.hpp"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <limits>
#include <type_traits>

#include "aijadaptive/errors.hpp"
#include "aijadaptive/instantiate.hpp"
#include "core/row_length.hpp"
#include "core/row_parts.hpp"

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

// A diagonal as one part of the rows saw it.
struct Diagonal {
  std::int64_t offset;
  std::int64_t first_row;     // row of the part's first entry on it
  std::int64_t last_row;      // row of the part's latest entry on it
  std::int64_t longest_run;   // longest run of rows without an entry between two of the part's entries
  bool repeated;              // a row of the part holds it twice (a column repeated)
};

// A diagonal with an entry in a BRCSD-II piece.
struct PieceDiagonal {
  std::int64_t piece, offset;
};

// One part's pass: its rows start a BRCSD-II piece (or the matrix), so the
// pieces it counts are its own.
struct PartScan {
  std::vector<Diagonal> diagonals;  // in order of discovery
  std::vector<PieceDiagonal> piece_diagonals;  // each pair once, in row order
  bool complete = true;             // false: stopped at more than kMaxDiagonals, or by the byte guard
  bool too_many_bytes = false;      // stopped by the byte guard (DiagonalPass::verdict)
  bool gave_up = false;             // stopped because another part did
  std::int64_t stopped_row = 0;
  std::int64_t brcsd2 = 0;          // values BRCSD-II stores for the part's pieces
  bool rows_increase = true;
};

// What the pass found beyond the features, for the reason line.
struct Scan {
  bool complete = true;
  bool too_many_bytes = false;
  std::int64_t stopped_row = 0;
  std::int64_t longest_run_offset = 0;
  std::int64_t scatter_offset = 0;  // the first diagonal (by offset) with one entry
};

// The byte guard (kDiagonalByteShareTenths, kFewDiagonals): whether a layout
// storing `stored` values on `diagonals` diagonals costs more than it may of
// CSR's values and column indices. A count of diagonals that can only grow
// (a part's, during the pass) refuses only what the final count would too.
struct ByteGuard {
  std::int64_t value_bytes = 0;
  std::int64_t csr_bytes = 0;
  // More than kDiagonalByteShareTenths of CSR's bytes: taken only for few diagonals in L2.
  bool over_share(std::int64_t stored) const {
    return 10 * stored * value_bytes > kDiagonalByteShareTenths * csr_bytes;
  }
  bool refuses(std::int64_t stored, std::int64_t diagonals) const {
    if (!over_share(stored)) return false;
    const std::int64_t bytes = stored * value_bytes;
    const bool few_in_l2 = diagonals <= kFewDiagonals && bytes <= kFewDiagonalsLayoutBytes &&
                           10 * bytes <= kFewDiagonalsByteShareTenths * csr_bytes;
    return !few_in_l2;
  }
};

// The guard's limits in words, for the reason line.
std::string byte_limits(std::int64_t csr_bytes) {
  return std::to_string(10 * kDiagonalByteShareTenths) + "% of CSR's " + std::to_string(csr_bytes) + " bytes (" +
         std::to_string(10 * kFewDiagonalsByteShareTenths) + "% with at most " + std::to_string(kFewDiagonals) +
         " diagonals in at most " + std::to_string(kFewDiagonalsLayoutBytes >> 20) + " MiB)";
}

// DiagonalPass::verdict: the guard, and a bound on what BRCSD-II stores, over
// all parts together. Each piece stores its rows times its diagonals, at
// least as many as its longest row has entries (`longest`) when that row's
// columns increase, and at least as many as the parts have seen; no diagonal
// layout takes a matrix whose rows' columns do not increase (host_format.cpp),
// so the verdict stands for such a matrix too.
struct EarlyRefusal {
  explicit EarlyRefusal(ByteGuard g) : guard(g) {}
  ByteGuard guard;
  std::vector<std::int64_t> longest;    // per piece
  std::int64_t by_rows = 0;             // the sum over pieces of their rows times their longest
  std::atomic<std::int64_t> beyond{0};  // values of pieces' diagonals seen beyond their longest row
};

// Each piece's longest row: the bound of EarlyRefusal.
template <class I>
void bound_by_rows(const I* row_ptr, std::int64_t rows, EarlyRefusal& early) {
  const std::int64_t pieces = (rows + kBrcsd2PieceRows - 1) / kBrcsd2PieceRows;
  early.longest.assign(std::size_t(pieces), 0);
  for (std::int64_t p = 0; p < pieces; ++p) {
    const std::int64_t end = std::min(rows, (p + 1) * kBrcsd2PieceRows);
    detail::RowLength<I> longest = 0;
    for (std::int64_t i = p * kBrcsd2PieceRows; i < end; ++i) longest = std::max(longest, detail::row_length(row_ptr, i));
    early.longest[std::size_t(p)] = longest;
    early.by_rows += longest * (end - p * kBrcsd2PieceRows);
  }
}

std::int64_t piece_of(std::int64_t row) {
  // Rows are never negative here; unsigned division is a shift.
  return std::int64_t(std::uint64_t(row) / std::uint64_t(kBrcsd2PieceRows));
}

// Whether row r's columns are row r - 1's plus one, each inside the matrix:
// then row r lies on row r - 1's diagonals (a column outside goes to the full
// pass, which refuses it).
template <class V, class I>
bool repeats_row_above(const CsrView<V, I>& a, std::int64_t r) {
  const std::int64_t begin = a.row_ptr[r], end = a.row_ptr[r + 1], above = a.row_ptr[r - 1];
  if (end - begin != begin - above) return false;
  for (std::int64_t k = 0; k < end - begin; ++k) {
    const std::int64_t c = a.col_idx[begin + k];
    if (std::uint64_t(c) >= std::uint64_t(a.cols) || c != std::int64_t(a.col_idx[above + k]) + 1) return false;
  }
  return true;
}

// The first k in [from, to) for which same(k) is false (to when none):
// kSameBlock of them at a time without a branch inside a block (a loop the
// compiler vectorises), then one by one.
template <class Same>
std::int64_t first_differing(std::int64_t from, std::int64_t to, Same&& same) {
  constexpr std::int64_t kSameBlock = 16;
  std::int64_t k = from;
  for (; k + kSameBlock <= to; k += kSameBlock) {
    bool all = true;
    for (std::int64_t j = 0; j < kSameBlock; ++j) all &= same(k + j);
    if (!all) break;
  }
  while (k < to && same(k)) ++k;
  return k;
}

// The last of the rows after row i of its piece that repeat the row above,
// up to `end` (i when none does): each continues every diagonal of row i (no
// run, no piece, no new diagonal), so the pass only compares them and sets
// row i's diagonals' last row to it.
//
// Such rows have row i's length L, and their entries make a stretch in which
// each column is the one L entries before plus one. Both are checked 16 at a
// time (first_differing) rather than row after row: dw8192's and cryg2500's
// searches took 0.65-0.75 of the time on this project's build machine
// (docs/h200-2026-12-01-diagonal-setup). Row i's columns are inside the
// matrix (the pass checked them), so the repeating rows' are while the
// largest plus the rows since stays below `cols`.
template <class V, class I>
std::int64_t last_repeating_row(const CsrView<V, I>& a, std::int64_t i, std::int64_t end) {
  using U = std::make_unsigned_t<I>;  // differences of unchecked columns must not overflow
  const I* const row_ptr = a.row_ptr;
  const I* const col = a.col_idx;
  const std::int64_t length = row_ptr[i + 1] - row_ptr[i];
  std::int64_t last = std::min(end, (piece_of(i) + 1) * kBrcsd2PieceRows) - 1;  // the piece's or the part's
  if (length > 0) {
    std::int64_t largest = col[row_ptr[i]];
    for (std::int64_t e = row_ptr[i] + 1; e < row_ptr[i + 1]; ++e) largest = std::max<std::int64_t>(largest, col[e]);
    last = std::min(last, i + (a.cols - 1 - largest));
  }
  // Rows of L entries after row i: each starts L after the one before.
  const U step = U(length);
  const std::int64_t r =
      first_differing(i + 1, last + 1, [&](std::int64_t k) { return U(row_ptr[k + 1]) - U(row_ptr[k]) == step; }) - 1;
  if (r == i || length == 0) return r;
  // Their columns: each the one L entries before plus one.
  const std::int64_t first = row_ptr[i + 1];
  const std::int64_t e = first_differing(first, std::int64_t(row_ptr[r + 1]),
                                         [&](std::int64_t k) { return U(col[k]) - U(col[k - length]) == U(1); });
  return i + (e - first) / length;  // the rows wholly before entry e
}

// Out of the pass's loop, as PartCounter's calls.
[[gnu::noinline, noreturn]] void column_outside(std::int64_t c, std::int64_t i, std::int64_t cols) {
  AIJA_THROW(invalid_argument, "diagonal_search: column " + std::to_string(c) + " in row " + std::to_string(i) +
                                   " is outside [0, " + std::to_string(cols) + ")");
}

// What a part's pass counts outside its inner loop: new diagonals and the
// pieces a diagonal enters. Kept out of the loop (not inlined), so that the
// loop's variables stay in registers: inlined, its sums lived on the stack
// and the pass took 1.1-1.2x as long on epb1, crystk01 and s3rmq4m1
// (docs/h200-2026-11-30-setup-fixed-costs).
//
// `early`: with DiagonalPass::verdict, stop once the diagonals seen make every
// layout refused. DIA stores rows * K and BRCSD-I the diagonals' spans, both
// at least the spans of this part's diagonals; BRCSD-II at least the bound of
// EarlyRefusal. So the smaller of those two is a lower bound on what the
// chosen layout would store, and it only grows as the pass goes on.
class PartCounter {
 public:
  PartCounter(std::int64_t rows, std::int64_t cols, EarlyRefusal* early) : rows_(rows), cols_(cols), early_(early) {
    s_.diagonals.reserve(std::size_t(kMaxDiagonals));
  }
  PartScan& scan() { return s_; }
  // Where the diagonals lie: reserved for all kMaxDiagonals, never moved.
  Diagonal* diagonals() { return s_.diagonals.data(); }

  // Diagonal d first seen in row i: its number + 1 for the table, or 0 when
  // the part stops (more than kMaxDiagonals, or every layout refused).
  [[gnu::noinline]] Slot add(std::int64_t d, std::int64_t i) {
    if (std::int64_t(s_.diagonals.size()) == kMaxDiagonals) {
      s_.complete = false;
      s_.stopped_row = i;
      return 0;
    }
    s_.diagonals.push_back({d, i, i, 0, false});
    spans_ += diagonal_span(d, rows_, cols_).length();
    return enter_piece(piece_of(i), d) ? Slot(s_.diagonals.size()) : 0;
  }

  // Diagonal `offset` entered `piece` (its first entry in it): its rows more
  // for BRCSD-II. False when the part stops.
  [[gnu::noinline]] bool enter_piece(std::int64_t piece, std::int64_t offset) {
    const std::int64_t piece_rows = std::min(kBrcsd2PieceRows, rows_ - piece * kBrcsd2PieceRows);
    s_.brcsd2 += piece_rows;
    s_.piece_diagonals.push_back({piece, offset});
    return !early_ || !refused(piece, piece_rows);
  }

 private:
  bool refused(std::int64_t piece, std::int64_t piece_rows) {
    if (piece != counted_piece_) piece_diagonals_ = 0, counted_piece_ = piece;
    ++piece_diagonals_;
    const bool beyond_row = piece_diagonals_ > early_->longest[std::size_t(piece)];
    const std::int64_t beyond = beyond_row
                                    ? early_->beyond.fetch_add(piece_rows, std::memory_order_relaxed) + piece_rows
                                    : early_->beyond.load(std::memory_order_relaxed);
    const std::int64_t seen = std::int64_t(s_.diagonals.size());
    if (!early_->guard.refuses(std::min(spans_, early_->by_rows + beyond), seen)) return false;
    s_.complete = false;
    s_.too_many_bytes = true;
    return true;
  }

  PartScan s_;
  std::int64_t rows_, cols_;
  EarlyRefusal* early_;
  std::int64_t spans_ = 0;
  std::int64_t piece_diagonals_ = 0, counted_piece_ = -1;  // the diagonals of the current piece so far
};

// With kSkipRepeats, the rows that repeat the row above are skipped
// (last_repeating_row); a separate loop, since the check slowed the loop of
// matrices whose rows seldom repeat by 10-30% on this project's build machine.
template <bool kSkipRepeats, class V, class I>
PartScan scan_part(const CsrView<V, I>& a, detail::RowPart part, const std::atomic<bool>& give_up,
                   EarlyRefusal* early) {
  const std::int64_t rows = a.rows, cols = a.cols;
  PartCounter counter(rows, cols, early);
  PartScan& s = counter.scan();
  const detail::ZeroedTable<Slot> table = detail::zeroed_table<Slot>(rows + cols - 1);
  Diagonal* const diagonals = counter.diagonals();
  bool increase = true;
  for (std::int64_t i = part.begin; i < part.end; ++i) {
    if (give_up.load(std::memory_order_relaxed)) {
      s.complete = false;  // another part found too many diagonals
      s.gave_up = true;
      return s;
    }
    const std::int64_t piece = piece_of(i);
    const bool piece_start = i == piece * kBrcsd2PieceRows;
    Slot* const slot = table.get() + (rows - 1 - i);  // by column: the slot of offset c - i
    const I *const begin = a.col_idx + a.row_ptr[i], *const end = a.col_idx + a.row_ptr[i + 1];
    bool row_increase = true;
    std::int64_t previous = -1;
    for (const I* k = begin; k != end; ++k) {
      const std::int64_t c = *k;
      // One predictable compare keeps a bad column from indexing past the table.
      if (std::uint64_t(c) >= std::uint64_t(cols)) column_outside(c, i, cols);
      row_increase &= c > previous;
      previous = c;
      Slot& id = slot[c];
      if (id == 0) {
        id = counter.add(c - i, i);
        if (id == 0) return s;
        continue;
      }
      Diagonal& g = diagonals[id - 1];
      const std::int64_t last = g.last_row;
      g.last_row = i;
      // The common case, a diagonal that goes on from the row above in the
      // same piece, has neither a run nor a new piece to count.
      if (last == i - 1 && !piece_start) continue;
      // A column twice in a row: two entries in one row, no run, no new piece.
      if (last == i) g.repeated = true;
      g.longest_run = std::max(g.longest_run, i - last - 1);
      if (piece_of(last) != piece && !counter.enter_piece(piece, g.offset)) return s;
    }
    increase = increase && row_increase;
    if constexpr (kSkipRepeats) {
      const std::int64_t last = last_repeating_row(a, i, part.end);
      if (last > i)
        for (const I* k = begin; k != end; ++k) diagonals[slot[*k] - 1].last_row = last;
      i = last;
    }
  }
  s.rows_increase = increase;
  return s;
}

// A part's pass, skipping repeated rows where the part's first rows mostly
// repeat the row above (stencils, banded matrices).
template <class V, class I>
PartScan scan_part(const CsrView<V, I>& a, detail::RowPart part, const std::atomic<bool>& give_up,
                   EarlyRefusal* early) {
  const std::int64_t sample_end = std::min(part.end, part.begin + 65);
  std::int64_t repeating = 0;
  for (std::int64_t i = part.begin + 1; i < sample_end; ++i) repeating += repeats_row_above(a, i);
  return 2 * repeating > sample_end - part.begin - 1 ? scan_part<true>(a, part, give_up, early)
                                                     : scan_part<false>(a, part, give_up, early);
}

// The parts' (piece, diagonal) pairs as each piece's list. The parts are in
// row order and each lists its pairs in row order, so the pairs come grouped
// by piece, in increasing pieces.
void list_piece_diagonals(const std::vector<PartScan>& parts, DiagonalFeatures& f) {
  const std::int64_t pieces = (f.rows + kBrcsd2PieceRows - 1) / kBrcsd2PieceRows;
  f.piece_begin.assign(std::size_t(pieces + 1), 0);
  f.piece_offsets.clear();
  for (const PartScan& p : parts)
    for (const PieceDiagonal& e : p.piece_diagonals) {
      f.piece_offsets.push_back(e.offset);
      ++f.piece_begin[std::size_t(e.piece + 1)];
    }
  for (std::size_t k = 1; k < f.piece_begin.size(); ++k) f.piece_begin[k] += f.piece_begin[k - 1];
}

// The parts' diagonals merged in row order: runs across part boundaries and at
// the ends of each span, scatter points over the whole matrix. Ties between
// runs of equal length name the smallest offset.
Scan merge(const std::vector<PartScan>& parts, DiagonalFeatures& f) {
  Scan s;
  const std::int64_t rows = f.rows, cols = f.cols;
  for (const PartScan& p : parts)
    if (!p.complete && !p.gave_up) {
      s.stopped_row = s.complete ? p.stopped_row : std::min(s.stopped_row, p.stopped_row);
      s.complete = false;
      s.too_many_bytes = s.too_many_bytes || p.too_many_bytes;
    }
  if (!s.complete) {
    f.K = kMaxDiagonals + 1;
    return s;
  }
  struct Seen {
    std::int64_t offset;
    std::size_t part;
    const Diagonal* d;
  };
  std::vector<Seen> seen;
  for (std::size_t p = 0; p < parts.size(); ++p) {
    f.brcsd2_stored += parts[p].brcsd2;
    f.rows_increase = f.rows_increase && parts[p].rows_increase;
    for (const Diagonal& d : parts[p].diagonals) seen.push_back({d.offset, p, &d});
  }
  std::sort(seen.begin(), seen.end(),
            [](const Seen& x, const Seen& y) { return x.offset != y.offset ? x.offset < y.offset : x.part < y.part; });
  f.delta = (rows + kDiagonalZ - 1) / kDiagonalZ;
  std::int64_t longest = 0;
  for (std::size_t k = 0; k < seen.size();) {
    const std::int64_t d = seen[k].offset;
    if (f.K == kMaxDiagonals) {  // the parts' diagonals together are too many
      s.complete = false;
      s.stopped_row = rows;
      f.K = kMaxDiagonals + 1;
      f.offsets.clear();
      return s;
    }
    const DiagonalSpan span = diagonal_span(d, rows, cols);
    std::int64_t run = seen[k].d->first_row - span.begin;  // before the first entry
    bool several = false;
    std::int64_t last = -1;
    std::size_t j = k;
    for (; j < seen.size() && seen[j].offset == d; ++j) {
      const Diagonal& g = *seen[j].d;
      if (last >= 0) run = std::max(run, g.first_row - last - 1);  // across the parts' boundary
      run = std::max(run, g.longest_run);
      several = several || j > k || g.repeated || g.first_row != g.last_row;
      last = g.last_row;
    }
    run = std::max(run, span.end - 1 - last);  // after the last entry
    if (run > longest) {
      longest = run;
      s.longest_run_offset = d;
    }
    f.brcsd1_stored += span.length();
    if (!several && f.scatter_points++ == 0) s.scatter_offset = d;
    f.n_offset += (d > f.delta || d < -f.delta);
    f.offsets.push_back(d);
    ++f.K;
    k = j;
  }
  f.longest_zero_run = longest;
  list_piece_diagonals(parts, f);
  return s;
}

// The search reads kEntriesBeforeThreads entries on the caller's thread
// before it starts others, then the rest in parts of kEntriesPerSearchPart: a
// matrix that is not diagonal mostly shows it within the first (more than
// kMaxDiagonals diagonals, or every layout refused), sooner than threads
// start, and each part on a thread must find its own diagonals before it
// stops. All parts of 64k entries at once sped a diagonal matrix's search up
// 2-3x but slowed the searches that stop early 3-5x; all of 256k left
// stencil27 n=24 (343k entries) on one thread (H200,
// docs/h200-2026-11-28-small-setup, call 10).
//
// A matrix of more than kEntriesBeforeThreads entries whose first
// kEntriesBeforeLooking lie on at most kDiagonalLooking diagonals looks
// diagonal: its search seldom stops early, so the rest goes at once in parts
// of kEntriesPerDiagonalPart, which the kept threads share as they wake. On
// the H200 machine's host that cut epb1's analysis (95k entries) from 466 to
// 164 us; in parts of 8k dw8192's set-up (42k entries) took longer, hence
// only for more than kEntriesBeforeThreads (docs/h200-2026-12-01-diagonal-setup).
constexpr std::int64_t kEntriesBeforeThreads = std::int64_t(64) << 10;
constexpr std::int64_t kEntriesPerSearchPart = std::int64_t(64) << 10;
constexpr std::int64_t kEntriesBeforeLooking = std::int64_t(8) << 10;
constexpr std::int64_t kEntriesPerDiagonalPart = std::int64_t(8) << 10;
constexpr std::size_t kDiagonalLooking = 64;

// The first row at which a part may end (a multiple of kBrcsd2PieceRows, or
// the end) once `entries` entries lie before it.
template <class I>
std::int64_t rows_holding(const I* row_ptr, std::int64_t rows, std::int64_t entries) {
  const std::int64_t row = std::lower_bound(row_ptr, row_ptr + rows + 1, I(entries)) - row_ptr;
  return std::min(rows, (row + kBrcsd2PieceRows - 1) / kBrcsd2PieceRows * kBrcsd2PieceRows);
}

// With part_count > 0 (tests) the rows go in that many parts at once.
template <class V, class I>
Scan scan(const CsrView<V, I>& a, DiagonalFeatures& f, int part_count, EarlyRefusal* early) {
  std::atomic<bool> give_up{false};
  std::vector<PartScan> parts;
  std::vector<detail::RowPart> ranges;
  if (part_count > 0) {
    ranges = detail::row_parts(a.rows, f.nnz, kBrcsd2PieceRows, part_count, kEntriesPerSearchPart);
  } else {
    // The caller's parts: the first kEntriesBeforeLooking entries of a large
    // matrix, then the rest of the first kEntriesBeforeThreads unless the
    // matrix looks diagonal.
    const bool large = f.nnz > kEntriesBeforeThreads;
    std::int64_t end = rows_holding(a.row_ptr, a.rows, large ? kEntriesBeforeLooking : kEntriesBeforeThreads);
    parts.push_back(scan_part(a, {0, end}, give_up, early));
    std::int64_t part_entries = kEntriesPerDiagonalPart;
    if (parts.back().complete && end < a.rows && parts.back().diagonals.size() > kDiagonalLooking) {
      const std::int64_t more = rows_holding(a.row_ptr, a.rows, kEntriesBeforeThreads);
      if (more > end) parts.push_back(scan_part(a, {end, more}, give_up, early));
      end = std::max(end, more);
      part_entries = kEntriesPerSearchPart;
    }
    if (!parts.back().complete || end == a.rows) return merge(parts, f);
    const std::int64_t rest_rows = a.rows - end, rest = f.nnz - std::int64_t(a.row_ptr[end]);
    for (const detail::RowPart r : detail::row_parts(rest_rows, rest, kBrcsd2PieceRows, 0, part_entries))
      ranges.push_back({end + r.begin, end + r.end});  // end is a piece's first row
  }
  const std::size_t before = parts.size();
  parts.resize(before + ranges.size());
  detail::run_row_parts(ranges.size(), [&](std::size_t p) {
    PartScan& part = parts[before + p];
    part = scan_part(a, ranges[p], give_up, early);
    if (!part.complete) give_up.store(true, std::memory_order_relaxed);
  });
  return merge(parts, f);
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

void classify(DiagonalSearch& out, const Scan& s, const ByteGuard& guard) {
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
  const std::int64_t csr_bytes = guard.csr_bytes;
  const std::int64_t layout_bytes = stored * guard.value_bytes;
  if (guard.refuses(stored, f.K)) {
    out.type = DiagonalType::none;
    out.reason = std::string("not diagonal: would be type ") + diagonal_type_name(type) + " (" + why +
                 "), but it stores " + std::to_string(stored) + " values, " + std::to_string(layout_bytes) +
                 " bytes, more than " + byte_limits(csr_bytes);
    return;
  }
  out.type = type;
  out.reason = std::string("type ") + diagonal_type_name(type) + ": " + why + "; stores " +
               std::to_string(stored) + " values, " + percent(double(layout_bytes) / double(csr_bytes)) +
               " of CSR's bytes";
  if (guard.over_share(stored)) out.reason += ", taken for few diagonals in L2";
}

}  // namespace

template <class V, class I>
DiagonalSearch diagonal_search(const CsrView<V, I>& a, int parts, DiagonalPass pass) {
  DiagonalSearch out;
  DiagonalFeatures& f = out.features;
  f.rows = a.rows;
  f.cols = a.cols;
  f.nnz = a.nnz();
  if (a.rows <= 0 || f.nnz == 0) {
    out.reason = a.rows <= 0 ? "not diagonal: no rows" : "not diagonal: no stored entries";
    return out;
  }
  const ByteGuard guard{std::int64_t(sizeof(V)), f.nnz * std::int64_t(sizeof(V) + sizeof(I))};
  EarlyRefusal early(guard);
  if (pass == DiagonalPass::verdict) bound_by_rows(a.row_ptr, a.rows, early);
  const Scan s = scan(a, f, parts, pass == DiagonalPass::verdict ? &early : nullptr);
  if (s.too_many_bytes) {
    // Where it stopped depends on the threads' timing: not said, so that the reason stays the same.
    out.reason = "not diagonal: its diagonals make every layout store more than " + byte_limits(guard.csr_bytes) +
                 " (search stopped early)";
    return out;
  }
  if (!s.complete) {
    out.reason = "not diagonal: more than " + std::to_string(kMaxDiagonals) + " diagonals (found by row " +
                 std::to_string(s.stopped_row) + " of " + std::to_string(f.rows) + ")";
    return out;
  }
  derive(f);
  classify(out, s, guard);
  return out;
}

#define AIJA_INSTANTIATE(V, I) \
  template DiagonalSearch diagonal_search<V, I>(const CsrView<V, I>&, int, DiagonalPass);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
