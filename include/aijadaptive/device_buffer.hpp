// Move-only owners of device memory and pinned host memory.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "aijadaptive/device.hpp"

namespace aijadaptive {

// Where an OwnedArray's memory comes from: allocate(bytes) and release(p).
struct DeviceMemory {
  static void* allocate(std::size_t bytes) { return device_allocate(bytes); }
  static void release(void* p) noexcept { device_free(p); }
};
struct PinnedMemory {
  static void* allocate(std::size_t bytes) { return pinned_allocate(bytes); }
  static void release(void* p) noexcept { pinned_free(p); }
};
// Transient device memory (transient_allocate), ordered on `stream`.
struct TransientMemory {
  Stream stream = nullptr;
  TransientMemory() = default;
  TransientMemory(Stream s) : stream(s) {}  // implicit: TransientBuffer<T>(count, stream)
  void* allocate(std::size_t bytes) const { return transient_allocate(bytes, stream); }
  void release(void* p) const noexcept { transient_free(p, stream); }
};

// A move-only array of `count` T in memory from `Memory` (privately a base:
// no room taken when it has no state).
template <class T, class Memory>
class OwnedArray : private Memory {
 public:
  OwnedArray() = default;
  explicit OwnedArray(std::size_t count, Memory memory = {})
      : Memory(memory), data_(count ? static_cast<T*>(Memory::allocate(count * sizeof(T))) : nullptr), size_(count) {}
  ~OwnedArray() { Memory::release(data_); }
  OwnedArray(OwnedArray&& other) noexcept
      : Memory(other), data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}
  OwnedArray& operator=(OwnedArray&& other) noexcept {
    if (this != &other) {
      Memory::release(data_);
      Memory::operator=(other);
      data_ = std::exchange(other.data_, nullptr);
      size_ = std::exchange(other.size_, 0);
    }
    return *this;
  }
  OwnedArray(const OwnedArray&) = delete;
  OwnedArray& operator=(const OwnedArray&) = delete;

  T* data() const { return data_; }
  std::size_t size() const { return size_; }
  std::size_t bytes() const { return size_ * sizeof(T); }

 private:
  T* data_ = nullptr;
  std::size_t size_ = 0;
};

template <class T>
using DeviceBuffer = OwnedArray<T, DeviceMemory>;
template <class T>
using PinnedBuffer = OwnedArray<T, PinnedMemory>;
// For an array that one call makes, uses on a stream and drops:
// TransientBuffer<T>(count, stream). Its memory is reused only after the
// work enqueued on that stream before it went, so the caller need not
// synchronise before it goes.
template <class T>
using TransientBuffer = OwnedArray<T, TransientMemory>;

// A device copy of `host`, sent on `stream` (from pageable memory: `host`
// may change once this returns).
template <class T, class Allocator>
DeviceBuffer<T> device_copy_of(const std::vector<T, Allocator>& host, Stream stream) {
  DeviceBuffer<T> d(host.size());
  if (!host.empty()) copy_to_device(d.data(), host.data(), d.bytes(), stream);
  return d;
}

// Grows `buffer` to at least `count` elements (contents are not kept).
template <class Buffer>
void reserve(Buffer& buffer, std::size_t count) {
  if (buffer.size() < count) buffer = Buffer(count);
}

}  // namespace aijadaptive
