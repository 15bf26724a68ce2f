// The caller's CSR arrays sent to the GPU while the host analyses the matrix.
// AdaptiveMatrix::analyse starts it for a large matrix
// (MatrixOptions::prefetch_min_nnz), before the features and the diagonal
// search; a format's upload then finds the arrays on the device instead of
// sending them after the analysis: the CSR-based formats (csr, ipcsr) keep
// them as their own, the diagonal formats fill their values from them. The
// set-up costs about the longer of the analysis and the copy rather than
// their sum (docs/h100-2026-11-24-overlap).
//
//   analyse():  check_csr | start copy ----------------------> | (device)
//                         | features, search, host half ---> |
//   upload():                                      wait; the format takes
//                                                  or reads the arrays; the
//                                                  core frees what is left
//
// Arrays of up to kPackedPrefetchBytes go through a kept page-locked
// pack, in pieces that the caller's thread copies in and sends until the
// set-up thread is up, which takes the rest; larger ones are copied from
// where they are by the set-up thread alone. On the H200's host (a virtual
// machine) waking that thread took 24-53 us (medians; a tenth of the wakes
// over 180 us) and the caller's return from waiting on it 19-22 us, while
// 1 MiB went into page-locked memory in 42 us
// (docs/h200-2026-12-01-prefetch-handover).
#pragma once

#include <cstddef>
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <string>

#include "aijadaptive/csr_view.hpp"
#include "aijadaptive/device_buffer.hpp"
#include "aijadaptive/format.hpp"
#include "aijadaptive/packed_arrays.hpp"

namespace aijadaptive {

namespace detail {
struct CallerStaging;  // csr_prefetch.cpp
}  // namespace detail

// One matrix's CSR arrays on the device (row_ptr with rows + 1 entries).
template <class V, class I>
struct DeviceCsrArrays {
  DeviceBuffer<I> row_ptr, col_idx;
  DeviceBuffer<V> values;
  DeviceCsrPointers<V, I> pointers() const { return {row_ptr.data(), col_idx.data(), values.data()}; }
};

// Device arrays for the CSR arrays of `a` on the current device, not sent;
// col_idx stays empty without `columns`.
template <class V, class I>
DeviceCsrArrays<V, I> allocate_csr_arrays(const CsrView<V, I>& a, bool columns) {
  DeviceCsrArrays<V, I> d;
  d.row_ptr = DeviceBuffer<I>(std::size_t(a.rows) + 1);
  d.values = DeviceBuffer<V>(std::size_t(a.nnz()));
  if (columns) d.col_idx = DeviceBuffer<I>(std::size_t(a.nnz()));
  return d;
}

// The CSR arrays of `a` sent to the current device on `stream`, asynchronously
// (`a` must stay unchanged until the stream has done them); col_idx stays
// empty without `columns` (a refill needs the values only). `send(to, from,
// bytes)` enqueues one array's copy: a plain copy on `stream` when empty.
template <class V, class I>
DeviceCsrArrays<V, I> send_csr_arrays(const CsrView<V, I>& a, Stream stream, bool columns = true,
                                      const std::function<void(void*, const void*, std::size_t)>& send = {}) {
  const auto copy = [&](void* to, const void* from, std::size_t bytes) {
    if (send) send(to, from, bytes);
    else copy_to_device(to, from, bytes, stream);
  };
  DeviceCsrArrays<V, I> d = allocate_csr_arrays(a, columns);
  copy(d.row_ptr.data(), a.row_ptr, d.row_ptr.bytes());
  copy(d.values.data(), a.values, d.values.bytes());
  if (columns) copy(d.col_idx.data(), a.col_idx, d.col_idx.bytes());
  return d;
}

// CSR arrays of up to this many bytes in all go through a page-locked pack
// (its size, packed_arrays.hpp): beyond 1 MiB the device host's copy into
// page-locked memory fell from 25 to 15 GB/s, no faster than the driver's
// pageable copy, which the set-up thread makes without the caller's help.
inline constexpr std::size_t kPackedPrefetchBytes = detail::kPinnedPackBytes;

template <class V, class I>
class CsrPrefetch final : public CsrPrefetchBase {
 public:
  // Starts copying the arrays of `a` (rows > 0) to `device`: up to
  // kPackedPrefetchBytes through a page-locked pack, from this thread
  // until the set-up thread (setup_thread.hpp) takes over; larger ones on the
  // set-up thread alone. `a`'s arrays must stay valid and unchanged until
  // wait() or take() has returned. Failures (no memory, no device) are kept
  // for why_not(), never thrown: the formats then send the arrays themselves.
  CsrPrefetch(const CsrView<V, I>& a, int device);
  ~CsrPrefetch() override;  // waits for the copy
  CsrPrefetch(const CsrPrefetch&) = delete;
  CsrPrefetch& operator=(const CsrPrefetch&) = delete;

  // Waits for the copy without using it (the core, before it checks memory).
  void finish_copy();
  // Whether it copies exactly these arrays (same addresses and sizes).
  bool copies(const CsrView<V, I>& a) const;
  // Waits for the copy; then the arrays on the device, complete (any stream
  // may read them), or null when the copy failed or the arrays were taken.
  const DeviceCsrArrays<V, I>* wait();
  // Waits, then hands the arrays over to a format that keeps them; empty when
  // the copy failed or they were taken already.
  std::optional<DeviceCsrArrays<V, I>> take();

  std::size_t bytes() const override;
  bool used() const override { return used_; }
  std::string why_not() const override;  // after wait()
  // Whether the arrays go through a page-locked pack (else the set-up thread
  // copies them from where they are), and how many of its pieces the
  // caller's thread sent (the set-up thread the others).
  bool staged_in_pack() const { return staging_ != nullptr; }
  std::size_t pieces() const;
  std::size_t pieces_sent_by_caller() const { return mine_; }

 private:
  void stage_through_pack();

  CsrView<V, I> a_;
  int device_;
  std::future<void> copy_;  // the copy's task on the set-up thread
  // Through a pack: the caller's stream (until finish_copy() has synchronised
  // it), the pieces, the set-up thread's task that takes those the caller left.
  std::unique_ptr<OwnedStream> stream_;
  detail::PinnedPack pack_;
  std::shared_ptr<detail::CallerStaging> staging_;
  std::future<void> helper_;
  std::size_t mine_ = 0;
  // Written by the copy's task only, read after finish_copy().
  DeviceCsrArrays<V, I> arrays_;
  bool copied_ = false;
  std::string failure_;
  bool taken_ = false;
  bool used_ = false;
};

// The prefetch of `a` among `sent` (a FormatContext's csr_prefetch), or null:
// none started, another matrix's (a reordered one's), other value or index
// types, or released.
template <class V, class I>
std::shared_ptr<CsrPrefetch<V, I>> csr_prefetch_for(const std::weak_ptr<CsrPrefetchBase>& sent,
                                                    const CsrView<V, I>& a) {
  auto p = std::dynamic_pointer_cast<CsrPrefetch<V, I>>(sent.lock());
  return p && p->copies(a) ? p : nullptr;
}

// Where a's three CSR arrays lie in a block (packed_arrays.hpp), sent from
// a's host arrays; the columns only with `columns`.
template <class V, class I>
struct CsrParts {
  // In the order they are added to the block.
  detail::BlockPart<I> row_ptr;
  detail::BlockPart<V> values;
  detail::BlockPart<I> col_idx;

  CsrParts(detail::PackedArrays& arrays, const CsrView<V, I>& a, bool columns)
      : row_ptr(arrays.add(std::size_t(a.rows) + 1, a.row_ptr)),
        values(arrays.add(std::size_t(a.nnz()), a.values)),
        col_idx(arrays.add(columns ? std::size_t(a.nnz()) : 0, a.col_idx)) {}
  template <class Block>
  DeviceCsrPointers<V, I> in(const Block& block) const {
    return {row_ptr.in(block), col_idx.in(block), values.in(block)};
  }
};

// Where a format that lays out its own arrays on the device (from CSR order,
// by a fill kernel) reads the CSR arrays of `a`: those the analysis sent
// (`sent`, a FormatContext's csr_prefetch, at the upload) when it sent a's,
// else a's arrays sent now on `stream` into transient memory (freed in
// stream order on `stream`), which the caller synchronises before `a`'s
// arrays change when reads_host_arrays().
template <class V, class I>
class DeviceCsrSource {
 public:
  DeviceCsrSource(const CsrView<V, I>& a, const std::weak_ptr<CsrPrefetchBase>& sent, Stream stream, bool columns)
      : prefetch_(csr_prefetch_for(sent, a)), sent_(prefetch_ ? prefetch_->wait() : nullptr) {
    if (sent_) return;
    // One transient block; a small matrix's three arrays sent with one copy.
    detail::PackedArrays arrays;
    const CsrParts<V, I> parts(arrays, a, columns);
    block_ = arrays.send(stream, TransientMemory{stream});
    staged_ = parts.in(block_);
    packed_ = arrays.packs();
  }
  DeviceCsrPointers<V, I> arrays() const { return sent_ ? sent_->pointers() : staged_; }
  bool staged() const { return sent_ == nullptr; }
  // Whether copies enqueued on the stream may still read a's arrays (the
  // caller synchronises before they change): staged, and not packed.
  bool reads_host_arrays() const { return staged() && !packed_; }

 private:
  std::shared_ptr<CsrPrefetch<V, I>> prefetch_;
  const DeviceCsrArrays<V, I>* sent_;
  TransientBuffer<unsigned char> block_;
  DeviceCsrPointers<V, I> staged_{};
  bool packed_ = false;
};

// A small matrix's CSR arrays in a layout format's own block, for its fill at
// the upload: sent with the format's host arrays in one copy (a pack of up to
// kPackedCsrCopyBytes), where a DeviceCsrSource makes a transient block and
// a copy of its own. On the H200, two small copies, a launch and a flag read
// back took 20-22 us, one copy and a launch 12-14
// (docs/h200-2026-11-30-setup-fixed-costs). They stay in the block for the
// format's life.
template <class V, class I>
class PackedCsr {
 public:
  // Adds a's arrays to `arrays`, after the format's host arrays and before
  // its device ones, when the upload would send them (the analysis did not:
  // `sent`) and the pack then still holds every host array; else nothing.
  PackedCsr(detail::PackedArrays& arrays, const CsrView<V, I>& a, const std::weak_ptr<CsrPrefetchBase>& sent,
            bool columns) {
    if (csr_prefetch_for(sent, a)) return;
    detail::PackedArrays with = arrays.with_limit(detail::kPackedCsrCopyBytes);
    const CsrParts<V, I> parts(with, a, columns);
    if (!with.packs()) return;
    arrays = std::move(with);
    parts_ = parts;
  }
  // The arrays in `block` (the format's, sent), or none when not added.
  template <class Block>
  std::optional<DeviceCsrPointers<V, I>> in(const Block& block) const {
    if (!parts_) return std::nullopt;
    return parts_->in(block);
  }

 private:
  std::optional<CsrParts<V, I>> parts_;
};

// The device bytes a DeviceCsrSource of `a` stages at an upload: none when
// the analysis sent a's arrays (`sent`), else those send_csr_arrays allocates
// (with or without `columns`). For the formats' device_bytes_needed().
template <class V, class I>
std::size_t csr_source_staging_bytes(const CsrView<V, I>& a, const std::weak_ptr<CsrPrefetchBase>& sent,
                                     bool columns) {
  if (csr_prefetch_for(sent, a)) return 0;
  const std::size_t nnz = std::size_t(a.nnz());
  return (std::size_t(a.rows) + 1) * sizeof(I) + nnz * sizeof(V) + (columns ? nnz * sizeof(I) : 0);
}

}  // namespace aijadaptive
