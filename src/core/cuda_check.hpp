// Checks for every CUDA runtime and cuSPARSE call (CUDA builds only).
#pragma once

#include <cuda_runtime_api.h>
#include <cusparse.h>

#include <string>

#include "aijadaptive/errors.hpp"

namespace aijadaptive::detail {

[[noreturn]] inline void throw_cuda(cudaError_t e, const char* call, const char* file, int line) {
  const ErrorKind kind =
      e == cudaErrorMemoryAllocation ? ErrorKind::out_of_device_memory : ErrorKind::cuda;
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

}  // namespace aijadaptive::detail

#define AIJA_CUDA_CHECK(call)                                                   \
  do {                                                                          \
    const cudaError_t aija_status_ = (call);                                    \
    if (aija_status_ != cudaSuccess)                                            \
      ::aijadaptive::detail::throw_cuda(aija_status_, #call, __FILE__, __LINE__); \
  } while (0)

// After a kernel launch: catches bad launch configurations at once.
#define AIJA_CUDA_CHECK_LAUNCH() AIJA_CUDA_CHECK(cudaGetLastError())

#define AIJA_CUSPARSE_CHECK(call)                                                   \
  do {                                                                              \
    const cusparseStatus_t aija_status_ = (call);                                   \
    if (aija_status_ != CUSPARSE_STATUS_SUCCESS)                                    \
      ::aijadaptive::detail::throw_cusparse(aija_status_, #call, __FILE__, __LINE__); \
  } while (0)
