// Builds without CUDA: nothing to map across processes.
#include <string>

#include "aijadaptive/errors.hpp"
#include "aijadaptive/peer_exchange.hpp"

namespace aijadaptive {

namespace {
[[noreturn]] void no_cuda(const char* what) {
  AIJA_THROW(unsupported, std::string(what) + ": this build of aijadaptive has no CUDA support");
}
}  // namespace

std::string device_bus_id(int) { no_cuda("device_bus_id"); }
IpcHandle ipc_memory_handle(const void*) { no_cuda("ipc_memory_handle"); }
PeerMemory::PeerMemory(const IpcHandle&) { no_cuda("PeerMemory"); }
PeerMemory::~PeerMemory() = default;
PeerMemory::PeerMemory(PeerMemory&&) noexcept = default;
PeerMemory& PeerMemory::operator=(PeerMemory&&) noexcept = default;
SharedEvent::SharedEvent() { no_cuda("SharedEvent"); }
SharedEvent::SharedEvent(const IpcHandle&) { no_cuda("SharedEvent"); }
SharedEvent::~SharedEvent() = default;
SharedEvent::SharedEvent(SharedEvent&&) noexcept = default;
SharedEvent& SharedEvent::operator=(SharedEvent&&) noexcept = default;
IpcHandle SharedEvent::handle() const { no_cuda("SharedEvent::handle"); }
void SharedEvent::record(Stream) { no_cuda("SharedEvent::record"); }
void SharedEvent::wait_on(Stream) const { no_cuda("SharedEvent::wait_on"); }
PeerPushPlan::PeerPushPlan(const std::vector<PeerPush>&, const std::vector<void*>&, Stream) { no_cuda("PeerPushPlan"); }
void PeerPushPlan::push(const void*, std::size_t, Stream) const { no_cuda("PeerPushPlan::push"); }

}  // namespace aijadaptive
