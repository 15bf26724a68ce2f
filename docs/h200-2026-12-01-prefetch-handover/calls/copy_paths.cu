// Stop 68, call 2: what sending a matrix's CSR arrays costs by each path, for 64 KiB - 16 MiB.
// (1) pageable cudaMemcpyAsync + stream sync; (2) memcpy into kept page-locked memory, then one
// cudaMemcpyAsync: the host's time until it may go on, and until the stream is through;
// (3) memcpy alone; (4) a kept thread's hand-over: condvar wake to task start, and the task's end
// to the waiter's return (future), the waiter blocked vs spinning.
#include <cuda_runtime.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <future>
#include <mutex>
#include <thread>
#include <vector>
using clk = std::chrono::steady_clock;
static double us(clk::time_point a, clk::time_point b) { return std::chrono::duration<double, std::micro>(b - a).count(); }
static double med(std::vector<double> v) { std::sort(v.begin(), v.end()); return v[v.size() / 2]; }
#define CK(x) do { cudaError_t e = (x); if (e) { printf("%s: %s\n", #x, cudaGetErrorString(e)); return 1; } } while (0)
int main() {
  cudaStream_t s; CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  const size_t most = size_t(16) << 20;
  std::vector<unsigned char> src(most, 1), src2(most, 2);
  unsigned char *pin, *dev; CK(cudaMallocHost(&pin, most)); CK(cudaMalloc(&dev, most));
  CK(cudaMemcpy(dev, pin, most, cudaMemcpyHostToDevice));
  printf("bytes  pageable_total  pinned_host  pinned_total  memcpy_alone  (us, medians of 50)\n");
  for (size_t b = size_t(64) << 10; b <= most; b *= 2) {
    std::vector<double> t1, t2h, t2, t3;
    for (int r = 0; r < 60; ++r) {
      // touch the source as a matrix just assembled would be (in cache)
      std::memset(src.data(), r, b);
      auto a = clk::now();
      cudaMemcpyAsync(dev, src.data(), b, cudaMemcpyHostToDevice, s); cudaStreamSynchronize(s);
      auto c = clk::now(); t1.push_back(us(a, c));
      std::memset(src.data(), r + 1, b);
      a = clk::now();
      std::memcpy(pin, src.data(), b);
      cudaMemcpyAsync(dev, pin, b, cudaMemcpyHostToDevice, s);
      auto h = clk::now();
      cudaStreamSynchronize(s);
      c = clk::now(); t2h.push_back(us(a, h)); t2.push_back(us(a, c));
      std::memset(src2.data(), r, b);
      a = clk::now(); std::memcpy(pin, src2.data(), b); c = clk::now(); t3.push_back(us(a, c));
    }
    printf("%8zu %8.1f %8.1f %8.1f %8.1f\n", b, med(t1), med(t2h), med(t2), med(t3));
  }
  // hand-over latencies
  std::mutex m; std::condition_variable cv; bool go = false, quit = false; clk::time_point posted, started;
  std::promise<void>* pr = nullptr; std::atomic<int> flag{0};
  std::thread w([&] {
    for (;;) {
      std::unique_lock<std::mutex> l(m); cv.wait(l, [&] { return go || quit; }); if (quit) return;
      go = false; started = clk::now(); l.unlock();
      auto e = clk::now(); while (us(e, clk::now()) < 50) {}
      flag.store(1, std::memory_order_release);
      pr->set_value();
    }
  });
  for (int spin = 0; spin < 2; ++spin) {
    std::vector<double> wake, back;
    for (int r = 0; r < 200; ++r) {
      std::this_thread::sleep_for(std::chrono::microseconds(2000));  // the worker idle, as between set-ups
      std::promise<void> p; auto f = p.get_future(); pr = &p; flag.store(0);
      { std::lock_guard<std::mutex> l(m); go = true; posted = clk::now(); }
      cv.notify_one();
      // the caller's own work, longer than the task
      auto e = clk::now(); while (us(e, clk::now()) < 20) {}
      if (spin) { while (!flag.load(std::memory_order_acquire)) {} } else f.wait();
      auto c = clk::now();
      if (spin) f.wait();
      wake.push_back(us(posted, started)); back.push_back(us(started, c) - 50);
    }
    printf("hand-over (%s): worker starts %.1f us after the post (p90 %.1f); waiter returns %.1f us after the task's end\n",
           spin ? "waiter spins" : "waiter blocks", med(wake), [&]{ auto v = wake; std::sort(v.begin(), v.end()); return v[v.size()*9/10]; }(), med(back));
  }
  { std::lock_guard<std::mutex> l(m); quit = true; } cv.notify_one(); w.join();
  return 0;
}
