// The device half of timing.hpp (CUDA builds): events, the device-to-device
// copy bandwidth, NaN fills. No kernels here: only runtime API calls.
#include <cuda_runtime_api.h>

#include <sstream>

#include <aijadaptive/device.hpp>
#include <aijadaptive/device_buffer.hpp>

#include "core/cuda_check.hpp"
#include "timing.hpp"

namespace aijadaptive::bench {

namespace {

cudaStream_t as_cuda(Stream s) { return static_cast<cudaStream_t>(s); }

// Owns one CUDA event (default flags: it records timestamps).
class Event {
 public:
  Event() { AIJA_CUDA_CHECK(cudaEventCreate(&e_)); }
  ~Event() {
    if (e_) (void)cudaEventDestroy(e_);
  }
  Event(Event&& o) noexcept : e_(o.e_) { o.e_ = nullptr; }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  Event& operator=(Event&&) = delete;
  cudaEvent_t get() const { return e_; }

 private:
  cudaEvent_t e_ = nullptr;
};

}  // namespace

std::vector<double> time_device(Stream stream, int warmup, int reps, const std::function<void()>& op) {
  for (int i = 0; i < warmup; ++i) op();
  // One pair of events per call: each sample is one call's time on the GPU,
  // and nothing is synchronised until the last call has been enqueued.
  const auto n = static_cast<std::size_t>(reps);
  std::vector<Event> start(n), stop(n);
  for (int i = 0; i < reps; ++i) {
    AIJA_CUDA_CHECK(cudaEventRecord(start[std::size_t(i)].get(), as_cuda(stream)));
    op();
    AIJA_CUDA_CHECK(cudaEventRecord(stop[std::size_t(i)].get(), as_cuda(stream)));
  }
  AIJA_CUDA_CHECK(cudaStreamSynchronize(as_cuda(stream)));
  std::vector<double> seconds(n);
  for (int i = 0; i < reps; ++i) {
    float ms = 0;
    AIJA_CUDA_CHECK(cudaEventElapsedTime(&ms, start[std::size_t(i)].get(), stop[std::size_t(i)].get()));
    seconds[std::size_t(i)] = double(ms) * 1e-3;
  }
  return seconds;
}

CopyBandwidth device_copy_bandwidth(Stream stream, std::size_t buffer_bytes, int warmup, int reps) {
  DeviceBuffer<unsigned char> src(buffer_bytes), dst(buffer_bytes);
  AIJA_CUDA_CHECK(cudaMemsetAsync(src.data(), 1, buffer_bytes, as_cuda(stream)));
  CopyBandwidth c;
  c.buffer_bytes = buffer_bytes;
  c.time = summarize(time_device(stream, warmup, reps, [&] {
    AIJA_CUDA_CHECK(cudaMemcpyAsync(dst.data(), src.data(), buffer_bytes, cudaMemcpyDeviceToDevice,
                                    as_cuda(stream)));
  }));
  c.bytes_per_second = c.time.median > 0 ? 2.0 * double(buffer_bytes) / c.time.median : 0.0;
  std::ostringstream how;
  how << "cudaMemcpyAsync device to device of " << buffer_bytes / (1024 * 1024)
      << " MiB, read + write bytes, median of " << c.time.count;
  c.how = how.str();
  return c;
}

std::size_t device_l2_bytes() {
  cudaDeviceProp p{};
  AIJA_CUDA_CHECK(cudaGetDeviceProperties(&p, current_device()));
  return std::size_t(p.l2CacheSize);
}

void fill_nan_device(void* data, std::size_t bytes, Stream stream) {
  if (bytes) AIJA_CUDA_CHECK(cudaMemsetAsync(data, 0xFF, bytes, as_cuda(stream)));
}

}  // namespace aijadaptive::bench
