// What a storage format implements, in two halves:
//
//   HostFormat   - built on the host from the CSR matrix with a FormatContext:
//                  the analysis, the values' layout, and the host reference
//                  kernel (the oracle every device test compares against; the
//                  host products themselves are plain CSR, never these).
//   DeviceFormat - made by its host half's upload(): the same structure on
//                  one GPU, and its kernels. It keeps a reference to its host
//                  half (which the caller keeps alive), so the two are paired
//                  by construction.
//
// A format states its capabilities; what it lacks, the core supplies once (the
// transpose through cuSPARSE, the scatter of a reordered matrix's rows).
// Products are y = alpha * op(A) * x + beta * y; with beta == 0, y is written
// and never read (NaN or Inf already in y does not propagate). A device
// product runs asynchronously and in order on the stream it is given.
//
// A new format: one line in format_list.hpp, a folder src/formats/<name>/
// (CMakeLists.txt, build.cpp, reference.cpp, kernels.cu), a header
// include/aijadaptive/formats/<name>.hpp, its tests (tests/unit/test_<name>.cpp,
// tests/gpu/test_<name>_gpu.cpp) and a selector rule. It defines the two
// functions declared for it below.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "aijadaptive/csr_view.hpp"
#include "aijadaptive/device.hpp"
#include "aijadaptive/errors.hpp"
#include "aijadaptive/features.hpp"
#include "aijadaptive/format_list.hpp"
#include "aijadaptive/tuning.hpp"

namespace aijadaptive {

// op(A): A, A^T, or A^H = conj(A)^T (for real values the same as A^T: the
// core passes real products of A^H on as A^T, so formats see it only for
// complex values).
enum class Op { plain, transpose, conjugate_transpose };

class KernelCache;

// The CSR arrays sent to the GPU during the analysis (csr_prefetch.hpp), as
// the context carries them (a FormatContext is not a template).
class CsrPrefetchBase {
 public:
  virtual ~CsrPrefetchBase() = default;
  virtual std::size_t bytes() const = 0;
  // A format's upload used the arrays.
  virtual bool used() const = 0;
  // Why the copy failed, after a wait(); "" when it did not.
  virtual std::string why_not() const = 0;
};

// What a format does itself on the device.
struct Capabilities {
  bool transpose = false;  // op(A) = A^T (else the core runs cuSPARSE on a CSR copy made on first use)
  bool row_map = false;    // writes row i of the plain product to y[row_map[i]] in the same pass
  // The plain product of a range of rows on its own (apply_rows), at the cut
  // points row_cuts() names: the core streams host vectors through it, x up
  // and y down while other rows are multiplied.
  bool row_ranges = false;
  // op(A) = A^H for complex values (else the core's cuSPARSE CSR copy runs it).
  bool conjugate_transpose = false;
  // Its product writes the rows in their order, give or take a short window
  // (no global sort): through a row map that keeps indices in their windows
  // (a windowed reordering's), its writes stay local at any size.
  bool rows_in_order = false;
};

// What the builders and uploads are given, instead of asking the device or the
// environment themselves.
struct FormatContext {
  DeviceInfo device;     // the GPU the format is built for (Hopper's limits when there is none)
  TuningParams params;   // the user's settings of the formats' parameters
  KernelCache* kernels = nullptr;  // run-time compiled kernels (null without CUDA, or when turned off)
  // What the analysis found of the matrix the format is built for (null when
  // a format is built on its own): a builder reuses it rather than pass over
  // the entries again (the DIA formats, its diagonals).
  const Features* features = nullptr;
  // The matrix's CSR arrays, already on their way to the device when the
  // analysis started (expired, or empty, when not): an upload takes or reads
  // them rather than send them again (csr_prefetch_for()).
  std::weak_ptr<CsrPrefetchBase> csr_prefetch;
};

template <class V, class I>
class DeviceFormat;

template <class V, class I>
class HostFormat {
 public:
  virtual ~HostFormat() = default;
  virtual Capabilities capabilities() const = 0;
  // Analyse the pattern and take the values. Keeps `a` (non-owning) until the
  // next build() or refill().
  virtual void build(const CsrView<V, I>& a) = 0;
  // Same pattern, new values (possibly at a new address).
  virtual void refill(const CsrView<V, I>& a) = 0;
  // The host reference kernel, walking the format's own structure as its
  // device kernel does. Op::transpose only where capabilities().transpose,
  // Op::conjugate_transpose where capabilities().conjugate_transpose (a
  // format without them may run them through csr_reference_apply).
  virtual void apply(Op op, V alpha, const V* x, V beta, V* y) const = 0;
  // The matrix it was built from.
  virtual const CsrView<V, I>& csr() const = 0;
  // Bytes the format keeps on the host beyond the caller's CSR arrays.
  virtual std::size_t extra_host_bytes() const { return 0; }
  // Device bytes upload() will allocate: checked against what the device has
  // (and the format's memory_limit) before uploading.
  virtual std::size_t device_bytes_needed() const = 0;
  // The device half on the current device, its arrays sent on `stream` (the
  // caller synchronises). Throws ErrorKind::unsupported without CUDA, and
  // unsupported or compile when this matrix cannot run in this format here.
  virtual std::unique_ptr<DeviceFormat<V, I>> upload(Stream stream) const = 0;
  // Facts for -mat_view ::ascii_info (blocks, padding, ...), one line each.
  virtual std::vector<std::string> describe() const { return {}; }
};

// Where a kernel reads one matrix's CSR arrays on the device (row_ptr with
// rows + 1 entries; col_idx null when only the values were sent).
template <class V, class I>
struct DeviceCsrPointers {
  const I* row_ptr = nullptr;
  const I* col_idx = nullptr;
  const V* values = nullptr;
};

template <class V, class I>
class DeviceFormat {
 public:
  virtual ~DeviceFormat() = default;
  // y = alpha * A * x + beta * y, x and y on the device; with a row map set,
  // row i of A * x goes to y[row_map[i]].
  virtual void apply(V alpha, const V* x, V beta, V* y, Stream stream) = 0;
  // y = alpha * A^T * x + beta * y; only where capabilities().transpose.
  virtual void apply_transpose(V alpha, const V* x, V beta, V* y, Stream stream);
  // y = alpha * A^H * x + beta * y (complex V); only where capabilities().conjugate_transpose.
  virtual void apply_conjugate_transpose(V alpha, const V* x, V beta, V* y, Stream stream);
  // Only where capabilities().row_map: from now on the plain product writes
  // row i to y[row_map[i]]. row_map is device memory the caller keeps alive.
  virtual void set_row_map(const I* row_map);
  // Only where capabilities().row_ranges: the rows at which the plain product
  // may be split, ascending, first 0 and last the row count; and the plain
  // product of rows [row0, row1) alone (two of those cuts): y[row] for those
  // rows only, the same bits as apply() gives them, reading only the columns
  // those rows have entries in.
  virtual std::vector<std::int64_t> row_cuts() const;
  virtual void apply_rows(std::int64_t row0, std::int64_t row1, V alpha, const V* x, V beta, V* y, Stream stream);
  // The host half's values (after its refill()), sent on `stream` into the
  // arrays the products read, where they are: the products' CUDA graphs
  // replay those addresses across a refill (product_graphs.hpp).
  virtual void upload_values(Stream stream) = 0;
  virtual std::size_t device_bytes() const = 0;
  // Facts known on the device only (which kernel runs, ...), one line each.
  virtual std::vector<std::string> describe() const { return {}; }
  // Waits for work the upload started in the background (a kernel compiled
  // for the matrix) and puts its result to use: products before it is done
  // are right but may run a slower kernel.
  virtual void finish_background_work() {}
  // Which kernels apply() launches: a number that changes when they do (a
  // kernel made for the matrix in the background, which this call takes once
  // it is ready). The core replays products captured as CUDA graphs while the
  // number stays the same, and captures them again when it changes; a graph
  // replayed calls no apply(), so this call is where a replayed product's
  // format learns that its kernel is ready.
  virtual std::uint64_t launch_generation() { return 0; }
  // The caller's CSR arrays as uploaded, where the format keeps them as they
  // are (csr): what a deferred set-up copies back to the host. Valid while
  // the format lives.
  virtual std::optional<DeviceCsrPointers<V, I>> csr_arrays() const { return std::nullopt; }
};

// The core calls these only where the capabilities say so.
template <class V, class I>
void DeviceFormat<V, I>::apply_transpose(V, const V*, V, V*, Stream) {
  AIJA_THROW(internal, "apply_transpose() of a format without the transpose capability");
}
template <class V, class I>
void DeviceFormat<V, I>::apply_conjugate_transpose(V, const V*, V, V*, Stream) {
  AIJA_THROW(internal, "apply_conjugate_transpose() of a format without the conjugate_transpose capability");
}
template <class V, class I>
void DeviceFormat<V, I>::set_row_map(const I*) {
  AIJA_THROW(internal, "set_row_map() of a format without the row_map capability");
}
template <class V, class I>
std::vector<std::int64_t> DeviceFormat<V, I>::row_cuts() const {
  AIJA_THROW(internal, "row_cuts() of a format without the row_ranges capability");
}
template <class V, class I>
void DeviceFormat<V, I>::apply_rows(std::int64_t, std::int64_t, V, const V*, V, V*, Stream) {
  AIJA_THROW(internal, "apply_rows() of a format without the row_ranges capability");
}

// Per format, declared from the format list and defined in its folder:
//   <name>_params()          its tuning parameters (without the core's common ones)
//   make_<name>_host_format  its host half, not built yet
#define AIJA_DECLARE_FORMAT_FUNCTIONS(name, doc)                                         \
  const std::vector<ParamSpec>& name##_params();                                        \
  template <class V, class I>                                                            \
  std::unique_ptr<HostFormat<V, I>> make_##name##_host_format(const FormatContext& context);
AIJADAPTIVE_FORMATS(AIJA_DECLARE_FORMAT_FUNCTIONS)
#undef AIJA_DECLARE_FORMAT_FUNCTIONS

template <class V, class I>
std::unique_ptr<HostFormat<V, I>> make_host_format(FormatId id, const FormatContext& context);

// For a format's upload(): the device half in a CUDA build, a clear
// ErrorKind::unsupported without CUDA (where kernels.cu is not compiled).
// (The expression is only named, not evaluated, without CUDA.)
#if AIJADAPTIVE_HAVE_CUDA
#define AIJA_UPLOAD_WITH_CUDA(...) return __VA_ARGS__
#else
#define AIJA_UPLOAD_WITH_CUDA(...)                                                         \
  (void)sizeof(__VA_ARGS__);                                                               \
  AIJA_THROW(unsupported, "this build of aijadaptive has no CUDA support: no device formats")
#endif

}  // namespace aijadaptive
