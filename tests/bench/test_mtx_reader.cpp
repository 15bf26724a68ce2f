// The Matrix Market reader: expansion of symmetric files, pattern values,
// gzip, every kind of bad input (message with file and line), real files.
#include <gtest/gtest.h>

#include <complex>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "line_reader.hpp"
#include "mtx_reader.hpp"
#include "mtx_reader_c.h"

#if AIJA_BENCH_HAVE_ZLIB
#include <zlib.h>
#endif

namespace ab = aijadaptive::bench;
namespace fs = std::filesystem;

namespace {

// A file in the test's own scratch folder, removed by the fixture.
class Reader : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(::testing::TempDir()) /
           ("aija_mtx_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string write(const std::string& name, const std::string& text) {
    const std::string path = (dir_ / name).string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
  fs::path dir_;
};

// Dense copy, for easy comparisons of small matrices.
template <class V, class I>
std::vector<std::vector<double>> dense(const ab::HostCsr<V, I>& m) {
  std::vector<std::vector<double>> d(std::size_t(m.rows), std::vector<double>(std::size_t(m.cols), 0.0));
  for (I i = 0; i < m.rows; ++i)
    for (I k = m.row_ptr[std::size_t(i)]; k < m.row_ptr[std::size_t(i) + 1]; ++k)
      d[std::size_t(i)][std::size_t(m.col_idx[std::size_t(k)])] += double(m.values[std::size_t(k)]);
  return d;
}

template <class V, class I>
void expect_sorted_rows(const ab::HostCsr<V, I>& m) {
  for (I i = 0; i < m.rows; ++i)
    for (I k = m.row_ptr[std::size_t(i)] + 1; k < m.row_ptr[std::size_t(i) + 1]; ++k)
      EXPECT_LT(m.col_idx[std::size_t(k) - 1], m.col_idx[std::size_t(k)]) << "row " << i;
}

const char* const kGeneral =
    "%%MatrixMarket matrix coordinate real general\n"
    "% comment\n"
    "\n"
    "3 4 5\n"
    "1 4 2.5\n"
    "1 1 -1e-1\n"
    "3 2 +7\n"
    "2 3 4.0\n"
    "1 4 0.5\n";  // a repeated entry: added

}  // namespace

TEST_F(Reader, GeneralSortsRowsAndAddsDuplicates) {
  ab::MtxInfo info;
  const auto m = ab::read_matrix_market<double, std::int32_t>(write("g.mtx", kGeneral), {}, &info);
  EXPECT_EQ(m.rows, 3);
  EXPECT_EQ(m.cols, 4);
  EXPECT_EQ(m.nnz(), 4u);
  EXPECT_EQ(info.stored, 5);
  EXPECT_EQ(info.duplicates, 1);
  EXPECT_EQ(info.field, "real");
  expect_sorted_rows(m);
  const auto d = dense(m);
  EXPECT_DOUBLE_EQ(d[0][0], -0.1);
  EXPECT_DOUBLE_EQ(d[0][3], 3.0);
  EXPECT_DOUBLE_EQ(d[1][2], 4.0);
  EXPECT_DOUBLE_EQ(d[2][1], 7.0);
}

TEST_F(Reader, SymmetricIsExpandedToFullStorage) {
  const auto m = ab::read_matrix_market<double, std::int64_t>(write("s.mtx",
      "%%MatrixMarket matrix coordinate real symmetric\n3 3 4\n1 1 2\n2 1 -1\n3 1 5\n3 3 4\n"));
  EXPECT_EQ(m.nnz(), 6u);  // 2 diagonal entries + 2 x 2 off-diagonal ones
  const auto d = dense(m);
  EXPECT_EQ(d[0][1], -1);
  EXPECT_EQ(d[1][0], -1);
  EXPECT_EQ(d[0][2], 5);
  EXPECT_EQ(d[2][0], 5);
  EXPECT_EQ(d[0][0], 2);
  EXPECT_EQ(d[2][2], 4);
  expect_sorted_rows(m);
}

TEST_F(Reader, SkewSymmetricMirrorsWithTheOppositeSign) {
  const auto m = ab::read_matrix_market<float, std::int32_t>(write("k.mtx",
      "%%MatrixMarket matrix coordinate real skew-symmetric\n2 2 1\n2 1 3\n"));
  const auto d = dense(m);
  EXPECT_EQ(d[1][0], 3);
  EXPECT_EQ(d[0][1], -3);
}

#if AIJADAPTIVE_HAVE_COMPLEX
// Dense copy of a complex matrix.
template <class T, class I>
std::vector<std::vector<std::complex<double>>> dense_complex(const ab::HostCsr<std::complex<T>, I>& m) {
  std::vector<std::vector<std::complex<double>>> d(std::size_t(m.rows),
                                                   std::vector<std::complex<double>>(std::size_t(m.cols)));
  for (I i = 0; i < m.rows; ++i)
    for (I k = m.row_ptr[std::size_t(i)]; k < m.row_ptr[std::size_t(i) + 1]; ++k)
      d[std::size_t(i)][std::size_t(m.col_idx[std::size_t(k)])] += std::complex<double>(m.values[std::size_t(k)]);
  return d;
}

TEST_F(Reader, ComplexGeneralAndHermitian) {
  using Z = std::complex<double>;
  const std::string general = write("c.mtx",
                                    "%%MatrixMarket matrix coordinate complex general\n2 3 3\n"
                                    "1 1 1.5 -2\n2 3 0 4\n1 1 0.5 1\n");
  const auto g = ab::read_matrix_market<Z, std::int32_t>(general);
  EXPECT_EQ(dense_complex(g), (std::vector<std::vector<Z>>{{Z(2, -1), 0, 0}, {0, 0, Z(0, 4)}}));
  // The mirrored entries of a hermitian file are the conjugates; those of a
  // complex symmetric one the same; of a skew-symmetric one the negatives.
  const char* const body = "3 3 3\n1 1 2 0\n2 1 1 3\n3 2 -1 0.5\n";
  const auto h = ab::read_matrix_market<std::complex<float>, std::int64_t>(
      write("h.mtx", std::string("%%MatrixMarket matrix coordinate complex hermitian\n") + body));
  EXPECT_EQ(dense_complex(h), (std::vector<std::vector<Z>>{
                                  {2, Z(1, -3), 0}, {Z(1, 3), 0, Z(-1, -0.5)}, {0, Z(-1, 0.5), 0}}));
  const auto s = ab::read_matrix_market<Z, std::int32_t>(
      write("s.mtx", std::string("%%MatrixMarket matrix coordinate complex symmetric\n") + body));
  EXPECT_EQ(dense_complex(s)[0][1], Z(1, 3));
  EXPECT_TRUE(ab::matrix_market_is_complex(general));
  // A real file read as complex: imaginary parts 0.
  const auto r = ab::read_matrix_market<Z, std::int32_t>(write("r.mtx", kGeneral));
  for (const Z& v : r.values) EXPECT_EQ(v.imag(), 0.0);
  EXPECT_FALSE(ab::matrix_market_is_complex(write("r2.mtx", kGeneral)));
}

TEST_F(Reader, ComplexDefectsSayWhere) {
  using Z = std::complex<double>;
  const auto message = [&](const std::string& name, const std::string& text) {
    try {
      ab::read_matrix_market<Z, std::int32_t>(write(name, text));
    } catch (const ab::InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const std::string head = "%%MatrixMarket matrix coordinate complex hermitian\n2 2 1\n";
  EXPECT_NE(message("a.mtx", head + "1 2 1\n").find("a.mtx:3: missing imaginary part"), std::string::npos);
  EXPECT_NE(message("b.mtx", head + "1 2 1 x\n").find("b.mtx:3: imaginary part 'x' is not a number"),
            std::string::npos);
  EXPECT_NE(message("c.mtx", head + "2 2 1 1\n").find("c.mtx:3: a hermitian matrix has a real diagonal"),
            std::string::npos);
  EXPECT_NE(message("d.mtx", head + "1 2 1 2 3\n").find("d.mtx:3: unexpected '3'"), std::string::npos);
  // Read into real values: refused, saying why.
  try {
    ab::read_matrix_market<double, std::int32_t>(write("e.mtx", head + "1 2 1 2\n"));
    FAIL();
  } catch (const ab::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("e.mtx:1: a complex matrix needs complex arithmetic"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("aija_mtx_read, reads real files only"), std::string::npos) << e.what();
  }
}
#endif

TEST_F(Reader, IntegerField) {
  ab::MtxInfo info;
  const auto m = ab::read_matrix_market<double, std::int32_t>(
      write("i.mtx", "%%MatrixMarket matrix coordinate integer general\n2 2 2\n1 1 -3\n2 2 12\n"), {}, &info);
  EXPECT_EQ(info.field, "integer");
  EXPECT_EQ(dense(m)[1][1], 12);
  EXPECT_EQ(dense(m)[0][0], -3);
}

TEST_F(Reader, PatternGetsOnesOrSeededSymmetricRandomValues) {
  const std::string path =
      write("p.mtx", "%%MatrixMarket matrix coordinate pattern symmetric\n3 3 3\n1 1\n2 1\n3 2\n");
  const auto ones = ab::read_matrix_market<double, std::int32_t>(path);
  EXPECT_EQ(ones.nnz(), 5u);
  for (double v : ones.values) EXPECT_EQ(v, 1.0);

  ab::MtxOptions random{ab::PatternValues::random, 7};
  const auto a = ab::read_matrix_market<double, std::int32_t>(path, random);
  const auto b = ab::read_matrix_market<double, std::int32_t>(path, random);
  EXPECT_EQ(a.values, b.values);  // seeded: the same twice
  const auto d = dense(a);
  EXPECT_EQ(d[1][0], d[0][1]);  // and still symmetric
  EXPECT_EQ(d[2][1], d[1][2]);
  for (double v : a.values) {
    EXPECT_NE(v, 0.0);
    EXPECT_LE(std::abs(v), 1.0);
  }
  random.seed = 8;
  EXPECT_NE((ab::read_matrix_market<double, std::int32_t>(path, random).values), a.values);
}

TEST_F(Reader, WindowsLineEndingsAndNoFinalNewline) {
  const auto m = ab::read_matrix_market<double, std::int32_t>(
      write("w.mtx", "%%MatrixMarket matrix coordinate real general\r\n2 2 2\r\n1 1 1.5\r\n2 2 2.5"));
  EXPECT_EQ(m.nnz(), 2u);
  EXPECT_EQ(dense(m)[1][1], 2.5);
}

TEST_F(Reader, EmptyMatrix) {
  const auto m = ab::read_matrix_market<double, std::int32_t>(
      write("e.mtx", "%%MatrixMarket matrix coordinate real general\n4 4 0\n"));
  EXPECT_EQ(m.rows, 4);
  EXPECT_EQ(m.nnz(), 0u);
  EXPECT_EQ(m.row_ptr, std::vector<std::int32_t>(5, 0));
}

TEST_F(Reader, GzipGivesTheSameMatrix) {
#if AIJA_BENCH_HAVE_ZLIB
  const std::string plain = write("g.mtx", kGeneral);
  const std::string packed = (dir_ / "g.mtx.gz").string();
  gzFile f = gzopen(packed.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  const std::string text = kGeneral;
  ASSERT_EQ(gzwrite(f, text.data(), unsigned(text.size())), int(text.size()));
  ASSERT_EQ(gzclose(f), Z_OK);
  const auto a = ab::read_matrix_market<double, std::int32_t>(plain);
  const auto b = ab::read_matrix_market<double, std::int32_t>(packed);
  EXPECT_EQ(a.row_ptr, b.row_ptr);
  EXPECT_EQ(a.col_idx, b.col_idx);
  EXPECT_EQ(a.values, b.values);
#else
  GTEST_SKIP() << "built without zlib";
#endif
}

TEST_F(Reader, LinesLongerThanTheReadBuffer) {
  // One comment line of 3 MiB: the reader must grow its buffer, not split the line.
  std::string text = "%%MatrixMarket matrix coordinate real general\n%" + std::string(3 << 20, 'x') +
                     "\n1 1 1\n1 1 9\n";
  const auto m = ab::read_matrix_market<double, std::int32_t>(write("long.mtx", text));
  EXPECT_EQ(dense(m)[0][0], 9);
}

// ---- bad input: InputError "FILE:LINE: ..." -------------------------------------
struct BadCase {
  const char* name;
  const char* text;
  const char* message;  // expected after "FILE:"
};

class BadInput : public Reader, public ::testing::WithParamInterface<BadCase> {};

TEST_P(BadInput, SaysWhereAndWhat) {
  const BadCase& c = GetParam();
  const std::string path = write(std::string(c.name) + ".mtx", c.text);
  try {
    ab::read_matrix_market<double, std::int32_t>(path);
    FAIL() << "no error for " << c.name;
  } catch (const ab::InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind(path + ":" + c.message, 0), 0u) << e.what();
  }
}

const char* const kHead = "%%MatrixMarket matrix coordinate real general\n";

INSTANTIATE_TEST_SUITE_P(
    Reader, BadInput,
    ::testing::Values(
        BadCase{"empty", "", "1: the file is empty"},
        BadCase{"banner", "%MatrixMarket matrix coordinate real general\n1 1 0\n", "1: not a Matrix Market file"},
        BadCase{"object", "%%MatrixMarket vector coordinate real general\n", "1: unsupported object 'vector'"},
        BadCase{"array", "%%MatrixMarket matrix array real general\n2 2\n", "1: dense 'array' files"},
        BadCase{"complex", "%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 0\n",
                "1: a complex matrix needs complex arithmetic"},
        BadCase{"hermitian", "%%MatrixMarket matrix coordinate real hermitian\n", "1: a hermitian matrix must have complex values"},
        BadCase{"field", "%%MatrixMarket matrix coordinate quaternion general\n", "1: unknown field"},
        BadCase{"symmetry", "%%MatrixMarket matrix coordinate real lower\n", "1: unknown symmetry"},
        BadCase{"no_size", "%%MatrixMarket matrix coordinate real general\n% only a comment\n",
                "2: the file ends before the size line"},
        BadCase{"size_two", "%%MatrixMarket matrix coordinate real general\n3 3\n", "2: bad size line"},
        BadCase{"size_negative", "%%MatrixMarket matrix coordinate real general\n3 -3 1\n", "2: bad size line"},
        BadCase{"size_extra", "%%MatrixMarket matrix coordinate real general\n3 3 1 1\n", "2: bad size line"},
        BadCase{"too_few", "%%MatrixMarket matrix coordinate real general\n3 3 3\n1 1 1\n2 2 2\n",
                "4: the file ends after 2 of the 3 entries"},
        BadCase{"too_many", "%%MatrixMarket matrix coordinate real general\n3 3 1\n1 1 1\n% c\n2 2 2\n",
                "5: more entries than the 1 announced"},
        BadCase{"row_zero", "%%MatrixMarket matrix coordinate real general\n3 3 1\n0 1 1\n", "3: row index 0"},
        BadCase{"row_big", "%%MatrixMarket matrix coordinate real general\n3 3 1\n4 1 1\n", "3: row index 4"},
        BadCase{"col_big", "%%MatrixMarket matrix coordinate real general\n3 3 1\n1 9 1\n", "3: column index 9"},
        BadCase{"index_text", "%%MatrixMarket matrix coordinate real general\n3 3 1\n1 x 1\n", "3: bad entry"},
        BadCase{"index_fraction", "%%MatrixMarket matrix coordinate real general\n3 3 1\n1.5 1 1\n", "3: bad entry"},
        BadCase{"value_text", "%%MatrixMarket matrix coordinate real general\n3 3 1\n1 1 one\n",
                "3: value 'one' is not a number"},
        BadCase{"value_inf", "%%MatrixMarket matrix coordinate real general\n3 3 1\n1 1 inf\n",
                "3: value 'inf' is not a finite number"},
        BadCase{"value_missing", "%%MatrixMarket matrix coordinate real general\n3 3 1\n1 1\n", "3: missing value"},
        BadCase{"value_extra", "%%MatrixMarket matrix coordinate real general\n3 3 1\n1 1 1 2\n",
                "3: unexpected '2' after the entry"},
        BadCase{"pattern_value", "%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 1 1\n",
                "3: unexpected '1' after the entry: expected 'row col'"},
        BadCase{"integer_fraction", "%%MatrixMarket matrix coordinate integer general\n3 3 1\n1 1 0.5\n",
                "3: value '0.5' is not an integer"},
        BadCase{"skew_diagonal", "%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 1\n2 2 1\n",
                "3: a skew-symmetric matrix has a zero diagonal"},
        BadCase{"symmetric_rectangular", "%%MatrixMarket matrix coordinate real symmetric\n3 4 1\n",
                "2: a symmetric matrix must be square"}),
    [](const ::testing::TestParamInfo<BadCase>& info) { return std::string(info.param.name); });

TEST_F(Reader, MissingFile) {
  EXPECT_THROW((ab::read_matrix_market<double, std::int32_t>((dir_ / "none.mtx").string())), ab::InputError);
}

TEST_F(Reader, TooBigForInt32SaysUseIndex64) {
  const std::string path = write("big.mtx", std::string(kHead) + "3000000000 3 0\n");
  ab::MtxOptions lots;  // its 3e9 rows need 60 GB: the index check must speak, not the memory check
  lots.memory_limit = 1e18;
  try {
    ab::read_matrix_market<double, std::int32_t>(path, lots);
    FAIL();
  } catch (const ab::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("2: the size 3000000000 x 3"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("--index 64"), std::string::npos) << e.what();
  }
}

// The size line is checked against the memory before anything is allocated.
TEST_F(Reader, MoreThanTheMemoryLimitSaysHowMuch) {
  const std::string path = write("limit.mtx", std::string(kHead) + "% c\n1000 1000 100000\n1 1 1\n");
  ab::MtxOptions small;
  small.memory_limit = 1e6;
  const double needed = ab::matrix_market_bytes(1000, 100000, false, sizeof(double), sizeof(std::int32_t));
  EXPECT_GT(needed, 100000.0 * 24);  // at least the entries as read and the CSR arrays
  char mb[32];
  std::snprintf(mb, sizeof mb, "%.1f MB", needed / 1e6);
  try {
    ab::read_matrix_market<double, std::int32_t>(path, small);
    FAIL();
  } catch (const ab::InputError& e) {
    EXPECT_EQ(std::string(e.what()), path + ":3: the matrix (1000 x 1000, 100000 entries) needs about " + mb +
                                         " to be read, more than the memory limit of 1.0 MB");
  }
  small.memory_limit = needed;  // exactly enough: read on (and the file ends early)
  try {
    ab::read_matrix_market<double, std::int32_t>(path, small);
    FAIL();
  } catch (const ab::InputError& e) {
    EXPECT_NE(std::string(e.what()).find(":4: the file ends after 1 of the 100000 entries"), std::string::npos)
        << e.what();
  }
}

TEST_F(Reader, LargerThanThisMachineSaysSo) {
  ASSERT_GT(ab::physical_memory_bytes(), 0.0);
  const std::string path = write("huge.mtx", std::string(kHead) + "1000000000 1000000000 4000000000000\n");
  try {
    ab::read_matrix_market<double, std::int64_t>(path);
    FAIL();
  } catch (const ab::InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind(path + ":2: the matrix (1000000000 x 1000000000, 4000000000000 entries) "
                                                 "needs about ", 0), 0u) << e.what();
    EXPECT_NE(std::string(e.what()).find("more than this machine's memory ("), std::string::npos) << e.what();
  }
}

// 1e300 is a finite double but not a finite float.
TEST_F(Reader, ValueOutOfRangeForSinglePrecision) {
  const std::string path = write("big_value.mtx", std::string(kHead) + "2 2 2\n1 1 1e300\n2 2 1\n");
  EXPECT_EQ((ab::read_matrix_market<double, std::int32_t>(path).values[0]), 1e300);
  try {
    ab::read_matrix_market<float, std::int32_t>(path);
    FAIL();
  } catch (const ab::InputError& e) {
    EXPECT_EQ(std::string(e.what()), path + ":3: value '1e300' is out of range for single precision");
  }
}

// Each value finite, their sum not: refused, not passed on as inf.
TEST_F(Reader, RepeatedEntriesAddingUpToInfinity) {
  const std::string path = write("dup_inf.mtx", std::string(kHead) + "2 2 3\n2 1 1e308\n1 1 1\n2 1 1e308\n");
  try {
    ab::read_matrix_market<double, std::int64_t>(path);
    FAIL();
  } catch (const ab::InputError& e) {
    EXPECT_EQ(std::string(e.what()), path + ":5: the entries given more than once at (2, 1) add up to a value out "
                                            "of range for double precision (repeated entries are added)");
  }
}

// A file without line ends (a binary file given by mistake) is not buffered whole.
TEST_F(Reader, EndlessLineIsRefused) {
  const std::string path = write("endless.mtx", std::string(kHead) + "%" + std::string((65 << 20), 'x'));
  try {
    ab::read_matrix_market<double, std::int32_t>(path);
    FAIL();
  } catch (const ab::InputError& e) {
    EXPECT_EQ(std::string(e.what()), path + ":2: a line longer than 64 MiB: not a text matrix file?");
  }
}

// The C entry point of the main job: the same matrix, or the same message and status 1.
TEST_F(Reader, CEntryPoint) {
  AijaMtxCsr m;
  char error[256] = "x";
  ASSERT_EQ(aija_mtx_read(write("g.mtx", kGeneral).c_str(), 0, &m, error, sizeof error), 0) << error;
  EXPECT_STREQ(error, "");
  const auto expected = ab::read_matrix_market<double, std::int64_t>((dir_ / "g.mtx").string());
  EXPECT_EQ(m.rows, 3);
  EXPECT_EQ(m.cols, 4);
  ASSERT_EQ(m.nnz, std::int64_t(expected.nnz()));
  EXPECT_EQ(std::vector<std::int64_t>(m.row_ptr, m.row_ptr + m.rows + 1), expected.row_ptr);
  EXPECT_EQ(std::vector<std::int64_t>(m.col_idx, m.col_idx + m.nnz), expected.col_idx);
  EXPECT_EQ(std::vector<double>(m.values, m.values + m.nnz), expected.values);
  aija_mtx_free(&m);
  EXPECT_EQ(m.owner, nullptr);
  aija_mtx_free(&m);  // twice is harmless

  const std::string bad = write("bad.mtx", std::string(kHead) + "3 3 1\n1 9 1\n");
  EXPECT_EQ(aija_mtx_read(bad.c_str(), 0, &m, error, sizeof error), 1);
  EXPECT_EQ(std::string(error), bad + ":3: column index 9 is outside [1, 3]");
  EXPECT_EQ(m.owner, nullptr);
  char tiny[8];  // cut, still terminated
  EXPECT_EQ(aija_mtx_read(bad.c_str(), 0, &m, tiny, sizeof tiny), 1);
  EXPECT_EQ(std::string(tiny), bad.substr(0, 7));
  EXPECT_EQ(aija_mtx_read((dir_ / "none.mtx").string().c_str(), 0, &m, error, sizeof error), 1);
  EXPECT_NE(std::string(error).find("none.mtx: cannot open"), std::string::npos) << error;
}

TEST(ReaderData, TruncatedGzip) {
  if (!ab::gzip_supported()) GTEST_SKIP() << "built without zlib";
  const std::string path = std::string(AIJA_TEST_DATA) + "/truncated.mtx.gz";
  try {
    ab::read_matrix_market<double, std::int32_t>(path);
    FAIL();
  } catch (const ab::InputError& e) {
    EXPECT_NE(std::string(e.what()).find("unexpected end of file"), std::string::npos) << e.what();
  }
}

// The project's real matrices (optional: -DAIJADAPTIVE_BENCH_MATRICES), sizes
// after expansion as their README lists them.
TEST(ReaderData, RealMatricesHaveTheDocumentedSizes) {
  struct Known {
    const char* file;
    std::int64_t rows, cols, nnz;
  };
  const Known known[] = {{"LFAT5.mtx.gz", 14, 14, 46},          // symmetric real
                         {"jgl009.mtx.gz", 9, 9, 50},           // general pattern
                         {"karate.mtx.gz", 34, 34, 156},        // symmetric pattern
                         {"lp_afiro.mtx.gz", 27, 51, 102},      // rectangular
                         {"Andrews.mtx.gz", 60000, 60000, 760154}};  // symmetric integer
  int found = 0;
  for (const Known& k : known) {
    const fs::path p = fs::path(AIJA_TEST_MATRICES) / k.file;
    if (!fs::exists(p)) continue;
    ++found;
    const auto m = ab::read_matrix_market<double, std::int32_t>(p.string());
    EXPECT_EQ(m.rows, k.rows) << k.file;
    EXPECT_EQ(m.cols, k.cols) << k.file;
    EXPECT_EQ(std::int64_t(m.nnz()), k.nnz) << k.file;
    expect_sorted_rows(m);
  }
  if (found == 0)
    GTEST_SKIP() << "no real matrices in " << AIJA_TEST_MATRICES
                 << " (optional: configure with -DAIJADAPTIVE_BENCH_MATRICES=<dir>)";
}

TEST(ReaderData, ComplexRealMatrixIsRefused) {
  const fs::path p = fs::path(AIJA_TEST_MATRICES) / "young1c.mtx.gz";
  if (!fs::exists(p)) GTEST_SKIP() << "no " << p;
  try {
    ab::read_matrix_market<double, std::int32_t>(p.string());
    FAIL();
  } catch (const ab::InputError& e) {
    EXPECT_NE(std::string(e.what()).find(":1: a complex matrix needs complex arithmetic"), std::string::npos) << e.what();
  }
}
