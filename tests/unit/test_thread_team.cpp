// The thread team of the parallel RCM (src/core/thread_team.hpp): every thread runs every step,
// steps follow each other without mixing, an exception reaches the caller, and the team's size
// shares the node among its MPI ranks. The set-up thread (src/core/setup_thread.hpp): tasks in
// order on one thread kept between them, until released.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <future>
#include <cstdlib>
#include <optional>
#include <string>
#include <stdexcept>
#include <thread>
#include <vector>

#include "core/setup_thread.hpp"
#include "core/thread_team.hpp"

namespace aijadaptive::detail {
namespace {

TEST(ThreadTeam, EveryThreadRunsEveryStepOnce) {
  for (int size : {1, 2, 5}) {
    ThreadTeam team(size);
    ASSERT_EQ(team.size(), size);
    std::vector<long> sums(std::size_t(size), 0);
    // Many short steps: a thread that missed or repeated one, or ran into the next, shows in its sum.
    constexpr int kSteps = 500;
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

// More threads than the machine has, and pauses between steps long enough for the team's threads
// to fall asleep: every step still reaches every thread once, and the caller is woken at its end.
TEST(ThreadTeam, ThreadsThatFellAsleepAreWokenForTheNextStep) {
  const int size = 4 * int(std::max(1u, std::thread::hardware_concurrency())) + 1;
  ThreadTeam team(size);
  std::vector<int> steps(std::size_t(size), 0);
  for (int step = 1; step <= 20; ++step) {
    if (step % 4 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    team.run([&](int t) {
      // A slow thread of the team: the caller falls asleep waiting for it.
      if (t == 0 && step % 5 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));
      ++steps[std::size_t(t)];
    });
    for (int t = 0; t < size; ++t) ASSERT_EQ(steps[std::size_t(t)], step) << "thread " << t;
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

// The launcher's count of ranks on the node shares the process's threads out; a value that is not
// a count is ignored.
TEST(ThreadTeam, TheThreadsAreSharedAmongTheRanksOfTheNode) {
  const char* names[] = {"OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS", "SLURM_NTASKS_PER_NODE"};
  std::vector<std::optional<std::string>> saved;
  for (const char* name : names) {
    const char* value = std::getenv(name);
    saved.push_back(value ? std::optional<std::string>(value) : std::nullopt);
    unsetenv(name);
  }
  const int alone = team_threads();
  EXPECT_GE(alone, 1);
  setenv("OMPI_COMM_WORLD_LOCAL_SIZE", "4", 1);
  EXPECT_EQ(team_threads(), std::max(1, alone / 4));
  setenv("OMPI_COMM_WORLD_LOCAL_SIZE", "1000000", 1);
  EXPECT_EQ(team_threads(), 1);
  setenv("OMPI_COMM_WORLD_LOCAL_SIZE", "many", 1);
  setenv("MPI_LOCALNRANKS", "2", 1);
  EXPECT_EQ(team_threads(), std::max(1, alone / 2));
  for (std::size_t i = 0; i < saved.size(); ++i)
    if (saved[i])
      setenv(names[i], saved[i]->c_str(), 1);
    else
      unsetenv(names[i]);
}

TEST(ThreadTeam, KeptCoresAreLeftOutOnTheirThreadOnly) {
  const int all = team_threads();
  {
    const KeptCores kept(1);
    EXPECT_EQ(team_threads(), std::max(1, all - 1));
    {
      const KeptCores more(2);
      EXPECT_EQ(team_threads(), std::max(1, all - 3));
    }
    EXPECT_EQ(team_threads(), std::max(1, all - 1));
    int elsewhere = 0;
    std::thread([&] { elsewhere = team_threads(); }).join();
    EXPECT_EQ(elsewhere, all);
  }
  EXPECT_EQ(team_threads(), all);
}

TEST(SetupThread, RunsTasksInOrderOnOneThreadUntilReleased) {
  release_setup_thread();
  std::vector<int> order;
  std::vector<std::thread::id> ran_on;
  std::vector<std::future<void>> done;
  for (int k = 0; k < 5; ++k)
    done.push_back(on_setup_thread([&order, &ran_on, k] {
      std::this_thread::sleep_for(std::chrono::microseconds(200 * (5 - k)));  // later ones shorter
      order.push_back(k);
      ran_on.push_back(std::this_thread::get_id());
    }));
  std::future<void> failing = on_setup_thread([] { throw std::runtime_error("task failed"); });
  for (std::future<void>& f : done) f.get();
  EXPECT_THROW(failing.get(), std::runtime_error);
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 3, 4}));
  EXPECT_TRUE(std::all_of(ran_on.begin(), ran_on.end(), [&](std::thread::id id) { return id == ran_on[0]; }));
  EXPECT_NE(ran_on[0], std::this_thread::get_id());
  // Released once its tasks are through; the next task starts another thread.
  std::atomic<bool> last{false};
  std::future<void> queued = on_setup_thread([&last] {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    last = true;
  });
  release_setup_thread();
  EXPECT_TRUE(last.load());
  EXPECT_EQ(queued.wait_for(std::chrono::seconds(0)), std::future_status::ready);
  std::thread::id again;
  on_setup_thread([&again] { again = std::this_thread::get_id(); }).get();
  EXPECT_NE(again, std::thread::id());
  EXPECT_NE(again, std::this_thread::get_id());
  release_setup_thread();
  release_setup_thread();  // twice is harmless
}

}  // namespace
}  // namespace aijadaptive::detail
