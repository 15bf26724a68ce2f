// The run-time compiled kernel of the kernel-cache tests: y = a x + y in the
// value type `type` ("double", "float").
#pragma once

#include <string>

namespace aijadaptive::test {

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

}  // namespace aijadaptive::test
