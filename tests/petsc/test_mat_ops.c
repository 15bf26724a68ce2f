/* aijadaptive against plain AIJ: every product after every kind of change to
   the matrix, on any number of ranks. Exit code 0 only if all agree to 1e-12
   (relative, 2-norm) and the type survives each operation. Also: MatBindToCPU
   there and back without a rebuild (counted by the AIJAdaptBuild event), and
   MatMultTranspose of a matrix known to be symmetric without a transpose
   (counted by AIJAdaptSpMVT). With complex scalars the matrices have complex
   entries, and MatMultHermitianTranspose(Add) is compared too (for real
   scalars it is the transpose); a matrix known to be Hermitian runs it as
   MatMult.

   -require_gpu: every aijadaptive matrix must run on the GPU (but while bound
   to the CPU); exits with 77 (skip) when there is no GPU at all. */
#include <petscaijadaptive.h>
#include <petsc/private/matimpl.h>
#include "petsc_compat_c.h"

static const char *TypeName(PetscObject o)
{
  const char *t = NULL;
  PetscCallAbort(PETSC_COMM_SELF, PetscObjectGetType(o, &t));
  return t;
}

static PetscReal tolerance = 1e-12;
static PetscBool banded    = PETSC_FALSE; /* -banded: entries on a few diagonals (the DIA-Adaptive formats) */
static PetscBool require_gpu = PETSC_FALSE;
static PetscBool bound = PETSC_FALSE; /* the aijadaptive matrix is bound to the CPU */
static PetscInt failures = 0;

static PetscErrorCode BindToCPU(Mat A, PetscBool flg)
{
  PetscFunctionBeginUser;
#if defined(PETSC_HAVE_DEVICE)
  PetscCall(MatBindToCPU(A, flg));
#else
  /* A PETSc without device support makes MatBindToCPU a no-op: call the
     operation it would call, which is ours. */
  PetscCall((*A->ops->bindtocpu)(A, flg));
#endif
  bound = flg;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* A deterministic entry for (row, k): the same matrix on any number of ranks.
   Scattered columns, or with -banded the diagonals row + 0, +-3, +-6, ...
   (clipped to the matrix). */
static PetscInt Column(PetscInt row, PetscInt k, PetscInt N)
{
  if (banded) return PetscMin(PetscMax(row + (k % 2 ? 1 : -1) * 3 * ((k + 1) / 2), 0), N - 1);
  return (PetscInt)((row * 7919 + k * k * 104729 + k * 31) % N);
}

static PetscErrorCode Fill(Mat A, PetscInt per_row, PetscScalar scale, InsertMode mode)
{
  PetscInt rstart, rend, N, M;

  PetscFunctionBeginUser;
  PetscCall(MatGetOwnershipRange(A, &rstart, &rend));
  PetscCall(MatGetSize(A, &M, &N));
  for (PetscInt i = rstart; i < rend; i++) {
    for (PetscInt k = 0; k < per_row + (i % 3); k++) {
      PetscInt    j = Column(i, k, N);
      PetscScalar v = scale * (1.0 + (PetscScalar)((i + 3 * j) % 17) / 8.0);
#if defined(PETSC_USE_COMPLEX)
      v += scale * PETSC_i * (PetscScalar)((5 * i + j) % 13 - 6) / 4.0; /* A^T and A^H differ */
#endif
      PetscCall(MatSetValues(A, 1, &i, 1, &j, &v, mode));
    }
    if (i < N) { /* a diagonal so that MatShift has something to hit */
      PetscScalar d = 10.0 * scale;
      PetscCall(MatSetValues(A, 1, &i, 1, &i, &d, mode));
    }
  }
  PetscCall(MatAssemblyBegin(A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(A, MAT_FINAL_ASSEMBLY));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode Create(MPI_Comm comm, PetscInt M, PetscInt N, MatType type, Mat *A)
{
  PetscFunctionBeginUser;
  PetscCall(MatCreate(comm, A));
  PetscCall(MatSetSizes(*A, PETSC_DECIDE, PETSC_DECIDE, M, N));
  PetscCall(MatSetType(*A, type));
  PetscCall(MatSeqAIJSetPreallocation(*A, 12, NULL));
  PetscCall(MatMPIAIJSetPreallocation(*A, 12, NULL, 12, NULL));
  PetscCall(Fill(*A, 5, 1.0, INSERT_VALUES));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode Check(const char *what, Vec ref, Vec got)
{
  PetscReal nref, ndiff;
  Vec       d;

  PetscFunctionBeginUser;
  PetscCall(VecDuplicate(ref, &d));
  PetscCall(VecWAXPY(d, -1.0, ref, got));
  PetscCall(VecNorm(ref, NORM_2, &nref));
  PetscCall(VecNorm(d, NORM_2, &ndiff));
  PetscCall(VecDestroy(&d));
  if (ndiff > tolerance * (nref > 0 ? nref : 1)) {
    failures++;
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "FAIL %s: relative error %g\n", what, (double)(ndiff / (nref > 0 ? nref : 1))));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode CheckType(const char *when, Mat A)
{
  PetscBool   seq, mpi, on_device;
  const char *format;

  PetscFunctionBeginUser;
  PetscCall(PetscObjectTypeCompare((PetscObject)A, MATSEQAIJADAPTIVE, &seq));
  PetscCall(PetscObjectTypeCompare((PetscObject)A, MATMPIAIJADAPTIVE, &mpi));
  if (!seq && !mpi) {
    failures++;
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "FAIL %s: type is %s\n", when, TypeName((PetscObject)A)));
    PetscFunctionReturn(PETSC_SUCCESS);
  }
  PetscCall(MatAIJAdaptiveGetFormat(A, &format, &on_device));
  if (bound && on_device) {
    failures++;
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "FAIL %s: runs on the GPU although bound to the CPU\n", when));
  }
  if (require_gpu && !bound && !on_device) {
    failures++;
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "FAIL %s: runs on the host although a GPU is required\n", when));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* One product of AIJ (ref) and aijadaptive (got) compared: z = op(A) x
   (twice when `again`: unchanged x, unchanged matrix), z = op(A) x + y with
   y != z and with y == z. */
static PetscErrorCode CompareOperation(const char *when, const char *name, PetscErrorCode (*mult)(Mat, Vec, Vec), PetscErrorCode (*multadd)(Mat, Vec, Vec, Vec), PetscBool again, Mat ref, Mat got, Vec x, Vec y, Vec z1, Vec z2)
{
  char what[256];

  PetscFunctionBeginUser;
  PetscCall(mult(ref, x, z1));
  PetscCall(mult(got, x, z2));
  PetscCall(PetscSNPrintf(what, sizeof(what), "%s: %s", when, name));
  PetscCall(Check(what, z1, z2));
  if (again) {
    PetscCall(mult(got, x, z2));
    PetscCall(Check(what, z1, z2));
  }
  PetscCall(multadd(ref, x, y, z1));
  PetscCall(multadd(got, x, y, z2));
  PetscCall(PetscSNPrintf(what, sizeof(what), "%s: %sAdd (y != z)", when, name));
  PetscCall(Check(what, z1, z2));
  PetscCall(VecCopy(y, z1));
  PetscCall(VecCopy(y, z2));
  PetscCall(multadd(ref, x, z1, z1));
  PetscCall(multadd(got, x, z2, z2));
  PetscCall(PetscSNPrintf(what, sizeof(what), "%s: %sAdd (y == z)", when, name));
  PetscCall(Check(what, z1, z2));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Every product of `got` against `ref`, same vectors. */
static PetscErrorCode CompareProducts(const char *when, Mat ref, Mat got)
{
  Vec         x, y, z1, z2, xt, yt, zt1, zt2;
  PetscRandom rnd;

  PetscFunctionBeginUser;
  PetscCall(CheckType(when, got));
  PetscCall(PetscRandomCreate(PETSC_COMM_WORLD, &rnd));
  PetscCall(PetscRandomSetSeed(rnd, 12345));
  PetscCall(PetscRandomSeed(rnd));
  PetscCall(MatCreateVecs(ref, &x, &y));
  PetscCall(VecDuplicate(y, &z1));
  PetscCall(VecDuplicate(y, &z2));
  PetscCall(MatCreateVecs(ref, &yt, &xt)); /* transpose: x in the row space */
  PetscCall(VecDuplicate(yt, &zt1));
  PetscCall(VecDuplicate(yt, &zt2));
  PetscCall(VecSetRandom(x, rnd));
  PetscCall(VecSetRandom(y, rnd));
  PetscCall(VecSetRandom(xt, rnd));
  PetscCall(VecSetRandom(yt, rnd));

  PetscCall(CompareOperation(when, "MatMult", MatMult, MatMultAdd, PETSC_TRUE, ref, got, x, y, z1, z2));
  PetscCall(CompareOperation(when, "MatMultTranspose", MatMultTranspose, MatMultTransposeAdd, PETSC_FALSE, ref, got, xt, yt, zt1, zt2));
  PetscCall(CompareOperation(when, "MatMultHermitianTranspose", MatMultHermitianTranspose, MatMultHermitianTransposeAdd, PETSC_FALSE, ref, got, xt, yt, zt1, zt2));

  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&y));
  PetscCall(VecDestroy(&z1));
  PetscCall(VecDestroy(&z2));
  PetscCall(VecDestroy(&xt));
  PetscCall(VecDestroy(&yt));
  PetscCall(VecDestroy(&zt1));
  PetscCall(VecDestroy(&zt2));
  PetscCall(PetscRandomDestroy(&rnd));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Apply the same change to both matrices, then compare. */
static PetscErrorCode Scenario(MPI_Comm comm, PetscInt M, PetscInt N)
{
  Mat         ref, got, dup, back;
  Vec         l, r;
  PetscRandom rnd;
  char        when[128];

  PetscFunctionBeginUser;
  PetscCall(Create(comm, M, N, MATAIJ, &ref));
  PetscCall(Create(comm, M, N, MATAIJADAPTIVE, &got));
  PetscCall(PetscSNPrintf(when, sizeof(when), "%" PetscInt_FMT "x%" PetscInt_FMT " assembled", M, N));
  PetscCall(CompareProducts(when, ref, got));

  /* Same pattern, new values: a refill, no rebuild. */
  PetscCall(Fill(ref, 5, 0.5, ADD_VALUES));
  PetscCall(Fill(got, 5, 0.5, ADD_VALUES));
  PetscCall(CompareProducts("values changed, same pattern", ref, got));

  /* New nonzeros after assembly: a rebuild (and an MPI disassembly). */
  PetscCall(MatSetOption(ref, MAT_NEW_NONZERO_ALLOCATION_ERR, PETSC_FALSE));
  PetscCall(MatSetOption(got, MAT_NEW_NONZERO_ALLOCATION_ERR, PETSC_FALSE));
  PetscCall(Fill(ref, 9, 0.25, ADD_VALUES));
  PetscCall(Fill(got, 9, 0.25, ADD_VALUES));
  PetscCall(CompareProducts("new nonzero pattern", ref, got));

  PetscCall(MatZeroEntries(ref));
  PetscCall(MatZeroEntries(got));
  PetscCall(CompareProducts("MatZeroEntries", ref, got));
  PetscCall(Fill(ref, 5, 2.0, ADD_VALUES));
  PetscCall(Fill(got, 5, 2.0, ADD_VALUES));
  PetscCall(CompareProducts("refilled after MatZeroEntries", ref, got));

  PetscCall(MatScale(ref, -2.5));
  PetscCall(MatScale(got, -2.5));
  PetscCall(CompareProducts("MatScale", ref, got));
  if (M == N) {
    PetscCall(MatShift(ref, 3.0));
    PetscCall(MatShift(got, 3.0));
    PetscCall(CompareProducts("MatShift", ref, got));
  }
  PetscCall(MatCreateVecs(ref, &r, &l));
  PetscCall(PetscRandomCreate(comm, &rnd));
  PetscCall(VecSetRandom(l, rnd));
  PetscCall(VecSetRandom(r, rnd));
  PetscCall(MatDiagonalScale(ref, l, r));
  PetscCall(MatDiagonalScale(got, l, r));
  PetscCall(CompareProducts("MatDiagonalScale", ref, got));

  /* Bound to the CPU: SeqAIJ's products, the device copy kept; new values
     while bound are refilled, not rebuilt, once unbound. */
  {
    PetscInt built, after;
    PetscCall(EventCount("AIJAdaptBuild", &built));
    PetscCall(BindToCPU(got, PETSC_TRUE));
    PetscCall(CompareProducts("bound to the CPU", ref, got));
    PetscCall(MatScale(ref, 0.5));
    PetscCall(MatScale(got, 0.5));
    PetscCall(CompareProducts("MatScale while bound to the CPU", ref, got));
    PetscCall(BindToCPU(got, PETSC_FALSE));
    PetscCall(CompareProducts("unbound", ref, got));
    PetscCall(EventCount("AIJAdaptBuild", &after));
    if (after != built) {
      failures++;
      PetscCall(PetscPrintf(PETSC_COMM_SELF, "FAIL MatBindToCPU round trip: %" PetscInt_FMT " builds instead of none\n", after - built));
    }
  }

  PetscCall(MatDuplicate(got, MAT_COPY_VALUES, &dup));
  PetscCall(CompareProducts("MatDuplicate", ref, dup));
  PetscCall(MatDestroy(&dup));

  /* MatConvert both ways: out to AIJ and back in place. */
  PetscCall(MatConvert(got, MATAIJ, MAT_INITIAL_MATRIX, &back));
  {
    PetscBool plain;
    PetscCall(PetscObjectTypeCompareAny((PetscObject)back, &plain, MATSEQAIJ, MATMPIAIJ, ""));
    if (!plain) {
      failures++;
      PetscCall(PetscPrintf(comm, "FAIL MatConvert to AIJ gave %s\n", TypeName((PetscObject)back)));
    }
  }
  PetscCall(MatConvert(back, MATAIJADAPTIVE, MAT_INPLACE_MATRIX, &back));
  PetscCall(CompareProducts("MatConvert AIJ -> aijadaptive (in place)", ref, back));
  PetscCall(MatDestroy(&back));
  PetscCall(MatConvert(ref, MATAIJADAPTIVE, MAT_INITIAL_MATRIX, &back));
  PetscCall(CompareProducts("MatConvert AIJ -> aijadaptive (new)", ref, back));
  PetscCall(MatDestroy(&back));

  PetscCall(VecDestroy(&l));
  PetscCall(VecDestroy(&r));
  PetscCall(PetscRandomDestroy(&rnd));
  PetscCall(MatDestroy(&ref));
  PetscCall(MatDestroy(&got));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* An AIJ and an aijadaptive matrix of the same band: entries j = i +- 7k
   (|j - i| <= reach), valued entry(i, j), assembled, the property `known`
   (MAT_SYMMETRIC or MAT_HERMITIAN) set. */
static PetscErrorCode CreateBandPair(MPI_Comm comm, PetscInt n, PetscInt reach, PetscScalar (*entry)(PetscInt, PetscInt), MatOption known, Mat m[2])
{
  MatType types[2] = {MATAIJ, MATAIJADAPTIVE};

  PetscFunctionBeginUser;
  for (int k = 0; k < 2; k++) {
    PetscInt rstart, rend;
    PetscCall(MatCreate(comm, &m[k]));
    PetscCall(MatSetSizes(m[k], PETSC_DECIDE, PETSC_DECIDE, n, n));
    PetscCall(MatSetType(m[k], types[k]));
    PetscCall(MatSeqAIJSetPreallocation(m[k], 12, NULL));
    PetscCall(MatMPIAIJSetPreallocation(m[k], 12, NULL, 12, NULL));
    PetscCall(MatGetOwnershipRange(m[k], &rstart, &rend));
    for (PetscInt i = rstart; i < rend; i++) {
      for (PetscInt j = i - reach; j <= i + reach; j += 7) {
        PetscScalar v = entry(i, j);
        if (j >= 0 && j < n) PetscCall(MatSetValues(m[k], 1, &i, 1, &j, &v, INSERT_VALUES));
      }
    }
    PetscCall(MatAssemblyBegin(m[k], MAT_FINAL_ASSEMBLY));
    PetscCall(MatAssemblyEnd(m[k], MAT_FINAL_ASSEMBLY));
    PetscCall(MatSetOption(m[k], known, PETSC_TRUE));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* A value that depends on {i, j} only. */
static PetscScalar SymmetricEntry(PetscInt i, PetscInt j)
{
  return 1.0 + (PetscScalar)((PetscMin(i, j) * 3 + PetscMax(i, j)) % 11) + (i == j ? 20 : 0);
}

/* MatMultHermitianTranspose as the very first product: the aijadaptive matrix
   is built inside it (on the host it then runs through AIJ's transpose with
   conjugated vectors, HostHermitianTranspose in plugin/seq.cpp, which no
   other test reaches there), then MatMultHermitianTransposeAdd as the first
   product after new values. With complex scalars also checks
   that the test itself can see a lost conjugation: A^H x and A^T x of the
   reference must differ. */
static PetscErrorCode HermitianFirstScenario(MPI_Comm comm, PetscInt M, PetscInt N)
{
  Mat         ref, got;
  Vec         x, y, z1, z2;
  PetscRandom rnd;

  PetscFunctionBeginUser;
  PetscCall(Create(comm, M, N, MATAIJ, &ref));
  PetscCall(Create(comm, M, N, MATAIJADAPTIVE, &got));
  PetscCall(PetscRandomCreate(comm, &rnd));
  PetscCall(PetscRandomSetSeed(rnd, 777));
  PetscCall(PetscRandomSeed(rnd));
  PetscCall(MatCreateVecs(ref, &y, &x)); /* x in the row space, y in the column space */
  PetscCall(VecDuplicate(y, &z1));
  PetscCall(VecDuplicate(y, &z2));
  PetscCall(VecSetRandom(x, rnd));
  PetscCall(VecSetRandom(y, rnd));
  PetscCall(MatMultHermitianTranspose(ref, x, z1));
  PetscCall(MatMultHermitianTranspose(got, x, z2));
  PetscCall(Check("first product: MatMultHermitianTranspose", z1, z2));
#if defined(PETSC_USE_COMPLEX)
  {
    PetscReal nh, nd;
    PetscCall(MatMultTranspose(ref, x, z2));
    PetscCall(VecNorm(z1, NORM_2, &nh));
    PetscCall(VecAXPY(z2, -1.0, z1));
    PetscCall(VecNorm(z2, NORM_2, &nd));
    /* Far above the tolerance, though the real diagonal of Fill (10, which
       -banded's diagonal 0 entries also land on) keeps it near 0.1. */
    if (!(nd > 1e-3 * nh)) {
      failures++;
      PetscCall(PetscPrintf(comm, "FAIL A^H x and A^T x differ by only %g of |A^H x|: the test matrix or vectors lost their imaginary parts\n", (double)(nd / nh)));
    }
  }
#endif
  /* New values, same pattern. */
  PetscCall(Fill(ref, 5, 0.5, ADD_VALUES));
  PetscCall(Fill(got, 5, 0.5, ADD_VALUES));
  PetscCall(MatMultHermitianTransposeAdd(ref, x, y, z1));
  PetscCall(MatMultHermitianTransposeAdd(got, x, y, z2));
  PetscCall(Check("first product after new values: MatMultHermitianTransposeAdd (y != z)", z1, z2));
  PetscCall(Fill(ref, 5, -0.25, ADD_VALUES));
  PetscCall(Fill(got, 5, -0.25, ADD_VALUES));
  PetscCall(VecCopy(y, z1));
  PetscCall(VecCopy(y, z2));
  PetscCall(MatMultHermitianTransposeAdd(ref, x, z1, z1));
  PetscCall(MatMultHermitianTransposeAdd(got, x, z2, z2));
  PetscCall(Check("first product after new values: MatMultHermitianTransposeAdd (y == z)", z1, z2));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&y));
  PetscCall(VecDestroy(&z1));
  PetscCall(VecDestroy(&z2));
  PetscCall(PetscRandomDestroy(&rnd));
  PetscCall(MatDestroy(&ref));
  PetscCall(MatDestroy(&got));
  PetscFunctionReturn(PETSC_SUCCESS);
}

#if defined(PETSC_USE_COMPLEX)
/* a_ji = conj(a_ij): the imaginary part odd in j - i. */
static PetscScalar HermitianEntry(PetscInt i, PetscInt j)
{
  return SymmetricEntry(i, j) + PETSC_i * (PetscScalar)(j - i) / 7.0 * (PetscScalar)(1 + (PetscMin(i, j) % 3));
}
#endif

/* A matrix that PETSc knows to be symmetric (MAT_SYMMETRIC: real entries, so
   Hermitian too) or Hermitian (MAT_HERMITIAN: complex entries, not
   symmetric): the product it is its own is MatMult, so on one rank (where the
   whole matrix is the diagonal block; the off-process block of an MPI matrix
   is neither) at most `transposes` transpose products run: none for the
   symmetric one, MatMultTranspose's 3 of CompareProducts for the Hermitian. */
static PetscErrorCode KnownSelfAdjointScenario(MPI_Comm comm, PetscInt n, MatOption known, PetscInt transposes)
{
  const PetscBool hermitian = known == MAT_HERMITIAN ? PETSC_TRUE : PETSC_FALSE;
  const char     *name      = hermitian ? "Hermitian" : "symmetric";
  Mat             m[2];
  PetscMPIInt     size;
  PetscInt        before, after;
  PetscBool       holds;

  PetscFunctionBeginUser;
#if defined(PETSC_USE_COMPLEX)
  PetscCall(CreateBandPair(comm, n, hermitian ? 14 : 21, hermitian ? HermitianEntry : SymmetricEntry, known, m));
  if (!hermitian)
    for (int k = 0; k < 2; k++) PetscCall(MatSetOption(m[k], MAT_HERMITIAN, PETSC_TRUE)); /* real entries: both */
#else
  PetscCall(CreateBandPair(comm, n, 21, SymmetricEntry, known, m));
#endif
  if (hermitian) PetscCall(MatIsHermitian(m[0], 0.0, &holds));
  else PetscCall(MatIsSymmetric(m[0], 0.0, &holds));
  if (!holds) {
    failures++;
    PetscCall(PetscPrintf(comm, "FAIL the %s test matrix is not %s\n", name, name));
  }
  PetscCall(EventCount("AIJAdaptSpMVT", &before));
  PetscCall(CompareProducts(hermitian ? "Hermitian, known to PETSc" : "symmetric, known to PETSc", m[0], m[1]));
  PetscCall(EventCount("AIJAdaptSpMVT", &after));
  PetscCallMPI(MPI_Comm_size(comm, &size));
  if (size == 1 && after - before > transposes) {
    failures++;
    PetscCall(PetscPrintf(comm, "FAIL a %s matrix ran %" PetscInt_FMT " transpose products, more than %" PetscInt_FMT "\n", name, after - before, transposes));
  }
  PetscCall(MatDestroy(&m[0]));
  PetscCall(MatDestroy(&m[1]));
  PetscFunctionReturn(PETSC_SUCCESS);
}

int main(int argc, char **argv)
{
  PetscInt n = 200;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(MatAIJAdaptiveInitializePackage());
  PetscCall(PetscLogDefaultBegin()); /* the event counts */
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &n, NULL));
  PetscCall(PetscOptionsGetReal(NULL, NULL, "-tolerance", &tolerance, NULL));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-banded", &banded, NULL));
  {
    PetscBool skip;
    PetscCall(RequireGpuOption(&require_gpu, &skip));
    if (skip) {
      PetscCall(PetscFinalize());
      return 77;
    }
  }
  PetscCall(Scenario(PETSC_COMM_WORLD, n, n));         /* square */
  PetscCall(Scenario(PETSC_COMM_WORLD, n, n + 37));    /* wide */
  PetscCall(Scenario(PETSC_COMM_WORLD, n + 23, n / 2)); /* tall */
  PetscCall(KnownSelfAdjointScenario(PETSC_COMM_WORLD, n, MAT_SYMMETRIC, 0));
  PetscCall(HermitianFirstScenario(PETSC_COMM_WORLD, n + 23, n / 2)); /* tall */
#if defined(PETSC_USE_COMPLEX)
  PetscCall(KnownSelfAdjointScenario(PETSC_COMM_WORLD, n, MAT_HERMITIAN, 3));
#endif
  {
    PetscInt total = failures;
    PetscCallMPI(MPI_Allreduce(&failures, &total, 1, MPIU_INT, MPI_SUM, PETSC_COMM_WORLD));
    failures = total;
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: %" PetscInt_FMT " failures\n", failures ? "FAILED" : "PASSED", failures));
  PetscCall(PetscFinalize());
  return failures ? 1 : 0;
}
