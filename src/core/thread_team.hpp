// A team of threads kept for a pass made of many short parallel steps (the levels of a
// breadth-first search): starting threads for every step would cost more than most steps do
// (tens of microseconds each), so the team's threads wait between steps, spinning and yielding.
#pragma once

#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <thread>
#include <vector>

namespace aijadaptive::detail {

class ThreadTeam {
 public:
  // size - 1 threads of its own, and the caller's.
  explicit ThreadTeam(int size);
  ~ThreadTeam();
  ThreadTeam(const ThreadTeam&) = delete;
  ThreadTeam& operator=(const ThreadTeam&) = delete;

  int size() const { return int(threads_.size()) + 1; }

  // body(t) for every t in [0, size()) at once (the caller runs the last); returns once every
  // call has returned, then rethrows the first exception one of them threw.
  void run(const std::function<void(int)>& body);

 private:
  void wait_for_steps(int t);

  std::vector<std::thread> threads_;
  std::vector<std::exception_ptr> failed_;
  const std::function<void(int)>* body_ = nullptr;
  std::atomic<std::uint64_t> step_{0};  // incremented to start a step
  std::atomic<int> running_{0};         // the team's threads still in the current step
  std::atomic<bool> stop_{false};
};

}  // namespace aijadaptive::detail
