// A compiled kernel loaded on one device through the CUDA runtime's library API
// (cudaLibraryLoadData): the runtime is enough, so the library never links
// libcuda, which CI machines lack.
#include <cuda_runtime_api.h>

#include <memory>
#include <string>
#include <type_traits>

#include "aijadaptive/kernel_cache.hpp"
#include "core/cuda_check.hpp"
#include "jit/nvrtc_compile.hpp"

namespace aijadaptive {
namespace {

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
                    jit::describe(compiled.key, compiled.name, compiled.arch) + ") on device " +
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
  if (detail::fault_hooks_active())
    detail::fault_point(faults::Site::launch, "cudaLaunchKernel of run-time compiled kernel " + compiled_->name,
                        __FILE__, __LINE__);
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

}  // namespace aijadaptive
