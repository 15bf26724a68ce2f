// The autotune on a GPU (FormatChoice tune, autotune.hpp): every product
// right while the candidates are timed (device and host vectors, transposes,
// a refill half-way), the fastest kept and a deliberately slow candidate
// never, a candidate that cannot upload reported, and the choice remembered
// for the pattern in the process and, on request, across runs (on disk).
#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/autotune.hpp>
#include <aijadaptive/device.hpp>
#include <aijadaptive/device_buffer.hpp>
#include <aijadaptive/errors.hpp>
#include <aijadaptive/formats/csr.hpp>
#include <aijadaptive/kernel_cache.hpp>
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "adaptive_checks.hpp"
#include "csr_test_formats.hpp"
#include "device_vectors.hpp"
#include "diagonal_checks.hpp"
#include "random_csr.hpp"
#include "scoped_env.hpp"
#include "scoped_temp_dir.hpp"

namespace aijadaptive {
namespace {

using V = double;
using I = std::int32_t;
using test::expect_close;
using test::joined;
using test::OwnedCsr;
using test::to_device;
using test::to_host;

// Entries of about 1 times x of about 10, some tens a row, summed in another
// order by each format.
constexpr double kBound = 1e-10;

class AutotuneGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (device_count() == 0) GTEST_SKIP() << "no GPU, GPU tests skipped: " << device_status();
    forget_tunes();
  }
};

// csr whose plain product runs 40 times over: never the one kept.
class SlowHost final : public test::PlainOnlyHost<V, I> {
 public:
  std::unique_ptr<DeviceFormat<V, I>> upload(Stream s) const override {
    return std::make_unique<test::PlainOnlyDevice<V, I>>(inner().upload(s), 40);
  }
};

ExtraCandidate<V, I> slow_candidate() {
  return {"slow", [](const FormatContext&) { return std::make_unique<SlowHost>(); }};
}

ExtraCandidate<V, I> refusing_candidate() {
  return {"refusing", [](const FormatContext&) {
            return std::make_unique<test::RefusingHost<V, I>>(ErrorKind::unsupported);
          }};
}

OwnedCsr<V, I> random_matrix(std::int64_t rows, std::uint64_t seed) {
  test::RandomShape shape;
  shape.rows = shape.cols = rows;
  shape.density = 8.0 / double(rows);
  shape.seed = seed;
  return test::random_csr<V, I>(shape);
}

MatrixOptions tune_options(int candidates, int products) {
  MatrixOptions o;
  o.format = FormatChoice::tuned();
  o.tune.candidates = candidates;
  o.tune.products = products;
  o.tune.min_nnz = 0;  // these matrices are small: timed all the same
  return o;
}

std::vector<V> reference(const OwnedCsr<V, I>& a, const std::vector<V>& x, Op op = Op::plain) {
  std::vector<V> y(std::size_t(op == Op::plain ? a.rows : a.cols));
  csr_reference_apply(a.view(), op, V(1), x.data(), V(0), y.data());
  return y;
}

std::vector<V> some_x(std::size_t n, int salt = 0) {
  std::vector<V> x(n);
  for (std::size_t i = 0; i < n; ++i) x[i] = 0.5 + double((i * 7 + std::size_t(salt)) % 11);
  return x;
}

// Plain products with device vectors until the timing is over, each checked,
// into `outputs` vectors in turn; returns how many there were.
int products_until_tuned(AdaptiveMatrix<V, I>& m, const OwnedCsr<V, I>& a, int outputs = 1) {
  const std::vector<V> x = some_x(std::size_t(a.cols));
  const std::vector<V> expect = reference(a, x);
  const DeviceBuffer<V> dx = to_device(x);
  std::vector<DeviceBuffer<V>> dy;
  for (int k = 0; k < outputs; ++k) dy.push_back(to_device(test::nans<V>(std::size_t(a.rows))));
  int n = 0;
  for (; m.tuning() && n < 1000; ++n) {
    SCOPED_TRACE("product " + std::to_string(n) + " by " + m.format_name());
    DeviceBuffer<V>& y = dy[std::size_t(n % outputs)];
    m.apply(Op::plain, V(1), {dx.data(), MemSpace::device, 0}, V(0), {y.data(), MemSpace::device},
            nullptr);  // the legacy stream: to_host() waits for it
    expect_close(to_host(y), expect, kBound);
    if (::testing::Test::HasFatalFailure()) break;
  }
  return n;
}

TEST_F(AutotuneGpu, TimesEveryCandidateOnTheFirstProductsAndKeepsTheFastest) {
  const test::Banded band{20000, 20000, {-2, -1, 0, 1, 2}};
  for (const OwnedCsr<V, I>& a : {random_matrix(20000, 3), test::banded<V, I>(band)}) {
    AdaptiveMatrix<V, I> m(tune_options(3, 3));
    m.set_extra_candidates({slow_candidate()});
    m.build(a.view());
    ASSERT_EQ(m.placement(), Placement::device) << m.placement_reason();
    EXPECT_TRUE(m.tuning());
    EXPECT_EQ(m.format_name(), "slow");  // the chain's first runs the first products
    // Four candidates (the slow one and three of the selector's), each one
    // untimed product, one that captures its graph (not timed) and three timed.
    const int products = products_until_tuned(m, a);
    EXPECT_FALSE(m.tuning());
    const TuneRecord& r = m.tune_record();
    ASSERT_EQ(r.timings.size(), 4u) << joined(m.describe());
    int timed = 0;
    for (const TuneTiming& t : r.timings) timed += t.median_us >= 0;
    EXPECT_GE(timed, 3) << joined(m.describe());
    EXPECT_EQ(products, timed * (2 + 3));
    EXPECT_EQ(r.timings[0].format, "slow");
    EXPECT_EQ(r.chosen, m.format_name());
    EXPECT_NE(r.chosen, "slow");
    const std::optional<std::size_t> best = fastest(r.timings);
    ASSERT_TRUE(best);
    EXPECT_EQ(r.timings[*best].format, r.chosen);
    for (const TuneTiming& t : r.timings) {
      if (t.median_us < 0) continue;  // a format that does not apply here, with its reason
      EXPECT_GT(t.median_us, 0) << t.format;
      EXPECT_EQ(t.products, 3);
    }
    EXPECT_EQ(m.selection_reason().rfind("tune: " + r.chosen + ", the fastest of the candidates", 0), 0u)
        << m.selection_reason();
    const std::string view = joined(m.describe());
    EXPECT_NE(view.find("tune: timed on this matrix's first plain products\n"), std::string::npos) << view;
    EXPECT_NE(view.find("tune: " + r.chosen + " "), std::string::npos) << view;
    EXPECT_NE(view.find("(kept)"), std::string::npos) << view;
    // From now on the kept format, right, and nothing is timed any more.
    EXPECT_EQ(products_until_tuned(m, a), 0);
    const std::vector<V> x = some_x(std::size_t(a.cols), 3);
    const DeviceBuffer<V> dx = to_device(x);
    DeviceBuffer<V> dy = to_device(test::nans<V>(std::size_t(a.rows)));
    SCOPED_TRACE("after the timing, by " + m.format_name() + "\n" + view);
    m.apply(Op::plain, V(1), {dx.data(), MemSpace::device, 0}, V(0), {dy.data(), MemSpace::device},
            nullptr);  // the legacy stream: to_host() waits for it
    expect_close(to_host(dy), reference(a, x), kBound);
  }
}

// Products into three outputs in turn: three graphs per candidate, each
// captured the second time its output comes. Those captures are not timed,
// so each candidate still has its timed products, the captures on top.
TEST_F(AutotuneGpu, ProductsThatCaptureAGraphAreNotTimed) {
  const OwnedCsr<V, I> a = random_matrix(8000, 13);
  AdaptiveMatrix<V, I> m(tune_options(3, 4));
  m.build(a.view());
  ASSERT_TRUE(m.tuning());
  const int n = products_until_tuned(m, a, 3);
  EXPECT_FALSE(m.tuning());
  int timed = 0;
  for (const TuneTiming& t : m.tune_record().timings) {
    if (t.median_us < 0) continue;
    ++timed;
    EXPECT_EQ(t.products, 4) << t.format;
  }
  EXPECT_GE(timed, 2) << joined(m.describe());
  EXPECT_EQ(n, timed * (1 + 4 + 3)) << "per candidate: one untimed, four timed, three captures";
}

TEST_F(AutotuneGpu, HostVectorsTransposesAndARefillWhileTimingAreRight) {
  OwnedCsr<V, I> a = random_matrix(6000, 5);
  AdaptiveMatrix<V, I> m(tune_options(3, 2));
  m.build(a.view());
  ASSERT_TRUE(m.tuning());
  const std::vector<V> x = some_x(std::size_t(a.cols));
  std::vector<V> y(std::size_t(a.rows));
  int plain = 0;
  for (int k = 0; m.tuning() && k < 100; ++k) {
    if (k == 4) {  // new values half-way: the candidate kept aside takes them too
      for (V& v : a.values) v = -2 * v + 1;
      m.refill(a.view());
    }
    if (k % 3 == 2) {  // a transpose: right, and not counted as a timed product
      std::vector<V> yt(std::size_t(a.cols));
      m.apply(Op::transpose, V(1), {x.data(), MemSpace::host, 0}, V(0), {yt.data(), MemSpace::host});
      expect_close(yt, reference(a, x, Op::transpose), kBound);
      continue;
    }
    m.apply(Op::plain, V(1), {x.data(), MemSpace::host, 0}, V(0), {y.data(), MemSpace::host});
    expect_close(y, reference(a, x), kBound);
    ++plain;
  }
  EXPECT_FALSE(m.tuning());
  EXPECT_EQ(plain, 3 * (1 + 2));
  // The format kept has the values of the refill.
  for (V& v : a.values) v = 0.25 * v;
  m.refill(a.view());
  m.apply(Op::plain, V(1), {x.data(), MemSpace::host, 0}, V(0), {y.data(), MemSpace::host});
  expect_close(y, reference(a, x), kBound);
}

TEST_F(AutotuneGpu, ACandidateThatCannotUploadIsReportedNotTimed) {
  const OwnedCsr<V, I> a = random_matrix(5000, 7);
  AdaptiveMatrix<V, I> m(tune_options(2, 2));
  m.set_extra_candidates({slow_candidate(), refusing_candidate()});
  m.build(a.view());
  EXPECT_EQ(products_until_tuned(m, a), 3 * (2 + 2));
  const TuneRecord& r = m.tune_record();
  ASSERT_EQ(r.timings.size(), 4u) << joined(m.describe());
  EXPECT_EQ(r.timings[1].format, "refusing");
  EXPECT_LT(r.timings[1].median_us, 0);
  EXPECT_NE(r.timings[1].note.find("refused on purpose"), std::string::npos) << r.timings[1].note;
  EXPECT_NE(joined(m.describe()).find("tune: refusing not timed: "), std::string::npos);
  EXPECT_NE(r.chosen, "slow");
}

TEST_F(AutotuneGpu, ASecondMatrixOfThePatternTakesTheRememberedFormat) {
  const OwnedCsr<V, I> a = random_matrix(8000, 11);
  std::string chosen;
  {
    AdaptiveMatrix<V, I> first(tune_options(4, 3));
    first.build(a.view());
    EXPECT_EQ(products_until_tuned(first, a), 4 * (2 + 3));
    chosen = first.format_name();
  }
  OwnedCsr<V, I> b = a;  // a MatDuplicate, or the next Newton step: same pattern, new values
  for (V& v : b.values) v = 3 - v;
  AdaptiveMatrix<V, I> second(tune_options(4, 3));
  second.build(b.view());
  EXPECT_FALSE(second.tuning());
  EXPECT_EQ(second.format_name(), chosen);
  EXPECT_EQ(products_until_tuned(second, b), 0);
  const std::string view = joined(second.describe());
  EXPECT_NE(view.find("tune: remembered from a matrix of the same pattern earlier in this run"), std::string::npos)
      << view;
  EXPECT_NE(view.find("(kept)"), std::string::npos) << view;
  const std::vector<V> x = some_x(std::size_t(b.cols));
  std::vector<V> y(std::size_t(b.rows));
  second.apply(Op::plain, V(1), {x.data(), MemSpace::host, 0}, V(0), {y.data(), MemSpace::host});
  expect_close(y, reference(b, x), kBound);
  // Another pattern, or other settings, are timed afresh.
  const OwnedCsr<V, I> c = random_matrix(8000, 12);
  AdaptiveMatrix<V, I> third(tune_options(4, 3));
  third.build(c.view());
  EXPECT_TRUE(third.tuning());
  AdaptiveMatrix<V, I> fourth(tune_options(2, 3));
  fourth.build(a.view());
  EXPECT_TRUE(fourth.tuning());
}

TEST_F(AutotuneGpu, OnDiskTheChoiceOutlivesTheProcessMemory) {
  const test::ScopedTempDir tmp;
  const test::ScopedEnv xdg("XDG_CACHE_HOME", tmp.path().c_str());
  release_kernel_cache();  // the process-wide cache is made again, in tmp
  const OwnedCsr<V, I> a = random_matrix(7000, 13);
  MatrixOptions o = tune_options(3, 2);
  o.tune.on_disk = true;
  std::string chosen;
  {
    AdaptiveMatrix<V, I> first(o);
    first.build(a.view());
    products_until_tuned(first, a);
    chosen = first.format_name();
  }
  forget_tunes();  // as a new run would start
  {
    AdaptiveMatrix<V, I> second(o);
    second.build(a.view());
    EXPECT_FALSE(second.tuning());
    EXPECT_EQ(second.format_name(), chosen);
    const std::string view = joined(second.describe());
    EXPECT_NE(view.find("tune: remembered from an earlier run (disk cache in " + tmp.path() + "/aijadaptive)"),
              std::string::npos)
        << view;
  }
  forget_tunes();
  {
    o.tune.on_disk = false;  // not asked to: the disk is not read
    AdaptiveMatrix<V, I> third(o);
    third.build(a.view());
    EXPECT_TRUE(third.tuning());
  }
  release_kernel_cache();  // before tmp goes: the next test's cache is made where it was
}

// Under the floor of nonzeros nothing is timed: auto's choice runs from the
// first product, the reason says why, and nothing is remembered; the same
// pattern from the floor on is timed.
TEST_F(AutotuneGpu, UnderTheFloorOfNonzerosAutosChoiceRunsUntimed) {
  const OwnedCsr<V, I> a = random_matrix(9000, 17);
  MatrixOptions automatic;
  AdaptiveMatrix<V, I> reference_choice(automatic);
  reference_choice.build(a.view());
  MatrixOptions o = tune_options(3, 2);
  o.tune.min_nnz = std::int64_t(a.values.size()) + 1;
  AdaptiveMatrix<V, I> m(o);
  m.build(a.view());
  ASSERT_EQ(m.placement(), Placement::device) << m.placement_reason();
  EXPECT_FALSE(m.tuning());
  EXPECT_EQ(products_until_tuned(m, a), 0);
  EXPECT_EQ(m.format_name(), reference_choice.format_name());
  EXPECT_EQ(m.selection_reason(), "tune: nothing timed under " + std::to_string(a.values.size() + 1) +
                                      " nonzeros (the floor set for tune); auto's choice: " +
                                      reference_choice.selection_reason());
  EXPECT_TRUE(m.tune_record().timings.empty());
  const std::vector<V> x = some_x(std::size_t(a.cols), 5);
  std::vector<V> y(std::size_t(a.rows));
  m.apply(Op::plain, V(1), {x.data(), MemSpace::host, 0}, V(0), {y.data(), MemSpace::host});
  expect_close(y, reference(a, x), kBound);
  o.tune.min_nnz = std::int64_t(a.values.size());  // the floor reached: timed
  AdaptiveMatrix<V, I> at(o);
  at.build(a.view());
  EXPECT_TRUE(at.tuning());
}

}  // namespace
}  // namespace aijadaptive
