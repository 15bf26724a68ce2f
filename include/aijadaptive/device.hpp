// The GPU as the rest of the library sees it, with no CUDA header in sight.
// In a build without CUDA every query answers "no device" and every
// allocation or copy throws ErrorKind::unsupported.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace aijadaptive {

// A CUDA stream (cudaStream_t) passed through code that does not include CUDA
// headers. nullptr is the legacy default stream.
using Stream = void*;

bool built_with_cuda() noexcept;
// Usable devices; 0 without CUDA, without a driver or without a GPU.
int device_count() noexcept;
// Why device_count() is what it is, for messages ("1 CUDA device", "no CUDA
// device: cudaErrorNoDevice ...", "built without CUDA").
std::string device_status();
int current_device();
void set_device(int id);

// What the formats need to know of a GPU, read once per device (cudaDeviceGetAttribute).
struct DeviceInfo {
  int id = -1;                                    // -1: not a device (hopper_device_info())
  std::string name = "Hopper defaults (no GPU)";
  int arch = 90;                                  // compute capability, 10 * major + minor
  std::int64_t multiprocessors = 132;             // H100 SXM
  std::int64_t shared_per_sm = 228 * 1024;        // sharedMemPerMultiprocessor
  std::int64_t shared_per_block = 227 * 1024;     // sharedMemPerBlockOptin
  std::int64_t reserved_shared_per_block = 1024;  // reservedSharedMemPerBlock (the 228 - 227)
  std::int64_t max_threads_per_sm = 2048;         // maxThreadsPerMultiProcessor
  std::int64_t max_blocks_per_sm = 32;            // maxBlocksPerMultiprocessor
  std::int64_t l2_bytes = 50 * 1024 * 1024;       // l2CacheSize (H100 SXM)
};

// Hopper's limits (sm_90, CUDA C++ Programming Guide, "Technical Specifications
// per Compute Capability"; H100 SXM's SM count and L2): what the host builders
// assume without a GPU, so that they build the same layout an H100 would run.
inline DeviceInfo hopper_device_info() { return DeviceInfo{}; }
// The limits of device `id`, queried on first use and kept for the process.
// Throws invalid_argument for a device that does not exist.
const DeviceInfo& device_info(int id);

// Makes `device` current for the guard's lifetime and restores the caller's
// current device afterwards (the library never leaves a device switched).
// device < 0: nothing is switched.
class DeviceGuard {
 public:
  explicit DeviceGuard(int device);
  ~DeviceGuard();
  DeviceGuard(const DeviceGuard&) = delete;
  DeviceGuard& operator=(const DeviceGuard&) = delete;

 private:
  int previous_ = -1;
};

struct DeviceMemoryInfo {
  std::size_t free_bytes = 0;
  std::size_t total_bytes = 0;
};
DeviceMemoryInfo device_memory_info();  // of the current device
// Up to this much device memory the set-up does not ask for the free memory
// before it allocates: the query costs a small matrix's set-up about a tenth
// (docs/h200-2026-11-28-small-setup), and an allocation that fails is still
// an out_of_device_memory error.
inline constexpr std::size_t kUncheckedDeviceBytes = std::size_t(16) << 20;

// Frees cached per-device state (cuSPARSE handles, the kernel cache and its
// worker thread, the small allocation that keeps the driver's chunk of small
// allocations mapped, the device arrays kept for reuse): call it before
// exit, while the CUDA runtime is alive (the PETSc plugin does at
// PetscFinalize). Safe to call twice.
void release_device_resources() noexcept;

// Raw allocation and copies used by the RAII types below. device_free waits
// for the device's work, as cudaFree does.
void* device_allocate(std::size_t bytes);
void device_free(void* p) noexcept;
void* pinned_allocate(std::size_t bytes);
void pinned_free(void* p) noexcept;

// Device arrays freed are kept for reuse, up to kKeptDeviceBytes and 16
// arrays on all devices together, the oldest given back first: a matrix's set-up then
// no longer pays the driver for mapping new memory at each cudaMalloc and
// unmapping it at each cudaFree (40-100 us each on the H100,
// docs/h100-2026-11-27-transient-arrays; 50-240 us for arrays of 0.5-5 MB on
// the H200, docs/h200-2026-11-28-small-setup). CUDA's stream-ordered pools
// do the same, but their first allocation in a process took about 10 ms
// there. What is kept is given back when a device allocation runs out of
// memory and at release_device_resources(), and device_memory_info() counts
// it as free.
inline constexpr std::size_t kKeptDeviceBytes = std::size_t(64) << 20;
// Device memory for an array that lives only while one call runs (an
// upload's staged CSR arrays, a fill's scratch), handed out again ordered on
// the new stream after the work that used it.
void* transient_allocate(std::size_t bytes, Stream stream);
// After the work enqueued on `stream` so far, which may still use it.
void transient_free(void* p, Stream stream) noexcept;
// The bytes kept for reuse on all devices (for tests and views).
std::size_t device_bytes_kept() noexcept;
void copy_to_device(void* dst, const void* src, std::size_t bytes, Stream stream);
void copy_to_host(void* dst, const void* src, std::size_t bytes, Stream stream);
// `bytes` zero bytes at device address `dst`, enqueued on `stream`.
void zero_on_device(void* dst, std::size_t bytes, Stream stream);
void synchronize(Stream stream);
// Waits for all work on the current device, swallowing any error: for a call
// that failed half-way, so that nothing it enqueued (on any of its streams)
// still uses its buffers when the error returns. Not for the hot path.
void synchronize_device_quietly() noexcept;

// A non-blocking CUDA stream owned for the object's lifetime. Reuse::kept
// takes one the process keeps for the current device (made when none is
// kept) and gives it back at the end, for objects made again and again (a
// matrix: making and destroying a stream took 3-5 us on the H200, against
// 30-50 us for cuSPARSE's whole set-up of a small matrix;
// docs/h200-2026-11-30-setup-calls). Work a kept stream was given before
// may still run when the next owner enqueues, ahead of its own.
class OwnedStream {
 public:
  enum class Reuse { no, kept };
  explicit OwnedStream(Reuse reuse = Reuse::no);  // on the current device
  ~OwnedStream();
  OwnedStream(const OwnedStream&) = delete;
  OwnedStream& operator=(const OwnedStream&) = delete;
  Stream get() const { return stream_; }

 private:
  Stream stream_ = nullptr;
  int kept_device_ = -1;  // >= 0: given back to that device's kept streams
};
// Streams kept for OwnedStream(Reuse::kept), at most, over all devices.
inline constexpr std::size_t kKeptStreams = 8;

// A CUDA event, owned for the object's lifetime: how work on one stream is
// ordered after work on another (fork and join), without timing; with
// timing, how long the work between two of them took on the GPU.
class OwnedEvent {
 public:
  enum class Timing { off, on };
  explicit OwnedEvent(Timing timing = Timing::off);  // on the current device
  ~OwnedEvent();
  OwnedEvent(const OwnedEvent&) = delete;
  OwnedEvent& operator=(const OwnedEvent&) = delete;
  // Marks everything `stream` has been given so far.
  void record(Stream stream);
  // Work given to `stream` from now on waits for the recorded mark (not the host).
  void wait_on(Stream stream) const;
  // The host waits for the recorded mark (for a buffer the work was reading).
  void synchronize() const;
  // Whether the recorded mark has been passed (true if nothing was recorded).
  bool done() const;
  // Milliseconds on the GPU from `start`'s mark to this one's (both made with
  // Timing::on); waits for this one.
  double milliseconds_since(const OwnedEvent& start) const;

 private:
  void* event_ = nullptr;  // cudaEvent_t
};

// Orders work that shares state from one call to the next (a matrix's
// scratch buffers, its device arrays) when the calls come on different
// streams: the first call on a stream other than the last one waits for
// everything the last one had been given. Free while the stream stays the same.
class StreamFence {
 public:
  void enter(Stream stream);
  // The stream of the last enter(), nullptr before the first.
  Stream last() const { return last_; }

 private:
  bool entered_ = false;
  Stream last_ = nullptr;
  std::unique_ptr<OwnedEvent> event_;  // made on the first switch
};

// Whether host memory at p is page-locked (pinned or registered with the
// driver), so that a copy from or to it returns to the host at once. False
// for pageable or device memory, and without CUDA.
bool page_locked(const void* p);

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
