// Shared by the kernel cache's host and GPU tests: their run-time compiled
// kernel, and waiting for a background compile.
#pragma once

#include <aijadaptive/kernel_cache.hpp>

#include <chrono>
#include <string>
#include <thread>

namespace aijadaptive::test {

// y = a x + y in the value type `type` ("double", "float").
inline std::string axpy_source(const std::string& type) {
  std::string s = R"(
extern "C" __global__ void axpy(int n, @T@ a, const @T@* x, @T@* y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
)";
  for (auto at = s.find("@T@"); at != std::string::npos; at = s.find("@T@", at)) s.replace(at, 3, type);
  return s;
}

// Polls as a format would, with a deadline generous for a loaded machine.
inline bool wait_ready(const PendingKernel& pending, double seconds = 120) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (!pending.ready()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

}  // namespace aijadaptive::test
