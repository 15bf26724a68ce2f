// GPU faults survived (issue 15 part 6), for every format of the list, with
// the fault injection of include/aijadaptive/fault_injection.hpp:
//   - out of device memory at each allocation of a clean upload in turn (with
//     and without the CSR arrays sent during the analysis): no exception, the
//     format steps aside for a later candidate or the host, the skip names the
//     failed call, the matrix holds no more than a fresh upload of what it
//     chose, nothing is left once it is destroyed, and its products are right;
//   - a failed launch at each launch check of a clean upload: the error
//     (ErrorKind::cuda, naming the launch), nothing held, and upload() again works;
//   - out of device memory (device and pinned) and a failed launch at each
//     call of a first product (device vectors, host vectors, host vectors
//     streamed, the transpose): the documented error, then the next product
//     right, and no leak;
//   - a memory limit (the format's, the device's) that sends the matrix on: no leak;
//   - a real cudaMalloc failure does not poison the next launch check.
#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/device.hpp>
#include <aijadaptive/device_buffer.hpp>
#include <aijadaptive/errors.hpp>
#include <aijadaptive/fault_injection.hpp>
#include <aijadaptive/format_list.hpp>
#include <aijadaptive/packed_arrays.hpp>
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "device_vectors.hpp"
#include "diagonal_checks.hpp"
#include "random_csr.hpp"

namespace aijadaptive {
namespace {

using faults::Site;
using Matrix = AdaptiveMatrix<double, std::int32_t>;
using Csr = test::OwnedCsr<double, std::int32_t>;

// The 2D 5-point stencil of 40 x 40: every format takes it (the diagonal ones too).
const Csr& test_matrix() {
  static const Csr m = test::banded<double, std::int32_t>({1600, 1600, {-40, -1, 0, 1, 40}});
  return m;
}

MatrixOptions options_for(FormatId id, bool prefetch = false) {
  MatrixOptions o;
  o.format = FormatChoice::fixed(id);
  // Deterministic calls: no kernels compiled (and swapped in) in the
  // background, no reordering; the CSR arrays sent during the analysis when asked.
  o.jit = false;
  o.reorder = ReorderChoice::never;
  o.prefetch_min_nnz = prefetch ? 0 : SIZE_MAX;
  return o;
}

std::size_t live() { return faults::counts().device_live_bytes; }
std::size_t pinned_live() { return faults::counts().pinned_live_bytes; }

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A product of the test: y = 1.5 op(A) x - 0.5 y0, with host or device vectors.
struct Product {
  const char* name;
  Op op = Op::plain;
  MemSpace space = MemSpace::device;
  bool streamed = false;  // host vectors sent in pieces (formats with row ranges)
  double beta = -0.5;
};

const std::vector<Product>& products() {
  static const std::vector<Product> p = {{"device vectors", Op::plain, MemSpace::device, false, -0.5},
                                         {"host vectors", Op::plain, MemSpace::host, false, -0.5},
                                         {"host vectors streamed", Op::plain, MemSpace::host, true, 0.0},
                                         {"transpose, device vectors", Op::transpose, MemSpace::device, false, -0.5}};
  return p;
}

// The vectors of a product, made before anything is counted (device ones are
// device_allocate'd too).
struct Vectors {
  std::vector<double> x, y0, expect;
  double bound = 0;
  DeviceBuffer<double> dx, dy;
  Vectors(const Csr& m, const Product& p) {
    const bool t = p.op == Op::transpose;
    x = test::random_vector<double>(std::size_t(t ? m.rows : m.cols), 3);
    y0 = test::random_vector<double>(std::size_t(t ? m.cols : m.rows), 4);
    expect = y0;
    csr_reference_apply(m.view(), p.op, 1.5, x.data(), p.beta, expect.data());
    bound = 2 * test::error_bound(m.view(), t, 1.5, x, p.beta, y0);
    dx = test::to_device(x);
    dy = DeviceBuffer<double>(y0.size());
  }
};

// Runs the product (throwing what apply throws) and checks y when it returns.
void run_product(Matrix& a, const Product& p, Vectors& v) {
  if (p.space == MemSpace::host || a.placement() == Placement::host) {
    std::vector<double> y = v.y0;
    a.apply(p.op, 1.5, {v.x.data(), MemSpace::host}, p.beta, {y.data(), MemSpace::host});
    test::expect_close(y, v.expect, v.bound);
    return;
  }
  copy_to_device(v.dy.data(), v.y0.data(), v.dy.bytes(), nullptr);
  synchronize(nullptr);
  a.apply(p.op, 1.5, {v.dx.data(), MemSpace::device}, p.beta, {v.dy.data(), MemSpace::device});
  synchronize(a.stream());
  test::expect_close(test::to_host(v.dy), v.expect, v.bound);
}

void expect_products_right(Matrix& a) {
  for (const Product& p : products()) {
    SCOPED_TRACE(p.name);
    if (p.op == Op::transpose && a.placement() == Placement::host) continue;  // host: plain is enough
    Vectors v(test_matrix(), p);
    run_product(a, p, v);
  }
}

MatrixOptions options_for(FormatId id, const Product& p) {
  MatrixOptions o = options_for(id);
  if (p.streamed) o.stream_min_bytes = 0;
  return o;
}

// A format that sends its own CSR arrays (the analysis's copy failed) holds
// them in one block, each from an aligned boundary (packed_arrays.hpp): up to
// this much more than the analysis's three arrays, far less than any array
// left behind by a failure.
constexpr std::size_t kOwnArraysPadding = 3 * detail::PackedArrays::kAlignment;

// The device bytes a fresh upload of `format` holds (with `options`).
std::size_t fresh_bytes(FormatId format, MatrixOptions options) {
  options.format = FormatChoice::fixed(format);
  const std::size_t before = live();
  Matrix a(options);
  a.build(test_matrix().view());
  EXPECT_EQ(a.format_name(), format_name(format));
  return live() - before;
}

// Out of device memory at the k-th allocation of the upload, for every k.
void check_allocation_failures_in_upload(FormatId id, bool prefetch) {
  const std::string name = format_name(id);
  const Csr& m = test_matrix();
  const MatrixOptions options = options_for(id, prefetch);
  const std::size_t base = live();
  // The CSR arrays sent during the analysis come first: three allocations,
  // all made before the upload allocates anything (it waits for them).
  const std::uint64_t analysis_calls = prefetch ? 3 : 0;
  std::uint64_t upload_calls = 0;
  {
    const faults::Counts c0 = faults::counts();
    Matrix a(options);
    a.build(m.view());
    upload_calls = faults::counts().device_allocations - c0.device_allocations - analysis_calls;
    ASSERT_EQ(a.placement(), Placement::device) << a.placement_reason();
    ASSERT_EQ(a.format_name(), name) << "the test matrix must suit " << name;
    ASSERT_TRUE(a.skipped().empty()) << a.skipped()[0].why;
  }
  ASSERT_EQ(live(), base) << "a clean upload left device memory behind";
  ASSERT_GT(upload_calls, 0u);
  const std::size_t fresh_self = fresh_bytes(id, options);
  const std::size_t fresh_csr = fresh_bytes(FormatId::csr, options);
  for (std::uint64_t k = 1; k <= analysis_calls + upload_calls; ++k) {
    SCOPED_TRACE(name + (prefetch ? " (arrays sent during the analysis)" : "") + ": allocation " +
                 std::to_string(k) + " of " + std::to_string(analysis_calls + upload_calls) + " fails");
    faults::fail_nth(Site::device_allocation, k);
    {
      Matrix a(options);
      ASSERT_NO_THROW(a.build(m.view()));
      EXPECT_FALSE(faults::pending(Site::device_allocation)) << "the fault did not fire: the upload is not deterministic";
      faults::disarm_all();
      if (k <= analysis_calls) {
        // The arrays sent during the analysis failed: the format sends its own.
        EXPECT_EQ(a.format_name(), name);
        EXPECT_TRUE(a.skipped().empty());
        std::string notes;
        for (const std::string& line : a.describe()) notes += line + "\n";
        EXPECT_TRUE(contains(notes, "failed (cudaMalloc")) << notes;
        EXPECT_LE(live() - base, fresh_self + kOwnArraysPadding);
      } else {
        ASSERT_FALSE(a.skipped().empty());
        EXPECT_EQ(a.skipped()[0].format, name);
        const std::string& why = a.skipped()[0].why;
        EXPECT_TRUE(contains(why, "cudaMalloc(&p, bytes) failed: cudaErrorMemoryAllocation")) << why;
        EXPECT_TRUE(contains(why, "injected")) << why;
        if (id == FormatId::csr) {
          // The last candidate: the host, saying why.
          EXPECT_EQ(a.placement(), Placement::host);
          EXPECT_TRUE(contains(a.placement_reason(), "cudaMalloc")) << a.placement_reason();
          EXPECT_EQ(live(), base);
        } else {
          EXPECT_EQ(a.placement(), Placement::device) << a.placement_reason();
          EXPECT_EQ(a.format_name(), "csr");
          EXPECT_LE(live() - base, fresh_csr + kOwnArraysPadding) << "the failed candidate left buffers behind";
        }
      }
      expect_products_right(a);
    }
    EXPECT_EQ(live(), base) << "device memory left behind after the matrix was destroyed";
  }
}

class FaultsGpu : public ::testing::TestWithParam<FormatId> {
 protected:
  void SetUp() override {
    if (device_count() == 0) GTEST_SKIP() << "no GPU, GPU tests skipped: " << device_status();
    faults::disarm_all();
    faults::set_counting(true);
  }
  void TearDown() override {
    faults::disarm_all();
    faults::set_counting(false);
  }
  FormatId id() const { return GetParam(); }
  std::string name() const { return format_name(GetParam()); }
};

// Out of device memory at each allocation of the upload in turn.
TEST_P(FaultsGpu, OutOfMemoryInTheUploadGivesWayToTheNextCandidate) {
  check_allocation_failures_in_upload(id(), false);
}
TEST_P(FaultsGpu, OutOfMemoryInTheUploadWithTheArraysSentDuringTheAnalysis) {
  check_allocation_failures_in_upload(id(), true);
}

// A failed launch while uploading is the GPU's error, not the format's: it
// reaches the caller, the matrix holds nothing, and upload() again works.
TEST_P(FaultsGpu, ALaunchFailureInTheUploadIsAnErrorAndLeavesNothing) {
  const Csr& m = test_matrix();
  const MatrixOptions options = options_for(id());
  const std::size_t base = live();
  std::uint64_t launches = 0;
  {
    const faults::Counts c0 = faults::counts();
    Matrix a(options);
    a.build(m.view());
    launches = faults::counts().launches - c0.launches;
  }
  if (launches == 0) GTEST_SKIP() << name() << " launches no kernel while uploading";
  for (std::uint64_t k = 1; k <= launches; ++k) {
    SCOPED_TRACE(name() + ": launch " + std::to_string(k) + " of " + std::to_string(launches) + " of the upload fails");
    {
      Matrix a(options);
      faults::fail_nth(Site::launch, k);
      try {
        a.build(m.view());
        ADD_FAILURE() << "no error from the failed launch";
      } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::cuda) << e.what();
        EXPECT_TRUE(contains(e.what(), "failed: cudaErrorLaunchOutOfResources")) << e.what();
        EXPECT_TRUE(contains(e.what(), "kernel launch in ") || contains(e.what(), "cusparseSpMV") ||
                    contains(e.what(), "cudaLaunchKernel"))
            << e.what();
      }
      EXPECT_FALSE(faults::pending(Site::launch));
      EXPECT_EQ(live(), base) << "the failed upload left device memory behind";
      faults::disarm_all();
      ASSERT_NO_THROW(a.upload());
      EXPECT_EQ(a.placement(), Placement::device);
      EXPECT_EQ(a.format_name(), name());
      expect_products_right(a);
    }
    EXPECT_EQ(live(), base);
  }
}

// The first product fails at each of its allocations (device, then pinned)
// and launches in turn: the documented error, then the next product right,
// and nothing left behind.
TEST_P(FaultsGpu, FailuresInTheFirstProductAreErrorsAndTheNextProductIsRight) {
  const Csr& m = test_matrix();
  for (const Product& p : products()) {
    const MatrixOptions options = options_for(id(), p);
    Vectors v(m, p);
    const std::size_t base = live(), pinned_base = pinned_live();
    // What a clean first product calls, and what the matrix holds after it.
    faults::Counts clean;
    std::size_t held = 0;
    {
      Matrix a(options);
      a.build(m.view());
      const faults::Counts c0 = faults::counts();
      run_product(a, p, v);
      const faults::Counts c1 = faults::counts();
      clean.device_allocations = c1.device_allocations - c0.device_allocations;
      clean.pinned_allocations = c1.pinned_allocations - c0.pinned_allocations;
      clean.launches = c1.launches - c0.launches;
      held = live() - base;
    }
    ASSERT_EQ(live(), base);
    ASSERT_GT(clean.launches, 0u) << p.name;
    struct Case {
      Site site;
      std::uint64_t calls;
      ErrorKind kind;
      std::vector<std::string> names;  // one of them in the message
    };
    const std::vector<Case> cases = {
        {Site::device_allocation, clean.device_allocations, ErrorKind::out_of_device_memory, {"cudaMalloc(&p, bytes)"}},
        {Site::pinned_allocation, clean.pinned_allocations, ErrorKind::out_of_device_memory, {"cudaMallocHost(&p, bytes)"}},
        {Site::launch, clean.launches, ErrorKind::cuda, {"kernel launch in ", "cusparseSpMV", "cudaLaunchKernel"}}};
    for (const Case& c : cases) {
      for (std::uint64_t k = 1; k <= c.calls; ++k) {
        SCOPED_TRACE(name() + ", " + p.name + ": " + faults::site_name(c.site) + " " + std::to_string(k) + " of " +
                     std::to_string(c.calls) + " of the first product fails");
        {
          Matrix a(options);
          a.build(m.view());
          faults::fail_nth(c.site, k);
          try {
            run_product(a, p, v);
            ADD_FAILURE() << "no error from the failed call";
          } catch (const Error& e) {
            EXPECT_EQ(e.kind(), c.kind) << e.what();
            EXPECT_TRUE(contains(e.what(), "injected")) << e.what();
            bool named = false;
            for (const std::string& n : c.names) named = named || contains(e.what(), n);
            EXPECT_TRUE(named) << e.what();
          }
          EXPECT_FALSE(faults::pending(c.site));
          faults::disarm_all();
          EXPECT_LE(live() - base, held);
          // The matrix is as it was: the next products are right (twice: the
          // second reuses what the first made).
          run_product(a, p, v);
          run_product(a, p, v);
          EXPECT_EQ(a.format_name(), name());
        }
        EXPECT_EQ(live(), base) << "device memory left behind";
        EXPECT_EQ(pinned_live(), pinned_base) << "pinned memory left behind";
      }
    }
  }
}

// Over the format's own memory limit, and over the device's: the next
// candidate, then the host, nothing left behind.
TEST_P(FaultsGpu, AMemoryLimitSendsTheMatrixOnWithoutLeaks) {
  const Csr& m = test_matrix();
  const std::size_t base = live();
  {
    MatrixOptions options = options_for(id());
    options.params.set(id(), kMemoryLimitParam, "0.001");  // MiB: about 1 KB
    Matrix a(options);
    a.build(m.view());
    ASSERT_FALSE(a.skipped().empty());
    EXPECT_EQ(a.skipped()[0].format, name());
    EXPECT_TRUE(contains(a.skipped()[0].why, "memory_limit")) << a.skipped()[0].why;
    if (id() == FormatId::csr) EXPECT_EQ(a.placement(), Placement::host);
    else EXPECT_EQ(a.format_name(), "csr");
    expect_products_right(a);
  }
  EXPECT_EQ(live(), base);
  {
    MatrixOptions options = options_for(id());
    options.device_memory_limit = 1024;  // bytes
    Matrix a(options);
    a.build(m.view());
    EXPECT_EQ(a.placement(), Placement::host);
    EXPECT_TRUE(contains(a.placement_reason(), "the device memory limit")) << a.placement_reason();
    EXPECT_EQ(live(), base);
    expect_products_right(a);
  }
  EXPECT_EQ(live(), base);
}

INSTANTIATE_TEST_SUITE_P(EveryFormat, FaultsGpu, ::testing::ValuesIn(all_formats()),
                         [](const ::testing::TestParamInfo<FormatId>& info) { return std::string(format_name(info.param)); });

// A real cudaMalloc failure (more than the device has) leaves the context
// usable, and the runtime's "last error" is cleared with it: the next launch
// check must not report it as its own (core/cuda_check.hpp).
TEST(FaultsGpuReal, ARealOutOfMemoryDoesNotPoisonTheNextLaunch) {
  if (device_count() == 0) GTEST_SKIP() << "no GPU, GPU tests skipped: " << device_status();
  const std::size_t too_much = device_memory_info().total_bytes * 2;
  try {
    DeviceBuffer<unsigned char> b(too_much);
    ADD_FAILURE() << "allocating twice the device's memory succeeded";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::out_of_device_memory) << e.what();
    EXPECT_TRUE(contains(e.what(), "cudaMalloc")) << e.what();
    EXPECT_FALSE(contains(e.what(), "injected")) << e.what();
  }
  for (FormatId id : {FormatId::ipcsr, FormatId::dia}) {
    SCOPED_TRACE(format_name(id));
    Matrix a(options_for(id));
    a.build(test_matrix().view());
    EXPECT_EQ(a.format_name(), format_name(id));
    expect_products_right(a);
  }
}

}  // namespace
}  // namespace aijadaptive
