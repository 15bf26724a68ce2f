#include "core/setup_thread.hpp"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>

#include "core/spin_pause.hpp"

namespace aijadaptive::detail {

namespace {

// A thread and the tasks handed to it, served in order until it is told to
// stop and none is left.
struct Server {
  std::mutex mutex;
  std::condition_variable wake;
  std::deque<std::packaged_task<void()>> tasks;
  bool stop = false;
  std::thread thread;

  void serve() {
    for (;;) {
      std::packaged_task<void()> task;
      {
        std::unique_lock<std::mutex> lock(mutex);
        wake.wait(lock, [this] { return stop || !tasks.empty(); });
        if (tasks.empty()) return;
        task = std::move(tasks.front());
        tasks.pop_front();
      }
      task();  // what it throws goes to its future
    }
  }
};

// The current server, made and taken away under the mutex, so that no task
// goes to a server being ended. Never destroyed: a matrix in a static may end
// after them.
struct Current {
  std::mutex mutex;
  std::unique_ptr<Server> server;
};
Current& current() {
  static Current* c = new Current;
  return *c;
}

}  // namespace

std::future<void> on_setup_thread(std::function<void()> task) {
  std::packaged_task<void()> packaged(std::move(task));
  std::future<void> done = packaged.get_future();
  Current& c = current();
  const std::lock_guard<std::mutex> lock(c.mutex);
  if (!c.server) {
    auto s = std::make_unique<Server>();
    s->thread = std::thread([raw = s.get()] { raw->serve(); });
    c.server = std::move(s);
  }
  Server& s = *c.server;
  {
    const std::lock_guard<std::mutex> queue(s.mutex);
    s.tasks.push_back(std::move(packaged));
  }
  s.wake.notify_one();
  return done;
}

void wait_for_task(const std::future<void>& task) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(1);
  while (task.wait_for(std::chrono::seconds(0)) != std::future_status::ready &&
         std::chrono::steady_clock::now() < until)
    spin_pause();
  task.wait();
}

void release_setup_thread() noexcept {
  std::unique_ptr<Server> s;
  {
    Current& c = current();
    const std::lock_guard<std::mutex> lock(c.mutex);
    s = std::move(c.server);
  }
  if (!s) return;
  {
    const std::lock_guard<std::mutex> lock(s->mutex);
    s->stop = true;
  }
  s->wake.notify_all();
  s->thread.join();
}

}  // namespace aijadaptive::detail
