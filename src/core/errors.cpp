#include "aijadaptive/errors.hpp"

namespace aijadaptive {

const char* error_kind_name(ErrorKind kind) noexcept {
  switch (kind) {
    case ErrorKind::invalid_argument: return "invalid argument";
    case ErrorKind::unsupported: return "unsupported";
    case ErrorKind::out_of_device_memory: return "out of device memory";
    case ErrorKind::cuda: return "CUDA error";
    case ErrorKind::cusparse: return "cuSPARSE error";
    case ErrorKind::compile: return "run-time compile error";
    case ErrorKind::internal: return "internal error";
  }
  return "error";
}

Error::Error(ErrorKind kind, const std::string& message, const char* file, int line)
    : std::runtime_error(message), kind_(kind), file_(file), line_(line) {}

void throw_error(ErrorKind kind, const std::string& message, const char* file, int line) {
  throw Error(kind, message, file, line);
}

}  // namespace aijadaptive
