// The adaptive matrix: one sparse matrix, bound to the format that suits it.
//
//   build(csr):  features -> select format (and reordering) -> host build ->
//                upload (or stay on the host, with the reason recorded)
//   refill(csr): same pattern, new values: no analysis, no allocation
//   apply(...):  y = alpha * op(A) * x + beta * y with x and y in host or device
//                memory; host vectors are moved through the staging buffers and
//                x is not re-sent while its content key is unchanged.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "aijadaptive/features.hpp"
#include "aijadaptive/format.hpp"
#include "aijadaptive/format_list.hpp"
#include "aijadaptive/selector.hpp"

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
  int device = -1;                      // -1: the current device
  std::size_t device_memory_limit = 0;  // 0: whatever the GPU has free
  HostTransfer host_transfer = HostTransfer::staged;
  // Validate the CSR arrays at every analyse() (O(nnz)). Callers whose arrays
  // are valid by construction (PETSc's AIJ) turn it off.
  bool check_input = true;
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
  // Takes effect at the next build().
  void set_options(const MatrixOptions& options);

  // build() = analyse() + upload(). The halves exist so that callers can time
  // (and log) the host analysis and the upload separately.
  void build(const CsrView<V, I>& a);
  void analyse(const CsrView<V, I>& a);  // features, selection, host build
  void upload();                         // placement decision and upload
  void refill(const CsrView<V, I>& a);
  bool built() const;

  // Host placement needs host vectors. Device placement takes either; with
  // host vectors the call returns once y is back on the host. The first form
  // runs on the matrix's own stream (see stream()); the second on `stream`,
  // where nullptr is CUDA's legacy default stream, as the caller's library
  // (PETSc) may be using it.
  TransferBytes apply(Op op, V alpha, InputVector<V> x, V beta, OutputVector<V> y);
  TransferBytes apply(Op op, V alpha, InputVector<V> x, V beta, OutputVector<V> y, Stream stream);

  Placement placement() const;
  const std::string& placement_reason() const;
  FormatId format() const;
  const std::string& selection_reason() const;
  // Whether the format holds B = P A P^T (RCM) rather than A.
  bool reordered() const;
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
