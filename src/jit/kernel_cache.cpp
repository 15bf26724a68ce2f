// The kernel cache (CUDA builds): NVRTC compiles to a CUBIN, the CUDA runtime's
// library API (cudaLibraryLoadData) loads it. Plain C++: the CUDA runtime is
// enough, so the library never links libcuda, which CI machines lack.
#include "aijadaptive/kernel_cache.hpp"

#include <cuda_runtime_api.h>
#include <nvrtc.h>

#include <algorithm>
#include <chrono>
#include <iterator>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "aijadaptive/device.hpp"
#include "core/cuda_check.hpp"

// A failed NVRTC call is ErrorKind::compile whatever the call: a format that
// relies on a generated kernel then steps aside for the next candidate.
#define AIJA_NVRTC_CHECK(call, what)                                                   \
  do {                                                                                 \
    const nvrtcResult aija_nvrtc_ = (call);                                            \
    if (aija_nvrtc_ != NVRTC_SUCCESS)                                                  \
      AIJA_THROW(compile, std::string(#call) + " failed: " +                           \
                              nvrtcGetErrorString(aija_nvrtc_) + " (" + (what) + ")"); \
  } while (0)

namespace aijadaptive {
namespace {

std::string describe(const std::string& key, const std::string& name, int arch) {
  return "key \"" + key + "\", kernel " + name + ", sm_" + std::to_string(arch);
}

// Owns an nvrtcProgram for the length of one compile.
class Program {
 public:
  Program(const std::string& source, const std::string& file_name, const std::string& what) {
    AIJA_NVRTC_CHECK(
        nvrtcCreateProgram(&program_, source.c_str(), file_name.c_str(), 0, nullptr, nullptr),
        what);
  }
  ~Program() {
    if (program_) (void)nvrtcDestroyProgram(&program_);
  }
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;
  nvrtcProgram get() const { return program_; }

 private:
  nvrtcProgram program_ = nullptr;
};

std::string nvrtc_version() {
  int major = 0, minor = 0;
  if (nvrtcVersion(&major, &minor) != NVRTC_SUCCESS) return "NVRTC";
  return "NVRTC " + std::to_string(major) + "." + std::to_string(minor);
}

// The architectures this NVRTC compiles for, asked once: an unknown one gets a
// message that lists them, rather than NVRTC's bare "invalid option".
const std::vector<int>& supported_archs() {
  static const std::vector<int> archs = [] {
    int n = 0;
    AIJA_NVRTC_CHECK(nvrtcGetNumSupportedArchs(&n), "listing the architectures");
    std::vector<int> list(static_cast<std::size_t>(n));
    if (n > 0) AIJA_NVRTC_CHECK(nvrtcGetSupportedArchs(list.data()), "listing the architectures");
    return list;
  }();
  return archs;
}

std::string program_log(nvrtcProgram program, const std::string& what) {
  std::size_t size = 0;
  AIJA_NVRTC_CHECK(nvrtcGetProgramLogSize(program, &size), what);
  std::string log(size, '\0');
  if (size > 0) AIJA_NVRTC_CHECK(nvrtcGetProgramLog(program, log.data()), what);
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
  return log;
}

// An early check that needs no GPU: an ELF symbol table stores its names
// NUL-terminated one after another, so a kernel's name shows as "\0name\0". It
// catches the usual mistake, a kernel not declared extern "C", whose name is
// then mangled (_Z5axpy...). cudaLibraryGetKernel at load is the final word.
bool names_symbol(const std::vector<char>& cubin, const std::string& name) {
  std::string needle(1, '\0');
  needle += name;
  needle += '\0';
  return std::search(cubin.begin(), cubin.end(), needle.begin(), needle.end()) != cubin.end();
}

CompiledKernel nvrtc_compile(const std::string& key, const std::string& source,
                             const std::string& name, int arch) {
  const std::string what = describe(key, name, arch);
  const auto& archs = supported_archs();
  if (std::find(archs.begin(), archs.end(), arch) == archs.end()) {
    std::string list;
    for (int a : archs) list += " sm_" + std::to_string(a);
    AIJA_THROW(compile, nvrtc_version() + " cannot compile for sm_" + std::to_string(arch) + " (" +
                            what + "); it knows" + list);
  }

  const auto start = std::chrono::steady_clock::now();
  Program program(source, name + ".cu", what);
  // A real architecture (sm_, not compute_): NVRTC then makes a CUBIN, not PTX.
  const std::string arch_option = "--gpu-architecture=sm_" + std::to_string(arch);
  const char* options[] = {
      arch_option.c_str(), "-std=c++17",
      "-default-device",  // helpers in generated code need no __device__
      // Spelled out although it is the default of NVRTC and nvcc alike: a*b+c
      // becomes an FMA in both, so generated kernels match the generic ones bit
      // for bit. For the same reason: no --use_fast_math.
      "--fmad=true"};
  const nvrtcResult compiled =
      nvrtcCompileProgram(program.get(), static_cast<int>(std::size(options)), options);
  std::string log = program_log(program.get(), what);
  if (compiled != NVRTC_SUCCESS)
    AIJA_THROW(compile, "run-time compile failed (" + what + "): nvrtcCompileProgram: " +
                            nvrtcGetErrorString(compiled) + "\n" + log);

  CompiledKernel kernel;
  std::size_t size = 0;
  AIJA_NVRTC_CHECK(nvrtcGetCUBINSize(program.get(), &size), what);
  kernel.cubin.resize(size);
  if (size > 0) AIJA_NVRTC_CHECK(nvrtcGetCUBIN(program.get(), kernel.cubin.data()), what);
  kernel.compile_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  AIJA_REQUIRE(names_symbol(kernel.cubin, name), compile,
               "run-time compile (" + what + "): the compiled code has no kernel named " + name +
                   "; declare it extern \"C\" __global__");
  kernel.key = key;
  kernel.name = name;
  kernel.arch = arch;
  kernel.source = source;
  kernel.log = std::move(log);
  return kernel;
}

// Two sources under one key would run the wrong kernel in silence: the key is
// the caller's promise that it names everything the source depends on.
void check_same(const CompiledKernel& cached, const std::string& source, const std::string& name) {
  AIJA_REQUIRE(cached.source == source && cached.name == name, internal,
               "kernel cache: " + describe(cached.key, name, cached.arch) +
                   " was compiled before from another source or kernel name; the key must name "
                   "everything the generated source depends on");
}

int device_arch(int device) {
  int major = 0, minor = 0;
  AIJA_CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
  AIJA_CUDA_CHECK(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device));
  return major * 10 + minor;
}

// Makes `device` current for a scope and gives the caller its device back
// afterwards, also when the load throws.
class CurrentDevice {
 public:
  explicit CurrentDevice(int device) {
    AIJA_CUDA_CHECK(cudaGetDevice(&previous_));
    if (previous_ != device) {
      AIJA_CUDA_CHECK(cudaSetDevice(device));
      changed_ = true;
    }
  }
  ~CurrentDevice() {
    if (changed_) (void)cudaSetDevice(previous_);
  }
  CurrentDevice(const CurrentDevice&) = delete;
  CurrentDevice& operator=(const CurrentDevice&) = delete;

 private:
  int previous_ = 0;
  bool changed_ = false;
};

struct LibraryUnload {
  void operator()(std::remove_pointer_t<cudaLibrary_t>* library) const noexcept {
    (void)cudaLibraryUnload(library);
  }
};
using OwnedLibrary = std::unique_ptr<std::remove_pointer_t<cudaLibrary_t>, LibraryUnload>;

}  // namespace

RuntimeKernel::RuntimeKernel(const CompiledKernel& compiled, int device)
    : compiled_(&compiled), device_(device) {
  try {
    cudaLibrary_t raw = nullptr;
    AIJA_CUDA_CHECK(cudaLibraryLoadData(&raw, compiled.cubin.data(), nullptr, nullptr, 0, nullptr,
                                        nullptr, 0));
    OwnedLibrary library(raw);  // unloaded if a step below throws
    cudaKernel_t kernel = nullptr;
    AIJA_CUDA_CHECK(cudaLibraryGetKernel(&kernel, library.get(), compiled.name.c_str()));
    // Libraries load lazily by default: asking for the attributes on the current
    // device loads the kernel there now, so a bad image fails here and not at
    // the first product. The numbers are what a caller picks a block size by.
    cudaFuncAttributes attributes{};
    AIJA_CUDA_CHECK(cudaFuncGetAttributes(&attributes, reinterpret_cast<const void*>(kernel)));
    max_threads_per_block_ = attributes.maxThreadsPerBlock;
    registers_per_thread_ = attributes.numRegs;
    kernel_ = kernel;
    library_ = library.release();
  } catch (const Error& e) {
    throw_error(e.kind(),
                std::string("loading a run-time compiled kernel (") +
                    describe(compiled.key, compiled.name, compiled.arch) + ") on device " +
                    std::to_string(device) + ": " + e.what(),
                e.file(), e.line());
  }
}

RuntimeKernel::~RuntimeKernel() {
  // At process exit the CUDA runtime may be gone before the process-wide cache:
  // the unload then fails harmlessly and the driver reclaims the module anyway.
  if (library_) (void)cudaLibraryUnload(static_cast<cudaLibrary_t>(library_));
}

void RuntimeKernel::launch(unsigned grid, unsigned block, std::size_t shared_bytes, Stream stream,
                           void** args) const {
  // The kernel was loaded and its attributes read for device_; a launch from
  // another device would also meet a stream of another device.
  int current = -1;
  AIJA_CUDA_CHECK(cudaGetDevice(&current));
  AIJA_REQUIRE(current == device_, invalid_argument,
               "run-time compiled kernel " + compiled_->name + " was loaded on device " +
                   std::to_string(device_) + " but device " + std::to_string(current) +
                   " is current");
  // Since CUDA 12 a cudaKernel_t cast to const void* stands for a __global__
  // function in cudaLaunchKernel; the runtime picks the current device's copy.
  cudaError_t e =
      cudaLaunchKernel(reinterpret_cast<const void*>(kernel_), dim3(grid), dim3(block), args,
                       shared_bytes, static_cast<cudaStream_t>(stream));
  // Read even after a failed call: it also clears the error, which would
  // otherwise be blamed on the next launch checked anywhere in the process.
  const cudaError_t last = cudaGetLastError();
  if (e == cudaSuccess) e = last;
  if (e != cudaSuccess)
    detail::throw_cuda(e, ("cudaLaunchKernel of run-time compiled kernel " + compiled_->name +
                           " (key \"" + compiled_->key + "\")")
                              .c_str(),
                       __FILE__, __LINE__);
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
  // Compiled outside the lock: hits on other kernels need not wait for this
  // one. Two threads that miss the same key both compile; the first result stays.
  CompiledKernel fresh;
  try {
    fresh = nvrtc_compile(key, source, name, arch);
  } catch (...) {
    std::lock_guard<std::mutex> lock(mutex_);
    ++stats_.misses;
    ++stats_.failures;
    throw;
  }
  std::lock_guard<std::mutex> lock(mutex_);
  ++stats_.misses;
  stats_.compile_seconds += fresh.compile_seconds;
  const auto [it, inserted] = compiled_.emplace(CompiledKey{key, arch}, std::move(fresh));
  if (!inserted) check_same(it->second, source, name);
  return it->second;
}

const RuntimeKernel& KernelCache::get(const std::string& key, const std::string& source,
                                      const std::string& name, int device) {
  AIJA_REQUIRE(device >= 0 && device < device_count(), invalid_argument,
               "kernel cache: device " + std::to_string(device) + " does not exist (" +
                   device_status() + ")");
  const int arch = device_arch(device);
  const CompiledKernel& compiled = compile(key, source, name, arch);
  // Loading under the lock: it takes milliseconds, and one library per
  // (key, device) is all that is ever wanted.
  std::lock_guard<std::mutex> lock(mutex_);
  const LoadedKey loaded_key{key, arch, device};
  const auto it = loaded_.find(loaded_key);
  if (it != loaded_.end()) return *it->second;
  CurrentDevice current(device);
  std::unique_ptr<RuntimeKernel> kernel(new RuntimeKernel(compiled, device));
  ++stats_.loads;
  return *loaded_.emplace(loaded_key, std::move(kernel)).first->second;
}

KernelCache::Stats KernelCache::stats() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return stats_;
}

KernelCache& kernel_cache() {
  // Built on first use (thread-safe), destroyed at exit: see ~RuntimeKernel.
  static KernelCache cache;
  return cache;
}

}  // namespace aijadaptive
