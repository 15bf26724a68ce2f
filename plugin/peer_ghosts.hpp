// The ghost values of an MPI matrix's plain products, pushed by the ranks that
// own them straight into the device buffer of each rank that reads them (CUDA
// IPC, over NVLink between GPUs), instead of through PETSc's scatter: without
// a CUDA-aware MPI that copies them down to the host, sends them and copies
// them up again, which took longer than the local product on 2 and 4 H200s
// (docs/h200-2026-11-26-several-gpus/). For a CUDA PETSc whose ranks of the
// matrix all run on one node, with CUDA vectors; everything else (host
// vectors, the transposes, several nodes, a driver that refuses IPC) keeps
// PETSc's scatter.
//
// Each plain product: a rank waits until the ranks it pushes to are done with
// their buffers (their last product's message), pushes its entries of x into
// them on a stream of its own and tells them so, runs its local block on
// PETSc's stream meanwhile, waits for the ranks it reads from, runs its
// off-process block on the pushed values and tells those ranks its buffer is
// free again. A message orders each cross-process event record before the
// wait that needs it.
#pragma once

#include <aijadaptive/peer_exchange.hpp>

#include <functional>
#include <memory>
#include <string>

#include "aija_internal.hpp"

namespace aija {

struct PeerExchange;  // peer_ghosts.cpp

struct PeerGhosts {
  // -mat_aijadaptive_peer_exchange, and the products on the GPU (not
  // -mat_aijadaptive_host, not bound to the CPU): set by the MPI type.
  bool wanted = true;
  // Also where ranks share a GPU (-mat_aijadaptive_peer_exchange always). By
  // default they keep PETSc's scatter: their processes take the GPU by turns,
  // and each cross-process wait of a product can wait for a turn (MatMult
  // several times slower: docs/h200-2026-11-26-several-gpus/).
  bool shared_gpus = false;
  std::unique_ptr<PeerExchange> exchange;  // null: PETSc's scatter
  std::string why_not = "no plain product with CUDA vectors yet";
  // What it was made (or refused) for: a new pattern or wish -> set up again.
  bool wanted_at_setup = false, shared_gpus_at_setup = false;
  PetscObjectState nonzerostate = -1;  // decides, alike on every rank (ghost_columns.hpp)
  PetscInt count = -1;                  // ghosts received

  PeerGhosts();
  ~PeerGhosts();  // the exchange must be gone (PeerGhostsDestroy) by then
};

// Collective over A's ranks: unmaps the other ranks' buffers and events,
// then frees this rank's.
PetscErrorCode PeerGhostsDestroy(PeerGhosts* p);

// Whether a plain product of A with x may push its ghosts, setting the exchange
// up (collectively) at the first such product of a new pattern. `count`
// ghosts, in the off-process block's column order `garray`, which the caller
// has checked against the one the ghosts were made for (MpiApply).
PetscErrorCode PeerGhostsReady(Mat A, const PetscInt* garray, PetscInt count, Vec x, PeerGhosts* p, bool* ready);

// z = A x (+ y) with the ghosts pushed: `local()` runs the local block while
// they travel, `off(ghosts)` the off-process block on them. The messages are
// exchanged even when a block's product fails, so that the other ranks go on.
PetscErrorCode PeerGhostsMult(PeerGhosts* p, Vec x, const std::function<PetscErrorCode()>& local,
                              const std::function<PetscErrorCode(Vec)>& off);

// One line for -mat_view ::ascii_info.
std::string PeerGhostsDescribe(const PeerGhosts& p);

}  // namespace aija
