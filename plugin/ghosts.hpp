// The MPI type's products with the ghost values (the entries of x that other
// ranks own and this rank's off-process block reads) in a vector of the
// plugin's own, kept where that block runs: on the GPU with a CUDA PETSc, so
// that PETSc's scatter unpacks them there and the product reads them without
// a copy of ours; on the host otherwise. PETSc's MPIAIJ keeps its own ghost
// vector on the host (mpiaijcusparse retypes it, through a struct that PETSc
// does not install), hence a vector and a scatter of our own, made from the
// block's column map (garray) with public calls only.
#pragma once

#include <aijadaptive/device_buffer.hpp>
#include <aijadaptive/format.hpp>

#include "aija_internal.hpp"
#include "ghost_columns.hpp"
#include "peer_ghosts.hpp"

namespace aija {

struct Ghosts {
  Vec values = nullptr;
  VecScatter scatter = nullptr;  // x's ghost entries -> values
  // What they were made for: a new nonzero state -> made again (on every
  // rank alike); the columns are the rank's own, checked (ghost_columns.hpp).
  PetscObjectState nonzerostate = -1;
  GhostColumns columns;
  bool on_device = false;  // where `values` lives; the scatter serves either
  // With host vectors and ghosts and both blocks on the GPU: the result kept
  // there between the two blocks' products (the local rows; made on first use).
  aijadaptive::DeviceBuffer<PetscScalar> device_result;
  int device_result_on = -1;  // its device
};

PetscErrorCode GhostsDestroy(Ghosts* g);

// z = op(A) x (+ y) for an assembled mpiaijadaptive A (y may be z), its
// blocks' products overlapping the exchange as MatMult_MPIAIJ's do. With host
// vectors and ghosts (a PETSc without CUDA) and both blocks on the GPU,
// z = A x (+ y) stays there from one block's product to the other's and
// comes down once. With CUDA vectors on one node, the plain products' ghosts
// go between the GPUs through `peer` (peer_ghosts.hpp) where it can be set up.
PetscErrorCode MpiApply(Mat A, Ghosts* g, PeerGhosts* peer, aijadaptive::Op op, Vec x, Vec y, Vec z);

}  // namespace aija
