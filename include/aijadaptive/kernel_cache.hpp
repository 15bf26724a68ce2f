// Kernels compiled at run time with NVRTC, cached for the life of the process.
//
// The DIA-Adaptive formats generate CUDA source per matrix (diagonal offsets as
// constants, loops unrolled). Compiling takes tens to hundreds of milliseconds,
// so the same source must be compiled once per process, not once per matrix:
//
//   key "dia:double:int32:offsets=-1,0,1", arch 90  --compile()-->  CompiledKernel (CUBIN)
//   key ...,                              device 0  --get()------>  RuntimeKernel (loaded)
//
// No CUDA header here: code compiled without CUDA includes this file. The
// definitions exist in CUDA builds only (src/jit/); a CUDA build compiles
// without a GPU (NVRTC needs no driver), loading needs one.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <string>
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
  double compile_seconds = 0;
  std::string log;  // NVRTC's log (warnings), often empty
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

class KernelCache {
 public:
  KernelCache() = default;
  // Unloads every library (RuntimeKernel's destructor, which ignores the errors
  // of a CUDA runtime already torn down at process exit).
  ~KernelCache() = default;
  KernelCache(const KernelCache&) = delete;
  KernelCache& operator=(const KernelCache&) = delete;

  // Compiles `source` (self-contained CUDA C++, no #include of toolkit headers)
  // with NVRTC for sm_<arch> into a CUBIN, once per (key, arch). `key` names
  // everything the source depends on (the caller's job, e.g.
  // "dia:double:int32:offsets=-1,0,1"); a key seen before with another source or
  // name throws ErrorKind::internal rather than run the wrong kernel. The kernel
  // is `name`, declared extern "C". A failed compile throws ErrorKind::compile
  // with the key and the compiler log, and is not cached (a retry compiles again).
  // Options: -std=c++17 -default-device, no fast math (results match the kernels
  // built by nvcc bit for bit; both contract a*b+c into an FMA by default).
  const CompiledKernel& compile(const std::string& key, const std::string& source,
                                const std::string& name, int arch);

  // compile() for the architecture of `device`, then load there, once per
  // (key, arch, device). Loading goes through the CUDA runtime's library API
  // (cudaLibraryLoadData), so the library never links libcuda directly. The
  // caller's current device is restored. A device that does not exist throws
  // ErrorKind::invalid_argument.
  const RuntimeKernel& get(const std::string& key, const std::string& source,
                           const std::string& name, int device);

  struct Stats {
    std::size_t hits = 0;      // compile() (or get()) answered from the cache
    std::size_t misses = 0;    // compiles run, failed ones included
    std::size_t failures = 0;  // compiles that failed
    std::size_t loads = 0;     // libraries loaded on a device
    double compile_seconds = 0;
  };
  Stats stats() const;

 private:
  using CompiledKey = std::pair<std::string, int>;      // key, arch
  using LoadedKey = std::tuple<std::string, int, int>;  // key, arch, device
  mutable std::mutex mutex_;
  // std::map: references to values stay valid as the maps grow. Declared in
  // this order so that the loaded kernels, which point into compiled_, go first.
  std::map<CompiledKey, CompiledKernel> compiled_;
  std::map<LoadedKey, std::unique_ptr<RuntimeKernel>> loaded_;
  Stats stats_;
};

// The process-wide cache (thread-safe).
KernelCache& kernel_cache();

}  // namespace aijadaptive
