// Move-only owners of device memory and pinned host memory.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "aijadaptive/device.hpp"

namespace aijadaptive {

template <class T, void* (*Allocate)(std::size_t), void (*Free)(void*) noexcept>
class OwnedArray {
 public:
  OwnedArray() = default;
  explicit OwnedArray(std::size_t count)
      : data_(count ? static_cast<T*>(Allocate(count * sizeof(T))) : nullptr), size_(count) {}
  ~OwnedArray() { Free(data_); }
  OwnedArray(OwnedArray&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}
  OwnedArray& operator=(OwnedArray&& other) noexcept {
    if (this != &other) {
      Free(data_);
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
using DeviceBuffer = OwnedArray<T, device_allocate, device_free>;
template <class T>
using PinnedBuffer = OwnedArray<T, pinned_allocate, pinned_free>;

// A move-only owner of transient device memory (transient_allocate): for an
// array that one call makes, uses on `stream` and drops. Its memory is
// reused only after the work enqueued on that stream before it went, so the
// caller need not synchronise before it goes.
template <class T>
class TransientBuffer {
 public:
  TransientBuffer() = default;
  TransientBuffer(std::size_t count, Stream stream)
      : data_(static_cast<T*>(transient_allocate(count * sizeof(T), stream))), size_(count), stream_(stream) {}
  ~TransientBuffer() { transient_free(data_, stream_); }
  TransientBuffer(TransientBuffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)), stream_(other.stream_) {}
  TransientBuffer& operator=(TransientBuffer&& other) noexcept {
    if (this != &other) {
      transient_free(data_, stream_);
      data_ = std::exchange(other.data_, nullptr);
      size_ = std::exchange(other.size_, 0);
      stream_ = other.stream_;
    }
    return *this;
  }
  TransientBuffer(const TransientBuffer&) = delete;
  TransientBuffer& operator=(const TransientBuffer&) = delete;

  T* data() const { return data_; }
  std::size_t size() const { return size_; }
  std::size_t bytes() const { return size_ * sizeof(T); }

 private:
  T* data_ = nullptr;
  std::size_t size_ = 0;
  Stream stream_ = nullptr;
};

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
