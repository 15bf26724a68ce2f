// Several device arrays of one upload in one allocation, the host arrays among
// them sent with one copy where they are small. A small matrix's upload is
// made of its CUDA calls (an allocation or a copy costs 2-5 us on the host,
// the copy of a few kilobytes less than one), so one call for all its arrays
// instead of one per array is most of what it can save
// (docs/h200-2026-11-28-small-setup).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>
#include <vector>

#include "aijadaptive/device.hpp"
#include "aijadaptive/device_buffer.hpp"

namespace aijadaptive::detail {

// An array in a block, for code written against a DeviceBuffer's data(),
// size() and bytes().
template <class T>
struct BlockSpan {
  T* ptr = nullptr;
  std::size_t count = 0;
  T* data() const { return ptr; }
  std::size_t size() const { return count; }
  std::size_t bytes() const { return count * sizeof(T); }
};

// Where an array lies in a block: `count` T from byte `offset`.
template <class T>
struct BlockPart {
  std::size_t offset = 0, count = 0;
  template <class Block>
  T* in(const Block& block) const {
    return count ? reinterpret_cast<T*>(block.data() + offset) : nullptr;
  }
  template <class Block>
  BlockSpan<T> span_in(const Block& block) const {
    return {in(block), count};
  }
  std::size_t bytes() const { return count * sizeof(T); }
};

// Host arrays up to this many bytes in all are packed into one copy: the
// three CSR arrays of a matrix of up to about 10k nonzeros (94 KB were three
// pageable copies of 3-16 us each on the H200; docs/h200-2026-11-28-one-length,
// call 2). Limits of 256 KiB to 2 MiB for every pack gained nothing clear
// (docs/h200-2026-11-30-setup-calls, docs/h200-2026-11-30-setup-fixed-costs).
inline constexpr std::size_t kPackedCopyBytes = std::size_t(128) << 10;
// A pack that carries a small matrix's CSR arrays with its layout's host
// arrays (PackedCsr, csr_prefetch.hpp) holds up to this many bytes: on the
// H200 the uploads of the 15 real matrices of 8k-32k entries (CSR arrays of
// 0.1-0.4 MB) took 1-30 us less (median 11) than with three pageable copies
// of their own (docs/h200-2026-11-30-setup-fixed-costs, call 5).
inline constexpr std::size_t kPackedCsrCopyBytes = std::size_t(512) << 10;
// Packs up to this many bytes go through pageable memory the thread keeps,
// larger ones through page-locked memory the process keeps (PinnedPack): on
// the H200 a pageable copy of 64 KiB took 23 us and a page-locked one 10
// (call 2), but below 64 KiB the page-locked packs made the set-up of the
// suite's 18 smallest matrices 1.17x as long (call 3; copies of 4-16 KiB
// took as long from either memory in call 2, and a page-locked pack adds the
// calls of its event).
inline constexpr std::size_t kPageablePackBytes = std::size_t(64) << 10;

// `bytes` of host memory at `host`, bound for byte `offset` of a device block;
// zeros where `host` is null.
struct HostPiece {
  std::size_t offset;
  const void* host;
  std::size_t bytes;
};

// Whether send_pieces packs `pieces` (in increasing offset): they end
// within `limit` (at most kPackedCsrCopyBytes).
inline bool packs(const std::vector<HostPiece>& pieces, std::size_t limit = kPackedCopyBytes) {
  return !pieces.empty() && pieces.back().offset + pieces.back().bytes <= limit;
}

// The size of a page-locked pack: the largest pack of send_pieces, and the CSR
// arrays the analysis sends through a pack (CsrPrefetch,
// kPackedPrefetchBytes).
inline constexpr std::size_t kPinnedPackBytes = std::size_t(1) << 20;
static_assert(kPinnedPackBytes >= kPackedCsrCopyBytes);

// A page-locked pack of kPinnedPackBytes, on `device`: a copy from it is the
// GPU's transfer alone, enqueued without the driver first staging pageable
// memory. `sent` marks the end of its last copy: it is written again only
// after that.
struct PinnedPack {
  int device = -1;
  PinnedBuffer<unsigned char> bytes;
  std::unique_ptr<OwnedEvent> sent;
};
// Packs kept by the process for the next sends, at most.
inline constexpr std::size_t kKeptPinnedPacks = 4;
// A kept pack of the current device whose last copy is done (the oldest,
// waited for when none is done and kKeptPinnedPacks are kept), or a new one.
PinnedPack take_pinned_pack();
// Keeps `pack`, its copy marked by `sent`, for a later send; beyond
// kKeptPinnedPacks it is freed once its copy is done.
void keep_pinned_pack(PinnedPack&& pack) noexcept;
// Frees the kept packs (release_device_resources()).
void release_pinned_packs() noexcept;

// The pieces to the device block at `to` on `stream`: packed into one copy
// (then the host arrays may change once this returns, whatever memory they
// are in), or each from where it is (pageable memory may change once this
// returns, page-locked memory once the stream has done the copy).
inline void send_pieces(unsigned char* to, const std::vector<HostPiece>& pieces, Stream stream,
                        std::size_t limit = kPackedCopyBytes) {
  if (pieces.empty()) return;
  if (!packs(pieces, limit)) {
    for (const HostPiece& p : pieces)
      if (p.host)
        copy_to_device(to + p.offset, p.host, p.bytes, stream);
      else
        zero_on_device(to + p.offset, p.bytes, stream);
    return;
  }
  const std::size_t bytes = pieces.back().offset + pieces.back().bytes;
  const auto send_from = [&](unsigned char* pack) {
    for (const HostPiece& p : pieces)
      if (p.host)
        std::memcpy(pack + p.offset, p.host, p.bytes);
      else
        std::memset(pack + p.offset, 0, p.bytes);
    copy_to_device(to, pack, bytes, stream);
  };
  if (bytes <= kPageablePackBytes) {
    // A copy from pageable memory returns once the driver has taken the
    // bytes: the pack is free again then.
    thread_local std::vector<unsigned char> pack(kPageablePackBytes);
    return send_from(pack.data());
  }
  PinnedPack pack = take_pinned_pack();
  send_from(pack.bytes.data());
  pack.sent->record(stream);
  keep_pinned_pack(std::move(pack));
}

// The arrays of a block, then the block: add() each array in the order of the
// layout, then send() allocates the block and sends the host arrays. Add the
// host arrays first: the pack spans the block up to the last of them, so one
// added after a large array the device fills makes every host array a copy
// of its own.
class PackedArrays {
 public:
  // Every part starts on a boundary of the device's allocations.
  static constexpr std::size_t kAlignment = 256;

  // Host arrays packed up to `limit` bytes (at most kPackedCsrCopyBytes).
  explicit PackedArrays(std::size_t limit = kPackedCopyBytes) : limit_(std::min(limit, kPackedCsrCopyBytes)) {}
  // The same arrays, packed up to `limit` bytes.
  PackedArrays with_limit(std::size_t limit) const {
    PackedArrays p = *this;
    p.limit_ = std::min(limit, kPackedCsrCopyBytes);
    return p;
  }

  // An array of `count` T, sent from `host` (count of them) when given.
  template <class T>
  BlockPart<T> add(std::size_t count, const T* host = nullptr) {
    return place<T>(count, host, host != nullptr);
  }

  // An array of `count` T sent as zeros: in the pack, where a memset of its
  // own would be one more call (a host array for the order of add()).
  template <class T>
  BlockPart<T> add_zeroed(std::size_t count) {
    return place<T>(count, nullptr, true);
  }

  std::size_t bytes() const { return bytes_; }
  // Whether send() packs the host arrays (send_pieces).
  bool packs() const { return detail::packs(sources_, limit_); }

  // The block (of `Memory`, e.g. TransientMemory{stream}) with the host
  // arrays sent on `stream` (send_pieces).
  template <class Memory = DeviceMemory>
  OwnedArray<unsigned char, Memory> send(Stream stream, Memory memory = {}) const {
    OwnedArray<unsigned char, Memory> block(bytes_, memory);
    send_pieces(block.data(), sources_, stream, limit_);
    return block;
  }

 private:
  template <class T>
  BlockPart<T> place(std::size_t count, const void* host, bool sent) {
    const BlockPart<T> part{bytes_, count};
    if (sent && count) sources_.push_back({part.offset, host, part.bytes()});
    bytes_ += (part.bytes() + kAlignment - 1) / kAlignment * kAlignment;
    return part;
  }

  std::size_t limit_;
  std::size_t bytes_ = 0;
  std::vector<HostPiece> sources_;  // in increasing offset
};

}  // namespace aijadaptive::detail
