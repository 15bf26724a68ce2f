// The sequential type: host SeqAIJ (the source of truth) plus an adaptive
// matrix in A->spptr that runs the products.
#include <aijadaptive/device.hpp>
#include <aijadaptive/format_list.hpp>

#include "aija_internal.hpp"
#include "vectors.hpp"

#if AIJA_PETSC_HAS_CUDA
  #include <petscdevice.h>
#endif

namespace aija {

namespace {

SeqState* State(Mat A) { return static_cast<SeqState*>(A->spptr); }

const char* kToSeqAIJ = "MatConvert_seqaijadaptive_seqaij_C";
const char* kFromSeqAIJ = "MatConvert_seqaij_seqaijadaptive_C";

PetscErrorCode ChooseDevice() {
  PetscFunctionBegin;
#if AIJA_PETSC_HAS_CUDA
  // Let PETSc pick this rank's GPU first, so that its vectors and our matrix agree.
  if (aijadaptive::device_count() > 0) PetscCall(PetscDeviceInitialize(PETSC_DEVICE_CUDA));
#endif
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode Rebuild(Mat A, SeqState* s, const aijadaptive::CsrView<PetscScalar, PetscInt>& view) {
  PetscFunctionBegin;
  PetscCall(PetscLogEventBegin(events.build, A, 0, 0, 0));
  s->matrix.set_options(ToMatrixOptions(s->settings));
  AIJA_CALL(s->matrix.analyse(view));
  PetscCall(PetscLogEventEnd(events.build, A, 0, 0, 0));
  if (!s->settings.force_host) PetscCall(ChooseDevice());
  PetscCall(PetscLogEventBegin(events.upload, A, 0, 0, 0));
  AIJA_CALL(s->matrix.upload());
  PetscCall(PetscLogCpuToGpu(double(s->matrix.device_bytes())));
  PetscCall(PetscLogEventEnd(events.upload, A, 0, 0, 0));
  if (s->matrix.placement() == aijadaptive::Placement::host) {
    // The no-GPU case is said once per process; every other reason per matrix.
    static bool said_no_gpu = false;
    const bool no_gpu = aijadaptive::device_count() == 0 && !s->settings.force_host;
    if (!no_gpu || !said_no_gpu) PetscCall(PetscInfo(A, "aijadaptive runs on the %s\n", s->matrix.placement_reason().c_str()));
    said_no_gpu = said_no_gpu || no_gpu;
  } else {
    PetscCall(PetscInfo(A, "aijadaptive: format %s on %s (%s)\n", aijadaptive::format_name(s->matrix.format()),
                        s->matrix.placement_reason().c_str(), s->matrix.selection_reason().c_str()));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

// Products: z = op(A) x (+ y).
PetscErrorCode Apply(Mat A, aijadaptive::Op op, Vec x, Vec y, Vec z) {
  SeqState* s = State(A);
  PetscScalar beta = 0;
  ReadAccess xa;
  WriteAccess za;
  aijadaptive::Stream stream = nullptr;
  bool use_petsc_stream = false;
  aijadaptive::TransferBytes moved;

  PetscFunctionBegin;
  PetscCall(SeqEnsureCurrent(A));
  if (y) {
    if (y != z) PetscCall(VecCopy(y, z));
    beta = 1;
  }
  const bool on_device = s->matrix.placement() == aijadaptive::Placement::device;
  PetscCall(GetRead(x, on_device, &xa));
  PetscCall(GetWrite(z, on_device, beta != PetscScalar(0), &za));
  if (on_device) {
    if (s->settings.transfer == Transfer::pin) {
      if (!PetscMemTypeDevice(xa.memtype)) PetscCall(PinHostArray(x, xa.data));
      if (!PetscMemTypeDevice(za.memtype)) PetscCall(PinHostArray(z, za.data));
    }
    use_petsc_stream = PetscMemTypeDevice(xa.memtype) || PetscMemTypeDevice(za.memtype);
    if (use_petsc_stream) PetscCall(PetscStream(&stream));
  }
  const aijadaptive::Features& f = s->matrix.features();
  const double flops = 2.0 * double(f.nnz) - (op == aijadaptive::Op::plain && beta == PetscScalar(0) ? double(f.rows - f.empty_rows) : 0.0);
  PetscCall(PetscLogEventBegin(events.spmv, A, x, z, 0));
  if (on_device) PetscCall(PetscLogGpuTimeBegin());
  // Device vectors: on PETSc's stream (which may be the legacy default stream,
  // nullptr), ordered with PETSc's own work. Host vectors: on our stream.
  if (use_petsc_stream) AIJA_CALL(moved = s->matrix.apply(op, PetscScalar(1), xa.view(), beta, za.view(), stream));
  else AIJA_CALL(moved = s->matrix.apply(op, PetscScalar(1), xa.view(), beta, za.view()));
  if (on_device) {
    PetscCall(PetscLogGpuTimeEnd());
    // Only real copies: -log_view counts calls, and device vectors need none.
    if (moved.to_device) PetscCall(PetscLogCpuToGpu(double(moved.to_device)));
    if (moved.to_host) PetscCall(PetscLogGpuToCpu(double(moved.to_host)));
  }
  // A PETSc without device support has no GPU flop counter (it is a no-op there).
  if (on_device && AIJA_PETSC_HAS_CUDA) PetscCall(PetscLogGpuFlops(flops));
  else PetscCall(PetscLogFlops(flops));
  PetscCall(PetscLogEventEnd(events.spmv, A, x, z, 0));
  PetscCall(RestoreWrite(&za));
  PetscCall(RestoreRead(&xa));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode Mult(Mat A, Vec x, Vec y) { return Apply(A, aijadaptive::Op::plain, x, nullptr, y); }
PetscErrorCode MultAdd(Mat A, Vec x, Vec y, Vec z) { return Apply(A, aijadaptive::Op::plain, x, y, z); }
PetscErrorCode MultTranspose(Mat A, Vec x, Vec y) { return Apply(A, aijadaptive::Op::transpose, x, nullptr, y); }
PetscErrorCode MultTransposeAdd(Mat A, Vec x, Vec y, Vec z) { return Apply(A, aijadaptive::Op::transpose, x, y, z); }

void InstallProductOps(Mat A) {
  A->ops->mult = Mult;
  A->ops->multadd = MultAdd;
  A->ops->multtranspose = MultTranspose;
  A->ops->multtransposeadd = MultTransposeAdd;
}

PetscErrorCode AssemblyEnd(Mat A, MatAssemblyType mode) {
  PetscFunctionBegin;
  PetscCall(BaseSeqOps().assemblyend(A, mode));
  // SeqAIJ's inode check may install its own products (older PETSc): take them back.
  InstallProductOps(A);
  if (mode == MAT_FINAL_ASSEMBLY) PetscCall(SeqEnsureCurrent(A));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode SetFromOptions(Mat A, AijaOptionItems PetscOptionsObject) {
  Settings s = State(A)->settings;

  PetscFunctionBegin;
  if (BaseSeqOps().setfromoptions) PetscCall(BaseSeqOps().setfromoptions(A, PetscOptionsObject));
  PetscOptionsHeadBegin(PetscOptionsObject, "SeqAIJAdaptive options");
  PetscCall(SettingsFromOptions(A, PetscOptionsObject, &s));
  PetscOptionsHeadEnd();
  PetscCall(SeqSetSettings(A, s));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode BindToCPU(Mat A, PetscBool flg) {
  SeqState* s = State(A);

  PetscFunctionBegin;
  if (s->settings.force_host != flg) {
    s->settings.force_host = flg;
    s->settings_changed = true;
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode View(Mat A, PetscViewer viewer) {
  PetscFunctionBegin;
  if (BaseSeqOps().view) PetscCall(BaseSeqOps().view(A, viewer));
  PetscCall(ViewSeqState(A, viewer, PETSC_FALSE));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode Duplicate(Mat A, MatDuplicateOption op, Mat* B) {
  PetscFunctionBegin;
  // SeqAIJ's duplicate creates a matrix of A's type, i.e. ours.
  PetscCall(BaseSeqOps().duplicate(A, op, B));
  PetscCall(SeqSetSettings(*B, State(A)->settings));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode Strip(Mat A) {
  PetscFunctionBegin;
  delete State(A);
  A->spptr = nullptr;
  const _MatOps& base = BaseSeqOps();
  A->ops->mult = base.mult;
  A->ops->multadd = base.multadd;
  A->ops->multtranspose = base.multtranspose;
  A->ops->multtransposeadd = base.multtransposeadd;
  A->ops->assemblyend = base.assemblyend;
  A->ops->setfromoptions = base.setfromoptions;
  A->ops->bindtocpu = base.bindtocpu;
  A->ops->view = base.view;
  A->ops->duplicate = base.duplicate;
  A->ops->destroy = base.destroy;
  PetscCall(PetscObjectComposeFunction((PetscObject)A, kToSeqAIJ, NULL));
  PetscCall(PetscObjectComposeFunction((PetscObject)A, kFromSeqAIJ, NULL));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode Destroy(Mat A) {
  PetscFunctionBegin;
  PetscCall(Strip(A));  // frees the device memory
  PetscCall(BaseSeqOps().destroy(A));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode ConvertToSeqAIJ(Mat A, MatType, MatReuse reuse, Mat* newmat) {
  Mat B = nullptr;

  PetscFunctionBegin;
  PetscCall(ConversionTarget(A, reuse, newmat, &B));
  if (!B) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(Strip(B));
  PetscCall(PetscObjectChangeTypeName((PetscObject)B, MATSEQAIJ));
  PetscCall(MatSetVecType(B, VECSTANDARD));
  *newmat = B;
  PetscFunctionReturn(PETSC_SUCCESS);
}

}  // namespace

const SeqState* SeqStateOf(Mat A) { return State(A); }

PetscErrorCode SeqSetSettings(Mat A, const Settings& settings) {
  SeqState* s = State(A);

  PetscFunctionBegin;
  s->settings_given = true;
  if (!(s->settings == settings)) {
    s->settings = settings;
    s->settings_changed = true;
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode SeqEnsureCurrent(Mat A) {
  SeqState* s = State(A);
  const PetscInt *i = nullptr, *j = nullptr;
  PetscScalar* a = nullptr;
  PetscMemType mtype;
  PetscObjectState state;

  PetscFunctionBegin;
  if (!A->preallocated || !A->assembled) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(MatSeqAIJGetCSRAndMemType(A, &i, &j, &a, &mtype));
  PetscCall(PetscObjectStateGet((PetscObject)A, &state));
  const PetscInt rows = A->rmap->n, cols = A->cmap->n, nnz = rows ? i[rows] : 0;
  const bool same_pattern = !s->settings_changed && s->matrix.built() && s->nonzerostate == A->nonzerostate &&
                            s->rows == rows && s->cols == cols && s->nnz == nnz && s->i == i && s->j == j;
  if (same_pattern && s->state == state && s->a == a) PetscFunctionReturn(PETSC_SUCCESS);
  const aijadaptive::CsrView<PetscScalar, PetscInt> view{rows, cols, i, j, a};
  if (!s->settings_given) {
    Settings from_options = s->settings;
    PetscCall(SettingsFromDatabase(A, &from_options));
    PetscCall(SeqSetSettings(A, from_options));
    if (s->settings_changed) {
      PetscCall(SeqEnsureCurrent(A));  // now with the options' settings
      PetscFunctionReturn(PETSC_SUCCESS);
    }
  }
  if (!same_pattern) {
    PetscCall(Rebuild(A, s, view));
  } else {
    PetscCall(PetscLogEventBegin(events.refill, A, 0, 0, 0));
    AIJA_CALL(s->matrix.refill(view));
    if (s->matrix.placement() == aijadaptive::Placement::device) PetscCall(PetscLogCpuToGpu(double(nnz) * sizeof(PetscScalar)));
    PetscCall(PetscLogEventEnd(events.refill, A, 0, 0, 0));
  }
  s->settings_changed = false;
  s->nonzerostate = A->nonzerostate;
  s->state = state;
  s->rows = rows;
  s->cols = cols;
  s->nnz = nnz;
  s->i = i;
  s->j = j;
  s->a = a;
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode ViewSeqState(Mat A, PetscViewer viewer, PetscBool synchronized) {
  PetscBool ascii;
  PetscViewerFormat format;

  PetscFunctionBegin;
  PetscCall(PetscObjectTypeCompare((PetscObject)viewer, PETSCVIEWERASCII, &ascii));
  if (!ascii) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscViewerGetFormat(viewer, &format));
  if (format != PETSC_VIEWER_ASCII_INFO && format != PETSC_VIEWER_ASCII_INFO_DETAIL) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(SeqEnsureCurrent(A));
  const SeqState* s = State(A);
  auto print = [&](const char* fmt, auto... args) {
    return synchronized ? PetscViewerASCIISynchronizedPrintf(viewer, fmt, args...) : PetscViewerASCIIPrintf(viewer, fmt, args...);
  };
  if (!s->matrix.built()) {
    PetscCall(print("aijadaptive: not assembled yet\n"));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  PetscCall(print("aijadaptive: format %s: %s\n", aijadaptive::format_name(s->matrix.format()), s->matrix.selection_reason().c_str()));
  PetscCall(print("aijadaptive: runs on the %s\n", s->matrix.placement_reason().c_str()));
  PetscCall(print("aijadaptive: device memory %.3f MiB\n", double(s->matrix.device_bytes()) / (1024.0 * 1024.0)));
  PetscFunctionReturn(PETSC_SUCCESS);
}

}  // namespace aija

using namespace aija;

PetscErrorCode MatConvert_SeqAIJ_SeqAIJAdaptive(Mat A, MatType, MatReuse reuse, Mat* newmat) {
  Mat B = nullptr;

  PetscFunctionBegin;
  PetscCall(ConversionTarget(A, reuse, newmat, &B));
  if (!B) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(CaptureBaseOps());
  PetscCheck(!B->spptr, PETSC_COMM_SELF, PETSC_ERR_ARG_WRONGSTATE, "aijadaptive: the matrix already carries another library's data (spptr)");
  AIJA_CALL(B->spptr = new SeqState());
  InstallProductOps(B);
  B->ops->assemblyend = AssemblyEnd;
  B->ops->setfromoptions = SetFromOptions;
  B->ops->bindtocpu = BindToCPU;
  B->ops->view = View;
  B->ops->duplicate = Duplicate;
  B->ops->destroy = Destroy;
  PetscCall(PetscObjectComposeFunction((PetscObject)B, kToSeqAIJ, ConvertToSeqAIJ));
  PetscCall(PetscObjectComposeFunction((PetscObject)B, kFromSeqAIJ, MatConvert_SeqAIJ_SeqAIJAdaptive));
  PetscCall(PetscObjectChangeTypeName((PetscObject)B, MATSEQAIJADAPTIVE));
  PetscCall(SetDefaultVecType(B));
  // No build here: MatConvert bumps the state once we return, which would
  // cost a second upload. The first product (or view) builds.
  *newmat = B;
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode MatCreate_SeqAIJAdaptive(Mat A) {
  PetscFunctionBegin;
  PetscCall(MatCreate_SeqAIJ(A));
  PetscCall(MatConvert_SeqAIJ_SeqAIJAdaptive(A, MATSEQAIJADAPTIVE, MAT_INPLACE_MATRIX, &A));
  PetscFunctionReturn(PETSC_SUCCESS);
}
