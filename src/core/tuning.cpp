#include "aijadaptive/tuning.hpp"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "aijadaptive/errors.hpp"
#include "aijadaptive/format.hpp"

namespace aijadaptive {

namespace {

std::string number(double v) {
  char text[32];
  if (v == std::floor(v) && std::fabs(v) < 1e15)
    std::snprintf(text, sizeof(text), "%.0f", v);
  else
    std::snprintf(text, sizeof(text), "%g", v);
  return text;
}

bool parse_integer(const std::string& text, std::int64_t* out) {
  if (text.empty()) return false;
  char* end = nullptr;
  errno = 0;
  const long long v = std::strtoll(text.c_str(), &end, 10);
  if (errno || *end) return false;
  *out = v;
  return true;
}

bool parse_real(const std::string& text, double* out) {
  if (text.empty()) return false;
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(text.c_str(), &end);
  if (errno || *end || !std::isfinite(v)) return false;
  *out = v;
  return true;
}

bool valid(const ParamSpec& s, const std::string& text) {
  switch (s.kind) {
    case ParamSpec::Kind::integer: {
      std::int64_t v = 0;
      return parse_integer(text, &v) && v >= s.least && v <= s.most && v % s.multiple_of == 0 &&
             (!s.power_of_two || (v > 0 && (v & (v - 1)) == 0));
    }
    case ParamSpec::Kind::real: {
      double v = 0;
      return parse_real(text, &v) && v >= s.least && v <= s.most;
    }
    case ParamSpec::Kind::choice:
      for (const std::string& c : s.choices)
        if (c == text) return true;
      return false;
  }
  return false;
}

std::vector<ParamSpec> common_params() {
  return {real_param(kMemoryLimitParam,
                     "MiB of device memory this format may take (0: no limit); a matrix that needs more runs in the "
                     "next candidate format",
                     0, 1e9, 0)};
}

const std::vector<ParamSpec>& own_params(FormatId id) {
  switch (id) {
#define AIJA_PARAMS_CASE(name, doc) \
  case FormatId::name:              \
    return name##_params();
    AIJADAPTIVE_FORMATS(AIJA_PARAMS_CASE)
#undef AIJA_PARAMS_CASE
  }
  AIJA_THROW(internal, "unknown format id " + std::to_string(int(id)));
}

std::string qualified(FormatId format, const std::string& name) {
  return std::string(format_name(format)) + "." + name;
}

const ParamSpec* find(FormatId format, const std::string& name) {
  for (const ParamSpec& s : format_params(format))
    if (s.name == name) return &s;
  return nullptr;
}

}  // namespace

int integer_choice_by_value_size(const std::string& choice, std::size_t value_bytes, int narrow, int wide) {
  if (choice == "auto") return value_bytes > 8 ? wide : narrow;
  return std::stoi(choice);
}

ParamSpec integer_param(std::string name, std::string help, std::int64_t least, std::int64_t most,
                        std::int64_t fallback, std::int64_t multiple_of) {
  ParamSpec s;
  s.name = std::move(name);
  s.help = std::move(help);
  s.kind = ParamSpec::Kind::integer;
  s.least = double(least);
  s.most = double(most);
  s.multiple_of = multiple_of;
  s.default_value = std::to_string(fallback);
  return s;
}

ParamSpec real_param(std::string name, std::string help, double least, double most, double fallback) {
  ParamSpec s;
  s.name = std::move(name);
  s.help = std::move(help);
  s.kind = ParamSpec::Kind::real;
  s.least = least;
  s.most = most;
  char text[32];
  std::snprintf(text, sizeof(text), "%.17g", fallback);
  s.default_value = text;
  return s;
}

ParamSpec choice_param(std::string name, std::string help, std::vector<std::string> choices, std::string fallback) {
  ParamSpec s;
  s.name = std::move(name);
  s.help = std::move(help);
  s.kind = ParamSpec::Kind::choice;
  s.choices = std::move(choices);
  s.default_value = std::move(fallback);
  return s;
}

std::string param_expectation(const ParamSpec& s) {
  switch (s.kind) {
    case ParamSpec::Kind::integer: {
      std::string e = "an integer in [" + number(s.least) + ", " + number(s.most) + "]";
      if (s.multiple_of > 1) e += ", a multiple of " + std::to_string(s.multiple_of);
      if (s.power_of_two) e += ", a power of two";
      return e;
    }
    case ParamSpec::Kind::real:
      return "a number in [" + number(s.least) + ", " + number(s.most) + "]";
    case ParamSpec::Kind::choice: {
      std::string e = "one of ";
      for (std::size_t k = 0; k < s.choices.size(); ++k) e += (k ? ", " : "") + s.choices[k];
      return e;
    }
  }
  return "?";
}

const std::vector<ParamSpec>& format_params(FormatId format) {
  static const auto all = [] {
    std::vector<std::vector<ParamSpec>> lists;
    for (FormatId id : all_formats()) {
      std::vector<ParamSpec> list = own_params(id);
      for (ParamSpec& s : common_params()) list.push_back(std::move(s));
      for (const ParamSpec& s : list)
        AIJA_REQUIRE(valid(s, s.default_value), internal,
                     "the default of " + qualified(id, s.name) + " (" + s.default_value + ") is not " +
                         param_expectation(s));
      lists.push_back(std::move(list));
    }
    return lists;
  }();
  return all.at(std::size_t(format));
}

void TuningParams::set(FormatId format, const std::string& name, const std::string& value) {
  const ParamSpec* s = find(format, name);
  if (!s) {
    std::string known;
    for (const ParamSpec& p : format_params(format)) known += (known.empty() ? "" : ", ") + p.name;
    AIJA_THROW(invalid_argument, "format " + std::string(format_name(format)) + " has no parameter '" + name +
                                     "'; its parameters are: " + known);
  }
  AIJA_REQUIRE(valid(*s, value), invalid_argument,
               qualified(format, name) + " = " + value + ": expected " + param_expectation(*s));
  values_[qualified(format, name)] = value;
}

void TuningParams::set(const std::string& assignment) {
  const std::size_t dot = assignment.find('.'), eq = assignment.find('=');
  AIJA_REQUIRE(dot != std::string::npos && eq != std::string::npos && dot < eq, invalid_argument,
               "'" + assignment + "': expected <format>.<parameter>=<value>");
  const std::string format = assignment.substr(0, dot);
  const auto id = format_from_name(format);
  AIJA_REQUIRE(id.has_value(), invalid_argument,
               "'" + assignment + "': unknown format '" + format + "'; formats: " + valid_format_choices());
  set(*id, assignment.substr(dot + 1, eq - dot - 1), assignment.substr(eq + 1));
}

const std::string& TuningParams::text(FormatId format, const std::string& name, ParamSpec::Kind kind) const {
  const ParamSpec* s = find(format, name);
  AIJA_REQUIRE(s && s->kind == kind, internal, "no parameter " + qualified(format, name) + " of that type");
  const auto it = values_.find(qualified(format, name));
  return it != values_.end() ? it->second : s->default_value;
}

std::int64_t TuningParams::integer(FormatId format, const std::string& name) const {
  std::int64_t v = 0;
  parse_integer(text(format, name, ParamSpec::Kind::integer), &v);
  return v;
}

double TuningParams::real(FormatId format, const std::string& name) const {
  double v = 0;
  parse_real(text(format, name, ParamSpec::Kind::real), &v);
  return v;
}

const std::string& TuningParams::choice(FormatId format, const std::string& name) const {
  return text(format, name, ParamSpec::Kind::choice);
}

}  // namespace aijadaptive
