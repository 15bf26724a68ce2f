// The host half of timing.hpp (the device half is in device_timing.cpp).
#include <algorithm>
#include <chrono>
#include <cstring>
#include <sstream>

#include "timing.hpp"

#include <aijadaptive/device.hpp>

namespace aijadaptive::bench {

namespace {
// Linear interpolation between the closest ranks of sorted samples.
double percentile(const std::vector<double>& sorted, double q) {
  const double pos = q * double(sorted.size() - 1);
  const std::size_t lo = std::size_t(pos);
  const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (pos - double(lo)) * (sorted[hi] - sorted[lo]);
}
}  // namespace

Summary summarize(std::vector<double> seconds) {
  Summary s;
  if (seconds.empty()) return s;
  std::sort(seconds.begin(), seconds.end());
  s.count = int(seconds.size());
  s.min = seconds.front();
  s.max = seconds.back();
  s.median = percentile(seconds, 0.5);
  s.p10 = percentile(seconds, 0.1);
  s.p90 = percentile(seconds, 0.9);
  return s;
}

double seconds_of(const std::function<void()>& op) {
  const auto t0 = std::chrono::steady_clock::now();
  op();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

BackToBack time_back_to_back(Stream stream, int reps, const std::function<void()>& op) {
  op();
  synchronize(stream);
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < reps; ++i) op();
  const auto t1 = std::chrono::steady_clock::now();
  synchronize(stream);
  const auto t2 = std::chrono::steady_clock::now();
  const double n = std::max(reps, 1);
  return {std::chrono::duration<double>(t2 - t0).count() / n, std::chrono::duration<double>(t1 - t0).count() / n};
}

std::vector<double> time_host(int warmup, int reps, const std::function<void()>& op) {
  for (int i = 0; i < warmup; ++i) op();
  std::vector<double> t(std::size_t(std::max(reps, 0)));
  for (double& s : t) s = seconds_of(op);
  return t;
}

CopyBandwidth host_copy_bandwidth(std::size_t buffer_bytes, int warmup, int reps) {
  std::vector<unsigned char> src(buffer_bytes, 1), dst(buffer_bytes, 0);
  CopyBandwidth c;
  c.buffer_bytes = buffer_bytes;
  c.time = summarize(time_host(warmup, reps, [&] { std::memcpy(dst.data(), src.data(), buffer_bytes); }));
  volatile unsigned char sink = buffer_bytes ? dst[buffer_bytes - 1] : 0;  // the copies are used
  (void)sink;
  c.bytes_per_second = c.time.median > 0 ? 2.0 * double(buffer_bytes) / c.time.median : 0.0;
  std::ostringstream how;
  how << "host std::memcpy of " << buffer_bytes / (1024 * 1024) << " MiB, read + write bytes, median of "
      << c.time.count;
  c.how = how.str();
  return c;
}

}  // namespace aijadaptive::bench
