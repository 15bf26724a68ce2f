// Several device arrays of one upload in one allocation, the host arrays among
// them sent with one copy where they are small. A small matrix's upload is
// made of its CUDA calls (an allocation or a copy costs 2-5 us on the host,
// the copy of a few kilobytes less than one), so one call for all its arrays
// instead of one per array is most of what it can save
// (docs/h200-2026-11-28-small-setup).
#pragma once

#include <cstddef>
#include <cstring>
#include <vector>

#include "aijadaptive/device.hpp"
#include "aijadaptive/device_buffer.hpp"

namespace aijadaptive::detail {

// Where an array lies in a block: `count` T from byte `offset`.
template <class T>
struct BlockPart {
  std::size_t offset = 0, count = 0;
  template <class Block>
  T* in(const Block& block) const {
    return count ? reinterpret_cast<T*>(block.data() + offset) : nullptr;
  }
  std::size_t bytes() const { return count * sizeof(T); }
};

// Host arrays up to this many bytes in all are packed into one copy: beyond
// it the host's copy into the pack costs about what a call saves.
inline constexpr std::size_t kPackedCopyBytes = std::size_t(64) << 10;

// The arrays of a block, then the block: add() each array in the order of the
// layout, then send() allocates the block and sends the host arrays.
class PackedArrays {
 public:
  // Every part starts on a boundary of the device's allocations.
  static constexpr std::size_t kAlignment = 256;

  // An array of `count` T, sent from `host` (count of them) when given.
  template <class T>
  BlockPart<T> add(std::size_t count, const T* host = nullptr) {
    const BlockPart<T> part{bytes_, count};
    if (host && count) sources_.push_back({part.offset, host, part.bytes()});
    bytes_ += (part.bytes() + kAlignment - 1) / kAlignment * kAlignment;
    return part;
  }

  std::size_t bytes() const { return bytes_; }
  // Whether send() packs the host arrays (then they are free again when it
  // returns, whatever memory they are in; else a copy from page-locked
  // memory may still read them).
  bool packs() const { return !sources_.empty() && sent_bytes() <= kPackedCopyBytes; }

  // The block (of `Memory`, e.g. TransientMemory{stream}) with the host
  // arrays sent on `stream`: packed, or each from where it is (pageable
  // memory may change once this returns, page-locked memory once the stream
  // has done the copy).
  template <class Memory = DeviceMemory>
  OwnedArray<unsigned char, Memory> send(Stream stream, Memory memory = {}) const {
    OwnedArray<unsigned char, Memory> block(bytes_, memory);
    if (sources_.empty()) return block;
    const std::size_t sent = sent_bytes();
    if (!packs()) {
      for (const Source& s : sources_) copy_to_device(block.data() + s.offset, s.host, s.bytes, stream);
      return block;
    }
    // A copy from pageable memory returns once the driver has taken the
    // bytes: the pack is free again then.
    thread_local std::vector<unsigned char> pack;
    if (pack.size() < sent) pack.resize(kPackedCopyBytes);
    for (const Source& s : sources_) std::memcpy(pack.data() + s.offset, s.host, s.bytes);
    copy_to_device(block.data(), pack.data(), sent, stream);
    return block;
  }

 private:
  // Up to the end of the last host array (the parts between them too).
  std::size_t sent_bytes() const { return sources_.empty() ? 0 : sources_.back().offset + sources_.back().bytes; }

  struct Source {
    std::size_t offset;
    const void* host;
    std::size_t bytes;
  };
  std::size_t bytes_ = 0;
  std::vector<Source> sources_;  // in increasing offset
};

}  // namespace aijadaptive::detail
