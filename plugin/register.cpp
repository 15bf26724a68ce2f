// Registration of the types, log events and clean-up; the public entry points.
#include <aijadaptive/device.hpp>
#include <aijadaptive/format_list.hpp>

#include "aija_internal.hpp"

namespace aija {

Events events;

namespace {
_MatOps base_seq_ops;
_MatOps base_mpi_ops;
bool have_base_ops = false;
bool package_initialized = false;

PetscErrorCode CopyOps(MatType type, _MatOps* ops) {
  Mat M;

  PetscFunctionBegin;
  PetscCall(MatCreate(PETSC_COMM_SELF, &M));
  PetscCall(MatSetType(M, type));
  *ops = *M->ops;
  PetscCall(MatDestroy(&M));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode Finalize() {
  PetscFunctionBegin;
  aijadaptive::release_device_resources();
  package_initialized = false;
  PetscFunctionReturn(PETSC_SUCCESS);
}
}  // namespace

// From pristine matrices, never from a matrix of ours: the MPI blocks are
// converted before any sequential matrix of ours exists.
PetscErrorCode CaptureBaseOps() {
  PetscFunctionBegin;
  if (have_base_ops) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(CopyOps(MATSEQAIJ, &base_seq_ops));
  PetscCall(CopyOps(MATMPIAIJ, &base_mpi_ops));
  have_base_ops = true;
  PetscFunctionReturn(PETSC_SUCCESS);
}

const _MatOps& BaseSeqOps() { return base_seq_ops; }
const _MatOps& BaseMpiOps() { return base_mpi_ops; }

PetscErrorCode ConversionTarget(Mat A, MatReuse reuse, Mat* newmat, Mat* B) {
  PetscFunctionBegin;
  *B = nullptr;
  if (reuse == MAT_REUSE_MATRIX) PetscCall(MatCopy(A, *newmat, SAME_NONZERO_PATTERN));
  else if (reuse == MAT_INITIAL_MATRIX) PetscCall(MatDuplicate(A, MAT_COPY_VALUES, B));
  else *B = A;
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode SetDefaultVecType(Mat A) {
  PetscFunctionBegin;
#if AIJA_PETSC_HAS_CUDA && AIJADAPTIVE_HAVE_CUDA
  if (aijadaptive::device_count() > 0) PetscCall(MatSetVecType(A, VECCUDA));
#else
  (void)A;
#endif
  PetscFunctionReturn(PETSC_SUCCESS);
}

}  // namespace aija

using namespace aija;

PetscErrorCode MatAIJAdaptiveInitializePackage(void) {
  PetscFunctionBegin;
  if (package_initialized) PetscFunctionReturn(PETSC_SUCCESS);
  package_initialized = true;
  PetscCall(MatInitializePackage());
  PetscCall(MatRegister(MATSEQAIJADAPTIVE, MatCreate_SeqAIJAdaptive));
  PetscCall(MatRegister(MATMPIAIJADAPTIVE, MatCreate_MPIAIJAdaptive));
  PetscCall(MatRegisterRootName(MATAIJADAPTIVE, MATSEQAIJADAPTIVE, MATMPIAIJADAPTIVE));
  // Names are at most 16 characters for -log_view.
  PetscCall(PetscLogEventRegister("AIJAdaptBuild", MAT_CLASSID, &events.build));
  PetscCall(PetscLogEventRegister("AIJAdaptUpload", MAT_CLASSID, &events.upload));
  PetscCall(PetscLogEventRegister("AIJAdaptRefill", MAT_CLASSID, &events.refill));
  PetscCall(PetscLogEventRegister("AIJAdaptSpMV", MAT_CLASSID, &events.spmv));
  PetscCall(PetscLogEventRegister("AIJAdaptSpMVT", MAT_CLASSID, &events.spmv_transpose));
  PetscCall(PetscRegisterFinalize(Finalize));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode PetscDLLibraryRegister_petscaijadaptive(void) { return MatAIJAdaptiveInitializePackage(); }

PetscErrorCode MatAIJAdaptiveGetFormat(Mat A, const char** format, PetscBool* on_device) {
  PetscBool seq, mpi;
  Mat block = A;

  PetscFunctionBegin;
  PetscCall(PetscObjectTypeCompare((PetscObject)A, MATSEQAIJADAPTIVE, &seq));
  PetscCall(PetscObjectTypeCompare((PetscObject)A, MATMPIAIJADAPTIVE, &mpi));
  PetscCheck(seq || mpi, PetscObjectComm((PetscObject)A), PETSC_ERR_ARG_WRONG,
             "MatAIJAdaptiveGetFormat: the matrix is of type %s, not aijadaptive", ((PetscObject)A)->type_name);
  PetscCheck(A->assembled, PetscObjectComm((PetscObject)A), PETSC_ERR_ARG_WRONGSTATE,
             "MatAIJAdaptiveGetFormat: assemble the matrix first");
  if (mpi) PetscCall(MatMPIAIJGetSeqAIJ(A, &block, NULL, NULL));
  PetscCall(SeqEnsureCurrent(block));
  const SeqState* s = SeqStateOf(block);
  if (format) *format = s->matrix.format_name().c_str();
  if (on_device) *on_device = !s->bound && s->matrix.placement() == aijadaptive::Placement::device ? PETSC_TRUE : PETSC_FALSE;
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode MatAIJAdaptiveGetDeviceCount(PetscInt* count) {
  PetscFunctionBegin;
  PetscCheck(count, PETSC_COMM_SELF, PETSC_ERR_ARG_NULL, "count is NULL");
  *count = aijadaptive::device_count();
  PetscFunctionReturn(PETSC_SUCCESS);
}
