// The kernel cache (CUDA builds): compiles once per (key, arch) with NVRTC
// (nvrtc_compile.cpp) and loads once per device (runtime_kernel.cpp).
#include "aijadaptive/kernel_cache.hpp"

#include <cuda_runtime_api.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "aijadaptive/device.hpp"
#include "core/cuda_check.hpp"
#include "jit/disk_cache.hpp"
#include "jit/nvrtc_compile.hpp"

namespace aijadaptive {
namespace {

using jit::describe;

// Two sources under one key would run the wrong kernel in silence: the key is
// the caller's promise that it names everything the source depends on.
void check_same(const CompiledKernel& cached, const std::string& source, const std::string& name) {
  AIJA_REQUIRE(cached.source == source && cached.name == name, internal,
               "kernel cache: " + describe(cached.key, name, cached.arch) +
                   " was compiled before from another source or kernel name; the key must name "
                   "everything the generated source depends on");
}

// The architecture of `device`, which must exist.
int checked_device_arch(int device) {
  AIJA_REQUIRE(device >= 0 && device < device_count(), invalid_argument,
               "kernel cache: device " + std::to_string(device) + " does not exist (" +
                   device_status() + ")");
  int major = 0, minor = 0;
  AIJA_CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
  AIJA_CUDA_CHECK(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device));
  return major * 10 + minor;
}

std::string compiler_identity(int arch) {
  std::string id = jit::nvrtc_version();
  for (const auto& option : jit::compile_options(arch)) id += " " + option;
  return id;
}

struct DiskRead {
  std::optional<CompiledKernel> kernel;
  bool rejected = false;
  std::string why;  // of a rejection
};

// The entry of `id` from the disk cache, if there is a sound one.
DiskRead read_entry(const jit::DiskCache& disk, const jit::EntryIdentity& id) {
  DiskRead result;
  if (!disk.usable()) return result;
  const auto start = std::chrono::steady_clock::now();
  jit::DiskCache::Lookup lookup = disk.load(id);
  // The content hash says the bytes are those written; this says that what was
  // written holds the kernel, as nvrtc_compile() checks of a fresh CUBIN.
  if (lookup.found == jit::DiskCache::Found::entry && !jit::names_symbol(lookup.cubin, id.name)) {
    lookup.found = jit::DiskCache::Found::rejected;
    lookup.why = disk.entry_path(id) + ": the CUBIN has no kernel named " + id.name;
  }
  if (lookup.found == jit::DiskCache::Found::rejected) {
    result.rejected = true;
    result.why = std::move(lookup.why);
    return result;
  }
  if (lookup.found == jit::DiskCache::Found::nothing) return result;
  CompiledKernel kernel;
  kernel.key = id.key;
  kernel.name = id.name;
  kernel.arch = id.arch;
  kernel.source = id.source;
  kernel.cubin = std::move(lookup.cubin);
  kernel.from_disk = true;
  kernel.compile_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  result.kernel = std::move(kernel);
  return result;
}

}  // namespace

KernelCache::KernelCache(std::string disk_directory)
    : disk_(std::make_unique<jit::DiskCache>(std::move(disk_directory))) {}

KernelCache::~KernelCache() { stop_worker(); }

std::string KernelCache::disk_status() const { return disk_->status(); }

namespace {
// A note's entry: its key, and a name and compiler no kernel has.
jit::EntryIdentity note_identity(const std::string& key) { return {key, "", "note", 0, "aijadaptive note 1"}; }
}  // namespace

std::optional<std::string> KernelCache::load_note(const std::string& key) const {
  const jit::DiskCache::Lookup found = disk_->load(note_identity(key));
  if (found.found != jit::DiskCache::Found::entry) return std::nullopt;
  return std::string(found.cubin.begin(), found.cubin.end());
}

bool KernelCache::store_note(const std::string& key, const std::string& text) const {
  std::string why;
  return disk_->usable() && disk_->store(note_identity(key), std::vector<char>(text.begin(), text.end()), why);
}

const CompiledKernel& KernelCache::compile(const std::string& key, const std::string& source,
                                           const std::string& name, int arch) {
  AIJA_REQUIRE(!key.empty(), invalid_argument, "kernel cache: the key is empty");
  AIJA_REQUIRE(!name.empty(), invalid_argument, "kernel cache: the kernel name is empty");
  AIJA_REQUIRE(arch > 0, invalid_argument,
               "kernel cache: architecture " + std::to_string(arch) + " (e.g. 90 for sm_90)");
  {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto it = compiled_.find(CompiledKey{key, arch});
    if (it != compiled_.end()) {
      check_same(it->second, source, name);
      ++stats_.hits;
      return it->second;
    }
  }
  // Read or compiled outside the lock: hits on other kernels need not wait for
  // this one. Two threads that miss the same key both do the work; the first
  // result stays.
  const jit::EntryIdentity id{key, source, name, arch, compiler_identity(arch)};
  DiskRead found = read_entry(*disk_, id);
  if (found.kernel) {
    std::lock_guard<std::mutex> lock(mutex_);
    ++stats_.disk_hits;
    return insert(std::move(*found.kernel), source, name);
  }
  if (found.rejected) {
    std::lock_guard<std::mutex> lock(mutex_);
    ++stats_.disk_rejects;
  }
  CompiledKernel fresh;
  try {
    fresh = jit::nvrtc_compile(key, source, name, arch);
    if (found.rejected) fresh.log = "disk cache: " + found.why + "; compiled again\n" + fresh.log;
  } catch (...) {
    std::lock_guard<std::mutex> lock(mutex_);
    ++stats_.misses;
    ++stats_.failures;
    throw;
  }
  std::string why;
  const bool written = disk_->usable() && disk_->store(id, fresh.cubin, why);
  std::lock_guard<std::mutex> lock(mutex_);
  ++stats_.misses;
  stats_.compile_seconds += fresh.compile_seconds;
  if (written) ++stats_.disk_writes;
  if (disk_->usable() && !written) ++stats_.disk_write_failures;
  return insert(std::move(fresh), source, name);
}

// Under mutex_.
const CompiledKernel& KernelCache::insert(CompiledKernel&& kernel, const std::string& source,
                                          const std::string& name) {
  const CompiledKey at{kernel.key, kernel.arch};
  const auto [it, inserted] = compiled_.emplace(at, std::move(kernel));
  if (!inserted) check_same(it->second, source, name);
  return it->second;
}

const RuntimeKernel& KernelCache::get(const std::string& key, const std::string& source,
                                      const std::string& name, int device) {
  const int arch = checked_device_arch(device);
  return load(compile(key, source, name, arch), device);
}

std::shared_ptr<PendingKernel> KernelCache::get_async(const std::string& key,
                                                      const std::string& source,
                                                      const std::string& name, int device) {
  return enqueue(key, source, name, checked_device_arch(device), device);
}

const RuntimeKernel& KernelCache::load(const CompiledKernel& compiled, int device) {
  // Loading under the lock: it takes milliseconds, and one library per
  // (key, device) is all that is ever wanted.
  std::lock_guard<std::mutex> lock(mutex_);
  const LoadedKey loaded_key{compiled.key, compiled.arch, device};
  const auto it = loaded_.find(loaded_key);
  if (it != loaded_.end()) return *it->second;
  const DeviceGuard current(device);  // the load happens there; the caller's device comes back
  std::unique_ptr<RuntimeKernel> kernel(new RuntimeKernel(compiled, device));
  ++stats_.loads;
  return *loaded_.emplace(loaded_key, std::move(kernel)).first->second;
}

KernelCache::Stats KernelCache::stats() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return stats_;
}

namespace {
std::mutex process_cache_mutex;
std::unique_ptr<KernelCache> process_cache;
}  // namespace

KernelCache& kernel_cache() {
  const std::lock_guard<std::mutex> lock(process_cache_mutex);
  if (!process_cache) process_cache = std::make_unique<KernelCache>();
  return *process_cache;
}

// Its worker thread may be compiling or loading: it must finish while the
// CUDA runtime, MPI and PETSc are alive (at exit, with them torn down, a load
// crashed on the H100 in 2026-11-23's tests). Hence an explicit end, called by
// release_device_resources() (PetscFinalize through the plugin, the end of
// the benchmark); a later kernel_cache() starts a new one.
void release_kernel_cache() noexcept {
  const std::lock_guard<std::mutex> lock(process_cache_mutex);
  process_cache.reset();
}

}  // namespace aijadaptive
