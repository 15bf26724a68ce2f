// The CSR arrays a refill reads, for the formats that lay out their own
// arrays from CSR order with a fill kernel (argcsr, inode, segspmv, suraa):
// row starts and values on the device, in buffers made at the first refill
// and kept for the next ones when the device had room for them twice over (a
// matrix refilled once is refilled again: Newton steps, time steps). Kept,
// the row starts are not sent again: a refill keeps the pattern (the
// caller's promise, as at csr's refill). The values go through StagedUpload's
// pinned pieces (a pageable copy crosses at about a third of the speed).
// Before, each refill allocated the arrays, copied both from pageable memory
// and freed them.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>

#include "aijadaptive/csr_prefetch.hpp"
#include "aijadaptive/device.hpp"
#include "core/staged_upload.hpp"

namespace aijadaptive::detail {

template <class V, class I>
class CsrRefills {
 public:
  // a's row starts and values on the device, enqueued on `stream`; the
  // caller's fill kernel follows on `stream`, then finish().
  const DeviceCsrArrays<V, I>& send(const CsrView<V, I>& a, Stream stream) {
    const std::size_t rows = std::size_t(a.rows) + 1, nnz = std::size_t(a.nnz());
    if (arrays_.row_ptr.size() != rows || arrays_.values.size() != nnz) {
      arrays_ = {};
      arrays_.row_ptr = DeviceBuffer<I>(rows);
      arrays_.values = DeviceBuffer<V>(nnz);
      keep_ = device_memory_info().free_bytes >= bytes();
      copy_to_device(arrays_.row_ptr.data(), a.row_ptr, arrays_.row_ptr.bytes(), stream);
    }
    staging_.send(arrays_.values.data(), a.values, arrays_.values.bytes(), stream);
    return arrays_;
  }

  // Waits for the fill (the arrays and the pinned pieces are reused by the
  // next refill); frees the arrays unless they are kept.
  void finish(Stream stream) {
    synchronize(stream);
    if (!keep_) arrays_ = {};
  }

  std::size_t bytes() const { return arrays_.row_ptr.bytes() + arrays_.values.bytes(); }

 private:
  DeviceCsrArrays<V, I> arrays_;
  bool keep_ = false;
  StagedUpload staging_;
};

// A layout format's fill from a's CSR arrays: at the upload from those sent
// with the format's block (`packed`, PackedCsr) or by the analysis (when it
// did: `sent`), else sent now with or without the columns; at a refill
// (values only) through `refills`.
// `launch(arrays, columns)` enqueues the format's fill kernel on `stream`.
template <class V, class I, class Launch>
void fill_from_csr(const CsrView<V, I>& a, const std::weak_ptr<CsrPrefetchBase>& sent,
                   const std::optional<DeviceCsrPointers<V, I>>& packed, bool at_upload, bool columns,
                   CsrRefills<V, I>& refills, Stream stream, Launch&& launch) {
  if (!at_upload) {
    launch(refills.send(a, stream).pointers(), false);
    return refills.finish(stream);
  }
  if (packed) return launch(*packed, columns);  // the pack's copy is through: a's arrays may change
  const DeviceCsrSource<V, I> csr(a, sent, stream, columns);
  launch(csr.arrays(), columns);
  if (csr.reads_host_arrays()) synchronize(stream);  // before a's arrays may change
}

}  // namespace aijadaptive::detail
