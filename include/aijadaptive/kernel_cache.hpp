// Kernels compiled at run time with NVRTC, cached for the life of the process.
//
// The DIA-Adaptive formats generate CUDA source per matrix (diagonal offsets as
// constants, loops unrolled). Compiling takes tens to hundreds of milliseconds,
// so the same source must be compiled once per process, not once per matrix:
//
//   key "diagonal:aija_diagonal_double_256_<hash>", arch 90  --compile()-->  CompiledKernel (CUBIN)
//   key ...,                                       device 0  --get()------>  RuntimeKernel (loaded)
//
// and once per machine, not once per run: the CUBINs are kept on disk (see
// KernelCache's constructor), so the second run of a program finds them there.
//
// No CUDA header here: code compiled without CUDA includes this file. The
// definitions exist in CUDA builds only (src/jit/); a CUDA build compiles
// without a GPU (NVRTC needs no driver), loading needs one.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include "aijadaptive/device.hpp"  // Stream

namespace aijadaptive {

// One kernel compiled for one GPU architecture (compute capability, e.g. 90 for sm_90).
struct CompiledKernel {
  std::string key;     // what the source depends on, as the caller named it
  std::string name;    // the extern "C" __global__ function
  int arch = 0;        // sm_<arch>
  std::string source;  // kept to catch two different sources under one key
  std::vector<char> cubin;
  // Seconds NVRTC took; for a CUBIN read from the disk cache, the seconds
  // reading and checking the entry took.
  double compile_seconds = 0;
  bool from_disk = false;  // read from the disk cache, not compiled in this process
  // NVRTC's log (warnings), often empty; empty from disk. Starts with a line
  // of why when a disk entry was rejected and this is its replacement.
  std::string log;
};

// A compiled kernel loaded on one device, ready to launch. Owns the loaded
// library (unloaded on destruction); neither copied nor moved, so references
// handed out by the cache stay valid for the cache's lifetime.
class RuntimeKernel {
 public:
  ~RuntimeKernel();
  RuntimeKernel(const RuntimeKernel&) = delete;
  RuntimeKernel& operator=(const RuntimeKernel&) = delete;

  // Launches <<<grid, block, shared_bytes, stream>>> with `args` (one pointer per
  // kernel parameter, as cudaLaunchKernel takes them). The current device must be
  // device(); the launch is checked, the kernel's completion is not.
  void launch(unsigned grid, unsigned block, std::size_t shared_bytes, Stream stream,
              void** args) const;

  const CompiledKernel& compiled() const { return *compiled_; }
  int device() const { return device_; }
  // From cudaFuncGetAttributes on device(): what a caller needs to pick a block size.
  int max_threads_per_block() const { return max_threads_per_block_; }
  int registers_per_thread() const { return registers_per_thread_; }

 private:
  friend class KernelCache;
  // Loads `compiled` on `device`, which must be the current device.
  RuntimeKernel(const CompiledKernel& compiled, int device);

  const CompiledKernel* compiled_;
  int device_;
  void* library_ = nullptr;  // cudaLibrary_t
  void* kernel_ = nullptr;   // cudaKernel_t
  int max_threads_per_block_ = 0;
  int registers_per_thread_ = 0;
};

// A kernel compiled (and loaded) in the background, from KernelCache::get_async
// or compile_async. A format that generates kernels runs its generic kernel
// until ready(), so that no product waits for NVRTC:
//
//   auto pending = cache.get_async(key, source, "spmv", device);   // returns at once
//   ... every product: if (pending->ready() && pending->kernel()) launch it, else the generic one
//
// ready(), failure(), compile_seconds() and from_disk() may be called from any
// thread, also after the cache is gone; kernel() and compiled() point into the
// cache and are valid for the cache's lifetime, as get()'s answers are.
class PendingKernel {
 public:
  PendingKernel(const PendingKernel&) = delete;
  PendingKernel& operator=(const PendingKernel&) = delete;

  // True once the work is over, done or failed. One atomic load (acquire, no
  // lock): cheap enough to ask on every product.
  bool ready() const noexcept { return state_.load(std::memory_order_acquire) != State::pending; }
  bool failed() const noexcept { return state_.load(std::memory_order_acquire) == State::failed; }
  // The loaded kernel; null until ready, when it failed, and from
  // compile_async() (which loads nothing).
  const RuntimeKernel* kernel() const noexcept { return done() ? kernel_ : nullptr; }
  // The compiled kernel; null until ready and when it failed.
  const CompiledKernel* compiled() const noexcept { return done() ? compiled_ : nullptr; }
  // Why it failed: the error's message (for a compile error, with NVRTC's log).
  // Empty unless failed().
  std::string failure() const { return failed() ? failure_ : std::string(); }
  // CompiledKernel::compile_seconds and from_disk of the result; 0 and false
  // unless done.
  double compile_seconds() const noexcept { return done() ? compile_seconds_ : 0.0; }
  bool from_disk() const noexcept { return done() && from_disk_; }

 private:
  friend class KernelCache;
  enum class State { pending, done, failed };
  static_assert(std::atomic<State>::is_always_lock_free, "ready() must not take a lock");

  PendingKernel() = default;
  bool done() const noexcept { return state_.load(std::memory_order_acquire) == State::done; }
  // Each called once, by whoever finishes the work: the fields are written
  // before the state is published (release), and never again.
  void succeed(const CompiledKernel& compiled, const RuntimeKernel* kernel) noexcept;
  void fail(std::string why) noexcept;

  std::atomic<State> state_{State::pending};
  const CompiledKernel* compiled_ = nullptr;
  const RuntimeKernel* kernel_ = nullptr;
  std::string failure_;
  double compile_seconds_ = 0;
  bool from_disk_ = false;
};

namespace jit {
class DiskCache;
}

// Where the process-wide cache keeps CUBINs: $XDG_CACHE_HOME/aijadaptive, else
// $HOME/.cache/aijadaptive; empty (no disk cache) when neither is set to an
// absolute path. Read from the environment at each call.
std::string default_disk_cache_directory();

class KernelCache {
 public:
  // CUBINs are also kept in `disk_directory` across runs; an empty path: no
  // disk cache. The directory is created (mode 0700) at the first compile; one
  // that exists with wider permissions or another owner is refused and the
  // cache runs without a disk (disk_status() says why): whoever can write
  // there could make this process run their code. An entry is one file; every
  // field of it is checked before use, and a damaged, truncated or mismatching
  // one is compiled again and rewritten (see src/jit/disk_cache.hpp).
  explicit KernelCache(std::string disk_directory = default_disk_cache_directory());
  // Waits for the background compile that is running, if one is; those queued
  // behind it fail ("destroyed before it started"). Then unloads every library
  // (RuntimeKernel's destructor, which ignores the errors of a CUDA runtime
  // already torn down at process exit).
  ~KernelCache();
  KernelCache(const KernelCache&) = delete;
  KernelCache& operator=(const KernelCache&) = delete;

  // Compiles `source` (self-contained CUDA C++, no #include of toolkit headers)
  // with NVRTC for sm_<arch> into a CUBIN, once per (key, arch). `key` names
  // everything the source depends on (the caller's job, e.g. the diagonal
  // formats' "diagonal:<kernel name with a hash of its cases>"); a key seen before with another source or
  // name throws ErrorKind::internal rather than run the wrong kernel. The kernel
  // is `name`, declared extern "C". A failed compile throws ErrorKind::compile
  // with the key and the compiler log, and is not cached (a retry compiles again).
  // Options: -std=c++17 -default-device, no fast math (results match the kernels
  // built by nvcc bit for bit, both contracting a*b+c into an FMA by default,
  // when the NVRTC loaded at run time is the release of the nvcc that built us).
  // A kernel not in memory is looked for in the disk cache first (a hit runs
  // no NVRTC); one compiled is written there, best effort (a failed write is
  // counted, never thrown). Failures are never written.
  const CompiledKernel& compile(const std::string& key, const std::string& source,
                                const std::string& name, int arch);

  // compile() for the architecture of `device`, then load there, once per
  // (key, arch, device). Loading goes through the CUDA runtime's library API
  // (cudaLibraryLoadData), so the library never links libcuda directly. The
  // caller's current device is restored. A device that does not exist throws
  // ErrorKind::invalid_argument.
  const RuntimeKernel& get(const std::string& key, const std::string& source,
                           const std::string& name, int device);

  // get() in the background: returns at once, and a worker thread of the cache
  // compiles (or finds the kernel in memory or on disk) and loads it on
  // `device`, making that device current in the worker, never in the caller.
  // One PendingKernel per (key, arch, device): asking again, while it is
  // pending or after, returns the same object, with another source or name
  // under the key throws ErrorKind::internal, as compile() does. A failure is
  // final for the cache's lifetime: asking again returns the same failed
  // kernel and compiles nothing, so that a format whose kernel does not compile
  // stays on its generic kernel rather than paying NVRTC for every matrix
  // (compile() and get(), by contrast, try again). Failures are never written
  // to disk. Bad arguments and a device that does not exist throw at once.
  //
  // One worker per cache, started at the first request, takes the requests in
  // order: NVRTC is CPU-bound and each MPI rank has a cache of its own, so more
  // threads would compete with the ranks for cores rather than finish sooner.
  std::shared_ptr<PendingKernel> get_async(const std::string& key, const std::string& source,
                                           const std::string& name, int device);
  // compile() in the background, the same way; nothing is loaded (kernel()
  // stays null) and no GPU is needed: to compile ahead, before a device is
  // picked, or to fill the disk cache.
  std::shared_ptr<PendingKernel> compile_async(const std::string& key, const std::string& source,
                                               const std::string& name, int arch);

  struct Stats {
    std::size_t hits = 0;      // compile() (or get()) answered from memory
    std::size_t misses = 0;    // NVRTC compiles run, failed ones included
    std::size_t failures = 0;  // compiles that failed
    std::size_t loads = 0;     // libraries loaded on a device
    double compile_seconds = 0;  // in NVRTC (disk reads not included)
    std::size_t disk_hits = 0;     // CUBINs read from the disk cache (no NVRTC run)
    std::size_t disk_writes = 0;   // entries written to the disk cache
    std::size_t disk_rejects = 0;  // entries found damaged or mismatching: compiled again
    std::size_t disk_write_failures = 0;  // entries that could not be written (disk full ...)
  };
  Stats stats() const;

  // "disk cache in <dir>" or "no disk cache: <why>" (creates the directory if
  // it does not exist yet, as the first compile would).
  std::string disk_status() const;

  // Small texts kept on disk beside the kernels, under a key of their own (the
  // autotune's choices, autotune.hpp), as entries of the same checked kind:
  // one damaged, or written for another key, reads as none. Best effort: no
  // disk cache, nothing read, false.
  std::optional<std::string> load_note(const std::string& key) const;
  bool store_note(const std::string& key, const std::string& text) const;

 private:
  const CompiledKernel& insert(CompiledKernel&& kernel, const std::string& source,
                               const std::string& name);
  // Loads `compiled` on `device` once per (key, arch, device).
  const RuntimeKernel& load(const CompiledKernel& compiled, int device);

  // Background work (pending_kernel.cpp). device < 0: compile only.
  struct Job {
    std::string key, source, name;
    int arch = 0;
    int device = -1;
    std::shared_ptr<PendingKernel> pending;
  };
  std::shared_ptr<PendingKernel> enqueue(const std::string& key, const std::string& source,
                                         const std::string& name, int arch, int device);
  void work();
  void run(const Job& job);
  void stop_worker() noexcept;

  using CompiledKey = std::pair<std::string, int>;      // key, arch
  using LoadedKey = std::tuple<std::string, int, int>;  // key, arch, device
  std::unique_ptr<jit::DiskCache> disk_;  // never null; unusable when disabled
  mutable std::mutex mutex_;
  // std::map: references to values stay valid as the maps grow. Declared in
  // this order so that the loaded kernels, which point into compiled_, go first.
  std::map<CompiledKey, CompiledKernel> compiled_;
  std::map<LoadedKey, std::unique_ptr<RuntimeKernel>> loaded_;
  Stats stats_;
  // Every request of get_async (device >= 0) and compile_async (device -1),
  // with the source and name it was made with.
  struct Request {
    std::string source, name;
    std::shared_ptr<PendingKernel> pending;
  };
  std::map<LoadedKey, Request> requests_;
  std::deque<Job> queue_;          // requests not started yet
  std::condition_variable wake_;   // a job was queued, or the cache is going
  bool stopping_ = false;
  std::thread worker_;             // started at the first request
};

// The process-wide cache (thread-safe).
KernelCache& kernel_cache();
// Ends the process-wide cache now (waits for its worker, unloads its kernels):
// called by release_device_resources(), before the CUDA runtime goes at exit.
// Kernels it handed out are invalid afterwards.
void release_kernel_cache() noexcept;

}  // namespace aijadaptive
