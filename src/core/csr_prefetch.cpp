#include "aijadaptive/csr_prefetch.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <exception>
#include <vector>

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

}  // namespace

template <class V, class I>
CsrPrefetch<V, I>::CsrPrefetch(const CsrView<V, I>& a, int device) : a_(a), device_(device) {
  AIJA_REQUIRE(a.rows > 0, internal, "CsrPrefetch of a matrix without rows");
  if (bytes() <= kPackedPrefetchBytes) {
    try {
      stage_through_pack();
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

namespace detail {

// The arrays through a kept page-locked pack, in pieces that the caller and
// the set-up thread take in turn: the caller from the start until the thread
// is up, the thread the rest. Either copies a piece into the pack and sends it
// from there on a stream of its own. So a long analysis overlaps most of the
// copy when the thread wakes soon, and a slow wake costs the caller no more
// than copying it all itself.
struct CallerStaging {
  struct Piece {
    const void* from;
    unsigned char* staged;  // in the pack
    void* to;
    std::size_t bytes;
  };
  std::vector<Piece> pieces;
  std::atomic<std::size_t> next{0};         // the next piece to take; >= pieces.size(): none left
  std::atomic<bool> helper_started{false};  // the caller takes no piece after this
  std::string helper_failure;               // read once the helper's task is through
  int device = 0;

  // No piece is handed out after this (a failure); returns how many were.
  std::size_t stop() { return std::min(next.fetch_add(pieces.size()), pieces.size()); }
  // The next piece to take, or false.
  bool take(std::size_t& piece) { return (piece = next.fetch_add(1)) < pieces.size(); }
  void send(std::size_t piece, Stream stream) const {
    const Piece& p = pieces[piece];
    std::memcpy(p.staged, p.from, p.bytes);
    copy_to_device(p.to, p.staged, p.bytes, stream);
  }
  // The set-up thread's share: whatever is left once it is up (often
  // nothing, for a small matrix).
  void help() noexcept {
    helper_started.store(true, std::memory_order_release);
    std::size_t k;
    if (!take(k)) return;
    try {
      const DeviceGuard guard(device);
      const OwnedStream stream(OwnedStream::Reuse::kept);
      try {
        do
          send(k, stream.get());
        while (take(k));
        synchronize(stream.get());
      } catch (...) {
        stop();
        try {
          synchronize(stream.get());  // what it enqueued reads the pack
        } catch (...) {
        }
        throw;
      }
    } catch (const std::exception& e) {
      stop();
      helper_failure = e.what();
    } catch (...) {
      stop();
      helper_failure = "the set-up thread's copy failed";
    }
  }
};

}  // namespace detail

namespace {

// A piece of a staged copy: about 10 us of the device host's copy into
// page-locked memory, so that the caller stops soon after the set-up thread
// is up, and several times a copy call's cost.
constexpr std::size_t kCallerStagingPieceBytes = std::size_t(256) << 10;

// The pieces of a's arrays, at most kCallerStagingPieceBytes each, laid out
// one after the other in `pack`.
template <class V, class I>
std::vector<detail::CallerStaging::Piece> staging_pieces(const CsrView<V, I>& a, const DeviceCsrArrays<V, I>& d,
                                                         unsigned char* pack) {
  constexpr std::size_t kPieceBytes = kCallerStagingPieceBytes;
  std::vector<detail::CallerStaging::Piece> pieces;
  std::size_t at = 0;
  const auto add = [&](void* to, const void* from, std::size_t bytes) {
    for (std::size_t b = 0; b < bytes; b += kPieceBytes) {
      const std::size_t n = std::min(kPieceBytes, bytes - b);
      pieces.push_back({static_cast<const unsigned char*>(from) + b, pack + at, static_cast<unsigned char*>(to) + b, n});
      at += n;
    }
  };
  add(d.row_ptr.data(), a.row_ptr, d.row_ptr.bytes());
  add(d.values.data(), a.values, d.values.bytes());
  add(d.col_idx.data(), a.col_idx, d.col_idx.bytes());
  return pieces;
}

}  // namespace

template <class V, class I>
void CsrPrefetch<V, I>::stage_through_pack() {
  const DeviceGuard guard(device_);
  auto stream = std::make_unique<OwnedStream>(OwnedStream::Reuse::kept);
  detail::PinnedPack pack = detail::take_pinned_pack();
  DeviceCsrArrays<V, I> d = allocate_csr_arrays(a_, true);
  auto staging = std::make_shared<detail::CallerStaging>();
  staging->pieces = staging_pieces(a_, d, pack.bytes.data());
  staging->device = device_;
  std::future<void> helper;
  try {
    helper = detail::on_setup_thread([staging] { staging->help(); });
  } catch (const std::exception&) {  // no thread: the caller takes every piece
  }
  std::size_t mine = 0;  // pieces taken by the caller
  try {
    for (std::size_t k; !staging->helper_started.load(std::memory_order_acquire) && staging->take(k);) {
      ++mine;
      staging->send(k, stream->get());
    }
  } catch (...) {
    const std::size_t handed = staging->stop();
    try {
      synchronize(stream->get());
    } catch (...) {
    }
    // The helper's pieces read the pack and write the arrays too.
    if (handed > mine && helper.valid()) detail::wait_for_task(helper);
    throw;
  }
  pack_ = std::move(pack);
  staging_ = std::move(staging);
  helper_ = std::move(helper);
  mine_ = mine;
  arrays_ = std::move(d);
  stream_ = std::move(stream);
}

template <class V, class I>
void CsrPrefetch<V, I>::finish_copy() {
  if (stream_) {
    std::string failed;
    try {
      synchronize(stream_->get());
    } catch (const std::exception& e) {
      failed = e.what();
    }
    // The helper took the pieces the caller did not.
    if (mine_ < staging_->pieces.size() && helper_.valid()) {
      detail::wait_for_task(helper_);
      if (failed.empty()) failed = staging_->helper_failure;
    }
    if (failed.empty()) {
      copied_ = true;
    } else {
      failure_ = failed;
      arrays_ = DeviceCsrArrays<V, I>{};
    }
    // Both sides' copies are through: the pack is free for the next one.
    try {
      pack_.sent->record(stream_->get());
      detail::keep_pinned_pack(std::move(pack_));
    } catch (...) {  // not kept: freed with this prefetch
    }
    stream_.reset();  // synchronised once
  }
  if (copy_.valid()) detail::wait_for_task(copy_);
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
std::size_t CsrPrefetch<V, I>::pieces() const {
  return staging_ ? staging_->pieces.size() : 0;
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
