// Products with device vectors replayed as CUDA graphs (core/product_graphs.hpp):
// for every format, the same bits as products launched directly, whatever
// changes between calls (x's values, the vectors, alpha and beta, the
// operation, the matrix's values); graphs actually replayed; a matrix whose
// vectors change at every call turning them off; graphs of a generic kernel
// captured again once the kernel generated in the background is taken; none
// while faults are counted; none when turned off.
#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/autotune.hpp>
#include <aijadaptive/device.hpp>
#include <aijadaptive/device_buffer.hpp>
#include <aijadaptive/fault_injection.hpp>
#include <aijadaptive/format_list.hpp>
#include <aijadaptive/kernel_cache.hpp>
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "adaptive_checks.hpp"
#include "device_vectors.hpp"
#include "diagonal_checks.hpp"
#include "irregular_csr.hpp"
#include "random_csr.hpp"
#include "scoped_env.hpp"
#include "scoped_temp_dir.hpp"

namespace aijadaptive {
namespace {

using Csr = test::OwnedCsr<double, std::int32_t>;
using Matrix = AdaptiveMatrix<double, std::int32_t>;

// Every format takes it (the diagonal ones too).
const Csr& banded_matrix() {
  static const Csr m = test::banded<double, std::int32_t>({1600, 1600, {-40, -1, 0, 1, 40}});
  return m;
}
// Short rows and long ones: suraa's three groups on streams of their own, its
// long rows launched from the device; ipcsr's and argcsr's rows split over blocks.
const Csr& irregular_matrix() {
  static const Csr m = test::circuit_csr<double, std::int32_t>(4000, 4000, 6, 2000, 52);
  return m;
}

MatrixOptions options_for(FormatId id, bool graphs) {
  MatrixOptions o;
  o.format = FormatChoice::fixed(id);
  o.reorder = ReorderChoice::never;
  o.product_graphs = graphs;
  for (const char* p : {"suraa.short_limit=4", "suraa.long_limit=24", "suraa.block_entries=32",
                        "suraa.long_launch=device", "suraa.streams_min_entries=0"})
    o.params.set(p);
  return o;
}

// Two matrices, one with graphs and one without, given the same calls.
struct Pair {
  Matrix with, without;
  Pair(FormatId id, const Csr& m) : with(options_for(id, true)), without(options_for(id, false)) {
    with.build(m.view());
    without.build(m.view());
    with.finish_background_work();  // the generated kernel, where there is one, from the start
    without.finish_background_work();
  }
};

// y = alpha op(A) x + beta y on both, from the same x and y0: the same bits
// for the plain product. A transpose may run through cuSPARSE's, whose sums
// come in no fixed order (it differs between two direct runs): within the
// error bound.
void expect_same_product(Pair& p, Op op, double alpha, const DeviceBuffer<double>& x, double beta,
                         DeviceBuffer<double>& y_with, DeviceBuffer<double>& y_without, const std::vector<double>& y0,
                         const Csr* m = nullptr) {
  copy_to_device(y_with.data(), y0.data(), y_with.bytes(), nullptr);
  copy_to_device(y_without.data(), y0.data(), y_without.bytes(), nullptr);
  synchronize(nullptr);
  p.with.apply(op, alpha, {x.data(), MemSpace::device}, beta, {y_with.data(), MemSpace::device});
  p.without.apply(op, alpha, {x.data(), MemSpace::device}, beta, {y_without.data(), MemSpace::device});
  synchronize(p.with.stream());
  synchronize(p.without.stream());
  if (op == Op::plain) {
    ASSERT_TRUE(test::same_bits(test::to_host(y_with), test::to_host(y_without)));
  } else {
    ASSERT_NE(m, nullptr);
    const double bound = 2 * test::error_bound(m->view(), true, alpha, test::to_host(x), beta, y0);
    test::expect_close(test::to_host(y_with), test::to_host(y_without), 2 * bound);
  }
}

class ProductGraphsGpu : public ::testing::TestWithParam<FormatId> {
 protected:
  void SetUp() override {
    if (device_count() == 0) GTEST_SKIP() << "no GPU, GPU tests skipped: " << device_status();
  }
};

TEST_P(ProductGraphsGpu, ReplayedProductsGiveTheBitsOfDirectOnes) {
  const std::string name = format_name(GetParam());
  for (const Csr* m : {&banded_matrix(), &irregular_matrix()}) {
    Pair p(GetParam(), *m);
    if (p.with.format_name() != name) continue;  // a diagonal format refuses the irregular matrix
    SCOPED_TRACE(name + ", " + std::to_string(m->rows) + " rows");
    const std::size_t n = std::size_t(m->rows);
    auto x = test::to_device(test::random_vector<double>(n, 1));
    auto x2 = test::to_device(test::random_vector<double>(n, 2));
    DeviceBuffer<double> y_with(n), y_without(n), y2_with(n), y2_without(n);
    const auto y0 = test::random_vector<double>(n, 3);
    // The same vectors again and again: run directly, captured, then replayed.
    for (int k = 0; k < 4; ++k) expect_same_product(p, Op::plain, 1.0, x, 0.0, y_with, y_without, y0);
    EXPECT_EQ(p.with.product_graph_stats().captured, 1u) << test::joined(p.with.describe());
    EXPECT_EQ(p.with.product_graph_stats().replayed, 2u) << test::joined(p.with.describe());
    // New values in x, at the same address: the replay reads them.
    copy_to_device(x.data(), test::random_vector<double>(n, 4).data(), x.bytes(), nullptr);
    expect_same_product(p, Op::plain, 1.0, x, 0.0, y_with, y_without, y0);
    // Two pairs of vectors in turn, alpha and beta, and the transposes.
    for (int k = 0; k < 3; ++k) {
      expect_same_product(p, Op::plain, 1.0, x2, 0.0, y2_with, y2_without, y0);
      expect_same_product(p, Op::plain, 1.0, x, 0.0, y_with, y_without, y0);
      expect_same_product(p, Op::plain, -0.5, x, 2.0, y_with, y_without, y0);
      expect_same_product(p, Op::transpose, 1.5, x2, -1.0, y2_with, y2_without, y0, m);
    }
    // New matrix values: the graphs stay, and their replays follow the new
    // values (the refill writes them where the old ones were).
    const std::uint64_t replayed = p.with.product_graph_stats().replayed;
    Csr changed = *m;
    for (double& v : changed.values) v = 0.25 - v;
    p.with.refill(changed.view());
    p.without.refill(changed.view());
    for (int k = 0; k < 3; ++k) {
      expect_same_product(p, Op::plain, 1.0, x, 0.0, y_with, y_without, y0);
      expect_same_product(p, Op::transpose, 1.5, x2, -1.0, y2_with, y2_without, y0, &changed);
    }
    const ProductGraphStats& s = p.with.product_graph_stats();
    EXPECT_TRUE(s.off.empty()) << s.off;
    const std::string view = test::joined(p.with.describe()), view_without = test::joined(p.without.describe());
    EXPECT_EQ(s.captured, 4u) << view;  // x, x2, alpha/beta, transpose: none again after the refill
    EXPECT_EQ(s.replayed, replayed + 6) << view;
    EXPECT_NE(view.find("CUDA graphs (4 captured"), std::string::npos) << view;
    EXPECT_EQ(p.without.product_graph_stats().captured, 0u);
    EXPECT_NE(view_without.find("CUDA graphs turned off"), std::string::npos) << view_without;
  }
}

INSTANTIATE_TEST_SUITE_P(EveryFormat, ProductGraphsGpu, ::testing::ValuesIn(all_formats()),
                         [](const ::testing::TestParamInfo<FormatId>& info) { return format_name(info.param); });

class ProductGraphsPolicyGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (device_count() == 0) GTEST_SKIP() << "no GPU, GPU tests skipped: " << device_status();
  }
};

// ipcsr on the banded matrix, one x and several y: y_k = A x, with and
// without graphs.
struct ManyOutputs {
  explicit ManyOutputs(int count)
      : p(FormatId::ipcsr, banded_matrix()),
        x(test::to_device(test::random_vector<double>(n, 1))),
        y0(test::random_vector<double>(n, 3)),
        y_without(n) {
    for (int k = 0; k < count; ++k) ys.emplace_back(n);
  }
  void product(std::size_t k) { expect_same_product(p, Op::plain, 1.0, x, 0.0, ys[k], y_without, y0); }

  const std::size_t n = std::size_t(banded_matrix().rows);
  Pair p;
  DeviceBuffer<double> x;
  std::vector<double> y0;
  DeviceBuffer<double> y_without;
  std::vector<DeviceBuffer<double>> ys;
};

// Each y comes twice, then never again: every graph is made for two products,
// which costs more than launching directly; the matrix stops making them.
TEST_F(ProductGraphsPolicyGpu, VectorsThatChangeAtEveryCallTurnGraphsOff) {
  ManyOutputs v(80);
  for (std::size_t k = 0; k < v.ys.size(); ++k)
    for (int twice = 0; twice < 2; ++twice) v.product(k);
  const ProductGraphStats& s = v.p.with.product_graph_stats();
  EXPECT_EQ(s.captured, 64u);
  EXPECT_NE(s.off.find("changed too often"), std::string::npos) << s.off;
  const std::string view = test::joined(v.p.with.describe());
  EXPECT_NE(view.find("launched directly: the vectors changed too often"), std::string::npos) << view;
}

// GMRES goes round its basis vectors (30 by default), a pair of vectors per
// product: the second round captures them all, the third replays them all.
TEST_F(ProductGraphsPolicyGpu, ACycleOfThirtyPairsIsReplayed) {
  ManyOutputs v(30);
  for (int round = 0; round < 3; ++round)
    for (std::size_t k = 0; k < v.ys.size(); ++k) v.product(k);
  const ProductGraphStats& s = v.p.with.product_graph_stats();
  EXPECT_TRUE(s.off.empty()) << s.off;
  EXPECT_EQ(s.captured, 30u);
  EXPECT_EQ(s.replayed, 30u);
}

// While candidates are timed, each is timed as a graph, as it would run if
// kept: its plain product is captured once and replayed, its transposes are
// not captured (a transpose's graph would outlive its candidate), and its
// graphs go with it. The kept format's products are then captured again.
TEST_F(ProductGraphsPolicyGpu, TunedMatricesTimeEachCandidateAsAGraphAndKeepNoneOfThem) {
  const Csr& m = irregular_matrix();
  MatrixOptions o;
  o.format = FormatChoice::tuned();
  o.tune.products = 1;
  o.tune.min_nnz = 0;  // a small matrix, timed all the same
  Matrix a(o);
  a.build(m.view());
  const std::size_t n = std::size_t(m.rows);
  const auto x = test::random_vector<double>(n, 1), y0 = test::random_vector<double>(n, 3);
  const auto dx = test::to_device(x);
  DeviceBuffer<double> dy(n);
  std::optional<ProductGraphStats> after_tuning;
  for (int k = 0; k < 24; ++k)
    for (Op op : {Op::plain, Op::transpose}) {
      SCOPED_TRACE("round " + std::to_string(k) + (op == Op::plain ? ", plain" : ", transpose"));
      if (!a.tuning() && !after_tuning) after_tuning = a.product_graph_stats();
      copy_to_device(dy.data(), y0.data(), dy.bytes(), nullptr);
      synchronize(nullptr);
      a.apply(op, 1.5, {dx.data(), MemSpace::device}, -0.5, {dy.data(), MemSpace::device});
      synchronize(a.stream());
      std::vector<double> expect = y0;
      csr_reference_apply(m.view(), op, 1.5, x.data(), -0.5, expect.data());
      test::expect_close(test::to_host(dy), expect,
                         2 * test::error_bound(m.view(), op == Op::transpose, 1.5, x, -0.5, y0));
    }
  EXPECT_FALSE(a.tuning());
  ASSERT_TRUE(after_tuning);
  std::uint64_t timed = 0;
  for (const TuneTiming& t : a.tune_record().timings) timed += t.median_us >= 0;
  EXPECT_GE(timed, 2u) << test::joined(a.describe());
  EXPECT_EQ(after_tuning->captured, timed) << test::joined(a.describe());
  EXPECT_EQ(after_tuning->replayed, timed) << "one timed product each";
  EXPECT_EQ(a.product_graph_stats().captured, timed + 2) << test::joined(a.describe());
  EXPECT_GE(a.product_graph_stats().replayed, timed + 10) << test::joined(a.describe());
}

#if AIJADAPTIVE_HAVE_CUDA  // (the kernel cache; a build without CUDA skips these tests)
// A diagonal matrix whose kernel compiles in the background (a disk cache of
// its own, so NVRTC runs): its products are replayed as graphs of the generic
// kernel meanwhile, and, once the generated kernel is ready, taken at a
// replayed product and captured again, right all along.
TEST_F(ProductGraphsPolicyGpu, GraphsOfTheGenericKernelGiveWayToTheGeneratedOne) {
  const test::ScopedTempDir tmp;
  const test::ScopedEnv xdg("XDG_CACHE_HOME", tmp.path().c_str());
  release_kernel_cache();  // the process-wide cache is made again, in tmp
  // Offsets no other test uses: a kernel of its own.
  const Csr m = test::banded<double, std::int32_t>({3000, 3000, {-61, -7, 0, 3, 59}});
  MatrixOptions o = options_for(FormatId::dia, true);
  Matrix a(o);
  a.build(m.view());
  ASSERT_NE(test::joined(a.describe()).find("generic kernel while the generated one compiles"), std::string::npos)
      << test::joined(a.describe());
  const std::size_t n = std::size_t(m.rows);
  const auto x = test::random_vector<double>(n, 1), y0 = test::random_vector<double>(n, 3);
  const auto dx = test::to_device(x);
  DeviceBuffer<double> dy(n);
  std::vector<double> expect = y0;
  csr_reference_apply(m.view(), Op::plain, 1.5, x.data(), -0.5, expect.data());
  const auto product = [&] {
    copy_to_device(dy.data(), y0.data(), dy.bytes(), nullptr);
    synchronize(nullptr);
    a.apply(Op::plain, 1.5, {dx.data(), MemSpace::device}, -0.5, {dy.data(), MemSpace::device});
    synchronize(a.stream());
    test::expect_close(test::to_host(dy), expect, 2 * test::error_bound(m.view(), false, 1.5, x, -0.5, y0));
  };
  for (int k = 0; k < 3; ++k) product();  // run directly, captured, replayed: all three microseconds apart
  EXPECT_EQ(a.product_graph_stats().captured, 1u) << test::joined(a.describe());
  EXPECT_EQ(a.product_graph_stats().replayed, 1u) << test::joined(a.describe());
  int products = 3;
  for (; test::joined(a.describe()).find("kernel generated for this matrix") == std::string::npos; ++products) {
    ASSERT_LT(products, 20000) << "the generated kernel was not taken in 100 s: " << test::joined(a.describe());
    product();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  for (int k = 0; k < 3; ++k) product();  // run directly, captured, replayed again
  EXPECT_EQ(a.product_graph_stats().captured, 2u) << test::joined(a.describe());
  EXPECT_GE(a.product_graph_stats().replayed, 2u);
  EXPECT_TRUE(a.product_graph_stats().off.empty()) << a.product_graph_stats().off;
  release_kernel_cache();  // before tmp goes: the next test's cache is made where it was
}
#endif

// Fault injection counts each launch check: no graph hides them.
TEST_F(ProductGraphsPolicyGpu, NoGraphsWhileFaultsAreCounted) {
  ManyOutputs v(1);
  faults::set_counting(true);
  const faults::Counts c0 = faults::counts();
  for (int k = 0; k < 4; ++k) v.product(0);
  const std::uint64_t launches = faults::counts().launches - c0.launches;
  faults::set_counting(false);
  EXPECT_EQ(v.p.with.product_graph_stats().captured, 0u);
  EXPECT_EQ(launches % 8, 0u) << "both matrices launch alike, every time";
  EXPECT_GT(launches, 0u);
  // Counting over: the next ones are captured and replayed.
  for (int k = 0; k < 3; ++k) v.product(0);
  EXPECT_EQ(v.p.with.product_graph_stats().captured, 1u);
  EXPECT_EQ(v.p.with.product_graph_stats().replayed, 1u);
}

}  // namespace
}  // namespace aijadaptive
