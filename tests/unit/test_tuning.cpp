// The formats' tuning parameters: every declared one valid by default and
// readable with its type; settings checked against the declaration, with a
// message that names the parameter and what it must be.
#include <aijadaptive/errors.hpp>
#include <aijadaptive/format.hpp>
#include <aijadaptive/tuning.hpp>
#include <gtest/gtest.h>

#include <set>
#include <string>

namespace aijadaptive {
namespace {

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::invalid_argument);
    return e.what();
  }
  ADD_FAILURE() << "no error";
  return "";
}

TEST(Tuning, EveryFormatDeclaresUniqueValidParametersAndTheCommonMemoryLimit) {
  for (FormatId id : all_formats()) {
    SCOPED_TRACE(format_name(id));
    std::set<std::string> names;
    const TuningParams defaults;
    for (const ParamSpec& s : format_params(id)) {
      EXPECT_TRUE(names.insert(s.name).second) << "twice: " << s.name;
      EXPECT_FALSE(s.help.empty()) << s.name;
      EXPECT_EQ(s.name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_"), std::string::npos) << s.name;
      // The default reads back with its type, and setting it explicitly is accepted.
      TuningParams p;
      p.set(id, s.name, s.default_value);
      switch (s.kind) {
        case ParamSpec::Kind::integer:
          EXPECT_EQ(p.integer(id, s.name), std::stoll(s.default_value));
          EXPECT_EQ(defaults.integer(id, s.name), std::stoll(s.default_value));
          break;
        case ParamSpec::Kind::real:
          EXPECT_EQ(p.real(id, s.name), std::stod(s.default_value));
          break;
        case ParamSpec::Kind::choice:
          EXPECT_EQ(p.choice(id, s.name), s.default_value);
          break;
      }
    }
    EXPECT_EQ(names.count(kMemoryLimitParam), 1u);
    EXPECT_EQ(defaults.real(id, kMemoryLimitParam), 0.0);
  }
}

TEST(Tuning, SettingsAreCheckedAgainstTheDeclaration) {
  TuningParams p;
  p.set(FormatId::ipcsr, "block_threads", "256");
  EXPECT_EQ(p.integer(FormatId::ipcsr, "block_threads"), 256);
  p.set("ipcsr.long_rows=whole");
  EXPECT_EQ(p.choice(FormatId::ipcsr, "long_rows"), "whole");
  p.set("csr.memory_limit=12.5");
  EXPECT_EQ(p.real(FormatId::csr, kMemoryLimitParam), 12.5);
  EXPECT_EQ(p.values().size(), 3u);
  EXPECT_EQ(p.values().at("ipcsr.block_threads"), "256");
  TuningParams q = p;
  EXPECT_EQ(p, q);
  q.set("ipcsr.block_threads=512");
  EXPECT_NE(p, q);

  for (const char* bad : {"100", "0", "2048", "abc", "256x", "", "64.0"}) {
    const std::string m = message_of([&] { p.set(FormatId::ipcsr, "block_threads", bad); });
    EXPECT_NE(m.find("ipcsr.block_threads"), std::string::npos) << m;
    EXPECT_NE(m.find("an integer in [32, 1024], a multiple of 32"), std::string::npos) << m;
  }
  EXPECT_EQ(p.integer(FormatId::ipcsr, "block_threads"), 256);  // unchanged by a refused value
  message_of([&] { p.set(FormatId::ipcsr, "min_threads_per_row", "3"); });  // not a power of two
  message_of([&] { p.set(FormatId::ipcsr, "shared_fraction", "1.5"); });
  message_of([&] { p.set(FormatId::ipcsr, "shared_fraction", "nan"); });
  message_of([&] { p.set(FormatId::csr, kMemoryLimitParam, "-1"); });
  const std::string choice = message_of([&] { p.set(FormatId::ipcsr, "stream_loads", "sometimes"); });
  EXPECT_NE(choice.find("one of auto, never, always"), std::string::npos) << choice;
  const std::string unknown = message_of([&] { p.set(FormatId::ipcsr, "speed", "11"); });
  EXPECT_NE(unknown.find("block_threads"), std::string::npos) << unknown;  // lists what there is
  const std::string format = message_of([&] { p.set("fast.block_threads=3"); });
  EXPECT_NE(format.find("unknown format 'fast'"), std::string::npos) << format;
  for (const char* bad : {"ipcsr.block_threads", "block_threads=3", "ipcsr=3", "=.", ""})
    message_of([&] { p.set(bad); });
}

TEST(Tuning, ReadingAnUndeclaredParameterOrTheWrongTypeIsABug) {
  const TuningParams p;
  try {
    p.integer(FormatId::ipcsr, "shared_fraction");  // a real
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::internal);
  }
  EXPECT_THROW(p.real(FormatId::csr, "block_threads"), Error);
}

TEST(Tuning, ExpectationsInWords) {
  ParamSpec s;
  s.kind = ParamSpec::Kind::integer;
  s.least = 1;
  s.most = 32;
  s.power_of_two = true;
  EXPECT_EQ(param_expectation(s), "an integer in [1, 32], a power of two");
  s.kind = ParamSpec::Kind::real;
  s.least = 0.01;
  s.most = 1;
  EXPECT_EQ(param_expectation(s), "a number in [0.01, 1]");
  s.kind = ParamSpec::Kind::choice;
  s.choices = {"4", "8"};
  EXPECT_EQ(param_expectation(s), "one of 4, 8");
}

}  // namespace
}  // namespace aijadaptive
