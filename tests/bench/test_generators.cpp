// The generators: valid CSR, deterministic for a seed, the sizes and row
// lengths each one promises, spec parsing.
#include <gtest/gtest.h>

#include <aijadaptive/csr_view.hpp>
#include <aijadaptive/diagonal_search.hpp>
#include <aijadaptive/features.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "generators.hpp"

namespace ab = aijadaptive::bench;

namespace {

template <class V = double, class I = std::int32_t>
ab::HostCsr<V, I> gen(const std::string& spec) {
  return ab::generate<V, I>(ab::parse_generator_spec(spec));
}

template <class V, class I>
aijadaptive::Features features(const ab::HostCsr<V, I>& m) {
  return aijadaptive::compute_features(m.view());
}

std::int64_t row_length(const ab::HostCsr<double, std::int32_t>& m, std::int64_t i) {
  return m.row_ptr[std::size_t(i) + 1] - m.row_ptr[std::size_t(i)];
}

// Entries per diagonal offset (column - row).
std::map<std::int64_t, std::int64_t> diagonals(const ab::HostCsr<double, std::int32_t>& m) {
  std::map<std::int64_t, std::int64_t> count;
  for (std::int32_t i = 0; i < m.rows; ++i)
    for (std::int32_t k = m.row_ptr[std::size_t(i)]; k < m.row_ptr[std::size_t(i) + 1]; ++k)
      ++count[std::int64_t(m.col_idx[std::size_t(k)]) - i];
  return count;
}

// A small instance of every generator, for the properties they all share.
const char* const kSmall[] = {
    "gen:stencil5:n=17",  "gen:stencil9:n=13",          "gen:stencil7:n=6",
    "gen:stencil27:n=5",  "gen:fem:n=7,block=50",       "gen:rmat:scale=9,ef=8",
    "gen:circuit:n=3000,long=3,len=700", "gen:qcd:L=3", "gen:dia1:n=2000",
    "gen:dia2:n=2000",    "gen:dia3:n=2000,seg=64",     "gen:longrows:n=3000,count=2,len=2500"};

}  // namespace

class EveryGenerator : public ::testing::TestWithParam<const char*> {};

TEST_P(EveryGenerator, ValidSortedCsr) {
  const auto m = gen(GetParam());
  ASSERT_GT(m.rows, 0);
  EXPECT_NO_THROW(aijadaptive::check_csr(m.view()));
  EXPECT_EQ(m.row_ptr.size(), std::size_t(m.rows) + 1);
  EXPECT_EQ(m.values.size(), m.col_idx.size());
  for (std::int32_t i = 0; i < m.rows; ++i)
    for (std::int32_t k = m.row_ptr[std::size_t(i)] + 1; k < m.row_ptr[std::size_t(i) + 1]; ++k)
      ASSERT_LT(m.col_idx[std::size_t(k) - 1], m.col_idx[std::size_t(k)]) << GetParam() << " row " << i;
}

TEST_P(EveryGenerator, DeterministicForASeedDifferentForAnother) {
  const std::string spec = GetParam();
  const auto a = gen(spec), b = gen(spec);
  EXPECT_EQ(a.row_ptr, b.row_ptr);
  EXPECT_EQ(a.col_idx, b.col_idx);
  EXPECT_EQ(a.values, b.values);
  const auto c = gen(spec + (spec.find(':', 4) == std::string::npos ? ":" : ",") + "seed=99");
  EXPECT_NE(a.values, c.values) << "the seed changes nothing";
}

// Values are dyadic (k/8): products with x (k/64) and their sums are exact,
// so any order of summation gives the reference's bits (see values.hpp).
TEST_P(EveryGenerator, ValuesAreNonzeroEighthsAndSingleEqualsDouble) {
  const auto d = gen<double>(GetParam());
  const auto f = gen<float>(GetParam());
  ASSERT_EQ(d.values.size(), f.values.size());
  for (std::size_t k = 0; k < d.values.size(); ++k) {
    ASSERT_NE(d.values[k], 0.0);
    ASSERT_EQ(d.values[k] * 8, std::floor(d.values[k] * 8)) << d.values[k];
    ASSERT_EQ(double(f.values[k]), d.values[k]);
  }
}

TEST_P(EveryGenerator, Int64IndicesGiveTheSameMatrix) {
  const auto a = gen<double, std::int32_t>(GetParam());
  const auto b = gen<double, std::int64_t>(GetParam());
  ASSERT_EQ(a.col_idx.size(), b.col_idx.size());
  EXPECT_TRUE(std::equal(a.col_idx.begin(), a.col_idx.end(), b.col_idx.begin()));
  EXPECT_TRUE(std::equal(a.row_ptr.begin(), a.row_ptr.end(), b.row_ptr.begin()));
}

INSTANTIATE_TEST_SUITE_P(Generators, EveryGenerator, ::testing::ValuesIn(kSmall),
                         [](const ::testing::TestParamInfo<const char*>& info) {
                           std::string name = std::string(info.param).substr(4);
                           return name.substr(0, name.find(':'));
                         });

TEST(Stencils, SizesAndRowLengths) {
  struct Case {
    const char* spec;
    std::int64_t rows, nnz, max_row, min_row;
  };
  // n = 10: star nnz = n^d + 2 d (n-1) n^(d-1); box nnz = (3n-2)^d.
  const Case cases[] = {{"gen:stencil5:n=10", 100, 100 + 2 * 2 * 9 * 10, 5, 3},
                        {"gen:stencil9:n=10", 100, 28 * 28, 9, 4},
                        {"gen:stencil7:n=10", 1000, 1000 + 2 * 3 * 9 * 100, 7, 4},
                        {"gen:stencil27:n=10", 1000, 28 * 28 * 28, 27, 8}};
  for (const Case& c : cases) {
    const auto m = gen(c.spec);
    const auto f = features(m);
    EXPECT_EQ(f.rows, c.rows) << c.spec;
    EXPECT_EQ(f.nnz, c.nnz) << c.spec;
    EXPECT_EQ(f.max_row, c.max_row) << c.spec;
    EXPECT_EQ(f.min_row, c.min_row) << c.spec;
  }
}

namespace {

// Values symmetric, negative off the diagonal, the diagonal exactly 1 + the
// sum of the negated rest (strictly dominant); with `eighths`, every value a
// multiple of 1/8 (dyadic: exact in float and in any summation order).
template <class M>
void expect_symmetric_dominant(const M& m, bool eighths) {
  std::map<std::pair<std::int64_t, std::int64_t>, double> a;
  for (std::int32_t i = 0; i < m.rows; ++i)
    for (std::int32_t k = m.row_ptr[std::size_t(i)]; k < m.row_ptr[std::size_t(i) + 1]; ++k)
      a[{i, m.col_idx[std::size_t(k)]}] = m.values[std::size_t(k)];
  for (const auto& [ij, v] : a) {
    if (eighths) EXPECT_EQ(v * 8, std::floor(v * 8)) << v;
    EXPECT_EQ(a.at({ij.second, ij.first}), v);
    if (ij.first != ij.second) EXPECT_LT(v, 0);
  }
  for (std::int32_t i = 0; i < m.rows; ++i) {
    double off = 0;
    for (std::int32_t k = m.row_ptr[std::size_t(i)]; k < m.row_ptr[std::size_t(i) + 1]; ++k)
      if (m.col_idx[std::size_t(k)] != i) off -= m.values[std::size_t(k)];
    EXPECT_EQ(a.at({i, i}), off + 1.0) << "row " << i;
  }
}

}  // namespace

TEST(Stencils, SymmetricAndDiagonallyDominant) {
  expect_symmetric_dominant(gen("gen:stencil27:n=6"), false);
}

TEST(Fem, SymmetricPatternAndMeshLikeRows) {
  const auto m = gen("gen:fem:n=9,block=100");
  const auto f = features(m);
  EXPECT_EQ(f.rows, 729);
  EXPECT_GE(f.min_row, 5);   // a corner node: itself + at least its 4 (of 7) Freudenthal edges
  EXPECT_LE(f.max_row, 27);
  // p = 0 is the plain tetrahedral mesh: 15 per interior row, 14 edges + itself.
  const auto plain = features(gen("gen:fem:n=9,p=0"));
  EXPECT_EQ(plain.max_row, 15);
  EXPECT_GT(f.mean_row, plain.mean_row + 1);  // the extra edges (p = 0.3)
  std::vector<std::vector<std::int32_t>> rows(std::size_t(m.rows));
  for (std::int32_t i = 0; i < m.rows; ++i)
    for (std::int32_t k = m.row_ptr[std::size_t(i)]; k < m.row_ptr[std::size_t(i) + 1]; ++k)
      rows[std::size_t(i)].push_back(m.col_idx[std::size_t(k)]);
  for (std::int32_t i = 0; i < m.rows; ++i)
    for (std::int32_t j : rows[std::size_t(i)])
      EXPECT_TRUE(std::binary_search(rows[std::size_t(j)].begin(), rows[std::size_t(j)].end(), i));
  // Renumbered: the neighbours are not all within a narrow band.
  std::int64_t far = 0;
  for (std::int32_t i = 0; i < m.rows; ++i)
    for (std::int32_t j : rows[std::size_t(i)]) far += std::abs(j - i) > 100;
  EXPECT_GT(far, 0);
}

// dof unknowns per node: dof = 1 must stay the scalar mesh, bit for bit
// (existing results and figures were made with it).
TEST(Fem, OneDofIsTheScalarMesh) {
  for (const char* spec : {"gen:fem:n=9,block=100", "gen:fem:n=6,p=0.8,seed=4"}) {
    const auto a = gen(spec), b = gen(std::string(spec) + ",dof=1");
    EXPECT_EQ(a.row_ptr, b.row_ptr) << spec;
    EXPECT_EQ(a.col_idx, b.col_idx) << spec;
    EXPECT_EQ(a.values, b.values) << spec;
  }
  EXPECT_EQ(ab::parse_generator_spec("gen:fem").integer("dof"), 1);
}

TEST(Fem, VectorDofRowsOfANodeShareTheirColumns) {
  constexpr std::int32_t kDof = 3;
  const auto scalar = gen("gen:fem:n=8,block=100,seed=7");
  const auto m = gen("gen:fem:n=8,block=100,seed=7,dof=3");
  ASSERT_EQ(m.rows, kDof * scalar.rows);
  EXPECT_EQ(m.col_idx.size(), std::size_t(kDof * kDof) * scalar.col_idx.size());
  std::vector<std::vector<std::int32_t>> rows(std::size_t(m.rows));
  for (std::int32_t i = 0; i < m.rows; ++i)
    for (std::int32_t k = m.row_ptr[std::size_t(i)]; k < m.row_ptr[std::size_t(i) + 1]; ++k)
      rows[std::size_t(i)].push_back(m.col_idx[std::size_t(k)]);
  for (std::int32_t i = 0; i < m.rows; ++i) {
    const auto& cols = rows[std::size_t(i)];
    EXPECT_TRUE(std::adjacent_find(cols.begin(), cols.end(), std::greater_equal<>()) == cols.end()) << "row " << i;
    if (i % kDof != 0) EXPECT_EQ(cols, rows[std::size_t(i - 1)]) << "row " << i << " leaves its node's columns";
    for (std::int32_t j : cols)
      EXPECT_TRUE(std::binary_search(rows[std::size_t(j)].begin(), rows[std::size_t(j)].end(), i)) << i << ", " << j;
  }
  // Node by node, the scalar mesh's pattern: row 3r + d holds 3q + e for each of r's columns q.
  for (std::int32_t r = 0; r < scalar.rows; ++r) {
    std::vector<std::int32_t> expected;
    for (std::int32_t k = scalar.row_ptr[std::size_t(r)]; k < scalar.row_ptr[std::size_t(r) + 1]; ++k)
      for (std::int32_t e = 0; e < kDof; ++e) expected.push_back(kDof * scalar.col_idx[std::size_t(k)] + e);
    EXPECT_EQ(rows[std::size_t(kDof * r)], expected) << "node " << r;
  }
}

// Values symmetric, negative off the diagonal, the diagonal 1 + the sum of
// the negated rest: strictly dominant, the node's other unknowns included.
TEST(Fem, VectorDofValuesSymmetricDominantAndDyadic) {
  expect_symmetric_dominant(gen("gen:fem:n=7,block=50,dof=3"), true);
  // The widest dof: every value still exact in float.
  const auto d = gen<double>("gen:fem:n=3,dof=64");
  const auto f = gen<float>("gen:fem:n=3,dof=64");
  ASSERT_EQ(d.values.size(), f.values.size());
  for (std::size_t k = 0; k < d.values.size(); ++k) ASSERT_EQ(double(f.values[k]), d.values[k]);
}

TEST(Qcd, EveryRowHasExactly51) {
  const auto m = gen("gen:qcd:L=4");
  const auto f = features(m);
  EXPECT_EQ(f.rows, 12 * 256);
  EXPECT_EQ(f.min_row, 51);
  EXPECT_EQ(f.max_row, 51);
}

TEST(Rmat, PowerLawRows) {
  const auto m = gen("gen:rmat:scale=14,ef=16");
  const auto f = features(m);
  EXPECT_EQ(f.rows, 1 << 14);
  EXPECT_GT(f.nnz, 14 * (1 << 14) * 0.6);   // ef * rows edges, less repeats
  EXPECT_LT(f.nnz, 16 * (1 << 14) * 1.05);
  EXPECT_GT(f.max_row, 20 * f.mean_row);    // heavy rows
  EXPECT_GT(f.empty_rows, 0);               // and isolated vertices
  EXPECT_GT(f.row_cv, 1.5);
}

TEST(Circuit, MostlyShortRowsAndAFewLongOnes) {
  const auto m = gen("gen:circuit:n=20000,long=5,len=3000");
  const auto f = features(m);
  EXPECT_LE(f.mean_row, 5.5);
  EXPECT_GE(f.max_row, 3000);
  std::int64_t long_rows = 0, short_rows = 0;
  for (std::int64_t i = 0; i < m.rows; ++i) {
    long_rows += row_length(m, i) >= 3000;
    short_rows += row_length(m, i) <= 5;
  }
  EXPECT_EQ(long_rows, 5);
  EXPECT_EQ(short_rows, m.rows - 5);
}

TEST(LongRows, RowsLongerThanABlocksSharedMemory) {
  const auto spec = ab::parse_generator_spec("gen:longrows");
  // Default: 65536 doubles = 512 KiB, beyond the 227 KiB a block may have on Hopper.
  EXPECT_GT(spec.integer("len") * 8, 227 * 1024);
  const auto m = gen("gen:longrows:n=40000,count=3,len=32768,short=6");
  std::int64_t long_rows = 0;
  for (std::int64_t i = 0; i < m.rows; ++i) {
    const std::int64_t len = row_length(m, i);
    if (len == 32768)
      ++long_rows;
    else
      EXPECT_LE(len, 6);
  }
  EXPECT_EQ(long_rows, 3);
}

// DIA-Adaptive's classification (SEEDS.md 2): delta = ceil(n / 100).
TEST(Banded, Dia1NearFullDiagonalsOnly) {
  const std::int64_t n = 5000, delta = 50;
  const auto m = gen("gen:dia1:n=5000,k=9");
  const auto d = diagonals(m);
  EXPECT_EQ(d.size(), 9u);
  for (const auto& [offset, count] : d) {
    EXPECT_LE(std::abs(offset), delta);
    EXPECT_EQ(count, n - std::abs(offset)) << "diagonal " << offset << " is not full";
  }
}

TEST(Banded, Dia2FarFullDiagonals) {
  const std::int64_t n = 5000, delta = 50;
  const auto d = diagonals(gen("gen:dia2:n=5000,k=9"));
  EXPECT_EQ(d.size(), 9u);
  std::int64_t far = 0;
  for (const auto& [offset, count] : d) {
    far += std::abs(offset) > delta;
    EXPECT_EQ(count, n - std::abs(offset)) << "diagonal " << offset << " is not full";
  }
  EXPECT_EQ(far, 6);
}

TEST(Banded, Dia3ZeroSectionsAndScatterPoints) {
  const std::int64_t n = 5000;
  const auto d = diagonals(gen("gen:dia3:n=5000,k=9,seg=100,scatter=5"));
  std::int64_t single = 0, holed = 0;
  for (const auto& [offset, count] : d) {
    single += count == 1;
    holed += count > 1 && count < n - std::abs(offset);
  }
  EXPECT_EQ(single, 5);  // scatter points: a diagonal holding one nonzero
  EXPECT_GE(holed, 5);   // far diagonals with long runs of zeros
  EXPECT_EQ(d.at(0), n);
  EXPECT_EQ(d.at(1), n - 1);
}

// The search engine gives each generator the type it was made for, and the
// stencils of the suite a diagonal type too (the selector offers the DIA
// family for them).
TEST(Banded, TheSearchEngineFindsEachGeneratorsType) {
  using aijadaptive::DiagonalType;
  EXPECT_EQ(aijadaptive::diagonal_search(gen("gen:dia1:n=5000,k=9").view()).type, DiagonalType::dia);
  EXPECT_EQ(aijadaptive::diagonal_search(gen("gen:dia2:n=5000,k=9").view()).type, DiagonalType::brcsd1);
  EXPECT_EQ(aijadaptive::diagonal_search(gen("gen:dia3:n=5000,k=9,seg=300,scatter=5").view()).type,
            DiagonalType::brcsd2);
  for (const char* stencil : {"gen:stencil5:n=100", "gen:stencil9:n=100", "gen:stencil7:n=30", "gen:stencil27:n=30"})
    EXPECT_NE(aijadaptive::diagonal_search(gen(stencil).view()).type, DiagonalType::none) << stencil;
  EXPECT_EQ(aijadaptive::diagonal_search(gen("gen:rmat:scale=12,ef=8").view()).type, DiagonalType::none);
}

TEST(Specs, DefaultsAndOverrides) {
  const auto s = ab::parse_generator_spec("gen:rmat:scale=5,a=0.5");
  EXPECT_EQ(s.name, "rmat");
  EXPECT_EQ(s.integer("scale"), 5);
  EXPECT_EQ(s.real("a"), 0.5);
  EXPECT_EQ(s.real("b"), 0.19);
  EXPECT_EQ(s.integer("seed"), 1);
  EXPECT_TRUE(ab::is_generator_spec("gen:qcd"));
  EXPECT_FALSE(ab::is_generator_spec("qcd.mtx"));
}

TEST(Specs, MistakesAreNamed) {
  const auto message = [](const char* text) {
    try {
      ab::parse_generator_spec(text);
    } catch (const ab::SpecError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message("gen:nope").find("unknown generator 'nope'; valid generators are: stencil5"), std::string::npos);
  EXPECT_NE(message("gen:qcd:n=4").find("unknown key 'n' for generator qcd; valid keys are: L, seed"),
            std::string::npos);
  EXPECT_NE(message("gen:qcd:L=four").find("L=four is not a number"), std::string::npos);
  EXPECT_NE(message("gen:qcd:L=4.5").find("L must be an integer"), std::string::npos);
  EXPECT_NE(message("gen:qcd:L=2").find("L must be in [3, "), std::string::npos);
  EXPECT_NE(message("gen:qcd:L").find("needs a value"), std::string::npos);
  EXPECT_NE(message("gen:rmat:a=0.6,b=0.3,c=0.3").find("a + b + c must be <= 1"), std::string::npos);
  EXPECT_NE(message("gen:circuit:n=10,len=20").find("len must be <= n"), std::string::npos);
  EXPECT_NE(message("gen:dia1:n=1000,k=40").find("k - 1 must be <="), std::string::npos);
  EXPECT_NE(message("gen:fem:dof=0").find("dof must be in [1, 64]"), std::string::npos);
  EXPECT_NE(message("gen:fem:dof=65").find("dof must be in [1, 64]"), std::string::npos);
}

TEST(Specs, TooBigForInt32IsRefusedBeforeAllocating) {
  // 3e9 rows: the check must come before any array of that size.
  EXPECT_THROW((gen<double, std::int32_t>("gen:stencil5:n=55000")), std::exception);
  EXPECT_THROW((gen<double, std::int32_t>("gen:rmat:scale=31")), std::exception);
  // 64000 nodes, over a million node pairs of 64 x 64 entries each: over 2^31 nonzeros.
  EXPECT_THROW((gen<double, std::int32_t>("gen:fem:n=40,dof=64")), std::exception);
}

TEST(Specs, HelpListsEveryGenerator) {
  const std::string help = ab::generator_help();
  for (const char* name : {"stencil5", "stencil9", "stencil7", "stencil27", "fem", "rmat", "circuit", "qcd", "dia1",
                           "dia2", "dia3", "longrows"})
    EXPECT_NE(help.find(std::string("gen:") + name + " "), std::string::npos) << name;
}
