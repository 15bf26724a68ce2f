// Tuning parameters of the formats: each format declares its own (name, type,
// range, default, help), the user sets them by name, and the format reads the
// typed value. PETSc sets them with -mat_aijadaptive_<format>_<name> (listed by
// -help), the benchmark with --param <format>.<name>=<value>; no environment
// variables.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "aijadaptive/format_list.hpp"

namespace aijadaptive {

struct ParamSpec {
  enum class Kind { integer, real, choice };
  std::string name;  // lower case, digits and '_'
  std::string help;
  Kind kind = Kind::integer;
  double least = 0, most = 0;          // integer and real: the closed range of valid values
  std::int64_t multiple_of = 1;        // integer: a multiple of this
  bool power_of_two = false;           // integer: a power of two
  std::vector<std::string> choices;    // choice: the valid words
  std::string default_value;           // as text, valid
};

// Declarations, for the formats' lists of parameters.
ParamSpec integer_param(std::string name, std::string help, std::int64_t least, std::int64_t most,
                        std::int64_t fallback, std::int64_t multiple_of = 1);
ParamSpec real_param(std::string name, std::string help, double least, double most, double fallback);
ParamSpec choice_param(std::string name, std::string help, std::vector<std::string> choices, std::string fallback);

// A choice of integers with "auto" among them, whose "auto" depends on the
// values' size: `narrow` for values of up to 8 bytes, `wide` above (complex
// double); any other choice is its integer (ipcsr's and segspmv's unroll).
int integer_choice_by_value_size(const std::string& choice, std::size_t value_bytes, int narrow, int wide);

// What a value must be, in words: "an integer in [32, 1024], a multiple of 32".
std::string param_expectation(const ParamSpec& spec);

// Every format's parameters: its own (declared beside its kernels), then those
// the core gives every format (memory_limit).
const std::vector<ParamSpec>& format_params(FormatId format);

// A per-format cap on device memory, in MiB (0: none): a format whose arrays
// would take more steps aside for the next candidate (the fallback chain).
inline constexpr const char* kMemoryLimitParam = "memory_limit";

// The values the user set; everything else is the declared default.
class TuningParams {
 public:
  // Throws invalid_argument naming <format>.<name>, the value and what it must
  // be, for an unknown parameter or an invalid value.
  void set(FormatId format, const std::string& name, const std::string& value);
  // "<format>.<name>=<value>", the benchmark's --param.
  void set(const std::string& assignment);

  // Typed reads, the user's value or the default. Asking for a parameter the
  // format does not declare, or with the wrong type, is a bug (internal).
  std::int64_t integer(FormatId format, const std::string& name) const;
  double real(FormatId format, const std::string& name) const;
  const std::string& choice(FormatId format, const std::string& name) const;

  // "<format>.<name>" -> the value as given, for messages and comparisons.
  const std::map<std::string, std::string>& values() const { return values_; }
  bool operator==(const TuningParams& other) const { return values_ == other.values_; }
  bool operator!=(const TuningParams& other) const { return !(*this == other); }

 private:
  const std::string& text(FormatId format, const std::string& name, ParamSpec::Kind kind) const;
  std::map<std::string, std::string> values_;
};

}  // namespace aijadaptive
