// The adaptive matrix on a GPU: the fallback chain (formats that refuse to
// upload, a per-format memory limit, every candidate failing), the core's
// transpose for a format without one, products alternating between two
// streams over shared scratch, the caller's current device left alone, and
// the device's own stream and buffers when a rebuild moves to another GPU.
#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/analysis.hpp>
#include <aijadaptive/device.hpp>
#include <aijadaptive/device_buffer.hpp>
#include <aijadaptive/errors.hpp>
#include <aijadaptive/formats/csr.hpp>
#include <gtest/gtest.h>

#include <algorithm>

#include <complex>
#include <cstdint>
#include <memory>
#include <string>

#include "core/staged_upload.hpp"
#include "adaptive_checks.hpp"
#include "csr_test_formats.hpp"
#include "device_vectors.hpp"
#include "diagonal_checks.hpp"
#include "node_csr.hpp"
#include "random_csr.hpp"

namespace aijadaptive {
namespace {

using test::expect_close;
using test::PlainOnlyHost;
using test::RefusingHost;
using test::to_device;
using test::to_host;

class AdaptiveMatrixGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (device_count() == 0) GTEST_SKIP() << "no GPU, GPU tests skipped: " << device_status();
  }
};


template <class V, class I>
ExtraCandidate<V, I> refusing(ErrorKind kind) {
  return {"refusing", [kind](const FormatContext&) { return std::make_unique<RefusingHost<V, I>>(kind); }};
}

template <class V, class I>
ExtraCandidate<V, I> plain_only() {
  return {"plain_only", [](const FormatContext&) { return std::make_unique<PlainOnlyHost<V, I>>(); }};
}

// y = alpha op(A) x + beta y with device vectors, against the CSR reference.
template <class I>
void expect_products_right(AdaptiveMatrix<double, I>& a, const test::OwnedCsr<double, I>& m) {
  for (Op op : {Op::plain, Op::transpose}) {
    const bool t = op == Op::transpose;
    const auto x = test::random_vector<double>(std::size_t(t ? m.rows : m.cols), 3);
    const auto y0 = test::random_vector<double>(std::size_t(t ? m.cols : m.rows), 4);
    std::vector<double> expect = y0;
    csr_reference_apply(m.view(), op, 1.5, x.data(), -0.5, expect.data());
    const DeviceBuffer<double> dx = to_device(x);
    DeviceBuffer<double> dy = to_device(y0);
    a.apply(op, 1.5, {dx.data(), MemSpace::device}, -0.5, {dy.data(), MemSpace::device});
    synchronize(a.stream());
    expect_close(to_host(dy), expect, 2 * test::error_bound(m.view(), t, 1.5, x, -0.5, y0));
  }
}

TEST_F(AdaptiveMatrixGpu, ACandidateThatCannotUploadGivesWayAndSaysWhy) {
  const auto m = test::random_csr<double, std::int32_t>({3000, 2000, 0.01, 0.1, 1, 1});
  for (ErrorKind kind : {ErrorKind::unsupported, ErrorKind::out_of_device_memory, ErrorKind::compile}) {
    SCOPED_TRACE(error_kind_name(kind));
    AdaptiveMatrix<double, std::int32_t> a;
    a.set_extra_candidates({refusing<double, std::int32_t>(kind)});
    a.build(m.view());
    ASSERT_EQ(a.placement(), Placement::device) << a.placement_reason();
    // The selector's first choice, after the refusal.
    const auto analysis = analyse_matrix(m.view(), FormatChoice::automatic_choice(), ReorderChoice::automatic);
    EXPECT_EQ(a.format_name(), format_name(analysis.selection.first()));
    ASSERT_EQ(a.skipped().size(), 1u);
    EXPECT_EQ(a.skipped()[0].format, "refusing");
    EXPECT_NE(a.skipped()[0].why.find("refused on purpose"), std::string::npos) << a.skipped()[0].why;
    expect_products_right(a, m);
  }
}

TEST_F(AdaptiveMatrixGpu, TheCallersMistakesAndBugsAreNotSteppedOver) {
  const auto m = test::random_csr<double, std::int32_t>({100, 100, 0.05, 0, 0, 2});
  for (ErrorKind kind : {ErrorKind::invalid_argument, ErrorKind::internal, ErrorKind::cuda}) {
    AdaptiveMatrix<double, std::int32_t> a;
    a.set_extra_candidates({refusing<double, std::int32_t>(kind)});
    try {
      a.build(m.view());
      ADD_FAILURE() << error_kind_name(kind) << " was stepped over";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), kind);
    }
  }
}

TEST_F(AdaptiveMatrixGpu, APerFormatMemoryLimitSendsTheMatrixToTheNextCandidate) {
  const auto m = test::random_csr<double, std::int32_t>({20000, 20000, 0.001, 0, 0, 5});
  MatrixOptions o;
  o.format = FormatChoice::fixed(FormatId::ipcsr);
  o.params.set("ipcsr.memory_limit=0.01");  // MiB: far too small on purpose
  AdaptiveMatrix<double, std::int32_t> a(o);
  a.build(m.view());
  ASSERT_EQ(a.placement(), Placement::device) << a.placement_reason();
  EXPECT_EQ(a.format_name(), "csr");
  ASSERT_EQ(a.skipped().size(), 1u);
  EXPECT_EQ(a.skipped()[0].format, "ipcsr");
  EXPECT_NE(a.skipped()[0].why.find("more than its memory_limit"), std::string::npos) << a.skipped()[0].why;
  expect_products_right(a, m);
}

TEST_F(AdaptiveMatrixGpu, WhenEveryCandidateFailsTheHostRunsWithTheReasons) {
  const auto m = test::random_csr<double, std::int32_t>({20000, 20000, 0.001, 0, 0, 12});
  MatrixOptions o;
  o.device_memory_limit = 1024;  // bytes: far too small on purpose
  AdaptiveMatrix<double, std::int32_t> a(o);
  a.set_extra_candidates({refusing<double, std::int32_t>(ErrorKind::unsupported)});
  a.build(m.view());
  EXPECT_EQ(a.placement(), Placement::host);
  EXPECT_EQ(a.format_name(), "csr");
  EXPECT_NE(a.placement_reason().find("device memory limit"), std::string::npos) << a.placement_reason();
  // refusing, then each of the selector's candidates (for these rows of
  // about 20: segspmv, ipcsr, csr), the last csr.
  const auto analysis = analyse_matrix(m.view(), FormatChoice::automatic_choice(), ReorderChoice::automatic);
  ASSERT_EQ(a.skipped().size(), analysis.selection.candidates.size() + 1);
  EXPECT_EQ(a.skipped()[1].format, format_name(analysis.selection.first()));
  EXPECT_EQ(a.skipped().back().format, "csr");
  const auto x = test::random_vector<double>(20000, 13);
  std::vector<double> y(20000), expect(20000);
  a.apply(Op::plain, 1.0, {x.data()}, 0.0, {y.data()});  // still right, on the host
  csr_reference_apply(m.view(), Op::plain, 1.0, x.data(), 0.0, expect.data());
  EXPECT_EQ(y, expect);
}

TEST_F(AdaptiveMatrixGpu, TheTransposeOfAFormatWithoutOneIsTheCoresMadeOnFirstUseAndRefilled) {
  auto m = test::random_csr<double, std::int32_t>({2500, 1700, 0.01, 0.1, 1, 7});
  AdaptiveMatrix<double, std::int32_t> a;
  a.set_extra_candidates({plain_only<double, std::int32_t>()});
  a.build(m.view());
  ASSERT_EQ(a.placement(), Placement::device) << a.placement_reason();
  ASSERT_EQ(a.format_name(), "plain_only");
  EXPECT_FALSE(a.transpose_fallback_built());
  const std::size_t bytes = a.device_bytes();
  expect_products_right(a, m);  // plain, then transpose
  EXPECT_TRUE(a.transpose_fallback_built());
  EXPECT_GT(a.device_bytes(), bytes);
  for (auto& v : m.values) v = 2 * v - 1;  // the copy is refilled with the matrix
  a.refill(m.view());
  expect_products_right(a, m);
  // A format with its own transpose (ipcsr; auto's argcsr for a matrix this
  // small has none) never needs the copy.
  MatrixOptions own;
  own.format = FormatChoice::fixed(FormatId::ipcsr);
  AdaptiveMatrix<double, std::int32_t> b(own);
  b.build(m.view());
  ASSERT_EQ(b.format_name(), "ipcsr");
  expect_products_right(b, m);
  EXPECT_FALSE(b.transpose_fallback_built());
}

// 64-bit indices (a PETSc configured --with-64-bit-indices) that fit 32 bits
// run as 32-bit ones: the same format and device bytes as the matrix built
// with 32-bit indices, right products, refilled; asked not to, as they are.
TEST_F(AdaptiveMatrixGpu, SixtyFourBitIndicesThatFitRunAsThirtyTwoBitOnes) {
  auto m = test::random_csr<double, std::int64_t>({30000, 20000, 0.002, 0.01, 1, 21});
  test::OwnedCsr<double, std::int32_t> m32;
  m32.rows = std::int32_t(m.rows);
  m32.cols = std::int32_t(m.cols);
  m32.row_ptr.assign(m.row_ptr.begin(), m.row_ptr.end());
  m32.col_idx.assign(m.col_idx.begin(), m.col_idx.end());
  m32.values = m.values;
  for (FormatId id : {FormatId::csr, FormatId::ipcsr, FormatId::suraa}) {
    SCOPED_TRACE(format_name(id));
    MatrixOptions o;
    o.format = FormatChoice::fixed(id);
    AdaptiveMatrix<double, std::int32_t> reference(o);
    reference.build(m32.view());
    AdaptiveMatrix<double, std::int64_t> a(o);
    a.build(m.view());
    ASSERT_EQ(a.placement(), Placement::device) << a.placement_reason();
    EXPECT_EQ(a.format_name(), format_name(id));
    ASSERT_FALSE(a.describe().empty());
    EXPECT_EQ(a.describe()[0].rfind("indices: 64-bit, run as 32-bit", 0), 0u) << a.describe()[0];
    EXPECT_EQ(a.device_bytes(), reference.device_bytes());
    EXPECT_EQ(a.features().nnz, m.row_ptr.back());
    expect_products_right(a, m);
    for (auto& v : m.values) v = 2 * v - 1;
    a.refill(m.view());
    expect_products_right(a, m);

    o.narrow_indices = false;
    AdaptiveMatrix<double, std::int64_t> wide(o);
    wide.build(m.view());
    ASSERT_EQ(wide.placement(), Placement::device) << wide.placement_reason();
    for (const std::string& line : wide.describe()) EXPECT_EQ(line.find("indices:"), std::string::npos) << line;
    EXPECT_GT(wide.device_bytes(), reference.device_bytes());
    expect_products_right(wide, m);
  }
}

// 64-bit indices with more nonzeros than a slab holds (2^30 by default: the
// 2^31 and more that 32-bit row offsets cannot count, made small here) run
// as row slabs of 32-bit indices, each with the format chosen for it: both
// ops right with host and device vectors and on the caller's stream, the
// whole matrix's sizes, a view by slab, and again after a refill.
TEST_F(AdaptiveMatrixGpu, SixtyFourBitIndicesBeyondASlabRunAsRowSlabs) {
  test::Banded grid{40000, 40000, {-200, -1, 0, 1, 200}};
  const std::vector<std::pair<std::string, test::OwnedCsr<double, std::int64_t>>> matrices{
      {"scattered, a dense row", test::random_csr<double, std::int64_t>({30000, 20000, 0.002, 0.01, 1, 22})},
      {"2D 5-point", test::banded<double, std::int64_t>(grid)}};
  for (auto [name, m] : matrices) {
    const std::int64_t nnz = m.row_ptr.back();
    for (FormatChoice choice : {FormatChoice::automatic_choice(), FormatChoice::fixed(FormatId::ipcsr)}) {
      SCOPED_TRACE(name + ", " + format_choice_name(choice));
      MatrixOptions o;
      o.format = choice;
      o.slab_max_nnz = nnz / 3 + nnz / 20;  // three slabs, with room for the rows' ends
      AdaptiveMatrix<double, std::int64_t> a(o);
      a.build(m.view());
      ASSERT_EQ(a.placement(), Placement::device) << a.placement_reason();
      const std::vector<std::string> lines = a.describe();
      ASSERT_FALSE(lines.empty());
      EXPECT_EQ(lines[0].rfind("indices: 64-bit, run as 32-bit in 3 row slabs", 0), 0u) << lines[0];
      EXPECT_EQ(a.features().nnz, nnz);
      EXPECT_EQ(a.features().rows, std::int64_t(m.rows));
      EXPECT_EQ(a.features().max_row, name == "2D 5-point" ? 5 : std::int64_t(m.cols));
      EXPECT_NE(a.selection_reason().find("row slab 3: "), std::string::npos) << a.selection_reason();
      if (!choice.automatic) EXPECT_EQ(a.format_name(), "ipcsr");
      CsrHostFormat<double, std::int64_t> reference;
      reference.build(m.view());
      test::expect_products_match(a, reference, m);
      for (auto& v : m.values) v = 2 * v - 1;
      a.refill(m.view());
      reference.refill(m.view());
      test::expect_products_match(a, reference, m);
      // The caller's stream (the legacy one), as PETSc passes its own.
      const auto x = test::random_vector<double>(std::size_t(m.rows), 5);
      std::vector<double> expect(std::size_t(m.cols), 0.0);
      csr_reference_apply(m.view(), Op::transpose, 1.0, x.data(), 0.0, expect.data());
      const DeviceBuffer<double> dx = to_device(x);
      DeviceBuffer<double> dy = to_device(test::nans<double>(expect.size()));  // beta 0: never read
      a.apply(Op::transpose, 1.0, {dx.data(), MemSpace::device}, 0.0, {dy.data(), MemSpace::device}, nullptr);
      synchronize(nullptr);
      expect_close(to_host(dy), expect, 2 * test::error_bound(m.view(), true, 1.0, x, 0.0, expect));
    }
  }
}

#if AIJADAPTIVE_HAVE_COMPLEX
// Complex values through every format (the diagonal ones give way to csr on
// this matrix): the plain product, the transpose and the conjugate transpose
// (the format's own, or the core's on its CSR copy), device vectors.
TEST_F(AdaptiveMatrixGpu, ComplexProductsOfEveryFormatWithTheConjugateTranspose) {
  using Z = std::complex<double>;
  const auto m = test::random_csr<Z, std::int32_t>({3000, 2000, 0.004, 0.05, 1, 31});
  const Z alpha(1.5, -0.5), beta(-0.5, 0.25);
  for (FormatId id : all_formats()) {
    SCOPED_TRACE(format_name(id));
    MatrixOptions o;
    o.format = FormatChoice::fixed(id);
    AdaptiveMatrix<Z, std::int32_t> a(o);
    a.build(m.view());
    ASSERT_EQ(a.placement(), Placement::device) << a.placement_reason();
    for (Op op : {Op::plain, Op::transpose, Op::conjugate_transpose}) {
      SCOPED_TRACE(op == Op::plain ? "plain" : op == Op::transpose ? "transpose" : "conjugate transpose");
      const bool t = op != Op::plain;
      const auto x = test::random_vector<Z>(std::size_t(t ? m.rows : m.cols), 3);
      const auto y0 = test::random_vector<Z>(std::size_t(t ? m.cols : m.rows), 4);
      std::vector<Z> expect = y0;
      csr_reference_apply(m.view(), op, alpha, x.data(), beta, expect.data());
      const DeviceBuffer<Z> dx = to_device(x);
      DeviceBuffer<Z> dy = to_device(y0);
      a.apply(op, alpha, {dx.data(), MemSpace::device}, beta, {dy.data(), MemSpace::device});
      synchronize(a.stream());
      expect_close(to_host(dy), expect, 2 * test::error_bound(m.view(), t, alpha, x, beta, y0));
    }
  }
}
#endif

// Products alternating between a stream of the caller's (as PETSc's) and the
// matrix's own, without waiting in between: the scratch they share (ipcsr's
// chunk sums of split rows, the reordered matrix's permuted vectors) must be
// ordered, and every result the same bits as one product at a time.
TEST_F(AdaptiveMatrixGpu, ProductsAlternatingBetweenStreamsGiveTheSameBits) {
  // Two dense rows of 12000 (split over several blocks) among rows of about 10.
  constexpr std::size_t n = 12000;
  const auto m = test::random_csr<double, std::int32_t>({n, n, 0.0008, 0, 2, 21});
  for (ReorderChoice reorder : {ReorderChoice::never, ReorderChoice::always}) {
    SCOPED_TRACE(reorder_choice_name(reorder));
    MatrixOptions o;
    o.format = FormatChoice::fixed(FormatId::ipcsr);
    o.reorder = reorder;
    AdaptiveMatrix<double, std::int32_t> a(o);
    a.build(m.view());
    ASSERT_EQ(a.placement(), Placement::device) << a.placement_reason();
    ASSERT_EQ(a.reordered(), reorder == ReorderChoice::always);
    ASSERT_NE(a.describe().back().find("split into"), std::string::npos) << a.describe().back();
    constexpr int kCalls = 12;
    std::vector<DeviceBuffer<double>> xs, ys;
    std::vector<std::vector<double>> alone;
    for (int k = 0; k < kCalls; ++k) {
      xs.push_back(to_device(test::random_vector<double>(n, 100 + k)));
      ys.push_back(DeviceBuffer<double>(n));
      a.apply(Op::plain, 1.0, {xs[k].data(), MemSpace::device}, 0.0, {ys[k].data(), MemSpace::device});
      synchronize(a.stream());
      alone.push_back(to_host(ys[k]));
    }
    OwnedStream caller;
    for (int k = 0; k < kCalls; ++k) {
      const InputVector<double> x{xs[k].data(), MemSpace::device};
      const OutputVector<double> y{ys[k].data(), MemSpace::device};
      const auto poison = test::random_vector<double>(n, 999);  // every result must be written anew
      copy_to_device(ys[k].data(), poison.data(), ys[k].bytes(), caller.get());
      if (k % 2)
        a.apply(Op::plain, 1.0, x, 0.0, y);  // the matrix's own stream
      else
        a.apply(Op::plain, 1.0, x, 0.0, y, caller.get());
    }
    synchronize(caller.get());
    synchronize(a.stream());
    for (int k = 0; k < kCalls; ++k) ASSERT_EQ(to_host(ys[k]), alone[k]) << "call " << k;
  }
}

// The CSR arrays sent during the analysis (csr_prefetch.hpp): each format's
// upload takes or reads them, its products the same bits as without them, a
// refill afterwards still right; a reordered matrix's format leaves them.
TEST_F(AdaptiveMatrixGpu, EveryFormatUsesTheArraysSentDuringTheAnalysis) {
  test::Banded b;
  b.rows = b.cols = 20000;
  b.offsets = {-300, -1, 0, 1, 300};
  b.empty_row_fraction = 0.01;
  auto m = test::banded<double, std::int32_t>(b);
  const auto x = test::random_vector<double>(std::size_t(m.cols), 21);
  const DeviceBuffer<double> dx = to_device(x);
  auto product = [&](AdaptiveMatrix<double, std::int32_t>& a) {
    DeviceBuffer<double> dy(std::size_t(m.rows));
    a.apply(Op::plain, 1.0, {dx.data(), MemSpace::device}, 0.0, {dy.data(), MemSpace::device});
    synchronize(a.stream());
    return to_host(dy);
  };
  for (FormatId id : all_formats()) {
    SCOPED_TRACE(format_name(id));
    MatrixOptions o;
    o.format = FormatChoice::fixed(id);
    o.prefetch_min_nnz = 0;
    AdaptiveMatrix<double, std::int32_t> sent(o);
    sent.build(m.view());
    ASSERT_EQ(sent.placement(), Placement::device) << sent.placement_reason();
    ASSERT_EQ(sent.format_name(), format_name(id));
    ASSERT_FALSE(sent.describe().empty());
    EXPECT_NE(sent.describe()[0].find("sent during the analysis, used by the upload"), std::string::npos)
        << sent.describe()[0];
    o.prefetch_min_nnz = SIZE_MAX;
    AdaptiveMatrix<double, std::int32_t> alone(o);
    alone.build(m.view());
    for (const std::string& line : alone.describe()) EXPECT_EQ(line.find("set-up:"), std::string::npos) << line;
    EXPECT_EQ(product(sent), product(alone));
    expect_products_right(sent, m);
    auto refilled = m;
    for (auto& v : refilled.values) v = 3 * v + 1;
    sent.refill(refilled.view());
    expect_products_right(sent, refilled);
  }
  MatrixOptions o;
  o.format = FormatChoice::fixed(FormatId::ipcsr);
  o.reorder = ReorderChoice::always;
  o.prefetch_min_nnz = 0;
  AdaptiveMatrix<double, std::int32_t> reordered(o);
  reordered.build(m.view());
  ASSERT_TRUE(reordered.reordered());
  ASSERT_FALSE(reordered.describe().empty());
  EXPECT_NE(reordered.describe()[0].find("not used"), std::string::npos) << reordered.describe()[0];
  expect_products_right(reordered, m);
}

// The formats that fill their layout from CSR order (argcsr, inode, segspmv,
// suraa) refill through arrays kept on the device (core/csr_refills.hpp),
// the values sent in pinned pieces: values of more than one piece (16 MiB),
// two refills in a row (the second into the kept arrays), each right, and
// the kept arrays counted in the matrix's device bytes.
TEST_F(AdaptiveMatrixGpu, RefillsOfLayoutFormatsGoThroughKeptArraysInPieces) {
  test::Banded b;
  b.rows = b.cols = 500000;
  b.offsets = {-700, -1, 0, 1, 700};
  auto m = test::banded<double, std::int32_t>(b);
  ASSERT_GT(std::size_t(m.view().nnz()) * sizeof(double), std::size_t(16) << 20);
  const std::size_t kept = (std::size_t(m.rows) + 1) * sizeof(std::int32_t) + std::size_t(m.view().nnz()) * sizeof(double);
  for (FormatId id : {FormatId::argcsr, FormatId::inode, FormatId::segspmv, FormatId::suraa}) {
    SCOPED_TRACE(format_name(id));
    MatrixOptions o;
    o.format = FormatChoice::fixed(id);
    o.reorder = ReorderChoice::never;
    AdaptiveMatrix<double, std::int32_t> a(o);
    a.build(m.view());
    ASSERT_EQ(a.format_name(), format_name(id));
    const std::size_t before = a.device_bytes();
    auto first = m, second = m;
    for (auto& v : first.values) v = 3 * v + 1;
    for (auto& v : second.values) v = 0.5 - v;
    a.refill(first.view());
    expect_products_right(a, first);
    EXPECT_GE(a.device_bytes(), before + kept);
    a.refill(second.view());
    expect_products_right(a, second);
  }
}

// Host vectors streamed (streamed_apply.hpp): x up, row ranges multiplied
// and y down overlapping, for each transfer mode: the same bits as the
// unstreamed path, an unchanged x not sent again, and a matrix whose first
// rows read x's last columns (it waits for all of x) still right.
// Direct copies from pageable vectors take the three loops, from page-locked
// ones (as PETSc's pinned vectors) the work in the order it becomes ready.
void expect_streamed_same_bits(const test::OwnedCsr<double, std::int32_t>& m, FormatId id, std::size_t piece_bytes) {
  auto x = test::random_vector<double>(std::size_t(m.cols), 5);
  auto x2 = x;
  x2[std::size_t(m.cols) - 1] += 1.0;  // only the last column changes
  for (auto [mode, lock] : {std::pair{HostTransfer::staged, false}, std::pair{HostTransfer::direct, false},
                            std::pair{HostTransfer::direct, true}}) {
    SCOPED_TRACE(std::string(format_name(id)) + (mode == HostTransfer::staged ? ", staged" : ", direct") +
                 (lock ? ", page-locked vectors" : ""));
    MatrixOptions o;
    o.format = FormatChoice::fixed(id);
    o.reorder = ReorderChoice::never;
    o.host_transfer = mode;
    o.stream_min_bytes = SIZE_MAX;
    AdaptiveMatrix<double, std::int32_t> whole(o);
    whole.build(m.view());
    o.stream_min_bytes = 0;
    o.stream_piece_bytes = piece_bytes;
    AdaptiveMatrix<double, std::int32_t> streamed(o);
    streamed.build(m.view());
    ASSERT_EQ(streamed.format_name(), format_name(id));
    std::vector<double> expect(std::size_t(m.rows)), got(std::size_t(m.rows), -7.0);
    std::vector<std::unique_ptr<HostRegistration>> locks;
    if (lock)
      for (std::vector<double>* v : {&x, &x2, &got}) {
        locks.push_back(std::make_unique<HostRegistration>(v->data(), v->size() * sizeof(double)));
        ASSERT_TRUE(locks.back()->ok());
        ASSERT_TRUE(page_locked(v->data()));
      }
    whole.apply(Op::plain, 1.5, {x.data()}, 0.0, {expect.data()});
    TransferBytes moved = streamed.apply(Op::plain, 1.5, {x.data(), MemSpace::host, 11}, 0.0, {got.data()});
    EXPECT_EQ(got, expect);
    EXPECT_EQ(moved.to_device, x.size() * sizeof(double));
    EXPECT_EQ(moved.to_host, got.size() * sizeof(double));
    std::fill(got.begin(), got.end(), -7.0);
    moved = streamed.apply(Op::plain, 1.5, {x.data(), MemSpace::host, 11}, 0.0, {got.data()});
    EXPECT_EQ(got, expect);
    EXPECT_EQ(moved.to_device, 0u);  // the same content key: x not sent again
    whole.apply(Op::plain, 1.5, {x2.data()}, 0.0, {expect.data()});
    streamed.apply(Op::plain, 1.5, {x2.data(), MemSpace::host, 12}, 0.0, {got.data()});
    EXPECT_EQ(got, expect);
  }
}

TEST_F(AdaptiveMatrixGpu, StreamedHostVectorsGiveTheSameBits) {
  for (std::int64_t far : {std::int64_t(0), std::int64_t(1999000)}) {
    SCOPED_TRACE("far diagonal " + std::to_string(far));
    test::Banded b;
    b.rows = b.cols = 2100000;  // 16.8 MB of y: pieces of the default size, tapered
    b.offsets = {-3000, -1, 0, 1, 3000};
    if (far) b.offsets.push_back(far);
    const auto m = test::banded<double, std::int32_t>(b);
    for (FormatId id : {FormatId::dia, FormatId::brcsd2}) expect_streamed_same_bits(m, id, std::size_t(2) << 20);
  }
  // ipcsr: two dense rows of 12000 entries, each split over chunk blocks that
  // stay in one range of rows, among rows of about 10; pieces of 8 KiB.
  const auto m = test::random_csr<double, std::int32_t>({12000, 12000, 0.0008, 0.01, 2, 9});
  expect_streamed_same_bits(m, FormatId::ipcsr, std::size_t(8) << 10);
  // inode: groups of 3 rows (windows of 4096 rows: many cuts), and the dense
  // rows of the matrix above as wide groups.
  expect_streamed_same_bits(test::node_csr<double, std::int32_t>({20000, 20000, 0.0003, 0.01, 0, 4},
                                                                 [](std::int64_t) { return 3; }),
                            FormatId::inode, std::size_t(64) << 10);
  expect_streamed_same_bits(m, FormatId::inode, std::size_t(8) << 10);
}

TEST_F(AdaptiveMatrixGpu, PageLockedMemoryIsRecognised) {
  std::vector<double> pageable(1 << 16, 1.0);
  EXPECT_FALSE(page_locked(pageable.data()));
  EXPECT_FALSE(page_locked(nullptr));
  {
    HostRegistration registered(pageable.data(), pageable.size() * sizeof(double));
    ASSERT_TRUE(registered.ok());
    EXPECT_TRUE(page_locked(pageable.data()));
    EXPECT_TRUE(page_locked(pageable.data() + 100));
  }
  EXPECT_FALSE(page_locked(pageable.data()));  // unregistered again
  PinnedBuffer<double> pinned(1000);
  EXPECT_TRUE(page_locked(pinned.data()));
  DeviceBuffer<double> device(1000);
  EXPECT_FALSE(page_locked(device.data()));
}

// Page-locked buffers of pages and of huge pages (from 2 MiB): locked to
// their last byte, and the asynchronous copies through them arrive whole.
TEST_F(AdaptiveMatrixGpu, PinnedBuffersCarryAsynchronousCopies) {
  for (const std::size_t count : {std::size_t(100), std::size_t(3) << 18}) {
    PinnedBuffer<double> up(count), down(count);
    ASSERT_TRUE(page_locked(up.data()));
    EXPECT_TRUE(page_locked(up.data() + count - 1));
    for (std::size_t i = 0; i < count; ++i) up.data()[i] = double(i) + 0.5;
    DeviceBuffer<double> d(count);
    const OwnedStream s;
    copy_to_device(d.data(), up.data(), d.bytes(), s.get());
    copy_to_host(down.data(), d.data(), d.bytes(), s.get());
    synchronize(s.get());
    EXPECT_TRUE(std::equal(up.data(), up.data() + count, down.data())) << count << " values";
  }
}

// The staged copies' page-locked pieces are kept for the next copy, up to a
// limit, and freed by release_device_resources().
TEST_F(AdaptiveMatrixGpu, StagingPiecesAreKeptForTheNextCopy) {
  detail::release_staging_pieces();
  std::vector<PinnedBuffer<unsigned char>> taken;
  std::vector<const void*> addresses;
  for (std::size_t k = 0; k < detail::kKeptStagingPieces + 1; ++k) {
    taken.push_back(detail::take_staging_piece());
    ASSERT_EQ(taken.back().bytes(), detail::kStagingPieceBytes);
    addresses.push_back(taken.back().data());
  }
  for (PinnedBuffer<unsigned char>& piece : taken) detail::keep_staging_piece(std::move(piece));
  EXPECT_NE(taken.back().data(), nullptr) << "one more than the limit stays with its owner";
  for (std::size_t k = 0; k < detail::kKeptStagingPieces; ++k) {
    const PinnedBuffer<unsigned char> again = detail::take_staging_piece();
    EXPECT_NE(std::find(addresses.begin(), addresses.end() - 1, again.data()), addresses.end() - 1) << k;
    detail::keep_staging_piece(PinnedBuffer<unsigned char>(100));  // not a piece: not kept
  }
  detail::release_staging_pieces();
  // A staged copy of several pieces through kept pieces arrives whole.
  std::vector<std::uint32_t> host(5 * detail::kStagingPieceBytes / sizeof(std::uint32_t) / 2);
  for (std::size_t i = 0; i < host.size(); ++i) host[i] = std::uint32_t(i * 2654435761u);
  for (int round = 0; round < 2; ++round) {
    detail::StagedUpload staging;
    const DeviceBuffer<std::uint32_t> d = detail::staged_device_copy_of(host, staging, nullptr);
    synchronize(nullptr);
    EXPECT_EQ(test::to_host(d), host) << "round " << round;
  }
  detail::release_staging_pieces();
}

TEST_F(AdaptiveMatrixGpu, TheCallersCurrentDeviceIsLeftAlone) {
  if (device_count() < 2) GTEST_SKIP() << "needs two GPUs";
  const auto m = test::random_csr<double, std::int32_t>({1000, 1000, 0.01, 0, 0, 9});
  set_device(0);
  MatrixOptions o;
  o.device = 1;
  AdaptiveMatrix<double, std::int32_t> a(o);
  a.build(m.view());
  EXPECT_EQ(a.device(), 1);
  EXPECT_EQ(current_device(), 0);
  const auto x = test::random_vector<double>(1000, 1);
  std::vector<double> y(1000), expect(1000);
  a.apply(Op::plain, 1.0, {x.data()}, 0.0, {y.data()});
  EXPECT_EQ(current_device(), 0);
  csr_reference_apply(m.view(), Op::plain, 1.0, x.data(), 0.0, expect.data());
  expect_close(y, expect, 2 * test::error_bound(m.view(), false, 1.0, x, 0.0, expect));
}

TEST_F(AdaptiveMatrixGpu, ADeviceThatDoesNotExistIsTheCallersMistake) {
  const auto m = test::random_csr<double, std::int32_t>({10, 10, 0.3, 0, 0, 9});
  MatrixOptions o;
  o.device = device_count();
  AdaptiveMatrix<double, std::int32_t> a(o);
  try {
    a.build(m.view());
    FAIL() << "device " << o.device << " was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::invalid_argument);
  }
  EXPECT_FALSE(a.built());  // nothing half-analysed left to run
  std::vector<double> x(10, 1.0), y(10);
  EXPECT_THROW(a.apply(Op::plain, 1.0, {x.data()}, 0.0, {y.data()}), Error);
}

TEST_F(AdaptiveMatrixGpu, ARebuildOnAnotherDeviceLeavesTheOldOnesStreamAndBuffers) {
  if (device_count() < 2) GTEST_SKIP() << "needs two GPUs";
  const auto m = test::random_csr<double, std::int32_t>({1000, 1000, 0.01, 0, 0, 9});
  const auto x = test::random_vector<double>(1000, 1);
  std::vector<double> expect(1000);
  csr_reference_apply(m.view(), Op::plain, 1.0, x.data(), 0.0, expect.data());
  AdaptiveMatrix<double, std::int32_t> a;
  for (int d : {0, 1, 0}) {
    MatrixOptions o;
    o.device = d;
    a.set_options(o);
    a.build(m.view());
    ASSERT_EQ(a.device(), d);
    std::vector<double> y(1000);  // host vectors: staged through the matrix's buffers on its stream
    a.apply(Op::plain, 1.0, {x.data()}, 0.0, {y.data()});
    expect_close(y, expect, 2 * test::error_bound(m.view(), false, 1.0, x, 0.0, expect));
  }
}

}  // namespace
}  // namespace aijadaptive
