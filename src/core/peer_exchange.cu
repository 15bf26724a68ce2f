#include "aijadaptive/peer_exchange.hpp"

#include <cuda_runtime_api.h>

#include <cstring>
#include <utility>

#include "aijadaptive/errors.hpp"
#include "core/cuda_check.hpp"

namespace aijadaptive {

namespace {

constexpr int kThreads = 256;

template <class Handle>
IpcHandle to_ipc(const Handle& h) {
  static_assert(sizeof(Handle) == sizeof(IpcHandle::bytes), "CUDA's IPC handles are 64 bytes");
  IpcHandle r;
  std::memcpy(r.bytes.data(), &h, sizeof(h));
  return r;
}

template <class Handle>
Handle from_ipc(const IpcHandle& h) {
  Handle r;
  std::memcpy(&r, h.bytes.data(), sizeof(r));
  return r;
}

// A value of `Bytes` bytes moved whole (its type does not matter: no arithmetic).
template <int Bytes>
struct alignas(Bytes) Word {
  unsigned char b[Bytes];
};

template <int Bytes>
__global__ void push_kernel(const Word<Bytes>* __restrict__ x, const PeerPush* __restrict__ pushes, std::size_t n,
                            void* const* __restrict__ targets) {
  const std::size_t k = std::size_t(blockIdx.x) * kThreads + threadIdx.x;
  if (k >= n) return;
  const PeerPush p = pushes[k];
  static_cast<Word<Bytes>*>(targets[p.target])[p.slot] = x[p.source];
}

template <int Bytes>
void launch_push(const void* x, const PeerPush* pushes, std::size_t n, void* const* targets, Stream stream) {
  const unsigned blocks = unsigned((n + kThreads - 1) / kThreads);
  push_kernel<Bytes><<<blocks, kThreads, 0, static_cast<cudaStream_t>(stream)>>>(
      static_cast<const Word<Bytes>*>(x), pushes, n, targets);
  AIJA_CUDA_CHECK_LAUNCH();
}

}  // namespace

std::string device_bus_id(int device) {
  char id[32] = {};
  AIJA_CUDA_CHECK(cudaDeviceGetPCIBusId(id, sizeof(id), device));
  return id;
}

IpcHandle ipc_memory_handle(const void* allocation) {
  cudaIpcMemHandle_t h;
  AIJA_CUDA_CHECK(cudaIpcGetMemHandle(&h, const_cast<void*>(allocation)));
  return to_ipc(h);
}

PeerMemory::PeerMemory(const IpcHandle& handle) {
  AIJA_CUDA_CHECK(cudaIpcOpenMemHandle(&data_, from_ipc<cudaIpcMemHandle_t>(handle), cudaIpcMemLazyEnablePeerAccess));
}
PeerMemory::~PeerMemory() {
  if (data_) (void)cudaIpcCloseMemHandle(data_);
}
PeerMemory::PeerMemory(PeerMemory&& other) noexcept : data_(std::exchange(other.data_, nullptr)) {}
PeerMemory& PeerMemory::operator=(PeerMemory&& other) noexcept {
  if (this != &other) {
    if (data_) (void)cudaIpcCloseMemHandle(data_);
    data_ = std::exchange(other.data_, nullptr);
  }
  return *this;
}

SharedEvent::SharedEvent() {
  cudaEvent_t e = nullptr;
  AIJA_CUDA_CHECK(cudaEventCreateWithFlags(&e, cudaEventInterprocess | cudaEventDisableTiming));
  event_ = e;
}
SharedEvent::SharedEvent(const IpcHandle& handle) {
  cudaEvent_t e = nullptr;
  AIJA_CUDA_CHECK(cudaIpcOpenEventHandle(&e, from_ipc<cudaIpcEventHandle_t>(handle)));
  event_ = e;
}
SharedEvent::~SharedEvent() {
  if (event_) (void)cudaEventDestroy(static_cast<cudaEvent_t>(event_));
}
SharedEvent::SharedEvent(SharedEvent&& other) noexcept : event_(std::exchange(other.event_, nullptr)) {}
SharedEvent& SharedEvent::operator=(SharedEvent&& other) noexcept {
  if (this != &other) {
    if (event_) (void)cudaEventDestroy(static_cast<cudaEvent_t>(event_));
    event_ = std::exchange(other.event_, nullptr);
  }
  return *this;
}
IpcHandle SharedEvent::handle() const {
  cudaIpcEventHandle_t h;
  AIJA_CUDA_CHECK(cudaIpcGetEventHandle(&h, static_cast<cudaEvent_t>(event_)));
  return to_ipc(h);
}
void SharedEvent::record(Stream stream) {
  AIJA_CUDA_CHECK(cudaEventRecord(static_cast<cudaEvent_t>(event_), static_cast<cudaStream_t>(stream)));
}
void SharedEvent::wait_on(Stream stream) const {
  AIJA_CUDA_CHECK(cudaStreamWaitEvent(static_cast<cudaStream_t>(stream), static_cast<cudaEvent_t>(event_), 0));
}

PeerPushPlan::PeerPushPlan(const std::vector<PeerPush>& pushes, const std::vector<void*>& targets, Stream stream)
    : pushes_(device_copy_of(pushes, stream)), targets_(device_copy_of(targets, stream)), count_(pushes.size()) {
  synchronize(stream);  // the host vectors are the caller's: copied before they go
}

void PeerPushPlan::push(const void* x, std::size_t value_bytes, Stream stream) const {
  if (count_ == 0) return;
  switch (value_bytes) {
    case 4: return launch_push<4>(x, pushes_.data(), count_, targets_.data(), stream);
    case 8: return launch_push<8>(x, pushes_.data(), count_, targets_.data(), stream);
    case 16: return launch_push<16>(x, pushes_.data(), count_, targets_.data(), stream);
    default: AIJA_THROW(invalid_argument, "PeerPushPlan::push: values of " + std::to_string(value_bytes) +
                                              " bytes (4, 8 or 16 are pushed)");
  }
}

}  // namespace aijadaptive
