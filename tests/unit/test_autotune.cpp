// The autotune's pieces that need no GPU: the median and the fastest
// candidate, the pattern's key, the record's text (what the disk keeps) and
// the process's memory; and a tuned matrix on the host, where there is
// nothing to time.
#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/autotune.hpp>
#include <aijadaptive/formats/csr.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "random_csr.hpp"

namespace aijadaptive {
namespace {

TEST(Autotune, MedianOfOddAndEvenCounts) {
  EXPECT_EQ(median_of({3.0}), 3.0);
  EXPECT_EQ(median_of({5.0, 1.0, 4.0}), 4.0);
  EXPECT_EQ(median_of({9.0, 1.0, 4.0, 2.0}), 3.0);
  EXPECT_EQ(median_of({7.0, 7.0, 100.0, 7.0, 1.0}), 7.0);  // one slow product does not count
}

TEST(Autotune, TheFastestIsTheLeastTimedMedian) {
  EXPECT_FALSE(fastest({}));
  EXPECT_FALSE(fastest({{"dia", -1, 0, "unsupported"}}));
  const std::vector<TuneTiming> t{
      {"suraa", 9.5, 5, ""}, {"dia", -1, 0, "not diagonal"}, {"ipcsr", 7.25, 5, ""}, {"csr", 7.5, 5, ""}};
  ASSERT_TRUE(fastest(t));
  EXPECT_EQ(*fastest(t), 2u);
}

TEST(Autotune, DescribeNamesEveryCandidateAndTheOneKept) {
  TuneRecord r{"ipcsr", {{"suraa", 9.5, 5, ""}, {"ipcsr", 7.25, 5, ""}, {"dia", -1, 0, "not a diagonal matrix"}}};
  const std::vector<std::string> lines = describe_tune(r, "timed on this matrix's first plain products");
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0], "tune: timed on this matrix's first plain products");
  EXPECT_EQ(lines[1], "tune: suraa 9.50 us, median of 5 products");
  EXPECT_EQ(lines[2], "tune: ipcsr 7.25 us, median of 5 products (kept)");
  EXPECT_EQ(lines[3], "tune: dia not timed: not a diagonal matrix");
}

TEST(Autotune, ThePatternKeyIgnoresValuesAndSeesEveryIndex) {
  test::RandomShape shape;
  shape.rows = 300;
  shape.cols = 280;
  shape.density = 0.03;
  test::OwnedCsr<double, std::int32_t> a = test::random_csr<double, std::int32_t>(shape);
  ASSERT_GT(a.col_idx.size(), 10u);
  const std::string key = tune_key(a.view(), "context");
  EXPECT_NE(key.find("rows 300 cols 280 nnz " + std::to_string(a.col_idx.size())), std::string::npos) << key;
  EXPECT_NE(key.find("context"), std::string::npos) << key;
  EXPECT_NE(key, tune_key(a.view(), "another context"));
  for (double& v : a.values) v *= -3;
  EXPECT_EQ(key, tune_key(a.view(), "context")) << "values are not the pattern";
  // One column moved (kept sorted and in range), or one entry moved to the next row.
  test::OwnedCsr<double, std::int32_t> b = a;
  std::size_t k = 0;
  while (k + 1 < b.col_idx.size() && b.col_idx[k] + 1 >= b.col_idx[k + 1]) ++k;
  ASSERT_LT(k + 1, b.col_idx.size());
  b.col_idx[k] += 1;
  EXPECT_NE(key, tune_key(b.view(), "context"));
  test::OwnedCsr<double, std::int32_t> c = a;
  std::size_t row = 0;
  while (c.row_ptr[row + 1] == c.row_ptr[row]) ++row;
  c.row_ptr[row + 1] -= 1;  // its last entry starts the next row
  EXPECT_NE(pattern_hash(a.view()), pattern_hash(c.view()));
}

// Columns of more than one chunk of the hash (4 MiB, hashed on threads): an
// index changed in any chunk, the last bytes included, changes the key.
TEST(Autotune, ThePatternKeySeesEveryChunkOfALargePattern) {
  const std::int32_t rows = 1 << 18, per_row = 9;  // 2.4M columns: 9 MiB, three chunks
  test::OwnedCsr<double, std::int32_t> a;
  a.rows = a.cols = rows;
  for (std::int32_t i = 0; i < rows; ++i) {
    for (std::int32_t k = 0; k < per_row; ++k) a.col_idx.push_back((i + k) % rows);
    std::sort(a.col_idx.end() - per_row, a.col_idx.end());
    a.row_ptr.push_back(std::int32_t(a.col_idx.size()));
  }
  a.values.assign(a.col_idx.size(), 1.0);
  const std::uint64_t h = pattern_hash(a.view());
  EXPECT_EQ(h, pattern_hash(a.view()));
  for (std::size_t at : {std::size_t(5), a.col_idx.size() / 2, a.col_idx.size() - 1}) {
    SCOPED_TRACE(at);
    test::OwnedCsr<double, std::int32_t> b = a;
    b.col_idx[at] ^= 1 << 20;  // out of the matrix's range: only the bytes matter here
    EXPECT_NE(h, pattern_hash(b.view()));
  }
}

TEST(Autotune, ARecordSurvivesItsTextAndDamageIsRefused) {
  const TuneRecord r{"segspmv",
                     {{"argcsr", 6.125, 5, ""}, {"segspmv", 5.5, 5, ""}, {"dia", -1, 0, "unsupported: not\ndiagonal"}}};
  const std::string text = tune_record_text(r);
  const std::optional<TuneRecord> back = parse_tune_record(text);
  ASSERT_TRUE(back) << text;
  EXPECT_EQ(back->chosen, "segspmv");
  ASSERT_EQ(back->timings.size(), 3u);
  EXPECT_EQ(back->timings[0].format, "argcsr");
  EXPECT_EQ(back->timings[0].median_us, 6.125);
  EXPECT_EQ(back->timings[0].products, 5);
  EXPECT_EQ(back->timings[2].median_us, -1);
  EXPECT_EQ(back->timings[2].note, "unsupported: not diagonal");  // one line per field
  EXPECT_FALSE(parse_tune_record(""));
  EXPECT_FALSE(parse_tune_record("aijadaptive tune 2\n" + text.substr(text.find('\n') + 1)));
  std::string other = text;
  other.replace(other.find("chosen segspmv"), 14, "chosen bogus12");
  EXPECT_FALSE(parse_tune_record(other)) << "a format this build lacks";
  EXPECT_FALSE(parse_tune_record(tune_record_text({"dia", r.timings}))) << "the chosen format was not timed";
  EXPECT_FALSE(parse_tune_record(text + "timing ipcsr fast 5 \n"));
  EXPECT_FALSE(parse_tune_record(text.substr(0, text.size() / 2) + "\n"));
}

TEST(Autotune, TheProcessRemembersByKey) {
  forget_tunes();
  EXPECT_FALSE(recall_tune("k1"));
  remember_tune("k1", {"ipcsr", {{"ipcsr", 1.0, 3, ""}}});
  remember_tune("k2", {"csr", {{"csr", 2.0, 3, ""}}});
  ASSERT_TRUE(recall_tune("k1"));
  EXPECT_EQ(recall_tune("k1")->chosen, "ipcsr");
  EXPECT_EQ(recall_tune("k2")->chosen, "csr");
  remember_tune("k1", {"suraa", {{"suraa", 0.5, 3, ""}}});  // timed again: the newer outcome
  EXPECT_EQ(recall_tune("k1")->chosen, "suraa");
  forget_tunes();
  EXPECT_FALSE(recall_tune("k2"));
}

// Without a GPU (or forced to the host) there is nothing to time: the host's
// products, right, and no tuning state.
TEST(Autotune, OnTheHostATunedMatrixRunsTheReferenceAndTimesNothing) {
  test::RandomShape shape;
  shape.rows = 120;
  shape.cols = 120;
  const test::OwnedCsr<double, std::int32_t> a = test::random_csr<double, std::int32_t>(shape);
  MatrixOptions o;
  o.format = FormatChoice::tuned();
  o.force_host = true;
  AdaptiveMatrix<double, std::int32_t> m(o);
  m.build(a.view());
  std::vector<double> x(120), y(120), ref(120);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = 1.0 + double(i % 7);
  for (int k = 0; k < 30; ++k) {
    m.apply(Op::plain, 1.0, {x.data(), MemSpace::host, 0}, 0.0, {y.data(), MemSpace::host});
    csr_reference_apply(a.view(), Op::plain, 1.0, x.data(), 0.0, ref.data());
    ASSERT_EQ(y, ref);
    EXPECT_FALSE(m.tuning());
  }
  EXPECT_EQ(m.placement(), Placement::host);
  EXPECT_TRUE(m.tune_record().timings.empty());
}

TEST(Autotune, CandidatesAndProductsMustBeAtLeastOne) {
  test::RandomShape shape;
  const test::OwnedCsr<double, std::int32_t> a = test::random_csr<double, std::int32_t>(shape);
  for (auto [candidates, products] : {std::pair{0, 5}, std::pair{4, 0}}) {
    MatrixOptions o;
    o.format = FormatChoice::tuned();
    o.tune.candidates = candidates;
    o.tune.products = products;
    AdaptiveMatrix<double, std::int32_t> m(o);
    try {
      m.build(a.view());
      ADD_FAILURE() << "accepted " << candidates << " candidates, " << products << " products";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::invalid_argument);
      EXPECT_NE(std::string(e.what()).find("must be at least 1"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
}  // namespace aijadaptive
