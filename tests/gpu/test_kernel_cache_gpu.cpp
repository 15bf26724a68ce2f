// The kernel cache's load-and-launch half: run-time compiled kernels against a
// host loop, bit for bit; cache hits, device handling, launch errors; kernels
// compiled in the background and read from the disk cache.
#include <aijadaptive/device.hpp>
#include <aijadaptive/device_buffer.hpp>
#include <aijadaptive/errors.hpp>
#include <aijadaptive/kernel_cache.hpp>
#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "device_vectors.hpp"
#include "random_csr.hpp"

#include "kernel_cache_helpers.hpp"
#include "scoped_temp_dir.hpp"

namespace aijadaptive {
namespace {

class KernelCacheGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (device_count() == 0) GTEST_SKIP() << "no GPU, GPU tests skipped: " << device_status();
  }
};

using test::axpy_source;

// No disk cache: these tests count compiles, which entries left in ~/.cache by
// an earlier run would save. The disk cache has tests of its own below.
const std::string memory_only;

template <class V>
const char* type_name() {
  return sizeof(V) == sizeof(double) ? "double" : "float";
}

// A stream from plain cudaStreamCreate, as a caller outside the library has one.
class TestStream {
 public:
  TestStream() { EXPECT_EQ(cudaStreamCreate(&stream_), cudaSuccess); }
  ~TestStream() { (void)cudaStreamDestroy(stream_); }
  TestStream(const TestStream&) = delete;
  TestStream& operator=(const TestStream&) = delete;
  cudaStream_t get() const { return stream_; }

 private:
  cudaStream_t stream_ = nullptr;
};

// y = a*x + y with `kernel` on a stream, against the host. NVRTC contracts
// a*x[i] + y[i] into one FMA (--fmad=true, as nvcc does), so the host
// reference is std::fma and the comparison is exact.
template <class V>
void check_axpy(const RuntimeKernel& kernel, int n, std::uint64_t seed) {
  const V a = V(-1.3);
  const auto x = test::random_vector<V>(std::size_t(n), seed);
  const auto y0 = test::random_vector<V>(std::size_t(n), seed + 1);
  auto dx = test::to_device(x);
  auto dy = test::to_device(y0);
  TestStream stream;
  int count = n;
  V alpha = a;
  const V* px = dx.data();
  V* py = dy.data();
  void* args[] = {&count, &alpha, &px, &py};
  const unsigned block = 256;
  kernel.launch((unsigned(n) + block - 1) / block, block, 0, stream.get(), args);
  ASSERT_EQ(cudaStreamSynchronize(stream.get()), cudaSuccess);
  const auto y = test::to_host(dy);
  ASSERT_EQ(y.size(), y0.size());
  for (std::size_t i = 0; i < y.size(); ++i)
    ASSERT_EQ(y[i], std::fma(a, x[i], y0[i])) << type_name<V>() << " entry " << i;
}

TEST_F(KernelCacheGpu, DoubleAndFloatMatchTheHostBitForBit) {
  KernelCache cache(memory_only);
  const int device = current_device();
  const auto& d = cache.get("test:gpu:axpy:double", axpy_source("double"), "axpy", device);
  const auto& f = cache.get("test:gpu:axpy:float", axpy_source("float"), "axpy", device);
  EXPECT_EQ(d.device(), device);
  EXPECT_GE(d.max_threads_per_block(), 256);
  EXPECT_GT(d.registers_per_thread(), 0);
  // n is no multiple of the block size: the last block's guard is exercised.
  check_axpy<double>(d, 100003, 11);
  check_axpy<float>(f, 100003, 13);
  check_axpy<double>(d, 1, 17);
  EXPECT_EQ(cache.stats().loads, 2u);
}

TEST_F(KernelCacheGpu, GetAgainReturnsTheSameKernel) {
  KernelCache cache(memory_only);
  const int device = current_device();
  const std::string source = axpy_source("double");
  const auto& first = cache.get("test:gpu:axpy:double", source, "axpy", device);
  const auto& again = cache.get("test:gpu:axpy:double", source, "axpy", device);
  EXPECT_EQ(&first, &again);
  EXPECT_EQ(&first.compiled(), &again.compiled());
  const auto s = cache.stats();
  EXPECT_EQ(s.misses, 1u);
  EXPECT_EQ(s.hits, 1u);
  EXPECT_EQ(s.loads, 1u);
  // What get() compiled is what compile() answers for the device's architecture.
  EXPECT_EQ(&cache.compile("test:gpu:axpy:double", source, "axpy", first.compiled().arch),
            &first.compiled());
}

TEST_F(KernelCacheGpu, ADeviceThatDoesNotExistIsAnInvalidArgument) {
  KernelCache cache(memory_only);
  for (int device : {-1, device_count(), device_count() + 7}) {
    try {
      cache.get("test:gpu:axpy:double", axpy_source("double"), "axpy", device);
      ADD_FAILURE() << "device " << device << " accepted";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::invalid_argument) << e.what();
    }
  }
  EXPECT_EQ(cache.stats().loads, 0u);
}

TEST_F(KernelCacheGpu, GetLeavesTheCurrentDeviceAlone) {
  KernelCache cache(memory_only);
  const int n = device_count();
  const int before = current_device();
  set_device(n - 1);
  for (int d = 0; d < n; ++d) {
    const auto& k = cache.get("test:gpu:axpy:float", axpy_source("float"), "axpy", d);
    EXPECT_EQ(k.device(), d);
    EXPECT_EQ(current_device(), n - 1);
  }
  set_device(before);
}

TEST_F(KernelCacheGpu, ALaunchFromAnotherDeviceIsRefused) {
  if (device_count() < 2) GTEST_SKIP() << "needs two GPUs";
  KernelCache cache(memory_only);
  const int before = current_device();
  const auto& k = cache.get("test:gpu:axpy:double", axpy_source("double"), "axpy", 0);
  set_device(1);
  try {
    k.launch(1, 32, 0, nullptr, nullptr);
    ADD_FAILURE() << "launch from device 1 accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::invalid_argument) << e.what();
  }
  set_device(before);
}

TEST_F(KernelCacheGpu, ABadLaunchThrowsAndLeavesNoErrorBehind) {
  KernelCache cache(memory_only);
  const auto& k =
      cache.get("test:gpu:axpy:double", axpy_source("double"), "axpy", current_device());
  int n = 0;
  double a = 1;
  const double* x = nullptr;
  double* y = nullptr;
  void* args[] = {&n, &a, &x, &y};
  const unsigned too_many = unsigned(k.max_threads_per_block()) * 2;
  try {
    k.launch(1, too_many, 0, nullptr, args);
    ADD_FAILURE() << "a block of " << too_many << " threads was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::cuda) << e.what();
    EXPECT_NE(std::string(e.what()).find("axpy"), std::string::npos) << e.what();
  }
  // The failure was cleared: the next check anywhere does not inherit it.
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  check_axpy<double>(k, 1000, 19);
}

TEST_F(KernelCacheGpu, TheProcessWideCacheLoadsAndLaunches) {
  // Also leaves a loaded library in the process-wide cache, to be unloaded at
  // exit, possibly after the CUDA runtime: the process must still exit cleanly.
  const auto& k =
      kernel_cache().get("test:gpu:axpy:float", axpy_source("float"), "axpy", current_device());
  check_axpy<float>(k, 4097, 23);
}


// ---- background compiles and the disk cache -------------------------------------

using test::wait_ready;

// y = a*x + y with `kernel`, as check_axpy runs it, returned for comparison.
std::vector<double> run_axpy(const RuntimeKernel& kernel, int n, std::uint64_t seed) {
  const auto x = test::random_vector<double>(std::size_t(n), seed);
  auto dx = test::to_device(x);
  auto dy = test::to_device(test::random_vector<double>(std::size_t(n), seed + 1));
  TestStream stream;
  int count = n;
  double alpha = -1.3;
  const double* px = dx.data();
  double* py = dy.data();
  void* args[] = {&count, &alpha, &px, &py};
  kernel.launch((unsigned(n) + 255) / 256, 256, 0, stream.get(), args);
  EXPECT_EQ(cudaStreamSynchronize(stream.get()), cudaSuccess);
  return test::to_host(dy);
}

using test::same_bits;

TEST_F(KernelCacheGpu, GetAsyncBecomesReadyAndGivesTheBitsOfGet) {
  test::ScopedTempDir tmp;
  KernelCache cache(tmp / "kernels");
  const int device = current_device();
  const auto pending = cache.get_async("test:gpu:axpy:double", axpy_source("double"), "axpy", device);
  EXPECT_EQ(current_device(), device);
  ASSERT_TRUE(wait_ready(*pending)) << "not ready after 120 s";
  ASSERT_FALSE(pending->failed()) << pending->failure();
  const RuntimeKernel* k = pending->kernel();
  ASSERT_NE(k, nullptr);
  EXPECT_EQ(k->device(), device);
  EXPECT_EQ(pending->compiled(), &k->compiled());
  EXPECT_FALSE(pending->from_disk());
  check_axpy<double>(*k, 100003, 29);

  // The synchronous path of another cache (memory only: compiled afresh).
  KernelCache other(memory_only);
  const auto& sync = other.get("test:gpu:axpy:double", axpy_source("double"), "axpy", device);
  EXPECT_EQ(sync.compiled().cubin, k->compiled().cubin);
  EXPECT_TRUE(same_bits(run_axpy(*k, 4099, 31), run_axpy(sync, 4099, 31)));
  // And get() of the same cache answers the kernel get_async loaded.
  EXPECT_EQ(&cache.get("test:gpu:axpy:double", axpy_source("double"), "axpy", device), k);
  EXPECT_EQ(cache.stats().loads, 1u);
  EXPECT_EQ(cache.get_async("test:gpu:axpy:double", axpy_source("double"), "axpy", device),
            pending);
}

TEST_F(KernelCacheGpu, ASecondCacheOnTheDirectoryLoadsFromDisk) {
  test::ScopedTempDir tmp;
  const std::string dir = tmp / "kernels";
  const int device = current_device();
  {
    KernelCache first(dir);
    const auto p = first.get_async("test:gpu:axpy:float", axpy_source("float"), "axpy", device);
    ASSERT_TRUE(wait_ready(*p));
    ASSERT_FALSE(p->failed()) << p->failure();
    EXPECT_FALSE(p->from_disk());
    EXPECT_EQ(first.stats().disk_writes, 1u);
  }
  KernelCache second(dir);
  const auto p = second.get_async("test:gpu:axpy:float", axpy_source("float"), "axpy", device);
  ASSERT_TRUE(wait_ready(*p));
  ASSERT_FALSE(p->failed()) << p->failure();
  EXPECT_TRUE(p->from_disk());
  ASSERT_NE(p->kernel(), nullptr);
  check_axpy<float>(*p->kernel(), 100003, 37);
  const auto s = second.stats();
  EXPECT_EQ(s.disk_hits, 1u);
  EXPECT_EQ(s.misses, 0u) << "NVRTC ran";
  EXPECT_EQ(s.loads, 1u);
}

TEST_F(KernelCacheGpu, GetAsyncLoadsOnEveryDeviceAndLeavesTheCallersDeviceAlone) {
  KernelCache cache(memory_only);
  const int n = device_count();
  const int before = current_device();
  set_device(n - 1);
  std::vector<std::shared_ptr<PendingKernel>> pending;
  for (int d = 0; d < n; ++d)
    pending.push_back(cache.get_async("test:gpu:axpy:double", axpy_source("double"), "axpy", d));
  for (int d = 0; d < n; ++d) {
    ASSERT_TRUE(wait_ready(*pending[std::size_t(d)]));
    ASSERT_NE(pending[std::size_t(d)]->kernel(), nullptr) << pending[std::size_t(d)]->failure();
    EXPECT_EQ(pending[std::size_t(d)]->kernel()->device(), d);
  }
  EXPECT_EQ(current_device(), n - 1);
  set_device(before);
  EXPECT_EQ(cache.stats().loads, std::size_t(n));
}

}  // namespace
}  // namespace aijadaptive
