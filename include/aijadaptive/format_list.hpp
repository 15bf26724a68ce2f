// The one list of storage formats. Everything else (the enum, names, option
// values, factories, the benchmark's columns) is generated from it.
//
// Adding a format: one line here, one folder src/formats/<name>/, one header
// include/aijadaptive/formats/<name>.hpp, one test file, one selector rule.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

// X(name, one-line description)
#define AIJADAPTIVE_FORMATS(X) \
  X(csr, "plain CSR; cuSPARSE generic SpMV (with its preprocessing) on the GPU")           \
  X(ipcsr, "IPCSR: CSR plus row blocks sized to shared memory; one-kernel staged reduction")  \
  X(dia, "DIA-Adaptive type I: DIA, every diagonal over every row, no column indices")      \
  X(brcsd1, "DIA-Adaptive type II: BRCSD-I, row pieces cut where diagonals enter or leave")  \
  X(brcsd2, "DIA-Adaptive type III: BRCSD-II, fixed row pieces with their own diagonals")              \
  X(inode, "I-nodes: rows of identical columns share one list of 16-bit column offsets (FEM)") \
  X(suraa, "SURAA: rows sorted by length, Freedman-Diaconis segments, three groups on their own streams") \
  X(segspmv, "segSpMV: rows cut into padded segments of one power-of-two length, summed in one kernel") \
  X(argcsr, "ArgCSR: row groups, threads handed to the fullest rows, chunks stored column-wise")

namespace aijadaptive {

enum class FormatId : int {
#define AIJA_FORMAT_ENUM(name, doc) name,
  AIJADAPTIVE_FORMATS(AIJA_FORMAT_ENUM)
#undef AIJA_FORMAT_ENUM
};

const std::vector<FormatId>& all_formats();
const char* format_name(FormatId id);
const char* format_description(FormatId id);
std::optional<FormatId> format_from_name(std::string_view name);

// What the user asked for: "auto" (the selector decides), "tune" (the
// selector's first candidates are timed on the matrix's first products and the
// fastest is kept: autotune.hpp) or one format.
struct FormatChoice {
  bool automatic = true;
  FormatId format = FormatId::csr;  // meaningful only when !automatic
  bool tune = false;                // automatic, and timed

  static FormatChoice automatic_choice() { return {}; }
  static FormatChoice tuned() { return {true, FormatId::csr, true}; }
  static FormatChoice fixed(FormatId id) { return {false, id, false}; }
  bool operator==(const FormatChoice& o) const {
    return automatic == o.automatic && tune == o.tune && (automatic || format == o.format);
  }
  bool operator!=(const FormatChoice& o) const { return !(*this == o); }
};

// "auto", "tune" or a format name; nullopt for anything else.
std::optional<FormatChoice> parse_format_choice(std::string_view text);
std::string format_choice_name(const FormatChoice& choice);
// "auto, tune, csr, ..." for error messages and -help.
std::string valid_format_choices();

}  // namespace aijadaptive
