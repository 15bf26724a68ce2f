// Shared by the PETSc glue only: per-matrix state, settings, base ops, events,
// and the macro that turns core exceptions into PETSc errors.
#pragma once

#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/errors.hpp>
#include <aijadaptive/scalar.hpp>

#include <complex>
#include <exception>
#include <type_traits>

#include "aija_compat.h"
#include "petscaijadaptive.h"

namespace aija {

// PetscScalar in C++: double, float, or std::complex of them (a complex PETSc),
// all of which the core is built for (instantiate.hpp), the complex ones
// unless configured with AIJADAPTIVE_VALUE_TYPES=real.
static_assert(std::is_same_v<PetscScalar, double> || std::is_same_v<PetscScalar, float> ||
                  std::is_same_v<PetscScalar, std::complex<double>> || std::is_same_v<PetscScalar, std::complex<float>>,
              "aijadaptive needs double or single precision scalars, real or complex");
static_assert(!aijadaptive::is_complex_v<PetscScalar> || AIJADAPTIVE_HAVE_COMPLEX,
              "a complex PETSc needs the complex value types: configure with -DAIJADAPTIVE_VALUE_TYPES=all");
static_assert(sizeof(PetscInt) == 4 || sizeof(PetscInt) == 8, "PetscInt must be 32 or 64 bits");
using Index = std::conditional_t<sizeof(PetscInt) == 8, std::int64_t, std::int32_t>;
static_assert(std::is_same_v<PetscInt, Index>, "PetscInt is not an int32_t/int64_t");
using Matrix = aijadaptive::AdaptiveMatrix<PetscScalar, PetscInt>;

// When MPI products push their ghosts between the GPUs (-mat_aijadaptive_peer_exchange):
// auto where every rank has a GPU of its own, always (ranks sharing a GPU too), never.
enum class PeerChoice { automatic, always, never };
extern const char* const kPeerChoiceNames[3];

// How host vectors reach a matrix on the GPU (-mat_aijadaptive_host_transfer).
enum class Transfer { stage, direct, pin };
extern const char* const kTransferNames[3];

// What the options say; pushed from an MPI matrix to its two blocks.
struct Settings {
  aijadaptive::FormatChoice format;
  aijadaptive::ReorderChoice reorder = aijadaptive::ReorderChoice::automatic;
  PetscBool force_host = PETSC_FALSE;
  PetscInt device = -1;            // -1: PETSc's device, or node-local rank modulo GPUs
  PetscReal memory_limit_mib = 0;  // 0: no limit beyond the free device memory
  Transfer transfer = Transfer::pin;
  PetscBool jit = PETSC_TRUE;        // -mat_aijadaptive_jit
  PetscBool graphs = PETSC_TRUE;     // -mat_aijadaptive_graphs
  PetscReal stream_min_mib = 4;      // -mat_aijadaptive_stream_min_mib (< 0: never)
  PetscReal stream_piece_mib = 2;    // -mat_aijadaptive_stream_piece_mib
  aijadaptive::TuningParams params;  // -mat_aijadaptive_<format>_<parameter>
  PetscInt tune_candidates = aijadaptive::TuneOptions{}.candidates;  // -mat_aijadaptive_tune_candidates
  PetscInt tune_products = aijadaptive::TuneOptions{}.products;      // -mat_aijadaptive_tune_products
  PetscBool tune_disk = PETSC_FALSE;                                 // -mat_aijadaptive_tune_disk
  PetscInt tune_min_nnz = PetscInt(aijadaptive::TuneOptions{}.min_nnz);  // -mat_aijadaptive_tune_min_nnz
  PeerChoice peer_exchange = PeerChoice::automatic;                  // -mat_aijadaptive_peer_exchange
  PetscInt defer_min_nnz = PetscInt(aijadaptive::MatrixOptions{}.defer_min_nnz);  // -1: never
  PetscInt defer_takeover = 0;                                                     // 0: when ready

  bool operator==(const Settings& o) const {
    return format == o.format && tune_candidates == o.tune_candidates && tune_products == o.tune_products &&
           tune_disk == o.tune_disk && tune_min_nnz == o.tune_min_nnz && reorder == o.reorder &&
           force_host == o.force_host && device == o.device && memory_limit_mib == o.memory_limit_mib &&
           transfer == o.transfer && jit == o.jit && graphs == o.graphs && stream_min_mib == o.stream_min_mib &&
           stream_piece_mib == o.stream_piece_mib && params == o.params && peer_exchange == o.peer_exchange &&
           defer_min_nnz == o.defer_min_nnz && defer_takeover == o.defer_takeover;
  }
};

// Reads -mat_aijadaptive_* inside the caller's PetscOptionsHead block.
PetscErrorCode SettingsFromOptions(Mat A, AijaOptionItems PetscOptionsObject, Settings* s);
// The same outside MatSetFromOptions: matrices made by MatConvert, MatSetType
// or a DM may never see it, and the options must apply to them too.
PetscErrorCode SettingsFromDatabase(Mat A, Settings* s);
aijadaptive::MatrixOptions ToMatrixOptions(const Settings& s);
// The GPU of this rank's matrices, the one place it is decided: the
// -mat_aijadaptive_device option, else PETSc's device (a CUDA PETSc), else
// the node-local rank modulo the node's GPUs. -1 when there is none to use.
PetscErrorCode ChooseDevice(const Settings& s, int* device);

// SeqAIJ's six products of one matrix, as AIJ set them (its I-node variants
// where it found I-nodes at assembly): what runs while the matrix is on the
// host, so that the host path is AIJ's own. The Hermitian ones may be null
// (PETSc then runs A^H through the transpose, conjugating x and y).
struct HostProducts {
  decltype(_MatOps::mult) mult = nullptr;
  decltype(_MatOps::multadd) multadd = nullptr;
  decltype(_MatOps::multtranspose) multtranspose = nullptr;
  decltype(_MatOps::multtransposeadd) multtransposeadd = nullptr;
  decltype(_MatOps::multhermitiantranspose) multhermitiantranspose = nullptr;
  decltype(_MatOps::multhermitiantransposeadd) multhermitiantransposeadd = nullptr;
};

// A->spptr of a seqaijadaptive matrix.
struct SeqState {
  Settings settings;
  Matrix matrix;
  HostProducts host_products;
  // MatBindToCPU(A, PETSC_TRUE): SeqAIJ's products; the device copy is kept
  // and reused when the matrix is unbound unchanged.
  bool bound = false;
  bool settings_changed = true;
  bool settings_given = false;  // by MatSetFromOptions or the MPI parent; else read at build
  // What the matrix was built from; any change of the pattern part -> rebuild.
  PetscObjectState nonzerostate = 0, state = 0;
  PetscInt rows = -1, cols = -1, nnz = -1;
  const PetscInt *i = nullptr, *j = nullptr;
};

struct Events {
  PetscLogEvent build = 0, upload = 0, refill = 0, spmv = 0, spmv_transpose = 0;
};
extern Events events;

// The op tables of pristine SEQAIJ and MPIAIJ matrices, captured once: Debian's
// PETSc does not export most AIJ functions, so we chain through these.
PetscErrorCode CaptureBaseOps();
const _MatOps& BaseSeqOps();
const _MatOps& BaseMpiOps();

// A is seqaijadaptive; the settings replace what the options database says.
PetscErrorCode SeqSetSettings(Mat A, const Settings& s);
PetscErrorCode SeqEnsureCurrent(Mat A);                   // build/refill/no-op
bool SeqRunsOnDevice(Mat A);  // its products run on the GPU (once current)
// The stream its products use when given none (nullptr on the host).
aijadaptive::Stream SeqStream(Mat A);
// Page-locks v's array (host memory, per `memtype`) when A's settings say
// -mat_aijadaptive_transfer pin, for its copies to and from A's GPU.
PetscErrorCode SeqPinHostArray(Mat A, Vec v, const PetscScalar* data, PetscMemType memtype);
// z = A x + beta z on `stream`, z in device memory (A's rows), x a host or
// device vector; A runs on the GPU. Logged as its other products are.
PetscErrorCode SeqMultIntoDevice(Mat A, Vec x, PetscScalar beta, PetscScalar* z, aijadaptive::Stream stream);
// MatBindToCPU for one block (the MPI type binds its two).
PetscErrorCode SeqBindToCPU(Mat A, PetscBool flg);
const SeqState* SeqStateOf(Mat A);

// The MatReuse cases of a conversion: REUSE copies A's values into *newmat and
// sets *B = NULL (nothing left to do); INITIAL sets *B to a duplicate of A,
// INPLACE to A itself, for the caller to convert.
PetscErrorCode ConversionTarget(Mat A, MatReuse reuse, Mat* newmat, Mat* B);
// VECCUDA when both PETSc and we can use a GPU (as aijcusparse does).
PetscErrorCode SetDefaultVecType(Mat A);
PetscErrorCode ViewSeqState(Mat A, PetscViewer viewer, PetscBool synchronized);

// What to do about a core error, said after its message; "" where the message
// says it (a caller's mistake, an unsupported request). The matrix is left as
// it was after any of them (fault_injection.hpp says how), so a retry is sound.
inline const char* ErrorAdvice(aijadaptive::ErrorKind kind) {
  switch (kind) {
    case aijadaptive::ErrorKind::out_of_device_memory:
      return ". The GPU lacks the memory for this call: free some (other matrices, vectors or processes on this "
             "GPU) or run the products on the host (-mat_aijadaptive_host); the matrix is unchanged and the call "
             "may be retried";
    case aijadaptive::ErrorKind::cuda:
    case aijadaptive::ErrorKind::cusparse:
      return ". The GPU failed: the matrix is unchanged and the call may be retried; if it fails again (a fault "
             "inside a kernel leaves the GPU unusable to this process), check the GPU (nvidia-smi, "
             "compute-sanitizer) or run the products on the host (-mat_aijadaptive_host)";
    default:
      return "";
  }
}

}  // namespace aija

// Runs core code; a core exception becomes a PETSc error naming the cause
// (and, for the GPU's failures, what to do).
#define AIJA_CALL(expr)                                                                        \
  do {                                                                                         \
    try {                                                                                      \
      expr;                                                                                    \
    } catch (const aijadaptive::Error& aija_e_) {                                              \
      SETERRQ(PETSC_COMM_SELF,                                                                 \
              aija_e_.kind() == aijadaptive::ErrorKind::invalid_argument  ? PETSC_ERR_ARG_WRONG \
              : aija_e_.kind() == aijadaptive::ErrorKind::unsupported     ? PETSC_ERR_SUP       \
              : aija_e_.kind() == aijadaptive::ErrorKind::out_of_device_memory ? PETSC_ERR_MEM  \
              : aija_e_.kind() == aijadaptive::ErrorKind::internal        ? PETSC_ERR_PLIB      \
                                                                          : PETSC_ERR_GPU,      \
              "aijadaptive: %s (%s at %s:%d)%s", aija_e_.what(),                               \
              aijadaptive::error_kind_name(aija_e_.kind()), aija_e_.file(), aija_e_.line(),    \
              aija::ErrorAdvice(aija_e_.kind()));                                              \
    } catch (const std::exception& aija_e_) {                                                  \
      SETERRQ(PETSC_COMM_SELF, PETSC_ERR_LIB, "aijadaptive: %s", aija_e_.what());              \
    }                                                                                          \
  } while (0)

namespace aija {
// f() with `device` current, its exception a PETSc error that is returned,
// not raised, so that the caller can first give back the arrays it holds or
// send the messages other ranks wait for.
template <class F>
PetscErrorCode OnDevice(int device, F&& f) {
  PetscFunctionBegin;
  AIJA_CALL(aijadaptive::DeviceGuard on(device); f());
  PetscFunctionReturn(PETSC_SUCCESS);
}
}  // namespace aija

extern "C" {
// Exported by libpetsc but declared only in its uninstalled private headers.
PETSC_EXTERN PetscErrorCode MatCreate_SeqAIJ(Mat);
PETSC_EXTERN PetscErrorCode MatCreate_MPIAIJ(Mat);

PETSC_INTERN PetscErrorCode MatCreate_SeqAIJAdaptive(Mat);
PETSC_INTERN PetscErrorCode MatCreate_MPIAIJAdaptive(Mat);
PETSC_INTERN PetscErrorCode MatConvert_SeqAIJ_SeqAIJAdaptive(Mat, MatType, MatReuse, Mat*);
PETSC_INTERN PetscErrorCode MatConvert_MPIAIJ_MPIAIJAdaptive(Mat, MatType, MatReuse, Mat*);
}
