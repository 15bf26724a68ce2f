#include "mtx_reader.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <new>
#include <string_view>
#include <utility>
#include <vector>

#include <unistd.h>

#include <aijadaptive/instantiate.hpp>
#include <aijadaptive/scalar.hpp>

#include "line_reader.hpp"
#include "values.hpp"

namespace aijadaptive::bench {

namespace {

enum class Field { real, integer, pattern, complex };
enum class Symmetry { general, symmetric, skew, hermitian };

const char* const kHeaderHelp = "'%%MatrixMarket matrix coordinate <real|integer|pattern|complex> "
                                "<general|symmetric|skew-symmetric|hermitian>'";

std::string_view next_token(std::string_view& rest) {
  const auto is_space = [](char c) { return c == ' ' || c == '\t'; };
  std::size_t b = 0;
  while (b < rest.size() && is_space(rest[b])) ++b;
  std::size_t e = b;
  while (e < rest.size() && !is_space(rest[e])) ++e;
  const std::string_view token = rest.substr(b, e - b);
  rest.remove_prefix(e);
  return token;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Quotes a token for a message, cut short if the file holds something huge.
std::string quoted(std::string_view s) {
  return "'" + std::string(s.substr(0, 40)) + (s.size() > 40 ? "...'" : "'");
}

bool blank(std::string_view line) {
  return line.find_first_not_of(" \t") == std::string_view::npos;
}

template <class V>
const char* precision_name() {
  return sizeof(real_type_t<V>) == sizeof(float) ? "single precision" : "double precision";
}

// "1.2 TB" / "12.3 GB" / "45.6 MB", for the memory messages.
std::string bytes_text(double bytes) {
  char text[64];
  if (bytes >= 1e12)
    std::snprintf(text, sizeof text, "%.1f TB", bytes / 1e12);
  else if (bytes >= 1e9)
    std::snprintf(text, sizeof text, "%.1f GB", bytes / 1e9);
  else
    std::snprintf(text, sizeof text, "%.1f MB", bytes / 1e6);
  return text;
}

template <class T>
bool parse_whole(std::string_view token, T& value) {
  if (!token.empty() && token.front() == '+') token.remove_prefix(1);  // from_chars refuses '+'
  const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
  return ec == std::errc() && end == token.data() + token.size() && !token.empty();
}

struct Header {
  Field field = Field::real;
  Symmetry symmetry = Symmetry::general;
  std::string field_name, symmetry_name;
};

Header parse_header(LineReader& in) {
  std::string_view line;
  if (!in.next(line))
    throw InputError(in.path() + ":1: the file is empty; expected the header " + kHeaderHelp);
  std::string_view rest = line;
  const std::string banner = lower(next_token(rest));
  if (banner != "%%matrixmarket")
    throw InputError(in.where() + "not a Matrix Market file: the first line must be " + kHeaderHelp +
                     ", found " + quoted(line));
  const std::string object = lower(next_token(rest)), format = lower(next_token(rest));
  Header h;
  h.field_name = lower(next_token(rest));
  h.symmetry_name = lower(next_token(rest));
  if (object != "matrix")
    throw InputError(in.where() + "unsupported object " + quoted(object) + ": only 'matrix' files can be read");
  if (format == "array")
    throw InputError(in.where() + "dense 'array' files are not supported: only 'coordinate' (sparse) files");
  if (format != "coordinate")
    throw InputError(in.where() + "unknown format " + quoted(format) + ": expected 'coordinate'");
  if (h.field_name == "real" || h.field_name == "double")
    h.field = Field::real;
  else if (h.field_name == "integer")
    h.field = Field::integer;
  else if (h.field_name == "pattern")
    h.field = Field::pattern;
  else if (h.field_name == "complex")
    h.field = Field::complex;
  else
    throw InputError(in.where() + "unknown field " + quoted(h.field_name) +
                     ": expected real, integer, pattern or complex");
  if (h.symmetry_name == "general")
    h.symmetry = Symmetry::general;
  else if (h.symmetry_name == "symmetric")
    h.symmetry = Symmetry::symmetric;
  else if (h.symmetry_name == "skew-symmetric")
    h.symmetry = Symmetry::skew;
  else if (h.symmetry_name == "hermitian")
    h.symmetry = Symmetry::hermitian;
  else
    throw InputError(in.where() + "unknown symmetry " + quoted(h.symmetry_name) +
                     ": expected general, symmetric, skew-symmetric or hermitian");
  if (h.symmetry == Symmetry::hermitian && h.field != Field::complex)
    throw InputError(in.where() + "a hermitian matrix must have complex values, the field is " +
                     quoted(h.field_name));
  if (!next_token(rest).empty())
    throw InputError(in.where() + "unexpected text after the header; expected " + kHeaderHelp);
  return h;
}

// The next line that is neither a comment nor blank; false at the end.
bool next_data_line(LineReader& in, std::string_view& line) {
  while (in.next(line))
    if (!blank(line) && line.front() != '%') return true;
  return false;
}

// The stored entries, in file order, before expansion to CSR.
template <class V, class I>
struct Triplets {
  std::vector<I> row, col;
  std::vector<V> value;
};

// `size_where` and `end_where`: "FILE:LINE: " of the size line and of the
// file's last line, for the defects only the whole matrix shows.
template <class V, class I>
HostCsr<V, I> to_csr(I rows, I cols, const Triplets<V, I>& t, Symmetry symmetry, std::int64_t& duplicates,
                     const std::string& size_where, const std::string& end_where) {
  HostCsr<V, I> m;
  m.rows = rows;
  m.cols = cols;
  std::vector<std::int64_t> start(std::size_t(rows) + 1, 0);
  for (std::size_t k = 0; k < t.row.size(); ++k) {
    ++start[std::size_t(t.row[k]) + 1];
    if (symmetry != Symmetry::general && t.row[k] != t.col[k]) ++start[std::size_t(t.col[k]) + 1];
  }
  for (std::size_t i = 0; i < std::size_t(rows); ++i) start[i + 1] += start[i];
  const std::int64_t total = start.back();
  if (!fits_index<I>(rows, cols, total))
    throw InputError(size_where + std::to_string(total) + " nonzeros after the expansion of the " +
                     (symmetry == Symmetry::skew        ? "skew-symmetric"
                      : symmetry == Symmetry::hermitian ? "hermitian"
                                                        : "symmetric") +
                     " entries do not fit 32-bit indices: run with --index 64");
  m.col_idx.resize(std::size_t(total));
  m.values.resize(std::size_t(total));
  std::vector<std::int64_t> next(start.begin(), start.end() - 1);
  // The entry mirrored to (j, i): the same, its negative (skew) or its
  // conjugate (hermitian).
  const auto mirrored = [symmetry](const V& v) {
    return symmetry == Symmetry::skew ? -v : symmetry == Symmetry::hermitian ? conj_value(v) : v;
  };
  for (std::size_t k = 0; k < t.row.size(); ++k) {
    const I i = t.row[k], j = t.col[k];
    std::int64_t p = next[std::size_t(i)]++;
    m.col_idx[std::size_t(p)] = j;
    m.values[std::size_t(p)] = t.value[k];
    if (symmetry != Symmetry::general && i != j) {
      p = next[std::size_t(j)]++;
      m.col_idx[std::size_t(p)] = i;
      m.values[std::size_t(p)] = mirrored(t.value[k]);
    }
  }
  // Sort each row by column and add duplicates, compacting as we go.
  m.row_ptr.assign(std::size_t(rows) + 1, I(0));
  std::vector<std::pair<I, V>> row;
  std::size_t out = 0;
  for (std::size_t i = 0; i < std::size_t(rows); ++i) {
    row.clear();
    for (auto p = start[i]; p < start[i + 1]; ++p)
      row.emplace_back(m.col_idx[std::size_t(p)], m.values[std::size_t(p)]);
    std::sort(row.begin(), row.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (std::size_t k = 0; k < row.size(); ++k) {
      if (k > 0 && row[k].first == row[k - 1].first) {
        m.values[out - 1] += row[k].second;
        ++duplicates;
        // Each value was finite, but a sum of repeated ones may not be.
        if (!is_finite_value(m.values[out - 1]))
          throw InputError(end_where + "the entries given more than once at (" + std::to_string(i + 1) + ", " +
                           std::to_string(std::int64_t(row[k].first) + 1) + ") add up to a value out of range for " +
                           precision_name<V>() + " (repeated entries are added)");
        continue;
      }
      m.col_idx[out] = row[k].first;
      m.values[out] = row[k].second;
      ++out;
    }
    m.row_ptr[i + 1] = I(out);
  }
  m.col_idx.resize(out);
  m.values.resize(out);
  return m;
}

}  // namespace

double physical_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? double(pages) * double(page) : 0.0;
}

double matrix_market_bytes(double rows, double entries, bool symmetric, std::size_t value_bytes,
                           std::size_t index_bytes) {
  const double entry = double(value_bytes + index_bytes);
  return entries * (entry + double(index_bytes))        // the entries as read (row, column, value)
         + 2 * (rows + 1) * sizeof(std::int64_t)         // to_csr's row starts and fill positions
         + (symmetric ? 2 : 1) * entries * entry         // the CSR's columns and values
         + (rows + 1) * double(index_bytes);             // and its row pointers
}

namespace {

// What the size line announces must fit in memory: refused here, with the
// sizes, rather than by std::bad_alloc (or the OOM killer) halfway through.
void check_memory(const LineReader& in, std::int64_t rows, std::int64_t cols, std::int64_t entries,
                  bool symmetric, double needed, double limit_option) {
  const double limit = limit_option > 0 ? limit_option : physical_memory_bytes();
  if (limit <= 0 || needed <= limit) return;
  throw InputError(in.where() + "the matrix (" + std::to_string(rows) + " x " + std::to_string(cols) + ", " +
                   std::to_string(entries) + (symmetric ? " entries, mirrored" : " entries") + ") needs about " +
                   bytes_text(needed) + " to be read, more than " +
                   (limit_option > 0 ? "the memory limit of " + bytes_text(limit)
                                     : "this machine's memory (" + bytes_text(limit) + ")"));
}

// Everything after the header: the size line, the entries, the CSR.
template <class V, class I>
HostCsr<V, I> read_entries(LineReader& in, const Header& h, const MtxOptions& options, MtxInfo* info) {
  // Complex values in real arithmetic would lose their imaginary parts.
  if (h.field == Field::complex && !is_complex_v<V>)
    throw InputError(in.where() + "a complex matrix needs complex arithmetic, not " + precision_name<V>() +
                     " real values (the benchmark reads complex files in complex arithmetic when "
                     "built with complex values: -DAIJADAPTIVE_VALUE_TYPES=all, or auto with a complex "
                     "PETSc; the main job's reader, aija_mtx_read, reads real files only)");
  std::string_view line;
  if (!next_data_line(in, line))
    throw InputError(in.where() + "the file ends before the size line 'rows cols entries'");
  const long size_line = in.line_number();
  const std::string size_where = in.where();
  std::int64_t rows = -1, cols = -1, entries = -1;
  {
    std::string_view rest = line;
    const bool ok = parse_whole(next_token(rest), rows) && parse_whole(next_token(rest), cols) &&
                    parse_whole(next_token(rest), entries) && next_token(rest).empty() &&
                    rows >= 0 && cols >= 0 && entries >= 0;
    if (!ok)
      throw InputError(in.where() + "bad size line " + quoted(line) +
                       ": expected 'rows cols entries' (three non-negative integers)");
  }
  const bool mirrored = h.symmetry != Symmetry::general;
  if (mirrored && rows != cols)
    throw InputError(in.where() + "a " + h.symmetry_name + " matrix must be square, the size line says " +
                     std::to_string(rows) + " x " + std::to_string(cols));
  // Memory before the index type: a matrix too large for any memory is not
  // helped by --index 64.
  check_memory(in, rows, cols, entries, mirrored,
               matrix_market_bytes(double(rows), double(entries), mirrored, sizeof(V), sizeof(I)),
               options.memory_limit);
  if (!fits_index<I>(rows, cols, entries))
    throw InputError(in.where() + "the size " + std::to_string(rows) + " x " + std::to_string(cols) + ", " +
                     std::to_string(entries) + " entries does not fit 32-bit indices: run with --index 64");

  Triplets<V, I> t;
  // The size line may lie: reserve what it says only up to a sane amount.
  const std::size_t guess = std::size_t(std::min<std::int64_t>(entries, std::int64_t(1) << 24));
  t.row.reserve(guess);
  t.col.reserve(guess);
  t.value.reserve(guess);
  const char* const expected = h.field == Field::pattern   ? "'row col'"
                               : h.field == Field::complex ? "'row col real imaginary'"
                                                           : "'row col value'";
  while (next_data_line(in, line)) {
    if (std::int64_t(t.row.size()) == entries)
      throw InputError(in.where() + "more entries than the " + std::to_string(entries) +
                       " announced by the size line (line " + std::to_string(size_line) + ")");
    std::string_view rest = line;
    const std::string_view ti = next_token(rest), tj = next_token(rest);
    std::int64_t i = 0, j = 0;
    if (!parse_whole(ti, i) || !parse_whole(tj, j))
      throw InputError(in.where() + "bad entry " + quoted(line) + ": expected " + expected +
                       " with integer indices");
    if (i < 1 || i > rows)
      throw InputError(in.where() + "row index " + std::to_string(i) + " is outside [1, " +
                       std::to_string(rows) + "]");
    if (j < 1 || j > cols)
      throw InputError(in.where() + "column index " + std::to_string(j) + " is outside [1, " +
                       std::to_string(cols) + "]");
    double v = 1.0, v_imag = 0.0;  // (the imaginary part of a complex file's entry)
    if (h.field == Field::pattern) {
      if (options.pattern == PatternValues::random)
        v = matrix_value(options.seed, std::uint64_t(std::min(i, j)), std::uint64_t(std::max(i, j)));
    } else {
      const std::string_view tv = next_token(rest);
      if (tv.empty()) throw InputError(in.where() + "missing value: expected " + expected);
      bool ok = false;
      if (h.field == Field::integer) {
        std::int64_t n = 0;
        ok = parse_whole(tv, n);
        v = double(n);
        if (!ok) throw InputError(in.where() + "value " + quoted(tv) + " is not an integer");
      } else {
        ok = parse_whole(tv, v);
        if (!ok) throw InputError(in.where() + "value " + quoted(tv) + " is not a number");
      }
      if (!std::isfinite(v)) throw InputError(in.where() + "value " + quoted(tv) + " is not a finite number");
      // 1e300 is a double but not a float: it would become inf when read in single precision.
      if (!std::isfinite(real_type_t<V>(v)))
        throw InputError(in.where() + "value " + quoted(tv) + " is out of range for " + precision_name<V>());
      if (h.field == Field::complex) {
        const std::string_view ti = next_token(rest);
        if (ti.empty()) throw InputError(in.where() + "missing imaginary part: expected " + expected);
        if (!parse_whole(ti, v_imag)) throw InputError(in.where() + "imaginary part " + quoted(ti) + " is not a number");
        if (!std::isfinite(v_imag) || !std::isfinite(real_type_t<V>(v_imag)))
          throw InputError(in.where() + "imaginary part " + quoted(ti) + " is not a finite number in " +
                           precision_name<V>());
        if (h.symmetry == Symmetry::hermitian && i == j && v_imag != 0.0)
          throw InputError(in.where() + "a hermitian matrix has a real diagonal, found the imaginary part " +
                           quoted(ti) + " at (" + std::to_string(i) + ", " + std::to_string(j) + ")");
      }
    }
    if (const std::string_view extra = next_token(rest); !extra.empty())
      throw InputError(in.where() + "unexpected " + quoted(extra) + " after the entry: expected " + expected);
    if (h.symmetry == Symmetry::skew && i == j && (v != 0.0 || v_imag != 0.0))
      throw InputError(in.where() + "a skew-symmetric matrix has a zero diagonal, found a value at (" +
                       std::to_string(i) + ", " + std::to_string(j) + ")");
    t.row.push_back(I(i - 1));
    t.col.push_back(I(j - 1));
    if constexpr (is_complex_v<V>)
      t.value.push_back(V(real_type_t<V>(v), real_type_t<V>(v_imag)));
    else
      t.value.push_back(V(v));
  }
  if (std::int64_t(t.row.size()) < entries)
    throw InputError(in.where() + "the file ends after " + std::to_string(t.row.size()) + " of the " +
                     std::to_string(entries) + " entries announced by the size line (line " +
                     std::to_string(size_line) + "): truncated?");

  std::int64_t duplicates = 0;
  HostCsr<V, I> m = to_csr(I(rows), I(cols), t, h.symmetry, duplicates, size_where, in.where());
  if (info) {
    info->field = h.field_name;
    info->symmetry = h.symmetry_name;
    info->rows = rows;
    info->cols = cols;
    info->stored = entries;
    info->duplicates = duplicates;
  }
  return m;
}

}  // namespace

bool matrix_market_is_complex(const std::string& path) {
  LineReader in(path);
  return parse_header(in).field == Field::complex;
}

template <class V, class I>
HostCsr<V, I> read_matrix_market(const std::string& path, const MtxOptions& options, MtxInfo* info) {
  LineReader in(path);
  const Header h = parse_header(in);
  try {
    return read_entries<V, I>(in, h, options, info);
  } catch (const std::bad_alloc&) {
    // The memory was there when the size line was checked and is not now
    // (other processes, a cgroup limit below the machine's memory).
    throw InputError(in.where() + "out of memory while reading the matrix (this machine has " +
                     bytes_text(physical_memory_bytes()) + ")");
  }
}

#define AIJA_INSTANTIATE(V, I) \
  template HostCsr<V, I> read_matrix_market<V, I>(const std::string&, const MtxOptions&, MtxInfo*);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive::bench
