// Host <-> device copies of test vectors, NaN-filled vectors (a y that
// beta == 0 must not read), element-wise closeness and bit equality, and a
// format's device half run on host vectors, shared by the GPU tests.
#pragma once

#include <aijadaptive/device.hpp>
#include <aijadaptive/device_buffer.hpp>
#include <aijadaptive/format.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "scalar_test.hpp"

namespace aijadaptive::test {

// The GPU test binaries end as a program should: the kernel cache's worker
// (formats compile kernels in the background) stopped while CUDA is alive.
struct ReleaseDeviceResourcesAtEnd : ::testing::Environment {
  void TearDown() override { release_device_resources(); }
};
inline ::testing::Environment* const release_device_resources_at_end =
    ::testing::AddGlobalTestEnvironment(new ReleaseDeviceResourcesAtEnd);

template <class V>
std::vector<V> to_host(const V* d, std::size_t count, Stream stream = nullptr) {
  std::vector<V> h(count);
  copy_to_host(h.data(), d, count * sizeof(V), stream);
  synchronize(stream);
  return h;
}

template <class V>
std::vector<V> to_host(const DeviceBuffer<V>& d) {
  return to_host<V>(d.data(), d.size());
}

template <class V>
DeviceBuffer<V> to_device(const std::vector<V>& h) {
  DeviceBuffer<V> d(h.size());
  copy_to_device(d.data(), h.data(), d.bytes(), nullptr);
  synchronize(nullptr);
  return d;
}

template <class V>
std::vector<V> nans(std::size_t n) {
  return std::vector<V>(n, nan<V>());
}

template <class V>
bool same_bits(const std::vector<V>& a, const std::vector<V>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(V)) == 0);
}

template <class V>
void expect_close(const std::vector<V>& got, const std::vector<V>& expect, double bound) {
  ASSERT_EQ(got.size(), expect.size());
  for (std::size_t r = 0; r < got.size(); ++r)
    ASSERT_LE(distance(got[r], expect[r]), bound) << "entry " << r;
}

// Runs op on the device half and returns y; beta == 0 starts from NaN.
template <class V, class I>
std::vector<V> device_apply(DeviceFormat<V, I>& dev, Op op, V alpha, const std::vector<V>& x, V beta,
                            const std::vector<V>& y0) {
  const DeviceBuffer<V> dx = to_device(x);
  DeviceBuffer<V> dy = to_device(beta == V(0) ? nans<V>(y0.size()) : y0);
  if (op == Op::plain)
    dev.apply(alpha, dx.data(), beta, dy.data(), nullptr);
  else
    dev.apply_transpose(alpha, dx.data(), beta, dy.data(), nullptr);
  return to_host(dy);
}

}  // namespace aijadaptive::test
