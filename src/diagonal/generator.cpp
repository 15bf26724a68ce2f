#include "diagonal/generator.hpp"

#include <algorithm>
#include <deque>
#include <mutex>
#include <set>
#include <sstream>
#include <type_traits>

#include "aijadaptive/scalar.hpp"
#include "jit/disk_cache.hpp"

namespace aijadaptive::detail {

namespace {

// The complex value type of a generated kernel: a struct of V's layout (two
// parts, aligned as cuda::std::complex) and the operations the generic kernel
// runs (multiply_add and diagonal_update of kernels.cu), spelled the same, so
// that both give the same bits. NVRTC needs no header for it.
std::string complex_prelude(const char* part, const char* vector, int align) {
  std::ostringstream s;
  s << "struct __align__(" << align << ") aija_complex { " << part << " re, im; };\n"
    << "__device__ __forceinline__ aija_complex aija_make(" << part << " re, " << part
    << " im) { aija_complex z; z.re = re; z.im = im; return z; }\n";
  for (const char* load : {"__ldg", "__ldcs"})
    s << "__device__ __forceinline__ aija_complex aija" << load << "(const aija_complex* p) { const " << vector
      << " v = " << load << "(reinterpret_cast<const " << vector << "*>(p)); return aija_make(v.x, v.y); }\n";
  s << "__device__ __forceinline__ void aija_multiply_add(aija_complex& s, aija_complex a, aija_complex b) {\n"
       "  const "
    << part << " re = fma(-a.im, b.im, fma(a.re, b.re, s.re));\n  const " << part
    << " im = fma(a.im, b.re, fma(a.re, b.im, s.im));\n"
       "  s = aija_make(re, im);\n}\n";
  return s.str();
}

// The code that sets `b`, block k's descriptor. Blocks come in runs that
// advance by whole blocks (a piece's guarded head, unguarded middle, guarded
// tail); when they are few, each run is a comparison and the descriptor is
// computed from constants, so that the loads of the products wait for no load
// of the descriptor (0.2-0.3 us of a 7- or 27-point product on 24^3, H100:
// docs/h100-2026-11-26-small-stencil-kernel/). Otherwise it is read from `blocks`.
std::string block_descriptor(const std::vector<DiagonalBlock>& blocks, int block_threads) {
  struct Run {
    std::size_t first, last;
  };
  std::vector<Run> runs;
  for (std::size_t k = 0; k < blocks.size(); ++k) {
    const DiagonalBlock& b = blocks[k];
    if (!runs.empty()) {
      const DiagonalBlock& p = blocks[runs.back().last];
      if (p.rows == block_threads && b.row0 == p.row0 + block_threads && b.values == p.values + block_threads &&
          b.stride == p.stride && b.list_guard == p.list_guard) {
        runs.back().last = k;
        continue;
      }
    }
    runs.push_back({k, k});
  }
  std::ostringstream s;
  s << "  DiagonalBlock b;\n";
  if (runs.empty() || runs.size() > std::size_t(kMaxComputedBlockRuns)) {
    s << "  b = blocks[k];\n";
    return s.str();
  }
  for (std::size_t r = 0; r < runs.size(); ++r) {
    const DiagonalBlock& f = blocks[runs[r].first];
    const DiagonalBlock& l = blocks[runs[r].last];
    s << "  " << (r ? "else " : "");
    if (r + 1 < runs.size()) s << "if (k <= " << runs[r].last << "LL) ";
    s << "{ const long long j = (k - " << runs[r].first << "LL) * " << block_threads << "LL; b.values = " << f.values
      << "LL + j; b.row0 = " << f.row0 << "LL + j; b.stride = " << f.stride << "LL; b.rows = ";
    if (l.rows == block_threads)  // every block of the run full
      s << block_threads;
    else
      s << "k == " << runs[r].last << "LL ? " << l.rows << " : " << block_threads;
    s << "; b.list_guard = " << f.list_guard << "; }\n";
  }
  return s.str();
}

}  // namespace

template <class V>
GeneratedDiagonalKernel generate_diagonal_kernel(const DiagonalLayout<V>& layout,
                                                 const std::vector<DiagonalBlock>& blocks, int block_threads,
                                                 bool stream_loads) {
  GeneratedDiagonalKernel g;
  constexpr bool complex = is_complex_v<V>;
  const char* part = std::is_same_v<real_type_t<V>, double> ? "double" : "float";
  const char* type = complex ? "aija_complex" : part;
  std::set<std::int32_t> cases;
  for (const DiagonalBlock& b : blocks) cases.insert(b.list_guard);
  std::int64_t terms = 0;
  for (std::int32_t c : cases) terms += layout.list_begin[std::size_t(c / 2) + 1] - layout.list_begin[std::size_t(c / 2)];
  if (layout.lists() > kMaxGeneratedLists || terms > kMaxGeneratedTerms) {
    g.why_not = std::to_string(layout.lists()) + " offset lists, " + std::to_string(terms) +
                " diagonals over all cases: more than the generator unrolls (" + std::to_string(kMaxGeneratedLists) +
                " lists, " + std::to_string(kMaxGeneratedTerms) + " diagonals)";
    return g;
  }
  // The values are used once: evict them first. (A complex load of both parts at once.)
  const std::string load = stream_loads ? (complex ? "aija__ldcs" : "__ldcs") : "*";
  const std::string x_load = complex ? "aija__ldg" : "__ldg";
  // sum += value * x[c], into `to`
  const auto term = [&](const std::string& value, const std::string& c, const std::string& to = "sum") {
    return complex ? "aija_multiply_add(" + to + ", " + value + ", " + x_load + "(x + " + c + "));"
                   : to + " += " + value + " * __ldg(x + " + c + ");";
  };
  std::ostringstream body;
  for (std::int32_t c : cases) {
    const std::int64_t l = c / 2;
    const bool guarded = c % 2;
    body << "  case " << c << ":\n";
    for (std::int64_t k = layout.list_begin[std::size_t(l)]; k < layout.list_begin[std::size_t(l) + 1]; ++k) {
      const std::int64_t slot = k - layout.list_begin[std::size_t(l)];
      const std::string value = load + "(v + " + std::to_string(slot) + " * s)";
      const std::string off = "(" + std::to_string(layout.offsets[std::size_t(k)]) + "LL)";
      if (guarded)  // as the generic kernel: every load made, the sum kept where c is outside
        body << "    c = row + " << off << "; t = sum; " << term(value, "(c < 0 ? 0 : c < cols ? c : cols - 1)", "t")
             << " if (c >= 0 && c < cols) sum = t;\n";
      else
        body << "    " << term(value, "(row + " + off + ")") << "\n";
    }
    body << "    break;\n";
  }
  const std::string cases_text = body.str();
  const std::string descriptor_text = block_descriptor(blocks, block_threads);
  const std::string hashed = descriptor_text + cases_text;
  std::ostringstream name;
  name << "aija_diagonal_" << (complex ? "complex_" : "") << part << "_" << block_threads
       << (stream_loads ? "_cs_" : "_") << std::hex << jit::fnv1a64(hashed.data(), hashed.size());  // short; the cache compares the whole source too
  g.name = name.str();
  g.key = "diagonal:" + g.name;
  std::ostringstream s;
  s << "// Generated by aijadaptive (src/diagonal/generator.cpp) for one matrix.\n"
    << (complex ? complex_prelude(part, std::is_same_v<real_type_t<V>, double> ? "double2" : "float2",
                                  int(2 * sizeof(real_type_t<V>)))
                : std::string())
    << "struct DiagonalBlock { long long values; long long row0; long long stride; int rows; int list_guard; };\n"
       "extern \"C\" __global__ void __launch_bounds__("
    << block_threads << ")\n"
    << g.name << "(const DiagonalBlock* __restrict__ blocks, long long first_block, const " << type
    << "* __restrict__ values, long long cols,\n"
    << "    const " << type << "* __restrict__ x, " << type << " alpha, " << type << " beta, " << type
    << "* __restrict__ y) {\n"
       "  const long long k = first_block + blockIdx.x;\n"
    << descriptor_text
    << "  const int i = threadIdx.x;\n"
       "  if (i >= b.rows) return;\n"
       "  const long long row = b.row0 + i, s = b.stride;\n"
       "  const "
    << type << "* __restrict__ v = values + b.values + i;\n  " << type
    << (complex ? " sum = aija_make(0, 0), t;\n" : " sum = 0, t;\n")
    << "  long long c;\n"
       "  (void)c;\n"
       "  (void)t;\n"
       "  switch (b.list_guard) {\n"
    << cases_text
    << "  }\n";
  if (complex)  // diagonal_update of kernels.cu: beta == 0 leaves y unread
    s << "  aija_complex out = aija_make(0, 0);\n"
         "  aija_multiply_add(out, alpha, sum);\n"
         "  if (beta.re != 0 || beta.im != 0) aija_multiply_add(out, beta, y[row]);\n"
         "  y[row] = out;\n}\n";
  else
    s << "  y[row] = beta == " << type << "(0) ? alpha * sum : alpha * sum + beta * y[row];\n}\n";
  g.source = s.str();
  return g;
}

namespace {

// What a generated kernel's source depends on, beside V: kept with it.
struct GeneratorInput {
  std::vector<std::int64_t> offsets, list_begin;
  std::vector<DiagonalBlock> blocks;
  int block_threads = 0;
  bool stream_loads = false;

  bool same(const std::vector<std::int64_t>& other_offsets, const std::vector<std::int64_t>& other_list_begin,
            const std::vector<DiagonalBlock>& other_blocks, int other_block_threads, bool other_stream_loads) const {
    const auto same_block = [](const DiagonalBlock& a, const DiagonalBlock& b) {
      return a.values == b.values && a.row0 == b.row0 && a.stride == b.stride && a.rows == b.rows &&
             a.list_guard == b.list_guard;
    };
    return block_threads == other_block_threads && stream_loads == other_stream_loads && offsets == other_offsets &&
           list_begin == other_list_begin &&
           std::equal(blocks.begin(), blocks.end(), other_blocks.begin(), other_blocks.end(), same_block);
  }
};

}  // namespace

template <class V>
std::shared_ptr<const GeneratedDiagonalKernel> generated_diagonal_kernel(const DiagonalLayout<V>& layout,
                                                                         const std::vector<DiagonalBlock>& blocks,
                                                                         int block_threads, bool stream_loads) {
  if (blocks.size() > kGeneratedKeptBlocks)
    return std::make_shared<const GeneratedDiagonalKernel>(
        generate_diagonal_kernel(layout, blocks, block_threads, stream_loads));
  static std::mutex mutex;
  static std::deque<std::pair<GeneratorInput, std::shared_ptr<const GeneratedDiagonalKernel>>> kept;  // newest first
  {
    const std::lock_guard<std::mutex> lock(mutex);
    for (const auto& [in, generated] : kept)
      if (in.same(layout.offsets, layout.list_begin, blocks, block_threads, stream_loads)) return generated;
  }
  auto generated = std::make_shared<const GeneratedDiagonalKernel>(
      generate_diagonal_kernel(layout, blocks, block_threads, stream_loads));
  const std::lock_guard<std::mutex> lock(mutex);
  kept.emplace_front(GeneratorInput{layout.offsets, layout.list_begin, blocks, block_threads, stream_loads}, generated);
  if (kept.size() > kGeneratedKept) kept.pop_back();
  return generated;
}

template GeneratedDiagonalKernel generate_diagonal_kernel<double>(const DiagonalLayout<double>&,
                                                                  const std::vector<DiagonalBlock>&, int, bool);
template GeneratedDiagonalKernel generate_diagonal_kernel<float>(const DiagonalLayout<float>&,
                                                                 const std::vector<DiagonalBlock>&, int, bool);
template std::shared_ptr<const GeneratedDiagonalKernel> generated_diagonal_kernel<double>(
    const DiagonalLayout<double>&, const std::vector<DiagonalBlock>&, int, bool);
template std::shared_ptr<const GeneratedDiagonalKernel> generated_diagonal_kernel<float>(
    const DiagonalLayout<float>&, const std::vector<DiagonalBlock>&, int, bool);
#if AIJADAPTIVE_HAVE_COMPLEX
template GeneratedDiagonalKernel generate_diagonal_kernel<std::complex<double>>(
    const DiagonalLayout<std::complex<double>>&, const std::vector<DiagonalBlock>&, int, bool);
template GeneratedDiagonalKernel generate_diagonal_kernel<std::complex<float>>(
    const DiagonalLayout<std::complex<float>>&, const std::vector<DiagonalBlock>&, int, bool);
template std::shared_ptr<const GeneratedDiagonalKernel> generated_diagonal_kernel<std::complex<double>>(
    const DiagonalLayout<std::complex<double>>&, const std::vector<DiagonalBlock>&, int, bool);
template std::shared_ptr<const GeneratedDiagonalKernel> generated_diagonal_kernel<std::complex<float>>(
    const DiagonalLayout<std::complex<float>>&, const std::vector<DiagonalBlock>&, int, bool);
#endif

}  // namespace aijadaptive::detail
