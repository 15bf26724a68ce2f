#include "core/thread_team.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>
#if defined(__linux__)
#include <sched.h>
#endif

#include "core/spin_pause.hpp"

namespace aijadaptive::detail {
namespace {

// Waits for done(): spinning first (a step of the team follows the last within microseconds),
// then yielding the core, then asleep on `wake` (a thread of a team that has more threads than
// the machine has free cores would otherwise take the turns of the threads still working).
// Whoever makes done() true changes its state and notifies under `mutex`.
template <class Done>
void wait_until(Done done, std::mutex& mutex, std::condition_variable& wake) {
  constexpr int kSpins = 2048, kYields = 1024;  // about a millisecond on a core of its own
  for (int i = 0; i < kSpins; ++i) {
    if (done()) return;
    spin_pause();
  }
  for (int i = 0; i < kYields; ++i) {
    if (done()) return;
    std::this_thread::yield();
  }
  std::unique_lock<std::mutex> lock(mutex);
  wake.wait(lock, done);
}

// The ranks on this node by the launcher's environment, or 1.
int local_ranks() {
  for (const char* name : {"OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS", "SLURM_NTASKS_PER_NODE"}) {
    const char* value = std::getenv(name);
    if (!value) continue;
    char* end = nullptr;
    const long ranks = std::strtol(value, &end, 10);
    if (end != value && ranks >= 1) return int(std::min<long>(ranks, 1 << 20));
  }
  return 1;
}

thread_local int kept_cores = 0;  // KeptCores's

}  // namespace

int team_threads() {
  int cpus = int(std::thread::hardware_concurrency());
#if defined(__linux__)
  cpu_set_t mask;
  CPU_ZERO(&mask);
  if (sched_getaffinity(0, sizeof(mask), &mask) == 0) cpus = CPU_COUNT(&mask);
#endif
  return std::max(1, cpus / local_ranks() - kept_cores);
}

KeptCores::KeptCores(int cores) : previous_(kept_cores) { kept_cores += std::max(0, cores); }
KeptCores::~KeptCores() { kept_cores = previous_; }

ThreadTeam::ThreadTeam(int size) : failed_(std::size_t(std::max(1, size))) {
  threads_.reserve(std::size_t(std::max(0, size - 1)));
  for (int t = 0; t + 1 < size; ++t) threads_.emplace_back([this, t] { wait_for_steps(t); });
}

ThreadTeam::~ThreadTeam() {
  stop_.store(true, std::memory_order_release);
  start_step();
  for (std::thread& t : threads_) t.join();
}

void ThreadTeam::start_step() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    step_.fetch_add(1, std::memory_order_release);  // publishes body_, running_ and stop_
  }
  started_.notify_all();
}

void ThreadTeam::wait_for_steps(int t) {
  std::uint64_t seen = 0;
  for (;;) {
    wait_until([&] { return step_.load(std::memory_order_acquire) != seen; }, mutex_, started_);
    seen = step_.load(std::memory_order_acquire);
    if (stop_.load(std::memory_order_acquire)) return;
    try {
      (*body_)(t);
    } catch (...) {  // an exception must not leave a thread: run() rethrows it
      failed_[std::size_t(t)] = std::current_exception();
    }
    if (running_.fetch_sub(1, std::memory_order_acq_rel) == 1) {  // the last: the caller may sleep
      { std::lock_guard<std::mutex> lock(mutex_); }
      ended_.notify_one();
    }
  }
}

void ThreadTeam::run(const std::function<void(int)>& body) {
  std::fill(failed_.begin(), failed_.end(), nullptr);
  body_ = &body;
  running_.store(int(threads_.size()), std::memory_order_relaxed);
  start_step();
  try {
    body(size() - 1);
  } catch (...) {
    failed_.back() = std::current_exception();
  }
  wait_until([&] { return running_.load(std::memory_order_acquire) == 0; }, mutex_, ended_);
  for (const std::exception_ptr& e : failed_)
    if (e) std::rethrow_exception(e);
}

}  // namespace aijadaptive::detail
