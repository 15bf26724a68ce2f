// Exit 0 when a GPU is usable, 77 (CTest's skip code here) when not.
#include <aijadaptive/device.hpp>

#include <cstdio>

int main() {
  const int n = aijadaptive::device_count();
  std::printf("%s\n", aijadaptive::device_status().c_str());
  return n > 0 ? 0 : 77;
}
