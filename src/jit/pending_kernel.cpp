// Background compiles of the kernel cache: one worker thread per cache takes
// the requests of get_async() and compile_async() in order.
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

#include "aijadaptive/errors.hpp"
#include "aijadaptive/kernel_cache.hpp"
#include "jit/nvrtc_compile.hpp"

namespace aijadaptive {

void PendingKernel::succeed(const CompiledKernel& compiled, const RuntimeKernel* kernel) noexcept {
  compiled_ = &compiled;
  kernel_ = kernel;
  compile_seconds_ = compiled.compile_seconds;
  from_disk_ = compiled.from_disk;
  state_.store(State::done, std::memory_order_release);
}

void PendingKernel::fail(std::string why) noexcept {
  failure_ = std::move(why);
  state_.store(State::failed, std::memory_order_release);
}

std::shared_ptr<PendingKernel> KernelCache::compile_async(const std::string& key,
                                                          const std::string& source,
                                                          const std::string& name, int arch) {
  return enqueue(key, source, name, arch, -1);
}

std::shared_ptr<PendingKernel> KernelCache::enqueue(const std::string& key,
                                                    const std::string& source,
                                                    const std::string& name, int arch,
                                                    int device) {
  // The caller's mistakes throw here, at once, as they would from compile().
  AIJA_REQUIRE(!key.empty(), invalid_argument, "kernel cache: the key is empty");
  AIJA_REQUIRE(!name.empty(), invalid_argument, "kernel cache: the kernel name is empty");
  AIJA_REQUIRE(arch > 0, invalid_argument,
               "kernel cache: architecture " + std::to_string(arch) + " (e.g. 90 for sm_90)");
  std::unique_lock<std::mutex> lock(mutex_);
  const LoadedKey at{key, arch, device};
  if (const auto it = requests_.find(at); it != requests_.end()) {
    AIJA_REQUIRE(it->second.source == source && it->second.name == name, internal,
                 "kernel cache: " + jit::describe(key, name, arch) +
                     " was requested before from another source or kernel name; the key must "
                     "name everything the generated source depends on");
    return it->second.pending;
  }
  AIJA_REQUIRE(!stopping_, internal, "kernel cache: a request while the cache is destroyed");
  // What get() or compile() has already made is ready at once: no thread
  // needed, and ready() is true before this returns. (A kernel compiled but
  // not loaded goes to the worker: loading takes milliseconds.)
  const CompiledKernel* made = nullptr;
  const RuntimeKernel* loaded = nullptr;
  if (device >= 0) {
    if (const auto it = loaded_.find(at); it != loaded_.end()) {
      loaded = it->second.get();
      made = &loaded->compiled();
    }
  } else if (const auto it = compiled_.find(CompiledKey{key, arch}); it != compiled_.end()) {
    made = &it->second;
  }
  if (made)
    AIJA_REQUIRE(made->source == source && made->name == name, internal,
                 "kernel cache: " + jit::describe(key, name, arch) +
                     " was compiled before from another source or kernel name; the key must "
                     "name everything the generated source depends on");
  std::shared_ptr<PendingKernel> pending(new PendingKernel());
  if (made) pending->succeed(*made, loaded);
  if (!pending->ready() && !worker_.joinable())
    worker_ = std::thread([this] { work(); });  // before the request is kept: it may throw
  requests_.emplace(at, Request{source, name, pending});
  if (pending->ready()) {
    ++stats_.hits;
    return pending;
  }
  queue_.push_back(Job{key, source, name, arch, device, pending});
  lock.unlock();
  wake_.notify_one();
  return pending;
}

void KernelCache::work() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, and ~KernelCache took the queue
    const Job job = std::move(queue_.front());
    queue_.pop_front();
    lock.unlock();
    run(job);
    lock.lock();
  }
}

void KernelCache::run(const Job& job) {
  // Never throws: whatever goes wrong is the request's failure, for the
  // format to read, and the worker goes on with the next request.
  try {
    const CompiledKernel& compiled = compile(job.key, job.source, job.name, job.arch);
    // load() makes job.device current in this thread, the worker; the caller's
    // threads keep theirs.
    const RuntimeKernel* kernel = job.device >= 0 ? &load(compiled, job.device) : nullptr;
    job.pending->succeed(compiled, kernel);
  } catch (const std::exception& e) {
    job.pending->fail(e.what());
  } catch (...) {
    job.pending->fail("kernel cache: an unknown exception in a background compile");
  }
}

void KernelCache::stop_worker() noexcept {
  std::deque<Job> dropped;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    dropped.swap(queue_);
  }
  wake_.notify_all();
  // Requests not started fail rather than make the destructor (at exit, for
  // the process-wide cache) wait for every compile still queued.
  for (const Job& job : dropped)
    job.pending->fail("kernel cache: destroyed before the compile of " +
                      jit::describe(job.key, job.name, job.arch) + " started");
  // The compile in progress, if any, finishes: it writes into this cache.
  if (worker_.joinable()) worker_.join();
}

}  // namespace aijadaptive
