#include "ghosts.hpp"

#include <aijadaptive/device.hpp>
#include <aijadaptive/scalar.hpp>

#include "vectors.hpp"

namespace aija {

namespace {

using aijadaptive::Op;

// The ghost values' vector, on the GPU or the host (rank-local: the scatter
// takes either).
PetscErrorCode MakeGhostValues(PetscInt count, bool on_device, Ghosts* g) {
  PetscFunctionBegin;
  PetscCall(VecDestroy(&g->values));
  PetscCall(VecCreate(PETSC_COMM_SELF, &g->values));
  PetscCall(VecSetSizes(g->values, count, count));
#if AIJA_PETSC_HAS_CUDA
  PetscCall(VecSetType(g->values, on_device ? VECSEQCUDA : VECSEQ));
#else
  PetscCall(VecSetType(g->values, VECSEQ));
#endif
  g->on_device = on_device;
  PetscFunctionReturn(PETSC_SUCCESS);
}

// Collective over A's ranks.
PetscErrorCode MakeGhosts(Mat A, const PetscInt* garray, PetscInt count, bool on_device, Ghosts* g) {
  IS from;
  Vec layout;  // x's layout, without an array: VecScatterCreate needs only that

  PetscFunctionBegin;
  PetscCall(GhostsDestroy(g));
  PetscCall(MakeGhostValues(count, on_device, g));
  PetscCall(ISCreateGeneral(PETSC_COMM_SELF, count, garray, PETSC_USE_POINTER, &from));
  PetscCall(VecCreateMPIWithArray(PetscObjectComm((PetscObject)A), 1, A->cmap->n, A->cmap->N, nullptr, &layout));
  PetscCall(VecScatterCreate(layout, from, g->values, nullptr, &g->scatter));
  PetscCall(VecDestroy(&layout));
  PetscCall(ISDestroy(&from));
  g->nonzerostate = A->nonzerostate;
  g->columns.record(garray, count);
  PetscFunctionReturn(PETSC_SUCCESS);
}

// One block's product with the MPI vectors' local arrays, as MPIAIJ calls
// them (MatMult would check the global sizes against the block's).
PetscErrorCode BlockApply(Mat B, Op op, Vec x, Vec y, Vec z) {
  PetscFunctionBegin;
  if (op == Op::plain) PetscCall(y ? B->ops->multadd(B, x, y, z) : B->ops->mult(B, x, z));
  else if (op == Op::transpose) PetscCall(y ? B->ops->multtransposeadd(B, x, y, z) : B->ops->multtranspose(B, x, z));
  else PetscCall(y ? B->ops->multhermitiantransposeadd(B, x, y, z) : B->ops->multhermitiantranspose(B, x, z));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode IsHostVector(Vec v, bool* host) {
  PetscBool is;

  PetscFunctionBegin;
  PetscCall(PetscObjectTypeCompareAny((PetscObject)v, &is, VECSEQ, VECMPI, ""));
  *host = is;
  PetscFunctionReturn(PETSC_SUCCESS);
}

// z = A x (+ y) for host vectors and ghosts with both blocks on the GPU: the result
// stays on the GPU from the local block's product to the off-process one's
// and comes down once (through the blocks' own products it came down, went
// up and came down again). y, if any, goes up first; z (which may be y) is
// written only once the stream has finished.
PetscErrorCode HostVectorsMult(Mat Ad, Mat Ao, Ghosts* g, Vec x, Vec y, Vec z) {
  PetscInt m;
  const aijadaptive::Stream stream = SeqStream(Ad);
  PetscScalar beta = 0;

  PetscFunctionBegin;
  PetscCall(VecGetLocalSize(z, &m));
  const std::size_t bytes = std::size_t(m) * sizeof(PetscScalar);
  const int device = SeqStateOf(Ad)->matrix.device();
  if (g->device_result.size() != std::size_t(m) || g->device_result_on != device) {
    g->device_result = {};
    PetscCall(OnDevice(device, [&] { g->device_result = aijadaptive::DeviceBuffer<PetscScalar>(std::size_t(m)); }));
    g->device_result_on = device;
  }
  PetscScalar* result = g->device_result.data();
  if (y) {
    const PetscScalar* host_y;
    PetscCall(VecGetArrayRead(y, &host_y));
    const PetscErrorCode sent = OnDevice(device, [&] { aijadaptive::copy_to_device(result, host_y, bytes, stream); });
    PetscCall(VecRestoreArrayRead(y, &host_y));
    PetscCall(sent);
    PetscCall(PetscLogCpuToGpu(double(bytes)));
    beta = 1;
  }
  PetscCall(VecScatterBegin(g->scatter, x, g->values, INSERT_VALUES, SCATTER_FORWARD));
  // While the ghost values travel; a failure still ends the exchange.
  const PetscErrorCode local = SeqMultIntoDevice(Ad, x, beta, result, stream);
  PetscCall(VecScatterEnd(g->scatter, x, g->values, INSERT_VALUES, SCATTER_FORWARD));
  PetscCall(local);
  PetscCall(SeqMultIntoDevice(Ao, g->values, 1, result, stream));
  PetscScalar* host_z;
  PetscCall(VecGetArrayWrite(z, &host_z));
  PetscCall(SeqPinHostArray(Ad, z, host_z, PETSC_MEMTYPE_HOST));
  const PetscErrorCode received = OnDevice(device, [&] {
    aijadaptive::copy_to_host(host_z, result, bytes, stream);
    aijadaptive::synchronize(stream);
  });
  PetscCall(VecRestoreArrayWrite(z, &host_z));
  PetscCall(received);
  PetscCall(PetscLogGpuToCpu(double(bytes)));
  PetscFunctionReturn(PETSC_SUCCESS);
}

}  // namespace

PetscErrorCode GhostsDestroy(Ghosts* g) {
  PetscFunctionBegin;
  PetscCall(VecScatterDestroy(&g->scatter));
  PetscCall(VecDestroy(&g->values));
  *g = Ghosts();
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode MpiApply(Mat A, Ghosts* g, PeerGhosts* peer, Op op, Vec x, Vec y, Vec z) {
  Mat Ad, Ao;
  const PetscInt* garray;
  PetscInt count;

  PetscFunctionBegin;
  PetscCall(MatMPIAIJGetSeqAIJ(A, &Ad, &Ao, &garray));
  // Built (or refilled) first: a block built for the host has AIJ's products
  // in its ops from then on, and the ghosts go where the block that reads
  // them runs.
  PetscCall(SeqEnsureCurrent(Ad));
  PetscCall(SeqEnsureCurrent(Ao));
  if (!aijadaptive::is_complex_v<PetscScalar> && op == Op::conjugate_transpose) op = Op::transpose;
  const bool hermitian_ops = Ad->ops->multhermitiantranspose && Ao->ops->multhermitiantranspose &&
                             Ad->ops->multhermitiantransposeadd && Ao->ops->multhermitiantransposeadd;
  if (op == Op::conjugate_transpose && !hermitian_ops) {  // a block on the host of PETSc 3.18's AIJ
    PetscCall(ThroughConjugates(x, y, z, [&](Vec w, bool add) {
      return MpiApply(A, g, peer, Op::transpose, w, add ? z : nullptr, z);
    }));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  PetscCall(MatGetLocalSize(Ao, nullptr, &count));
  const bool on_device = AIJA_PETSC_HAS_CUDA && SeqRunsOnDevice(Ao);
  // Decided alike on every rank (ghost_columns.hpp); the rest is local.
  if (!g->values || g->nonzerostate != A->nonzerostate) {
    PetscCall(MakeGhosts(A, garray, count, on_device, g));
  } else {
    PetscCall(CheckGhostColumns(&g->columns, garray, count));
    if (g->on_device != on_device) PetscCall(MakeGhostValues(count, on_device, g));
  }
  // Host ghosts only: the path was measured with Debian's PETSc; a CUDA
  // PETSc unpacks the ghosts on its own stream (not tried with host vectors).
  bool result_on_device = op == Op::plain && count && !g->on_device && SeqRunsOnDevice(Ad) && SeqRunsOnDevice(Ao);
  for (Vec v : {x, y, z})  // ... for host vectors
    if (v && result_on_device) PetscCall(IsHostVector(v, &result_on_device));
  bool peer_ready = false;
  if (op == Op::plain && !result_on_device) PetscCall(PeerGhostsReady(A, garray, count, x, peer, &peer_ready));
  if (result_on_device) {
    PetscCall(HostVectorsMult(Ad, Ao, g, x, y, z));
  } else if (peer_ready) {
    PetscCall(PeerGhostsMult(
        peer, x, [&] { return BlockApply(Ad, op, x, y, z); },
        [&](Vec ghosts) { return count ? BlockApply(Ao, op, ghosts, z, z) : PETSC_SUCCESS; }));
  } else if (op == Op::plain) {
    PetscCall(VecScatterBegin(g->scatter, x, g->values, INSERT_VALUES, SCATTER_FORWARD));
    // While the ghost values travel. A failure (the GPU's) still ends the
    // exchange, so that the next product can start one.
    const PetscErrorCode local = BlockApply(Ad, op, x, y, z);
    PetscCall(VecScatterEnd(g->scatter, x, g->values, INSERT_VALUES, SCATTER_FORWARD));
    PetscCall(local);
    if (count) PetscCall(BlockApply(Ao, op, g->values, z, z));
  } else {
    // The off-process block's part goes to its owners and is added there,
    // after their local part: z is locked while the scatter runs.
    if (count) PetscCall(BlockApply(Ao, op, x, nullptr, g->values));
    PetscCall(BlockApply(Ad, op, x, y, z));
    PetscCall(VecScatterBegin(g->scatter, g->values, z, ADD_VALUES, SCATTER_REVERSE));
    PetscCall(VecScatterEnd(g->scatter, g->values, z, ADD_VALUES, SCATTER_REVERSE));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

}  // namespace aija
