// Format `argcsr` on the host: its tuning parameters, the thread assignment
// (hand-computed cases and the rule applied literally), the layout builder's
// invariants (groups closed by the rules, T threads each and at least one a
// row, the chunk the largest filling, the slot picture holding every nonzero
// once in its thread's slots, padding after them), 64-bit slot offsets, and
// the host kernel (which walks the groups as the CUDA kernel does) against
// csr_reference_apply and against a walk over the slot picture.
#include <aijadaptive/errors.hpp>
#include <aijadaptive/format.hpp>
#include <aijadaptive/formats/argcsr.hpp>
#include <aijadaptive/formats/csr.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/spmv_common.hpp"
#include "irregular_csr.hpp"
#include "random_csr.hpp"
#include "type_pairs.hpp"

namespace aijadaptive {
namespace {

using test::OwnedCsr;
using test::RandomShape;

// long_row 1: rows cut into parts from long_chunk * T entries on, whatever
// the matrix's size (0: by size, as the defaults).
ArgcsrParams params(int t, std::int64_t chunk, std::int64_t long_chunk = 8, std::int64_t long_row = 1) {
  ArgcsrParams p;
  p.block_threads = t;
  p.desired_chunk = chunk;
  p.long_chunk = long_chunk;
  p.long_row = long_row;
  return p;
}

std::string describe(const ArgcsrParams& p) {
  return "T " + std::to_string(p.block_threads) + " desired chunk " + std::to_string(p.desired_chunk) +
         " long chunk " + std::to_string(p.long_chunk) + " long row " + std::to_string(p.long_row);
}

// The paper's (T = 128, chunk 1) first; the smallest T; larger
// chunks (fewer, fuller groups); T not a power of two; the largest T; long
// rows cut into parts of T entries (more parts than T threads for the longest
// test rows) and into parts of more than the desired chunk.
const ArgcsrParams kParamSets[] = {params(128, 1), params(32, 1),    params(32, 4),     params(64, 2),
                                   params(96, 3),  params(256, 1),   params(128, 32),   params(1024, 1),
                                   params(32, 1, 1), params(64, 4, 2), params(128, 64, 1),
                                   ArgcsrParams{},   params(32, 1, 1, 200)};  // defaults (by the matrix); long_row 200

std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

// The paper's rule applied literally: one thread a row, then each spare thread
// to the row of the largest filling, ties to the lowest row.
std::vector<int> literal_assignment(const std::vector<std::int64_t>& lengths, int T) {
  std::vector<int> threads(lengths.size(), 1);
  for (int spare = T - int(lengths.size()); spare > 0; --spare) {
    std::size_t best = 0;
    for (std::size_t i = 1; i < lengths.size(); ++i)
      if (ceil_div(lengths[i], threads[i]) > ceil_div(lengths[best], threads[best])) best = i;
    ++threads[best];
  }
  return threads;
}

template <class V>
bool same_bits(const std::vector<V>& a, const std::vector<V>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(V)) == 0);
}

void expect_error(ErrorKind kind, const std::function<void()>& f, const std::string& what) {
  try {
    f();
    ADD_FAILURE() << what << " was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), kind) << what << ": " << e.what();
  }
}

// ---- the parameters -----------------------------------------------------------

TEST(ArgcsrParams, TheDefaultsAndTheUsersSettings) {
  const ArgcsrParams d = argcsr_params(TuningParams{});
  EXPECT_EQ(d.block_threads, 128);
  EXPECT_EQ(d.desired_chunk, 0);  // by the matrix (argcsr_desired_chunk)
  EXPECT_EQ(d.long_chunk, 8);
  EXPECT_EQ(d.long_row, 0);  // by size (argcsr_long_row)
  EXPECT_EQ(d.stream_loads, -1);
  EXPECT_EQ(d.refill_on_host, 8192);
  const ArgcsrParams plain{};  // the struct's defaults are the parameters' defaults
  EXPECT_EQ(plain.block_threads, d.block_threads);
  EXPECT_EQ(plain.desired_chunk, d.desired_chunk);
  EXPECT_EQ(plain.long_chunk, d.long_chunk);
  EXPECT_EQ(plain.long_row, d.long_row);
  EXPECT_EQ(plain.stream_loads, d.stream_loads);
  EXPECT_EQ(plain.refill_on_host, d.refill_on_host);

  TuningParams t;
  t.set("argcsr.block_threads=256");
  t.set(FormatId::argcsr, "desired_chunk", "8");
  t.set("argcsr.stream_loads=always");
  t.set("argcsr.long_chunk=3");
  t.set("argcsr.long_row=5000");
  t.set("argcsr.refill_on_host=0");
  ArgcsrParams p = argcsr_params(t);
  EXPECT_EQ(p.block_threads, 256);
  EXPECT_EQ(p.desired_chunk, 8);
  EXPECT_EQ(p.long_chunk, 3);
  EXPECT_EQ(p.long_row, 5000);
  EXPECT_EQ(p.stream_loads, 1);
  EXPECT_EQ(p.refill_on_host, 0);
  t.set("argcsr.stream_loads=never");
  EXPECT_EQ(argcsr_params(t).stream_loads, 0);

  // The format made from a context takes the context's settings.
  FormatContext context;
  context.params = t;
  const auto f = make_host_format<float, std::int64_t>(FormatId::argcsr, context);
  const auto* a = dynamic_cast<const ArgcsrHostFormat<float, std::int64_t>*>(f.get());
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->params().block_threads, 256);
  EXPECT_EQ(a->params().desired_chunk, 8);
}

TEST(ArgcsrParams, BadValuesAreRefused) {
  // As the user sets them: the declared ranges.
  for (auto [name, value] : {std::pair<const char*, const char*>{"block_threads", "100"},
                             {"block_threads", "0"},
                             {"block_threads", "2048"},
                             {"desired_chunk", "-1"},
                             {"desired_chunk", "70000"},
                             {"long_chunk", "0"},
                             {"long_chunk", "70000"},
                             {"long_row", "-1"},
                             {"long_row", "3000000"},
                             {"stream_loads", "sometimes"},
                             {"refill_on_host", "-1"},
                             {"refill_on_host", "65537"}}) {
    TuningParams t;
    expect_error(ErrorKind::invalid_argument, [&] { t.set(FormatId::argcsr, name, value); },
                 std::string(name) + " = " + value);
  }
  // Made by hand: the check, the host format and the builder refuse them.
  for (const ArgcsrParams& bad : {params(48, 1), params(16, 1), params(1056, 1), params(128, -1),
                                  params(128, (1 << 16) + 1), params(128, 1, 0), params(128, 1, (1 << 16) + 1)}) {
    expect_error(ErrorKind::invalid_argument, [&] { argcsr_check_params(bad); }, describe(bad));
    expect_error(ErrorKind::invalid_argument, [&] { ArgcsrHostFormat<double, std::int32_t> f(bad); }, describe(bad));
    const std::vector<std::int32_t> row_ptr = {0, 1};
    expect_error(ErrorKind::invalid_argument, [&] { argcsr_build_layout<std::int32_t>(1, row_ptr.data(), bad); },
                 describe(bad));
  }
  ArgcsrParams loads = params(128, 1);
  loads.stream_loads = 2;
  expect_error(ErrorKind::invalid_argument, [&] { argcsr_check_params(loads); }, "stream_loads 2");
  ArgcsrParams refill = params(128, 1);
  refill.refill_on_host = -1;
  expect_error(ErrorKind::invalid_argument, [&] { argcsr_check_params(refill); }, "refill_on_host -1");
  std::vector<int> threads;
  expect_error(ErrorKind::invalid_argument, [&] { argcsr_assign_threads({}, 32, threads); }, "a group of no rows");
  expect_error(ErrorKind::invalid_argument,
               [&] { argcsr_assign_threads(std::vector<std::int64_t>(33, 1), 32, threads); }, "33 rows for T = 32");
}

// ---- the helpers the host and the device share --------------------------------

TEST(ArgcsrHelpers, RowOfThreadAndPieces) {
  const std::uint16_t starts[] = {0, 3, 4, 10, 12};
  const int expect[] = {0, 0, 0, 1, 2, 2, 2, 2, 2, 2, 3, 3};
  for (int t = 0; t < 12; ++t) EXPECT_EQ(argcsr_row_of_thread(starts, 4, t), expect[t]) << "thread " << t;
  const int one[] = {0, 32};
  for (int t = 0; t < 32; ++t) EXPECT_EQ(argcsr_row_of_thread(one, 1, t), 0);

  // 10 entries over 4 threads: pieces of 3, the last thread 1.
  const std::pair<std::int64_t, std::int64_t> ten[] = {{0, 3}, {3, 3}, {6, 3}, {9, 1}};
  for (int lane = 0; lane < 4; ++lane) {
    const ArgcsrPiece p = argcsr_piece(10, 4, lane);
    EXPECT_EQ(p.first, ten[lane].first) << lane;
    EXPECT_EQ(p.count, ten[lane].second) << lane;
  }
  // 2 entries over 5 threads: one each for the first two, none for the rest.
  for (int lane = 0; lane < 5; ++lane) {
    const ArgcsrPiece p = argcsr_piece(2, 5, lane);
    EXPECT_EQ(p.first, std::min(lane, 2)) << lane;
    EXPECT_EQ(p.count, lane < 2 ? 1 : 0) << lane;
  }
  // 9 entries over 4 threads: pieces of 3, the last thread none.
  EXPECT_EQ(argcsr_piece(9, 4, 2).count, 3);
  EXPECT_EQ(argcsr_piece(9, 4, 3).count, 0);
  EXPECT_EQ(argcsr_piece(9, 4, 3).first, 9);
  EXPECT_EQ(argcsr_piece(0, 3, 0).count, 0);  // an empty row
}

// ---- the thread assignment ------------------------------------------------------

TEST(ArgcsrThreads, HandComputedCases) {
  std::vector<int> threads;
  // The paper's example: seven rows of 1 and a row of 8, 12 threads: the four
  // spare ones go to the row of 8 (fillings 4, 3, 2, 2): chunk 2.
  EXPECT_EQ(argcsr_assign_threads({1, 1, 1, 1, 1, 1, 1, 8}, 12, threads), 2);
  EXPECT_EQ(threads, (std::vector<int>{1, 1, 1, 1, 1, 1, 1, 5}));
  // The header's example: the row of 8 gets 8 threads (filling 1), then the
  // last spare one too (all tie at 1: the lowest row).
  EXPECT_EQ(argcsr_assign_threads({8, 1, 1, 1}, 12, threads), 1);
  EXPECT_EQ(threads, (std::vector<int>{9, 1, 1, 1}));
  // Ties go to the lowest row: 4 and 4 over 5 threads.
  EXPECT_EQ(argcsr_assign_threads({4, 4}, 5, threads), 2);
  EXPECT_EQ(threads, (std::vector<int>{3, 2}));
  // Every row empty: the spare threads to row 0, chunk 0.
  EXPECT_EQ(argcsr_assign_threads({0, 0, 0}, 32, threads), 0);
  EXPECT_EQ(threads, (std::vector<int>{30, 1, 1}));
  // Spare threads left once every filling is 1: the lowest non-empty row.
  EXPECT_EQ(argcsr_assign_threads({0, 1, 3}, 8, threads), 1);
  EXPECT_EQ(threads, (std::vector<int>{1, 4, 3}));
  // One long row: all T threads, chunk ceil(1000 / 128).
  EXPECT_EQ(argcsr_assign_threads({1000}, 128, threads), 8);
  EXPECT_EQ(threads, (std::vector<int>{128}));
  // Lengths past 32 bits (the divisions in 64-bit arithmetic there): chunk
  // ceil(6e9 / 127) for the long row, which takes the 127 threads the row of 1
  // leaves.
  EXPECT_EQ(argcsr_assign_threads({1, 6000000000}, 128, threads), 47244095);
  EXPECT_EQ(threads, (std::vector<int>{1, 127}));
  // T rows: no spare thread, the chunk the longest row.
  EXPECT_EQ(argcsr_assign_threads(std::vector<std::int64_t>(31, 2), 31, threads), 2);
}

TEST(ArgcsrThreads, TheDirectAssignmentFollowsTheRuleAppliedLiterally) {
  std::mt19937_64 rng(17);
  for (int trial = 0; trial < 400; ++trial) {
    const int T = 32 * (1 + int(rng() % 8));
    const int rows = 1 + int(rng() % std::uint64_t(T));
    const std::int64_t most = trial % 4 == 0 ? 3 : trial % 4 == 1 ? 40 : trial % 4 == 2 ? 1000 : 0;
    std::vector<std::int64_t> lengths(static_cast<std::size_t>(rows));
    for (auto& len : lengths) len = most ? std::int64_t(rng() % std::uint64_t(most + 1)) : 0;
    std::vector<int> threads;
    const std::int64_t chunk = argcsr_assign_threads(lengths, T, threads);
    const std::vector<int> expect = literal_assignment(lengths, T);
    ASSERT_EQ(threads, expect) << "trial " << trial << ", T " << T << ", " << rows << " rows";
    std::int64_t fullest = 0;
    for (std::size_t i = 0; i < lengths.size(); ++i) fullest = std::max(fullest, ceil_div(lengths[i], threads[i]));
    ASSERT_EQ(chunk, fullest) << "trial " << trial;
  }
}

// ---- the layout -------------------------------------------------------------------

// The groups tile the rows in order and close by the rules; T threads a group,
// at least one a row, as the rule assigns them; the chunk the largest filling;
// offsets the running sum of chunk * T. The slot picture: every nonzero once,
// in its thread's slots in row order, then padding (column -1, value 0).
template <class V, class I>
void check_layout(const OwnedCsr<V, I>& m, const ArgcsrParams& p) {
  SCOPED_TRACE(describe(p) + ", " + std::to_string(m.rows) + "x" + std::to_string(m.cols));
  const ArgcsrLayout l = argcsr_build_layout(m.rows, m.row_ptr.data(), p);
  const int T = p.block_threads;
  const std::int64_t nnz = std::int64_t(m.col_idx.size());
  if (p.desired_chunk) ASSERT_EQ(l.desired_chunk, p.desired_chunk);
  if (!p.desired_chunk && nnz < kArgcsrMidEntries) ASSERT_EQ(l.desired_chunk, kArgcsrSmallChunk);
  const std::int64_t d = l.desired_chunk, most = d * T;
  const auto len = [&](std::int64_t i) { return std::int64_t(m.row_ptr[i + 1]) - m.row_ptr[i]; };
  // The threads a row of n entries wants at d entries a thread.
  const auto wanted = [&](std::int64_t n) { return n <= d ? std::int64_t(1) : ceil_div(n, d); };
  ASSERT_EQ(l.threads, T);
  ASSERT_EQ(l.entries, nnz);
  ASSERT_EQ(l.part_entries, p.long_chunk * T);
  ASSERT_EQ(l.long_row, argcsr_long_row(p, nnz));
  ASSERT_EQ(std::int64_t(l.thread_start.size()), std::int64_t(m.rows) + l.count());
  if (m.rows == 0) {
    EXPECT_EQ(l.count(), 0);
  }
  std::int64_t next_row = 0, slots = 0, long_rows = 0;
  for (std::int64_t g = 0; g < l.count(); ++g) {
    const ArgcsrGroup& group = l.groups[std::size_t(g)];
    SCOPED_TRACE("group " + std::to_string(g));
    ASSERT_EQ(group.first_row, next_row);
    ASSERT_GE(group.rows, 1);
    ASSERT_LE(group.rows, T);
    ASSERT_EQ(group.offset, slots);
    const std::uint16_t* starts = l.starts(g);
    ASSERT_EQ(starts[0], 0);
    ASSERT_EQ(starts[group.rows], T);
    // A row longer than long_row: its parts in order, a group each, all T
    // threads, long_chunk * T entries each (the last the rest).
    if (len(next_row) > l.long_row) {
      ASSERT_EQ(group.rows, 1);
      ASSERT_EQ(group.parts, ceil_div(len(next_row), l.part_entries));
      for (std::int32_t k = 0; k < group.parts; ++k) {
        const ArgcsrGroup& part = l.groups[std::size_t(g + k)];
        ASSERT_EQ(part.first_row, next_row);
        ASSERT_EQ(part.rows, 1);
        ASSERT_EQ(part.part, k);
        ASSERT_EQ(part.parts, group.parts);
        ASSERT_EQ(part.offset, slots);
        ASSERT_EQ(l.starts(g + k)[0], 0);
        ASSERT_EQ(l.starts(g + k)[1], T);
        const std::int64_t entries = std::min(l.part_entries, len(next_row) - k * l.part_entries);
        ASSERT_EQ(part.chunk, ceil_div(entries, T)) << "part " << k;
        slots += std::int64_t(part.chunk) * T;
      }
      g += group.parts - 1;
      ++next_row;
      ++long_rows;
      continue;
    }
    ASSERT_EQ(group.part, 0);
    ASSERT_EQ(group.parts, 1);
    std::int64_t entries = 0, threads_wanted = 0;
    std::vector<std::int64_t> lengths;
    for (std::int64_t i = group.first_row; i < group.first_row + group.rows; ++i) {
      ASSERT_LE(len(i), l.long_row) << "a long row not cut into parts";
      lengths.push_back(len(i));
      entries += len(i);
      threads_wanted += wanted(len(i));
    }
    // Closed by the rules: within desired_chunk * T entries and T threads of
    // desired_chunk entries unless one row is longer (then alone), and only
    // because the next row would break them, is cut into parts or starts a
    // block.
    if (entries > most || threads_wanted > T) {
      EXPECT_EQ(group.rows, 1) << "a row longer than desired_chunk * T shares a group";
    }
    if (group.rows > 1) {
      EXPECT_LE(group.chunk, d) << "a chunk of a group of several rows above the desired chunk";
    }
    const std::int64_t after = group.first_row + group.rows;
    if (after < m.rows) {
      EXPECT_TRUE(group.rows == T || entries + len(after) > most || threads_wanted + wanted(len(after)) > T ||
                  len(after) > l.long_row || after % kArgcsrBlockRows == 0)
          << "closed early";
    }
    // Threads: prefix sums from 0 to T, each row at least one, as the rule says.
    std::vector<int> threads;
    for (int i = 0; i < group.rows; ++i) {
      ASSERT_LT(starts[i], starts[i + 1]) << "row " << i << " has no thread";
      threads.push_back(starts[i + 1] - starts[i]);
    }
    ASSERT_EQ(threads, literal_assignment(lengths, T));
    std::int64_t fullest = 0;
    for (int i = 0; i < group.rows; ++i) fullest = std::max(fullest, ceil_div(lengths[std::size_t(i)], threads[std::size_t(i)]));
    ASSERT_EQ(group.chunk, fullest);
    slots += std::int64_t(group.chunk) * T;
    next_row = after;
  }
  EXPECT_EQ(l.long_rows, long_rows);
  EXPECT_EQ(next_row, std::int64_t(m.rows));
  EXPECT_EQ(l.slots, slots);
  const std::size_t part_sums = long_rows ? l.groups.size() * (sizeof(V) + sizeof(unsigned)) : 0;
  EXPECT_EQ(l.device_bytes(sizeof(V), sizeof(I)), l.groups.size() * sizeof(ArgcsrGroup) + l.thread_start.size() * 2 +
                                                      std::size_t(slots) * (sizeof(V) + sizeof(I)) + part_sums);

  // The slot picture, values marking the entries (entry j holds j + 1).
  OwnedCsr<V, I> marked = m;
  for (std::size_t j = 0; j < marked.values.size(); ++j) marked.values[j] = V(j + 1);
  std::vector<I> cols(std::size_t(l.slots), I(7));
  std::vector<V> vals(std::size_t(l.slots), V(7));
  argcsr_fill_slots(l, marked.view(), cols.data(), vals.data());
  std::vector<int> seen(std::size_t(nnz), 0);
  for (std::int64_t g = 0; g < l.count(); ++g) {
    const ArgcsrGroup& group = l.groups[std::size_t(g)];
    const std::uint16_t* starts = l.starts(g);
    for (int i = 0; i < group.rows; ++i) {
      const std::int64_t row = group.first_row + i;
      const ArgcsrPiece span = argcsr_span(group, len(row), l.part_entries);
      std::int64_t next = m.row_ptr[row] + span.first;  // the group's entries of the row in thread order, slot order
      for (int t = starts[i]; t < starts[i + 1]; ++t) {
        bool padding = false;
        for (std::int64_t k = 0; k < group.chunk; ++k) {
          const std::size_t slot = std::size_t(group.offset + k * T + t);
          if (cols[slot] == I(-1)) {
            ASSERT_EQ(vals[slot], V(0)) << "padding slot " << slot << " has a value";
            padding = true;
            continue;
          }
          ASSERT_FALSE(padding) << "an entry after padding in thread " << t << " of group " << g;
          const std::int64_t j = std::int64_t(vals[slot]) - 1;
          ASSERT_EQ(j, next) << "thread " << t << " slot " << k << " of row " << row;
          ASSERT_EQ(cols[slot], m.col_idx[std::size_t(j)]);
          ++seen[std::size_t(j)];
          ++next;
        }
      }
      ASSERT_EQ(next, m.row_ptr[row] + span.first + span.count) << "row " << row << " not covered";
    }
  }
  for (std::int64_t j = 0; j < nnz; ++j) ASSERT_EQ(seen[std::size_t(j)], 1) << "entry " << j;
  // A host refill's map puts each entry where the fill does.
  const std::vector<std::uint32_t> slot_of_entry = argcsr_slot_of_entry(l, m.row_ptr.data());
  ASSERT_EQ(slot_of_entry.size(), std::size_t(nnz));
  for (std::int64_t j = 0; j < nnz; ++j) ASSERT_EQ(vals[slot_of_entry[std::size_t(j)]], V(j + 1)) << "entry " << j;
}

// The matrices of the layout and kernel tests: seeded random ones (empty and
// dense rows), power-law, circuit-like (a few very long rows among short
// ones), long rows only, and the edge cases.
template <class V, class I>
std::vector<OwnedCsr<V, I>> test_matrices() {
  std::vector<OwnedCsr<V, I>> list;
  for (std::uint64_t seed = 1; seed <= 4; ++seed)
    list.push_back(test::random_csr<V, I>({std::int64_t(37 + 113 * seed), std::int64_t(29 + 71 * seed), 0.02 * double(seed),
                                           0.1, std::int64_t(seed % 2), seed}));
  list.push_back(test::power_law_csr<V, I>(1500, 1200, 2.0, 1, 5));
  list.push_back(test::circuit_csr<V, I>(2000, 2000, 4, 700, 6));
  list.push_back(test::long_row_csr<V, I>(40, 3000, 100, 2500, 7));
  list.push_back(test::random_csr<V, I>({0, 0, 0, 0, 0, 8}));        // 0 x 0
  list.push_back(test::random_csr<V, I>({1, 1, 1, 0, 0, 9}));        // 1 x 1
  list.push_back(test::random_csr<V, I>({50, 40, 0, 0, 0, 10}));     // all rows empty
  list.push_back(test::random_csr<V, I>({64, 300, 0.01, 0.3, 1, 11}));  // a dense row, empty rows
  list.push_back(test::random_csr<V, I>({3, 5, 0.5, 0, 0, 12}));     // one group only
  list.push_back(test::random_csr<V, I>({2, 5000, 0.9, 0, 0, 13}));  // rows longer than desired_chunk * T
  list.push_back(test::random_csr<V, I>({1000, 2, 0.5, 0, 0, 14}));  // tall
  list.push_back(test::random_csr<V, I>({9, 0, 0, 0, 0, 15}));       // no columns
  return list;
}

TEST(ArgcsrLayout, InvariantsOnGeneratedMatrices) {
  for (const auto& m : test_matrices<double, std::int32_t>())
    for (const ArgcsrParams& p : kParamSets) check_layout(m, p);
  for (const auto& m : test_matrices<float, std::int64_t>())
    for (const ArgcsrParams& p : {params(32, 1), params(128, 1)}) check_layout(m, p);
}

// A row of a few hundred entries beside many short ones: the paper's rules
// (500 entries within desired_chunk * T = 512, 101 rows within T) put them in
// one group, and the long row then had the 28 threads its neighbours left,
// 15 entries each; the threads' rule closes the group before it.
TEST(ArgcsrLayout, AGroupClosesBeforeItsThreadsWouldCarryMoreThanTheDesiredChunk) {
  std::vector<std::int64_t> row_ptr = {0};
  for (int i = 0; i < 100; ++i) row_ptr.push_back(row_ptr.back() + 1);
  row_ptr.push_back(row_ptr.back() + 400);
  const ArgcsrLayout l = argcsr_build_layout<std::int64_t>(101, row_ptr.data(), params(128, 4, 8, 0));
  ASSERT_EQ(l.count(), 2);
  EXPECT_EQ(l.groups[0].rows, 100);
  EXPECT_EQ(l.groups[0].chunk, 1);
  EXPECT_EQ(l.groups[1].rows, 1);
  EXPECT_EQ(l.groups[1].chunk, ceil_div(400, 128));
}

// The desired chunk by the matrix: 2 under 256k nonzeros, 4 from there, 8
// from 512k when the rows not cut into parts vary little; as set otherwise.
TEST(ArgcsrLayout, DesiredChunkByTheMatrix) {
  ArgcsrParams p;
  EXPECT_EQ(argcsr_desired_chunk(p, 0, 0.0), 2);
  EXPECT_EQ(argcsr_desired_chunk(p, kArgcsrMidEntries - 1, 0.0), 2);
  EXPECT_EQ(argcsr_desired_chunk(p, kArgcsrMidEntries, 0.0), 4);
  EXPECT_EQ(argcsr_desired_chunk(p, kArgcsrRegularEntries - 1, 0.0), 4);
  EXPECT_EQ(argcsr_desired_chunk(p, kArgcsrRegularEntries, 0.0), 8);
  EXPECT_EQ(argcsr_desired_chunk(p, kArgcsrRegularEntries, 0.99), 8);
  EXPECT_EQ(argcsr_desired_chunk(p, kArgcsrRegularEntries, 1.0), 4);
  p.desired_chunk = 3;
  EXPECT_EQ(argcsr_desired_chunk(p, 0, 0.0), 3);
  EXPECT_EQ(argcsr_desired_chunk(p, kArgcsrRegularEntries, 5.0), 3);

  // Built: rows of `pattern`'s lengths in turn up to `entries` nonzeros, then
  // `long_rows` rows of 5000 (cut into parts below 1M nonzeros: long_row 4096).
  const auto chunk_of = [](std::vector<std::int64_t> pattern, std::int64_t entries, int long_rows) {
    std::vector<std::int64_t> row_ptr = {0};
    for (std::size_t k = 0; row_ptr.back() < entries; ++k)
      row_ptr.push_back(row_ptr.back() + pattern[k % pattern.size()]);
    for (int k = 0; k < long_rows; ++k) row_ptr.push_back(row_ptr.back() + 5000);
    const std::int64_t rows = std::int64_t(row_ptr.size()) - 1;
    return argcsr_build_layout<std::int64_t>(rows, row_ptr.data(), ArgcsrParams{}).desired_chunk;
  };
  EXPECT_EQ(chunk_of({6}, 200000, 0), 2);
  EXPECT_EQ(chunk_of({6}, 300000, 0), 4);
  EXPECT_EQ(chunk_of({6}, 600000, 0), 8);
  EXPECT_EQ(chunk_of({1, 1, 1, 33}, 600000, 0), 4);  // cv 1.54
  EXPECT_EQ(chunk_of({6}, 600000, 10), 8);           // the long rows do not count
}

// The row length from which rows are cut into parts: as set (never below a
// part), or by size: 4096 entries below 1M nonzeros, a part from there on.
TEST(ArgcsrLayout, LongRowBySize) {
  ArgcsrParams p;  // T 128, long_chunk 8: parts of 1024
  EXPECT_EQ(argcsr_long_row(p, 0), 4096);
  EXPECT_EQ(argcsr_long_row(p, 999999), 4096);
  EXPECT_EQ(argcsr_long_row(p, 1000000), 1024);
  p.long_chunk = 64;  // parts of 8192: never cut below a part
  EXPECT_EQ(argcsr_long_row(p, 10), 8192);
  p.long_row = 20000;
  EXPECT_EQ(argcsr_long_row(p, 10), 20000);
  EXPECT_EQ(argcsr_long_row(p, 100000000), 20000);
  p.long_row = 5;
  EXPECT_EQ(argcsr_long_row(p, 10), 8192);
  // A row of 3000 in a small matrix: one group (chunk ceil(3000 / 128) = 24)
  // by default; two parts of 1024 and one of 952 with long_row 1.
  const std::vector<std::int64_t> rows = {0, 3000, 3001};
  ArgcsrLayout l = argcsr_build_layout<std::int64_t>(2, rows.data(), ArgcsrParams{});
  ASSERT_EQ(l.count(), 2);
  EXPECT_EQ(l.groups[0].chunk, 24);
  EXPECT_EQ(l.long_rows, 0);
  l = argcsr_build_layout<std::int64_t>(2, rows.data(), params(128, 1, 8, 1));
  ASSERT_EQ(l.count(), 4);
  EXPECT_EQ(l.long_rows, 1);
  EXPECT_EQ(l.groups[2].chunk, ceil_div(3000 - 2048, 128));
}

TEST(ArgcsrLayout, GroupsCloseByEntriesOrRows) {
  // Rows of 3 with T = 32, chunk 1: ten rows (30 entries) a group, the 11th
  // would make 33.
  std::vector<std::int32_t> row_ptr(101);
  for (int i = 0; i <= 100; ++i) row_ptr[std::size_t(i)] = 3 * i;
  ArgcsrLayout l = argcsr_build_layout<std::int32_t>(100, row_ptr.data(), params(32, 1));
  ASSERT_EQ(l.count(), 10);
  for (const ArgcsrGroup& g : l.groups) {
    EXPECT_EQ(g.rows, 10);
    EXPECT_EQ(g.chunk, 1);  // 32 threads for 30 entries
  }
  // With chunk 4 (128 entries): 32 rows (96 entries) by the row limit.
  l = argcsr_build_layout<std::int32_t>(100, row_ptr.data(), params(32, 4));
  ASSERT_EQ(l.count(), 4);
  EXPECT_EQ(l.groups[0].rows, 32);
  EXPECT_EQ(l.groups[0].chunk, 3);
  EXPECT_EQ(l.groups[3].rows, 4);
  EXPECT_EQ(l.groups[3].chunk, 1);  // 4 rows of 3 over 32 threads
  // Rows of 2, 50, 1, 1 with T = 32: 50 > 32 is alone, its chunk ceil(50 / 32).
  const std::vector<std::int64_t> mixed = {0, 2, 52, 53, 54};
  l = argcsr_build_layout<std::int64_t>(4, mixed.data(), params(32, 1));
  ASSERT_EQ(l.count(), 3);
  EXPECT_EQ(l.groups[1].first_row, 1);
  EXPECT_EQ(l.groups[1].rows, 1);
  EXPECT_EQ(l.groups[1].chunk, 2);
  EXPECT_EQ(l.groups[2].rows, 2);
  EXPECT_EQ(l.slots, 32 * (1 + 2 + 1));
  EXPECT_EQ(l.thread_start, (std::vector<std::uint16_t>{0, 32, 0, 32, 0, 31, 32}));
  EXPECT_EQ(l.long_rows, 0);
  // With long_chunk 1 the row of 50 > 32 is cut into parts of 32 and 18, a
  // group each with all 32 threads; they share thread_start's {0, 32}, the
  // entry after them unused (32).
  l = argcsr_build_layout<std::int64_t>(4, mixed.data(), params(32, 1, 1));
  ASSERT_EQ(l.count(), 4);
  EXPECT_EQ(l.long_rows, 1);
  EXPECT_EQ(l.part_entries, 32);
  for (int k = 0; k < 2; ++k) {
    const ArgcsrGroup& part = l.groups[std::size_t(1 + k)];
    EXPECT_EQ(part.first_row, 1);
    EXPECT_EQ(part.rows, 1);
    EXPECT_EQ(part.chunk, 1);
    EXPECT_EQ(part.part, k);
    EXPECT_EQ(part.parts, 2);
    EXPECT_EQ(part.offset, 32 * (1 + k));
    const ArgcsrPiece span = argcsr_span(part, 50, l.part_entries);
    EXPECT_EQ(span.first, 32 * k);
    EXPECT_EQ(span.count, k == 0 ? 32 : 18);
  }
  EXPECT_EQ(l.groups[3].first_row, 2);
  EXPECT_EQ(l.groups[3].parts, 1);
  EXPECT_EQ(l.thread_start, (std::vector<std::uint16_t>{0, 32, 0, 32, 32, 0, 31, 32}));
  EXPECT_EQ(l.slots, 32 * 4);
  // 100 empty rows: groups of T rows, chunk 0, no slots.
  const std::vector<std::int32_t> empty(101, 0);
  l = argcsr_build_layout<std::int32_t>(100, empty.data(), params(32, 1));
  ASSERT_EQ(l.count(), 4);
  EXPECT_EQ(l.slots, 0);
  EXPECT_EQ(l.groups[3].rows, 4);
  EXPECT_EQ(l.groups[3].chunk, 0);
}

// From 2 x 2^17 rows on the blocks are laid out on the host's threads: every
// block's first row opens a group (whatever the machine), and the layout
// keeps every invariant, long rows included.
TEST(ArgcsrLayout, BlocksOfRowsOpenGroupsAndKeepTheInvariants) {
  std::vector<std::int64_t> lengths(3 * kArgcsrBlockRows + 1000);
  for (std::size_t r = 0; r < lengths.size(); ++r) lengths[r] = std::int64_t(r * 7919 % 5);
  lengths[kArgcsrBlockRows - 1] = 9000;  // a long row ending a block
  lengths[2 * kArgcsrBlockRows + 3] = 20000;
  const auto m = test::csr_of_lengths<double, std::int32_t>(lengths, 30000, 12);
  for (const ArgcsrParams& p : {ArgcsrParams{}, params(32, 2)}) {
    check_layout(m, p);
    const ArgcsrLayout l = argcsr_build_layout(m.rows, m.row_ptr.data(), p);
    for (std::int64_t b = 0; b < std::int64_t(m.rows); b += kArgcsrBlockRows)
      EXPECT_TRUE(std::any_of(l.groups.begin(), l.groups.end(), [&](const ArgcsrGroup& g) { return g.first_row == b; }))
          << "block at " << b;
  }
}

TEST(ArgcsrLayout, SlotOffsetsPastTwoToThe31AndChunksTooLarge) {
  // Padding takes the slots past the int32 range while the entries stay in it:
  // groups of one row of 1024 entries and 1023 empty rows (T = 1024 and a
  // desired chunk of 1024: every row a thread, chunk 1024), 2049 of them:
  // 2^31 + 2^20 slots for 2^21 entries.
  const std::int64_t groups = 2049, rows = groups * 1024;
  std::vector<std::int32_t> row_ptr(std::size_t(rows) + 1, 0);
  for (std::int64_t i = 0; i < rows; ++i) row_ptr[std::size_t(i) + 1] = row_ptr[std::size_t(i)] + (i % 1024 ? 0 : 1024);
  const ArgcsrLayout l = argcsr_build_layout<std::int32_t>(std::int32_t(rows), row_ptr.data(), params(1024, 1024));
  ASSERT_EQ(l.count(), groups);
  EXPECT_EQ(l.groups.back().chunk, 1024);
  EXPECT_EQ(l.groups.back().offset, (groups - 1) * 1024 * 1024);
  EXPECT_GT(l.groups.back().offset, std::int64_t(std::numeric_limits<std::int32_t>::max()));
  EXPECT_EQ(l.slots, groups * 1024 * 1024);
  EXPECT_EQ(l.entries, groups * 1024);
  EXPECT_NEAR(l.padding_fraction(), 1.0 - 1.0 / 1024, 1e-12);
  // A row of 2^40 entries in parts of 32 x 8: 2^32 parts, more blocks than a
  // launch can have: refused before the groups are made.
  const std::vector<std::int64_t> huge = {0, 5, std::int64_t(1) << 40};
  expect_error(ErrorKind::unsupported, [&] { argcsr_build_layout<std::int64_t>(2, huge.data(), params(32, 1)); },
               "2^32 parts");
}

// ---- the host kernel ------------------------------------------------------------

// The product through the slot picture, as the CUDA kernel walks it: each
// thread over its slots until the first column -1, then each row's tree, then
// a long row's part sums.
template <class V, class I>
std::vector<V> product_over_slots(const ArgcsrLayout& l, const CsrView<V, I>& a, V alpha, const std::vector<V>& x,
                                  V beta, std::vector<V> y) {
  std::vector<I> cols(static_cast<std::size_t>(l.slots));
  std::vector<V> vals(static_cast<std::size_t>(l.slots));
  argcsr_fill_slots(l, a, cols.data(), vals.data());
  const int T = l.threads;
  std::vector<V> partial(static_cast<std::size_t>(T)), part_sums(static_cast<std::size_t>(l.count()));
  for (std::int64_t g = 0; g < l.count(); ++g) {
    const ArgcsrGroup& group = l.groups[std::size_t(g)];
    for (int t = 0; t < T; ++t) {
      V sum = V(0);
      for (std::int64_t k = 0; k < group.chunk; ++k) {
        const std::size_t slot = std::size_t(group.offset + k * T + t);
        if (cols[slot] < 0) break;
        sum += vals[slot] * x[std::size_t(cols[slot])];
      }
      partial[std::size_t(t)] = sum;
    }
    const std::uint16_t* starts = l.starts(g);
    for (int s = 1; s < T; s *= 2)  // all rows' trees step by step, as the block does
      for (int t = 0; t < T; ++t) {
        const int i = argcsr_row_of_thread(starts, group.rows, t), lane = t - starts[i];
        if (lane % (2 * s) == 0 && lane + s < starts[i + 1] - starts[i]) partial[std::size_t(t)] += partial[std::size_t(t + s)];
      }
    if (group.parts > 1) {  // a long row's part: its sum kept; the last part adds them all
      part_sums[std::size_t(g)] = partial[0];
      if (group.part + 1 < group.parts) continue;
      const std::size_t first = std::size_t(g - group.part);
      for (int t = 0; t < T; ++t) {
        V sum = V(0);
        for (int k = t; k < group.parts; k += T) sum += part_sums[first + std::size_t(k)];
        partial[std::size_t(t)] = sum;
      }
      for (int s = 1; s < T; s *= 2)
        for (int t = 0; t + s < T; t += 2 * s) partial[std::size_t(t)] += partial[std::size_t(t + s)];
      V& out = y[std::size_t(group.first_row)];
      out = detail::scaled_update(alpha, partial[0], beta, out);
      continue;
    }
    for (int i = 0; i < group.rows; ++i) {
      V& out = y[std::size_t(group.first_row + i)];
      out = detail::scaled_update(alpha, partial[starts[i]], beta, out);
    }
  }
  return y;
}

template <class P>
class ArgcsrReference : public ::testing::Test {
 public:
  using V = typename P::first_type;
  using I = typename P::second_type;

  // The host kernel against csr_reference_apply (within the error bound; the
  // same bits for integer values, whose sums are exact) and against the walk
  // over the slot picture (the same bits), each (op, alpha, beta).
  void check(const OwnedCsr<V, I>& m, const ArgcsrParams& p, std::uint64_t seed) {
    SCOPED_TRACE(describe(p) + ", " + std::to_string(m.rows) + "x" + std::to_string(m.cols));
    ArgcsrHostFormat<V, I> f(p);
    f.build(m.view());
    for (Op op : {Op::plain, Op::transpose}) {
      const bool t = op == Op::transpose;
      const auto x = test::random_vector<V>(std::size_t(t ? m.rows : m.cols), seed);
      const auto y0 = test::random_vector<V>(std::size_t(t ? m.cols : m.rows), seed + 1);
      for (auto [alpha, beta] : {std::pair<V, V>{1, 0}, {1, 1}, {V(-2.5), V(0.5)}, {0, 2}}) {
        SCOPED_TRACE("op " + std::to_string(int(op)) + " alpha " + test::to_text(alpha) + " beta " +
                     test::to_text(beta));
        auto got = y0, expect = y0;
        f.apply(op, alpha, x.data(), beta, got.data());
        csr_reference_apply(m.view(), op, alpha, x.data(), beta, expect.data());
        const double bound = 2 * test::error_bound(m.view(), t, alpha, x, beta, y0);
        for (std::size_t r = 0; r < got.size(); ++r)
          ASSERT_LE(test::distance(got[r], expect[r]), bound) << "row " << r;
        if (!t) {
          ASSERT_TRUE(same_bits(got, product_over_slots(f.layout(), m.view(), alpha, x, beta, y0)));
        }
      }
    }
    // Small integers: every sum exact whatever the order, so the same bits as CSR.
    OwnedCsr<V, I> n = m;
    for (std::size_t j = 0; j < n.values.size(); ++j) n.values[j] = V(int(j % 7) - 3);
    f.refill(n.view());
    std::vector<V> x(std::size_t(m.cols)), y0(std::size_t(m.rows));
    for (std::size_t c = 0; c < x.size(); ++c) x[c] = V(int(c % 5) - 2);
    for (std::size_t r = 0; r < y0.size(); ++r) y0[r] = V(int(r % 3));
    for (auto [alpha, beta] : {std::pair<V, V>{1, 0}, {1, 1}, {2, -1}}) {
      auto got = y0, expect = y0;
      f.apply(Op::plain, alpha, x.data(), beta, got.data());
      csr_reference_apply(n.view(), Op::plain, alpha, x.data(), beta, expect.data());
      ASSERT_EQ(got, expect) << "integer values, alpha " << alpha << " beta " << beta;
    }
  }
};

using test::TypePairs;
TYPED_TEST_SUITE(ArgcsrReference, TypePairs);

TYPED_TEST(ArgcsrReference, GeneratedMatricesAndEdgeCasesForEveryParameterSet) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  std::uint64_t seed = 100;
  for (const auto& m : test_matrices<V, I>())
    for (const ArgcsrParams& p : kParamSets) this->check(m, p, ++seed);
}

TYPED_TEST(ArgcsrReference, NanAndInfPropagateAsInCsrAndBetaZeroIgnoresY) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  const V nan = test::nan<V>(), inf = test::inf<V>();
  // A long row (split over threads), short rows sharing a group, an empty row.
  auto m = test::csr_of_lengths<V, I>({300, 2, 3, 0, 1, 5}, 400, 3);
  for (const ArgcsrParams& p : {params(32, 1), params(128, 1), params(32, 8), params(32, 1, 1)}) {
    SCOPED_TRACE(describe(p));
    ArgcsrHostFormat<V, I> f(p);
    f.build(m.view());
    // beta == 0: y is not read, NaN there stays out.
    const auto x = test::random_vector<V>(std::size_t(m.cols), 4);
    std::vector<V> y(std::size_t(m.rows), nan);
    f.apply(Op::plain, V(1), x.data(), V(0), y.data());
    for (std::size_t r = 0; r < y.size(); ++r) EXPECT_TRUE(test::is_finite(y[r])) << "row " << r;
    EXPECT_EQ(y[3], V(0));  // the empty row
    std::vector<V> yt(std::size_t(m.cols), nan);
    const auto xt = test::random_vector<V>(std::size_t(m.rows), 5);
    f.apply(Op::transpose, V(1), xt.data(), V(0), yt.data());
    for (V v : yt) EXPECT_TRUE(test::is_finite(v));
    // NaN and Inf in the matrix (a middle piece of the long row, a short row)
    // and in x (a column of some rows): where CSR has them.
    auto n = m;
    n.values[150] = nan;
    n.values[std::size_t(n.row_ptr[2])] = inf;
    n.values[std::size_t(n.row_ptr[4])] = -inf;
    f.refill(n.view());
    auto xn = x;
    xn[std::size_t(n.col_idx[std::size_t(n.row_ptr[5]) + 2])] = nan;
    for (const auto& xv : {x, xn}) {
      std::vector<V> got(std::size_t(m.rows), nan), expect(std::size_t(m.rows), nan);
      f.apply(Op::plain, V(1), xv.data(), V(0), got.data());
      csr_reference_apply(n.view(), Op::plain, V(1), xv.data(), V(0), expect.data());
      for (std::size_t r = 0; r < got.size(); ++r) {
        EXPECT_EQ(test::is_nan(got[r]), test::is_nan(expect[r])) << "row " << r;
        EXPECT_EQ(test::is_inf(got[r]), test::is_inf(expect[r])) << "row " << r;
        if (test::is_inf(expect[r])) {
          EXPECT_EQ(got[r], expect[r]) << "row " << r;
        }
      }
      EXPECT_TRUE(test::is_nan(got[0]));
      EXPECT_TRUE(test::is_inf(got[2]));
      EXPECT_TRUE(test::is_finite(got[3]));
    }
  }
}

TEST(ArgcsrFormat, StatesItsCapabilitiesBytesAndLayout) {
  const auto m = test::random_csr<double, std::int32_t>({500, 400, 0.05, 0.1, 1, 3});
  FormatContext ctx;  // default tuning: the paper's T = 128, chunk 1
  auto f = make_host_format<double, std::int32_t>(FormatId::argcsr, ctx);
  f->build(m.view());
  EXPECT_FALSE(f->capabilities().transpose);  // the core's cuSPARSE fallback
  EXPECT_FALSE(f->capabilities().row_map);
  EXPECT_FALSE(f->capabilities().row_ranges);
  const auto& a = dynamic_cast<const ArgcsrHostFormat<double, std::int32_t>&>(*f);
  const ArgcsrLayout& l = a.layout();
  EXPECT_EQ(f->extra_host_bytes(), l.groups.size() * sizeof(ArgcsrGroup) + l.thread_start.size() * 2);
  // Its own arrays with their padding, and the CSR arrays the fill reads (no
  // prefetch here).
  EXPECT_GE(l.slots, l.entries);
  const std::size_t own = l.device_bytes(8, 4), csr = 501 * 4 + m.values.size() * 12;
  EXPECT_GE(own, std::size_t(l.slots) * 12);
  EXPECT_EQ(f->device_bytes_needed(), own + csr);
  const std::vector<std::string> lines = f->describe();
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_NE(lines[0].find(std::to_string(l.count()) + " row groups of T = 128 threads"), std::string::npos) << lines[0];
  // A small matrix: rows cut from 4096 entries on (argcsr_long_row), into parts of 1024.
  EXPECT_NE(lines[1].find("0 rows of more than 4096 entries cut into 0 parts of 1024"), std::string::npos) << lines[1];
  EXPECT_NE(lines[2].find("chunks of at most"), std::string::npos) << lines[2];
  EXPECT_NE(lines[2].find("padding"), std::string::npos) << lines[2];
  // A row of 5000 entries: 5 parts of 1024, 1024, 1024, 1024 and 904.
  auto long_row = test::csr_of_lengths<double, std::int32_t>({3, 5000, 7}, 6000, 4);
  f->build(long_row.view());
  EXPECT_NE(f->describe()[1].find("1 rows of more than 4096 entries cut into 5 parts of 1024 (long chunk 8)"),
            std::string::npos)
      << f->describe()[1];
#if !AIJADAPTIVE_HAVE_CUDA
  expect_error(ErrorKind::unsupported, [&] { f->upload(nullptr); }, "an upload without CUDA");
#endif
}

}  // namespace
}  // namespace aijadaptive
