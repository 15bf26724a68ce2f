// Generator specs: the registry of names and keys, parsing, dispatch, help.
#include "generators.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

#include <aijadaptive/instantiate.hpp>

#include "gen_detail.hpp"

namespace aijadaptive::bench {

namespace {

struct Key {
  const char* name;
  double value;  // the default
  double min, max;
  bool integer;
  const char* help;
};

struct Generator {
  const char* name;
  const char* help;
  std::vector<Key> keys;  // "seed" is added to every generator
};

constexpr double kHuge = 9.0e15;  // below 2^53: integers stay exact in a double

const std::vector<Generator>& registry() {
  static const std::vector<Generator> list = {
      {"stencil5", "2D 5-point stencil, n x n grid (random symmetric coefficients, diagonally dominant)",
       {{"n", 256, 1, kHuge, true, "grid points per side"}}},
      {"stencil9", "2D 9-point stencil, n x n grid", {{"n", 256, 1, kHuge, true, "grid points per side"}}},
      {"stencil7", "3D 7-point stencil, n x n x n grid", {{"n", 40, 1, kHuge, true, "grid points per side"}}},
      {"stencil27", "3D 27-point stencil, n x n x n grid", {{"n", 40, 1, kHuge, true, "grid points per side"}}},
      {"fem",
       "unstructured-mesh-like: a perturbed tetrahedral mesh of an n^3 cube (14 edges per node, plus "
       "each other neighbour with probability p), nodes renumbered randomly within blocks; dof "
       "unknowns per node (row dof*node+d), each coupled to every unknown of the node and its "
       "neighbours, so the dof rows of a node share their columns (vector FEM, elasticity: dof=3)",
       {{"n", 32, 2, kHuge, true, "mesh nodes per side"},
        {"p", 0.3, 0, 1, false, "probability of each extra edge"},
        {"block", 4096, 1, kHuge, true, "renumbering block (nodes)"},
        // At most 64: 27 * 64 columns keep a row's sums of (k/8) * (k/64) below 2^15, exact in float.
        {"dof", 1, 1, 64, true, "unknowns per node"}}},
      {"rmat", "power-law R-MAT graph: 2^scale rows, ef * 2^scale edges drawn with quadrant "
               "probabilities a, b, c (d = 1-a-b-c), repeated edges merged, vertex ids scrambled",
       {{"scale", 14, 1, 40, true, "log2 of the rows"},
        {"ef", 16, 1, kHuge, true, "edges per row"},
        {"a", 0.57, 0, 1, false, "top-left quadrant"},
        {"b", 0.19, 0, 1, false, "top-right quadrant"},
        {"c", 0.19, 0, 1, false, "bottom-left quadrant"}}},
      {"circuit", "circuit-like: short rows (diagonal + 1..4 couplings, mostly within +-window), "
                  "plus `long` rows of `len` entries spread over all columns",
       {{"n", 100000, 2, kHuge, true, "rows"},
        {"long", 8, 0, kHuge, true, "number of long rows"},
        {"len", 5000, 1, kHuge, true, "entries of a long row (<= n)"},
        {"window", 1000, 1, kHuge, true, "reach of the local couplings"},
        {"far", 0.1, 0, 1, false, "fraction of couplings anywhere in the row"}}},
      {"qcd", "QCD-like (Wilson-Dirac): 12 L^4 rows (4D periodic lattice, 4 spins x 3 colours); "
              "every row has exactly 51 nonzeros",
       {{"L", 8, 3, kHuge, true, "lattice sites per side"}}},
      {"dia1", "DIA-Adaptive type I: k full diagonals, all within +-min(width, ceil(n/100))",
       {{"n", 100000, 2, kHuge, true, "rows"},
        {"k", 7, 1, kHuge, true, "diagonals"},
        {"width", 16, 1, kHuge, true, "farthest offset"}}},
      {"dia2", "DIA-Adaptive type II: full diagonals 0, +-1 plus k-3 far ones (|offset| > ceil(n/100))",
       {{"n", 100000, 300, kHuge, true, "rows"}, {"k", 9, 4, kHuge, true, "diagonals"}}},
      {"dia3", "DIA-Adaptive type III: diagonals 0, +-1 plus k-3 far ones made of runs of seg rows that "
               "are present or absent (long zero sections), plus scatter diagonals of one nonzero each",
       {{"n", 100000, 300, kHuge, true, "rows"},
        {"k", 9, 4, kHuge, true, "diagonals (without the scatter points)"},
        {"seg", 2048, 1, kHuge, true, "rows of a present or absent run"},
        {"scatter", 16, 0, kHuge, true, "single-nonzero diagonals"}}},
      {"longrows", "short rows (about `short` entries near the diagonal) plus `count` rows of `len` "
                   "entries: longer than a thread block's shared memory (227 KiB = 29k doubles)",
       {{"n", 100000, 2, kHuge, true, "rows"},
        {"count", 4, 0, kHuge, true, "long rows"},
        {"len", 65536, 1, kHuge, true, "entries of a long row (<= n)"},
        {"short", 8, 1, 512, true, "entries of a short row"}}},
  };
  return list;
}

const Generator* find_generator(std::string_view name) {
  for (const auto& g : registry())
    if (name == g.name) return &g;
  return nullptr;
}

std::string generator_names() {
  std::string s;
  for (const auto& g : registry()) s += (s.empty() ? "" : ", ") + std::string(g.name);
  return s;
}

const Key kSeed = {"seed", 1, 0, kHuge, true, "random seed"};

std::string format_number(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

// Keys that are valid one by one but not together.
void check_combination(const GeneratorSpec& spec) {
  const auto fail = [&](const std::string& why) { throw SpecError(spec.text + ": " + why); };
  const std::string& g = spec.name;
  if ((g == "circuit" || g == "longrows") && spec.integer("len") > spec.integer("n"))
    fail("len must be <= n (a long row has len distinct columns)");
  if (g == "rmat" && spec.real("a") + spec.real("b") + spec.real("c") > 1.0)
    fail("a + b + c must be <= 1");
  if (g == "dia1") {
    const std::int64_t n = spec.integer("n"), delta = (n + 99) / 100;
    const std::int64_t reach = std::min(spec.integer("width"), delta);
    if (spec.integer("k") - 1 > 2 * reach)
      fail("k - 1 must be <= 2 * min(width, ceil(n/100)) = " + std::to_string(2 * reach));
  }
  if (g == "dia2" || g == "dia3") {
    const std::int64_t n = spec.integer("n"), delta = (n + 99) / 100;
    if (spec.integer("k") - 3 > n / 2 - delta) fail("too many far diagonals for n: k - 3 must be <= n/2 - ceil(n/100)");
  }
}

}  // namespace

bool is_generator_spec(std::string_view text) { return text.substr(0, 4) == "gen:"; }

GeneratorSpec parse_generator_spec(std::string_view text) {
  GeneratorSpec spec;
  spec.text = std::string(text);
  if (!is_generator_spec(text)) throw SpecError(spec.text + ": a generator spec starts with 'gen:'");
  std::string_view rest = text.substr(4);
  const std::size_t colon = rest.find(':');
  spec.name = std::string(rest.substr(0, colon));
  const Generator* g = find_generator(spec.name);
  if (!g)
    throw SpecError(spec.text + ": unknown generator '" + spec.name + "'; valid generators are: " +
                    generator_names());
  std::vector<Key> keys = g->keys;
  keys.push_back(kSeed);
  for (const Key& k : keys) spec.keys[k.name] = k.value;
  std::string_view list = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
  while (!list.empty()) {
    const std::size_t comma = list.find(',');
    const std::string_view item = list.substr(0, comma);
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
    const std::size_t eq = item.find('=');
    const std::string key(item.substr(0, eq));
    const auto k = std::find_if(keys.begin(), keys.end(), [&](const Key& x) { return key == x.name; });
    if (k == keys.end()) {
      std::string valid;
      for (const Key& x : keys) valid += (valid.empty() ? "" : ", ") + std::string(x.name);
      throw SpecError(spec.text + ": unknown key '" + key + "' for generator " + spec.name +
                      "; valid keys are: " + valid);
    }
    if (eq == std::string_view::npos) throw SpecError(spec.text + ": key '" + key + "' needs a value (key=value)");
    const std::string_view text_value = item.substr(eq + 1);
    double v = 0;
    const auto [end, ec] = std::from_chars(text_value.data(), text_value.data() + text_value.size(), v);
    if (ec != std::errc() || end != text_value.data() + text_value.size() || text_value.empty())
      throw SpecError(spec.text + ": " + key + "=" + std::string(text_value) + " is not a number");
    if (k->integer && v != std::floor(v))
      throw SpecError(spec.text + ": " + key + " must be an integer");
    if (!(v >= k->min && v <= k->max))
      throw SpecError(spec.text + ": " + key + " must be in [" + format_number(k->min) + ", " +
                      format_number(k->max) + "]");
    spec.keys[key] = v;
  }
  check_combination(spec);
  return spec;
}

template <class V, class I>
HostCsr<V, I> generate(const GeneratorSpec& spec) {
  const std::string& n = spec.name;
  if (n.rfind("stencil", 0) == 0) return detail::make_stencil<V, I>(spec);
  if (n == "fem") return detail::make_fem<V, I>(spec);
  if (n == "qcd") return detail::make_qcd<V, I>(spec);
  if (n == "rmat") return detail::make_rmat<V, I>(spec);
  if (n == "circuit") return detail::make_circuit<V, I>(spec);
  if (n == "longrows") return detail::make_longrows<V, I>(spec);
  if (n.rfind("dia", 0) == 0) return detail::make_banded<V, I>(spec);
  throw SpecError(spec.text + ": unknown generator '" + n + "'");
}

std::string generator_help() {
  std::ostringstream s;
  for (const auto& g : registry()) {
    s << "  gen:" << g.name << "  " << g.help << "\n      keys:";
    for (const Key& k : g.keys) s << " " << k.name << "=" << format_number(k.value) << " (" << k.help << ")";
    s << " seed=1\n";
  }
  return s.str();
}

namespace detail {

std::vector<std::int64_t> spread_rows(std::int64_t count, std::int64_t n, std::uint64_t seed) {
  std::vector<std::int64_t> rows;
  count = std::min(count, n);
  SplitMix rng(hash3(seed, 0x5712, 0));
  for (std::int64_t t = 0; t < count; ++t) {
    const std::int64_t lo = t * n / count, hi = (t + 1) * n / count;
    rows.push_back(lo + std::int64_t(rng.below(std::uint64_t(hi - lo))));
  }
  return rows;
}

void stratified_columns(std::int64_t len, std::int64_t n, SplitMix& rng, std::vector<std::int64_t>& out) {
  // Integer interval bounds: disjoint and non-empty while len <= n, so the
  // columns come out distinct and sorted.
  for (std::int64_t q = 0; q < len; ++q) {
    const std::int64_t lo = q * n / len, hi = (q + 1) * n / len;
    out.push_back(lo + std::int64_t(rng.below(std::uint64_t(hi - lo))));
  }
}

void sort_unique(std::vector<std::int64_t>& cols) {
  std::sort(cols.begin(), cols.end());
  cols.erase(std::unique(cols.begin(), cols.end()), cols.end());
}

void bad_keys(const GeneratorSpec& spec, const std::string& message) {
  throw SpecError(spec.text + ": " + message);
}

}  // namespace detail

#define AIJA_INSTANTIATE(V, I) template HostCsr<V, I> generate<V, I>(const GeneratorSpec&);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive::bench
