// Format `ipcsr` on the host: SHARED_SIZE and the decision tree, its tuning
// parameters, the row-block builder's invariants, and the host kernel (which
// walks the same blocks as the CUDA kernel) against csr_reference_apply on
// seeded matrices and edge cases.
#include <aijadaptive/device.hpp>
#include <aijadaptive/errors.hpp>
#include <aijadaptive/formats/csr.hpp>
#include <aijadaptive/formats/ipcsr.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "random_csr.hpp"
#include "type_pairs.hpp"

namespace aijadaptive {
namespace {

using test::OwnedCsr;
using test::RandomShape;

IpcsrParams params(int t, std::int64_t s, IpcsrLongRows long_rows = IpcsrLongRows::split) {
  IpcsrParams p;
  p.block_threads = t;
  p.shared_size = s;
  p.long_rows = long_rows;
  return p;
}

std::string describe(const IpcsrParams& p) {
  return "T " + std::to_string(p.block_threads) + " SHARED_SIZE " + std::to_string(p.shared_size) +
         (p.long_rows == IpcsrLongRows::split ? " split" : " whole");
}

// Small SHARED_SIZE values force long rows (and many chunks) on small matrices.
IpcsrParams min_threads(IpcsrParams p, int t) {
  p.min_threads_per_row = t;
  return p;
}

IpcsrParams balance(IpcsrParams p, int b) {
  p.balance = b;
  return p;
}

const IpcsrParams kParamSets[] = {
    params(32, 16), params(64, 40, IpcsrLongRows::whole), params(96, 7), params(256, 3456),
    params(256, 64, IpcsrLongRows::whole), params(1024, 100000), params(32, 1),
    min_threads(params(256, 3456), 4), min_threads(params(128, 50), 32),
    balance(params(256, 3456), 8), balance(params(64, 200), 1), balance(params(32, 40, IpcsrLongRows::whole), 2)};

TEST(IpcsrDecisionTree, LargestPowerOfTwoNotAboveMin32AndTOverR) {
  EXPECT_EQ(ipcsr_threads_per_row(1, 256), 32);
  EXPECT_EQ(ipcsr_threads_per_row(8, 256), 32);
  EXPECT_EQ(ipcsr_threads_per_row(9, 256), 16);    // 256 / 9 = 28
  EXPECT_EQ(ipcsr_threads_per_row(100, 256), 2);   // 2.56
  EXPECT_EQ(ipcsr_threads_per_row(129, 256), 1);   // 1.98: scalar
  EXPECT_EQ(ipcsr_threads_per_row(256, 256), 1);
  EXPECT_EQ(ipcsr_threads_per_row(4, 96), 16);     // 24
  EXPECT_EQ(ipcsr_threads_per_row(32, 32), 1);
  EXPECT_EQ(ipcsr_threads_per_row(2, 1024), 32);
  static_assert(ipcsr_threads_per_row(3, 128) == 32);  // usable at compile time
}

TEST(IpcsrSharedSize, FollowsThePaperFormulaWithHopperDefaults) {
  const DeviceInfo hopper = hopper_device_info();  // 228 KB/SM, 2048 threads/SM, 32 blocks/SM
  // T = 256: 8 blocks per SM, 233472 / 8 = 29184 bytes, less 1024 reserved and
  // 512 static = 27648 bytes of staging.
  EXPECT_EQ(ipcsr_shared_size(hopper, 256, sizeof(double)), 3456);
  EXPECT_EQ(ipcsr_shared_size(hopper, 256, sizeof(float)), 6912);  // twice as many in float
  EXPECT_EQ(ipcsr_shared_size(hopper, 128, sizeof(double)), 1632);   // 16 blocks per SM
  EXPECT_EQ(ipcsr_shared_size(hopper, 1024, sizeof(double)), 14400); // 2 blocks per SM
  EXPECT_EQ(ipcsr_shared_size(hopper, 32, sizeof(double)), 720);     // 32 blocks per SM (cap)
  EXPECT_EQ(ipcsr_shared_size(hopper, 256, sizeof(double), 0.5), 1632);
  // complex double: 16 bytes a value and 1024 bytes of static scratch (27136 / 16).
  EXPECT_EQ(ipcsr_shared_size(hopper, 256, 2 * sizeof(double)), 1696);
  // Whatever T: blocks_per_sm blocks with their overheads fit on one SM.
  for (int t = 32; t <= 1024; t += 32)
    for (std::size_t bytes : {sizeof(float), sizeof(double), 2 * sizeof(double)}) {
      const std::int64_t per_sm = std::min<std::int64_t>(2048 / t, 32);
      const std::int64_t s = ipcsr_shared_size(hopper, t, bytes);
      EXPECT_LE(per_sm * (s * std::int64_t(bytes) + 1024 + ipcsr_static_shared_bytes(bytes)), hopper.shared_per_sm) << t;
      EXPECT_LE(s * std::int64_t(bytes) + ipcsr_static_shared_bytes(bytes), hopper.shared_per_block) << t;
    }
  // A device that allows few blocks per SM gives each block more.
  DeviceInfo few = hopper;
  few.max_blocks_per_sm = 4;
  EXPECT_EQ(ipcsr_shared_size(few, 64, sizeof(double)), (233472 / 4 - 1536) / 8);
  EXPECT_THROW(ipcsr_shared_size(hopper, 256, sizeof(double), 0.0), Error);
  EXPECT_THROW(ipcsr_shared_size(hopper, 256, sizeof(double), 1.5), Error);
  EXPECT_THROW(ipcsr_shared_size(hopper, 256, sizeof(double), 1e-4), Error);  // nothing left
}

TEST(IpcsrParams, TunedDefaultsAndTheUsersSettings) {
  const DeviceInfo hopper = hopper_device_info();
  IpcsrParams p = ipcsr_params(TuningParams{}, hopper, sizeof(double));
  EXPECT_EQ(p.block_threads, 128);  // measured on the H200 (tuning.hpp)
  EXPECT_EQ(p.long_rows, IpcsrLongRows::split);
  EXPECT_EQ(p.min_threads_per_row, 1);
  EXPECT_EQ(p.balance, 8);
  EXPECT_EQ(p.stream_loads, -1);
  EXPECT_EQ(p.unroll, 8);
  EXPECT_EQ(p.shared_size, 720);  // 0.5 of Hopper's shared memory, T = 128: 16 blocks per SM
  // unroll's default: 4 for complex double (16-byte values), unless set.
  EXPECT_EQ(ipcsr_params(TuningParams{}, hopper, 16).unroll, 4);
  EXPECT_EQ(ipcsr_params(TuningParams{}, hopper, sizeof(float)).unroll, 8);
  {
    TuningParams eight;
    eight.set("ipcsr.unroll=8");
    EXPECT_EQ(ipcsr_params(eight, hopper, 16).unroll, 8);
  }
  TuningParams t;
  for (const char* a : {"ipcsr.block_threads=128", "ipcsr.shared_fraction=0.5", "ipcsr.long_rows=whole",
                        "ipcsr.min_threads_per_row=4", "ipcsr.balance=0", "ipcsr.stream_loads=always",
                        "ipcsr.unroll=4"})
    t.set(a);
  p = ipcsr_params(t, hopper, sizeof(float));
  EXPECT_EQ(p.balance, 0);
  EXPECT_EQ(p.stream_loads, 1);
  EXPECT_EQ(p.unroll, 4);
  EXPECT_EQ(p.block_threads, 128);
  EXPECT_EQ(p.min_threads_per_row, 4);
  EXPECT_EQ(p.long_rows, IpcsrLongRows::whole);
  EXPECT_EQ(p.shared_size, ipcsr_shared_size(hopper, 128, sizeof(float), 0.5));
  t.set("ipcsr.stream_loads=never");
  EXPECT_EQ(ipcsr_params(t, hopper, sizeof(float)).stream_loads, 0);
  // The device's limits, not the host's guess: fewer blocks per SM, more each.
  DeviceInfo few = hopper;
  few.max_blocks_per_sm = 2;
  EXPECT_GT(ipcsr_params(TuningParams{}, few, sizeof(double)).shared_size, 720);
  // A fraction too small to stage anything is refused when the parameters are made.
  t.set("ipcsr.shared_fraction=0.01");
  t.set("ipcsr.block_threads=32");
  EXPECT_THROW(ipcsr_params(t, hopper, sizeof(double)), Error);
  {
    IpcsrParams q = params(256, 10);
    q.balance = -1;
    EXPECT_THROW(ipcsr_check_params(q), Error);
    q = params(256, 10);
    q.unroll = 2;
    EXPECT_THROW(ipcsr_check_params(q), Error);
  }
  EXPECT_THROW(ipcsr_check_params(params(0, 10)), Error);
  EXPECT_THROW(ipcsr_check_params(params(48, 10)), Error);
  EXPECT_THROW(ipcsr_check_params(params(2048, 10)), Error);
  EXPECT_THROW(ipcsr_check_params(params(256, 0)), Error);
  EXPECT_THROW((IpcsrHostFormat<double, std::int32_t>(params(256, 0), hopper)), Error);
}

TEST(IpcsrFormat, StatesItsCapabilitiesBytesAndLayout) {
  const auto m = test::random_csr<double, std::int32_t>({500, 400, 0.05, 0.1, 1, 3});
  FormatContext ctx;  // Hopper's limits, default tuning
  auto f = make_host_format<double, std::int32_t>(FormatId::ipcsr, ctx);
  f->build(m.view());
  EXPECT_TRUE(f->capabilities().transpose);  // cuSPARSE on its own arrays
  EXPECT_TRUE(f->capabilities().row_map);
  const auto& ip = dynamic_cast<const IpcsrHostFormat<double, std::int32_t>&>(*f);
  const std::size_t csr_bytes = 501 * 4 + m.values.size() * 12;
  EXPECT_GE(f->device_bytes_needed(), csr_bytes + ip.extra_host_bytes());
  EXPECT_LE(f->device_bytes_needed(), csr_bytes + csr_bytes / 50 + ip.extra_host_bytes());
  ASSERT_EQ(f->describe().size(), 1u);
  EXPECT_NE(f->describe()[0].find(std::to_string(ip.blocks().count()) + " row blocks"), std::string::npos)
      << f->describe()[0];
}

// ---- the builder --------------------------------------------------------------

// Every row in exactly one block, in order; blocks tile the entries; a staged
// block holds at most SHARED_SIZE entries and T / min_threads_per_row rows
// (so every row gets at least min_threads_per_row threads) and closed only because
// the next row would not fit; a long row's blocks cover it exactly.
template <class I>
void check_blocks(I rows, const std::vector<I>& row_ptr, const IpcsrParams& p) {
  SCOPED_TRACE(describe(p) + ", rows " + std::to_string(rows));
  const IpcsrBlocks<I> b = ipcsr_build_blocks(rows, row_ptr.data(), p);
  const std::int64_t S = p.shared_size, T = p.max_rows(), n = b.count();
  const std::int64_t nnz = rows > 0 ? row_ptr[rows] : 0;
  auto len = [&](std::int64_t i) { return std::int64_t(row_ptr[i + 1]) - row_ptr[i]; };
  // The slowest row reduction of rows [i, i + r) in one staged block, and the
  // most the balance limit allows (none without a limit).
  auto reduce_reads = [&](std::int64_t i, std::int64_t r) {
    const std::int64_t t = ipcsr_threads_per_row(r, p.block_threads);
    std::int64_t longest = 0;
    for (std::int64_t j = i; j < i + r; ++j) longest = std::max(longest, len(j));
    return (longest + t - 1) / t;
  };
  const std::int64_t most_reads = p.balance == 0 ? std::numeric_limits<std::int64_t>::max()
                                                 : p.balance * ((S + p.block_threads - 1) / p.block_threads);
  ASSERT_EQ(b.row.size(), b.nnz.size());
  ASSERT_GE(n, 0);
  ASSERT_EQ(b.row.front(), 0);
  ASSERT_EQ(b.nnz.front(), 0);
  ASSERT_EQ(b.row.back(), rows);
  ASSERT_EQ(b.nnz.back(), nnz);
  if (rows == 0) {
    EXPECT_EQ(n, 0);
  }
  std::int64_t next_row = 0, long_rows = 0, chunk_blocks = 0;
  for (std::int64_t k = 0; k < n;) {
    const std::int64_t i = b.row[k];
    ASSERT_EQ(i, next_row) << "block " << k;
    ASSERT_LT(i, rows) << "block " << k;
    if (len(i) > S) {  // a long row
      ++long_rows;
      const std::int64_t pieces = p.long_rows == IpcsrLongRows::split ? (len(i) + S - 1) / S : 1;
      if (p.long_rows == IpcsrLongRows::split) {
        ASSERT_GE(pieces, 2);
      }
      for (std::int64_t c = 0; c < pieces; ++c) {
        ASSERT_LT(k + c, n);
        EXPECT_EQ(b.row[k + c], i) << "chunk " << c << " of row " << i;
        EXPECT_EQ(b.nnz[k + c], row_ptr[i] + c * S) << "chunk " << c << " of row " << i;
        EXPECT_EQ(b.row[k + c + 1], c + 1 == pieces ? i + 1 : i);
      }
      EXPECT_EQ(b.nnz[k + pieces], row_ptr[i + 1]) << "row " << i << " not covered exactly";
      if (pieces > 1) chunk_blocks += pieces;
      k += pieces;
      next_row = i + 1;
      continue;
    }
    const std::int64_t r = std::int64_t(b.row[k + 1]) - i;
    ASSERT_GE(r, 1) << "block " << k;
    ASSERT_LE(r, T) << "block " << k;
    ASSERT_GE(ipcsr_threads_per_row(r, p.block_threads), p.min_threads_per_row) << "block " << k;
    ASSERT_EQ(b.nnz[k], row_ptr[i]);
    ASSERT_EQ(b.nnz[k + 1], row_ptr[i + r]);
    EXPECT_LE(std::int64_t(b.nnz[k + 1]) - b.nnz[k], S) << "block " << k;
    for (std::int64_t j = i; j < i + r; ++j) ASSERT_LE(len(j), S) << "long row " << j << " shares a block";
    // Balanced: only a block of one row may exceed the limit.
    if (r >= 2) {
      EXPECT_LE(reduce_reads(i, r), most_reads) << "block " << k;
    }
    // Greedy: the block closed because the next (short) row would not fit or
    // would break the balance limit.
    const std::int64_t after = i + r;
    if (after < rows && len(after) <= S) {
      EXPECT_TRUE(r == T || std::int64_t(b.nnz[k + 1]) - b.nnz[k] + len(after) > S ||
                  reduce_reads(i, r + 1) > most_reads)
          << "block " << k << " closed early";
    }
    next_row = after;
    ++k;
  }
  EXPECT_EQ(next_row, rows);
  EXPECT_EQ(long_rows, b.long_rows);
  EXPECT_EQ(chunk_blocks, b.chunk_blocks);
}

TEST(IpcsrBlocks, ThePapersExample) {
  // 128 rows of 16 entries, SHARED_SIZE 1024: two blocks of 64 rows. With 32
  // entries in the first row: 63, 64 and 1 rows.
  std::vector<std::int32_t> row_ptr(129);
  for (int i = 0; i <= 128; ++i) row_ptr[i] = 16 * i;
  IpcsrBlocks<std::int32_t> b = ipcsr_build_blocks(128, row_ptr.data(), params(256, 1024));
  EXPECT_EQ(b.row, (std::vector<std::int32_t>{0, 64, 128}));
  for (int i = 1; i <= 128; ++i) row_ptr[i] = 16 * i + 16;
  b = ipcsr_build_blocks(128, row_ptr.data(), params(256, 1024));
  EXPECT_EQ(b.row, (std::vector<std::int32_t>{0, 63, 127, 128}));
  EXPECT_EQ(b.long_rows, 0);
  check_blocks<std::int32_t>(128, row_ptr, params(256, 1024));
}

TEST(IpcsrBlocks, RowLimitAndLongRowsSplitOrWhole) {
  // 10 empty rows with T = 32: one block; 100 rows: 32, 32, 32, 4.
  std::vector<std::int64_t> empty(101, 0);
  EXPECT_EQ(ipcsr_build_blocks<std::int64_t>(10, empty.data(), params(32, 8)).count(), 1);
  EXPECT_EQ(ipcsr_build_blocks<std::int64_t>(100, empty.data(), params(32, 8)).row,
            (std::vector<std::int64_t>{0, 32, 64, 96, 100}));
  // Rows of 3, 20, 8, 9 entries with SHARED_SIZE 8: 20 and 9 are long.
  const std::vector<std::int64_t> row_ptr = {0, 3, 23, 31, 40};
  IpcsrBlocks<std::int64_t> split = ipcsr_build_blocks<std::int64_t>(4, row_ptr.data(), params(32, 8));
  EXPECT_EQ(split.row, (std::vector<std::int64_t>{0, 1, 1, 1, 2, 3, 3, 4}));
  EXPECT_EQ(split.nnz, (std::vector<std::int64_t>{0, 3, 11, 19, 23, 31, 39, 40}));
  EXPECT_EQ(split.long_rows, 2);
  EXPECT_EQ(split.chunk_blocks, 5);
  IpcsrBlocks<std::int64_t> whole =
      ipcsr_build_blocks<std::int64_t>(4, row_ptr.data(), params(32, 8, IpcsrLongRows::whole));
  EXPECT_EQ(whole.row, (std::vector<std::int64_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(whole.nnz, (std::vector<std::int64_t>{0, 3, 23, 31, 40}));
  EXPECT_EQ(whole.chunk_blocks, 0);
  // A row of exactly SHARED_SIZE entries is not long.
  const std::vector<std::int64_t> exact = {0, 8, 16};
  EXPECT_EQ(ipcsr_build_blocks<std::int64_t>(2, exact.data(), params(32, 8)).long_rows, 0);
  EXPECT_EQ(ipcsr_build_blocks<std::int64_t>(2, exact.data(), params(32, 8)).count(), 2);
}

TEST(IpcsrBlocks, MinimumThreadsPerRowCapsTheRowsOfABlock) {
  // 100 empty rows, T = 64: one thread per row allows 64 rows a block; four
  // threads per row, 16.
  std::vector<std::int32_t> empty(101, 0);
  IpcsrParams p = params(64, 8);
  EXPECT_EQ(ipcsr_build_blocks<std::int32_t>(100, empty.data(), p).row,
            (std::vector<std::int32_t>{0, 64, 100}));
  p.min_threads_per_row = 4;
  EXPECT_EQ(p.max_rows(), 16);
  const IpcsrBlocks<std::int32_t> b = ipcsr_build_blocks<std::int32_t>(100, empty.data(), p);
  EXPECT_EQ(b.row, (std::vector<std::int32_t>{0, 16, 32, 48, 64, 80, 96, 100}));
  check_blocks<std::int32_t>(100, empty, p);
  p.min_threads_per_row = 3;
  EXPECT_THROW(ipcsr_build_blocks<std::int32_t>(100, empty.data(), p), Error);
}

TEST(IpcsrBlocks, BalanceKeepsARowMuchLongerThanItsNeighboursInASmallBlock) {
  // 200 rows of 9 with one row of 1463 at 100 (hangGlider_2 in small): T = 512,
  // SHARED_SIZE 3456. Without a limit, one block of 200 rows, t = 2: the long
  // row takes 732 reads by one thread, for 4 staging trips. With balance 8 (at
  // most 8 * 7 = 56 reads): rows 0-99, then the long row with 15 more (t = 32,
  // 46 reads), then the rest.
  std::vector<std::int32_t> row_ptr(201);
  for (int i = 0; i < 200; ++i) row_ptr[i + 1] = row_ptr[i] + (i == 100 ? 1463 : 9);
  IpcsrParams p = params(512, 3456);
  EXPECT_EQ(ipcsr_build_blocks(200, row_ptr.data(), p).row, (std::vector<std::int32_t>{0, 200}));
  p.balance = 8;
  const IpcsrBlocks<std::int32_t> b = ipcsr_build_blocks(200, row_ptr.data(), p);
  EXPECT_EQ(b.row, (std::vector<std::int32_t>{0, 100, 116, 200}));
  EXPECT_EQ(b.long_rows, 0);
  check_blocks<std::int32_t>(200, row_ptr, p);
  // A row of 200 among rows of 5 stays in a staged block that keeps t >= 4
  // (200 / 4 = 50 reads <= 56): at most 128 rows.
  for (int i = 0; i < 200; ++i) row_ptr[i + 1] = row_ptr[i] + (i == 0 ? 200 : 5);
  const IpcsrBlocks<std::int32_t> medium = ipcsr_build_blocks(200, row_ptr.data(), p);
  EXPECT_EQ(medium.row, (std::vector<std::int32_t>{0, 128, 200}));
  check_blocks<std::int32_t>(200, row_ptr, p);
}

TEST(IpcsrBlocks, InvariantsOnGeneratedMatrices) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    RandomShape s;
    s.rows = 50 + 211 * seed;
    s.cols = 20 + 97 * seed;
    s.density = 0.015 * seed;
    s.empty_row_fraction = 0.15;
    s.dense_rows = seed % 3;
    s.seed = seed;
    const auto m32 = test::random_csr<double, std::int32_t>(s);
    const auto m64 = test::random_csr<float, std::int64_t>(s);
    for (const IpcsrParams& p : kParamSets) {
      check_blocks(m32.rows, m32.row_ptr, p);
      check_blocks(m64.rows, m64.row_ptr, p);
    }
  }
  const std::vector<std::int32_t> none = {0};
  for (const IpcsrParams& p : kParamSets) check_blocks<std::int32_t>(0, none, p);
}

// ---- the host kernel ------------------------------------------------------------

template <class P>
class IpcsrReference : public ::testing::Test {
 public:
  using V = typename P::first_type;
  using I = typename P::second_type;

  // The ipcsr host kernel against csr_reference_apply for each (op, alpha, beta).
  void check(const OwnedCsr<V, I>& m, const IpcsrParams& p, std::uint64_t seed) {
    SCOPED_TRACE(describe(p) + ", " + std::to_string(m.rows) + "x" + std::to_string(m.cols));
    IpcsrHostFormat<V, I> f(p, hopper_device_info());
    f.build(m.view());
    EXPECT_EQ(f.extra_host_bytes(), 2 * f.blocks().row.size() * sizeof(I));
    for (Op op : {Op::plain, Op::transpose}) {
      const bool t = op == Op::transpose;
      const auto x = test::random_vector<V>(std::size_t(t ? m.rows : m.cols), seed);
      const auto y0 = test::random_vector<V>(std::size_t(t ? m.cols : m.rows), seed + 1);
      for (auto [alpha, beta] : {std::pair<V, V>{1, 0}, {1, 1}, {V(-2.5), V(0.5)}, {0, 2}}) {
        auto got = y0, expect = y0;
        f.apply(op, alpha, x.data(), beta, got.data());
        csr_reference_apply(m.view(), op, alpha, x.data(), beta, expect.data());
        if (f.blocks().chunk_blocks == 0) {
          // Whole rows are summed left to right, as CSR does: the same bits.
          ASSERT_EQ(got, expect) << "op " << int(op) << " alpha " << alpha << " beta " << beta;
          continue;
        }
        const double bound = 2 * test::error_bound(m.view(), t, alpha, x, beta, y0);
        for (std::size_t r = 0; r < got.size(); ++r)
          ASSERT_LE(test::distance(got[r], expect[r]), bound)
              << "row " << r << " op " << int(op) << " alpha " << alpha << " beta " << beta;
      }
    }
  }

  void check_all_params(const RandomShape& s, std::uint64_t seed) {
    const auto m = test::random_csr<V, I>(s);
    for (const IpcsrParams& p : kParamSets) check(m, p, seed);
  }
};

using test::TypePairs;
TYPED_TEST_SUITE(IpcsrReference, TypePairs);

TYPED_TEST(IpcsrReference, SeededRandomMatrices) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    RandomShape s;
    s.rows = 37 + 113 * seed;  // not multiples of T
    s.cols = 29 + 71 * seed;   // rectangular both ways
    s.density = 0.02 * seed;
    s.empty_row_fraction = 0.1;
    s.dense_rows = seed % 2;
    s.seed = seed;
    this->check_all_params(s, seed);
  }
}

TYPED_TEST(IpcsrReference, EdgeCases) {
  RandomShape s;
  s.rows = s.cols = 0;  // 0 x 0
  this->check_all_params(s, 3);
  s.rows = s.cols = 1;  // 1 x 1
  s.density = 1;
  this->check_all_params(s, 4);
  s.rows = 50;  // all rows empty
  s.cols = 40;
  s.density = 0;
  this->check_all_params(s, 5);
  s.rows = 64;  // one dense row among sparse ones (long for small SHARED_SIZE)
  s.cols = 300;
  s.density = 0.01;
  s.dense_rows = 1;
  this->check_all_params(s, 6);
  s.rows = 3;  // wide: every row long for small SHARED_SIZE
  s.cols = 1000;
  s.dense_rows = 0;
  s.density = 0.3;
  this->check_all_params(s, 7);
  s.rows = 1000;  // tall, 1000 rows: not a multiple of any T
  s.cols = 2;
  this->check_all_params(s, 8);
  s.rows = 5;  // no columns
  s.cols = 0;
  this->check_all_params(s, 9);
  s.rows = 2;  // two full rows of 100: long for SHARED_SIZE < 100 (15 chunks of 7)
  s.cols = 100;
  s.density = 1;
  this->check_all_params(s, 10);
}

// Rows 0-1 form a staged block, row 2 (10 entries) is long (3 chunks of 4, or
// one block), row 3 (4 entries, = SHARED_SIZE) is a one-row block: every path.
template <class V, class I>
OwnedCsr<V, I> every_path_matrix() {
  OwnedCsr<V, I> m;
  m.rows = 4;
  m.cols = 10;
  m.row_ptr = {0, 2, 4, 14, 18};
  m.col_idx = {0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3};
  m.values.assign(18, V(1));
  return m;
}

TYPED_TEST(IpcsrReference, NanAndInfPropagateFromTheMatrixAndBetaZeroIgnoresY) {
  using Value = typename TestFixture::V;
  using Index = typename TestFixture::I;
  const Value nan = test::nan<Value>(), inf = test::inf<Value>();
  for (IpcsrLongRows mode : {IpcsrLongRows::split, IpcsrLongRows::whole}) {
    auto m = every_path_matrix<Value, Index>();
    IpcsrHostFormat<Value, Index> f(params(32, 4, mode), hopper_device_info());
    f.build(m.view());
    EXPECT_EQ(f.blocks().long_rows, 1);
    EXPECT_EQ(f.blocks().chunk_blocks, mode == IpcsrLongRows::split ? 3 : 0);
    const std::vector<Value> x(10, Value(1));
    std::vector<Value> y(4, nan);  // beta == 0: never read
    f.apply(Op::plain, Value(1), x.data(), Value(0), y.data());
    EXPECT_EQ(y, (std::vector<Value>{2, 2, 10, 4}));
    const std::vector<Value> xt(4, Value(1));
    std::vector<Value> yt(10, inf);
    f.apply(Op::transpose, Value(1), xt.data(), Value(0), yt.data());
    for (Value v : yt) EXPECT_TRUE(test::is_finite(v));
    m.values[0] = inf;  // staged block
    m.values[12] = nan;  // third chunk of the long row
    f.refill(m.view());
    y.assign(4, nan);
    f.apply(Op::plain, Value(1), x.data(), Value(0), y.data());
    EXPECT_TRUE(test::is_inf(y[0]));
    EXPECT_EQ(y[1], Value(2));
    EXPECT_TRUE(test::is_nan(y[2]));
    EXPECT_EQ(y[3], Value(4));
  }
}

}  // namespace
}  // namespace aijadaptive
