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

// PETSc's I-nodes of A (runs of rows with identical columns, found at its
// assembly) as row runs for `i` and `j`, so that format inode compares only
// the rows where two runs meet. None where PETSc has none (-mat_no_inode, or
// too few rows repeat). PETSc before 3.21 hands out the runs' sizes, later
// ones their first rows (count + 1 of them, from 0): a size is never 0.
PetscErrorCode KnownRowRuns(Mat A, const PetscInt* i, const PetscInt* j,
                            std::shared_ptr<const aijadaptive::RowRuns>* runs) {
  PetscInt count = 0, *sizes = nullptr, limit = 0;

  PetscFunctionBegin;
  runs->reset();
  PetscCall(MatInodeGetInodeSizes(A, &count, &sizes, &limit));
  if (count <= 0 || !sizes || A->rmap->n == 0) PetscFunctionReturn(PETSC_SUCCESS);
  auto known = std::make_shared<aijadaptive::RowRuns>();
  known->sizes.resize(std::size_t(count));
  const bool first_rows = sizes[0] == 0;
  std::int64_t covered = 0;
  for (PetscInt k = 0; k < count; ++k) {
    known->sizes[std::size_t(k)] = first_rows ? sizes[k + 1] - sizes[k] : sizes[k];
    covered += known->sizes[std::size_t(k)];
  }
  PetscCall(PetscInfo(A, "aijadaptive: PETSc's I-nodes, %" PetscInt_FMT " runs of identical rows over %" PetscInt64_FMT
                         " of %" PetscInt_FMT " rows\n",
                      count, covered, A->rmap->n));
  known->row_ptr = i;
  known->col_idx = j;
  *runs = std::move(known);
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode Rebuild(Mat A, SeqState* s, const aijadaptive::CsrView<PetscScalar, PetscInt>& view) {
  aijadaptive::MatrixOptions options;

  PetscFunctionBegin;
  AIJA_CALL(options = ToMatrixOptions(s->settings));
  PetscCall(ChooseDevice(s->settings, &options.device));
  AIJA_CALL(s->matrix.set_options(options));
  PetscCall(PetscLogEventBegin(events.build, A, 0, 0, 0));
  AIJA_CALL(s->matrix.analyse(view));
  PetscCall(PetscLogEventEnd(events.build, A, 0, 0, 0));
  PetscCall(PetscLogEventBegin(events.upload, A, 0, 0, 0));
  AIJA_CALL(s->matrix.upload());
  PetscCall(PetscLogCpuToGpu(double(s->matrix.device_bytes())));
  PetscCall(PetscLogEventEnd(events.upload, A, 0, 0, 0));
  for (const aijadaptive::SkippedCandidate& k : s->matrix.skipped())
    PetscCall(PetscInfo(A, "aijadaptive: format %s skipped: %s\n", k.format.c_str(), k.why.c_str()));
  if (s->matrix.placement() == aijadaptive::Placement::host) {
    // The no-GPU case is said once per process; every other reason per matrix.
    static bool said_no_gpu = false;
    const bool no_gpu = aijadaptive::device_count() == 0 && !s->settings.force_host;
    if (!no_gpu || !said_no_gpu) PetscCall(PetscInfo(A, "aijadaptive runs on the %s\n", s->matrix.placement_reason().c_str()));
    said_no_gpu = said_no_gpu || no_gpu;
  } else {
    PetscCall(PetscInfo(A, "aijadaptive: format %s on %s (%s)\n", s->matrix.format_name().c_str(),
                        s->matrix.placement_reason().c_str(), s->matrix.selection_reason().c_str()));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

// Whether SeqAIJ's products run: bound to the CPU, or built for the host (and
// not about to be rebuilt with new settings).
bool OnHost(const SeqState* s) {
  return s->bound ||
         (!s->settings_changed && s->matrix.built() && s->matrix.placement() == aijadaptive::Placement::host);
}

// The core's product, its exception a PETSc error (that the caller returns
// once the vectors are restored).
PetscErrorCode CoreApply(SeqState* s, aijadaptive::Op op, const ReadAccess& xa, PetscScalar beta, const WriteAccess& za,
                         bool use_petsc_stream, aijadaptive::Stream stream, aijadaptive::TransferBytes* moved) {
  PetscFunctionBegin;
  // Device vectors: on PETSc's stream (which may be the legacy default stream,
  // nullptr), ordered with PETSc's own work. Host vectors: on our stream.
  if (use_petsc_stream) AIJA_CALL(*moved = s->matrix.apply(op, PetscScalar(1), xa.view(), beta, za.view(), stream));
  else AIJA_CALL(*moved = s->matrix.apply(op, PetscScalar(1), xa.view(), beta, za.view()));
  PetscFunctionReturn(PETSC_SUCCESS);
}

// The core's product inside the product's log event, with its flops and its
// real copies counted (-log_view counts calls; device vectors need none). A
// failed product (the GPU's error) still ends the event and comes back in
// *failed, for the caller to return once it has given the vectors back: the
// core left the matrix as it was (AdaptiveMatrix::apply).
PetscErrorCode LoggedProduct(Mat A, aijadaptive::Op op, Vec x, const ReadAccess& xa, PetscScalar beta, Vec z,
                             const WriteAccess& za, bool use_petsc_stream, aijadaptive::Stream stream,
                             PetscErrorCode* failed) {
  SeqState* s = State(A);
  aijadaptive::TransferBytes moved;

  PetscFunctionBegin;
  const aijadaptive::Features& f = s->matrix.features();
  const double flops = 2.0 * double(f.nnz) - (op == aijadaptive::Op::plain && beta == PetscScalar(0) ? double(f.rows - f.empty_rows) : 0.0);
  const PetscLogEvent event = op == aijadaptive::Op::plain ? events.spmv : events.spmv_transpose;
  PetscCall(PetscLogEventBegin(event, A, x, z, 0));
  PetscCall(PetscLogGpuTimeBegin());
  *failed = CoreApply(s, op, xa, beta, za, use_petsc_stream, stream, &moved);
  PetscCall(PetscLogGpuTimeEnd());
  if (moved.to_device) PetscCall(PetscLogCpuToGpu(double(moved.to_device)));
  if (moved.to_host) PetscCall(PetscLogGpuToCpu(double(moved.to_host)));
  // A PETSc without device support has no GPU flop counter (it is a no-op there).
  if (*failed == PETSC_SUCCESS) {
    if (AIJA_PETSC_HAS_CUDA) PetscCall(PetscLogGpuFlops(flops));
    else PetscCall(PetscLogFlops(flops));
  }
  PetscCall(PetscLogEventEnd(event, A, x, z, 0));
  PetscFunctionReturn(PETSC_SUCCESS);
}

// z = A^H x (+ y) by SeqAIJ's products. AIJ may have no Hermitian ones
// (PETSc 3.18's has none): then as PETSc's MatMultHermitianTranspose does it,
// through the transpose of the conjugates, z = conj(A^T conj(x) (+ conj(y))).
PetscErrorCode HostHermitianTranspose(Mat A, const HostProducts& h, Vec x, Vec y, Vec z) {
  PetscFunctionBegin;
  if (y ? h.multhermitiantransposeadd != nullptr : h.multhermitiantranspose != nullptr) {
    PetscCall(y ? h.multhermitiantransposeadd(A, x, y, z) : h.multhermitiantranspose(A, x, z));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  if (!aijadaptive::is_complex_v<PetscScalar>) {  // real: A^H = A^T
    PetscCall(y ? h.multtransposeadd(A, x, y, z) : h.multtranspose(A, x, z));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  PetscCall(ThroughConjugates(x, y, z, [&](Vec w, bool add) {
    return add ? h.multtransposeadd(A, w, z, z) : h.multtranspose(A, w, z);
  }));
  PetscFunctionReturn(PETSC_SUCCESS);
}

// Products on the device: z = op(A) x (+ y). (On the host the products are
// SeqAIJ's own, installed by InstallProductOps.)
PetscErrorCode Apply(Mat A, aijadaptive::Op op, Vec x, Vec y, Vec z) {
  SeqState* s = State(A);
  PetscScalar beta = 0;
  ReadAccess xa;
  WriteAccess za;
  aijadaptive::Stream stream = nullptr;

  PetscFunctionBegin;
  PetscCall(SeqEnsureCurrent(A));
  if (OnHost(s)) {  // the first build put it there: from now on AIJ's products run directly
    const HostProducts& h = s->host_products;
    if (op == aijadaptive::Op::plain) PetscCall(y ? h.multadd(A, x, y, z) : h.mult(A, x, z));
    else if (op == aijadaptive::Op::transpose) PetscCall(y ? h.multtransposeadd(A, x, y, z) : h.multtranspose(A, x, z));
    else PetscCall(HostHermitianTranspose(A, h, x, y, z));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  // A matrix PETSc knows to be symmetric is its own transpose, a Hermitian one
  // its own conjugate transpose (for real scalars: symmetric): no transpose is
  // run or built.
  const bool hermitian_op = op == aijadaptive::Op::conjugate_transpose && aijadaptive::is_complex_v<PetscScalar>;
  if (op != aijadaptive::Op::plain) {
    PetscBool known, same;
    if (hermitian_op) PetscCall(MatIsHermitianKnown(A, &known, &same));
    else PetscCall(MatIsSymmetricKnown(A, &known, &same));
    if (known && same) op = aijadaptive::Op::plain;
  }
  if (y) {
    if (y != z) PetscCall(VecCopy(y, z));
    beta = 1;
  }
  PetscCall(GetRead(x, &xa));
  PetscCall(GetWrite(z, beta != PetscScalar(0), &za));
  PetscCall(SeqPinHostArray(A, x, xa.data, xa.memtype));
  PetscCall(SeqPinHostArray(A, z, za.data, za.memtype));
  const bool use_petsc_stream = PetscMemTypeDevice(xa.memtype) || PetscMemTypeDevice(za.memtype);
  if (use_petsc_stream) PetscCall(PetscStream(&stream));
  PetscErrorCode failed = PETSC_SUCCESS;
  const PetscErrorCode logged = LoggedProduct(A, op, x, xa, beta, z, za, use_petsc_stream, stream, &failed);
  PetscCall(RestoreWrite(&za));
  PetscCall(RestoreRead(&xa));
  PetscCall(logged);
  PetscCall(failed);
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode Mult(Mat A, Vec x, Vec y) { return Apply(A, aijadaptive::Op::plain, x, nullptr, y); }
PetscErrorCode MultAdd(Mat A, Vec x, Vec y, Vec z) { return Apply(A, aijadaptive::Op::plain, x, y, z); }
PetscErrorCode MultTranspose(Mat A, Vec x, Vec y) { return Apply(A, aijadaptive::Op::transpose, x, nullptr, y); }
PetscErrorCode MultTransposeAdd(Mat A, Vec x, Vec y, Vec z) { return Apply(A, aijadaptive::Op::transpose, x, y, z); }
PetscErrorCode MultHermitianTranspose(Mat A, Vec x, Vec y) {
  return Apply(A, aijadaptive::Op::conjugate_transpose, x, nullptr, y);
}
PetscErrorCode MultHermitianTransposeAdd(Mat A, Vec x, Vec y, Vec z) {
  return Apply(A, aijadaptive::Op::conjugate_transpose, x, y, z);
}

// SeqAIJ's products as they are now in A->ops, unless ours are installed:
// called after every AIJ call that may set them (assembly, which installs the
// I-node products where it finds I-nodes, duplication, conversion).
// Slot by slot: one that still holds our product keeps the host one captured
// before (AIJ may have replaced some products and not others), so that the
// host products never call back into ours.
void CaptureHostProducts(Mat A, SeqState* s) {
  HostProducts& h = s->host_products;
  if (A->ops->mult != Mult) h.mult = A->ops->mult;
  if (A->ops->multadd != MultAdd) h.multadd = A->ops->multadd;
  if (A->ops->multtranspose != MultTranspose) h.multtranspose = A->ops->multtranspose;
  if (A->ops->multtransposeadd != MultTransposeAdd) h.multtransposeadd = A->ops->multtransposeadd;
  if (A->ops->multhermitiantranspose != MultHermitianTranspose) h.multhermitiantranspose = A->ops->multhermitiantranspose;
  if (A->ops->multhermitiantransposeadd != MultHermitianTransposeAdd)
    h.multhermitiantransposeadd = A->ops->multhermitiantransposeadd;
}

void RestoreHostProducts(Mat A, const SeqState* s) {
  A->ops->mult = s->host_products.mult;
  A->ops->multadd = s->host_products.multadd;
  A->ops->multtranspose = s->host_products.multtranspose;
  A->ops->multtransposeadd = s->host_products.multtransposeadd;
  A->ops->multhermitiantranspose = s->host_products.multhermitiantranspose;
  A->ops->multhermitiantransposeadd = s->host_products.multhermitiantransposeadd;
}

// Ours while the matrix may run on the GPU (a matrix not built yet included),
// SeqAIJ's while it runs on the host: the host path costs nothing over AIJ.
void InstallProductOps(Mat A) {
  SeqState* s = State(A);
  if (OnHost(s)) {
    RestoreHostProducts(A, s);
    return;
  }
  A->ops->mult = Mult;
  A->ops->multadd = MultAdd;
  A->ops->multtranspose = MultTranspose;
  A->ops->multtransposeadd = MultTransposeAdd;
  A->ops->multhermitiantranspose = MultHermitianTranspose;
  A->ops->multhermitiantransposeadd = MultHermitianTransposeAdd;
}

PetscErrorCode AssemblyEnd(Mat A, MatAssemblyType mode) {
  PetscFunctionBegin;
  // AIJ's assembly sees AIJ's products, as in a plain AIJ matrix, and may set
  // its I-node ones: those are the host's from now on.
  RestoreHostProducts(A, State(A));
  PetscCall(BaseSeqOps().assemblyend(A, mode));
  CaptureHostProducts(A, State(A));
  InstallProductOps(A);
  if (mode == MAT_FINAL_ASSEMBLY) PetscCall(SeqEnsureCurrent(A));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode SetFromOptions(Mat A, AijaOptionItems PetscOptionsObject) {
  Settings s;

  PetscFunctionBegin;
  AIJA_CALL(s = State(A)->settings);
  if (BaseSeqOps().setfromoptions) PetscCall(BaseSeqOps().setfromoptions(A, PetscOptionsObject));
  PetscOptionsHeadBegin(PetscOptionsObject, "SeqAIJAdaptive options");
  PetscCall(SettingsFromOptions(A, PetscOptionsObject, &s));
  PetscOptionsHeadEnd();
  PetscCall(SeqSetSettings(A, s));
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
  CaptureHostProducts(*B, State(*B));  // AIJ's duplicate may have set the I-node products
  PetscCall(SeqSetSettings(*B, State(A)->settings));
  InstallProductOps(*B);
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode Strip(Mat A) {
  PetscFunctionBegin;
  RestoreHostProducts(A, State(A));  // SeqAIJ's, as AIJ set them
  AijaSetBoundToCPU(A, PETSC_TRUE);   // AIJ's state
  delete State(A);
  A->spptr = nullptr;
  const _MatOps& base = BaseSeqOps();
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

bool SeqRunsOnDevice(Mat A) { return !OnHost(State(A)) && State(A)->matrix.built(); }

aijadaptive::Stream SeqStream(Mat A) { return State(A)->matrix.stream(); }

PetscErrorCode SeqPinHostArray(Mat A, Vec v, const PetscScalar* data, PetscMemType memtype) {
  PetscFunctionBegin;
  if (State(A)->settings.transfer == Transfer::pin && !PetscMemTypeDevice(memtype)) PetscCall(PinHostArray(v, data));
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode SeqMultIntoDevice(Mat A, Vec x, PetscScalar beta, PetscScalar* z, aijadaptive::Stream stream) {
  ReadAccess xa;
  WriteAccess za;

  PetscFunctionBegin;
  PetscCall(SeqEnsureCurrent(A));
  PetscCheck(SeqRunsOnDevice(A), PETSC_COMM_SELF, PETSC_ERR_PLIB,
             "aijadaptive: a product into device memory for a matrix that runs on the host");
  PetscCall(GetRead(x, &xa));
  PetscCall(SeqPinHostArray(A, x, xa.data, xa.memtype));
  za.data = z;
  za.memtype = PETSC_MEMTYPE_DEVICE;
  za.read = beta != PetscScalar(0);
  PetscErrorCode failed = PETSC_SUCCESS;
  const PetscErrorCode logged = LoggedProduct(A, aijadaptive::Op::plain, x, xa, beta, nullptr, za, true, stream, &failed);
  PetscCall(RestoreRead(&xa));
  PetscCall(logged);
  PetscCall(failed);
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode SeqSetSettings(Mat A, const Settings& settings) {
  SeqState* s = State(A);

  PetscFunctionBegin;
  s->settings_given = true;
  if (!(s->settings == settings)) {
    s->settings = settings;
    s->settings_changed = true;
    InstallProductOps(A);  // ours, unless bound: the next product rebuilds
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode SeqBindToCPU(Mat A, PetscBool flg) {
  SeqState* s = State(A);

  PetscFunctionBegin;
  s->bound = flg;
  AijaSetBoundToCPU(A, flg);  // for the MPI type's blocks, which it binds directly
  InstallProductOps(A);
  PetscFunctionReturn(PETSC_SUCCESS);
}

PetscErrorCode SeqEnsureCurrent(Mat A) {
  SeqState* s = State(A);
  const PetscInt *i = nullptr, *j = nullptr;
  PetscScalar* a = nullptr;
  PetscMemType mtype;
  PetscObjectState state;

  PetscFunctionBegin;
  // Bound to the CPU: the device copy is brought up to date once unbound.
  if (s->bound || !A->preallocated || !A->assembled) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscObjectStateGet((PetscObject)A, &state));
  // Every MatMult comes here: with the object state (raised by every change
  // of the values) and the nonzero state (of the pattern) both as at the last
  // build or refill, nothing changed, and AIJ's arrays need not be asked for
  // (a method lookup by name).
  if (!s->settings_changed && s->matrix.built() && s->state == state && s->nonzerostate == A->nonzerostate)
    PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(MatSeqAIJGetCSRAndMemType(A, &i, &j, &a, &mtype));
  const PetscInt rows = A->rmap->n, cols = A->cmap->n, nnz = rows ? i[rows] : 0;
  const bool same_pattern = !s->settings_changed && s->matrix.built() && s->nonzerostate == A->nonzerostate &&
                            s->rows == rows && s->cols == cols && s->nnz == nnz && s->i == i && s->j == j;
  aijadaptive::CsrView<PetscScalar, PetscInt> view{rows, cols, i, j, a};
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
    PetscCall(KnownRowRuns(A, i, j, &view.row_runs));
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
  InstallProductOps(A);  // SeqAIJ's if it was built for the host
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
  if (s->bound) {
    PetscCall(print("aijadaptive: bound to the CPU (MatBindToCPU): SeqAIJ's products%s\n",
                    s->matrix.built() ? ", the device copy kept" : ""));
    if (!s->matrix.built()) PetscFunctionReturn(PETSC_SUCCESS);
  }
  if (!s->matrix.built()) {
    PetscCall(print("aijadaptive: not assembled yet\n"));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  if (s->matrix.placement() == aijadaptive::Placement::host) {
    PetscCall(print("aijadaptive: runs on the %s: SeqAIJ's products\n", s->matrix.placement_reason().c_str()));
  } else {
    PetscCall(print("aijadaptive: format %s: %s\n", s->matrix.format_name().c_str(), s->matrix.selection_reason().c_str()));
  }
  for (const aijadaptive::SkippedCandidate& k : s->matrix.skipped())
    PetscCall(print("aijadaptive: format %s skipped: %s\n", k.format.c_str(), k.why.c_str()));
  if (s->matrix.placement() == aijadaptive::Placement::host) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(print("aijadaptive: runs on the %s\n", s->matrix.placement_reason().c_str()));
  for (const std::string& line : s->matrix.describe()) PetscCall(print("aijadaptive: %s\n", line.c_str()));
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
  SeqState* s = nullptr;
  AIJA_CALL(s = new SeqState());
  B->spptr = s;
  CaptureHostProducts(B, s);
  AijaSetBoundToCPU(B, PETSC_FALSE);
  InstallProductOps(B);
  B->ops->assemblyend = AssemblyEnd;
  B->ops->setfromoptions = SetFromOptions;
  B->ops->bindtocpu = SeqBindToCPU;
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
