#include "aijadaptive/autotune.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
#include <sstream>
#include <vector>

#include "aijadaptive/format_list.hpp"
#include "aijadaptive/instantiate.hpp"
#include "core/row_parts.hpp"

namespace aijadaptive {

namespace {

constexpr const char* kRecordMagic = "aijadaptive tune 1";

// A bijective mix of 64 bits (an odd multiplier, then the high half folded in).
std::uint64_t mix(std::uint64_t x) {
  x *= 0x9e3779b97f4a7c15ull;
  return x ^ (x >> 32);
}

// 64-bit words in four independent lanes: four chains of multiplies run side
// by side, so a matrix's indices (hundreds of MB) hash near memory speed. A
// byte at a time (FNV-1a) took 0.7 s for the 27-point stencil of 109M
// nonzeros on the H100's host, 8x its analysis. Not a defence against anyone:
// two patterns with one hash only make the second run the first's format
// (built on its own matrix, so its products are still right).
std::uint64_t hash_bytes(const void* data, std::size_t bytes, std::uint64_t seed) {
  const auto* p = static_cast<const unsigned char*>(data);
  std::uint64_t lane[4] = {seed, mix(seed + 1), mix(seed + 2), mix(seed + 3)};
  std::size_t k = 0;
  for (; k + 32 <= bytes; k += 32)
    for (int j = 0; j < 4; ++j) {
      std::uint64_t word;
      std::memcpy(&word, p + k + 8 * j, 8);
      lane[j] = mix(lane[j] ^ word);
    }
  std::uint64_t h = mix(seed ^ bytes);
  for (std::uint64_t l : lane) h = mix(h ^ l);
  for (; k < bytes; ++k) h = mix(h ^ p[k]);
  return h;
}

// An array hashed in chunks of this many bytes, each on its own (the chunks on
// the machine's threads), the chunks' hashes combined in order: the key is the
// same whatever the number of threads.
constexpr std::size_t kHashChunkBytes = std::size_t(4) << 20;

std::uint64_t hash_array(const void* data, std::size_t bytes, std::uint64_t seed) {
  const std::size_t chunks = (bytes + kHashChunkBytes - 1) / kHashChunkBytes;
  if (chunks <= 1) return hash_bytes(data, bytes, seed);
  const auto* p = static_cast<const unsigned char*>(data);
  std::vector<std::uint64_t> chunk_hash(chunks);
  // A part per thread, up to one per chunk.
  const std::vector<detail::RowPart> parts =
      detail::row_parts(std::int64_t(chunks), std::int64_t(bytes), 1, 0, std::int64_t(kHashChunkBytes));
  detail::run_row_parts(parts.size(), [&](std::size_t part) {
    for (std::int64_t c = parts[part].begin; c < parts[part].end; ++c) {
      const std::size_t at = std::size_t(c) * kHashChunkBytes;
      chunk_hash[std::size_t(c)] = hash_bytes(p + at, std::min(kHashChunkBytes, bytes - at), seed + std::uint64_t(c));
    }
  });
  std::uint64_t h = mix(seed ^ bytes);
  for (std::uint64_t c : chunk_hash) h = mix(h ^ c);
  return h;
}

std::string one_line(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  return text;
}

std::mutex& memory_mutex() {
  static std::mutex m;
  return m;
}
std::map<std::string, TuneRecord>& memory() {
  static std::map<std::string, TuneRecord> m;
  return m;
}

}  // namespace

double median_of(std::vector<double> values) {
  const std::size_t mid = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + std::ptrdiff_t(mid), values.end());
  if (values.size() % 2) return values[mid];
  const double upper = values[mid];
  return 0.5 * (upper + *std::max_element(values.begin(), values.begin() + std::ptrdiff_t(mid)));
}

std::optional<std::size_t> fastest(const std::vector<TuneTiming>& timings) {
  std::optional<std::size_t> best;
  for (std::size_t k = 0; k < timings.size(); ++k)
    if (timings[k].median_us >= 0 && (!best || timings[k].median_us < timings[*best].median_us)) best = k;
  return best;
}

std::vector<std::string> describe_tune(const TuneRecord& record, const std::string& origin) {
  std::vector<std::string> lines{"tune: " + origin};
  for (const TuneTiming& t : record.timings) {
    char text[160];
    if (t.median_us >= 0)
      std::snprintf(text, sizeof(text), "tune: %s %.2f us, median of %d products%s", t.format.c_str(), t.median_us,
                    t.products, t.format == record.chosen ? " (kept)" : "");
    else
      std::snprintf(text, sizeof(text), "tune: %s not timed: ", t.format.c_str());
    lines.push_back(text + (t.median_us >= 0 ? std::string() : t.note));
  }
  return lines;
}

template <class V, class I>
std::uint64_t pattern_hash(const CsrView<V, I>& a) {
  const std::int64_t sizes[3] = {std::int64_t(a.rows), std::int64_t(a.cols), std::int64_t(a.nnz())};
  std::uint64_t h = hash_bytes(sizes, sizeof(sizes), 0);
  if (a.rows <= 0) return h;
  h = hash_array(a.row_ptr, (std::size_t(a.rows) + 1) * sizeof(I), h);
  return hash_array(a.col_idx, std::size_t(a.nnz()) * sizeof(I), h);
}

template <class V, class I>
std::string tune_key(const CsrView<V, I>& a, const std::string& context) {
  char head[128];
  std::snprintf(head, sizeof(head), "pattern %016llx rows %lld cols %lld nnz %lld; ",
                (unsigned long long)pattern_hash(a), (long long)a.rows, (long long)a.cols, (long long)a.nnz());
  return one_line(head + context);
}

std::string tune_record_text(const TuneRecord& record) {
  std::ostringstream s;
  s << kRecordMagic << "\nchosen " << record.chosen << "\n";
  char median[32];
  for (const TuneTiming& t : record.timings) {
    std::snprintf(median, sizeof(median), "%.17g", t.median_us);
    s << "timing " << t.format << " " << median << " " << t.products << " " << one_line(t.note) << "\n";
  }
  return s.str();
}

std::optional<TuneRecord> parse_tune_record(const std::string& text) {
  std::istringstream s(text);
  std::string line;
  if (!std::getline(s, line) || line != kRecordMagic) return std::nullopt;
  TuneRecord r;
  if (!std::getline(s, line) || line.rfind("chosen ", 0) != 0) return std::nullopt;
  r.chosen = line.substr(7);
  if (!format_from_name(r.chosen)) return std::nullopt;
  bool chosen_timed = false;
  while (std::getline(s, line)) {
    std::istringstream fields(line);
    std::string word;
    TuneTiming t;
    if (!(fields >> word) || word != "timing" || !(fields >> t.format >> t.median_us >> t.products))
      return std::nullopt;
    if (!format_from_name(t.format)) return std::nullopt;
    fields.get();  // the blank before the note
    std::getline(fields, t.note);
    chosen_timed = chosen_timed || (t.format == r.chosen && t.median_us >= 0);
    r.timings.push_back(std::move(t));
  }
  if (!chosen_timed) return std::nullopt;
  return r;
}

std::optional<TuneRecord> recall_tune(const std::string& key) {
  const std::lock_guard<std::mutex> lock(memory_mutex());
  const auto found = memory().find(key);
  if (found == memory().end()) return std::nullopt;
  return found->second;
}

void remember_tune(const std::string& key, const TuneRecord& record) {
  const std::lock_guard<std::mutex> lock(memory_mutex());
  memory()[key] = record;
}

void forget_tunes() {
  const std::lock_guard<std::mutex> lock(memory_mutex());
  memory().clear();
}

#define AIJA_INSTANTIATE(V, I)                                          \
  template std::uint64_t pattern_hash<V, I>(const CsrView<V, I>&); \
  template std::string tune_key<V, I>(const CsrView<V, I>&, const std::string&);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
