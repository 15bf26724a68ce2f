// Host copy of N MB into fresh (untouched) or touched memory with T threads: first-touch cost.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>
#include <sys/mman.h>
int main(int argc, char** argv) {
  const size_t mb = argc > 1 ? atol(argv[1]) : 381;
  const size_t bytes = mb << 20;
  char* src = (char*)malloc(bytes);
  memset(src, 1, bytes);
  for (int huge = 0; huge < 2; ++huge)
  for (int T : {1, 2, 4, 8, 16}) {
    for (int touched = 0; touched < 2; ++touched) {
      char* dst = (char*)mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (huge) madvise(dst, bytes, MADV_HUGEPAGE);
      if (touched) memset(dst, 0, bytes);
      auto t0 = std::chrono::steady_clock::now();
      std::vector<std::thread> th;
      for (int k = 0; k < T; ++k)
        th.emplace_back([&, k] { size_t b0 = bytes * k / T, b1 = bytes * (k + 1) / T; memcpy(dst + b0, src + b0, b1 - b0); });
      for (auto& t : th) t.join();
      double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      printf("%s %s threads %2d: %8.2f ms  %6.2f GB/s\n", huge ? "thp   " : "4k    ", touched ? "touched" : "fresh  ", T, ms, bytes / ms / 1e6);
      munmap(dst, bytes);
    }
  }
}
