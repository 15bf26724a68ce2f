// The MPI type: MPIAIJ whose diagonal block (local columns) and off-process
// block (compressed ghost columns) are both seqaijadaptive. The products are
// MPIAIJ's, the ghost scatter overlapping the local product, with the ghost
// values kept where the off-process block runs (ghosts.hpp).
#include "aija_internal.hpp"
#include "ghosts.hpp"

namespace aija {

namespace {

using Preallocation = PetscErrorCode (*)(Mat, PetscInt, const PetscInt[], PetscInt, const PetscInt[]);
using PreallocationCOO = PetscErrorCode (*)(Mat, PetscCount, PetscInt[], PetscInt[]);

struct MpiState {
  Settings settings;
  bool bound = false;  // MatBindToCPU: passed to the blocks, also to those an assembly makes anew
  bool settings_given = false;  // by MatSetFromOptions; else read at the first upgrade
  Preallocation base_preallocation = nullptr;
  PreallocationCOO base_coo = nullptr;
  Ghosts ghosts;
  PeerGhosts peer;
};

MpiState* State(Mat A) { return static_cast<MpiState*>(A->spptr); }

const char* kPreallocation = "MatMPIAIJSetPreallocation_C";
const char* kPreallocationCOO = "MatSetPreallocationCOO_C";
const char* kToMPIAIJ = "MatConvert_mpiaijadaptive_mpiaij_C";
const char* kFromMPIAIJ = "MatConvert_mpiaij_mpiaijadaptive_C";

// Makes both blocks seqaijadaptive (preallocation, COO set-up, disassembly and
// the hash assembly of newer PETSc all create plain SEQAIJ blocks) and gives
// them the MPI matrix's settings: they never see MatSetFromOptions.
PetscErrorCode UpgradeBlocks(Mat A) {
  Mat blocks[2] = {nullptr, nullptr};
  const PetscInt* garray;

  PetscFunctionBegin;
  PetscCall(MatMPIAIJGetSeqAIJ(A, &blocks[0], &blocks[1], &garray));
  if (!State(A)->settings_given && (blocks[0] || blocks[1])) {
    PetscCall(SettingsFromDatabase(A, &State(A)->settings));
    State(A)->settings_given = true;
  }
  // Products on the host (-mat_aijadaptive_host, MatBindToCPU) push nothing on the GPU.
  const Settings& s = State(A)->settings;
  State(A)->peer.wanted = s.peer_exchange != PeerChoice::never && !s.force_host && !State(A)->bound;
  State(A)->peer.shared_gpus = s.peer_exchange == PeerChoice::always;
  for (Mat& b : blocks) {
    if (!b) continue;
    PetscBool ours;
    PetscCall(PetscObjectTypeCompare((PetscObject)b, MATSEQAIJADAPTIVE, &ours));
    if (!ours) PetscCall(MatConvert_SeqAIJ_SeqAIJAdaptive(b, MATSEQAIJADAPTIVE, MAT_INPLACE_MATRIX, &b));
    PetscCall(SeqSetSettings(b, State(A)->settings));
    PetscCall(SeqBindToCPU(b, State(A)->bound ? PETSC_TRUE : PETSC_FALSE));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

// New blocks, whose nonzero states may sum to the old ones': the ghosts go on
// every rank, and the next product sets them up again on every rank
// (ghost_columns.hpp). Collective, as the preallocations are.
PetscErrorCode ForgetGhosts(Mat A) {
  PetscFunctionBegin;
  PetscCall(GhostsDestroy(&State(A)->ghosts));
  PetscCall(PeerGhostsDestroy(&State(A)->peer));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode SetPreallocation(Mat A, PetscInt d_nz, const PetscInt d_nnz[], PetscInt o_nz, const PetscInt o_nnz[]) {
  PetscFunctionBegin;
  PetscCall(ForgetGhosts(A));
  PetscCall(State(A)->base_preallocation(A, d_nz, d_nnz, o_nz, o_nnz));
  PetscCall(UpgradeBlocks(A));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode SetPreallocationCOO(Mat A, PetscCount n, PetscInt i[], PetscInt j[]) {
  PetscFunctionBegin;
  PetscCall(ForgetGhosts(A));
  PetscCall(State(A)->base_coo(A, n, i, j));
  PetscCall(UpgradeBlocks(A));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode AssemblyEnd(Mat A, MatAssemblyType mode) {
  PetscFunctionBegin;
  PetscCall(BaseMpiOps().assemblyend(A, mode));
  PetscCall(UpgradeBlocks(A));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode SetFromOptions(Mat A, AijaOptionItems PetscOptionsObject) {
  PetscFunctionBegin;
  if (BaseMpiOps().setfromoptions) PetscCall(BaseMpiOps().setfromoptions(A, PetscOptionsObject));
  PetscOptionsHeadBegin(PetscOptionsObject, "MPIAIJAdaptive options");
  PetscCall(SettingsFromOptions(A, PetscOptionsObject, &State(A)->settings));
  PetscOptionsHeadEnd();
  State(A)->settings_given = true;
  PetscCall(UpgradeBlocks(A));
  PetscFunctionReturn(PETSC_SUCCESS);
}

// Both blocks to SeqAIJ's products and back, their device copies kept.
PetscErrorCode BindToCPU(Mat A, PetscBool flg) {
  PetscFunctionBegin;
  State(A)->bound = flg;
  PetscCall(UpgradeBlocks(A));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode Mult(Mat A, Vec x, Vec y) {
  return MpiApply(A, &State(A)->ghosts, &State(A)->peer, aijadaptive::Op::plain, x, nullptr, y);
}
PetscErrorCode MultAdd(Mat A, Vec x, Vec y, Vec z) {
  return MpiApply(A, &State(A)->ghosts, &State(A)->peer, aijadaptive::Op::plain, x, y, z);
}
PetscErrorCode MultTranspose(Mat A, Vec x, Vec y) {
  return MpiApply(A, &State(A)->ghosts, &State(A)->peer, aijadaptive::Op::transpose, x, nullptr, y);
}
PetscErrorCode MultTransposeAdd(Mat A, Vec x, Vec y, Vec z) {
  return MpiApply(A, &State(A)->ghosts, &State(A)->peer, aijadaptive::Op::transpose, x, y, z);
}
PetscErrorCode MultHermitianTranspose(Mat A, Vec x, Vec y) {
  return MpiApply(A, &State(A)->ghosts, &State(A)->peer, aijadaptive::Op::conjugate_transpose, x, nullptr, y);
}
PetscErrorCode MultHermitianTransposeAdd(Mat A, Vec x, Vec y, Vec z) {
  return MpiApply(A, &State(A)->ghosts, &State(A)->peer, aijadaptive::Op::conjugate_transpose, x, y, z);
}

PetscErrorCode View(Mat A, PetscViewer viewer) {
  PetscBool ascii;
  PetscViewerFormat format;
  Mat Ad, Ao;
  const PetscInt* garray;
  PetscMPIInt rank;

  PetscFunctionBegin;
  if (BaseMpiOps().view) PetscCall(BaseMpiOps().view(A, viewer));
  PetscCall(PetscObjectTypeCompare((PetscObject)viewer, PETSCVIEWERASCII, &ascii));
  if (!ascii || !A->assembled) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscViewerGetFormat(viewer, &format));
  if (format != PETSC_VIEWER_ASCII_INFO && format != PETSC_VIEWER_ASCII_INFO_DETAIL) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(MatMPIAIJGetSeqAIJ(A, &Ad, &Ao, &garray));
  PetscCallMPI(MPI_Comm_rank(PetscObjectComm((PetscObject)A), &rank));
  PetscCall(PetscViewerASCIIPushSynchronized(viewer));
  PetscCall(PetscViewerASCIISynchronizedPrintf(viewer, "[%d] diagonal block:\n", rank));
  PetscCall(ViewSeqState(Ad, viewer, PETSC_TRUE));
  PetscCall(PetscViewerASCIISynchronizedPrintf(viewer, "[%d] off-process block:\n", rank));
  PetscCall(ViewSeqState(Ao, viewer, PETSC_TRUE));
  PetscCall(PetscViewerASCIISynchronizedPrintf(viewer, "[%d] %s\n", rank, PeerGhostsDescribe(State(A)->peer).c_str()));
  PetscCall(PetscViewerFlush(viewer));
  PetscCall(PetscViewerASCIIPopSynchronized(viewer));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode Duplicate(Mat A, MatDuplicateOption op, Mat* B) {
  PetscFunctionBegin;
  // MPIAIJ's duplicate creates a matrix of A's type and duplicates the blocks.
  PetscCall(BaseMpiOps().duplicate(A, op, B));
  State(*B)->settings = State(A)->settings;
  State(*B)->settings_given = State(A)->settings_given;
  State(*B)->bound = State(A)->bound;
  PetscCall(UpgradeBlocks(*B));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode Strip(Mat A) {
  MpiState* s = State(A);
  Mat blocks[2] = {nullptr, nullptr};
  const PetscInt* garray;

  PetscFunctionBegin;
  PetscCall(MatMPIAIJGetSeqAIJ(A, &blocks[0], &blocks[1], &garray));
  for (Mat& b : blocks) {
    PetscBool ours = PETSC_FALSE;
    if (b) PetscCall(PetscObjectTypeCompare((PetscObject)b, MATSEQAIJADAPTIVE, &ours));
    if (ours) PetscCall(MatConvert(b, MATSEQAIJ, MAT_INPLACE_MATRIX, &b));
  }
  PetscCall(PetscObjectComposeFunction((PetscObject)A, kPreallocation, s->base_preallocation));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, kPreallocationCOO, s->base_coo));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, kToMPIAIJ, NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, kFromMPIAIJ, NULL));
  PetscCall(GhostsDestroy(&s->ghosts));
  PetscCall(PeerGhostsDestroy(&s->peer));
  delete s;
  A->spptr = nullptr;
  AijaSetBoundToCPU(A, PETSC_TRUE);  // AIJ's state
  const _MatOps& base = BaseMpiOps();
  A->ops->mult = base.mult;
  A->ops->multadd = base.multadd;
  A->ops->multtranspose = base.multtranspose;
  A->ops->multtransposeadd = base.multtransposeadd;
  A->ops->multhermitiantranspose = base.multhermitiantranspose;
  A->ops->multhermitiantransposeadd = base.multhermitiantransposeadd;
  A->ops->assemblyend = base.assemblyend;
  A->ops->setfromoptions = base.setfromoptions;
  A->ops->bindtocpu = base.bindtocpu;
  A->ops->view = base.view;
  A->ops->duplicate = base.duplicate;
  A->ops->destroy = base.destroy;
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode Destroy(Mat A) {
  PetscFunctionBegin;
  // The blocks are destroyed by MPIAIJ (freeing their device memory); only our
  // own state and composed functions go here.
  PetscCall(PetscObjectComposeFunction((PetscObject)A, kToMPIAIJ, NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, kFromMPIAIJ, NULL));
  PetscCall(GhostsDestroy(&State(A)->ghosts));
  PetscCall(PeerGhostsDestroy(&State(A)->peer));
  delete State(A);
  A->spptr = nullptr;
  PetscCall(BaseMpiOps().destroy(A));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode ConvertToMPIAIJ(Mat A, MatType, MatReuse reuse, Mat* newmat) {
  Mat B = nullptr;

  PetscFunctionBegin;
  PetscCall(ConversionTarget(A, reuse, newmat, &B));
  if (!B) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(Strip(B));
  PetscCall(PetscObjectChangeTypeName((PetscObject)B, MATMPIAIJ));
  PetscCall(MatSetVecType(B, VECSTANDARD));
  *newmat = B;
  PetscFunctionReturn(PETSC_SUCCESS);
}

}  // namespace

}  // namespace aija

using namespace aija;

PetscErrorCode MatConvert_MPIAIJ_MPIAIJAdaptive(Mat A, MatType, MatReuse reuse, Mat* newmat) {
  Mat B = nullptr;
  MpiState* s = nullptr;

  PetscFunctionBegin;
  PetscCall(ConversionTarget(A, reuse, newmat, &B));
  if (!B) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(CaptureBaseOps());
  PetscCheck(!B->spptr, PETSC_COMM_SELF, PETSC_ERR_ARG_WRONGSTATE, "aijadaptive: the matrix already carries another library's data (spptr)");
  AIJA_CALL(s = new MpiState());
  B->spptr = s;
  AijaSetBoundToCPU(B, PETSC_FALSE);
  PetscCall(PetscObjectQueryFunction((PetscObject)B, kPreallocation, &s->base_preallocation));
  PetscCall(PetscObjectQueryFunction((PetscObject)B, kPreallocationCOO, &s->base_coo));
  PetscCheck(s->base_preallocation, PETSC_COMM_SELF, PETSC_ERR_PLIB, "aijadaptive: MPIAIJ has no %s", kPreallocation);
  PetscCall(PetscObjectComposeFunction((PetscObject)B, kPreallocation, SetPreallocation));
  if (s->base_coo) PetscCall(PetscObjectComposeFunction((PetscObject)B, kPreallocationCOO, SetPreallocationCOO));
  B->ops->mult = Mult;
  B->ops->multadd = MultAdd;
  B->ops->multtranspose = MultTranspose;
  B->ops->multtransposeadd = MultTransposeAdd;
  B->ops->multhermitiantranspose = MultHermitianTranspose;
  B->ops->multhermitiantransposeadd = MultHermitianTransposeAdd;
  B->ops->assemblyend = AssemblyEnd;
  B->ops->setfromoptions = SetFromOptions;
  B->ops->bindtocpu = BindToCPU;
  B->ops->view = View;
  B->ops->duplicate = Duplicate;
  B->ops->destroy = Destroy;
  PetscCall(PetscObjectComposeFunction((PetscObject)B, kToMPIAIJ, ConvertToMPIAIJ));
  PetscCall(PetscObjectComposeFunction((PetscObject)B, kFromMPIAIJ, MatConvert_MPIAIJ_MPIAIJAdaptive));
  PetscCall(PetscObjectChangeTypeName((PetscObject)B, MATMPIAIJADAPTIVE));
  PetscCall(SetDefaultVecType(B));
  PetscCall(UpgradeBlocks(B));
  *newmat = B;
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode MatCreate_MPIAIJAdaptive(Mat A) {
  PetscFunctionBegin;
  PetscCall(MatCreate_MPIAIJ(A));
  PetscCall(MatConvert_MPIAIJ_MPIAIJAdaptive(A, MATMPIAIJADAPTIVE, MAT_INPLACE_MATRIX, &A));
  PetscFunctionReturn(PETSC_SUCCESS);
}
