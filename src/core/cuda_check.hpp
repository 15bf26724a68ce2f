// Checks for every CUDA runtime and cuSPARSE call (CUDA builds only).
#pragma once

#include <cuda_runtime_api.h>
#include <cusparse.h>

#include <string>

#include "aijadaptive/errors.hpp"
#include "aijadaptive/fault_injection.hpp"

namespace aijadaptive::detail {

[[noreturn]] inline void throw_cuda(cudaError_t e, const char* call, const char* file, int line) {
  const ErrorKind kind =
      e == cudaErrorMemoryAllocation ? ErrorKind::out_of_device_memory : ErrorKind::cuda;
  // The runtime also keeps the error as its "last error": a failure that
  // leaves the context usable (cudaMalloc's out of memory, which steps aside
  // for the next format) would otherwise be reported again by the next launch
  // check, anywhere. (A sticky error cannot be cleared, and stays.)
  (void)cudaGetLastError();
  throw_error(kind,
              std::string(call) + " failed: " + cudaGetErrorName(e) + " (" +
                  cudaGetErrorString(e) + ")",
              file, line);
}

[[noreturn]] inline void throw_cusparse(cusparseStatus_t s, const char* call, const char* file,
                                        int line) {
  const ErrorKind kind = s == CUSPARSE_STATUS_ALLOC_FAILED ? ErrorKind::out_of_device_memory
                                                           : ErrorKind::cusparse;
  throw_error(kind, std::string(call) + " failed: " + cusparseGetErrorName(s) + " (" +
                        cusparseGetErrorString(s) + ")",
              file, line);
}

inline void check_launch(const char* function, const char* file, int line) {
  if (fault_hooks_active())
    fault_point(faults::Site::launch, std::string("kernel launch in ") + function + "()", file, line);
  const cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) throw_cuda(e, (std::string("kernel launch in ") + function + "()").c_str(), file, line);
}

}  // namespace aijadaptive::detail

#define AIJA_CUDA_CHECK(call)                                                   \
  do {                                                                          \
    const cudaError_t aija_status_ = (call);                                    \
    if (aija_status_ != cudaSuccess)                                            \
      ::aijadaptive::detail::throw_cuda(aija_status_, #call, __FILE__, __LINE__); \
  } while (0)

// After a kernel launch: catches bad launch configurations at once, naming the
// host function that launched (and counted, or failed on request, by the
// fault hooks: fault_injection.hpp).
#define AIJA_CUDA_CHECK_LAUNCH() ::aijadaptive::detail::check_launch(__func__, __FILE__, __LINE__)

#define AIJA_CUSPARSE_CHECK(call)                                                   \
  do {                                                                              \
    const cusparseStatus_t aija_status_ = (call);                                   \
    if (aija_status_ != CUSPARSE_STATUS_SUCCESS)                                    \
      ::aijadaptive::detail::throw_cusparse(aija_status_, #call, __FILE__, __LINE__); \
  } while (0)
