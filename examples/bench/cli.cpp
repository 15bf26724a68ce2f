#include "cli.hpp"

#include <charconv>
#include <limits>
#include <sstream>
#include <string_view>

#include <aijadaptive/errors.hpp>

#include "generators.hpp"

namespace aijadaptive::bench {

namespace {

template <class T>
T parse_number(const std::string& option, const std::string& text, T min) {
  T v{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty() || v < min)
    throw UsageError(option + " " + text + ": expected an integer >= " + std::to_string(min));
  return v;
}

std::vector<MethodName> parse_methods(const std::string& list) {
  if (list == "all") return all_methods();
  std::vector<MethodName> out;
  std::string_view rest = list;
  while (!rest.empty() || out.empty()) {
    const std::size_t comma = rest.find(',');
    const std::string name(rest.substr(0, comma));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    const auto m = method_from_name(name);
    if (!m) throw UsageError("--formats: unknown format '" + name + "'; valid choices are: all, " + method_names());
    bool seen = false;
    for (const MethodName& o : out) seen = seen || o.name == m->name;
    if (!seen) out.push_back(*m);
  }
  return out;
}

// "ipcsr: block_threads, ..." for --help.
std::string param_list() {
  std::string s;
  for (FormatId id : all_formats()) {
    s += std::string(s.empty() ? "" : "; ") + format_name(id) + ":";
    for (const ParamSpec& p : format_params(id)) s += " " + p.name;
  }
  return s;
}

}  // namespace

Options parse_command_line(int argc, const char* const* argv) {
  Options o;
  o.methods = all_methods();
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i], value;
    const bool is_option = arg.size() > 2 && arg.compare(0, 2, "--") == 0;
    if (!is_option) {
      if (!arg.empty() && arg[0] == '-' && arg != "-")
        throw UsageError("unknown option " + arg + " (options start with --; see --help)");
      o.matrices.push_back(arg);
      continue;
    }
    // --name=value or --name value
    bool inline_value = false;
    if (const std::size_t eq = arg.find('='); eq != std::string::npos) {
      value = arg.substr(eq + 1);
      arg = arg.substr(0, eq);
      inline_value = true;
    }
    const auto flag = [&] {
      if (inline_value) throw UsageError(arg + " takes no value");
    };
    const auto need = [&]() -> const std::string& {
      if (!inline_value) {
        if (i + 1 >= argc) throw UsageError(arg + " needs a value (see --help)");
        value = argv[++i];
      }
      return value;
    };
    const auto zero_or_one = [&] {
      const std::string& v = need();
      if (v != "0" && v != "1") throw UsageError(arg + " " + v + ": valid choices are: 0, 1");
      return v == "1";
    };
    if (arg == "--help") {
      flag();
      o.help = true;
    } else if (arg == "--host") {
      flag();
      o.host = true;
    } else if (arg == "--formats") {
      o.methods = parse_methods(need());
    } else if (arg == "--precision") {
      const std::string& p = need();
      if (p == "double")
        o.precision = Precision::double_;
      else if (p == "single")
        o.precision = Precision::single_;
      else
        throw UsageError("--precision " + p + ": valid choices are: double, single");
    } else if (arg == "--index") {
      const std::string& p = need();
      if (p != "32" && p != "64") throw UsageError("--index " + p + ": valid choices are: 32, 64");
      o.index_bits = p == "64" ? 64 : 32;
    } else if (arg == "--reps") {
      o.reps = parse_number<int>(arg, need(), 1);
    } else if (arg == "--setup-reps") {
      o.setup_reps = parse_number<int>(arg, need(), 1);
    } else if (arg == "--warmup") {
      o.warmup = parse_number<int>(arg, need(), 0);
    } else if (arg == "--csv") {
      o.csv = need();
    } else if (arg == "--json") {
      o.json = need();
    } else if (arg == "--plot") {
      o.plot = need();
    } else if (arg == "--suite") {
      o.suites.push_back(need());
    } else if (arg == "--matrix-dir") {
      o.matrix_dir = need();
    } else if (arg == "--pattern-values") {
      const std::string& p = need();
      if (p == "one")
        o.mtx.pattern = PatternValues::ones;
      else if (p == "random")
        o.mtx.pattern = PatternValues::random;
      else
        throw UsageError("--pattern-values " + p + ": valid choices are: one, random");
    } else if (arg == "--seed") {
      o.seed = parse_number<std::uint64_t>(arg, need(), 0);
      o.mtx.seed = o.seed;
    } else if (arg == "--reorder") {
      const std::string& r = need();
      const auto choice = parse_reorder_choice(r);
      if (!choice) throw UsageError("--reorder " + r + ": valid choices are: " + valid_reorder_choices());
      o.adaptive.reorder = *choice;
    } else if (arg == "--renumber") {
      const std::string& r = need();
      if (r != "none" && r != "rcm") throw UsageError("--renumber " + r + ": valid choices are: none, rcm");
      o.renumber_rcm = r == "rcm";
    } else if (arg == "--jit") {
      o.adaptive.jit = zero_or_one();
    } else if (arg == "--graphs") {
      o.adaptive.graphs = zero_or_one();
    } else if (arg == "--prefetch") {
      o.adaptive.prefetch_min_nnz = zero_or_one() ? MatrixOptions{}.prefetch_min_nnz : SIZE_MAX;
    } else if (arg == "--prefetch-min-nnz") {
      const auto n = parse_number<std::int64_t>(arg, need(), -1);
      o.adaptive.prefetch_min_nnz = n < 0 ? SIZE_MAX : std::size_t(n);
    } else if (arg == "--defer-min-nnz") {
      const auto n = parse_number<std::int64_t>(arg, need(), -1);
      o.adaptive.defer_min_nnz = n < 0 ? SIZE_MAX : std::size_t(n);
    } else if (arg == "--first-products") {
      o.adaptive.first_products = parse_number<int>(arg, need(), 0);
    } else if (arg == "--narrow") {
      o.adaptive.narrow_indices = zero_or_one();
    } else if (arg == "--slab-max-nnz") {
      o.adaptive.slab_max_nnz = parse_number<std::int64_t>(arg, need(), 1);
      if (o.adaptive.slab_max_nnz > std::numeric_limits<std::int32_t>::max())
        throw UsageError("--slab-max-nnz " + std::to_string(o.adaptive.slab_max_nnz) + ": must be below 2^31");
    } else if (arg == "--tune-candidates") {
      o.adaptive.tune.candidates = parse_number<int>(arg, need(), 1);
    } else if (arg == "--tune-products") {
      o.adaptive.tune.products = parse_number<int>(arg, need(), 1);
    } else if (arg == "--tune-min-nnz") {
      o.adaptive.tune.min_nnz = parse_number<std::int64_t>(arg, need(), 0);
    } else if (arg == "--param") {
      try {
        o.adaptive.params.set(need());
      } catch (const Error& e) {
        throw UsageError(std::string("--param ") + e.what());
      }
    } else if (arg == "--vectors") {
      const std::string& v = need();
      if (v != "device" && v != "host") throw UsageError("--vectors " + v + ": valid choices are: device, host");
      o.adaptive.host_vectors = v == "host";
    } else if (arg == "--stream-min-mib") {
      const std::string& text = need();
      double mib = 0;
      const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), mib);
      if (ec != std::errc() || end != text.data() + text.size() || text.empty() || !(mib >= 0 || mib == -1))
        throw UsageError("--stream-min-mib " + text + ": expected MiB >= 0, or -1 (never)");
      o.adaptive.stream_min_bytes = mib < 0 ? SIZE_MAX : std::size_t(mib * 1024 * 1024);
    } else if (arg == "--copy-mib") {
      o.copy_mib = parse_number<std::size_t>(arg, need(), 1);
    } else {
      throw UsageError("unknown option " + arg + " (see --help)");
    }
  }
  if (!o.help && o.matrices.empty() && o.suites.empty())
    throw UsageError("no matrices: give files, gen: specs or --suite FILE (see --help)");
  return o;
}

std::string usage_text() {
  std::ostringstream s;
  s << "usage: aijadaptive-bench [options] MATRIX...\n"
       "\n"
       "Times y = A x for every storage format of aijadaptive, its automatic choice (auto),\n"
       "its autotune (tune: the selector's first candidates timed, the fastest kept) and\n"
       "cuSPARSE's CSR algorithms, and checks each result against the host reference.\n"
       "\n"
       "MATRIX is a Matrix Market file (.mtx or .mtx.gz; coordinate real, integer or\n"
       "pattern; general, symmetric or skew-symmetric) or a generator spec\n"
       "gen:NAME[:key=value,...]. Relative files are looked up in the current directory\n"
       "(a suite file's own directory for its entries), then in --matrix-dir.\n"
       "\n"
       "options:\n"
       "  --formats LIST        comma list, or all (default): " << method_names() << "\n"
       "  --precision P         double (default) or single (complex files: complex double or float)\n"
       "  --index B             32 (default) or 64 bit indices\n"
       "  --reps N              timed products per method (default 100), after --warmup N (default 10)\n"
       "  --setup-reps N        fresh set-ups timed per method and matrix (default 1); the report has the one of\n"
       "                        median total (build + upload) and, in the note, the first (the process's first\n"
       "                        use of a kernel or of the kernel cache lands there)\n"
       "  --suite FILE          matrices from FILE, one per line ('#' starts a comment); repeatable\n"
       "  --matrix-dir DIR      also look for relative matrix files in DIR (default: " AIJA_BENCH_DEFAULT_MATRIX_DIR ")\n"
       "  --csv FILE            one row per matrix and method\n"
       "  --json FILE           the same, with the run's settings\n"
       "  --plot FILE.png       bar chart of the fraction of copy bandwidth (runs plot_bench.py on\n"
       "                        the CSV; writes FILE.png.csv when --csv is not given)\n"
       "  --host                run the host kernels even when a GPU is present\n"
       "  --pattern-values V    values of pattern files: one (default) or random (seeded)\n"
       "  --seed N              seed of x and of random pattern values (default 1)\n"
       "  --copy-mib N          size of the copy-bandwidth buffer (default max(1 GiB, 4 x L2); host 256)\n"
       "  --reorder R           reordering of aijadaptive's methods: auto (default: the selector decides),\n"
       "                        none, rcm (reverse Cuthill-McKee on every square matrix) or degree (every\n"
       "                        square matrix renumbered by column counts, most first)\n"
       "  --renumber R          none (default) or rcm: each matrix renumbered by RCM before every method,\n"
       "                        cuSPARSE's too (a mesh numbered for locality); aijadaptive may still reorder it\n"
       "  --jit 0|1             formats may compile kernels for the matrix at run time (default 1)\n"
       "  --graphs 0|1          products replayed as CUDA graphs once captured (default 1)\n"
       "  --tune-candidates N   method tune: how many of the selector's candidates it times (default 4)\n"
       "  --tune-products N     method tune: products timed per candidate, after one untimed (default 20)\n"
       "  --tune-min-nnz N      method tune: times nothing under N nonzeros, runs auto's choice (default 0)\n"
       "  --prefetch 0|1        send a large matrix's CSR arrays to the GPU during its analysis (default 1)\n"
       "  --prefetch-min-nnz N  the same from N nonzeros (default 2^15; -1: never)\n"
       "  --defer-min-nnz N     auto: from N nonzeros (default 10^6), a matrix the analysis may reorder (or whose\n"
       "                        chosen format is costly to build) runs csr while a host thread reorders it and\n"
       "                        builds the chosen format (-1: never)\n"
       "  --first-products N    auto and tune: also time their set-up and first N products together, before\n"
       "                        any background work is waited for (in the note)\n"
       "  --narrow 0|1          with --index 64, run matrices whose rows and columns fit 32 bits with 32-bit\n"
       "                        indices (default 1), in row slabs beyond --slab-max-nnz nonzeros\n"
       "  --slab-max-nnz N      most nonzeros per row slab of a narrowed matrix (default 2^30)\n"
       "  --vectors V           device (default) or host: aijadaptive's GPU products take x and y in page-locked\n"
       "                        host memory, as with PETSc's host vectors (timed on the host, copies included)\n"
       "  --stream-min-mib M    with host vectors, a y of at least M MiB (default 4) is streamed: x up, the\n"
       "                        products of row ranges and y down overlapping; -1: never, one after the other\n"
       "  --param F.P=V         tuning parameter P of format F (repeatable), e.g. ipcsr.block_threads=256;\n"
       "                        " << param_list() << "\n"
       "  --help                this text\n"
       "\n"
       "Exit status: 0 when every result is correct, 1 when a result is wrong or a matrix\n"
       "could not be used, 2 for a mistake on the command line or in a suite file.\n"
       "\n"
       "generators:\n"
    << generator_help();
  return s.str();
}

}  // namespace aijadaptive::bench
