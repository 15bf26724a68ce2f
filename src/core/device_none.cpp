// The device layer for builds without CUDA: no device, nothing to allocate.
#include <string>

#include "aijadaptive/device.hpp"
#include "aijadaptive/errors.hpp"
#include "core/setup_thread.hpp"

namespace aijadaptive {

namespace {
[[noreturn]] void no_cuda(const char* what) {
  AIJA_THROW(unsupported, std::string(what) + ": this build of aijadaptive has no CUDA support");
}
}  // namespace

bool built_with_cuda() noexcept { return false; }
int device_count() noexcept { return 0; }
std::string device_status() { return "built without CUDA"; }
int current_device() { no_cuda("current_device"); }
void set_device(int) { no_cuda("set_device"); }
const DeviceInfo& device_info(int) { no_cuda("device_info"); }
DeviceGuard::DeviceGuard(int device) {
  if (device >= 0) no_cuda("DeviceGuard");
}
DeviceGuard::~DeviceGuard() = default;
DeviceMemoryInfo device_memory_info() { no_cuda("device_memory_info"); }
void release_device_resources() noexcept { detail::release_setup_thread(); }
void* device_allocate(std::size_t bytes) {
  if (bytes) no_cuda("device_allocate");
  return nullptr;
}
void device_free(void*) noexcept {}
void* pinned_allocate(std::size_t bytes) {
  if (bytes) no_cuda("pinned_allocate");
  return nullptr;
}
void pinned_free(void*) noexcept {}
void* transient_allocate(std::size_t bytes, Stream) {
  if (bytes) no_cuda("transient_allocate");
  return nullptr;
}
void transient_free(void*, Stream) noexcept {}
std::size_t device_bytes_kept() noexcept { return 0; }
void copy_to_device(void*, const void*, std::size_t, Stream) { no_cuda("copy_to_device"); }
void copy_to_host(void*, const void*, std::size_t, Stream) { no_cuda("copy_to_host"); }
void zero_on_device(void*, std::size_t, Stream) { no_cuda("zero_on_device"); }
void synchronize(Stream) { no_cuda("synchronize"); }
void synchronize_device_quietly() noexcept {}
OwnedStream::OwnedStream(Reuse) { no_cuda("OwnedStream"); }
OwnedStream::~OwnedStream() = default;
OwnedEvent::OwnedEvent(Timing) { no_cuda("OwnedEvent"); }
OwnedEvent::~OwnedEvent() = default;
void OwnedEvent::record(Stream) { no_cuda("OwnedEvent::record"); }
void OwnedEvent::wait_on(Stream) const { no_cuda("OwnedEvent::wait_on"); }
void OwnedEvent::synchronize() const { no_cuda("OwnedEvent::synchronize"); }
bool OwnedEvent::done() const { no_cuda("OwnedEvent::done"); }
double OwnedEvent::milliseconds_since(const OwnedEvent&) const { no_cuda("OwnedEvent::milliseconds_since"); }
bool page_locked(const void*) { return false; }
HostRegistration::HostRegistration(void* p, std::size_t bytes) : p_(p), bytes_(bytes) {}
HostRegistration::~HostRegistration() = default;

}  // namespace aijadaptive
