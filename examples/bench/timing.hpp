// Timing: per-call samples on the host (std::chrono) or on a CUDA stream
// (events), their summary, and the copy bandwidth every result is compared to.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include <aijadaptive/format.hpp>  // Stream

namespace aijadaptive::bench {

struct Summary {
  double median = 0, p10 = 0, p90 = 0, min = 0, max = 0;  // seconds
  int count = 0;
};
Summary summarize(std::vector<double> seconds);

// Runs `op` warmup times, then times each of `reps` calls.
std::vector<double> time_host(int warmup, int reps, const std::function<void()>& op);
// Same on the device: a pair of CUDA events around each call on `stream`
// (op must enqueue its work there). Throws ErrorKind::unsupported without CUDA.
std::vector<double> time_device(Stream stream, int warmup, int reps, const std::function<void()>& op);

// `reps` calls of `op` back to back on `stream` after one untimed: seconds
// per call until all are done, and per call to enqueue them (host clock).
struct BackToBack {
  double per_call = 0, enqueue_per_call = 0;
};
BackToBack time_back_to_back(Stream stream, int reps, const std::function<void()>& op);

// Seconds of one call of `op` on the host (build and upload times).
double seconds_of(const std::function<void()>& op);

struct CopyBandwidth {
  double bytes_per_second = 0;  // (read + write) bytes / median time
  std::size_t buffer_bytes = 0;
  Summary time;
  std::string how;  // one line for the report
};
// cudaMemcpyAsync device to device on `stream`.
CopyBandwidth device_copy_bandwidth(Stream stream, std::size_t buffer_bytes, int warmup, int reps);
// std::memcpy between two host buffers.
CopyBandwidth host_copy_bandwidth(std::size_t buffer_bytes, int warmup, int reps);

// The current device's L2 cache size in bytes (0 without CUDA).
std::size_t device_l2_bytes();
// Sets every byte of a device array to 0xFF: NaN in float and double, so an
// entry a kernel forgot to write fails the check. Asynchronous on `stream`.
void fill_nan_device(void* data, std::size_t bytes, Stream stream);

}  // namespace aijadaptive::bench
