#include "aijadaptive/csr_prefetch.hpp"

#include <chrono>
#include <cstring>
#include <exception>

#include "aijadaptive/instantiate.hpp"
#include "core/cusparse_bytes.hpp"
#include "core/setup_thread.hpp"
#include "core/staged_upload.hpp"

namespace aijadaptive {

namespace {

// The prefetch is staged through pinned buffers from this size of CSR arrays
// on. Against the pageable copy, on the H100 with the analysis running beside
// it: 0.5-0.8x the set-up from 400 MB of arrays on, about the same at 130-320
// MB, up to 2.5x below (making the pinned buffers and the copying threads
// delay the analysis more than they save): docs/h100-2026-11-24-refill-map.
constexpr std::size_t kStagedPrefetchMinBytes = std::size_t(256) << 20;

// How long the caller spins on the set-up thread's copy before it blocks:
// woken from blocking it returned 19-22 us after the copy's end on the H200's
// host, spinning 1.6 (docs/h200-2026-12-01-prefetch-handover). A copy
// still running after this is a large one, beside which a wake is small.
constexpr std::chrono::microseconds kSpinBeforeBlocking{1000};

// A pause in a spin loop: the core's hint that it is one.
inline void spin_pause() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

}  // namespace

template <class V, class I>
CsrPrefetch<V, I>::CsrPrefetch(const CsrView<V, I>& a, int device) : a_(a), device_(device) {
  AIJA_REQUIRE(a.rows > 0, internal, "CsrPrefetch of a matrix without rows");
  if (bytes() <= kCallerStagedPrefetchBytes) {
    try {
      stage_on_caller();
    } catch (const std::exception& e) {
      failure_ = e.what();
    }
    return;
  }
  const auto copy = [this] {
    try {
      const DeviceGuard guard(device_);
      const OwnedStream stream(OwnedStream::Reuse::kept);
      // Large arrays through pinned buffers that host threads fill
      // (staged_upload.hpp); smaller ones as a pageable copy, which the
      // driver stages on this thread alone.
      detail::StagedUpload staging;
      std::function<void(void*, const void*, std::size_t)> staged;
      if (bytes() >= kStagedPrefetchMinBytes)
        staged = [&](void* to, const void* from, std::size_t n) { staging.send(to, from, n, stream.get()); };
      DeviceCsrArrays<V, I> d = send_csr_arrays(a_, stream.get(), true, staged);
      synchronize(stream.get());
      arrays_ = std::move(d);
      copied_ = true;
    } catch (const std::exception& e) {
      failure_ = e.what();
    }
  };
  try {
    copy_ = detail::on_setup_thread(copy);
  } catch (const std::exception& e) {  // no thread could be started
    failure_ = e.what();
  }
}

template <class V, class I>
CsrPrefetch<V, I>::~CsrPrefetch() {
  finish_copy();
}

// The arrays through a kept page-locked pack: copied into it here, each sent
// from there on a stream of their own; the pack is taken again once the
// copies are through (its `sent` event).
template <class V, class I>
void CsrPrefetch<V, I>::stage_on_caller() {
  const DeviceGuard guard(device_);
  auto stream = std::make_unique<OwnedStream>(OwnedStream::Reuse::kept);
  detail::PinnedPack pack = detail::take_pinned_pack();
  std::size_t at = 0;
  const auto through_pack = [&](void* to, const void* from, std::size_t n) {
    std::memcpy(pack.bytes.data() + at, from, n);
    copy_to_device(to, pack.bytes.data() + at, n, stream->get());
    at += n;
  };
  DeviceCsrArrays<V, I> d;
  try {
    d = send_csr_arrays(a_, stream->get(), true, through_pack);
    pack.sent->record(stream->get());
  } catch (...) {
    // Copies already enqueued read the pack and write the arrays: both are
    // freed only after them.
    try {
      synchronize(stream->get());
    } catch (...) {
    }
    throw;
  }
  detail::keep_pinned_pack(std::move(pack));
  arrays_ = std::move(d);
  copied_ = true;
  stream_ = std::move(stream);
}

template <class V, class I>
void CsrPrefetch<V, I>::finish_copy() {
  if (stream_ && !stream_synchronized_) {
    stream_synchronized_ = true;
    try {
      synchronize(stream_->get());
    } catch (const std::exception& e) {
      failure_ = e.what();
      copied_ = false;
      arrays_ = DeviceCsrArrays<V, I>{};
    }
  }
  if (!copy_.valid()) return;
  const auto until = std::chrono::steady_clock::now() + kSpinBeforeBlocking;
  while (copy_.wait_for(std::chrono::seconds(0)) != std::future_status::ready &&
         std::chrono::steady_clock::now() < until)
    spin_pause();
  copy_.wait();
}

template <class V, class I>
bool CsrPrefetch<V, I>::copies(const CsrView<V, I>& a) const {
  return a.rows == a_.rows && a.cols == a_.cols && a.row_ptr == a_.row_ptr && a.col_idx == a_.col_idx &&
         a.values == a_.values && a.nnz() == a_.nnz();
}

template <class V, class I>
const DeviceCsrArrays<V, I>* CsrPrefetch<V, I>::wait() {
  finish_copy();
  if (!copied_ || taken_) return nullptr;
  used_ = true;
  return &arrays_;
}

template <class V, class I>
std::optional<DeviceCsrArrays<V, I>> CsrPrefetch<V, I>::take() {
  if (!wait()) return std::nullopt;
  taken_ = true;
  return std::move(arrays_);
}

template <class V, class I>
std::size_t CsrPrefetch<V, I>::bytes() const {
  return detail::csr_array_bytes(a_);
}

template <class V, class I>
std::string CsrPrefetch<V, I>::why_not() const {
  return failure_;
}

#define AIJA_INSTANTIATE(V, I) template class CsrPrefetch<V, I>;
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
