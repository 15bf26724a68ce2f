// Format `csr`: the host reference kernel against a dense oracle, on seeded
// generated matrices and the edge cases; the adaptive matrix on the host path.
#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/errors.hpp>
#include <aijadaptive/formats/csr.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "random_csr.hpp"
#include "type_pairs.hpp"

namespace aijadaptive {
namespace {

using test::OwnedCsr;
using test::RandomShape;

template <class P>
class CsrReference : public ::testing::Test {
 public:
  using V = typename P::first_type;
  using I = typename P::second_type;

  // Checks every (op, alpha, beta) combination against the dense oracle
  // (A^H of real values: the transpose, which the oracle conjugates as no-op).
  void check_all(const OwnedCsr<V, I>& m, std::uint64_t seed) {
    for (Op op : {Op::plain, Op::transpose, Op::conjugate_transpose}) {
      const bool t = op != Op::plain;
      const bool conjugate = op == Op::conjugate_transpose;
      const auto x = test::random_vector<V>(std::size_t(t ? m.rows : m.cols), seed);
      const auto y0 = test::random_vector<V>(std::size_t(t ? m.cols : m.rows), seed + 1);
      for (auto [alpha, beta] : {std::pair<V, V>{1, 0}, {1, 1}, {V(-2.5), V(0.5)}, {0, 2}}) {
        auto y = y0;
        csr_reference_apply(m.view(), op, alpha, x.data(), beta, y.data());
        const auto expect = test::dense_apply(m.view(), t, alpha, x, beta, y0, conjugate);
        const double bound = test::error_bound(m.view(), t, alpha, x, beta, y0);
        for (std::size_t r = 0; r < y.size(); ++r)
          ASSERT_LE(test::distance(y[r], expect[r]), bound)
              << "row " << r << " op " << int(op) << " alpha " << alpha << " beta " << beta;
      }
    }
  }
};

using test::TypePairs;
TYPED_TEST_SUITE(CsrReference, TypePairs);

TYPED_TEST(CsrReference, SeededRandomMatrices) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    RandomShape s;
    s.rows = 37 + 13 * seed;
    s.cols = 29 + 17 * seed;  // rectangular both ways
    s.density = 0.02 * seed;
    s.empty_row_fraction = 0.1;
    s.seed = seed;
    this->check_all(test::random_csr<V, I>(s), seed);
  }
}

TYPED_TEST(CsrReference, EdgeCases) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  RandomShape s;
  s.rows = s.cols = 0;  // 0 x 0
  this->check_all(test::random_csr<V, I>(s), 3);
  s.rows = s.cols = 1;  // 1 x 1
  s.density = 1;
  this->check_all(test::random_csr<V, I>(s), 4);
  s.rows = 50;  // all rows empty
  s.cols = 40;
  s.density = 0;
  this->check_all(test::random_csr<V, I>(s), 5);
  s.rows = 64;  // one dense row among sparse ones
  s.cols = 300;
  s.density = 0.01;
  s.dense_rows = 1;
  this->check_all(test::random_csr<V, I>(s), 6);
  s.rows = 3;  // wide
  s.cols = 1000;
  s.dense_rows = 0;
  s.density = 0.3;
  this->check_all(test::random_csr<V, I>(s), 7);
  s.rows = 1000;  // tall
  s.cols = 2;
  this->check_all(test::random_csr<V, I>(s), 8);
}

TYPED_TEST(CsrReference, NanAndInfPropagateFromTheMatrixAndBetaZeroIgnoresY) {
  using V = typename TestFixture::V;
  using I = typename TestFixture::I;
  // [ inf  1 ]   x = [1, 1]  ->  y = [inf, nan]  (nan: 0 * nan in row 1)
  // [ 0  nan ]
  OwnedCsr<V, I> m;
  m.rows = m.cols = 2;
  m.row_ptr = {0, 2, 4};
  m.col_idx = {0, 1, 0, 1};
  m.values = {test::inf<V>(), 1, 0, test::nan<V>()};
  std::vector<V> x = {1, 1};
  std::vector<V> y = {test::nan<V>(), test::nan<V>()};
  csr_reference_apply(m.view(), Op::plain, V(1), x.data(), V(0), y.data());
  EXPECT_TRUE(test::is_inf(y[0]));
  EXPECT_TRUE(test::is_nan(y[1]));

  // A finite matrix with NaN already in y: beta == 0 must not read it.
  m.values = {1, 2, 3, 4};
  y = {test::nan<V>(), test::inf<V>()};
  csr_reference_apply(m.view(), Op::plain, V(1), x.data(), V(0), y.data());
  EXPECT_EQ(y[0], V(3));
  EXPECT_EQ(y[1], V(7));
  y = {test::nan<V>(), test::inf<V>()};
  csr_reference_apply(m.view(), Op::transpose, V(1), x.data(), V(0), y.data());
  EXPECT_EQ(y[0], V(4));
  EXPECT_EQ(y[1], V(6));
}

#if AIJADAPTIVE_HAVE_COMPLEX
TEST(CsrReference, ConjugateTransposeConjugatesTheEntries) {
  // [ 1+2i  3-1i ]   x = [1, i]: A^T x = [1+2i, 4+2i], A^H x = [1-2i, 2+4i];
  // exact in binary, so compared exactly. A^H must differ from A^T in the
  // imaginary parts, or a conjugation lost on the way would go unseen.
  using V = std::complex<double>;
  OwnedCsr<V, std::int32_t> m;
  m.rows = 1;
  m.cols = 2;
  m.row_ptr = {0, 2};
  m.col_idx = {0, 1};
  m.values = {V(1, 2), V(3, -1)};
  const std::vector<V> x = {V(1, 0)};
  std::vector<V> y(2);
  csr_reference_apply(m.view(), Op::transpose, V(1), x.data(), V(0), y.data());
  EXPECT_EQ(y[0], V(1, 2));
  EXPECT_EQ(y[1], V(3, -1));
  csr_reference_apply(m.view(), Op::conjugate_transpose, V(1), x.data(), V(0), y.data());
  EXPECT_EQ(y[0], V(1, -2));
  EXPECT_EQ(y[1], V(3, 1));
  // alpha and beta complex: y = i * A^H * [2i] + (1 - i) * y.
  const std::vector<V> x2 = {V(0, 2)};
  csr_reference_apply(m.view(), Op::conjugate_transpose, V(0, 1), x2.data(), V(1, -1), y.data());
  // i * 2i * (1-2i) + (1-i)(1-2i) = -2(1-2i) + (-1-3i) = -3+1i
  // i * 2i * (3+i)  + (1-i)(3+i)  = -2(3+i)  + (4-2i)  = -2-4i
  EXPECT_EQ(y[0], V(-3, 1));
  EXPECT_EQ(y[1], V(-2, -4));
}
#endif

TEST(CsrReference, MatchesPetscRoundingOfMatMultAndMatMultAdd) {
  // PETSc's MatMult_SeqAIJ sums a row left to right from zero; so must we,
  // bit for bit, for KSP iteration counts to match plain AIJ on the host.
  auto m = test::random_csr<double, std::int32_t>({200, 200, 0.1, 0, 0, 11});
  const auto x = test::random_vector<double>(200, 12);
  std::vector<double> y(200);
  csr_reference_apply(m.view(), Op::plain, 1.0, x.data(), 0.0, y.data());
  for (std::int32_t i = 0; i < m.rows; ++i) {
    double sum = 0;
    for (std::int32_t k = m.row_ptr[i]; k < m.row_ptr[i + 1]; ++k) sum += m.values[k] * x[m.col_idx[k]];
    ASSERT_EQ(y[i], sum) << "row " << i;
  }
  // MatMultAdd_SeqAIJ starts each row from y.
  auto z = test::random_vector<double>(200, 13), z0 = z;
  csr_reference_apply(m.view(), Op::plain, 1.0, x.data(), 1.0, z.data());
  for (std::int32_t i = 0; i < m.rows; ++i) {
    double sum = z0[i];
    for (std::int32_t k = m.row_ptr[i]; k < m.row_ptr[i + 1]; ++k) sum += m.values[k] * x[m.col_idx[k]];
    ASSERT_EQ(z[i], sum) << "row " << i;
  }
}

TEST(CheckCsr, RejectsMalformedMatrices) {
  OwnedCsr<double, std::int32_t> m;
  m.rows = 2;
  m.cols = 2;
  m.row_ptr = {0, 2, 1};  // decreasing
  m.col_idx = {0, 1};
  m.values = {1, 2};
  EXPECT_THROW(check_csr(m.view()), Error);
  m.row_ptr = {0, 1, 2};
  m.col_idx = {0, 2};  // column out of range
  try {
    check_csr(m.view());
    FAIL() << "column 2 of a 2-column matrix was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::invalid_argument);
    EXPECT_NE(std::string(e.what()).find("outside [0, 2)"), std::string::npos) << e.what();
  }
  m.col_idx = {0, 1};
  EXPECT_NO_THROW(check_csr(m.view()));
}

}  // namespace
}  // namespace aijadaptive
