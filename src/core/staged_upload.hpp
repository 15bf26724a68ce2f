// Host arrays sent to the GPU faster than a pageable copy: through two pinned
// buffers that host threads fill while the piece before crosses. A pageable
// copy is staged by the driver on one thread (about 8 GB/s on the H100's
// machine); staged by threads into pinned buffers the same values crossed at
// 23-26 GB/s (docs/h100-2026-11-24-refill-map). The way back the same: into
// fresh pageable memory the driver's one thread copied about 1 GB/s, its
// first touches of the pages being the cost (docs/h100-2026-11-28-deferred-copy-back).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>
#include <vector>

#include "aijadaptive/device.hpp"
#include "aijadaptive/device_buffer.hpp"
#include "core/row_parts.hpp"

namespace aijadaptive::detail {

// Host threads that copy one staging piece: a few saturate the host's memory
// bandwidth well before PCIe's.
inline constexpr std::size_t kStagingThreads = 8;
inline constexpr std::size_t kStagingBytesPerThread = std::size_t(2) << 20;

// `bytes` from `from` to `to` (host memory both), by up to `max_threads`
// threads, each with kStagingBytesPerThread at least.
inline void parallel_copy(void* to, const void* from, std::size_t bytes, std::size_t max_threads = kStagingThreads) {
  // At least one: a caller's maximum may be 0; the machine's threads asked
  // only for a copy of several parts.
  const std::size_t by_bytes = bytes / kStagingBytesPerThread;
  const std::size_t threads =
      by_bytes > 1 ? std::max<std::size_t>(1, std::min<std::size_t>(max_threads, std::size_t(hardware_threads()))) : 1;
  const std::size_t parts = std::clamp<std::size_t>(by_bytes, 1, threads);
  run_row_parts(parts, [&](std::size_t p) {
    const std::size_t b0 = bytes * p / parts, b1 = bytes * (p + 1) / parts;
    std::memcpy(static_cast<unsigned char*>(to) + b0, static_cast<const unsigned char*>(from) + b0, b1 - b0);
  });
}

// The page-locked pieces of the staged copies below. A multiple of every
// value's size: a piece of values holds whole ones.
inline constexpr std::size_t kStagingPieceBytes = std::size_t(16) << 20;
// Pieces kept for the next staged copy of the process, at most: making one
// costs milliseconds, and freeing one waits for all the device's work
// (docs/h100-2026-11-28-deferred-copy-back). Two for a set-up's prefetch, two
// for a deferred set-up's copy back.
inline constexpr std::size_t kKeptStagingPieces = 4;

// A kept piece, or a new one.
PinnedBuffer<unsigned char> take_staging_piece();
// Keeps `piece` (whose copies are done) for the next one, when fewer than
// kKeptStagingPieces are kept; otherwise it stays with the caller, to be freed.
void keep_staging_piece(PinnedBuffer<unsigned char>&& piece) noexcept;
// Frees the kept pieces (release_device_resources()).
void release_staging_pieces() noexcept;

// Two pieces and their events, given back to the kept ones once their copies
// are done.
struct StagingPair {
  PinnedBuffer<unsigned char> pinned[2];
  std::unique_ptr<OwnedEvent> done[2];

  StagingPair() = default;
  StagingPair(const StagingPair&) = delete;
  StagingPair& operator=(const StagingPair&) = delete;
  ~StagingPair() {
    for (int k = 0; k < 2; ++k) try {
        if (done[k]) done[k]->synchronize();
        keep_staging_piece(std::move(pinned[k]));
      } catch (...) {  // a device that fails here: the piece is freed, not kept
      }
  }
  bool ready() const { return done[1] != nullptr; }  // made last: a failed make() is made again
  void make() {
    for (int k = 0; k < 2; ++k) {
      pinned[k] = take_staging_piece();
      done[k] = std::make_unique<OwnedEvent>();
    }
  }
};

// The pinned buffers of a matrix's repeated uploads (its refills): taken at
// the first array of more than one piece and kept, since making them costs
// more than sending a few pieces.
class StagedUpload {
 public:
  static constexpr std::size_t kPieceBytes = kStagingPieceBytes;

  // `bytes` of host memory at `from` to the device at `to`, enqueued on
  // `stream`; returns when the host array may change again (the caller
  // synchronises the stream before the device copy is read elsewhere). One
  // piece or less: a plain copy.
  void send(void* to, const void* from, std::size_t bytes, Stream stream) {
    send_pieces(from, bytes, stream, [&](const void* piece, std::size_t at, std::size_t n) {
      copy_to_device(static_cast<unsigned char*>(to) + at, piece, n, stream);
    });
  }

  // The same, piece by piece for a caller that puts each piece in place
  // itself: `enqueue(piece, at, n)` enqueues, on `stream`, what takes bytes
  // [at, at + n) of the array from host memory at `piece` (the caller's array
  // itself when it is one piece, else a pinned buffer that is filled again
  // once the work enqueued after it is done).
  template <class Enqueue>
  void send_pieces(const void* from, std::size_t bytes, Stream stream, Enqueue&& enqueue) {
    if (bytes <= kPieceBytes) return enqueue(from, std::size_t(0), bytes);
    if (!pieces_.ready()) pieces_.make();
    for (std::size_t at = 0, piece = 0; at < bytes; at += kPieceBytes, ++piece) {
      const std::size_t n = std::min(kPieceBytes, bytes - at), slot = piece % 2;
      pieces_.done[slot]->synchronize();  // the piece it carried before has crossed
      parallel_copy(pieces_.pinned[slot].data(), static_cast<const unsigned char*>(from) + at, n);
      enqueue(static_cast<const void*>(pieces_.pinned[slot].data()), at, n);
      pieces_.done[slot]->record(stream);
    }
  }
  std::size_t pinned_bytes() const { return pieces_.pinned[0].bytes() + pieces_.pinned[1].bytes(); }

 private:
  StagingPair pieces_;
};

// A device copy of `host` through `staging` (device_copy_of for arrays of
// more than one piece: a pageable copy is staged by the driver's one thread).
template <class T, class Allocator>
DeviceBuffer<T> staged_device_copy_of(const std::vector<T, Allocator>& host, StagedUpload& staging, Stream stream) {
  DeviceBuffer<T> d(host.size());
  staging.send(d.data(), host.data(), d.bytes(), stream);
  return d;
}

// Device arrays brought back to host memory through two pinned buffers: the
// next piece crosses while host threads copy the one before out.
class StagedDownload {
 public:
  static constexpr std::size_t kPieceBytes = kStagingPieceBytes;

  // `bytes` of device memory at `from` to host memory at `to`, on `stream`;
  // returns when they have arrived.
  void receive(void* to, const void* from, std::size_t bytes, Stream stream) {
    if (bytes <= kPieceBytes) {
      copy_to_host(to, from, bytes, stream);
      synchronize(stream);
      return;
    }
    if (!pieces_.ready()) pieces_.make();
    const std::size_t pieces = (bytes + kPieceBytes - 1) / kPieceBytes;
    const auto length = [&](std::size_t piece) { return std::min(kPieceBytes, bytes - piece * kPieceBytes); };
    const auto enqueue = [&](std::size_t piece) {
      copy_to_host(pieces_.pinned[piece % 2].data(), static_cast<const unsigned char*>(from) + piece * kPieceBytes,
                   length(piece), stream);
      pieces_.done[piece % 2]->record(stream);
    };
    enqueue(0);
    for (std::size_t piece = 0; piece < pieces; ++piece) {
      // The other buffer's piece was copied out in the step before.
      if (piece + 1 < pieces) enqueue(piece + 1);
      pieces_.done[piece % 2]->synchronize();
      parallel_copy(static_cast<unsigned char*>(to) + piece * kPieceBytes, pieces_.pinned[piece % 2].data(),
                    length(piece));
    }
  }

 private:
  StagingPair pieces_;
};

}  // namespace aijadaptive::detail
