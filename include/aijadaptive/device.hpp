// The GPU as the rest of the library sees it, with no CUDA header in sight.
// In a build without CUDA every query answers "no device" and every
// allocation or copy throws ErrorKind::unsupported.
#pragma once

#include <cstddef>
#include <string>

#include "aijadaptive/format.hpp"  // Stream

namespace aijadaptive {

bool built_with_cuda() noexcept;
// Usable devices; 0 without CUDA, without a driver or without a GPU.
int device_count() noexcept;
// Why device_count() is what it is, for messages ("1 CUDA device", "no CUDA
// device: cudaErrorNoDevice ...", "built without CUDA").
std::string device_status();
int current_device();
void set_device(int id);
std::string device_name(int id);

struct DeviceMemoryInfo {
  std::size_t free_bytes = 0;
  std::size_t total_bytes = 0;
};
DeviceMemoryInfo device_memory_info();

// Frees cached per-device state (cuSPARSE handles). Safe to call twice.
void release_device_resources() noexcept;

// Raw allocation and copies used by the RAII types below.
void* device_allocate(std::size_t bytes);
void device_free(void* p) noexcept;
void* pinned_allocate(std::size_t bytes);
void pinned_free(void* p) noexcept;
void copy_to_device(void* dst, const void* src, std::size_t bytes, Stream stream);
void copy_to_host(void* dst, const void* src, std::size_t bytes, Stream stream);
void synchronize(Stream stream);

// A non-blocking CUDA stream owned for the object's lifetime.
class OwnedStream {
 public:
  OwnedStream();  // creates the stream on the current device
  ~OwnedStream();
  OwnedStream(const OwnedStream&) = delete;
  OwnedStream& operator=(const OwnedStream&) = delete;
  Stream get() const { return stream_; }

 private:
  Stream stream_ = nullptr;
};

// Page-locks an existing host array so copies from and to it run at full
// PCIe/NVLink speed. Undone on destruction. ok() is false when the driver
// refused (the array is then simply copied as pageable memory).
class HostRegistration {
 public:
  HostRegistration(void* p, std::size_t bytes);
  ~HostRegistration();
  HostRegistration(const HostRegistration&) = delete;
  HostRegistration& operator=(const HostRegistration&) = delete;
  bool ok() const { return ok_; }
  const void* data() const { return p_; }
  std::size_t bytes() const { return bytes_; }

 private:
  void* p_;
  std::size_t bytes_;
  bool ok_ = false;
};

}  // namespace aijadaptive
