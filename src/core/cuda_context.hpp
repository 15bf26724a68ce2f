// Per-device state shared by all matrices of a process (CUDA builds only).
#pragma once

#include <cusparse.h>

namespace aijadaptive::detail {

// The cuSPARSE handle of the current device, created on first use and freed by
// release_device_resources(). Creating one costs milliseconds, so matrices
// share it; callers set its stream before each use.
cusparseHandle_t cusparse_handle();

}  // namespace aijadaptive::detail
