// What the benchmark measures, one "method" per column of its results:
//
//   every format of aijadaptive::all_formats()   AdaptiveMatrix with that format fixed
//   auto                                         AdaptiveMatrix, the selector decides
//   cusparse-alg1, cusparse-alg2                 cusparseSpMV with CUSPARSE_SPMV_CSR_ALG1/2,
//                                                called directly (the baselines)
//   kokkos                                       KokkosSparse::spmv (builds that found
//                                                Kokkos Kernels only)
//
// A method is bound to one matrix and one pair of vectors at prepare(), so
// that work depending on them (cuSPARSE's preprocessing) is counted as set-up,
// not as SpMV time.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/autotune.hpp>
#include <aijadaptive/csr_view.hpp>
#include <aijadaptive/format.hpp>
#include <aijadaptive/format_list.hpp>
#include <aijadaptive/selector.hpp>
#include <aijadaptive/tuning.hpp>

namespace aijadaptive::bench {

enum class Where { host, device };
const char* where_name(Where w);

struct MethodName {
  enum class Kind { format, automatic, tuned, cusparse_alg1, cusparse_alg2, kokkos };
  Kind kind = Kind::automatic;
  FormatId format = FormatId::csr;  // Kind::format only
  std::string name;
  bool is_cusparse() const { return kind == Kind::cusparse_alg1 || kind == Kind::cusparse_alg2; }
};

// Every method this build knows, in report order.
std::vector<MethodName> all_methods();
std::optional<MethodName> method_from_name(std::string_view name);
std::string method_names();  // "csr, ..., auto, cusparse-alg1, ..." for messages

// y = A x with alpha = 1, beta = 0: both copies of each vector, the method
// uses the pair that matches where it runs.
template <class V>
struct Vectors {
  const V* host_x = nullptr;
  V* host_y = nullptr;
  const V* device_x = nullptr;  // null in host mode
  V* device_y = nullptr;
};

struct SetupTimes {
  double build_s = NAN;   // host analysis (AdaptiveMatrix::analyse); NaN: none
  double upload_s = NAN;  // upload and device-side preparation; NaN: none
};

template <class V, class I>
class Method {
 public:
  virtual ~Method() = default;
  // Whether its products on the GPU take host vectors (timed on the host clock).
  virtual bool host_vectors() const { return false; }
  virtual SetupTimes prepare(const CsrView<V, I>& a, const Vectors<V>& v, Stream stream) = 0;
  // Known after prepare(): an adaptive matrix may stay on the host.
  virtual Where where() const = 0;
  // One product; on the device asynchronous on the stream given to prepare().
  virtual void apply() = 0;
  // Bytes of the method's own matrix storage; 0 when it cannot tell.
  virtual std::size_t storage_bytes() const = 0;
  // The format `auto` chose, empty for the others.
  virtual std::string selected() const { return {}; }
  // Why it runs where it runs, when that is worth a line in the report.
  virtual std::string note() const { return {}; }
};

// What aijadaptive's own methods (its formats and auto) are given.
struct AdaptiveSettings {
  ReorderChoice reorder = ReorderChoice::automatic;
  TuningParams params;  // --param <format>.<name>=<value>
  bool jit = true;      // --jit 0: no kernels compiled at run time
  bool graphs = true;   // --graphs 0: products launched directly (MatrixOptions::product_graphs)
  // --prefetch 0 (SIZE_MAX): the CSR arrays sent after the analysis; --prefetch-min-nnz N
  std::size_t prefetch_min_nnz = MatrixOptions{}.prefetch_min_nnz;
  std::size_t defer_min_nnz = MatrixOptions{}.defer_min_nnz;  // --defer-min-nnz (-1: SIZE_MAX)
  int first_products = 0;  // --first-products N: auto's set-up and first N products timed together
  bool narrow_indices = true;  // --narrow 0: 64-bit indices kept on the device (MatrixOptions::narrow_indices)
  std::int64_t slab_max_nnz = MatrixOptions{}.slab_max_nnz;  // --slab-max-nnz: narrowed matrices' row slabs
  TuneOptions tune;            // method tune: --tune-candidates, --tune-products
  // --vectors host: on the GPU, aijadaptive's products take x and y in host
  // memory, page-locked, as the plugin's with PETSc's host vectors (-mat_aijadaptive_host_transfer pin).
  bool host_vectors = false;
  std::size_t stream_min_bytes = MatrixOptions{}.stream_min_bytes;  // --stream-min-mib (-1: SIZE_MAX)
};

// Whether the method can run in this mode; if not, *why_not says why
// (cuSPARSE in host mode or without CUDA, Kokkos Kernels not found ...).
bool method_available(const MethodName& name, bool host_mode, std::string* why_not);
// The method, or nullptr with *why_not set when it is not available.
template <class V, class I>
std::unique_ptr<Method<V, I>> make_method(const MethodName& name, bool host_mode, const AdaptiveSettings& adaptive,
                                          std::string* why_not);

// Per family, defined in adaptive_method.cpp, cusparse_method.cpp /
// no_cuda.cpp, kokkos_method.cpp / no_kokkos.cpp.
// In host mode a fixed format runs its host reference kernel (the oracle of
// its device kernel; aijadaptive's host products are csr's whatever the
// format), and auto the adaptive matrix on the host.
template <class V, class I>
std::unique_ptr<Method<V, I>> make_adaptive_method(const MethodName& name, bool host_mode,
                                                   const AdaptiveSettings& adaptive);
template <class V, class I>
std::unique_ptr<Method<V, I>> make_cusparse_method(const MethodName& name, std::string* why_not);
template <class V, class I>
std::unique_ptr<Method<V, I>> make_kokkos_method(bool host_mode, std::string* why_not);
bool kokkos_built();
std::string kokkos_description();  // "Kokkos Kernels 3.4 (Serial)" or why there is none

}  // namespace aijadaptive::bench
