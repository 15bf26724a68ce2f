// A team of threads kept for a pass made of many short parallel steps (the levels of a
// breadth-first search): starting threads for every step would cost more than most steps do
// (tens of microseconds each), so the team's threads wait between steps: spinning at first, for
// the next step comes within microseconds, then asleep, so that a team on a machine shared with
// other processes (MPI ranks) does not take the cores its own threads need.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace aijadaptive::detail {

// Hardware threads this process may use for a team: those of its CPU affinity mask (Linux; else
// the machine's), shared among the MPI ranks its launcher started on this node (read from
// OMPI_COMM_WORLD_LOCAL_SIZE, MPI_LOCALNRANKS or SLURM_NTASKS_PER_NODE, as Kokkos reads the local
// rank), at least 1. Why: a team spins between its steps, so teams of several ranks on one node
// take each other's cores; four processes ordering gen:fem n=70 at once on the H100 machine's 16
// cores took 158-168 ms each with teams of 16, 58-83 ms alone (docs/h100-2026-11-27-parallel-rcm/).
// On the calling thread, less the cores of a KeptCores scope.
int team_threads();

// While it lives, team_threads() on this thread leaves `cores` of them out: a
// deferred set-up's thread keeps the core of the caller's thread, which goes
// on launching products meanwhile (a team spinning on every core waits at
// each step for the thread that lost its core).
class KeptCores {
 public:
  explicit KeptCores(int cores);
  ~KeptCores();
  KeptCores(const KeptCores&) = delete;
  KeptCores& operator=(const KeptCores&) = delete;

 private:
  int previous_;
};

class ThreadTeam {
 public:
  // size - 1 threads of its own, and the caller's.
  explicit ThreadTeam(int size);
  ~ThreadTeam();
  ThreadTeam(const ThreadTeam&) = delete;
  ThreadTeam& operator=(const ThreadTeam&) = delete;

  int size() const { return int(threads_.size()) + 1; }

  // body(t) for every t in [0, size()) at once (the caller runs the last); returns once every
  // call has returned, then rethrows the first exception one of them threw.
  void run(const std::function<void(int)>& body);

 private:
  void wait_for_steps(int t);
  void start_step();

  std::vector<std::thread> threads_;
  std::vector<std::exception_ptr> failed_;
  const std::function<void(int)>* body_ = nullptr;
  std::atomic<std::uint64_t> step_{0};  // incremented to start a step
  std::atomic<int> running_{0};         // the team's threads still in the current step
  std::atomic<bool> stop_{false};
  // For the threads that fell asleep: the step's start and its end are announced under mutex_.
  std::mutex mutex_;
  std::condition_variable started_, ended_;
};

}  // namespace aijadaptive::detail
