// Typed errors of the core library. The core throws; the PETSc glue catches
// and turns them into PETSc errors (see plugin/aija_petsc_errors.hpp).
#pragma once

#include <stdexcept>
#include <string>

namespace aijadaptive {

enum class ErrorKind {
  invalid_argument,     // a caller's mistake: bad sizes, bad CSR, unknown name
  unsupported,          // a valid request this build or device cannot do
  out_of_device_memory, // the matrix or a work buffer does not fit on the GPU
  cuda,                 // a CUDA runtime or driver call failed
  cusparse,             // a cuSPARSE call failed
  compile,              // a run-time compile (NVRTC) of a generated kernel failed
  internal              // a bug of ours
};

const char* error_kind_name(ErrorKind kind) noexcept;

class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, const std::string& message, const char* file, int line);
  ErrorKind kind() const noexcept { return kind_; }
  const char* file() const noexcept { return file_; }
  int line() const noexcept { return line_; }

 private:
  ErrorKind kind_;
  const char* file_;
  int line_;
};

[[noreturn]] void throw_error(ErrorKind kind, const std::string& message, const char* file,
                              int line);

}  // namespace aijadaptive

#define AIJA_THROW(kind, message) \
  ::aijadaptive::throw_error(::aijadaptive::ErrorKind::kind, (message), __FILE__, __LINE__)

#define AIJA_REQUIRE(condition, kind, message) \
  do {                                         \
    if (!(condition)) AIJA_THROW(kind, message); \
  } while (0)
