// Per-device state shared by all matrices of a process (CUDA builds only).
#pragma once

#include <cusparse.h>

#include <mutex>
#include <utility>

namespace aijadaptive::detail {

// The cuSPARSE handle of the current device, created on first use and freed by
// release_device_resources(). Creating one costs milliseconds, so matrices
// share it; callers set its stream before each use, and hold it meanwhile
// (a lock): a deferred set-up's thread may be using cuSPARSE while the
// caller's products run, and a stream set by one must not launch the other's.
class CusparseHandle {
 public:
  CusparseHandle(std::unique_lock<std::mutex> lock, cusparseHandle_t handle)
      : lock_(std::move(lock)), handle_(handle) {}
  cusparseHandle_t get() const { return handle_; }

 private:
  std::unique_lock<std::mutex> lock_;
  cusparseHandle_t handle_;
};
CusparseHandle cusparse_handle();

}  // namespace aijadaptive::detail
