// The fault-injection facility's own logic, without a GPU: the hooks the
// device layer calls (fault_point, note_allocation, note_free) driven
// directly, with made-up buffers. (tests/gpu/test_faults_gpu.cpp drives them
// through real uploads and products.)
#include <aijadaptive/errors.hpp>
#include <aijadaptive/fault_injection.hpp>
#include <gtest/gtest.h>

#include <atomic>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace aijadaptive {
namespace {

using faults::Site;

class FaultInjection : public ::testing::Test {
 protected:
  void SetUp() override { reset(); }
  void TearDown() override { reset(); }
  static void reset() {
    faults::disarm_all();
    faults::set_counting(false);
  }
};

// Calls the hook for `site` as the device layer does; the error it threw, if any.
std::optional<Error> call(Site site, const std::string& name = "the call") {
  if (!detail::fault_hooks_active()) return std::nullopt;
  try {
    detail::fault_point(site, name, "here.cpp", 7);
  } catch (const Error& e) {
    return e;
  }
  return std::nullopt;
}

TEST_F(FaultInjection, SiteNamesRoundTrip) {
  for (Site s : {Site::device_allocation, Site::pinned_allocation, Site::launch})
    EXPECT_EQ(faults::site_from_name(faults::site_name(s)), s);
  EXPECT_EQ(faults::site_name(Site::device_allocation), std::string("alloc"));
  EXPECT_FALSE(faults::site_from_name("malloc"));
}

TEST_F(FaultInjection, HooksAreOffUnlessSomethingIsArmedOrCounted) {
  EXPECT_FALSE(detail::fault_hooks_active());
  faults::fail_nth(Site::launch, 2);
  EXPECT_TRUE(detail::fault_hooks_active());
  faults::fail_nth(Site::launch, 0);  // disarmed
  EXPECT_FALSE(detail::fault_hooks_active());
  faults::set_counting(true);
  EXPECT_TRUE(detail::fault_hooks_active());
  faults::set_counting(false);
  EXPECT_FALSE(detail::fault_hooks_active());
}

TEST_F(FaultInjection, TheNthAllocationFailsOnceAsCudaMallocWould) {
  faults::fail_nth(Site::device_allocation, 3);
  const std::uint64_t before = faults::fired(Site::device_allocation);
  EXPECT_FALSE(call(Site::device_allocation));
  EXPECT_FALSE(call(Site::launch));  // other sites do not count down
  EXPECT_FALSE(call(Site::pinned_allocation));
  EXPECT_FALSE(call(Site::device_allocation));
  EXPECT_TRUE(faults::pending(Site::device_allocation));
  const std::optional<Error> e = call(Site::device_allocation, "cudaMalloc(&p, bytes)");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), ErrorKind::out_of_device_memory);
  const std::string what = e->what();
  EXPECT_EQ(what.rfind("cudaMalloc(&p, bytes) failed: cudaErrorMemoryAllocation", 0), 0u) << what;
  EXPECT_NE(what.find("injected"), std::string::npos) << what;
  EXPECT_STREQ(e->file(), "here.cpp");
  EXPECT_EQ(e->line(), 7);
  EXPECT_EQ(faults::fired(Site::device_allocation), before + 1);
  EXPECT_FALSE(faults::pending(Site::device_allocation));
  EXPECT_FALSE(detail::fault_hooks_active());  // nothing left armed: the hooks are off again
}

TEST_F(FaultInjection, ALaunchFailsAsACudaErrorNamingTheLaunch) {
  faults::fail_nth(Site::launch, 1);
  const std::optional<Error> e = call(Site::launch, "kernel launch in apply_rows()");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), ErrorKind::cuda);
  EXPECT_EQ(std::string(e->what()).rfind("kernel launch in apply_rows() failed: cudaErrorLaunch", 0), 0u) << e->what();
}

TEST_F(FaultInjection, PinnedAllocationsFailAsOutOfMemory) {
  faults::fail_nth(Site::pinned_allocation, 1);
  const std::optional<Error> e = call(Site::pinned_allocation, "cudaMallocHost(&p, bytes)");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), ErrorKind::out_of_device_memory);
}

TEST_F(FaultInjection, ArmingFromText) {
  EXPECT_TRUE(faults::arm_from_text("alloc:2"));
  EXPECT_TRUE(faults::pending(Site::device_allocation));
  EXPECT_TRUE(faults::arm_from_text("launch:1"));
  EXPECT_TRUE(faults::pending(Site::launch));
  EXPECT_TRUE(faults::arm_from_text("pinned:10"));
  EXPECT_TRUE(faults::pending(Site::pinned_allocation));
  faults::disarm_all();
  for (const char* bad : {"", "alloc", "alloc:", "alloc:0", "alloc:-1", "alloc:2x", "free:1", ":3", "launch: 1"}) {
    EXPECT_FALSE(faults::arm_from_text(bad)) << bad;
  }
  for (Site s : {Site::device_allocation, Site::pinned_allocation, Site::launch}) EXPECT_FALSE(faults::pending(s));
}

TEST_F(FaultInjection, CountsCallsAndLiveBytes) {
  int a = 0, b = 0, c = 0, early = 0;
  // Allocated before counting starts: its free is ignored.
  detail::note_allocation(Site::device_allocation, &early, 999);
  faults::set_counting(true);
  EXPECT_FALSE(call(Site::device_allocation));
  detail::note_allocation(Site::device_allocation, &a, 100);
  EXPECT_FALSE(call(Site::device_allocation));
  detail::note_allocation(Site::device_allocation, &b, 28);
  EXPECT_FALSE(call(Site::pinned_allocation));
  detail::note_allocation(Site::pinned_allocation, &c, 64);
  EXPECT_FALSE(call(Site::launch));
  EXPECT_FALSE(call(Site::launch));
  faults::Counts n = faults::counts();
  EXPECT_EQ(n.device_allocations, 2u);
  EXPECT_EQ(n.pinned_allocations, 1u);
  EXPECT_EQ(n.launches, 2u);
  EXPECT_EQ(n.device_live_bytes, 128u);
  EXPECT_EQ(n.device_live_buffers, 2u);
  EXPECT_EQ(n.pinned_live_bytes, 64u);
  detail::note_free(Site::device_allocation, &a);
  detail::note_free(Site::device_allocation, &early);  // not tracked
  detail::note_free(Site::device_allocation, &c);      // a pinned buffer is not a device one
  detail::note_free(Site::pinned_allocation, &c);
  n = faults::counts();
  EXPECT_EQ(n.device_live_bytes, 28u);
  EXPECT_EQ(n.device_live_buffers, 1u);
  EXPECT_EQ(n.pinned_live_bytes, 0u);
  // An injected failure is a call too (it reached the allocator), but allocates nothing.
  faults::fail_nth(Site::device_allocation, 1);
  EXPECT_TRUE(call(Site::device_allocation));
  n = faults::counts();
  EXPECT_EQ(n.device_allocations, 3u);
  EXPECT_EQ(n.device_live_bytes, 28u);
  // Off and on again: from zero.
  faults::set_counting(false);
  faults::set_counting(true);
  n = faults::counts();
  EXPECT_EQ(n.device_allocations, 0u);
  EXPECT_EQ(n.device_live_bytes, 0u);
  detail::note_free(Site::device_allocation, &b);  // from before: ignored
  EXPECT_EQ(faults::counts().device_live_bytes, 0u);
}

TEST_F(FaultInjection, ExactlyOneOfManyThreadsGetsTheFault) {
  faults::set_counting(true);
  faults::fail_nth(Site::launch, 500);
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int k = 0; k < 250; ++k)
        if (call(Site::launch)) ++failures;
    });
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(failures.load(), 1);
  EXPECT_EQ(faults::counts().launches, 1000u);
}

}  // namespace
}  // namespace aijadaptive
