// The thread team of the parallel RCM (src/core/thread_team.hpp): every thread runs every step,
// steps follow each other without mixing, and an exception reaches the caller.
#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <vector>

#include "core/thread_team.hpp"

namespace aijadaptive::detail {
namespace {

TEST(ThreadTeam, EveryThreadRunsEveryStepOnce) {
  for (int size : {1, 2, 5}) {
    ThreadTeam team(size);
    ASSERT_EQ(team.size(), size);
    std::vector<long> sums(std::size_t(size), 0);
    // Many short steps: a thread that missed or repeated one, or ran into the next, shows in its sum.
    constexpr int kSteps = 2000;
    for (int step = 1; step <= kSteps; ++step)
      team.run([&](int t) {
        ASSERT_GE(t, 0);
        ASSERT_LT(t, size);
        sums[std::size_t(t)] += step;
      });
    for (int t = 0; t < size; ++t) EXPECT_EQ(sums[std::size_t(t)], long(kSteps) * (kSteps + 1) / 2) << "thread " << t;
  }
}

TEST(ThreadTeam, AStepEndsOnlyWhenEveryThreadHasEndedIt) {
  ThreadTeam team(4);
  std::atomic<int> done{0};
  for (int step = 1; step <= 200; ++step) {
    team.run([&](int) { done.fetch_add(1); });
    ASSERT_EQ(done.load(), 4 * step);
  }
}

TEST(ThreadTeam, AnExceptionOfAnyThreadReachesTheCallerAndTheTeamGoesOn) {
  ThreadTeam team(3);
  for (int thrower : {0, 2}) {  // one of the team's threads, then the caller's
    EXPECT_THROW(team.run([&](int t) {
      if (t == thrower) throw std::runtime_error("step failed");
    }),
                 std::runtime_error);
    std::atomic<int> ran{0};
    team.run([&](int) { ran.fetch_add(1); });
    EXPECT_EQ(ran.load(), 3);
  }
}

}  // namespace
}  // namespace aijadaptive::detail
