// The format list: names unique, round trip, choices parse and print.
#include <aijadaptive/format_list.hpp>
#include <aijadaptive/selector.hpp>
#include <gtest/gtest.h>

#include <set>
#include <string>

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
  const std::string valid = valid_format_choices();
  EXPECT_EQ(valid.rfind("auto", 0), 0u);
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
  f.max_row = std::int64_t(f.mean_row * (1 + 10 * row_cv));
  f.row_cv = row_cv;
  return f;
}

TEST(Selector, RegularRowsGoToIpcsr) {
  const Selection s = select_format(shape(4096000, 109215352, 0.06), FormatChoice::automatic_choice());
  EXPECT_EQ(s.first(), FormatId::ipcsr);
  EXPECT_NE(s.candidates.front().reason.find("regular rows"), std::string::npos) << s.candidates.front().reason;
  EXPECT_EQ(select_format(shape(1000, 5000, 2.0), FormatChoice::automatic_choice()).first(), FormatId::ipcsr);
}

Features scattered(Features f, double ratio) {
  f.gather_sector_ratio = ratio;
  return f;
}

TEST(Selector, IrregularRowsGoToIpcsrUnlessLargeWithScatteredColumns) {
  // Measured on the H100: ipcsr faster than cuSPARSE through csr on circuit-
  // like and long-row matrices and on every small one; csr on the large
  // power-law graph whose columns are scattered too (rmat).
  for (const Features& f : {scattered(shape(4000000, 17196033, 93.0), 0.73), scattered(shape(6833, 43250, 4.3), 0.97),
                            scattered(shape(100000, 999999, 3.0), 0.95), scattered(shape(2000000, 24279043, 61.0), 0.49)}) {
    const Selection s = select_format(f, FormatChoice::automatic_choice());
    EXPECT_EQ(s.first(), FormatId::ipcsr) << s.candidates.front().reason;
    EXPECT_NE(s.candidates.front().reason.find("irregular rows"), std::string::npos) << s.candidates.front().reason;
  }
  const Selection rmat = select_format(scattered(shape(2097152, 32413378, 10.5), 0.98), FormatChoice::automatic_choice());
  EXPECT_EQ(rmat.first(), FormatId::csr);
  EXPECT_NE(rmat.candidates.front().reason.find("scattered columns"), std::string::npos)
      << rmat.candidates.front().reason;
  // Regular rows stay with ipcsr however scattered (reordering handles those).
  EXPECT_EQ(select_format(scattered(shape(1728000, 31664574, 0.11), 0.98), FormatChoice::automatic_choice()).first(),
            FormatId::ipcsr);
}

TEST(Selector, CsrIsAlwaysTheLastCandidateAndNeverTwice) {
  std::vector<Features> shapes = {shape(4096000, 109215352, 0.06), scattered(shape(2097152, 32413378, 10.5), 0.98),
                                  shape(10, 30, 0.5), Features{}};
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

}  // namespace
}  // namespace aijadaptive
