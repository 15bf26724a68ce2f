// Fault injection and device-memory accounting, for tests and for users who
// want to see what their program does when the GPU fails.
//
//   faults::fail_nth(Site::device_allocation, 3)  the 3rd device allocation from
//       now fails as cudaMalloc would (ErrorKind::out_of_device_memory, the
//       message naming the call and saying it was injected);
//   faults::fail_nth(Site::launch, 1)  the next kernel launch check fails as a
//       failed launch would (ErrorKind::cuda, the message naming the launch:
//       "kernel launch in <host function>()", "cusparseSpMV", or the run-time
//       compiled kernel);
//   faults::set_counting(true) ... faults::counts()  how many allocations and
//       launch checks were made since, and the device bytes still held.
//
// What the library does with such a failure (README, "Options"):
//   - out of device memory while a matrix is uploaded (an allocation of its
//     format, cuSPARSE's work buffers included): the candidate steps aside for
//     the next, as one over its memory limit does, and after the last (csr)
//     the matrix runs on the host; AdaptiveMatrix::skipped() (and PETSc's
//     -mat_view ::ascii_info) names the failed call;
//   - a failed launch while uploading, or any failure during a product
//     (MatMult: an allocation of the vectors' device copies, of the core's
//     transpose, a launch): the call throws (a PETSc error that names the call
//     and says what to do); everything it allocated is freed, the work it had
//     enqueued is waited for, and the matrix is left as it was: the next call
//     runs normally and is correct.
//
// Counted: every allocation through device_allocate (DeviceBuffer, cuSPARSE's
// work buffers, the vectors' device copies) and pinned_allocate
// (PinnedBuffer); every launch check (AIJA_CUDA_CHECK_LAUNCH, cusparseSpMV,
// run-time compiled kernels). Not counted: memory CUDA and cuSPARSE take for
// themselves (contexts, handles, streams, loaded modules).
//
// Cost when nothing is armed or counted: one relaxed atomic load per
// allocation, free and launch check. Process-wide and thread-safe.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace aijadaptive::faults {

enum class Site {
  device_allocation,  // device_allocate (cudaMalloc)
  pinned_allocation,  // pinned_allocate (cudaMallocHost)
  launch              // a kernel launch's check
};
inline constexpr int kSites = 3;

// "alloc", "pinned", "launch" (the names -mat_aijadaptive_inject_fault takes).
const char* site_name(Site site) noexcept;
std::optional<Site> site_from_name(std::string_view name) noexcept;

// The n-th call at `site` from now fails (n = 1: the next one), once; n = 0
// disarms the site. Arming again replaces what was armed there.
void fail_nth(Site site, std::uint64_t n);
void disarm_all() noexcept;
// Whether a fault armed at `site` has not fired yet.
bool pending(Site site) noexcept;
// Faults fired at `site` since the process started.
std::uint64_t fired(Site site) noexcept;

// "alloc:K", "pinned:K" or "launch:K" (K >= 1) armed; false (nothing armed)
// for any other text.
bool arm_from_text(std::string_view text);

struct Counts {
  // Calls that reached the allocator or the launch check (injected failures
  // included; zero-byte allocations, which allocate nothing, are not calls).
  std::uint64_t device_allocations = 0;
  std::uint64_t pinned_allocations = 0;
  std::uint64_t launches = 0;
  // Allocated since counting started and not freed yet.
  std::size_t device_live_bytes = 0;
  std::size_t device_live_buffers = 0;
  std::size_t pinned_live_bytes = 0;
};

// On: counts from zero (what was allocated before is not tracked, and its
// frees are ignored). Off: counting stops; armed faults still fire.
void set_counting(bool on);
bool counting() noexcept;
Counts counts();

}  // namespace aijadaptive::faults

namespace aijadaptive::detail {

// The hooks the device layer calls. Active only while something is armed or
// counted, so that the checks cost one relaxed load otherwise.
extern std::atomic<bool> fault_hooks_on;
inline bool fault_hooks_active() noexcept { return fault_hooks_on.load(std::memory_order_relaxed); }

// Before a call at `site` (the hooks being active): counts it, and throws the
// injected error when it is the armed one. `call` names it in the message.
void fault_point(faults::Site site, const std::string& call, const char* file, int line);
// After an allocation succeeded, and before a buffer is freed (allocation sites only).
void note_allocation(faults::Site site, const void* p, std::size_t bytes) noexcept;
void note_free(faults::Site site, const void* p) noexcept;

}  // namespace aijadaptive::detail
