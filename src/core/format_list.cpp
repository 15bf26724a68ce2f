#include "aijadaptive/format_list.hpp"

namespace aijadaptive {

namespace {
struct FormatEntry {
  FormatId id;
  const char* name;
  const char* description;
};
const FormatEntry kFormats[] = {
#define AIJA_FORMAT_ENTRY(name, doc) {FormatId::name, #name, doc},
    AIJADAPTIVE_FORMATS(AIJA_FORMAT_ENTRY)
#undef AIJA_FORMAT_ENTRY
};
const FormatEntry& entry(FormatId id) { return kFormats[static_cast<int>(id)]; }
}  // namespace

const std::vector<FormatId>& all_formats() {
  static const std::vector<FormatId> ids = [] {
    std::vector<FormatId> v;
    for (const auto& e : kFormats) v.push_back(e.id);
    return v;
  }();
  return ids;
}

const char* format_name(FormatId id) { return entry(id).name; }
const char* format_description(FormatId id) { return entry(id).description; }

std::optional<FormatId> format_from_name(std::string_view name) {
  for (const auto& e : kFormats)
    if (name == e.name) return e.id;
  return std::nullopt;
}

std::optional<FormatChoice> parse_format_choice(std::string_view text) {
  if (text == "auto") return FormatChoice::automatic_choice();
  if (text == "tune") return FormatChoice::tuned();
  if (auto id = format_from_name(text)) return FormatChoice::fixed(*id);
  return std::nullopt;
}

std::string format_choice_name(const FormatChoice& choice) {
  if (choice.tune) return "tune";
  return choice.automatic ? "auto" : format_name(choice.format);
}

std::string valid_format_choices() {
  std::string s = "auto, tune";
  for (const auto& e : kFormats) s += std::string(", ") + e.name;
  return s;
}

}  // namespace aijadaptive
