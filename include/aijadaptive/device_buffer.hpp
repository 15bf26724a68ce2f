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
