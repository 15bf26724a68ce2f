/* The main job: solve a linear system with KSP on aijadaptive and on plain AIJ
   in the same run, and report iterations, residual, MatMult time and the
   effective bandwidth of MatMult.

   Problem: the 3D Poisson equation (7-point Laplacian, or 27-point with
   -stencil 27; Dirichlet boundary) on an n^3 grid (-n, default 20: 8,000 rows,
   a second on a laptop; -n 160 gives 4.1M rows for a GPU), or a matrix read with -f from a Matrix Market file
   (.mtx, .mtx.gz: coordinate real/integer/pattern, general/symmetric/
   skew-symmetric, read by the benchmark's reader) or a PETSc binary file
   (anything else). A file that cannot be used ends the run with its
   "FILE:LINE: what is wrong" as a PETSc error and exit status 1.

   Options: -types aijadaptive,aij (the matrix types to run, in order; each
   matrix is assembled directly in its type, as an application would: a
   MatConvert to some types, sellcuda's among them, takes minutes on large
   matrices), -mult_reps 100 (timed MatMults), -mult_rounds R (then time the
   types' MatMults again in R interleaved rounds of -mult_reps each and report
   the median per type and its ratio to the first type: the comparison to
   trust on a busy machine), and every KSP/PC/Mat option (default CG + Jacobi,
   rtol 1e-8).

   Byte model of the effective bandwidth (the CSR lower bound for y = A x):
   every stored value and column index read once, the row pointer, x and y
   touched once per row: nnz*(sizeof(PetscScalar)+sizeof(PetscInt)) +
   rows*(sizeof(PetscInt)+2*sizeof(PetscScalar)); 12 B/nonzero + 20 B/row for
   double/int32. */
#include <petscaijadaptive.h>
#include <petscksp.h>
#include "petsc_compat_c.h"
#include "mtx_reader_c.h"

/* -stencil 7: the 7-point Laplacian; -stencil 27: the 27-point one (26 on the
   diagonal, -1 for every neighbour in the 3x3x3 cube). */
static PetscErrorCode Poisson3D(PetscInt n, PetscInt stencil, MatType type, Mat *A)
{
  PetscInt rstart, rend, N = n * n * n;

  PetscFunctionBeginUser;
  PetscCheck(stencil == 7 || stencil == 27, PETSC_COMM_WORLD, PETSC_ERR_ARG_OUTOFRANGE, "-stencil must be 7 or 27, not %" PetscInt_FMT, stencil);
  PetscCall(MatCreate(PETSC_COMM_WORLD, A));
  PetscCall(MatSetSizes(*A, PETSC_DECIDE, PETSC_DECIDE, N, N));
  PetscCall(MatSetType(*A, type));
  /* Each call acts only on its own types; without SELL's, sellcuda's
     MatSetValues reallocates its rows and takes minutes at n = 160. */
  PetscCall(MatSeqAIJSetPreallocation(*A, stencil, NULL));
  PetscCall(MatMPIAIJSetPreallocation(*A, stencil, NULL, stencil, NULL));
  PetscCall(MatSeqSELLSetPreallocation(*A, stencil, NULL));
  PetscCall(MatMPISELLSetPreallocation(*A, stencil, NULL, stencil, NULL));
  PetscCall(MatGetOwnershipRange(*A, &rstart, &rend));
  for (PetscInt r = rstart; r < rend; r++) {
    PetscInt    i = r % n, j = (r / n) % n, k = r / (n * n), cols[27], c = 0;
    PetscScalar v[27];
    for (PetscInt dk = -1; dk <= 1; dk++)
      for (PetscInt dj = -1; dj <= 1; dj++)
        for (PetscInt di = -1; di <= 1; di++) {
          const PetscInt far = (di != 0) + (dj != 0) + (dk != 0);
          if (stencil == 7 && far > 1) continue;
          if (i + di < 0 || i + di >= n || j + dj < 0 || j + dj >= n || k + dk < 0 || k + dk >= n) continue;
          cols[c] = r + di + dj * n + dk * n * n;
          v[c++]  = far == 0 ? (PetscScalar)(stencil - 1) : -1.0;
        }
    PetscCall(MatSetValues(*A, 1, &r, c, cols, v, INSERT_VALUES));
  }
  PetscCall(MatAssemblyBegin(*A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(*A, MAT_FINAL_ASSEMBLY));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* A failure that every rank finds alike: rank 0 raises it (PETSc prints it
   once), the others return the same code quietly, and all reach main's
   PetscFinalize. (Raised on PETSC_COMM_WORLD, PETSc would end ranks other than
   0 itself, ten seconds later, and mpiexec would report an improper exit.) */
#define FailOnAllRanks(rank, code, ...) \
  do { \
    if ((rank) == 0) SETERRQ(PETSC_COMM_SELF, code, __VA_ARGS__); \
    PetscFunctionReturn(code); \
  } while (0)

/* Rank 0 reads the file with the benchmark's reader (mtx_reader_c.h: .mtx and
   .mtx.gz, symmetric files expanded, repeated entries added, every defect
   reported as "FILE:LINE: what is wrong") and sends each rank its rows, which
   that rank inserts itself into exactly preallocated storage. */
static PetscErrorCode ReadMatrixMarket(const char *path, MatType type, Mat *A)
{
  PetscMPIInt     rank, size;
  AijaMtxCsr      m = {0};
  char            error[1024] = "";
  int64_t         dims[2] = {0, 0}, *counts, *rp, *ci = NULL, most = 0, row_max = 0;
  double         *va = NULL;
  PetscLayout     rmap, cmap;
  const PetscInt *ranges;
  PetscInt        rstart, rend, cstart, cend, nloc, *d_nnz, *o_nnz, *cols;
  PetscScalar    *vals;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  PetscCallMPI(MPI_Comm_size(PETSC_COMM_WORLD, &size));
  if (rank == 0 && aija_mtx_read(path, 0, &m, error, sizeof(error)) == 0) {
    dims[0] = m.rows;
    dims[1] = m.cols;
  }
  /* Every rank fails alike, with rank 0's message (PETSc prints it once). */
  PetscCallMPI(MPI_Bcast(error, (PetscMPIInt)sizeof(error), MPI_CHAR, 0, PETSC_COMM_WORLD));
  if (error[0]) FailOnAllRanks(rank, PETSC_ERR_FILE_UNEXPECTED, "%s", error);
  PetscCallMPI(MPI_Bcast(dims, 2, MPI_INT64_T, 0, PETSC_COMM_WORLD));
  if (sizeof(PetscInt) < sizeof(int64_t) && (dims[0] > INT32_MAX || dims[1] > INT32_MAX)) {
    aija_mtx_free(&m);
    FailOnAllRanks(rank, PETSC_ERR_SUP, "%s: the matrix is %lld x %lld, too large for this PETSc's 32-bit PetscInt (configure PETSc --with-64-bit-indices)", path, (long long)dims[0], (long long)dims[1]);
  }
  /* The layouts MatSetSizes(PETSC_DECIDE) would make, known before the Mat. */
  PetscCall(PetscLayoutCreateFromSizes(PETSC_COMM_WORLD, PETSC_DECIDE, (PetscInt)dims[0], 1, &rmap));
  PetscCall(PetscLayoutCreateFromSizes(PETSC_COMM_WORLD, PETSC_DECIDE, (PetscInt)dims[1], 1, &cmap));
  PetscCall(PetscLayoutGetRanges(rmap, &ranges));
  PetscCall(PetscLayoutGetRange(rmap, &rstart, &rend));
  PetscCall(PetscLayoutGetRange(cmap, &cstart, &cend));
  nloc = rend - rstart;

  /* Entries per rank, checked by all against MPI's int counts. */
  PetscCall(PetscMalloc1(size, &counts));
  if (rank == 0)
    for (PetscMPIInt r = 0; r < size; r++) counts[r] = m.row_ptr[ranges[r + 1]] - m.row_ptr[ranges[r]];
  PetscCallMPI(MPI_Bcast(counts, size, MPI_INT64_T, 0, PETSC_COMM_WORLD));
  for (PetscMPIInt r = 0; r < size; r++) most = PetscMax(most, counts[r]);
  if (most > INT32_MAX) {
    aija_mtx_free(&m);
    PetscCall(PetscFree(counts));
    PetscCall(PetscLayoutDestroy(&rmap));
    PetscCall(PetscLayoutDestroy(&cmap));
    FailOnAllRanks(rank, PETSC_ERR_SUP, "%s: %lld entries on one rank, more than MPI can send at once: run on more ranks", path, (long long)most);
  }

  /* This rank's rows: row pointers (as in the file's CSR, not shifted), columns, values. */
  PetscCall(PetscMalloc1(nloc + 1, &rp));
  if (rank == 0) {
    for (PetscMPIInt r = 1; r < size; r++) {
      const int64_t first = m.row_ptr[ranges[r]];
      PetscCallMPI(MPI_Send(m.row_ptr + ranges[r], (PetscMPIInt)(ranges[r + 1] - ranges[r] + 1), MPI_INT64_T, r, 0, PETSC_COMM_WORLD));
      PetscCallMPI(MPI_Send(m.col_idx + first, (PetscMPIInt)counts[r], MPI_INT64_T, r, 1, PETSC_COMM_WORLD));
      PetscCallMPI(MPI_Send(m.values + first, (PetscMPIInt)counts[r], MPI_DOUBLE, r, 2, PETSC_COMM_WORLD));
    }
    for (PetscInt i = 0; i <= nloc; i++) rp[i] = m.row_ptr[i];
    ci = (int64_t *)m.col_idx;
    va = (double *)m.values;
  } else {
    PetscCall(PetscMalloc2(counts[rank], &ci, counts[rank], &va));
    PetscCallMPI(MPI_Recv(rp, (PetscMPIInt)(nloc + 1), MPI_INT64_T, 0, 0, PETSC_COMM_WORLD, MPI_STATUS_IGNORE));
    PetscCallMPI(MPI_Recv(ci, (PetscMPIInt)counts[rank], MPI_INT64_T, 0, 1, PETSC_COMM_WORLD, MPI_STATUS_IGNORE));
    PetscCallMPI(MPI_Recv(va, (PetscMPIInt)counts[rank], MPI_DOUBLE, 0, 2, PETSC_COMM_WORLD, MPI_STATUS_IGNORE));
  }

  /* ci and va index from rp[0]: the rows' entries in the diagonal and off-diagonal blocks. */
  PetscCall(PetscMalloc2(nloc, &d_nnz, nloc, &o_nnz));
  for (PetscInt i = 0; i < nloc; i++) {
    d_nnz[i] = o_nnz[i] = 0;
    for (int64_t k = rp[i]; k < rp[i + 1]; k++) {
      const int64_t c = ci[k - rp[0]];
      if (c >= cstart && c < cend) d_nnz[i]++;
      else o_nnz[i]++;
    }
    row_max = PetscMax(row_max, rp[i + 1] - rp[i]);
  }
  PetscCall(MatCreate(PETSC_COMM_WORLD, A));
  PetscCall(MatSetSizes(*A, nloc, cend - cstart, (PetscInt)dims[0], (PetscInt)dims[1]));
  PetscCall(MatSetType(*A, type));
  /* Each call acts only on its own types (see Poisson3D). */
  PetscCall(MatSeqAIJSetPreallocation(*A, 0, d_nnz));
  PetscCall(MatMPIAIJSetPreallocation(*A, 0, d_nnz, 0, o_nnz));
  PetscCall(MatSeqSELLSetPreallocation(*A, 0, d_nnz));
  PetscCall(MatMPISELLSetPreallocation(*A, 0, d_nnz, 0, o_nnz));
  /* The reader's rows are sorted and free of repeats: inserted as they are. */
  PetscCall(PetscMalloc2(row_max, &cols, row_max, &vals));
  for (PetscInt i = 0; i < nloc; i++) {
    const PetscInt row = rstart + i, n = (PetscInt)(rp[i + 1] - rp[i]);
    for (PetscInt k = 0; k < n; k++) {
      cols[k] = (PetscInt)ci[rp[i] - rp[0] + k];
      vals[k] = (PetscScalar)va[rp[i] - rp[0] + k];
    }
    PetscCall(MatSetValues(*A, 1, &row, n, cols, vals, INSERT_VALUES));
  }
  PetscCall(MatAssemblyBegin(*A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(*A, MAT_FINAL_ASSEMBLY));
  PetscCall(PetscFree2(cols, vals));
  PetscCall(PetscFree2(d_nnz, o_nnz));
  if (rank) PetscCall(PetscFree2(ci, va));
  PetscCall(PetscFree(rp));
  PetscCall(PetscFree(counts));
  PetscCall(PetscLayoutDestroy(&rmap));
  PetscCall(PetscLayoutDestroy(&cmap));
  aija_mtx_free(&m);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The matrix of the options, assembled in `type`. */
static PetscErrorCode Load(MatType type, Mat *A)
{
  char      path[PETSC_MAX_PATH_LEN];
  PetscBool have_file, mtx, mtxgz;
  PetscInt  n = 20, stencil = 7;

  PetscFunctionBeginUser;
  PetscCall(PetscOptionsGetString(NULL, NULL, "-f", path, sizeof(path), &have_file));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &n, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-stencil", &stencil, NULL));
  if (!have_file) {
    PetscCall(Poisson3D(n, stencil, type, A));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  PetscCall(PetscStrendswith(path, ".mtx", &mtx));
  PetscCall(PetscStrendswith(path, ".mtx.gz", &mtxgz));
  if (mtx || mtxgz) {
    /* Not PetscCall: its traceback would print an empty message on every
       rank but 0 (see FailOnAllRanks). */
    const PetscErrorCode ierr = ReadMatrixMarket(path, type, A);
    if (ierr) PetscFunctionReturn(ierr);
  } else {
    PetscViewer v;
    PetscCall(PetscViewerBinaryOpen(PETSC_COMM_WORLD, path, FILE_MODE_READ, &v));
    PetscCall(MatCreate(PETSC_COMM_WORLD, A));
    PetscCall(MatSetType(*A, type));
    PetscCall(MatLoad(*A, v));
    PetscCall(PetscViewerDestroy(&v));
  }
  {
    PetscInt    M, N;
    PetscMPIInt rank;
    PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
    PetscCall(MatGetSize(*A, &M, &N));
    if (M != N) {
      PetscCall(MatDestroy(A));
      FailOnAllRanks(rank, PETSC_ERR_ARG_SIZ, "%s: KSP needs a square matrix, this one is %" PetscInt_FMT " x %" PetscInt_FMT, path, M, N);
    }
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Waits for the GPU's work on v, if v lives there: a norm of a device vector.
   A host vector's MatMult has returned with its result, and a norm of it
   would only add the host's own time (a 4M-row norm: about 40 us per
   MatMult of 100). */
static PetscErrorCode WaitFor(Vec v)
{
  const PetscScalar *a;
  PetscMemType       mtype;
  PetscReal          norm;

  PetscFunctionBeginUser;
  PetscCall(VecGetArrayReadAndMemType(v, &a, &mtype));
  PetscCall(VecRestoreArrayReadAndMemType(v, &a));
  if (PetscMemTypeDevice(mtype)) PetscCall(VecNorm(v, NORM_2, &norm));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Mean time of one MatMult over `reps`, x and y swapping roles every time so
   that each product sees a changed input, as in a Krylov iteration. */
static PetscErrorCode TimeMatMult(Mat A, PetscInt reps, PetscReal *seconds, PetscReal *enqueued)
{
  Vec            x, y;
  PetscLogDouble t0, t1, te;

  PetscFunctionBeginUser;
  PetscCall(MatCreateVecs(A, &x, &y));
  PetscCall(VecSet(x, 1.0 / 12.0));
  for (int w = 0; w < 3; w++) PetscCall(MatMult(A, x, y)); /* warm-up */
  PetscCall(WaitFor(y));
  PetscCallMPI(MPI_Barrier(PETSC_COMM_WORLD));
  PetscCall(PetscTime(&t0));
  for (PetscInt r = 0; r < reps; r++) {
    if (r % 2 == 0) PetscCall(MatMult(A, x, y));
    else PetscCall(MatMult(A, y, x));
  }
  PetscCall(PetscTime(&te)); /* the host's share: the loop returns before the GPU is done */
  PetscCall(WaitFor(x));
  PetscCallMPI(MPI_Barrier(PETSC_COMM_WORLD));
  PetscCall(PetscTime(&t1));
  *seconds  = (PetscReal)((t1 - t0) / reps);
  *enqueued = (PetscReal)((te - t0) / reps);
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&y));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* " (format F, GPU)" for aijadaptive, its format as it is now: after the
   products, the one -mat_aijadaptive_format tune kept. Empty for other types. */
static PetscErrorCode FormatNote(Mat A, const char *type, char *note, size_t len)
{
  PetscBool ours;

  PetscFunctionBeginUser;
  note[0] = 0;
  PetscCall(PetscStrcmp(type, MATAIJADAPTIVE, &ours));
  if (ours) {
    const char *format;
    PetscBool   on_device;
    PetscCall(MatAIJAdaptiveGetFormat(A, &format, &on_device));
    PetscCall(PetscSNPrintf(note, len, " (format %s, %s)", format, on_device ? "GPU" : "host"));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode Run(Mat A, const char *type, PetscInt reps)
{
  KSP            ksp;
  PC             pc;
  Vec            x, b, r;
  PetscInt       its, M, N;
  PetscReal      rnorm, bnorm, mult, enqueued;
  PetscLogDouble t0, t1;
  MatInfo        info;
  char           where[256] = "";

  PetscFunctionBeginUser;
  PetscCall(MatGetSize(A, &M, &N));
  PetscCall(MatGetInfo(A, MAT_GLOBAL_SUM, &info));
  PetscCall(MatCreateVecs(A, &x, &b));
  PetscCall(VecDuplicate(b, &r));
  PetscCall(VecSet(b, 1.0));
  PetscCall(KSPCreate(PETSC_COMM_WORLD, &ksp));
  PetscCall(KSPSetOperators(ksp, A, A));
  PetscCall(KSPSetType(ksp, KSPCG));
  PetscCall(KSPGetPC(ksp, &pc));
  PetscCall(PCSetType(pc, PCJACOBI));
  PetscCall(KSPSetTolerances(ksp, 1e-8, PETSC_DEFAULT, PETSC_DEFAULT, 10000));
  PetscCall(KSPSetFromOptions(ksp));
  PetscCall(KSPSetUp(ksp));
  PetscCallMPI(MPI_Barrier(PETSC_COMM_WORLD));
  PetscCall(PetscTime(&t0));
  PetscCall(KSPSolve(ksp, b, x));
  PetscCall(PetscTime(&t1));
  PetscCall(KSPGetIterationNumber(ksp, &its));
  PetscCall(MatMult(A, x, r)); /* true residual */
  PetscCall(VecAYPX(r, -1.0, b));
  PetscCall(VecNorm(r, NORM_2, &rnorm));
  PetscCall(VecNorm(b, NORM_2, &bnorm));
  PetscCall(TimeMatMult(A, reps, &mult, &enqueued));
  PetscCall(FormatNote(A, type, where, sizeof(where)));
  {
    const double nnz = info.nz_used, bytes = nnz * (sizeof(PetscScalar) + sizeof(PetscInt)) + (double)M * (sizeof(PetscInt) + 2 * sizeof(PetscScalar));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%-12s%s\n  iterations %" PetscInt_FMT ", relative residual %.3e, solve %.3f s\n  MatMult %.4f ms (mean of %" PetscInt_FMT ", enqueued in %.4f ms), effective bandwidth %.1f GB/s, %.2f GFLOP/s\n", type, where, its, (double)(rnorm / bnorm), t1 - t0, 1e3 * mult, reps, 1e3 * enqueued, bytes / mult / 1e9, (2 * nnz - M) / mult / 1e9));
  }
  PetscCall(KSPDestroy(&ksp));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&b));
  PetscCall(VecDestroy(&r));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static int CompareReals(const void *a, const void *b)
{
  const PetscReal x = *(const PetscReal *)a, y = *(const PetscReal *)b;
  return (x > y) - (x < y);
}

/* -mult_rounds: every round times each type's MatMults once, in turn, so that
   whatever else the machine does falls on all types alike; the median of the
   rounds per type, and its ratio to the first type's. */
static PetscErrorCode CompareRounds(Mat *A, char **types, PetscInt ntypes, PetscInt reps, PetscInt rounds)
{
  PetscReal *t, *e;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc2(ntypes * rounds, &t, ntypes * rounds, &e));
  for (PetscInt k = 0; k < rounds; k++)
    for (PetscInt m = 0; m < ntypes; m++) PetscCall(TimeMatMult(A[m], reps, &t[m * rounds + k], &e[m * rounds + k]));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "MatMult in %" PetscInt_FMT " interleaved rounds of %" PetscInt_FMT ": median (min, max) per type\n", rounds, reps));
  for (PetscInt m = 0; m < ntypes; m++) {
    qsort(&t[m * rounds], (size_t)rounds, sizeof(PetscReal), CompareReals);
    qsort(&e[m * rounds], (size_t)rounds, sizeof(PetscReal), CompareReals);
  }
  for (PetscInt m = 0; m < ntypes; m++) {
    const PetscReal *r = &t[m * rounds], median = r[rounds / 2], first = t[rounds / 2];
    char             note[256];
    PetscCall(FormatNote(A[m], types[m], note, sizeof(note)));
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  %-12s %.4f ms (%.4f, %.4f), %.3fx the time of %s; enqueued in %.4f ms%s\n", types[m], 1e3 * median, 1e3 * r[0], 1e3 * r[rounds - 1], median / first, types[0], 1e3 * e[m * rounds + rounds / 2], note));
  }
  PetscCall(PetscFree2(t, e));
  PetscFunctionReturn(PETSC_SUCCESS);
}

int main(int argc, char **argv)
{
  Mat         A[8];
  char       *types[8];
  PetscInt    ntypes = 8, reps = 100, rounds = 0, n = 20, stencil = 7;
  PetscMPIInt size;
  MatInfo     info;
  PetscInt    M, N;
  PetscBool   have_file;
  char        path[PETSC_MAX_PATH_LEN];

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(MatAIJAdaptiveInitializePackage());
  PetscCallMPI(MPI_Comm_size(PETSC_COMM_WORLD, &size));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-mult_reps", &reps, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-mult_rounds", &rounds, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &n, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-stencil", &stencil, NULL));
  PetscCall(PetscOptionsGetString(NULL, NULL, "-f", path, sizeof(path), &have_file));
  {
    PetscBool set;
    PetscCall(PetscOptionsGetStringArray(NULL, NULL, "-types", types, &ntypes, &set));
    if (!set) {
      PetscCall(PetscStrallocpy(MATAIJADAPTIVE, &types[0]));
      PetscCall(PetscStrallocpy(MATAIJ, &types[1]));
      ntypes = 2;
    }
  }
  for (PetscInt t = 0; t < ntypes; t++) {
    /* A matrix that cannot be made (a bad file: PETSc has printed its
       "FILE:LINE: what is wrong") ends the run with status 1, as in the benchmark. */
    if (Load(types[t], &A[t])) {
      (void)PetscFinalize();
      return 1;
    }
    if (t == 0) {
      PetscCall(MatGetSize(A[0], &M, &N));
      PetscCall(MatGetInfo(A[0], MAT_GLOBAL_SUM, &info));
      /* The heading once the matrix is there: a failed read leaves no half line. */
      if (have_file) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: ", path));
      else PetscCall(PetscPrintf(PETSC_COMM_WORLD, "3D Poisson, %" PetscInt_FMT "-point stencil, %" PetscInt_FMT "^3 grid: ", stencil, n));
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%" PetscInt_FMT " rows, %.0f nonzeros, %d MPI rank%s\n", M, info.nz_used, size, size > 1 ? "s" : ""));
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "byte model: %d B per nonzero + %d B per row (values and column indices once; row pointer, x and y once per row)\n",
                            (int)(sizeof(PetscScalar) + sizeof(PetscInt)), (int)(sizeof(PetscInt) + 2 * sizeof(PetscScalar))));
    }
    PetscCall(Run(A[t], types[t], reps));
    if (!rounds) PetscCall(MatDestroy(&A[t])); /* kept only for the rounds */
  }
  if (rounds) {
    PetscCall(CompareRounds(A, types, ntypes, reps, rounds));
    for (PetscInt t = 0; t < ntypes; t++) PetscCall(MatDestroy(&A[t]));
  }
  for (PetscInt t = 0; t < ntypes; t++) PetscCall(PetscFree(types[t]));
  PetscCall(PetscFinalize());
  return 0;
}
