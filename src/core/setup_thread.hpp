// One host thread kept for set-up work that runs beside the caller's (the CSR
// arrays' copy to the GPU during the analysis, csr_prefetch.hpp). A thread made
// for each copy paid for its start and for the CUDA runtime's state of a new
// thread at its first call, hundreds of microseconds in all: memplus and
// bcsstk13 took 1.7-1.8x as long to set up with their copy on such a thread as
// without (H200, docs/h200-2026-11-28-kept-arrays, call 7).
#pragma once

#include <functional>
#include <future>

namespace aijadaptive::detail {

// `task` on the set-up thread, after the tasks handed to it before (the thread
// starts at the first); the future is ready once it has run, with what it threw.
std::future<void> on_setup_thread(std::function<void()> task);

// Waits for a task's future: spinning for up to a millisecond, then blocked.
// On the H200's host (a virtual machine) a caller blocked on the future
// returned 19-22 us after the task's end, spinning 1.6
// (docs/h200-2026-12-01-prefetch-handover); a task still running after the
// spin is a long one, beside which a wake is small.
void wait_for_task(const std::future<void>& task);

// Ends the set-up thread once its tasks are through (release_device_resources);
// the next task starts another.
void release_setup_thread() noexcept;

}  // namespace aijadaptive::detail
