#include "core/thread_team.hpp"

#include <algorithm>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace aijadaptive::detail {
namespace {

// Waits out a short step by spinning, a long one by yielding the core (to the team's other
// threads, or to other processes on a shared machine).
class Backoff {
 public:
  void pause() {
    if (++spins_ < kSpins) {
#if defined(__x86_64__) || defined(__i386__)
      _mm_pause();  // leaves the core's pipeline to its other hardware thread
#endif
      return;
    }
    std::this_thread::yield();
  }

 private:
  static constexpr int kSpins = 256;
  int spins_ = 0;
};

}  // namespace

ThreadTeam::ThreadTeam(int size) : failed_(std::size_t(std::max(1, size))) {
  threads_.reserve(std::size_t(std::max(0, size - 1)));
  for (int t = 0; t + 1 < size; ++t) threads_.emplace_back([this, t] { wait_for_steps(t); });
}

ThreadTeam::~ThreadTeam() {
  stop_.store(true, std::memory_order_release);
  step_.fetch_add(1, std::memory_order_release);
  for (std::thread& t : threads_) t.join();
}

void ThreadTeam::wait_for_steps(int t) {
  std::uint64_t seen = 0;
  for (;;) {
    Backoff backoff;
    std::uint64_t step;
    while ((step = step_.load(std::memory_order_acquire)) == seen) backoff.pause();
    seen = step;
    if (stop_.load(std::memory_order_acquire)) return;
    try {
      (*body_)(t);
    } catch (...) {  // an exception must not leave a thread: run() rethrows it
      failed_[std::size_t(t)] = std::current_exception();
    }
    running_.fetch_sub(1, std::memory_order_release);
  }
}

void ThreadTeam::run(const std::function<void(int)>& body) {
  std::fill(failed_.begin(), failed_.end(), nullptr);
  body_ = &body;
  running_.store(int(threads_.size()), std::memory_order_relaxed);
  step_.fetch_add(1, std::memory_order_release);  // publishes body_ and running_
  try {
    body(size() - 1);
  } catch (...) {
    failed_.back() = std::current_exception();
  }
  Backoff backoff;
  while (running_.load(std::memory_order_acquire) > 0) backoff.pause();
  for (const std::exception_ptr& e : failed_)
    if (e) std::rethrow_exception(e);
}

}  // namespace aijadaptive::detail
