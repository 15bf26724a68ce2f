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
    EXPECT_EQ(s.format, id);
    EXPECT_NE(s.reason.find("requested"), std::string::npos) << s.reason;
  }
  const Selection s1 = select_format(f, FormatChoice::automatic_choice());
  const Selection s2 = select_format(f, FormatChoice::automatic_choice());
  EXPECT_EQ(s1.format, s2.format);  // deterministic
  EXPECT_EQ(s1.reason, s2.reason);
  EXPECT_EQ(s1.reason.rfind("auto:", 0), 0u) << s1.reason;
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
  EXPECT_EQ(s.format, FormatId::ipcsr);
  EXPECT_NE(s.reason.find("regular rows"), std::string::npos) << s.reason;
  EXPECT_EQ(select_format(shape(1000, 5000, 2.0), FormatChoice::automatic_choice()).format, FormatId::ipcsr);
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
    EXPECT_EQ(s.format, FormatId::ipcsr) << s.reason;
    EXPECT_NE(s.reason.find("irregular rows"), std::string::npos) << s.reason;
  }
  const Selection rmat = select_format(scattered(shape(2097152, 32413378, 10.5), 0.98), FormatChoice::automatic_choice());
  EXPECT_EQ(rmat.format, FormatId::csr);
  EXPECT_NE(rmat.reason.find("scattered columns"), std::string::npos) << rmat.reason;
  // Regular rows stay with ipcsr however scattered (reordering handles those).
  EXPECT_EQ(select_format(scattered(shape(1728000, 31664574, 0.11), 0.98), FormatChoice::automatic_choice()).format,
            FormatId::ipcsr);
}

}  // namespace
}  // namespace aijadaptive
