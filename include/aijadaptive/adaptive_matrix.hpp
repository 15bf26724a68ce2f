// The adaptive matrix: one sparse matrix, bound to the format that suits it.
//
//   analyse(csr): where it runs (the host when forced, or without CUDA or a
//                 GPU: no format is analysed then); on a GPU, the features, the
//                 selector's candidates (and reordering), the first candidate's
//                 host half
//   upload():     the candidates in turn until one fits and uploads; a
//                 candidate that fails for a reason that is not the caller's
//                 (unsupported here, a failed run-time compile, not enough
//                 memory for it, a failed allocation) gives way to the next,
//                 and skipped() says why; after the last (csr), the host. The
//                 GPU's own errors (a failed launch) throw, leaving nothing
//                 allocated; upload() may be called again. With FormatChoice
//                 tune, the first plain products then time the selector's
//                 first candidates in turn, and the fastest stays (autotune.hpp)
//                 A large matrix may defer its analysis to a host thread and
//                 run csr until it is through (MatrixOptions::defer_min_nnz).
//   refill(csr):  same pattern, new values: no analysis, no allocation (waits
//                 for a deferred set-up first)
//   apply(...):   y = alpha * op(A) * x + beta * y with x and y in host or
//                 device memory. On the host, the CSR reference kernel (PETSc's
//                 own order of additions). On the device, in order on the given
//                 stream; a call on another stream than the last first waits
//                 for the last one's work (scratch and arrays are shared). An
//                 operation the format lacks is the core's: the transpose
//                 through cuSPARSE on a copy of the CSR arrays made on first use.
//                 A failure (no memory for a work buffer, a failed launch)
//                 throws, and leaves the matrix as it was: the next call
//                 runs normally (fault_injection.hpp).
//
// Every call that touches the GPU makes the matrix's device current and
// restores the caller's afterwards.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "aijadaptive/autotune.hpp"
#include "aijadaptive/features.hpp"
#include "aijadaptive/format.hpp"
#include "aijadaptive/format_list.hpp"
#include "aijadaptive/selector.hpp"
#include "aijadaptive/tuning.hpp"

namespace aijadaptive {

enum class MemSpace { host, device };

// How host vectors reach a matrix that lives on the GPU.
enum class HostTransfer {
  direct,  // cudaMemcpyAsync from the caller's array (fast if it is pinned/registered)
  staged   // through pinned buffers owned by the matrix (one extra host copy)
};

struct MatrixOptions {
  FormatChoice format;
  // Reordering (RCM) of a square matrix with scattered columns: the selector
  // decides (automatic), or never, or always. The products stay in the
  // caller's numbering either way.
  ReorderChoice reorder = ReorderChoice::automatic;
  bool force_host = false;
  // The GPU, decided by the caller (PETSc's device, or the node-local rank);
  // -1: the current device at analyse().
  int device = -1;
  std::size_t device_memory_limit = 0;  // 0: whatever the GPU has free
  HostTransfer host_transfer = HostTransfer::staged;
  // y = alpha A x with host x and y of at least this many bytes of y is
  // streamed (x up, the products of row ranges and y down overlapping: see
  // src/core/streamed_apply.hpp) when the format multiplies row ranges on
  // their own; SIZE_MAX: never.
  std::size_t stream_min_bytes = std::size_t(4) << 20;
  // The bytes of y per piece of a streamed product (x's pieces are as large):
  // 2 MiB was the fastest of 0.5 to 8 on the H100 (docs/h100-2026-11-24-hot-path).
  std::size_t stream_piece_bytes = std::size_t(2) << 20;
  // Validate the CSR arrays at every analyse() (O(nnz)). Callers whose arrays
  // are valid by construction (PETSc's AIJ) turn it off.
  bool check_input = true;
  // A matrix on a GPU with at least this many entries has its CSR arrays sent
  // on a thread of their own while the host analyses it, when the device has
  // room for them twice over (csr_prefetch.hpp): the set-up then costs about
  // the longer of the two, not their sum. Below it the thread and the extra
  // allocation are not worth it (on the H100 machine's 16-core host the 21
  // real matrices of 2^17 to 1M entries set up at a median 2.75-2.82x
  // cuSPARSE's without it, 2.17-2.30x with it, docs/h100-2026-11-27-small-setup;
  // on the H200's, from 2^15 rather than 2^17 entries the 13 of 2^15 to 2^17
  // set up at 1.92x rather than 2.30x, while from 2^13 the 15 of 2^13 to
  // 2^15 went from 1.97x to 2.29x; docs/h200-2026-11-30-setup-fixed-costs).
  // 0: every matrix with rows; SIZE_MAX: never.
  std::size_t prefetch_min_nnz = std::size_t(1) << 15;
  // Deferred set-up (format auto, not tune): a matrix on a GPU with at least
  // this many entries, whose features say the analysis may reorder it (RCM
  // and the build on P A P^T: 7-8x cuSPARSE's upload at 32M entries) or for
  // which the selector chooses a format of costly build (Candidate::
  // costly_build: inode on scalar rows, 2.1-3.4x), and with room there for
  // its CSR arrays twice, is uploaded as csr (cuSPARSE, on the arrays sent
  // during the analysis) and runs its first products so,
  // while a host thread analyses a copy of its arrays and builds and uploads
  // the format the selector chooses; build() then costs about what
  // cuSPARSE's upload does. The chosen format takes over at the product given
  // by defer_takeover. SIZE_MAX: never (the analysis and the build are done
  // before analyse() returns, as they are for the other matrices).
  // The default is where auto starts to reorder (selector.cpp's large
  // matrices): mdual, 1.03M entries, went from 36-58x cuSPARSE's upload to
  // 5.5-6x (docs/h100-2026-11-27-small-setup).
  std::size_t defer_min_nnz = 1000000;
  // 0: the first product after the host thread is through (the soonest; which
  // product that is depends on the timing, and the two formats' results differ
  // in rounding). k >= 1: the k-th product of the matrix, waiting for the
  // thread if it is not through: the same product in every run.
  std::uint64_t defer_takeover = 0;
  // 64-bit indices whose matrix has fewer than 2^31 rows and columns run on
  // the device as 32-bit ones (a third fewer bytes per product in double
  // precision; src/core/narrowed_indices.hpp). Off: as they are.
  bool narrow_indices = true;
  // Such a matrix with more nonzeros than this runs as row slabs of at most
  // this many, each with 32-bit offsets of its own (narrowed_indices.hpp):
  // what lets 2^31 nonzeros and more run with 32-bit columns. 2^30 leaves
  // room within 32 bits for the formats that pad (segspmv's segments, up to
  // twice the nonzeros). At least 1, below 2^31.
  std::int64_t slab_max_nnz = std::int64_t(1) << 30;
  TuningParams params;  // the formats' tuning parameters
  TuneOptions tune;     // FormatChoice tune: how many candidates, how many products each
  // Formats may compile kernels for the matrix at run time (NVRTC, in the
  // background, cached on disk); off: their generic kernels only.
  bool jit = true;
  // Products with device vectors replayed as CUDA graphs, one per operation,
  // pair of vectors and alpha/beta, captured the second time they come: half
  // the host's cost of a launch, which is a small matrix's product (core/
  // product_graphs.hpp). Off: every product launches its kernels directly.
  bool product_graphs = true;
};

// How the products with device vectors ran as CUDA graphs (product_graphs).
struct ProductGraphStats {
  std::uint64_t captured = 0;  // graphs made
  std::uint64_t replayed = 0;  // products run by launching a cached graph
  std::string off;             // why graphs are off for this matrix; empty: on
};

template <class V>
struct InputVector {
  const V* data = nullptr;
  MemSpace space = MemSpace::host;
  // Non-zero: two calls with the same key promise the same content, so a host
  // x already on the GPU is not sent again (PETSc: object id and state).
  std::uint64_t content_key = 0;
};

template <class V>
struct OutputVector {
  V* data = nullptr;
  MemSpace space = MemSpace::host;
};

enum class Placement { host, device };

struct TransferBytes {
  std::size_t to_device = 0;
  std::size_t to_host = 0;
};

// A format outside the format list, tried before the selector's candidates:
// how tests put formats that fail in chosen ways into the fallback chain.
template <class V, class I>
struct ExtraCandidate {
  std::string name;
  std::function<std::unique_ptr<HostFormat<V, I>>(const FormatContext&)> make;
};

// A candidate the chain passed over, and why.
struct SkippedCandidate {
  std::string format;
  std::string why;
};

template <class V, class I>
class AdaptiveMatrix {
 public:
  explicit AdaptiveMatrix(MatrixOptions options = {});
  ~AdaptiveMatrix();
  AdaptiveMatrix(AdaptiveMatrix&&) noexcept;
  AdaptiveMatrix& operator=(AdaptiveMatrix&&) noexcept;
  AdaptiveMatrix(const AdaptiveMatrix&) = delete;
  AdaptiveMatrix& operator=(const AdaptiveMatrix&) = delete;

  const MatrixOptions& options() const;
  // Takes effect at the next build() (or analyse()).
  void set_options(const MatrixOptions& options);
  void set_extra_candidates(std::vector<ExtraCandidate<V, I>> extras);

  // build() = analyse() + upload(). The halves exist so that callers can time
  // (and log) the host analysis and the upload separately.
  void build(const CsrView<V, I>& a);
  void analyse(const CsrView<V, I>& a);
  void upload();
  void refill(const CsrView<V, I>& a);
  bool built() const;
  // Waits for the background work (a deferred set-up, which then takes over
  // at once; a kernel being compiled for the matrix): for timings of the
  // format and kernel the matrix will keep running.
  void finish_background_work();

  // Host placement needs host vectors. Device placement takes either; with
  // host vectors the call returns once y is back on the host. The first form
  // runs on the matrix's own stream (see stream()); the second on `stream`,
  // where nullptr is CUDA's legacy default stream, as the caller's library
  // (PETSc) may be using it.
  TransferBytes apply(Op op, V alpha, InputVector<V> x, V beta, OutputVector<V> y);
  TransferBytes apply(Op op, V alpha, InputVector<V> x, V beta, OutputVector<V> y, Stream stream);

  Placement placement() const;
  const std::string& placement_reason() const;
  // The format that runs the products ("csr" on the host: the reference kernel).
  const std::string& format_name() const;
  // Why that format: the selector's reason (and its reordering's).
  const std::string& selection_reason() const;
  const std::vector<SkippedCandidate>& skipped() const;
  // The running format's facts (blocks, padding, ...), one line each; with
  // FormatChoice tune, the candidates' timings first.
  std::vector<std::string> describe() const;
  // FormatChoice tune: the candidates' timings so far, or the remembered ones
  // (empty otherwise), and whether candidates are still being timed (the
  // plain products until then run them one after the other).
  const TuneRecord& tune_record() const;
  bool tuning() const;
  // Whether the format holds B = P A P^T rather than A, and P's order then.
  bool reordered() const;
  OrderKind order_kind() const;
  // Whether the core made its CSR copy for a transpose the format lacks.
  bool transpose_fallback_built() const;
  const ProductGraphStats& product_graph_stats() const;
  const Features& features() const;
  std::size_t device_bytes() const;
  int device() const;  // -1 on the host
  // The stream the matrix uses when apply() is given none (nullptr on the host).
  Stream stream() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace aijadaptive
