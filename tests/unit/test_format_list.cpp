// The format list: names unique, round trip, choices parse and print. The
// selector on hand-made features, and the analysis that feeds it real matrices.
#include <aijadaptive/analysis.hpp>
#include <aijadaptive/autotune.hpp>
#include <aijadaptive/format_list.hpp>
#include <aijadaptive/reordering.hpp>
#include <aijadaptive/selector.hpp>
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "diagonal_checks.hpp"
#include "node_csr.hpp"
#include "random_csr.hpp"

namespace aijadaptive {
namespace {

TEST(FormatList, NamesAreUniqueAndRoundTrip) {
  std::set<std::string> seen;
  ASSERT_FALSE(all_formats().empty());
  for (FormatId id : all_formats()) {
    const std::string name = format_name(id);
    EXPECT_TRUE(seen.insert(name).second) << "duplicate name " << name;
    EXPECT_NE(name, "auto") << "'auto' is the selector, not a format";
    EXPECT_FALSE(std::string(format_description(id)).empty());
    auto back = format_from_name(name);
    ASSERT_TRUE(back.has_value()) << name;
    EXPECT_EQ(*back, id);
  }
}

TEST(FormatList, ChoicesParseAndListEveryFormat) {
  auto a = parse_format_choice("auto");
  ASSERT_TRUE(a);
  EXPECT_TRUE(a->automatic);
  EXPECT_EQ(format_choice_name(*a), "auto");
  auto c = parse_format_choice("csr");
  ASSERT_TRUE(c);
  EXPECT_FALSE(c->automatic);
  EXPECT_EQ(c->format, FormatId::csr);
  EXPECT_FALSE(parse_format_choice("CSR"));
  EXPECT_FALSE(parse_format_choice(""));
  EXPECT_FALSE(parse_format_choice("bogus"));
  auto t = parse_format_choice("tune");
  ASSERT_TRUE(t);
  EXPECT_TRUE(t->automatic && t->tune);
  EXPECT_EQ(format_choice_name(*t), "tune");
  EXPECT_EQ(*t, FormatChoice::tuned());
  EXPECT_NE(*t, *a);
  EXPECT_NE(*a, *c);
  EXPECT_EQ(*c, FormatChoice::fixed(FormatId::csr));
  EXPECT_NE(*c, FormatChoice::fixed(FormatId::ipcsr));
  const std::string valid = valid_format_choices();
  EXPECT_EQ(valid.rfind("auto, tune", 0), 0u);
  for (FormatId id : all_formats()) EXPECT_NE(valid.find(format_name(id)), std::string::npos);
}

TEST(Selector, HonoursAFixedChoiceAndExplainsAutomaticOnes) {
  Features f;
  f.rows = 1000;
  f.cols = 1000;
  f.nnz = 7000;
  f.mean_row = 7;
  f.max_row = 7;
  for (FormatId id : all_formats()) {
    const Selection s = select_format(f, FormatChoice::fixed(id));
    EXPECT_EQ(s.first(), id);
    EXPECT_NE(s.candidates.front().reason.find("requested"), std::string::npos) << s.candidates.front().reason;
  }
  const Selection s1 = select_format(f, FormatChoice::automatic_choice());
  const Selection s2 = select_format(f, FormatChoice::automatic_choice());
  EXPECT_EQ(s1.first(), s2.first());  // deterministic
  EXPECT_EQ(s1.candidates.front().reason, s2.candidates.front().reason);
  EXPECT_EQ(s1.candidates.front().reason.rfind("auto:", 0), 0u) << s1.candidates.front().reason;
}

Features shape(std::int64_t rows, std::int64_t nnz, double row_cv) {
  Features f;
  f.rows = f.cols = rows;
  f.nnz = nnz;
  f.mean_row = double(nnz) / double(rows);
  // The longest row well under 20 times the mean for a regular cv (the
  // longest row's rule is tested on its own, below).
  f.max_row = std::int64_t(f.mean_row * (1 + 4 * row_cv));
  f.row_cv = row_cv;
  return f;
}

Features scattered(Features f, double ratio) {
  f.gather_sector_ratio = ratio;
  return f;
}

// Auto's candidates for f: `first` (its reason naming `rule`, built at once),
// then ipcsr, then csr.
void expect_then_ipcsr_then_csr(const Features& f, FormatId first, const std::string& rule) {
  const Selection s = select_format(f, FormatChoice::automatic_choice());
  ASSERT_EQ(s.candidates.size(), 3u);
  EXPECT_EQ(s.candidates[0].format, first);
  EXPECT_EQ(s.candidates[1].format, FormatId::ipcsr);
  EXPECT_EQ(s.candidates[2].format, FormatId::csr);
  EXPECT_FALSE(s.candidates[0].costly_build);
  EXPECT_NE(s.candidates[0].reason.find(rule), std::string::npos) << s.candidates[0].reason;
}

// The row statistics of a 27-point stencil (160^3), but features whose
// diagonal search found nothing (diagonal_type none, the default: e.g. more
// than kMaxDiagonals diagonals, or a stencil numbered at random, whose columns
// are scattered; local columns go to inode, see the test
// InodeInSuraasPlaceWhereRegularRowsHaveLocalColumns). A real stencil in
// natural order is diagonal and goes to a diagonal format instead
// (DiagonalTypesGoToTheirFormatThenIpcsrThenCsr, and the analysis below).
TEST(Selector, RegularRowsWithoutADiagonalTypeGoToSuraaWhenLargeElseSegspmv) {
  const Features stencil27_rows = scattered(shape(4096000, 109215352, 0.06), 0.9);
  ASSERT_EQ(stencil27_rows.diagonal_type, DiagonalType::none);
  const Selection s = select_format(stencil27_rows, FormatChoice::automatic_choice());
  ASSERT_EQ(s.candidates.size(), 3u);
  EXPECT_EQ(s.candidates[0].format, FormatId::suraa);
  EXPECT_EQ(s.candidates[1].format, FormatId::ipcsr);
  EXPECT_EQ(s.candidates[2].format, FormatId::csr);
  EXPECT_NE(s.candidates.front().reason.find("regular rows of a large matrix"), std::string::npos)
      << s.candidates.front().reason;
  // Below 1M nonzeros (down to 100k: smaller ones are argcsr's or, of nearly
  // one length, suraa's, below): segspmv, then ipcsr, whatever the row cv up
  // to 2. Large irregular rows go to suraa too (the next test).
  for (const Features& f : {shape(40000, 100000, 2.0), shape(40000, 999999, 0.21), scattered(shape(4875, 315891, 0.3), 0.9),
                            shape(40000, 999999, 0.06), scattered(shape(62032, 243088, 0.07), 0.97),
                            shape(100000, 100000, 0.0)})
    expect_then_ipcsr_then_csr(f, FormatId::segspmv, "from 100k to 1M nonzeros");
  EXPECT_EQ(select_format(scattered(shape(40000, 1000000, 0.06), 0.5), FormatChoice::automatic_choice()).first(),
            FormatId::suraa);
  EXPECT_EQ(select_format(shape(2000000, 24279043, 2.01), FormatChoice::automatic_choice()).first(), FormatId::suraa);
}

Features diagonal(Features f, DiagonalType type, const std::string& reason) {
  f.diagonal_type = type;
  f.diagonal_reason = reason;
  return f;
}

TEST(Selector, DiagonalTypesGoToTheirFormatThenIpcsrThenCsr) {
  // Whatever the row statistics: a regular stencil, and irregular rows with
  // scattered columns in a large matrix (csr without a diagonal type).
  for (const Features& rows : {shape(4096000, 109215352, 0.06), scattered(shape(2097152, 32413378, 10.5), 0.98)}) {
    for (auto [type, format] : {std::pair{DiagonalType::dia, FormatId::dia},
                                {DiagonalType::brcsd1, FormatId::brcsd1},
                                {DiagonalType::brcsd2, FormatId::brcsd2}}) {
      SCOPED_TRACE(format_name(format));
      const std::string why = std::string("type ") + diagonal_type_name(type) + ": the search's words";
      const Selection s = select_format(diagonal(rows, type, why), FormatChoice::automatic_choice());
      ASSERT_EQ(s.candidates.size(), 3u);
      EXPECT_EQ(s.candidates[0].format, format);
      EXPECT_EQ(s.candidates[1].format, FormatId::ipcsr);
      EXPECT_EQ(s.candidates[2].format, FormatId::csr);
      const std::string& reason = s.candidates[0].reason;
      EXPECT_EQ(reason.rfind(std::string("auto: ") + format_name(format), 0), 0u) << reason;
      EXPECT_NE(reason.find("diagonal matrix"), std::string::npos) << reason;
      EXPECT_NE(reason.find(why), std::string::npos) << reason;  // the search's reason, passed on
      for (const Candidate& c : s.candidates) EXPECT_FALSE(c.reason.empty());
      // A fixed choice still wins over the diagonal type.
      EXPECT_EQ(select_format(diagonal(rows, type, why), FormatChoice::fixed(FormatId::ipcsr)).first(),
                FormatId::ipcsr);
    }
  }
}

Features repeated(Features f, double share) {
  f.repeated_rows = share;
  return f;
}

TEST(Selector, RowsRepeatingTheirNeighboursColumnsGoToInodeThenIpcsrThenCsr) {
  // Elasticity (3 unknowns per node: 2/3 of the rows repeat the row before),
  // with regular rows or scattered columns alike.
  for (const Features& f : {repeated(shape(648000, 35105778, 0.18), 2.0 / 3),
                            repeated(scattered(shape(2000000, 24279043, 3.0), 0.95), 0.5)}) {
    const Selection s = select_format(f, FormatChoice::automatic_choice());
    ASSERT_EQ(s.candidates.size(), 3u);
    EXPECT_EQ(s.candidates[0].format, FormatId::inode);
    EXPECT_EQ(s.candidates[1].format, FormatId::ipcsr);
    EXPECT_EQ(s.candidates[2].format, FormatId::csr);
    EXPECT_NE(s.candidates[0].reason.find("repeat the columns of the row before"), std::string::npos)
        << s.candidates[0].reason;
    EXPECT_FALSE(s.candidates[0].costly_build);  // groups of rows: as fast to build as csr's set-up
  }
  // Small matrices (in L2) stay with the rules below (segspmv here); scalar
  // FEM (few repeats) is not inode's. Repeats win over a diagonal type in a
  // large matrix (ex56), not in a small one.
  EXPECT_EQ(select_format(repeated(shape(4884, 290378, 0.29), 0.63), FormatChoice::automatic_choice()).first(),
            FormatId::segspmv);
  EXPECT_EQ(select_format(scattered(repeated(shape(1728000, 32000000, 0.2), 0.1), 0.9),
                          FormatChoice::automatic_choice(), ReorderChoice::never)
                .first(),
            FormatId::suraa);
  EXPECT_EQ(select_format(diagonal(repeated(shape(100000, 700000, 0.0), 0.9), DiagonalType::dia, "banded"),
                          FormatChoice::automatic_choice())
                .first(),
            FormatId::dia);
  EXPECT_EQ(select_format(diagonal(repeated(shape(680943, 53367669, 0.1), 2.0 / 3), DiagonalType::brcsd1, "ex56"),
                          FormatChoice::automatic_choice())
                .first(),
            FormatId::inode);
}

TEST(Selector, IrregularRowsGoToSuraaUnlessScatteredInALargeMatrix) {
  // Measured on the H200: suraa faster than argcsr on the small circuit-like
  // matrices (rajat01's shape first), than ipcsr from 100k to 1M nonzeros
  // (memplus, ca-HepPh, circuit n=100k) and on the large ones, where its
  // set-up, dearer than csr's, is deferred (costly_build); csr on the large
  // power-law graph whose columns are scattered too (rmat).
  for (const Features& f : {scattered(shape(6833, 43250, 4.3), 0.97), scattered(shape(30000, 99999, 2.01), 0.2),
                            scattered(shape(68330, 432500, 4.3), 0.97), scattered(shape(100000, 999999, 3.0), 0.95),
                            scattered(shape(30000, 100000, 2.01), 0.2), scattered(shape(4000000, 17196033, 93.0), 0.73),
                            scattered(shape(2000000, 24279043, 61.0), 0.49), shape(200000, 1000000, 2.01)}) {
    const Selection s = select_format(f, FormatChoice::automatic_choice());
    ASSERT_EQ(s.candidates.size(), 3u);
    EXPECT_EQ(s.candidates[0].format, FormatId::suraa);
    EXPECT_EQ(s.candidates[1].format, FormatId::ipcsr);
    EXPECT_EQ(s.candidates[2].format, FormatId::csr);
    EXPECT_EQ(s.candidates[0].costly_build, f.nnz >= 1000000);
    EXPECT_NE(s.candidates.front().reason.find("irregular rows"), std::string::npos) << s.candidates.front().reason;
  }
  const Selection rmat = select_format(scattered(shape(2097152, 32413378, 10.5), 0.98), FormatChoice::automatic_choice());
  EXPECT_EQ(rmat.first(), FormatId::csr);
  EXPECT_NE(rmat.candidates.front().reason.find("power-law rows"), std::string::npos) << rmat.candidates.front().reason;
  // Just under the power law (row cv 4, or a milder skew's 2.14), or
  // columns just less scattered, or under 1M nonzeros: not csr.
  for (const Features& f :
       {scattered(shape(2097152, 32413378, 4.0), 0.98), scattered(shape(1048576, 16777216, 2.14), 0.94)})
    expect_then_ipcsr_then_csr(f, FormatId::segspmv, "mildly irregular rows (row cv <= 4) with scattered columns");
  EXPECT_EQ(select_format(scattered(shape(2097152, 32413378, 10.5), 0.89), FormatChoice::automatic_choice()).first(),
            FormatId::suraa);
  EXPECT_EQ(select_format(scattered(shape(2097152, 999999, 10.5), 0.98), FormatChoice::automatic_choice()).first(),
            FormatId::suraa);
  // Regular rows of a large matrix go to suraa however scattered (reordering
  // handles those).
  EXPECT_EQ(select_format(scattered(shape(1728000, 31664574, 0.11), 0.98), FormatChoice::automatic_choice()).first(),
            FormatId::suraa);
}

// The same irregular rows and scattered columns from 1M to 6M nonzeros:
// argcsr, then (for milder rows) segspmv, then csr. Measured on the H200: rmat
// scale 18 (3.9M nonzeros, row cv 7) and its milder twin (4.2M, 2.5).
TEST(Selector, IrregularRowsWithScatteredColumnsFrom1MTo6MNonzerosGoToArgcsr) {
  for (const Features& f : {scattered(shape(262144, 3940306, 7.0), 0.98), scattered(shape(262144, 4187730, 2.48), 0.95),
                            scattered(shape(65536, 1000000, 10.0), 0.9), scattered(shape(500000, 5999999, 2.1), 0.99)}) {
    const Selection s = select_format(f, FormatChoice::automatic_choice());
    const bool power_law = f.row_cv > 4;
    ASSERT_EQ(s.candidates.size(), power_law ? 2u : 3u);
    EXPECT_EQ(s.candidates[0].format, FormatId::argcsr);
    EXPECT_TRUE(s.candidates[0].costly_build);
    EXPECT_NE(s.candidates[0].reason.find("scattered columns in a matrix of 1M to 6M nonzeros"), std::string::npos)
        << s.candidates[0].reason;
    if (!power_law) EXPECT_EQ(s.candidates[1].format, FormatId::segspmv);
    EXPECT_EQ(s.candidates.back().format, FormatId::csr);
  }
  // From 6M nonzeros: csr or segspmv (the test above); under 1M or less
  // scattered: suraa.
  EXPECT_EQ(select_format(scattered(shape(500000, 6000000, 7.0), 0.98), FormatChoice::automatic_choice()).first(),
            FormatId::csr);
  EXPECT_EQ(select_format(scattered(shape(262144, 999999, 7.0), 0.98), FormatChoice::automatic_choice()).first(),
            FormatId::suraa);
  EXPECT_EQ(select_format(scattered(shape(262144, 3940306, 7.0), 0.89), FormatChoice::automatic_choice()).first(),
            FormatId::suraa);
}

// A few rows over 20 times the mean make the rows irregular whatever their
// cv: the H200's circuit n=50k (2 rows of 1000, mean 3.5, row cv 1.81).
TEST(Selector, AFewRowsOver20TimesTheMeanMakeTheRowsIrregular) {
  Features circuit = scattered(shape(50000, 176545, 1.81), 0.73);
  circuit.max_row = 1001;
  Features tiny = shape(1000, 5000, 0.5);  // argcsr's, but for its longest row
  tiny.max_row = 101;
  Features large = scattered(shape(4000000, 16000000, 0.5), 0.3);  // inode's, but for its longest row
  large.max_row = 81;
  for (const Features& f : {circuit, tiny, large}) {
    const Selection s = select_format(f, FormatChoice::automatic_choice());
    ASSERT_EQ(s.candidates.size(), 3u);
    EXPECT_EQ(s.candidates[0].format, FormatId::suraa);
    EXPECT_EQ(s.candidates[0].costly_build, f.nnz >= 1000000);
    EXPECT_NE(s.candidates[0].reason.find("a row over 20 times the mean"), std::string::npos) << s.candidates[0].reason;
  }
  // Exactly 20 times the mean is still regular: argcsr and inode.
  tiny.max_row = 100;
  EXPECT_EQ(select_format(tiny, FormatChoice::automatic_choice()).first(), FormatId::argcsr);
  large.max_row = 80;
  EXPECT_EQ(select_format(large, FormatChoice::automatic_choice()).first(), FormatId::inode);
  // With scattered columns in a large matrix, the mild rule: segspmv.
  large.gather_sector_ratio = 0.95;
  large.max_row = 81;
  EXPECT_EQ(select_format(large, FormatChoice::automatic_choice()).first(), FormatId::segspmv);
}

// Irregular rows under 1M nonzeros whose longest row has more than 2048
// entries (more than one block of suraa's single launch): segspmv, then ipcsr,
// then csr. Measured on the H200: mult_dcop_01, circuit n=100k, longrows
// n=10k-50k, rmat scales 14 and 15; suraa kept circuit n=200k (longest 2001).
TEST(Selector, IrregularRowsWithARowOver2048EntriesUnder1MNonzerosGoToSegspmv) {
  Features mult_dcop = shape(25187, 193276, 18.74);
  mult_dcop.max_row = 22767;
  Features rmat14 = scattered(shape(16384, 228142, 3.96), 0.82);
  rmat14.max_row = 2388;
  Features just_over = shape(100000, 999999, 1.0);  // irregular by its longest row alone
  just_over.max_row = 2049;
  for (const Features& f : {mult_dcop, rmat14, just_over})
    expect_then_ipcsr_then_csr(f, FormatId::segspmv, "irregular rows with a row over 2048 entries");
  // A longest row of 2048 or fewer, or 1M nonzeros or more: suraa.
  Features circuit = scattered(shape(200000, 707833, 2.5), 0.74);
  circuit.max_row = 2001;
  just_over.max_row = 2048;
  Features large = mult_dcop;
  large.nnz = 1000000;
  for (const Features& f : {circuit, just_over, large})
    EXPECT_EQ(select_format(f, FormatChoice::automatic_choice()).first(), FormatId::suraa);
}

TEST(Selector, RegularRowsUnder100kNonzerosGoToArgcsrThenIpcsrThenCsr) {
  // Scattered columns or not (a small stencil's, a tiny one's), unless a
  // rule above takes them; irregular rows are suraa's (the test above).
  for (const Features& f : {scattered(shape(6833, 43250, 2.0), 0.97), shape(1000, 5000, 2.0), shape(10, 30, 0.5),
                            shape(40000, 99999, 0.21)}) {
    const Selection s = select_format(f, FormatChoice::automatic_choice());
    ASSERT_EQ(s.candidates.size(), 3u);
    EXPECT_EQ(s.candidates[0].format, FormatId::argcsr);
    EXPECT_EQ(s.candidates[1].format, FormatId::ipcsr);
    EXPECT_EQ(s.candidates[2].format, FormatId::csr);
    EXPECT_NE(s.candidates[0].reason.find("small matrix"), std::string::npos) << s.candidates[0].reason;
  }
  EXPECT_EQ(select_format(shape(40000, 100000, 0.21), FormatChoice::automatic_choice()).first(), FormatId::segspmv);
  // A diagonal type and repeated rows keep their formats (the rules before).
  EXPECT_EQ(select_format(diagonal(shape(10000, 69946, 0.0), DiagonalType::dia, "banded"),
                          FormatChoice::automatic_choice())
                .first(),
            FormatId::dia);
}

TEST(Selector, RowsOfNearlyOneLengthUnder100kNonzerosGoToSuraaThenIpcsrThenCsr) {
  // Row cv up to 0.2, from a 1x3 matrix to one nonzero short of 100k,
  // scattered columns or not.
  for (const Features& f : {shape(1, 3, 0.0), shape(10, 30, 0.2), shape(7920, 31680, 0.0),
                            scattered(shape(62032, 99999, 0.07), 0.97)})
    expect_then_ipcsr_then_csr(f, FormatId::suraa, "rows of nearly one length");
  // Just above: argcsr under 100k; from 100k segspmv, whatever the cv; from
  // 1M the large matrices' rule (suraa, or inode where the columns are local).
  EXPECT_EQ(select_format(shape(10, 30, 0.21), FormatChoice::automatic_choice()).first(), FormatId::argcsr);
  EXPECT_EQ(select_format(shape(40000, 100000, 0.06), FormatChoice::automatic_choice()).first(), FormatId::segspmv);
  EXPECT_EQ(select_format(shape(40000, 999999, 0.21), FormatChoice::automatic_choice()).first(), FormatId::segspmv);
  const Selection large = select_format(scattered(shape(40000, 1000000, 0.06), 0.5), FormatChoice::automatic_choice());
  EXPECT_NE(large.candidates[0].reason.find("regular rows of a large matrix"), std::string::npos)
      << large.candidates[0].reason;
  // A diagonal type keeps its format (the rule before).
  EXPECT_EQ(select_format(diagonal(shape(10000, 69946, 0.0), DiagonalType::dia, "banded"),
                          FormatChoice::automatic_choice())
                .first(),
            FormatId::dia);
}

TEST(Selector, CsrIsAlwaysTheLastCandidateAndNeverTwice) {
  std::vector<Features> shapes = {shape(4096000, 109215352, 0.06), scattered(shape(2097152, 32413378, 10.5), 0.98),
                                  shape(10, 30, 0.5), Features{}};
  for (DiagonalType t : {DiagonalType::dia, DiagonalType::brcsd1, DiagonalType::brcsd2})
    shapes.push_back(diagonal(shape(27000, 183600, 0.05), t, "type"));
  for (const Features& f : shapes) {
    std::vector<FormatChoice> choices = {FormatChoice::automatic_choice()};
    for (FormatId id : all_formats()) choices.push_back(FormatChoice::fixed(id));
    for (const FormatChoice& c : choices) {
      const Selection s = select_format(f, c);
      ASSERT_FALSE(s.candidates.empty());
      EXPECT_EQ(s.candidates.back().format, FormatId::csr) << format_choice_name(c);
      int csr = 0;
      for (const Candidate& k : s.candidates) {
        csr += k.format == FormatId::csr;
        EXPECT_FALSE(k.reason.empty());
      }
      EXPECT_EQ(csr, 1) << format_choice_name(c);
      if (!c.automatic) EXPECT_EQ(s.first(), c.format);
    }
  }
}

TEST(Selector, ReorderingIsDecidedHereFromTheFeaturesIncludingWhatRcmGives) {
  Features f = scattered(shape(2000000, 30000000, 0.3), 0.8);
  const FormatChoice any = FormatChoice::automatic_choice();
  EXPECT_TRUE(wants_rcm_ratio(f, ReorderChoice::automatic));
  EXPECT_FALSE(wants_rcm_ratio(f, ReorderChoice::never));
  EXPECT_FALSE(wants_rcm_ratio(f, ReorderChoice::always));  // no rule to apply
  // RCM not computed, or not local enough: not reordered, and the reason says so.
  Selection s = select_format(f, any, ReorderChoice::automatic);
  EXPECT_FALSE(s.reorder);
  f.rcm_gather_sector_ratio = 0.7 * 0.8 + 0.01;
  s = select_format(f, any, ReorderChoice::automatic);
  EXPECT_FALSE(s.reorder);
  EXPECT_NE(s.reorder_reason.find("not reordered"), std::string::npos) << s.reorder_reason;
  f.rcm_gather_sector_ratio = 0.2;
  s = select_format(f, any, ReorderChoice::automatic);
  EXPECT_TRUE(s.reorder);
  EXPECT_NE(s.reorder_reason.find("after RCM"), std::string::npos) << s.reorder_reason;
  EXPECT_FALSE(select_format(f, any, ReorderChoice::never).reorder);
  EXPECT_FALSE(select_format(f, any).reorder);  // the pure selector's default: never
  Features local = f;
  local.gather_sector_ratio = 0.1;  // a stencil in natural order
  EXPECT_FALSE(wants_rcm_ratio(local, ReorderChoice::automatic));
  EXPECT_FALSE(select_format(local, any, ReorderChoice::automatic).reorder);
  EXPECT_TRUE(select_format(local, any, ReorderChoice::always).reorder);
  Features irregular = f;
  irregular.row_cv = 10;  // power-law rows: measured slower reordered
  EXPECT_FALSE(wants_rcm_ratio(irregular, ReorderChoice::automatic));
  EXPECT_FALSE(select_format(irregular, any, ReorderChoice::automatic).reorder);
  Features small = f;
  small.nnz = 100000;  // stays in L2: the extra passes do not pay
  EXPECT_FALSE(select_format(small, any, ReorderChoice::automatic).reorder);
  Features rectangular = f;
  rectangular.cols = 1000;  // P A P^T needs a square matrix
  EXPECT_FALSE(select_format(rectangular, any, ReorderChoice::always).reorder);
  for (ReorderChoice c : {ReorderChoice::automatic, ReorderChoice::never, ReorderChoice::always})
    EXPECT_EQ(parse_reorder_choice(reorder_choice_name(c)), c);
  EXPECT_FALSE(parse_reorder_choice("yes"));
}

// Power-law rows with scattered columns from 6M nonzeros and up to 2^20 rows
// (R-MAT scale 19 ef 24's features here): auto renumbers them by column
// degree when that order takes the x sectors per nonzero to 0.7 of theirs or
// less, and runs suraa on them; csr as before otherwise. A format the user
// named is not renumbered by this rule; -mat_aijadaptive_reorder degree
// renumbers any square matrix.
TEST(Selector, PowerLawRowsAreRenumberedByColumnDegreeForSuraa) {
  const FormatChoice any = FormatChoice::automatic_choice();
  Features f = scattered(shape(524288, 11774668, 7.68), 0.96);
  EXPECT_TRUE(wants_degree_ratio(f, any, ReorderChoice::automatic));
  EXPECT_TRUE(wants_degree_ratio(f, FormatChoice::tuned(), ReorderChoice::automatic));
  EXPECT_FALSE(wants_rcm_ratio(f, ReorderChoice::automatic));  // irregular rows: not RCM's rule
  for (ReorderChoice c : {ReorderChoice::never, ReorderChoice::always, ReorderChoice::degree})
    EXPECT_FALSE(wants_degree_ratio(f, any, c)) << reorder_choice_name(c);
  EXPECT_FALSE(wants_degree_ratio(f, FormatChoice::fixed(FormatId::suraa), ReorderChoice::automatic));
  // Not computed, or not enough: not reordered, csr as before, and the reason says why.
  for (double ratio : {-1.0, 0.7 * 0.96 + 0.01}) {
    f.degree_gather_sector_ratio = ratio;
    const Selection s = select_format(f, any, ReorderChoice::automatic);
    EXPECT_FALSE(s.reorder);
    EXPECT_EQ(s.first(), FormatId::csr);
    EXPECT_NE(s.reorder_reason.find("not reordered: power-law rows"), std::string::npos) << s.reorder_reason;
  }
  f.degree_gather_sector_ratio = 0.52;
  Selection s = select_format(f, any, ReorderChoice::automatic);
  EXPECT_TRUE(s.reorder);
  EXPECT_EQ(s.order, OrderKind::degree);
  EXPECT_NE(s.reorder_reason.find("reordered (by column degree)"), std::string::npos) << s.reorder_reason;
  ASSERT_EQ(s.candidates.size(), 3u);
  EXPECT_EQ(s.candidates[0].format, FormatId::suraa);
  EXPECT_TRUE(s.candidates[0].costly_build);
  EXPECT_NE(s.candidates[0].reason.find("renumbered by column degree"), std::string::npos) << s.candidates[0].reason;
  EXPECT_EQ(s.candidates[1].format, FormatId::ipcsr);
  EXPECT_EQ(s.candidates[2].format, FormatId::csr);
  EXPECT_FALSE(select_format(f, any, ReorderChoice::never).reorder);
  EXPECT_FALSE(select_format(f, FormatChoice::fixed(FormatId::suraa), ReorderChoice::automatic).reorder);
  // Each bound of the rule: beyond 2^20 rows (x no longer in L2 for its
  // gather), under 6M nonzeros (argcsr's), row cv 4 (segspmv's), columns less
  // scattered, a rectangular matrix.
  Features over = f;
  over.rows = over.cols = (std::int64_t(1) << 20) + 1;
  Features under = f;
  under.nnz = 5999999;
  Features milder = f;
  milder.row_cv = 4.0;
  Features local = f;
  local.gather_sector_ratio = 0.89;
  Features wide = f;
  wide.cols = f.rows + 1;
  for (const Features& g : {over, under, milder, local, wide}) {
    EXPECT_FALSE(wants_degree_ratio(g, any, ReorderChoice::automatic));
    EXPECT_FALSE(select_format(g, any, ReorderChoice::automatic).reorder);
  }
  Features at = f;
  at.rows = at.cols = std::int64_t(1) << 20;
  EXPECT_TRUE(select_format(at, any, ReorderChoice::automatic).reorder);
  // Asked for: any square matrix and format, by column degree; rcm stays RCM.
  const Features regular = shape(10000, 50000, 0.3);
  for (const FormatChoice& c : {any, FormatChoice::fixed(FormatId::ipcsr)}) {
    s = select_format(regular, c, ReorderChoice::degree);
    EXPECT_TRUE(s.reorder);
    EXPECT_EQ(s.order, OrderKind::degree);
    EXPECT_NE(s.reorder_reason.find("by column degree) as requested"), std::string::npos) << s.reorder_reason;
    EXPECT_EQ(select_format(regular, c, ReorderChoice::always).order, OrderKind::rcm);
  }
  for (ReorderChoice c :
       {ReorderChoice::automatic, ReorderChoice::never, ReorderChoice::always, ReorderChoice::degree})
    EXPECT_EQ(parse_reorder_choice(reorder_choice_name(c)), c);
}

// A large regular matrix with local columns goes to inode in suraa's place:
// reordered by RCM within windows (from 4M nonzeros: smaller ones stay in
// L2, suraa's), or not reordered with x
// sectors per nonzero under the scattered mark. Not under RCM over the whole
// matrix, not when scattered columns are left as they are, and never over a
// format the user named.
TEST(Selector, InodeInSuraasPlaceWhereRegularRowsHaveLocalColumns) {
  const FormatChoice any = FormatChoice::automatic_choice();
  Features f = scattered(shape(1728000, 31664574, 0.16), 0.9);  // gen:fem n=120
  f.rcm_gather_sector_ratio = 0.157;
  f.rcm_window = 4096;
  Selection s = select_format(f, any, ReorderChoice::automatic);
  ASSERT_TRUE(s.reorder) << s.reorder_reason;
  EXPECT_EQ(s.first(), FormatId::inode);
  EXPECT_NE(s.candidates.front().reason.find("reordered within windows"), std::string::npos)
      << s.candidates.front().reason;
  EXPECT_EQ(s.candidates.back().format, FormatId::csr);
  const Selection tuned = select_format(f, FormatChoice::tuned(), ReorderChoice::automatic);
  EXPECT_EQ(tuned.first(), FormatId::inode);
  Features global = f;
  global.rcm_window = 0;
  EXPECT_EQ(select_format(global, any, ReorderChoice::automatic).first(), FormatId::suraa);
  Features smaller = scattered(shape(343000, 6219948, 0.12), 0.89);  // gen:fem n=70: y 2.7 MB
  smaller.rcm_gather_sector_ratio = 0.17;
  smaller.rcm_window = 16384;
  const Selection small = select_format(smaller, any, ReorderChoice::automatic);
  ASSERT_TRUE(small.reorder) << small.reorder_reason;
  EXPECT_EQ(small.first(), FormatId::inode);
  // Under 4M nonzeros (gen:fem n=56, 3.2M), reordered within windows: suraa;
  // not reordered but local: inode at any size from 1M.
  Features in_l2 = scattered(shape(175616, 3161406, 0.12), 0.86);
  in_l2.rcm_gather_sector_ratio = 0.17;
  in_l2.rcm_window = 16384;
  const Selection l2 = select_format(in_l2, any, ReorderChoice::automatic);
  ASSERT_TRUE(l2.reorder) << l2.reorder_reason;
  EXPECT_EQ(l2.first(), FormatId::suraa);
  in_l2.nnz = 4000000;
  EXPECT_EQ(select_format(in_l2, any, ReorderChoice::automatic).first(), FormatId::inode);
  EXPECT_EQ(select_format(scattered(shape(175616, 3161406, 0.12), 0.3), any, ReorderChoice::never).first(),
            FormatId::inode);
  EXPECT_EQ(select_format(f, any, ReorderChoice::never).first(), FormatId::suraa);
  const Features renumbered = scattered(shape(1728000, 31664574, 0.11), 0.17);  // fem n=120 renumbered by RCM
  const Selection local = select_format(renumbered, any, ReorderChoice::automatic);
  EXPECT_FALSE(local.reorder);
  EXPECT_EQ(local.first(), FormatId::inode);
  EXPECT_NE(local.candidates.front().reason.find("x sectors per nonzero < 0.50"), std::string::npos)
      << local.candidates.front().reason;
  // Its build (groups of one row) costs more than csr's set-up: worth a
  // deferred set-up. The other candidates, and suraa, are not.
  EXPECT_TRUE(local.candidates.front().costly_build);
  for (std::size_t c = 1; c < local.candidates.size(); ++c) EXPECT_FALSE(local.candidates[c].costly_build);
  EXPECT_FALSE(select_format(global, any, ReorderChoice::automatic).candidates.front().costly_build);
  EXPECT_EQ(select_format(scattered(renumbered, 0.5), any, ReorderChoice::never).first(), FormatId::suraa);
  EXPECT_EQ(select_format(f, FormatChoice::fixed(FormatId::suraa), ReorderChoice::always).first(), FormatId::suraa);
}

// ---- the analysis: real matrices through the search engine to the selector ------

bool is_diagonal_format(FormatId id) {
  return id == FormatId::dia || id == FormatId::brcsd1 || id == FormatId::brcsd2;
}

FormatId format_of(DiagonalType t) {
  return t == DiagonalType::dia ? FormatId::dia : t == DiagonalType::brcsd1 ? FormatId::brcsd1 : FormatId::brcsd2;
}

// The 3D 7-point Laplacian on an n^3 grid in natural order (x fastest), the
// matrix of tests/petsc/plain_solver.c: offsets 0, +-1, +-n, +-n^2, with the
// grid's faces cutting them.
test::OwnedCsr<double, std::int32_t> stencil7(std::int32_t n) {
  test::OwnedCsr<double, std::int32_t> m;
  m.rows = m.cols = n * n * n;
  m.row_ptr.assign(1, 0);
  for (std::int32_t z = 0; z < n; ++z)
    for (std::int32_t y = 0; y < n; ++y)
      for (std::int32_t x = 0; x < n; ++x) {
        const std::int32_t i = (z * n + y) * n + x;
        auto add = [&](std::int32_t col, double v) {
          m.col_idx.push_back(col);
          m.values.push_back(v);
        };
        if (z > 0) add(i - n * n, -1);
        if (y > 0) add(i - n, -1);
        if (x > 0) add(i - 1, -1);
        add(i, 6);
        if (x < n - 1) add(i + 1, -1);
        if (y < n - 1) add(i + n, -1);
        if (z < n - 1) add(i + n * n, -1);
        m.row_ptr.push_back(std::int32_t(m.col_idx.size()));
      }
  return m;
}

void expect_diagonal_selection(const Analysis<double, std::int32_t>& a, const std::vector<std::int64_t>& offsets) {
  const Features& f = a.features;
  ASSERT_NE(f.diagonal_type, DiagonalType::none) << f.diagonal_reason;
  EXPECT_EQ(f.diagonal_offsets, offsets);
  const auto& c = a.selection.candidates;
  ASSERT_FALSE(c.empty());
  EXPECT_TRUE(is_diagonal_format(c.front().format)) << format_name(c.front().format) << ": " << c.front().reason;
  EXPECT_EQ(c.front().format, format_of(f.diagonal_type)) << f.diagonal_reason;
  EXPECT_NE(c.front().reason.find(f.diagonal_reason), std::string::npos) << c.front().reason;
  EXPECT_EQ(c.back().format, FormatId::csr);
  EXPECT_FALSE(a.selection.reorder);
}

TEST(Analysis, ADiagonalMatrixGoesToADiagonalFormatFirstAndCsrLast) {
  const FormatChoice any = FormatChoice::automatic_choice();
  {
    SCOPED_TRACE("3D 7-point stencil, 30^3");
    const auto m = stencil7(30);
    expect_diagonal_selection(analyse_matrix(m.view(), any, ReorderChoice::never), {-900, -30, -1, 0, 1, 30, 900});
  }
  {
    SCOPED_TRACE("tridiagonal, 1000");
    const auto m = test::banded<double, std::int32_t>({1000, 1000, {-1, 0, 1}});
    expect_diagonal_selection(analyse_matrix(m.view(), any, ReorderChoice::never), {-1, 0, 1});
  }
}

TEST(Analysis, ARandomMatrixIsNotDiagonal) {
  // Some 1% of 3000 columns per row: thousands of diagonals, none full.
  const auto m = test::random_csr<double, std::int32_t>({3000, 3000, 0.01, 0, 0, 5});
  const auto a = analyse_matrix(m.view(), FormatChoice::automatic_choice(), ReorderChoice::never);
  EXPECT_EQ(a.features.diagonal_type, DiagonalType::none) << a.features.diagonal_reason;
  EXPECT_TRUE(a.features.diagonal_offsets.empty());
  for (const Candidate& c : a.selection.candidates) EXPECT_FALSE(is_diagonal_format(c.format)) << c.reason;
  EXPECT_EQ(a.selection.candidates.back().format, FormatId::csr);
  const double repeated = compute_features(m.view()).repeated_rows;  // not measured by the analysis at this size
  EXPECT_GE(repeated, 0.0);
  EXPECT_LT(repeated, 0.01);
}

TEST(Analysis, RowsOfThreeUnknownsPerNodeGoToInode) {
  const auto m = test::node_csr<double, std::int32_t>({8000, 8000, 0.002, 0, 0, 6}, [](std::int64_t) { return 3; });
  ASSERT_GE(m.values.size(), 1000000u);  // large: beyond L2
  const auto a = analyse_matrix(m.view(), FormatChoice::automatic_choice(), ReorderChoice::never);
  EXPECT_NEAR(a.features.repeated_rows, 2.0 / 3, 1e-3);
  EXPECT_EQ(a.selection.first(), FormatId::inode) << a.selection.candidates.front().reason;
  // The inode rule comes before the diagonal formats: auto skips the search;
  // tune, whose list could hold a diagonal format, does not.
  EXPECT_EQ(a.features.diagonal_reason, "not searched: a rule before the diagonal formats decided");
  const auto tuned = analyse_matrix(m.view(), FormatChoice::tuned(), ReorderChoice::never);
  EXPECT_EQ(tuned.features.diagonal_reason.rfind("not diagonal", 0), 0u) << tuned.features.diagonal_reason;
  EXPECT_EQ(tuned.selection.first(), FormatId::inode);
}

// The analysis computes the column-degree order where the rule asks for its
// ratio, and builds B from it when the selector keeps it. The rule's features
// (from 6M nonzeros) are given as known ones for a small graph of 64 hub
// columns spread over the numbering, whose order and ratio are computed.
TEST(Analysis, ThePowerLawRuleRenumbersByTheColumnDegreeOrder) {
  const std::int64_t n = 8192;
  const auto m = test::hub_graph<double, std::int32_t>(n, 64, 6, 3);
  Features known = scattered(shape(n, 11774668, 7.68), 0.96);
  const auto a = analyse_matrix(m.view(), FormatChoice::automatic_choice(), ReorderChoice::automatic,
                                kTuneCandidates, 0, &known);
  EXPECT_EQ(a.features.degree_gather_sector_ratio, gather_sector_ratio(m.view(), degree_order(m.view())));
  EXPECT_LT(a.features.rcm_gather_sector_ratio, 0.0);  // RCM's rule does not apply
  ASSERT_TRUE(a.selection.reorder) << a.selection.reorder_reason;
  EXPECT_EQ(a.selection.first(), FormatId::suraa);
  ASSERT_TRUE(a.reordering);
  EXPECT_EQ(a.reordering->permutation.kind, OrderKind::degree);
  EXPECT_EQ(a.reordering->permutation.new_to_old, degree_order(m.view()).new_to_old);
  // Asked for by the user: the same order under any format; never: none computed.
  const auto asked = analyse_matrix(m.view(), FormatChoice::fixed(FormatId::ipcsr), ReorderChoice::degree);
  ASSERT_TRUE(asked.reordering);
  EXPECT_EQ(asked.reordering->permutation.new_to_old, a.reordering->permutation.new_to_old);
  const auto never = analyse_matrix(m.view(), FormatChoice::automatic_choice(), ReorderChoice::never,
                                    kTuneCandidates, 0, &known);
  EXPECT_LT(never.features.degree_gather_sector_ratio, 0.0);
  EXPECT_FALSE(never.reordering);
}

TEST(Selector, TheDiagonalSearchRunsOnlyWhereItsVerdictIsRead) {
  const Features inode = repeated(shape(648000, 35105778, 0.18), 2.0 / 3);
  const Features plain = shape(648000, 35105778, 0.18);
  EXPECT_FALSE(wants_diagonal_search(inode, FormatChoice::automatic_choice()));
  EXPECT_TRUE(wants_diagonal_search(plain, FormatChoice::automatic_choice()));
  EXPECT_TRUE(wants_diagonal_search(inode, FormatChoice::tuned()));
  EXPECT_TRUE(wants_diagonal_search(plain, FormatChoice::tuned()));
  for (FormatId id : all_formats())
    EXPECT_EQ(wants_diagonal_search(plain, FormatChoice::fixed(id)), is_diagonal_format(id)) << format_name(id);
}

// Tune: auto's choice first (its reason kept), then the formats that the
// oracle table found fastest where auto's was not, without repeats, the
// requested number of them timed, and csr always last.
void expect_tune_list(const Features& f, const std::vector<FormatId>& expected) {
  const Selection automatic = select_format(f, FormatChoice::automatic_choice());
  const Selection all = select_format(f, FormatChoice::tuned(), ReorderChoice::never, 100);
  ASSERT_EQ(all.timed, expected.size());
  std::vector<FormatId> timed;
  for (std::size_t k = 0; k < all.timed; ++k) timed.push_back(all.candidates[k].format);
  EXPECT_EQ(timed, expected);
  EXPECT_EQ(all.candidates.back().format, FormatId::csr);
  EXPECT_NE(all.candidates.front().reason.find(automatic.candidates.front().reason), std::string::npos)
      << all.candidates.front().reason;
  for (int count = 1; count <= 4; ++count) {
    SCOPED_TRACE(count);
    const Selection s = select_format(f, FormatChoice::tuned(), ReorderChoice::never, count);
    ASSERT_EQ(s.timed, std::size_t(count));
    ASSERT_GE(s.candidates.size(), std::size_t(count));
    for (int k = 0; k < count; ++k) {
      EXPECT_EQ(s.candidates[std::size_t(k)].format, expected[std::size_t(k)]);
      EXPECT_EQ(s.candidates[std::size_t(k)].reason.rfind("tune: candidate " + std::to_string(k + 1), 0), 0u)
          << s.candidates[std::size_t(k)].reason;
    }
    EXPECT_EQ(s.candidates.back().format, FormatId::csr);
    EXPECT_LE(s.candidates.size(), std::size_t(count) + 1);
  }
  EXPECT_EQ(select_format(f, FormatChoice::automatic_choice()).timed, 0u);
}

TEST(Selector, TuneTimesAutosChoiceThenTheOftenFastestOthers) {
  using F = FormatId;
  // Small (argcsr), segspmv's region, small irregular rows (suraa), large
  // regular rows (suraa), large irregular rows with scattered columns (csr
  // first: timed once, not repeated).
  expect_tune_list(shape(5000, 40000, 0.5), {F::argcsr, F::ipcsr, F::suraa, F::segspmv, F::csr});
  expect_tune_list(shape(40000, 500000, 1.5), {F::segspmv, F::ipcsr, F::argcsr, F::suraa, F::csr});
  expect_tune_list(shape(5000, 40000, 3.0), {F::suraa, F::ipcsr, F::argcsr, F::segspmv, F::csr});
  expect_tune_list(scattered(shape(4096000, 109215352, 0.06), 0.9),
                   {F::suraa, F::ipcsr, F::argcsr, F::segspmv, F::csr});
  expect_tune_list(shape(4096000, 109215352, 0.06), {F::inode, F::ipcsr, F::argcsr, F::suraa, F::segspmv, F::csr});
  expect_tune_list(scattered(shape(2097152, 32413378, 10.5), 0.98),
                   {F::csr, F::ipcsr, F::argcsr, F::suraa, F::segspmv});
  // A diagonal matrix: its format, then the other diagonal ones.
  expect_tune_list(diagonal(shape(4096000, 28672000, 0.01), DiagonalType::brcsd1, "type II"),
                   {F::brcsd1, F::dia, F::brcsd2, F::ipcsr, F::argcsr, F::suraa, F::segspmv, F::csr});
}

TEST(Selector, TuneEndsInCsrEvenWhenCsrWasTimedEarlier) {
  // auto chooses csr here, and three are timed (csr, ipcsr, argcsr): csr
  // comes again at the end, as the last resort.
  const Selection s =
      select_format(scattered(shape(2097152, 32413378, 10.5), 0.98), FormatChoice::tuned(), ReorderChoice::never, 3);
  ASSERT_EQ(s.candidates.size(), 4u);
  EXPECT_EQ(s.candidates[0].format, FormatId::csr);
  EXPECT_EQ(s.candidates[3].format, FormatId::csr);
  EXPECT_NE(s.candidates[3].reason.find("last device candidate"), std::string::npos) << s.candidates[3].reason;
}

// Under tune's floor of nonzeros nothing is timed: auto's own candidates,
// the first one's reason naming the floor. From the floor on, tune's list.
TEST(Selector, TuneTimesNothingUnderItsFloorOfNonzeros) {
  const Features f = shape(5000, 40000, 0.5);
  const Selection automatic = select_format(f, FormatChoice::automatic_choice());
  const Selection under = select_format(f, FormatChoice::tuned(), ReorderChoice::never, kTuneCandidates, 40001);
  EXPECT_EQ(under.timed, 0u);
  ASSERT_EQ(under.candidates.size(), automatic.candidates.size());
  for (std::size_t k = 0; k < under.candidates.size(); ++k)
    EXPECT_EQ(under.candidates[k].format, automatic.candidates[k].format) << k;
  EXPECT_EQ(under.candidates.front().reason,
            "tune: nothing timed under 40001 nonzeros (the floor set for tune); auto's choice: " +
                automatic.candidates.front().reason);
  const Selection at = select_format(f, FormatChoice::tuned(), ReorderChoice::never, kTuneCandidates, 40000);
  EXPECT_EQ(at.timed, std::size_t(kTuneCandidates));
  EXPECT_EQ(at.candidates.front().reason.rfind("tune: candidate 1", 0), 0u) << at.candidates.front().reason;
  EXPECT_EQ(TuneOptions{}.min_nnz, kTuneMinNnz);
}

}  // namespace
}  // namespace aijadaptive
