#include "core/row_parts.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>

namespace aijadaptive::detail {

int hardware_threads() {
  static const int threads = int(std::max(1u, std::thread::hardware_concurrency()));
  return threads;
}

std::vector<RowPart> row_parts(std::int64_t rows, std::int64_t nnz, std::int64_t align, int parts,
                               std::int64_t entries_per_part) {
  if (rows <= 0) return {};
  align = std::max<std::int64_t>(1, align);
  const std::int64_t aligned_rows = (rows + align - 1) / align;  // parts can begin at no more points than this
  const std::int64_t by_entries = std::max<std::int64_t>(1, nnz / std::max<std::int64_t>(1, entries_per_part));
  const std::int64_t wanted = std::min(
      parts > 0 ? std::int64_t(parts) : by_entries > 1 ? std::min<std::int64_t>(hardware_threads(), by_entries) : 1,
      aligned_rows);
  std::vector<RowPart> cut;
  std::int64_t begin = 0;
  for (std::int64_t p = 1; p <= wanted; ++p) {
    const std::int64_t end = p == wanted ? rows : std::min(rows, aligned_rows * p / wanted * align);
    if (end > begin) cut.push_back({begin, end});
    begin = std::max(begin, end);
  }
  return cut;
}

namespace {

// Threads kept asleep for run_row_parts: started once per process (a
// thread's start cost about 22 us on the H200 machine's host, one after the
// other, so a pass on 16 threads spent 350 us starting them), woken for each
// pass, and asleep again at its end (never spinning: MPI ranks share the
// node's cores). One pass at a time: a pass started meanwhile (a deferred
// set-up's thread, or a part's own) starts threads of its own, as before.
// Never deleted, so that no thread outlives it: the process's exit ends them.
// At most kMostKeptThreads with the caller: passes over a matrix's arrays are
// bound by memory well before 16 threads, and a node running many MPI ranks
// keeps no more than 15 sleeping threads for each.
constexpr int kMostKeptThreads = 16;

class KeptThreads {
 public:
  static KeptThreads& instance() {
    static KeptThreads* const kept = new KeptThreads(std::min(hardware_threads(), kMostKeptThreads) - 1);
    return *kept;
  }

  // body(p) for every p in [0, parts), by the kept threads and the caller;
  // false, with nothing run, when another pass holds them.
  bool try_run(std::size_t parts, const std::function<void(std::size_t)>& body) {
    bool expected = false;
    if (count_ == 0 || !busy_.compare_exchange_strong(expected, true)) return false;
    Pass pass{&body, parts};
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      pass_ = &pass;
      ++generation_;
    }
    wake_.notify_all();
    take_parts(pass);
    {
      // The pass is the caller's: no thread may still hold it when it returns.
      std::unique_lock<std::mutex> lock(mutex_);
      ended_.wait(lock, [&] { return pass.done.load() == parts && inside_ == 0; });
      pass_ = nullptr;
    }
    busy_.store(false);
    return true;
  }

 private:
  struct Pass {
    const std::function<void(std::size_t)>* body;
    std::size_t parts;
    std::atomic<std::size_t> next{0}, done{0};
  };

  // As many as the system lets it start, up to `wanted`.
  explicit KeptThreads(int wanted) {
    for (; count_ < wanted; ++count_) {
      try {
        std::thread([this] { work(); }).detach();
      } catch (const std::system_error&) {
        break;
      }
    }
  }

  static void take_parts(Pass& pass) {
    for (std::size_t p = pass.next.fetch_add(1); p < pass.parts; p = pass.next.fetch_add(1)) {
      (*pass.body)(p);
      pass.done.fetch_add(1);
    }
  }

  void work() {
    std::uint64_t seen = 0;
    for (;;) {
      Pass* pass = nullptr;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return generation_ != seen; });
        seen = generation_;
        pass = pass_;
        if (!pass) continue;
        ++inside_;
      }
      take_parts(*pass);
      {
        const std::lock_guard<std::mutex> lock(mutex_);
        --inside_;
      }
      ended_.notify_all();
    }
  }

  int count_ = 0;  // kept threads, set by the constructor
  std::atomic<bool> busy_{false};
  std::mutex mutex_;
  std::condition_variable wake_, ended_;
  Pass* pass_ = nullptr;         // the pass in progress, under mutex_
  std::uint64_t generation_ = 0;  // counts the passes, under mutex_
  int inside_ = 0;               // kept threads holding pass_, under mutex_
};

}  // namespace

void run_row_parts(std::size_t parts, const std::function<void(std::size_t)>& body) {
  if (parts == 0) return;
  std::vector<std::exception_ptr> failed(parts, nullptr);
  const std::function<void(std::size_t)> guarded = [&](std::size_t p) {
    try {
      body(p);
    } catch (...) {  // an exception must not leave a thread: rethrown below
      failed[p] = std::current_exception();
    }
  };
  if (parts == 1) {
    guarded(0);
  } else if (!KeptThreads::instance().try_run(parts, guarded)) {
    std::vector<std::thread> threads;
    threads.reserve(parts - 1);
    for (std::size_t p = 0; p + 1 < parts; ++p) threads.emplace_back(guarded, p);
    guarded(parts - 1);
    for (std::thread& t : threads) t.join();
  }
  for (const std::exception_ptr& e : failed)
    if (e) std::rethrow_exception(e);
}

}  // namespace aijadaptive::detail
