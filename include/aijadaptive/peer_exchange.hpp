// Values written straight into other processes' device memory (CUDA IPC):
// how the ranks of one node hand each other the ghost values of a product
// without a round trip through the host. The owner of an entry of x pushes it
// into the ghost buffer of each rank that reads it, over NVLink between GPUs
// (or within one GPU that ranks share). Who orders what is the caller's
// affair (the PETSc glue's messages); this layer only maps memory and events
// across processes and launches the push.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "aijadaptive/device.hpp"
#include "aijadaptive/device_buffer.hpp"

namespace aijadaptive {

// A handle another process of the node opens (cudaIpcMemHandle_t or
// cudaIpcEventHandle_t: both are 64 opaque bytes), sent by the caller.
struct IpcHandle {
  std::array<unsigned char, 64> bytes{};
};

// Device `device`'s PCI bus id ("0000:1B:00.0"): processes of one node whose
// ids are equal share that GPU.
std::string device_bus_id(int device);

// The handle of a whole DeviceBuffer allocation (cudaMalloc's: IPC needs the
// start of an allocation made by it). Throws unsupported without CUDA, or
// the CUDA error where the driver refuses (no IPC in the process's setting).
IpcHandle ipc_memory_handle(const void* allocation);

// Another process's allocation mapped into this one (on the current device,
// with peer access where the memory is on another GPU); unmapped on
// destruction. Closing does not free it: its owner does.
class PeerMemory {
 public:
  PeerMemory() = default;
  explicit PeerMemory(const IpcHandle& handle);
  ~PeerMemory();
  PeerMemory(PeerMemory&& other) noexcept;
  PeerMemory& operator=(PeerMemory&& other) noexcept;
  PeerMemory(const PeerMemory&) = delete;
  PeerMemory& operator=(const PeerMemory&) = delete;
  void* data() const { return data_; }

 private:
  void* data_ = nullptr;
};

// An event other processes of the node can wait for: made here (shared) or
// opened from another process's handle (peer). A wait orders a stream after
// the most recent record made before the wait was asked for, so a record in
// one process and a wait in another need a message between them.
class SharedEvent {
 public:
  SharedEvent();  // a new interprocess event on the current device
  explicit SharedEvent(const IpcHandle& handle);  // another process's
  ~SharedEvent();
  SharedEvent(SharedEvent&& other) noexcept;
  SharedEvent& operator=(SharedEvent&& other) noexcept;
  SharedEvent(const SharedEvent&) = delete;
  SharedEvent& operator=(const SharedEvent&) = delete;
  IpcHandle handle() const;
  void record(Stream stream);
  void wait_on(Stream stream) const;

 private:
  void* event_ = nullptr;  // cudaEvent_t
};

// One entry of x to push: x[source] goes to slot `slot` of target `target`'s buffer.
struct PeerPush {
  std::int32_t source = 0;
  std::int32_t slot = 0;
  std::int32_t target = 0;
};

// The pushes of one rank, on its device, with the targets' mapped buffers.
class PeerPushPlan {
 public:
  PeerPushPlan() = default;
  // `targets[t]` is target t's buffer in this process (a PeerMemory's data).
  PeerPushPlan(const std::vector<PeerPush>& pushes, const std::vector<void*>& targets, Stream stream);
  std::size_t size() const { return count_; }
  // Every push, values of `value_bytes` (4, 8 or 16) copied bit for bit, on `stream`.
  void push(const void* x, std::size_t value_bytes, Stream stream) const;

 private:
  DeviceBuffer<PeerPush> pushes_;
  DeviceBuffer<void*> targets_;
  std::size_t count_ = 0;
};

}  // namespace aijadaptive
