// The device layer for CUDA builds.
#include <cuda_runtime_api.h>

#include <sys/mman.h>

#include <cstdlib>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "aijadaptive/device.hpp"
#include "aijadaptive/fault_injection.hpp"
#include "aijadaptive/kernel_cache.hpp"
#include "aijadaptive/packed_arrays.hpp"
#include "core/cuda_check.hpp"
#include "core/cuda_context.hpp"
#include "core/setup_thread.hpp"
#include "core/staged_upload.hpp"

namespace aijadaptive {

namespace {
std::map<int, cusparseHandle_t>& cusparse_handles() {
  static std::map<int, cusparseHandle_t> handles;
  return handles;
}
std::mutex& cusparse_mutex() {
  static std::mutex mutex;
  return mutex;
}
cudaStream_t as_cuda(Stream s) { return static_cast<cudaStream_t>(s); }

// f() with `device` current and the caller's device restored after, for the
// frees of cached state: never throws, best effort (f runs on the current
// device when the switch fails), and clears the error it may leave.
template <class F>
void on_device_quietly(int device, F&& f) noexcept {
  int current = -1;
  const bool switched =
      cudaGetDevice(&current) == cudaSuccess && current != device && cudaSetDevice(device) == cudaSuccess;
  f();
  if (switched) (void)cudaSetDevice(current);
  (void)cudaGetLastError();
}

// The driver maps memory for small allocations in chunks and unmaps a chunk
// when its last allocation is freed. A matrix's set-up makes and frees a few
// small arrays, so each new matrix paid for a mapping at its first cudaMalloc
// and an unmapping at its last cudaFree: seven 256-byte allocations and their
// frees took 78-132 us, 17-32 us while one small allocation stayed (H100,
// docs/h100-2026-11-27-small-setup). So each device keeps one, from its first
// device_allocate() until release_device_resources().
std::map<int, void*>& chunk_anchors() {
  static std::map<int, void*> anchors;
  return anchors;
}
std::mutex& chunk_anchor_mutex() {
  static std::mutex mutex;
  return mutex;
}
void keep_small_allocations_mapped() noexcept {
  int device = 0;
  if (cudaGetDevice(&device) != cudaSuccess) return (void)cudaGetLastError();
  const std::lock_guard<std::mutex> lock(chunk_anchor_mutex());
  if (chunk_anchors().count(device)) return;
  void* anchor = nullptr;
  // Best effort: without it set-ups are slower, not wrong.
  if (cudaMalloc(&anchor, 256) != cudaSuccess) return (void)cudaGetLastError();
  chunk_anchors().emplace(device, anchor);
}
void release_chunk_anchors() noexcept {
  const std::lock_guard<std::mutex> lock(chunk_anchor_mutex());
  for (auto& [device, anchor] : chunk_anchors()) on_device_quietly(device, [&] { (void)cudaFree(anchor); });
  chunk_anchors().clear();
}

// The device arrays freed and kept for reuse (transient_free, device_free):
// each with its device and true size, oldest first.
struct KeptArray {
  int device = 0;
  void* p = nullptr;
  std::size_t bytes = 0;
  // A transient array's: recorded on the stream that freed it, after the work
  // that used it. Null for an array device_free kept: the device was idle.
  cudaEvent_t freed = nullptr;
};
constexpr std::size_t kMostKeptArrays = 16;
struct KeptArrays {
  std::mutex mutex;
  std::vector<KeptArray> arrays;
  std::size_t bytes = 0;
  std::map<void*, KeptArray> handed_out;  // each array that may be kept when freed
};
KeptArrays& kept_arrays() {
  static KeptArrays* kept = new KeptArrays;  // never destroyed: buffers in statics may be freed after it
  return *kept;
}
// cudaFree waits for the device, so for the work that used the array too.
void free_kept(const KeptArray& a) noexcept {
  on_device_quietly(a.device, [&] {
    (void)cudaFree(a.p);
    if (a.freed) (void)cudaEventDestroy(a.freed);
  });
}
// Gives back every kept array; whether there was one.
bool release_kept_arrays() noexcept {
  KeptArrays& k = kept_arrays();
  const std::lock_guard<std::mutex> lock(k.mutex);
  const bool any = !k.arrays.empty();
  for (const KeptArray& a : k.arrays) free_kept(a);
  k.arrays.clear();
  k.bytes = 0;
  return any;
}
// The smallest kept array on `device` that holds `bytes` and is at most
// `largest`, out of the list.
std::optional<KeptArray> take_kept(int device, std::size_t bytes, std::size_t largest) {
  KeptArrays& k = kept_arrays();
  const std::lock_guard<std::mutex> lock(k.mutex);
  auto best = k.arrays.end();
  for (auto it = k.arrays.begin(); it != k.arrays.end(); ++it)
    if (it->device == device && it->bytes >= bytes && it->bytes <= largest &&
        (best == k.arrays.end() || it->bytes < best->bytes))
      best = it;
  if (best == k.arrays.end()) return std::nullopt;
  const KeptArray a = *best;
  k.bytes -= a.bytes;
  k.arrays.erase(best);
  return a;
}
// Remembers `a` as handed out, so that its free may keep it.
void note_handed_out(const KeptArray& a) {
  KeptArrays& k = kept_arrays();
  const std::lock_guard<std::mutex> lock(k.mutex);
  k.handed_out[a.p] = a;
}
// The array p as handed out, forgotten; nullopt when it was not.
std::optional<KeptArray> take_handed_out(void* p) noexcept {
  KeptArrays& k = kept_arrays();
  const std::lock_guard<std::mutex> lock(k.mutex);
  const auto it = k.handed_out.find(p);
  if (it == k.handed_out.end()) return std::nullopt;
  const KeptArray a = it->second;
  k.handed_out.erase(it);
  return a;
}
// Keeps `a` (freed); the oldest go beyond the bounds.
void keep(const KeptArray& a) noexcept {
  KeptArrays& k = kept_arrays();
  const std::lock_guard<std::mutex> lock(k.mutex);
  k.arrays.push_back(a);
  k.bytes += a.bytes;
  while (k.bytes > kKeptDeviceBytes || k.arrays.size() > kMostKeptArrays) {
    free_kept(k.arrays.front());
    k.bytes -= k.arrays.front().bytes;
    k.arrays.erase(k.arrays.begin());
  }
}
// The bytes kept on `device`.
std::size_t kept_bytes_on(int device) noexcept {
  KeptArrays& k = kept_arrays();
  const std::lock_guard<std::mutex> lock(k.mutex);
  std::size_t bytes = 0;
  for (const KeptArray& a : k.arrays)
    if (a.device == device) bytes += a.bytes;
  return bytes;
}
// cudaMalloc with the driver's chunk of small allocations kept mapped; once
// more after giving back the kept arrays when the device was out of memory.
void checked_malloc(void** p, std::size_t bytes) {
  keep_small_allocations_mapped();
  cudaError_t e = cudaMalloc(p, bytes);
  if (e == cudaErrorMemoryAllocation && release_kept_arrays()) {
    (void)cudaGetLastError();
    e = cudaMalloc(p, bytes);
  }
  if (e != cudaSuccess) detail::throw_cuda(e, "cudaMalloc(&p, bytes)", __FILE__, __LINE__);
}
// A kept array of `bytes` to `largest` bytes on the current device, or a new
// one, noted as handed out (with its true size) so that its free may keep it.
// A transient array's memory is handed out once `wait(freed)` has ordered the
// caller after the work that used it (`wait_call` names it in an error).
template <class Wait>
void* kept_or_new(std::size_t bytes, std::size_t largest, Wait wait, const char* wait_call) {
  const int device = current_device();
  const std::optional<KeptArray> reused = take_kept(device, bytes, largest);
  void* p = nullptr;
  if (reused) {
    p = reused->p;
    if (reused->freed) {
      const cudaError_t waited = wait(reused->freed);
      (void)cudaEventDestroy(reused->freed);  // released once it has completed
      if (waited != cudaSuccess) {
        (void)cudaFree(p);  // waits for the device: nothing uses it after
        detail::throw_cuda(waited, wait_call, __FILE__, __LINE__);
      }
    }
  } else {
    checked_malloc(&p, bytes);
  }
  note_handed_out({device, p, reused ? reused->bytes : bytes, nullptr});
  return p;
}
}  // namespace

bool built_with_cuda() noexcept { return true; }

int device_count() noexcept {
  int n = 0;
  if (cudaGetDeviceCount(&n) != cudaSuccess) {
    (void)cudaGetLastError();  // clear the sticky "no device" error
    return 0;
  }
  return n;
}

std::string device_status() {
  int n = 0;
  const cudaError_t e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess) {
    (void)cudaGetLastError();
    return std::string("no usable CUDA device (") + cudaGetErrorName(e) + ": " +
           cudaGetErrorString(e) + ")";
  }
  if (n == 0) return "no CUDA device";
  return std::to_string(n) + " CUDA device" + (n > 1 ? "s" : "");
}

int current_device() {
  int d = 0;
  AIJA_CUDA_CHECK(cudaGetDevice(&d));
  return d;
}

void set_device(int id) {
  const int n = device_count();
  AIJA_REQUIRE(id >= 0 && id < n, invalid_argument,
               "device " + std::to_string(id) + " does not exist (" + device_status() + ")");
  AIJA_CUDA_CHECK(cudaSetDevice(id));
}

const DeviceInfo& device_info(int id) {
  static std::mutex mutex;
  static std::map<int, DeviceInfo> known;
  const std::lock_guard<std::mutex> lock(mutex);
  if (auto it = known.find(id); it != known.end()) return it->second;
  AIJA_REQUIRE(id >= 0 && id < device_count(), invalid_argument,
               "device " + std::to_string(id) + " does not exist (" + device_status() + ")");
  // cudaDeviceGetAttribute reads single fields, without filling (and paying
  // for) the whole cudaDeviceProp; the name needs the properties once.
  auto get = [id](cudaDeviceAttr attribute) {
    int value = 0;
    AIJA_CUDA_CHECK(cudaDeviceGetAttribute(&value, attribute, id));
    return std::int64_t(value);
  };
  cudaDeviceProp p{};
  AIJA_CUDA_CHECK(cudaGetDeviceProperties(&p, id));
  DeviceInfo d;
  d.id = id;
  d.name = p.name;
  d.arch = int(10 * get(cudaDevAttrComputeCapabilityMajor) + get(cudaDevAttrComputeCapabilityMinor));
  d.multiprocessors = get(cudaDevAttrMultiProcessorCount);
  d.shared_per_sm = get(cudaDevAttrMaxSharedMemoryPerMultiprocessor);
  d.shared_per_block = get(cudaDevAttrMaxSharedMemoryPerBlockOptin);
  d.reserved_shared_per_block = get(cudaDevAttrReservedSharedMemoryPerBlock);
  d.max_threads_per_sm = get(cudaDevAttrMaxThreadsPerMultiProcessor);
  d.max_blocks_per_sm = get(cudaDevAttrMaxBlocksPerMultiprocessor);
  d.l2_bytes = get(cudaDevAttrL2CacheSize);
  return known.emplace(id, d).first->second;
}

DeviceGuard::DeviceGuard(int device) {
  if (device < 0) return;
  int current = 0;
  AIJA_CUDA_CHECK(cudaGetDevice(&current));
  if (current == device) return;
  AIJA_CUDA_CHECK(cudaSetDevice(device));
  previous_ = current;
}

DeviceGuard::~DeviceGuard() {
  if (previous_ >= 0) (void)cudaSetDevice(previous_);
}

DeviceMemoryInfo device_memory_info() {
  DeviceMemoryInfo info;
  AIJA_CUDA_CHECK(cudaMemGetInfo(&info.free_bytes, &info.total_bytes));
  info.free_bytes += kept_bytes_on(current_device());  // given back when an allocation needs them
  return info;
}

namespace {

struct KeptStreams {
  std::mutex mutex;
  std::vector<std::pair<int, cudaStream_t>> streams;  // device, stream
};
KeptStreams& kept_streams() {
  static KeptStreams* k = new KeptStreams;  // never destroyed: streams may be given back during exit
  return *k;
}

void release_kept_streams() noexcept {
  std::vector<std::pair<int, cudaStream_t>> gone;
  {
    KeptStreams& k = kept_streams();
    const std::lock_guard<std::mutex> lock(k.mutex);
    gone.swap(k.streams);
  }
  for (const auto& [device, stream] : gone) on_device_quietly(device, [&] { (void)cudaStreamDestroy(stream); });
}

}  // namespace

void release_device_resources() noexcept {
  detail::release_setup_thread();  // its tasks use the device: first
  release_kernel_cache();
  detail::release_staging_pieces();
  detail::release_pinned_packs();
  release_kept_streams();
  release_chunk_anchors();
  (void)release_kept_arrays();
  const std::lock_guard<std::mutex> lock(cusparse_mutex());
  for (auto& [device, handle] : cusparse_handles()) cusparseDestroy(handle);
  cusparse_handles().clear();
}

namespace detail {
CusparseHandle cusparse_handle() {
  const int d = current_device();
  std::unique_lock<std::mutex> lock(cusparse_mutex());
  auto& handles = cusparse_handles();
  auto it = handles.find(d);
  if (it != handles.end()) return {std::move(lock), it->second};
  cusparseHandle_t h = nullptr;
  AIJA_CUSPARSE_CHECK(cusparseCreate(&h));
  handles.emplace(d, h);
  return {std::move(lock), h};
}
}  // namespace detail

// Through the fault hooks (fault_injection.hpp): counted, and failing on
// request, at the cost of one relaxed load when nothing is armed or counted.
// An array of up to kKeptDeviceBytes is handed out again once freed
// (device_free keeps it): from a matrix to the next one made, instead of the
// driver unmapping it at the cudaFree and mapping fresh memory at the next
// cudaMalloc (50-240 us each for arrays of 0.5-5 MB on the H200,
// docs/h200-2026-11-28-small-setup). A kept array is taken only up to a
// quarter larger than asked for: it stays with its new owner.
void* device_allocate(std::size_t bytes) {
  void* p = nullptr;
  if (!bytes) return p;
  const bool hooks = detail::fault_hooks_active();
  if (hooks) detail::fault_point(faults::Site::device_allocation, "cudaMalloc(&p, bytes)", __FILE__, __LINE__);
  if (bytes > kKeptDeviceBytes)
    checked_malloc(&p, bytes);
  else  // no stream here: a kept transient array once the host has seen its work done
    p = kept_or_new(bytes, bytes + bytes / 4, cudaEventSynchronize, "cudaEventSynchronize(freed)");
  if (hooks) detail::note_allocation(faults::Site::device_allocation, p, bytes);
  return p;
}
void device_free(void* p) noexcept {
  if (!p) return;
  if (detail::fault_hooks_active()) detail::note_free(faults::Site::device_allocation, p);
  const std::optional<KeptArray> a = take_handed_out(p);
  if (!a) return (void)cudaFree(p);
  // What cudaFree would wait for: the work that may still use the array.
  bool idle = false;
  on_device_quietly(a->device, [&] {
    idle = cudaDeviceSynchronize() == cudaSuccess;
    if (!idle) (void)cudaFree(p);
  });
  if (idle) keep(*a);
}
void* transient_allocate(std::size_t bytes, Stream stream) {
  if (!bytes) return nullptr;
  const bool hooks = detail::fault_hooks_active();
  if (hooks) detail::fault_point(faults::Site::device_allocation, "cudaMalloc(&p, bytes)", __FILE__, __LINE__);
  // The smallest that holds `bytes`, and not far larger: a large array stays
  // for a large request. Ordered on `stream` always: a destroyed stream's
  // handle may come back as another stream's.
  void* p = kept_or_new(
      bytes, 4 * bytes + (std::size_t(1) << 20),
      [stream](cudaEvent_t freed) { return cudaStreamWaitEvent(as_cuda(stream), freed, 0); },
      "cudaStreamWaitEvent(stream, freed, 0)");
  if (hooks) detail::note_allocation(faults::Site::device_allocation, p, bytes);
  return p;
}
void transient_free(void* p, Stream stream) noexcept {
  if (!p) return;
  if (detail::fault_hooks_active()) detail::note_free(faults::Site::device_allocation, p);
  std::optional<KeptArray> a = take_handed_out(p);
  if (!a) {  // not handed out by transient_allocate or device_allocate
    (void)cudaFree(p);
    (void)cudaGetLastError();
    return;
  }
  bool kept = false;
  on_device_quietly(a->device, [&] {  // the array's own, whose stream this is
    kept = a->bytes <= kKeptDeviceBytes &&
           cudaEventCreateWithFlags(&a->freed, cudaEventDisableTiming) == cudaSuccess &&
           cudaEventRecord(a->freed, as_cuda(stream)) == cudaSuccess;
    if (kept) return;
    if (a->freed) (void)cudaEventDestroy(a->freed);
    (void)cudaFree(p);  // waits for the device: for the work that used it too
  });
  if (kept) keep(*a);
}
std::size_t device_bytes_kept() noexcept {
  KeptArrays& k = kept_arrays();
  const std::lock_guard<std::mutex> lock(k.mutex);
  return k.bytes;
}
namespace {

// Page-locked memory is made from the host's own pages, on transparent huge
// pages where the kernel offers them, and registered with CUDA: on the H100's
// machine that took half of cudaMallocHost's time for 16-64 MB (32 MB: 5-6 ms
// against 11-13) and its release a fifth (0.7 ms against 3), and the staging
// buffers of every large set-up are made and released once each
// (docs/h100-2026-11-28-deferred-copy-back). Where registering fails,
// cudaMallocHost. The registered blocks, for pinned_free.
struct RegisteredBlocks {
  std::mutex mutex;
  std::set<void*> blocks;
};
RegisteredBlocks& registered_blocks() {
  static RegisteredBlocks* r = new RegisteredBlocks;  // never destroyed: buffers may outlive statics
  return *r;
}

constexpr std::size_t kPageBytes = 4096, kHugePageBytes = std::size_t(2) << 20;

void* register_host_pages(std::size_t bytes) {
  const std::size_t align = bytes >= kHugePageBytes ? kHugePageBytes : kPageBytes;
  const std::size_t size = (bytes + align - 1) / align * align;
  void* p = std::aligned_alloc(align, size);
  if (!p) return nullptr;
#ifdef MADV_HUGEPAGE
  if (align == kHugePageBytes) (void)madvise(p, size, MADV_HUGEPAGE);
#endif
  // Touched first, so that the pages registered are the huge ones.
  for (std::size_t k = 0; k < size; k += kPageBytes) static_cast<volatile unsigned char*>(p)[k] = 0;
  if (cudaHostRegister(p, size, cudaHostRegisterPortable | cudaHostRegisterMapped) != cudaSuccess) {
    (void)cudaGetLastError();
    std::free(p);
    return nullptr;
  }
  RegisteredBlocks& r = registered_blocks();
  const std::lock_guard<std::mutex> lock(r.mutex);
  r.blocks.insert(p);
  return p;
}

}  // namespace

void* pinned_allocate(std::size_t bytes) {
  void* p = nullptr;
  if (!bytes) return p;
  const bool hooks = detail::fault_hooks_active();
  if (hooks) detail::fault_point(faults::Site::pinned_allocation, "cudaMallocHost(&p, bytes)", __FILE__, __LINE__);
  p = register_host_pages(bytes);
  if (!p) AIJA_CUDA_CHECK(cudaMallocHost(&p, bytes));
  if (hooks) detail::note_allocation(faults::Site::pinned_allocation, p, bytes);
  return p;
}
void pinned_free(void* p) noexcept {
  if (!p) return;
  if (detail::fault_hooks_active()) detail::note_free(faults::Site::pinned_allocation, p);
  RegisteredBlocks& r = registered_blocks();
  {
    const std::lock_guard<std::mutex> lock(r.mutex);
    if (r.blocks.erase(p) == 0) {
      (void)cudaFreeHost(p);
      return;
    }
  }
  (void)cudaHostUnregister(p);
  std::free(p);
}

void synchronize_device_quietly() noexcept {
  if (cudaDeviceSynchronize() != cudaSuccess) (void)cudaGetLastError();
}

void copy_to_device(void* dst, const void* src, std::size_t bytes, Stream stream) {
  if (bytes) AIJA_CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyHostToDevice, as_cuda(stream)));
}
void copy_to_host(void* dst, const void* src, std::size_t bytes, Stream stream) {
  if (bytes) AIJA_CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToHost, as_cuda(stream)));
}
void zero_on_device(void* dst, std::size_t bytes, Stream stream) {
  if (bytes) AIJA_CUDA_CHECK(cudaMemsetAsync(dst, 0, bytes, as_cuda(stream)));
}
void synchronize(Stream stream) { AIJA_CUDA_CHECK(cudaStreamSynchronize(as_cuda(stream))); }

OwnedStream::OwnedStream(Reuse reuse) {
  if (reuse == Reuse::kept) {
    kept_device_ = current_device();
    KeptStreams& k = kept_streams();
    const std::lock_guard<std::mutex> lock(k.mutex);
    for (auto it = k.streams.begin(); it != k.streams.end(); ++it)
      if (it->first == kept_device_) {
        stream_ = it->second;
        k.streams.erase(it);
        return;
      }
  }
  cudaStream_t s = nullptr;
  AIJA_CUDA_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  stream_ = s;
}
OwnedStream::~OwnedStream() {
  if (!stream_) return;
  if (kept_device_ >= 0) {
    KeptStreams& k = kept_streams();
    const std::lock_guard<std::mutex> lock(k.mutex);
    if (k.streams.size() < kKeptStreams) try {
        k.streams.emplace_back(kept_device_, as_cuda(stream_));
        return;
      } catch (...) {  // no room to keep it: destroyed below
      }
  }
  (void)cudaStreamDestroy(as_cuda(stream_));
}

OwnedEvent::OwnedEvent(Timing timing) {
  cudaEvent_t e = nullptr;
  AIJA_CUDA_CHECK(cudaEventCreateWithFlags(&e, timing == Timing::on ? cudaEventDefault : cudaEventDisableTiming));
  event_ = e;
}
OwnedEvent::~OwnedEvent() {
  if (event_) (void)cudaEventDestroy(static_cast<cudaEvent_t>(event_));
}
void OwnedEvent::record(Stream stream) {
  AIJA_CUDA_CHECK(cudaEventRecord(static_cast<cudaEvent_t>(event_), as_cuda(stream)));
}
void OwnedEvent::wait_on(Stream stream) const {
  AIJA_CUDA_CHECK(cudaStreamWaitEvent(as_cuda(stream), static_cast<cudaEvent_t>(event_), 0));
}
void OwnedEvent::synchronize() const { AIJA_CUDA_CHECK(cudaEventSynchronize(static_cast<cudaEvent_t>(event_))); }
bool OwnedEvent::done() const {
  const cudaError_t e = cudaEventQuery(static_cast<cudaEvent_t>(event_));
  if (e == cudaErrorNotReady) return false;
  AIJA_CUDA_CHECK(e);
  return true;
}
double OwnedEvent::milliseconds_since(const OwnedEvent& start) const {
  synchronize();
  float ms = 0;
  AIJA_CUDA_CHECK(cudaEventElapsedTime(&ms, static_cast<cudaEvent_t>(start.event_), static_cast<cudaEvent_t>(event_)));
  return ms;
}

bool page_locked(const void* p) {
  cudaPointerAttributes a{};
  if (!p || cudaPointerGetAttributes(&a, p) != cudaSuccess) {
    (void)cudaGetLastError();
    return false;
  }
  return a.type == cudaMemoryTypeHost;
}

HostRegistration::HostRegistration(void* p, std::size_t bytes) : p_(p), bytes_(bytes) {
  if (!p || !bytes) return;
  ok_ = cudaHostRegister(p, bytes, cudaHostRegisterDefault) == cudaSuccess;
  if (!ok_) (void)cudaGetLastError();
}
HostRegistration::~HostRegistration() {
  // The array may already be freed (PETSc frees a Vec's array before its
  // composed objects); unregistering then fails harmlessly.
  if (ok_ && cudaHostUnregister(p_) != cudaSuccess) (void)cudaGetLastError();
}

}  // namespace aijadaptive
