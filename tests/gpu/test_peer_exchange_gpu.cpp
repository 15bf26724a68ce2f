// The device half of the MPI products' peer exchange (peer_exchange.hpp), in
// one process: a push plan writes x's entries bit for bit into the slots of
// several targets (plain device buffers here; another process's mapped buffer
// there), values of 4, 8 and 16 bytes; slots not named stay as they were; an
// interprocess event orders one stream after another; a cudaMalloc'd buffer
// has an IPC handle. Across processes (mapped buffers, events opened from
// handles): tests/petsc/test_ghosts.c, gpu_ghosts_peer_np*.
#include <aijadaptive/device.hpp>
#include <aijadaptive/device_buffer.hpp>
#include <aijadaptive/errors.hpp>
#include <aijadaptive/peer_exchange.hpp>
#include <gtest/gtest.h>

#include <complex>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "device_vectors.hpp"

namespace aijadaptive {
namespace {

using test::to_device;
using test::to_host;

class PeerExchangeGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (device_count() == 0) GTEST_SKIP() << "no GPU, peer exchange GPU tests skipped: " << device_status();
  }
};

// Random pushes of x (n entries) into targets of `slots` entries each, every
// slot at most once; the targets compared bit for bit with what they should hold.
template <class V>
void check_pushes(std::size_t n, std::size_t targets, std::size_t slots, std::uint32_t seed) {
  SCOPED_TRACE(std::to_string(sizeof(V)) + "-byte values, " + std::to_string(targets) + " targets");
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> value(-1, 1);
  std::vector<V> x(n);
  for (V& v : x) v = V(value(rng));
  std::vector<std::vector<V>> expected(targets, std::vector<V>(slots));
  std::vector<DeviceBuffer<V>> buffers;
  std::vector<void*> pointers;
  for (auto& t : expected) {
    for (V& v : t) v = V(value(rng));  // what a slot holds before: kept where nothing is pushed
    buffers.push_back(to_device(t));
    pointers.push_back(buffers.back().data());
  }
  std::vector<PeerPush> pushes;
  for (std::size_t t = 0; t < targets; ++t)
    for (std::size_t s = 0; s < slots; ++s)
      if (rng() % 3) {  // two slots in three get a value
        const std::int32_t source = std::int32_t(rng() % n);
        pushes.push_back({source, std::int32_t(s), std::int32_t(t)});
        expected[t][s] = x[source];
      }
  const DeviceBuffer<V> dx = to_device(x);
  const PeerPushPlan plan(pushes, pointers, nullptr);
  EXPECT_EQ(plan.size(), pushes.size());
  plan.push(dx.data(), sizeof(V), nullptr);
  synchronize(nullptr);
  for (std::size_t t = 0; t < targets; ++t) {
    const std::vector<V> got = to_host(buffers[t]);
    EXPECT_EQ(std::memcmp(got.data(), expected[t].data(), slots * sizeof(V)), 0) << "target " << t;
  }
}

TEST_F(PeerExchangeGpu, PushesEveryValueBitForBitIntoItsSlot) {
  check_pushes<float>(1000, 3, 700, 1);
  check_pushes<double>(100000, 2, 70000, 2);
  check_pushes<std::complex<double>>(5000, 4, 3000, 3);
  check_pushes<double>(10, 1, 1, 4);
}

TEST_F(PeerExchangeGpu, AnEmptyPlanPushesNothing) {
  const PeerPushPlan plan({}, {}, nullptr);
  EXPECT_EQ(plan.size(), 0u);
  plan.push(nullptr, sizeof(double), nullptr);
  synchronize(nullptr);
}

TEST_F(PeerExchangeGpu, RefusesValuesOfAnotherSize) {
  DeviceBuffer<double> target(4);
  const DeviceBuffer<double> x(4);
  const PeerPushPlan plan({{0, 0, 0}}, {target.data()}, nullptr);
  EXPECT_THROW(plan.push(x.data(), 2, nullptr), Error);
}

// A stream that waits on the shared event runs after the work recorded before
// it on another stream: the consumer copies what the producer wrote.
TEST_F(PeerExchangeGpu, ASharedEventOrdersOneStreamAfterAnother) {
  OwnedStream producer, consumer;
  SharedEvent event;
  const std::vector<double> x{1, 2, 3, 4, 5, 6, 7, 8};
  const DeviceBuffer<double> dx = to_device(x);
  DeviceBuffer<double> middle(x.size()), out(x.size());
  std::vector<PeerPush> pushes;
  for (std::int32_t k = 0; k < std::int32_t(x.size()); ++k) pushes.push_back({k, k, 0});
  const PeerPushPlan plan(pushes, {middle.data()}, nullptr);
  plan.push(dx.data(), sizeof(double), producer.get());
  event.record(producer.get());
  event.wait_on(consumer.get());
  const PeerPushPlan copy(pushes, {out.data()}, nullptr);
  copy.push(middle.data(), sizeof(double), consumer.get());
  synchronize(consumer.get());
  EXPECT_EQ(to_host(out), x);
  EXPECT_NO_THROW((void)event.handle());
}

TEST_F(PeerExchangeGpu, ADeviceBufferHasAnIpcHandle) {
  const DeviceBuffer<double> b(1024);
  const IpcHandle h = ipc_memory_handle(b.data());
  bool any = false;
  for (unsigned char c : h.bytes) any = any || c;
  EXPECT_TRUE(any);
}

}  // namespace
}  // namespace aijadaptive
