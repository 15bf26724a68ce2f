/* The MPI products' ghost values (plugin/ghosts.hpp): the four products of an
   mpiaijadaptive matrix against plain AIJ on any number of ranks, and, with a
   CUDA PETSc and device vectors, the copies between host and device that a
   product makes (-log_view's CpuToGpu and GpuToCpu counts): ours none, the
   whole MatMult's those of mpiaijcusparse's on the same matrix, which are the
   scatter's alone; with host vectors, the products send x and y, never the
   ghost values. With -expect_peer_exchange (CUDA vectors, ranks on one
   node: plugin/peer_ghosts.hpp), a MatMult of several ranks copies nothing
   at all: the ghost values go between the GPUs; with -expect_peer_exchange
   false, it makes aijcusparse's copies (PETSc's scatter). Either prints the
   matrix's -mat_view ::ascii_info, which says which. Prints the counts per
   product. Exit code 0 only if all hold. -require_gpu: exits with 77 (skip)
   without a GPU. */
#include <petscaijadaptive.h>
#include <petsc/private/matimpl.h>
#include "petsc_compat_c.h"

static PetscInt  failures = 0;
static PetscBool expect_peer_exchange = PETSC_FALSE, expect_peer_given = PETSC_FALSE;

static PetscErrorCode BindToCPU(Mat A, PetscBool flg)
{
  PetscFunctionBeginUser;
#if defined(PETSC_HAVE_DEVICE)
  PetscCall(MatBindToCPU(A, flg));
#else
  PetscCall((*A->ops->bindtocpu)(A, flg)); /* MatBindToCPU is a no-op there */
#endif
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The 2D 5-point Laplacian on an n x n grid plus, in every row, a column far
   away (rows/2 on): ghosts from the neighbouring ranks and from far ones.
   Preallocated, or not (MatSetUp: PETSc 3.19 and later then assemble through
   a hash table and make the blocks afresh, plain SEQAIJ, at the assembly's
   end, before the MPI type's ghost vector). */
static PetscErrorCode Assemble(MatType type, PetscInt n, PetscBool preallocate, Mat *A)
{
  PetscInt N = n * n, rstart, rend;

  PetscFunctionBeginUser;
  PetscCall(MatCreate(PETSC_COMM_WORLD, A));
  PetscCall(MatSetSizes(*A, PETSC_DECIDE, PETSC_DECIDE, N, N));
  PetscCall(MatSetType(*A, type));
  if (preallocate) {
    PetscCall(MatSeqAIJSetPreallocation(*A, 6, NULL));
    PetscCall(MatMPIAIJSetPreallocation(*A, 6, NULL, 6, NULL));
  } else {
    PetscCall(MatSetUp(*A));
  }
  PetscCall(MatGetOwnershipRange(*A, &rstart, &rend));
  for (PetscInt r = rstart; r < rend; r++) {
    const PetscInt i = r % n, j = r / n, far = (r + N / 2) % N;
    PetscInt       cols[6], c = 0;
    PetscScalar    v[6];
    if (j > 0) { cols[c] = r - n; v[c++] = -1.0; }
    if (i > 0) { cols[c] = r - 1; v[c++] = -1.0; }
    cols[c] = r; v[c++] = 4.5;
    if (i < n - 1) { cols[c] = r + 1; v[c++] = -1.0; }
    if (j < n - 1) { cols[c] = r + n; v[c++] = -1.0; }
    if (far != r && far != r - 1 && far != r + 1 && far != r - n && far != r + n) { cols[c] = far; v[c++] = 0.25; }
    PetscCall(MatSetValues(*A, 1, &r, c, cols, v, ADD_VALUES));
  }
  PetscCall(MatAssemblyBegin(*A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(*A, MAT_FINAL_ASSEMBLY));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode Expect(PetscBool ok, const char *what)
{
  PetscFunctionBeginUser;
  if (!ok) {
    failures++;
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "FAIL %s\n", what));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* op 0: MatMult, 1: MatMultAdd, 2: MatMultTranspose, 3: MatMultTransposeAdd,
   z from x (and y). */
static PetscErrorCode Product(Mat A, PetscInt op, Vec x, Vec y, Vec z)
{
  PetscFunctionBeginUser;
  if (op == 0) PetscCall(MatMult(A, x, z));
  else if (op == 1) PetscCall(MatMultAdd(A, x, y, z));
  else if (op == 2) PetscCall(MatMultTranspose(A, x, z));
  else PetscCall(MatMultTransposeAdd(A, x, y, z));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Each product of A against the same product of the AIJ matrix R. */
static PetscErrorCode CompareProducts(Mat A, Mat R)
{
  static const char *names[4] = {"MatMult", "MatMultAdd", "MatMultTranspose", "MatMultTransposeAdd"};
  Vec                x, y, z, xr, yr, zr;
  PetscRandom        rnd;

  PetscFunctionBeginUser;
  PetscCall(PetscRandomCreate(PETSC_COMM_WORLD, &rnd));
  PetscCall(PetscRandomSetFromOptions(rnd));
  PetscCall(MatCreateVecs(A, &x, &y));
  PetscCall(MatCreateVecs(R, &xr, &yr));
  PetscCall(VecSetRandom(x, rnd));
  PetscCall(VecSetRandom(y, rnd));
  PetscCall(VecCopy(x, xr));
  PetscCall(VecCopy(y, yr));
  PetscCall(VecDuplicate(y, &z));
  PetscCall(VecDuplicate(yr, &zr));
  for (PetscInt op = 0; op < 4; op++) {
    PetscReal diff, norm;
    char      what[128];
    PetscCall(Product(A, op, x, y, z)); /* square: x and y alike for every op */
    PetscCall(Product(R, op, xr, yr, zr));
    PetscCall(VecNorm(zr, NORM_2, &norm));
    PetscCall(VecAXPY(zr, -1.0, z));
    PetscCall(VecNorm(zr, NORM_2, &diff));
    PetscCall(PetscSNPrintf(what, sizeof(what), "%s differs from AIJ's: %g relative", names[op], (double)(diff / norm)));
    PetscCall(Expect(diff <= 1e-12 * norm ? PETSC_TRUE : PETSC_FALSE, what));
  }
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&y));
  PetscCall(VecDestroy(&z));
  PetscCall(VecDestroy(&xr));
  PetscCall(VecDestroy(&yr));
  PetscCall(VecDestroy(&zr));
  PetscCall(PetscRandomDestroy(&rnd));
  PetscFunctionReturn(PETSC_SUCCESS);
}

#if defined(PETSC_HAVE_CUDA)
typedef struct {
  PetscLogDouble to_gpu, to_cpu;             /* copies, this rank */
  PetscLogDouble to_gpu_bytes, to_cpu_bytes; /* their bytes */
} Copies;

static PetscErrorCode CopiesOf(const char *event_name, Copies *c)
{
  PetscLogEvent      event;
  PetscEventPerfInfo info;

  PetscFunctionBeginUser;
  PetscCall(PetscLogEventGetId(event_name, &event));
  PetscCall(PetscLogEventGetPerfInfo(0, event, &info));
  c->to_gpu       = info.CpuToGpuCount;
  c->to_cpu       = info.GpuToCpuCount;
  c->to_gpu_bytes = info.CpuToGpuSize;
  c->to_cpu_bytes = info.GpuToCpuSize;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The copies that `reps` products `op` of A make, in the event `outer` (the
   whole product) and in ours (`inner`), per product. */
static PetscErrorCode CopiesPerProduct(Mat A, PetscInt op, PetscInt reps, const char *outer, const char *inner, Copies *whole, Copies *ours)
{
  Vec    x, y, z;
  Copies w0, w1, o0, o1;

  PetscFunctionBeginUser;
  PetscCall(MatCreateVecs(A, &x, &y));
  PetscCall(VecDuplicate(y, &z));
  PetscCall(VecSet(x, 1.0));
  PetscCall(VecSet(y, 2.0));
  PetscCall(Product(A, op, x, y, z)); /* the set-up's copies are not counted */
  PetscCall(CopiesOf(outer, &w0));
  PetscCall(CopiesOf(inner, &o0));
  for (PetscInt k = 0; k < reps; k++) PetscCall(Product(A, op, x, y, z));
  PetscCall(CopiesOf(outer, &w1));
  PetscCall(CopiesOf(inner, &o1));
  whole->to_gpu = (w1.to_gpu - w0.to_gpu) / reps;
  whole->to_cpu = (w1.to_cpu - w0.to_cpu) / reps;
  ours->to_gpu  = (o1.to_gpu - o0.to_gpu) / reps;
  ours->to_cpu  = (o1.to_cpu - o0.to_cpu) / reps;
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&y));
  PetscCall(VecDestroy(&z));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Host vectors (VECMPI) with the matrix on the GPU, x changed before every
   MatMult: the ghost values reach the GPU once, through the scatter, so the
   products send x (the diagonal block's input) and y (where an off-process
   block adds to it) and nothing else. */
static PetscErrorCode HostVectorUploads(Mat A, PetscInt reps)
{
  Vec         x, y;
  Copies      c0, c1;
  PetscInt    m, n, ghosts = 0;
  PetscMPIInt rank;
  char        what[256];

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  PetscCall(MatGetLocalSize(A, &m, &n));
  {
    PetscBool mpiaij;
    PetscCall(PetscObjectBaseTypeCompare((PetscObject)A, MATMPIAIJ, &mpiaij));
    if (mpiaij) {
      Mat             Ad, Ao;
      const PetscInt *garray;
      PetscCall(MatMPIAIJGetSeqAIJ(A, &Ad, &Ao, &garray));
      PetscCall(MatGetLocalSize(Ao, NULL, &ghosts));
    }
  }
  PetscCall(VecCreateMPI(PETSC_COMM_WORLD, n, PETSC_DETERMINE, &x));
  PetscCall(VecCreateMPI(PETSC_COMM_WORLD, m, PETSC_DETERMINE, &y));
  PetscCall(VecSet(x, 1.0));
  PetscCall(MatMult(A, x, y));
  PetscCall(CopiesOf("AIJAdaptSpMV", &c0));
  for (PetscInt k = 0; k < reps; k++) {
    PetscCall(VecSet(x, (PetscScalar)(k + 2)));
    PetscCall(MatMult(A, x, y));
  }
  PetscCall(CopiesOf("AIJAdaptSpMV", &c1));
  {
    const double up = (c1.to_gpu_bytes - c0.to_gpu_bytes) / reps, down = (c1.to_cpu_bytes - c0.to_cpu_bytes) / reps;
    /* y is sent only where an off-process block adds to it. */
    const double expected = (double)(n + (ghosts ? m : 0)) * sizeof(PetscScalar);
    PetscCall(PetscSynchronizedPrintf(PETSC_COMM_WORLD, "[%d] host vectors, MatMult: the products send %.0f B, receive %.0f B per product (x and y: %.0f B)\n", rank, up, down, expected));
    PetscCall(PetscSNPrintf(what, sizeof(what), "host vectors: the products sent %.0f B per MatMult, not x and y's %.0f B", up, expected));
    PetscCall(Expect(up == expected ? PETSC_TRUE : PETSC_FALSE, what));
  }
  PetscCall(PetscSynchronizedFlush(PETSC_COMM_WORLD, PETSC_STDOUT));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&y));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode CompareCopies(PetscInt n, PetscBool preallocate, PetscInt reps)
{
  static const char *outer[2] = {"MatMult", "MatMultTranspose"}, *inner[2] = {"AIJAdaptSpMV", "AIJAdaptSpMVT"};
  const char        *how = preallocate ? "preallocated" : "hash-assembled";
  Mat                A, C;
  PetscMPIInt        rank;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  PetscCall(Assemble(MATAIJADAPTIVE, n, preallocate, &A));
  PetscCall(Assemble(MATAIJCUSPARSE, n, preallocate, &C));
  for (PetscInt t = 0; t < 2; t++) {
    Copies mine, ours, theirs, unused;
    char   what[256];
    PetscCall(CopiesPerProduct(A, 2 * t, reps, outer[t], inner[t], &mine, &ours));
    PetscCall(CopiesPerProduct(C, 2 * t, reps, outer[t], inner[t], &theirs, &unused));
    PetscCall(PetscSynchronizedPrintf(PETSC_COMM_WORLD, "[%d] %s, %s, per product: aijadaptive CpuToGpu %g GpuToCpu %g (its products %g %g), aijcusparse %g %g\n", rank, how, outer[t], mine.to_gpu, mine.to_cpu, ours.to_gpu, ours.to_cpu, theirs.to_gpu, theirs.to_cpu));
    PetscCall(PetscSNPrintf(what, sizeof(what), "%s, %s: aijadaptive's products copied (%g up, %g down per product)", how, outer[t], ours.to_gpu, ours.to_cpu));
    PetscCall(Expect(ours.to_gpu == 0 && ours.to_cpu == 0 ? PETSC_TRUE : PETSC_FALSE, what));
    PetscCall(PetscSNPrintf(what, sizeof(what), "%s, %s: aijadaptive copies %g up, %g down per product, aijcusparse %g, %g", how, outer[t], mine.to_gpu, mine.to_cpu, theirs.to_gpu, theirs.to_cpu));
    PetscCall(Expect(mine.to_gpu <= theirs.to_gpu && mine.to_cpu <= theirs.to_cpu ? PETSC_TRUE : PETSC_FALSE, what));
    if (expect_peer_given && t == 0) {
      PetscMPIInt size;
      PetscCallMPI(MPI_Comm_size(PETSC_COMM_WORLD, &size));
      if (expect_peer_exchange) {
        PetscCall(PetscSNPrintf(what, sizeof(what), "%s, MatMult with the peer exchange: %g copies up, %g down per product, not none", how, mine.to_gpu, mine.to_cpu));
        PetscCall(Expect(size == 1 || (mine.to_gpu == 0 && mine.to_cpu == 0) ? PETSC_TRUE : PETSC_FALSE, what));
      } else {
        PetscCall(PetscSNPrintf(what, sizeof(what), "%s, MatMult with PETSc's scatter: %g copies up, %g down per product, not aijcusparse's %g, %g", how, mine.to_gpu, mine.to_cpu, theirs.to_gpu, theirs.to_cpu));
        PetscCall(Expect(size == 1 || (mine.to_gpu == theirs.to_gpu && mine.to_cpu == theirs.to_cpu) ? PETSC_TRUE : PETSC_FALSE, what));
      }
    }
  }
  PetscCall(PetscSynchronizedFlush(PETSC_COMM_WORLD, PETSC_STDOUT));
  PetscCall(HostVectorUploads(A, reps));
  PetscCall(MatDestroy(&A));
  PetscCall(MatDestroy(&C));
  PetscFunctionReturn(PETSC_SUCCESS);
}
#endif

int main(int argc, char **argv)
{
  PetscInt  n = 48, reps = 10;
  PetscBool require_gpu, skip;
  Mat       A, R;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(MatAIJAdaptiveInitializePackage());
  PetscCall(PetscLogDefaultBegin()); /* the copy counts */
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &n, NULL));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-expect_peer_exchange", &expect_peer_exchange, &expect_peer_given));
  PetscCall(RequireGpuOption(&require_gpu, &skip));
  if (skip) {
    PetscCall(PetscFinalize());
    return 77;
  }
  for (PetscInt p = 0; p < 2; p++) {
    const PetscBool preallocate = (PetscBool)(p == 0);
    PetscCall(Assemble(MATAIJADAPTIVE, n, preallocate, &A));
    PetscCall(Assemble(MATAIJ, n, preallocate, &R));
    PetscCall(CompareProducts(A, R));
    if (expect_peer_given) { /* which exchange the products used, per rank */
      PetscCall(PetscViewerPushFormat(PETSC_VIEWER_STDOUT_WORLD, PETSC_VIEWER_ASCII_INFO));
      PetscCall(MatView(A, PETSC_VIEWER_STDOUT_WORLD));
      PetscCall(PetscViewerPopFormat(PETSC_VIEWER_STDOUT_WORLD));
    }
    /* Bound to the CPU (the ghosts then on the host), and back. */
    PetscCall(BindToCPU(A, PETSC_TRUE));
    PetscCall(CompareProducts(A, R));
    PetscCall(BindToCPU(A, PETSC_FALSE));
    PetscCall(CompareProducts(A, R));
    PetscCall(MatDestroy(&A));
    PetscCall(MatDestroy(&R));
#if defined(PETSC_HAVE_CUDA)
    if (require_gpu) PetscCall(CompareCopies(n, preallocate, reps));
#else
    (void)reps;
#endif
  }
  {
    PetscInt total = failures;
    PetscCallMPI(MPI_Allreduce(&failures, &total, 1, MPIU_INT, MPI_SUM, PETSC_COMM_WORLD));
    failures = total;
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: %" PetscInt_FMT " failures\n", failures ? "FAILED" : "PASSED", failures));
  PetscCall(PetscFinalize());
  return failures ? 1 : 0;
}
