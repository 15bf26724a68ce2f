// Host builder of format `argcsr`: the parameters, the row groups and their
// threads, and the host's picture of the slot arrays.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <utility>

#include "aijadaptive/csr_prefetch.hpp"
#include "aijadaptive/errors.hpp"
#include "aijadaptive/formats/argcsr.hpp"
#include "aijadaptive/instantiate.hpp"
#include "core/cusparse_bytes.hpp"
#include "core/row_parts.hpp"
#include "formats/argcsr/tuning.hpp"

namespace aijadaptive {

namespace {

const char* const kStreamChoices[] = {"auto", "never", "always"};  // stream_loads -1, 0, 1
constexpr std::int64_t kMostDesiredChunk = 1 << 16;

// a / b rounded up, for a >= 0 and b > 0. In 32-bit arithmetic where both
// fit: a 32-bit division costs a fraction of a 64-bit one, and the thread
// assignment's divisions were about a third of the host build of bayer10
// (95k nonzeros; perf on a 2-core host, 2026-11-30).
std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
  constexpr std::int64_t k32 = std::numeric_limits<std::int32_t>::max();
  if (a < k32 && b < k32) return std::int64_t((std::uint32_t(a) + std::uint32_t(b) - 1) / std::uint32_t(b));
  return (a + b - 1) / b;
}

// Threads a row of `length` entries needs for a filling of at most f. A
// power of two f (the desired chunks, and most fillings) by a shift: in a
// profile of crack's host build the divisions were its hottest instructions
// (docs/h200-2026-11-30-setup-calls).
std::int64_t needed(std::int64_t length, std::int64_t f) {
  if ((f & (f - 1)) == 0) return std::max<std::int64_t>(1, (length + f - 1) >> __builtin_ctzll(std::uint64_t(f)));
  return length <= f ? 1 : ceil_div(length, f);
}

// S(f) = sum of needed(length, f) over a group's rows, or a number above T
// once it passes T (the rest not counted).
std::int64_t threads_needed(const std::int64_t* lengths, int rows, int block_threads, std::int64_t f) {
  std::int64_t sum = 0;
  for (int i = 0; i < rows && sum <= block_threads; ++i) sum += needed(lengths[i], f);
  return sum;
}

// The least f in [lo, hi] with S(f) <= T, S(hi) <= T given (`hi_s`: S(hi)
// when the caller counted it, else -1); S only falls as f grows. `*s` gets
// S(f), counted only where the bisection did not.
std::int64_t least_filling(const std::int64_t* lengths, int rows, int block_threads, std::int64_t lo,
                           std::int64_t hi, std::int64_t hi_s, std::int64_t* s) {
  while (lo < hi) {
    const std::int64_t mid = lo + (hi - lo) / 2;
    const std::int64_t sum = threads_needed(lengths, rows, block_threads, mid);
    if (sum <= block_threads) {
      hi = mid;
      hi_s = sum;
    } else {
      lo = mid + 1;
    }
  }
  *s = hi_s >= 0 ? hi_s : threads_needed(lengths, rows, block_threads, lo);
  return lo;
}

// A group's longest row, its entries and S(1): counted as its rows are found
// (lay_out_groups), or afterwards (group_sums).
struct GroupSums {
  std::int64_t longest = 0, total = 0, at_one = 0;
  void add(std::int64_t length) {
    longest = std::max(longest, length);
    total += length;
    at_one += needed(length, 1);
  }
};

GroupSums group_sums(const std::int64_t* lengths, int rows) {
  GroupSums sums;
  for (int i = 0; i < rows; ++i) sums.add(lengths[i]);
  return sums;
}

// The paper's rule (spare threads one at a time to the row of the largest
// filling, ties to the lowest row) without playing it thread by thread (a
// heap step per thread would make the set-up O(nnz log T)). The rule only gives a
// thread to a row of the largest filling, so it reaches a largest filling of
// at most f having given exactly S(f) = sum of needed(length, f) threads, each
// row needed(length, f) of them. Hence the chunk is the least f with S(f) <= T
// (f = 1 in one pass when the group's entries fit its threads), and the
// T - S(f) threads left go, as the rule hands them, to the rows of filling
// exactly f in row order, each until its filling drops below f (never, at
// f = 1: all to the first row with entries). Since total / f <= S(f) <=
// total / f + rows (total: the group's entries), that f lies between
// total / T and total / (T - rows), rounded up (and at most the longest row's
// length, where S = rows <= T): a few steps of bisection, O(rows) each.
// Writes each row's first thread to starts[0 .. rows - 1] and T to
// starts[rows] (the threads' exclusive prefix sum) as it hands them out;
// returns f. `known` (0: none) is a filling whose S the caller counted,
// `known_s`: when at most T, f is at most `known`, and f = known needs no
// count (a group of several rows closes before S(desired_chunk) passes T, so
// f is at most desired_chunk, and most groups' f is that). `sums`: the
// group's (GroupSums).
std::int64_t assign_threads(const std::int64_t* lengths, int rows, const GroupSums& sums, int block_threads,
                            std::uint16_t* starts, std::int64_t known = 0, std::int64_t known_s = 0) {
  const std::int64_t longest = sums.longest, total = sums.total, at_one = sums.at_one;
  std::int64_t start = 0;
  if (at_one <= block_threads) {  // f = 1 (or 0: no entries)
    int to = 0;
    while (to < rows && lengths[to] == 0) ++to;
    if (to == rows) to = 0;
    const std::int64_t spare = block_threads - at_one;
    for (int i = 0; i < rows; ++i) {
      starts[i] = std::uint16_t(start);
      start += needed(lengths[i], 1) + (i == to ? spare : 0);
    }
    starts[rows] = std::uint16_t(block_threads);
    return longest > 0 ? 1 : 0;
  }
  // S(1) > T: some row has 2 entries or more.
  const std::int64_t lo = std::max<std::int64_t>(2, ceil_div(total, block_threads));
  const std::int64_t hi =
      rows < block_threads ? std::min(longest, std::max(lo, ceil_div(total, block_threads - rows))) : longest;
  const bool bounded = known >= lo && known <= hi && known_s <= block_threads;
  std::int64_t used = 0;
  const std::int64_t f =
      least_filling(lengths, rows, block_threads, lo, bounded ? known : hi, bounded ? known_s : -1, &used);
  std::int64_t spare = block_threads - used;
  // A row's filling ceil(length / threads) is f exactly when length >
  // (f - 1) * threads (threads = needed(length, f) keeps it at most f).
  for (int i = 0; i < rows; ++i) {
    std::int64_t threads = needed(lengths[i], f);
    if (spare > 0 && lengths[i] > (f - 1) * threads) {
      const std::int64_t more = std::min(spare, needed(lengths[i], f - 1) - threads);
      threads += more;
      spare -= more;
    }
    starts[i] = std::uint16_t(start);
    start += threads;
  }
  AIJA_REQUIRE(spare == 0 && start == block_threads, internal,
               "argcsr: " + std::to_string(spare) + " threads of a group left unassigned");
  starts[rows] = std::uint16_t(block_threads);
  return f;
}

}  // namespace

const std::vector<ParamSpec>& argcsr_params() {
  using namespace argcsr_tuning;
  static const std::vector<ParamSpec> specs = {
      integer_param("block_threads", "threads per row group, a CUDA block (T)", 32, 1024, kBlockThreads, 32),
      integer_param("desired_chunk",
                    "entries per thread a row group aims at: it closes before a row that would take it past "
                    "desired_chunk * T entries or T threads of desired_chunk entries (0: by the matrix's size and "
                    "row lengths)",
                    0, kMostDesiredChunk, kDesiredChunk),
      integer_param("long_chunk",
                    "slots per thread in a part of a long row: a row of more than long_chunk * T entries is cut "
                    "into parts of that many, a CUDA block each",
                    1, kMostDesiredChunk, kLongChunk),
      integer_param("long_row",
                    "a row of more than this many entries is cut into parts of long_chunk * T (at least that many; "
                    "0: by the matrix's size)",
                    0, kMostDesiredChunk * 32, 0),
      choice_param("stream_loads", "streaming cache hint on the slot arrays: auto (when larger than L2), never, always",
                   {kStreamChoices[0], kStreamChoices[1], kStreamChoices[2]}, kStreamChoices[kStreamLoads + 1]),
      integer_param("refill_on_host",
                    "a refill of a layout of at most this many slots puts the values in their slots on the host "
                    "and sends them with one copy, without the fill kernel (0: never)",
                    0, kArgcsrMostRefillOnHost, kRefillOnHost)};
  return specs;
}

ArgcsrParams argcsr_params(const TuningParams& tuning) {
  const FormatId me = FormatId::argcsr;
  ArgcsrParams p;
  p.block_threads = int(tuning.integer(me, "block_threads"));
  p.desired_chunk = tuning.integer(me, "desired_chunk");
  p.long_chunk = tuning.integer(me, "long_chunk");
  p.long_row = tuning.integer(me, "long_row");
  const std::string& loads = tuning.choice(me, "stream_loads");
  p.stream_loads = loads == "always" ? 1 : loads == "never" ? 0 : -1;
  p.refill_on_host = tuning.integer(me, "refill_on_host");
  argcsr_check_params(p);
  return p;
}

void argcsr_check_params(const ArgcsrParams& p) {
  AIJA_REQUIRE(p.block_threads >= 32 && p.block_threads <= 1024 && p.block_threads % 32 == 0, invalid_argument,
               "argcsr: block_threads = " + std::to_string(p.block_threads) +
                   ", expected a multiple of 32 in [32, 1024]");
  AIJA_REQUIRE(p.desired_chunk >= 0 && p.desired_chunk <= kMostDesiredChunk, invalid_argument,
               "argcsr: desired_chunk = " + std::to_string(p.desired_chunk) + ", expected an integer in [0, " +
                   std::to_string(kMostDesiredChunk) + "] (0: by the matrix)");
  AIJA_REQUIRE(p.long_chunk >= 1 && p.long_chunk <= kMostDesiredChunk, invalid_argument,
               "argcsr: long_chunk = " + std::to_string(p.long_chunk) + ", expected an integer in [1, " +
                   std::to_string(kMostDesiredChunk) + "]");
  AIJA_REQUIRE(p.long_row >= 0 && p.long_row <= kMostDesiredChunk * 32, invalid_argument,
               "argcsr: long_row = " + std::to_string(p.long_row) + ", expected an integer in [0, " +
                   std::to_string(kMostDesiredChunk * 32) + "] (0: by the matrix's size)");
  AIJA_REQUIRE(p.stream_loads >= -1 && p.stream_loads <= 1, invalid_argument,
               "argcsr: stream_loads = " + std::to_string(p.stream_loads) + ", expected -1, 0 or 1");
  AIJA_REQUIRE(p.refill_on_host >= 0 && p.refill_on_host <= kArgcsrMostRefillOnHost, invalid_argument,
               "argcsr: refill_on_host = " + std::to_string(p.refill_on_host) + ", expected an integer in [0, " +
                   std::to_string(kArgcsrMostRefillOnHost) + "]");
}

std::int64_t argcsr_assign_threads(const std::vector<std::int64_t>& lengths, int block_threads,
                                   std::vector<int>& threads) {
  AIJA_REQUIRE(!lengths.empty() && std::int64_t(lengths.size()) <= block_threads, invalid_argument,
               "argcsr_assign_threads: a group has 1 to T rows, not " + std::to_string(lengths.size()));
  std::vector<std::uint16_t> starts(lengths.size() + 1);
  const std::int64_t f = assign_threads(lengths.data(), int(lengths.size()),
                                        group_sums(lengths.data(), int(lengths.size())), block_threads, starts.data());
  threads.resize(lengths.size());
  for (std::size_t i = 0; i < lengths.size(); ++i) threads[i] = int(starts[i + 1]) - int(starts[i]);
  return f;
}

std::size_t ArgcsrLayout::device_bytes(std::size_t value_bytes, std::size_t index_bytes) const {
  const std::size_t part_sums = long_rows ? groups.size() * (value_bytes + sizeof(unsigned)) : 0;
  return groups.size() * sizeof(ArgcsrGroup) + thread_start.size() * sizeof(std::uint16_t) +
         std::size_t(slots) * (value_bytes + index_bytes) + part_sums;
}

std::int64_t argcsr_long_row(const ArgcsrParams& p, std::int64_t entries) {
  const std::int64_t part = p.long_chunk * p.block_threads;
  const std::int64_t wanted = p.long_row ? p.long_row : entries < kArgcsrSmallEntries ? kArgcsrSmallLongRow : part;
  return std::max(wanted, part);
}

std::int64_t argcsr_desired_chunk(const ArgcsrParams& p, std::int64_t entries, double uncut_cv) {
  if (p.desired_chunk) return p.desired_chunk;
  if (entries < kArgcsrMidEntries) return kArgcsrSmallChunk;
  return entries >= kArgcsrRegularEntries && uncut_cv < kArgcsrRegularCv ? kArgcsrRegularChunk : kArgcsrMidChunk;
}

namespace {

// Rows a thread of the host build takes at least (a few ns a row, against
// tens of microseconds to start a thread), and the rows of the layout's
// blocks: a group never spans two, so that the host's threads lay the blocks
// out independently and the layout is the same on every machine.
constexpr std::int64_t kBuildBlockRows = kArgcsrBlockRows;

// One part's groups (their offsets counted from the part's first slot) and
// thread_start entries.
struct ArgcsrPart {
  std::vector<ArgcsrGroup> groups;
  std::vector<std::uint16_t> thread_start;
  std::int64_t slots = 0, long_rows = 0;
};

// Rows [r.begin, r.end) (whole blocks of kBuildBlockRows) into groups, as
// argcsr_build_layout says: a group closes before a row that would take its
// threads at desired_chunk entries a thread past T, before a long row (a
// group of its own, cut into parts) and at a block's first row.
//
// Each group's rows are found by a loop of its own over the row lengths,
// whose state lives in locals: as one loop with the group's closing in a
// lambda, the compiler kept the row counter and the group's thread count on
// the stack, a store and a load a row (most of Pd's layout;
// docs/h200-2026-12-01-diagonal-setup).
template <class I>
ArgcsrPart lay_out_groups(const I* row_ptr, const detail::RowPart& r, int T, std::int64_t desired_chunk,
                          std::int64_t long_row, std::int64_t part_entries) {
  ArgcsrPart out;
  out.thread_start.reserve(std::size_t((r.end - r.begin) + (r.end - r.begin) / T + 1));
  std::vector<std::int64_t> lengths(static_cast<std::size_t>(T));  // of the open group's rows (at most T: a thread each)
  // Chunks are at most max(desired_chunk, long_chunk, ceil(long_row / T)) <=
  // kMostDesiredChunk slots (long_row <= 32 kMostDesiredChunk, T >= 32): only
  // the slot count and the number of groups (one launch's blocks) can
  // overflow, checked once the parts are put together.
  const auto add_group = [&](std::int64_t first_row, int group_rows, std::int64_t chunk, std::int64_t part,
                             std::int64_t parts) {
    out.groups.push_back({first_row, out.slots, std::int32_t(group_rows), std::int32_t(chunk), std::int32_t(part),
                          std::int32_t(parts)});
    out.slots += chunk * T;
  };
  // A long row: its parts, a group each with all T threads; thread_start
  // {0, T} for all of them, then T for each part after the first (unused:
  // they keep group g's entries at first_row + g - part).
  const auto cut = [&](std::int64_t row, std::int64_t length) {
    const std::int64_t parts = (length + part_entries - 1) / part_entries;
    AIJA_REQUIRE(parts <= std::numeric_limits<std::int32_t>::max(), unsupported,
                 "argcsr: row " + std::to_string(row) + " of " + std::to_string(length) + " entries needs " +
                     std::to_string(parts) +
                     " parts, more row groups than one launch can have; raise "
                     "-mat_aijadaptive_argcsr_long_chunk or use format csr");
    for (std::int64_t k = 0; k < parts; ++k) {
      const std::int64_t entries = std::min(part_entries, length - k * part_entries);
      add_group(row, 1, (entries + T - 1) / T, k, parts);
    }
    out.thread_start.push_back(0);
    for (std::int64_t k = 0; k < parts; ++k) out.thread_start.push_back(std::uint16_t(T));
    ++out.long_rows;
  };
  std::int64_t* const group_lengths = lengths.data();
  std::int64_t i = r.begin;
  while (i < r.end) {
    std::int64_t length = std::int64_t(row_ptr[i + 1]) - std::int64_t(row_ptr[i]);
    if (length > long_row) {
      cut(i, length);
      ++i;
      continue;
    }
    // The group from row i: rows while their threads fit and none is long.
    const std::int64_t first = i;
    std::int64_t threads = 0, wanted = needed(length, desired_chunk);
    GroupSums sums;
    int rows = 0;
    for (;;) {
      group_lengths[rows++] = length;
      sums.add(length);
      threads += wanted;
      if (++i == r.end || i % kBuildBlockRows == 0) break;
      length = std::int64_t(row_ptr[i + 1]) - std::int64_t(row_ptr[i]);
      wanted = needed(length, desired_chunk);
      if (threads + wanted > T || length > long_row) break;
    }
    const std::size_t at = out.thread_start.size();
    out.thread_start.resize(at + std::size_t(rows) + 1);
    add_group(first, rows,
              assign_threads(group_lengths, rows, sums, T, out.thread_start.data() + at, desired_chunk, threads), 0,
              1);
  }
  return out;
}

// The coefficient of variation of the lengths of the rows of at most
// long_row entries (those not cut into parts), over the parts on threads.
template <class I>
double uncut_row_cv(const I* row_ptr, const std::vector<detail::RowPart>& parts, std::int64_t long_row) {
  struct Sums {
    double rows = 0, entries = 0, squares = 0;
  };
  std::vector<Sums> sums(parts.size());
  detail::run_row_parts(parts.size(), [&](std::size_t q) {
    Sums s;
    for (std::int64_t i = parts[q].begin; i < parts[q].end; ++i) {
      const double len = double(std::int64_t(row_ptr[i + 1]) - std::int64_t(row_ptr[i]));
      if (len > double(long_row)) continue;
      s.rows += 1;
      s.entries += len;
      s.squares += len * len;
    }
    sums[q] = s;
  });
  Sums all;
  for (const Sums& s : sums) {
    all.rows += s.rows;
    all.entries += s.entries;
    all.squares += s.squares;
  }
  if (all.rows == 0 || all.entries == 0) return 0.0;
  const double mean = all.entries / all.rows;
  return std::sqrt(std::max(0.0, all.squares / all.rows - mean * mean)) / mean;
}

}  // namespace

template <class I>
ArgcsrLayout argcsr_build_layout(I rows, const I* row_ptr, const ArgcsrParams& p) {
  argcsr_check_params(p);
  ArgcsrLayout l;
  const int T = p.block_threads;
  const std::int64_t n = rows;
  l.threads = T;
  l.part_entries = p.long_chunk * T;
  l.entries = n > 0 ? std::int64_t(row_ptr[n]) - std::int64_t(row_ptr[0]) : 0;
  l.long_row = argcsr_long_row(p, l.entries);
  // Parts of whole blocks on threads, then put one after the other: their
  // groups' first slots moved by the slots before them, and their
  // thread_start entries (rows + groups each) where first_row + g - part
  // finds them.
  const std::vector<detail::RowPart> parts = detail::row_parts(n, n, kBuildBlockRows, 0, kBuildBlockRows);
  const bool reads_cv = p.desired_chunk == 0 && l.entries >= kArgcsrRegularEntries;
  l.desired_chunk = argcsr_desired_chunk(p, l.entries, reads_cv ? uncut_row_cv(row_ptr, parts, l.long_row) : 0.0);
  std::vector<ArgcsrPart> laid(parts.size());
  detail::run_row_parts(parts.size(), [&](std::size_t q) {
    laid[q] = lay_out_groups(row_ptr, parts[q], T, l.desired_chunk, l.long_row, l.part_entries);
  });
  std::int64_t groups = 0, starts = 0;
  for (const ArgcsrPart& part : laid) {
    AIJA_REQUIRE(part.slots <= std::numeric_limits<std::int64_t>::max() - l.slots, unsupported,
                 "argcsr: more than 2^63 slots; use format csr");
    l.slots += part.slots;
    l.long_rows += part.long_rows;
    groups += std::int64_t(part.groups.size());
    starts += std::int64_t(part.thread_start.size());
  }
  AIJA_REQUIRE(groups < std::numeric_limits<std::int32_t>::max(), unsupported,
               "argcsr: " + std::to_string(groups) +
                   " row groups, more than one launch's blocks (2^31 - 1); raise -mat_aijadaptive_argcsr_long_chunk "
                   "or use format csr");
  l.groups.reserve(std::size_t(groups));
  l.thread_start.reserve(std::size_t(starts));
  std::int64_t slots_before = 0;
  for (const ArgcsrPart& part : laid) {
    for (ArgcsrGroup g : part.groups) {
      g.offset += slots_before;
      l.groups.push_back(g);
    }
    l.thread_start.insert(l.thread_start.end(), part.thread_start.begin(), part.thread_start.end());
    slots_before += part.slots;
  }
  return l;
}

namespace {

// Each slot as the fill kernel writes it: entry(slot, e) for CSR entry e,
// padding(slot) after a thread's entries. Row by row, each row's threads in
// turn (thread_start has every thread of a group in one of its rows), not
// thread by thread as the kernel finds its row: a search per thread made this
// walk 20 ns a slot.
template <class I, class Entry, class Padding>
void for_each_slot(const ArgcsrLayout& l, const I* row_ptr, Entry&& entry, Padding&& padding) {
  const int T = l.threads;
  for (std::int64_t g = 0; g < l.count(); ++g) {
    const ArgcsrGroup& group = l.groups[std::size_t(g)];
    const std::uint16_t* starts = l.starts(g);
    for (int i = 0; i < group.rows; ++i) {
      const std::int64_t row = group.first_row + i;
      const ArgcsrPiece span = argcsr_span(group, std::int64_t(row_ptr[row + 1]) - row_ptr[row], l.part_entries);
      const std::int64_t begin = row_ptr[row] + span.first;
      const int first = starts[i], threads = starts[i + 1] - first;
      for (int lane = 0; lane < threads; ++lane) {
        const ArgcsrPiece piece = argcsr_piece(span.count, threads, lane);
        const std::int64_t slot0 = group.offset + first + lane, e0 = begin + piece.first;
        std::int64_t k = 0;
        for (; k < piece.count; ++k) entry(slot0 + k * T, e0 + k);
        for (; k < group.chunk; ++k) padding(slot0 + k * T);
      }
    }
  }
}

}  // namespace

template <class V, class I>
void argcsr_fill_slots(const ArgcsrLayout& l, const CsrView<V, I>& a, I* cols, V* values) {
  for_each_slot(
      l, a.row_ptr,
      [&](std::int64_t slot, std::int64_t e) {
        if (cols) cols[slot] = a.col_idx[e];
        values[slot] = a.values[e];
      },
      [&](std::int64_t slot) {
        if (cols) cols[slot] = I(-1);
        values[slot] = V(0);
      });
}

template <class I>
std::vector<std::uint32_t> argcsr_slot_of_entry(const ArgcsrLayout& l, const I* row_ptr) {
  AIJA_REQUIRE(l.slots <= std::int64_t(std::numeric_limits<std::uint32_t>::max()), internal,
               "argcsr: " + std::to_string(l.slots) + " slots are more than 32 bits count");
  std::vector<std::uint32_t> slot_of_entry(std::size_t(l.entries));
  for_each_slot(
      l, row_ptr, [&](std::int64_t slot, std::int64_t e) { slot_of_entry[std::size_t(e)] = std::uint32_t(slot); },
      [](std::int64_t) {});
  return slot_of_entry;
}

template <class V, class I>
ArgcsrHostFormat<V, I>::ArgcsrHostFormat(const ArgcsrParams& params, std::weak_ptr<CsrPrefetchBase> csr_prefetch)
    : params_(params), csr_prefetch_(std::move(csr_prefetch)) {
  argcsr_check_params(params_);
}

template <class V, class I>
void ArgcsrHostFormat<V, I>::build(const CsrView<V, I>& a) {
  a_ = a;
  layout_ = argcsr_build_layout(a.rows, a.row_ptr, params_);
}

// The layout depends on the pattern only; the device's fill moves the values.
template <class V, class I>
void ArgcsrHostFormat<V, I>::refill(const CsrView<V, I>& a) {
  a_ = a;
}

template <class V, class I>
std::size_t ArgcsrHostFormat<V, I>::extra_host_bytes() const {
  return layout_.groups.size() * sizeof(ArgcsrGroup) + layout_.thread_start.size() * sizeof(std::uint16_t);
}

// The layout with its padding, and the CSR arrays the fill kernel reads
// (unless the analysis sent them already).
template <class V, class I>
std::size_t ArgcsrHostFormat<V, I>::device_bytes_needed() const {
  return layout_.device_bytes(sizeof(V), sizeof(I)) + csr_source_staging_bytes(a_, csr_prefetch_, true);
}

template <class V, class I>
std::unique_ptr<DeviceFormat<V, I>> ArgcsrHostFormat<V, I>::upload(Stream stream) const {
  AIJA_UPLOAD_WITH_CUDA(upload_argcsr(*this, stream));
}

template <class V, class I>
std::vector<std::string> ArgcsrHostFormat<V, I>::describe() const {
  const ArgcsrLayout& l = layout_;
  std::int64_t longest = 0, chunks = 0;
  for (const ArgcsrGroup& g : l.groups) {
    longest = std::max<std::int64_t>(longest, g.chunk);
    chunks += g.chunk;
  }
  char text[240];
  std::snprintf(text, sizeof(text),
                "argcsr: chunks of at most %lld slots (mean %.2f), %.1f%% of the %lld slots padding, %.2f bytes per "
                "nonzero (CSR: %.2f)",
                (long long)longest, l.count() ? double(chunks) / double(l.count()) : 0.0,
                100.0 * l.padding_fraction(), (long long)l.slots,
                l.entries ? double(l.device_bytes(sizeof(V), sizeof(I))) / double(l.entries) : 0.0,
                l.entries ? double(detail::csr_array_bytes(a_)) / double(l.entries) : 0.0);
  std::int64_t parts = 0;
  for (const ArgcsrGroup& g : l.groups) parts += g.parts > 1;
  return {"argcsr: " + std::to_string(l.count()) + " row groups of T = " + std::to_string(params_.block_threads) +
              " threads, at most " + std::to_string(l.desired_chunk * params_.block_threads) +
              " entries each unless one row has more (desired chunk " + std::to_string(l.desired_chunk) +
              (params_.desired_chunk ? ")" : ", by the matrix)"),
          "argcsr: " + std::to_string(l.long_rows) + " rows of more than " + std::to_string(l.long_row) +
              " entries cut into " + std::to_string(parts) + " parts of " + std::to_string(l.part_entries) +
              " (long chunk " + std::to_string(params_.long_chunk) + ")",
          text};
}

template <class V, class I>
std::unique_ptr<HostFormat<V, I>> make_argcsr_host_format(const FormatContext& context) {
  return std::make_unique<ArgcsrHostFormat<V, I>>(argcsr_params(context.params), context.csr_prefetch);
}

template ArgcsrLayout argcsr_build_layout(std::int32_t, const std::int32_t*, const ArgcsrParams&);
template ArgcsrLayout argcsr_build_layout(std::int64_t, const std::int64_t*, const ArgcsrParams&);
template std::vector<std::uint32_t> argcsr_slot_of_entry(const ArgcsrLayout&, const std::int32_t*);
template std::vector<std::uint32_t> argcsr_slot_of_entry(const ArgcsrLayout&, const std::int64_t*);

#define AIJA_INSTANTIATE(V, I)                                                                          \
  template void argcsr_fill_slots<V, I>(const ArgcsrLayout&, const CsrView<V, I>&, I*, V*);             \
  template class ArgcsrHostFormat<V, I>;                                                                \
  template std::unique_ptr<HostFormat<V, I>> make_argcsr_host_format<V, I>(const FormatContext&);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
