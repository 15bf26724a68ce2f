// The interface every storage format implements, split in two halves:
//
//   HostFormat   - the host builder (analyse the CSR once, refill values) and
//                  the host reference kernel: the CPU fallback and the oracle
//                  every device test compares against.
//   DeviceFormat - the same structure uploaded to one GPU, and its kernel.
//
// y = alpha * op(A) * x + beta * y, op(A) = A or A^T. When beta == 0, y is
// written and never read (NaN or Inf already in y does not propagate).
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "aijadaptive/csr_view.hpp"
#include "aijadaptive/format_list.hpp"

namespace aijadaptive {

enum class Op { plain, transpose };

// A CUDA stream (cudaStream_t) passed through code that does not include CUDA
// headers. nullptr is the legacy default stream.
using Stream = void*;

template <class V, class I>
class HostFormat {
 public:
  virtual ~HostFormat() = default;
  virtual FormatId id() const = 0;
  // Analyse the pattern and take the values. Keeps `a` (non-owning).
  virtual void build(const CsrView<V, I>& a) = 0;
  // Same pattern, new values (and possibly a new values pointer).
  virtual void refill(const CsrView<V, I>& a) = 0;
  virtual void apply(Op op, V alpha, const V* x, V beta, V* y) const = 0;
  virtual const CsrView<V, I>& csr() const = 0;
  // Bytes the format adds on the host beyond the caller's CSR arrays.
  virtual std::size_t extra_host_bytes() const { return 0; }
};

template <class V, class I>
class DeviceFormat {
 public:
  virtual ~DeviceFormat() = default;
  // Device bytes that upload(host) will allocate; checked before uploading.
  virtual std::size_t bytes_needed(const HostFormat<V, I>& host) const = 0;
  virtual void upload(const HostFormat<V, I>& host, Stream stream) = 0;
  virtual void upload_values(const HostFormat<V, I>& host, Stream stream) = 0;
  // x and y are device pointers; the call is asynchronous on `stream`.
  virtual void apply(Op op, V alpha, const V* x, V beta, V* y, Stream stream) = 0;
  // The plain product with its rows sent elsewhere: y[row_map[i]] =
  // alpha * (A x)[i] + beta * y[row_map[i]] (a reordered matrix writing the
  // caller's rows). A format whose kernel can do this in the same pass does it
  // and returns true; the default returns false and the caller scatters.
  virtual bool apply_row_mapped(V /*alpha*/, const V* /*x*/, V /*beta*/, V* /*y*/, const I* /*row_map*/,
                                Stream /*stream*/) {
    return false;
  }
  virtual std::size_t device_bytes() const = 0;
};

// Factories, one pair per format, declared from the format list and defined in
// src/formats/<name>/ (the device one only in CUDA builds).
#define AIJA_DECLARE_FORMAT_FACTORIES(name, doc)                        \
  template <class V, class I>                                           \
  std::unique_ptr<HostFormat<V, I>> make_##name##_host_format();        \
  template <class V, class I>                                           \
  std::unique_ptr<DeviceFormat<V, I>> make_##name##_device_format();
AIJADAPTIVE_FORMATS(AIJA_DECLARE_FORMAT_FACTORIES)
#undef AIJA_DECLARE_FORMAT_FACTORIES

template <class V, class I>
std::unique_ptr<HostFormat<V, I>> make_host_format(FormatId id);
// Throws ErrorKind::unsupported in a build without CUDA.
template <class V, class I>
std::unique_ptr<DeviceFormat<V, I>> make_device_format(FormatId id);

}  // namespace aijadaptive
