#include "suite.hpp"

#include <filesystem>
#include <fstream>

#include "cli.hpp"
#include "generators.hpp"

namespace aijadaptive::bench {

namespace fs = std::filesystem;

namespace {
std::string trim(const std::string& s) {
  const std::size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}
}  // namespace

std::vector<SuiteEntry> read_suite(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw UsageError("--suite " + path + ": cannot open");
  const std::string base = fs::path(path).parent_path().string();
  std::vector<SuiteEntry> entries;
  std::string line;
  for (long number = 1; std::getline(in, line); ++number) {
    const std::string text = trim(line.substr(0, line.find('#')));
    if (!text.empty()) entries.push_back({text, path + ":" + std::to_string(number), base});
  }
  return entries;
}

MatrixSource make_source(const std::string& text, const std::string& base_dir, const std::string& matrix_dir) {
  MatrixSource s;
  s.label = text;
  if (is_generator_spec(text)) {
    s.generator = parse_generator_spec(text);
    return s;
  }
  const fs::path p(text);
  std::vector<fs::path> candidates;
  if (p.is_absolute()) {
    candidates.push_back(p);
  } else {
    candidates.push_back(base_dir.empty() ? p : fs::path(base_dir) / p);
    if (!matrix_dir.empty()) candidates.push_back(fs::path(matrix_dir) / p);
  }
  std::error_code ec;
  for (const fs::path& c : candidates)
    if (fs::is_regular_file(c, ec)) {
      s.path = c.string();
      return s;
    }
  s.path = candidates.front().string();
  s.problem = text + ": no such file (looked for";
  for (std::size_t i = 0; i < candidates.size(); ++i) s.problem += (i ? ", " : " ") + candidates[i].string();
  s.problem += ")";
  return s;
}

}  // namespace aijadaptive::bench
