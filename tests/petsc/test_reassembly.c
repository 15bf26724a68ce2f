/* Reassembly is never stale: a seeded random walk over the ways a matrix
   changes after assembly. Two matrices are built alike, one AIJ (the
   reference) and one aijadaptive; every step picks one change at random and
   applies it, with the same arguments, to both, then compares all six
   products (MatMult, MatMultAdd, MatMultTranspose, MatMultTransposeAdd and
   their Hermitian variants) with random vectors (complex entries and vectors
   with a complex PETSc). The first product that differs by more than -tolerance
   (relative, 2-norm) is a PETSc error naming the step, the change and the
   error. The GPU copy of aijadaptive is rebuilt when the pattern changes and
   refilled when only the values do: a change that PETSc makes without our
   noticing shows up here as a stale product.

   The changes: MatSetValues on the pattern and with new nonzeros (INSERT or
   ADD, at times in two halves with a MAT_FLUSH_ASSEMBLY between them, the new
   ones also from ranks that do not own the row), MatZeroEntries, MatZeroRows
   (keeping the pattern or not) and MatZeroRowsColumns, MatDiagonalSet,
   MatShift, MatScale, MatAXPY with the same, a subset and a different pattern
   (X of the same type or the other), MatSetPreallocationCOO + MatSetValuesCOO
   (twice: a new pattern, then new values), MatDuplicate (MAT_COPY_VALUES, or
   MAT_DO_NOT_COPY_VALUES + MatCopy SAME_NONZERO_PATTERN) and MatCopy
   DIFFERENT_NONZERO_PATTERN into a new matrix: the matrices are replaced by
   the copies, so that the copies' GPU state is what the next steps exercise.
   Each step also checks that PETSc raised the states that aijadaptive's
   reuse of its GPU copy relies on (CheckSeen below): on the host, where the
   products are SeqAIJ's, that is what can go stale.

   Two bugs of PETSc 3.18 (memory errors with AIJ alone) are stepped around,
   see OP_ZEROROWS and ApplyOp's start: MatZeroRows with a diagonal value
   zeroes no empty row here, and an MPI matrix set up by COO is replaced by
   its duplicate before it is changed again.

   Everything random comes from -seed: the choices are the same on every rank
   and the matrix does not depend on the number of ranks (each entry's value
   is a function of the seed, the step and its position).

   Options: -seed <int>, -steps <int> (200), -n <rows> (200, square),
   -tolerance <real> (1e-12), -banded (entries on a few diagonals only, which
   the diagonal formats take), -host_vectors (vectors of AIJ's type instead of
   aijadaptive's default, which is the GPU's with a CUDA PETSc and a GPU),
   -verbose (print each step's change), -tested_type aij (both AIJ: tells
   a failure of PETSc or of the test from one of aijadaptive),
   -require_gpu (as in test_mat_ops: the aijadaptive matrix must run on the
   GPU; exit 77 without one). */
#include <petscaijadaptive.h>
#include <petsc/private/matimpl.h> /* A->spptr: which aijadaptive state a block has */
#include <stdint.h>
#include <string.h>
#include "petsc_compat_c.h"

static PetscReal   tolerance   = 1e-12;
static PetscBool   require_gpu = PETSC_FALSE;
static PetscInt    nbands      = 0; /* -banded: the offsets of the diagonals entries may take */
static PetscInt    bands[7];
static PetscMPIInt rank, size;
static const char *types[2] = {MATAIJ, MATAIJADAPTIVE}; /* [0] the reference, [1] the matrix tested */

/* ---- random numbers: splitmix64, the same on every platform and rank ------ */

static uint64_t Next(uint64_t *s)
{
  uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
  z          = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z          = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* A key derived from a key and a number: independent streams per step, row, ... */
static uint64_t Mix(uint64_t key, uint64_t v)
{
  uint64_t s = key ^ (v * 0xD1B54A32D192ED03ull);
  return Next(&s);
}

static PetscInt  Below(uint64_t *s, PetscInt n) { return (PetscInt)(Next(s) % (uint64_t)n); }
static PetscReal Uniform(uint64_t *s) { return (PetscReal)(Next(s) >> 11) / 9007199254740992.0; } /* [0, 1) */
static PetscBool Chance(uint64_t *s, PetscInt one_in) { return Below(s, one_in) == 0 ? PETSC_TRUE : PETSC_FALSE; }

/* The value of entry (i, j) under a key, in [-1, 1): the same wherever it is
   inserted from, so that repeated INSERT_VALUES agree whatever their order. */
static PetscScalar EntryValue(uint64_t key, PetscInt i, PetscInt j)
{
  uint64_t    s = Mix(Mix(key, (uint64_t)i), (uint64_t)j);
  PetscScalar v = (PetscScalar)(2.0 * Uniform(&s) - 1.0);
#if defined(PETSC_USE_COMPLEX) /* an imaginary part too: A^T and A^H differ */
  v += PETSC_i * (PetscScalar)(2.0 * Uniform(&s) - 1.0);
#endif
  return v;
}

/* A random nonzero scalar of moderate size (products stay far from overflow
   and underflow over many steps), either sign. */
static PetscScalar Factor(uint64_t *s)
{
  PetscReal   m = 0.5 + 1.5 * Uniform(s);
  PetscScalar f = (PetscScalar)(Chance(s, 2) ? m : -m);
#if defined(PETSC_USE_COMPLEX) /* a unit complex factor times f */
  const PetscReal angle = 6.283185307179586 * Uniform(s);
  f *= PetscCosReal(angle) + PETSC_i * PetscSinReal(angle);
#endif
  return f;
}

/* A column for row i: anywhere, or with -banded on one of the diagonals. */
static PetscInt RandomColumn(uint64_t *s, PetscInt i, PetscInt n)
{
  if (nbands) {
    PetscInt j = i + bands[Below(s, nbands)];
    return j >= 0 && j < n ? j : i;
  }
  return Below(s, n);
}

/* ---- the matrices --------------------------------------------------------- */

typedef struct {
  Mat       m[2]; /* [0] AIJ, [1] aijadaptive */
  PetscInt  n;
  PetscBool set_up_by_coo; /* MPI matrices from MatSetPreallocationCOO, compared but not changed yet */
} Pair;

/* Entries of the whole row space are a function of the key: rows of 0 to
   per_row entries (empty rows and rows of a single entry included). */
static PetscErrorCode NewMatrix(PetscInt n, PetscInt k, PetscInt per_row, uint64_t key, Mat *A)
{
  PetscInt rstart, rend;

  PetscFunctionBeginUser;
  PetscCall(MatCreate(PETSC_COMM_WORLD, A));
  PetscCall(MatSetSizes(*A, PETSC_DECIDE, PETSC_DECIDE, n, n));
  PetscCall(MatSetType(*A, types[k]));
  /* Exactly the room needed: a new nonzero after assembly reallocates. */
  PetscCall(MatSeqAIJSetPreallocation(*A, per_row, NULL));
  PetscCall(MatMPIAIJSetPreallocation(*A, per_row, NULL, per_row, NULL));
  PetscCall(MatGetOwnershipRange(*A, &rstart, &rend));
  for (PetscInt i = rstart; i < rend; i++) {
    uint64_t s   = Mix(key, (uint64_t)i);
    PetscInt len = Below(&s, per_row + 1);
    for (PetscInt e = 0; e < len; e++) {
      PetscInt    j = RandomColumn(&s, i, n);
      PetscScalar v = EntryValue(key, i, j);
      PetscCall(MatSetValues(*A, 1, &i, 1, &j, &v, INSERT_VALUES));
    }
  }
  PetscCall(MatAssemblyBegin(*A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(*A, MAT_FINAL_ASSEMBLY));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode Replace(Pair *p, Mat fresh[2])
{
  PetscFunctionBeginUser;
  for (int k = 0; k < 2; k++) {
    PetscCall(MatDestroy(&p->m[k]));
    p->m[k] = fresh[k];
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The aijadaptive matrix is still ours, both MPI blocks too (PETSc creates
   plain SEQAIJ blocks at times: the products would then be right, but never
   on the GPU), and on the GPU when one is required. Collective. */
static PetscErrorCode CheckType(PetscInt step, const char *op, Mat A)
{
  PetscBool ours;
  int       blocks_ours = 1, on_device = 1, all[2], mine[2];

  PetscFunctionBeginUser;
  if (strcmp(types[1], MATAIJADAPTIVE)) PetscFunctionReturn(PETSC_SUCCESS);
  PetscCall(PetscObjectTypeCompareAny((PetscObject)A, &ours, MATSEQAIJADAPTIVE, MATMPIAIJADAPTIVE, ""));
  if (!ours) {
    MatType type;
    PetscCall(MatGetType(A, &type));
    SETERRQ(PETSC_COMM_WORLD, PETSC_ERR_PLIB, "step %" PetscInt_FMT " (%s): the matrix became %s", step, op, type);
  }
  if (size > 1) {
    Mat             blocks[2];
    const PetscInt *garray;
    PetscCall(MatMPIAIJGetSeqAIJ(A, &blocks[0], &blocks[1], &garray));
    for (int b = 0; b < 2; b++) {
      PetscCall(PetscObjectTypeCompare((PetscObject)blocks[b], MATSEQAIJADAPTIVE, &ours));
      if (!ours) blocks_ours = 0;
    }
  }
  if (require_gpu && blocks_ours) {
    PetscBool dev;
    PetscCall(MatAIJAdaptiveGetFormat(A, NULL, &dev));
    on_device = dev ? 1 : 0;
  }
  mine[0] = blocks_ours;
  mine[1] = on_device;
  PetscCallMPI(MPI_Allreduce(mine, all, 2, MPI_INT, MPI_LAND, PETSC_COMM_WORLD));
  PetscCheck(all[0], PETSC_COMM_WORLD, PETSC_ERR_PLIB, "step %" PetscInt_FMT " (%s): an MPI block is no longer seqaijadaptive", step, op);
  PetscCheck(all[1], PETSC_COMM_WORLD, PETSC_ERR_PLIB, "step %" PetscInt_FMT " (%s): the matrix runs on the host although a GPU is required", step, op);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ---- what the GPU copy is judged by ----------------------------------------
   aijadaptive reuses a block's GPU copy while the block's object state is
   unchanged, refills its values while its nonzero state, CSR arrays and sizes
   are, and rebuilds it otherwise (plugin/seq.cpp, SeqEnsureCurrent). On the
   host the products are SeqAIJ's and never read that copy, so a change that
   PETSc made without raising those would pass unseen there: each step also
   checks, block by block, that a change of the values came with a new state
   and one of the pattern with a new nonzero state, new arrays or new sizes.
   (Per step: a change made silently after another one that raised the state
   within the same step is the GPU runs' to find.) */

/* Over the run, on this rank: blocks that kept their aijadaptive state
   across a step, and of those, the ones whose pattern or only values changed. */
static PetscInt kept_blocks = 0, pattern_changes = 0, value_changes = 0;

typedef struct {
  PetscObjectId    id;    /* the block, and its aijadaptive state (spptr): a new one of either builds afresh */
  const void      *owner;
  PetscObjectState state, nonzerostate;
  const PetscInt  *i, *j;
  PetscInt         rows, cols, nnz;
  uint64_t         pattern, values; /* hashes of the CSR arrays */
} Snapshot;

static uint64_t Hash(uint64_t h, const void *data, size_t bytes)
{
  const unsigned char *b = (const unsigned char *)data;
  for (size_t k = 0; k < bytes; k++) h = (h ^ b[k]) * 0x100000001B3ull; /* FNV-1a */
  return h;
}

/* The blocks of A (one, or MPI's two), as aijadaptive would see them now. */
static PetscErrorCode Snap(Mat A, Snapshot snap[2], PetscInt *count)
{
  Mat blocks[2] = {A, NULL};

  PetscFunctionBeginUser;
  *count = 0;
  if (strcmp(types[1], MATAIJADAPTIVE)) PetscFunctionReturn(PETSC_SUCCESS);
  if (size > 1) PetscCall(MatMPIAIJGetSeqAIJ(A, &blocks[0], &blocks[1], NULL));
  for (int b = 0; b < 2; b++) {
    Mat             B = blocks[b];
    Snapshot       *s = &snap[*count];
    const PetscInt *i, *j;
    PetscScalar    *a;
    PetscMemType    mtype;
    if (!B || !B->spptr || !B->assembled) continue;
    PetscCall(PetscObjectStateGet((PetscObject)B, &s->state));
    PetscCall(MatGetNonzeroState(B, &s->nonzerostate));
    PetscCall(MatGetLocalSize(B, &s->rows, &s->cols));
    PetscCall(MatSeqAIJGetCSRAndMemType(B, &i, &j, &a, &mtype));
    PetscCall(PetscObjectGetId((PetscObject)B, &s->id));
    s->owner   = B->spptr;
    s->i       = i;
    s->j       = j;
    s->nnz     = s->rows ? i[s->rows] : 0;
    s->pattern = Hash(Hash(0xCBF29CE484222325ull, i, sizeof(PetscInt) * (size_t)(s->rows + 1)), j, sizeof(PetscInt) * (size_t)s->nnz);
    s->values  = Hash(0xCBF29CE484222325ull, a, sizeof(PetscScalar) * (size_t)s->nnz);
    (*count)++;
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Blocks that kept their aijadaptive state across the step: was each change seen? */
static PetscErrorCode CheckSeen(PetscInt step, const char *op, const Snapshot *before, PetscInt nbefore, const Snapshot *after, PetscInt nafter)
{
  int silent = 0, all;

  PetscFunctionBeginUser;
  for (PetscInt a = 0; a < nafter; a++) {
    for (PetscInt b = 0; b < nbefore; b++) {
      const Snapshot *o = &before[b], *n = &after[a];
      PetscBool       pattern_changed, pattern_seen, values_changed;
      if (o->id != n->id || o->owner != n->owner) continue;
      pattern_changed = (PetscBool)(o->pattern != n->pattern || o->rows != n->rows || o->cols != n->cols);
      pattern_seen    = (PetscBool)(o->nonzerostate != n->nonzerostate || o->i != n->i || o->j != n->j || o->nnz != n->nnz || o->rows != n->rows || o->cols != n->cols);
      values_changed  = (PetscBool)(pattern_changed || o->values != n->values);
      kept_blocks++;
      if (pattern_changed) pattern_changes++;
      else if (values_changed) value_changes++;
      if (pattern_changed && !pattern_seen) {
        silent = 1;
        PetscCall(PetscPrintf(PETSC_COMM_SELF, "FAIL step %" PetscInt_FMT " (%s): rank %d: a block's pattern changed with its nonzero state, arrays and sizes unchanged (a refill with a stale pattern)\n", step, op, rank));
      }
      if (values_changed && o->state == n->state) {
        silent = 1;
        PetscCall(PetscPrintf(PETSC_COMM_SELF, "FAIL step %" PetscInt_FMT " (%s): rank %d: a block changed with its object state unchanged (a stale GPU copy reused)\n", step, op, rank));
      }
    }
  }
  PetscCallMPI(MPI_Allreduce(&silent, &all, 1, MPI_INT, MPI_LOR, PETSC_COMM_WORLD));
  PetscCheck(!all, PETSC_COMM_WORLD, PETSC_ERR_PLIB, "reassembly: step %" PetscInt_FMT " (%s): PETSc changed a block without aijadaptive being able to see it", step, op);
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ---- products --------------------------------------------------------------- */

typedef struct {
  Vec      x, y, xt, yt; /* inputs, kept from step to step: an unchanged host x need not be sent again */
  Vec      z[2], zt[2];  /* outputs of AIJ and of aijadaptive */
  PetscInt compared;     /* products compared so far */
} Products;

/* Entries of v as a function of the key and the global index. */
static PetscErrorCode RandomVec(Vec v, uint64_t key)
{
  PetscInt     lo, hi;
  PetscScalar *a;

  PetscFunctionBeginUser;
  PetscCall(VecGetOwnershipRange(v, &lo, &hi));
  PetscCall(VecGetArray(v, &a));
  for (PetscInt i = lo; i < hi; i++) {
    uint64_t s = Mix(key, (uint64_t)i);
    a[i - lo]  = (PetscScalar)(2.0 * Uniform(&s) - 1.0);
#if defined(PETSC_USE_COMPLEX)
    a[i - lo] += PETSC_i * (PetscScalar)(2.0 * Uniform(&s) - 1.0);
#endif
  }
  PetscCall(VecRestoreArray(v, &a));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode CreateProducts(Pair *p, PetscBool host_vectors, Products *v)
{
  Mat from = p->m[host_vectors ? 0 : 1];

  PetscFunctionBeginUser;
  /* Vectors of aijadaptive's default type (on the GPU with a CUDA PETSc and a
     GPU) or of AIJ's (host): AIJ's products take either. */
  PetscCall(MatCreateVecs(from, &v->x, &v->y));
  PetscCall(MatCreateVecs(from, &v->yt, &v->xt)); /* the transpose's x is in the row space */
  for (int k = 0; k < 2; k++) {
    PetscCall(VecDuplicate(v->y, &v->z[k]));
    PetscCall(VecDuplicate(v->yt, &v->zt[k]));
  }
  v->compared = 0;
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode DestroyProducts(Products *v)
{
  PetscFunctionBeginUser;
  PetscCall(VecDestroy(&v->x));
  PetscCall(VecDestroy(&v->y));
  PetscCall(VecDestroy(&v->xt));
  PetscCall(VecDestroy(&v->yt));
  for (int k = 0; k < 2; k++) {
    PetscCall(VecDestroy(&v->z[k]));
    PetscCall(VecDestroy(&v->zt[k]));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode Check(PetscInt step, const char *op, const char *product, Vec ref, Vec got, Products *v)
{
  PetscReal nref, ndiff, scale;

  PetscFunctionBeginUser;
  PetscCall(VecNorm(ref, NORM_2, &nref));
  PetscCall(VecAXPY(got, -1.0, ref)); /* got is scratch from here on */
  PetscCall(VecNorm(got, NORM_2, &ndiff));
  scale = nref > 0 ? nref : 1;
  if (ndiff > tolerance * scale) {
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "FAIL step %" PetscInt_FMT " (%s): %s relative error %g\n", step, op, product, (double)(ndiff / scale)));
    SETERRQ(PETSC_COMM_WORLD, PETSC_ERR_PLIB, "reassembly: step %" PetscInt_FMT " (%s): %s of aijadaptive differs from AIJ's by %g (relative)", step, op, product, (double)(ndiff / scale));
  }
  v->compared++;
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The four products of both matrices on the same vectors, compared. */
static PetscErrorCode CompareProducts(Pair *p, PetscInt step, const char *op, uint64_t *s, Products *v)
{
  PetscFunctionBeginUser;
  PetscCall(CheckType(step, op, p->m[1]));
  /* New inputs most of the time; the same ones at times, so that an input
     already on the GPU meets a changed matrix. */
  if (!Chance(s, 4) || step == 0) {
    PetscCall(RandomVec(v->x, Next(s)));
    PetscCall(RandomVec(v->y, Next(s)));
    PetscCall(RandomVec(v->xt, Next(s)));
    PetscCall(RandomVec(v->yt, Next(s)));
  }
  for (int k = 0; k < 2; k++) PetscCall(MatMult(p->m[k], v->x, v->z[k]));
  PetscCall(Check(step, op, "MatMult", v->z[0], v->z[1], v));
  for (int k = 0; k < 2; k++) PetscCall(MatMultTranspose(p->m[k], v->xt, v->zt[k]));
  PetscCall(Check(step, op, "MatMultTranspose", v->zt[0], v->zt[1], v));
  /* The adds into another vector or in place (z == y), at random. */
  if (Chance(s, 2)) {
    for (int k = 0; k < 2; k++) PetscCall(MatMultAdd(p->m[k], v->x, v->y, v->z[k]));
  } else {
    for (int k = 0; k < 2; k++) {
      PetscCall(VecCopy(v->y, v->z[k]));
      PetscCall(MatMultAdd(p->m[k], v->x, v->z[k], v->z[k]));
    }
  }
  PetscCall(Check(step, op, "MatMultAdd", v->z[0], v->z[1], v));
  if (Chance(s, 2)) {
    for (int k = 0; k < 2; k++) PetscCall(MatMultTransposeAdd(p->m[k], v->xt, v->yt, v->zt[k]));
  } else {
    for (int k = 0; k < 2; k++) {
      PetscCall(VecCopy(v->yt, v->zt[k]));
      PetscCall(MatMultTransposeAdd(p->m[k], v->xt, v->zt[k], v->zt[k]));
    }
  }
  PetscCall(Check(step, op, "MatMultTransposeAdd", v->zt[0], v->zt[1], v));
  for (int k = 0; k < 2; k++) PetscCall(MatMultHermitianTranspose(p->m[k], v->xt, v->zt[k]));
  PetscCall(Check(step, op, "MatMultHermitianTranspose", v->zt[0], v->zt[1], v));
  for (int k = 0; k < 2; k++) PetscCall(MatMultHermitianTransposeAdd(p->m[k], v->xt, v->yt, v->zt[k]));
  PetscCall(Check(step, op, "MatMultHermitianTransposeAdd", v->zt[0], v->zt[1], v));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* ---- the changes ------------------------------------------------------------- */

typedef enum {
  OP_SETVALUES_SAME,
  OP_SETVALUES_NEW,
  OP_ZEROENTRIES,
  OP_ZEROROWS,
  OP_ZEROROWSCOLUMNS,
  OP_DIAGONALSET,
  OP_SHIFT,
  OP_SCALE,
  OP_AXPY_SAME,
  OP_AXPY_SUBSET,
  OP_AXPY_DIFFERENT,
  OP_COO,
  OP_DUPLICATE,
  OP_DUPLICATE_COPY,
  OP_COPY_DIFFERENT,
  OP_COUNT
} Op;
static const char *op_names[OP_COUNT] = {"setvalues_same", "setvalues_new", "zeroentries", "zerorows", "zerorowscolumns", "diagonalset", "shift", "scale", "axpy_same", "axpy_subset", "axpy_different", "coo", "duplicate", "duplicate_copy", "copy_different"};
/* How often each is picked, relative: the MatSetValues kinds most, as in applications. */
static const PetscInt op_weights[OP_COUNT] = {4, 4, 1, 2, 2, 2, 1, 1, 2, 1, 2, 2, 1, 1, 1};

/* The entries this rank sets. */
typedef struct {
  PetscInt    count;
  PetscInt   *i, *j;
  PetscScalar *v;
} Entries;

static PetscErrorCode SetEntries(Pair *p, const Entries *e, PetscInt from, PetscInt to, InsertMode mode)
{
  PetscFunctionBeginUser;
  for (int k = 0; k < 2; k++)
    for (PetscInt t = from; t < to; t++) PetscCall(MatSetValues(p->m[k], 1, &e->i[t], 1, &e->j[t], &e->v[t], mode));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Sets the entries in one go, or in two halves with a flush assembly between
   them (the only way to switch between INSERT_VALUES and ADD_VALUES), then
   assembles. */
static PetscErrorCode SetAndAssemble(Pair *p, const Entries *e, uint64_t *s, PetscInt *flushes)
{
  InsertMode first = Chance(s, 2) ? INSERT_VALUES : ADD_VALUES, second = Chance(s, 2) ? INSERT_VALUES : ADD_VALUES;
  PetscBool  flush = Chance(s, 3);

  PetscFunctionBeginUser;
  if (flush) {
    PetscCall(SetEntries(p, e, 0, e->count / 2, first));
    for (int k = 0; k < 2; k++) {
      PetscCall(MatAssemblyBegin(p->m[k], MAT_FLUSH_ASSEMBLY));
      PetscCall(MatAssemblyEnd(p->m[k], MAT_FLUSH_ASSEMBLY));
    }
    PetscCall(SetEntries(p, e, e->count / 2, e->count, second));
    (*flushes)++;
  } else {
    PetscCall(SetEntries(p, e, 0, e->count, first));
  }
  for (int k = 0; k < 2; k++) {
    PetscCall(MatAssemblyBegin(p->m[k], MAT_FINAL_ASSEMBLY));
    PetscCall(MatAssemblyEnd(p->m[k], MAT_FINAL_ASSEMBLY));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* wanted random entries (the same on every rank); this rank keeps those it
   sets: with `pattern`, those of its own rows, at a column of the row's
   current pattern (empty rows skipped); else every size-th one, of any row
   (off-process ones go through the stash). */
static PetscErrorCode PickEntries(Pair *p, PetscInt wanted, PetscBool pattern, uint64_t *s, Entries *e)
{
  PetscInt rstart, rend;
  uint64_t key = Next(s);

  PetscFunctionBeginUser;
  PetscCall(MatGetOwnershipRange(p->m[0], &rstart, &rend));
  PetscCall(PetscMalloc3(wanted, &e->i, wanted, &e->j, wanted, &e->v));
  e->count = 0;
  for (PetscInt t = 0; t < wanted; t++) {
    PetscInt i = Below(s, p->n), j = RandomColumn(s, i, p->n);
    uint64_t pick = Next(s);
    if (pattern) {
      PetscInt        ncols;
      const PetscInt *cols;
      if (i < rstart || i >= rend) continue;
      PetscCall(MatGetRow(p->m[0], i, &ncols, &cols, NULL));
      j = ncols ? cols[pick % (uint64_t)ncols] : -1;
      PetscCall(MatRestoreRow(p->m[0], i, &ncols, &cols, NULL));
      if (j < 0) continue;
    } else if (t % size != rank) continue;
    e->i[e->count] = i;
    e->j[e->count] = j;
    e->v[e->count] = EntryValue(key, i, j);
    e->count++;
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* count random rows (the same on every rank), each rank passing every
   size-th: rows of other ranks, and repeated rows, are allowed. */
static PetscErrorCode PickRows(PetscInt n, PetscInt count, uint64_t *s, PetscInt *nlocal, PetscInt **rows)
{
  PetscFunctionBeginUser;
  PetscCall(PetscMalloc1(count, rows));
  *nlocal = 0;
  for (PetscInt t = 0; t < count; t++) {
    PetscInt r = Below(s, n);
    if (t % size == rank) (*rows)[(*nlocal)++] = r;
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* X for MatAXPY: for AIJ a duplicate of AIJ, for aijadaptive one of
   aijadaptive or, at times, of AIJ (MatAXPY across the two types). */
static PetscErrorCode DuplicatesForAXPY(Pair *p, uint64_t *s, Mat X[2])
{
  PetscBool cross = Chance(s, 3);

  PetscFunctionBeginUser;
  PetscCall(MatDuplicate(p->m[0], MAT_COPY_VALUES, &X[0]));
  PetscCall(MatDuplicate(p->m[cross ? 0 : 1], MAT_COPY_VALUES, &X[1]));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode ApplyOp(Pair *p, Op op, PetscInt step, uint64_t *s, Products *v, PetscInt *flushes)
{
  PetscInt n = p->n;

  PetscFunctionBeginUser;
  if (p->set_up_by_coo) {
    /* PETSc 3.18's MPIAIJ frees the off-process block's arrays wrongly when
       MatSetValues brings a new off-process column to a matrix set up by
       COO (invalid frees under valgrind, with AIJ alone: -tested_type aij).
       After its products were compared, such a matrix is replaced by its
       duplicate, an ordinary one, on which the walk goes on (here, so that
       the random choices are the same on any number of ranks). */
    Mat fresh[2];
    for (int k = 0; k < 2; k++) PetscCall(MatDuplicate(p->m[k], MAT_COPY_VALUES, &fresh[k]));
    PetscCall(Replace(p, fresh));
    p->set_up_by_coo = PETSC_FALSE;
  }
  /* Duplicates, AXPY's merged matrices and COO set-ups start with new
     nonzeros forbidden again: allow them on both every time. */
  for (int k = 0; k < 2; k++) PetscCall(MatSetOption(p->m[k], MAT_NEW_NONZERO_ALLOCATION_ERR, PETSC_FALSE));
  switch (op) {
  case OP_SETVALUES_SAME:
  case OP_SETVALUES_NEW: {
    Entries e;
    PetscCall(PickEntries(p, 1 + Below(s, n / 4), op == OP_SETVALUES_SAME ? PETSC_TRUE : PETSC_FALSE, s, &e));
    PetscCall(SetAndAssemble(p, &e, s, flushes));
    PetscCall(PetscFree3(e.i, e.j, e.v));
  } break;
  case OP_ZEROENTRIES:
    for (int k = 0; k < 2; k++) PetscCall(MatZeroEntries(p->m[k]));
    break;
  case OP_ZEROROWS: {
    /* Keeping the pattern zeroes values only; else the rows lose their
       entries (but the diagonal, when diag != 0): a new pattern, in place.
       (PETSc refuses a diagonal value for a kept row without a diagonal entry.) */
    PetscBool   keep = Chance(s, 2);
    PetscScalar diag = keep || Chance(s, 2) ? 0.0 : Factor(s);
    PetscInt    nlocal, *rows;
    PetscCall(PickRows(n, 1 + Below(s, n / 8), s, &nlocal, &rows));
    for (int k = 0; k < 2; k++) {
      if (diag != 0.0) {
        /* PETSc 3.18's MatZeroRows_SeqAIJ writes a diagonal value through
           an array pointer taken before it inserted the diagonal of an empty
           row, which may have moved the array (freed memory: found by this
           test with AIJ alone, -tested_type aij, under valgrind). No zeroed
           row is empty then: each gets an explicit zero on its diagonal. */
        const PetscScalar zero = 0.0;
        for (PetscInt t = 0; t < nlocal; t++) PetscCall(MatSetValues(p->m[k], 1, &rows[t], 1, &rows[t], &zero, ADD_VALUES));
        PetscCall(MatAssemblyBegin(p->m[k], MAT_FINAL_ASSEMBLY));
        PetscCall(MatAssemblyEnd(p->m[k], MAT_FINAL_ASSEMBLY));
      }
      PetscCall(MatSetOption(p->m[k], MAT_KEEP_NONZERO_PATTERN, keep));
      PetscCall(MatZeroRows(p->m[k], nlocal, rows, diag, NULL, NULL));
      PetscCall(MatSetOption(p->m[k], MAT_KEEP_NONZERO_PATTERN, PETSC_FALSE));
    }
    PetscCall(PetscFree(rows));
  } break;
  case OP_ZEROROWSCOLUMNS: {
    PetscScalar diag = Chance(s, 3) ? 0.0 : Factor(s);
    PetscInt    nlocal, *rows;
    PetscCall(PickRows(n, 1 + Below(s, n / 8), s, &nlocal, &rows));
    for (int k = 0; k < 2; k++) PetscCall(MatZeroRowsColumns(p->m[k], nlocal, rows, diag, NULL, NULL));
    PetscCall(PetscFree(rows));
  } break;
  case OP_DIAGONALSET: {
    /* Diagonal entries missing from the pattern are new nonzeros. */
    Vec        d;
    InsertMode mode = Chance(s, 2) ? INSERT_VALUES : ADD_VALUES;
    PetscCall(MatCreateVecs(p->m[1], NULL, &d));
    PetscCall(RandomVec(d, Next(s)));
    for (int k = 0; k < 2; k++) PetscCall(MatDiagonalSet(p->m[k], d, mode));
    PetscCall(VecDestroy(&d));
  } break;
  case OP_SHIFT: {
    PetscScalar a = Factor(s);
    for (int k = 0; k < 2; k++) PetscCall(MatShift(p->m[k], a));
  } break;
  case OP_SCALE: {
    PetscScalar a = Chance(s, 8) ? 0.0 : Factor(s);
    for (int k = 0; k < 2; k++) PetscCall(MatScale(p->m[k], a));
  } break;
  case OP_AXPY_SAME:
  case OP_AXPY_SUBSET: {
    /* X: a copy of the matrix with other values (scaled rows and columns);
       for the subset, some of its rows emptied as well. */
    Mat         X[2];
    Vec         l, r;
    PetscScalar a     = Factor(s), b = Factor(s);
    uint64_t    lkey  = Next(s), rkey = Next(s);
    PetscInt    nlocal = 0, *rows = NULL;
    if (op == OP_AXPY_SUBSET) PetscCall(PickRows(n, 1 + Below(s, n / 4), s, &nlocal, &rows));
    PetscCall(DuplicatesForAXPY(p, s, X));
    PetscCall(MatCreateVecs(p->m[1], &r, &l));
    PetscCall(RandomVec(l, lkey));
    PetscCall(RandomVec(r, rkey));
    for (int k = 0; k < 2; k++) {
      PetscCall(MatScale(X[k], b));
      PetscCall(MatDiagonalScale(X[k], l, r));
      if (op == OP_AXPY_SUBSET) PetscCall(MatZeroRows(X[k], nlocal, rows, 0.0, NULL, NULL));
      PetscCall(MatAXPY(p->m[k], a, X[k], op == OP_AXPY_SAME ? SAME_NONZERO_PATTERN : SUBSET_NONZERO_PATTERN));
      PetscCall(MatDestroy(&X[k]));
    }
    PetscCall(VecDestroy(&l));
    PetscCall(VecDestroy(&r));
    PetscCall(PetscFree(rows));
  } break;
  case OP_AXPY_DIFFERENT: {
    /* X: a new random matrix, for aijadaptive of either type. */
    Mat         X[2];
    PetscScalar a     = Factor(s);
    uint64_t    key   = Next(s);
    PetscBool   cross = Chance(s, 3);
    PetscCall(NewMatrix(n, 0, 4, key, &X[0]));
    PetscCall(NewMatrix(n, cross ? 0 : 1, 4, key, &X[1]));
    for (int k = 0; k < 2; k++) {
      PetscCall(MatAXPY(p->m[k], a, X[k], DIFFERENT_NONZERO_PATTERN));
      PetscCall(MatDestroy(&X[k]));
    }
  } break;
  case OP_COO: {
    /* A new pattern from coordinates (repeated ones are summed), given by all
       ranks for any rows; then new values on it, compared in between. */
    PetscInt     wanted = n * (1 + Below(s, 3)), count = 0;
    PetscInt    *ci, *cj, *wi, *wj;
    PetscScalar *cv;
    uint64_t     key[2] = {Next(s), Next(s)};
    InsertMode   mode[2];
    mode[0] = Chance(s, 2) ? INSERT_VALUES : ADD_VALUES;
    mode[1] = Chance(s, 2) ? INSERT_VALUES : ADD_VALUES;
    PetscCall(PetscMalloc5(wanted, &ci, wanted, &cj, wanted, &wi, wanted, &wj, wanted, &cv));
    for (PetscInt t = 0; t < wanted; t++) {
      PetscInt i = Below(s, n), j = RandomColumn(s, i, n);
      if (t % size != rank) continue;
      ci[count]   = i;
      cj[count++] = j;
    }
    for (int k = 0; k < 2; k++) {
      /* PETSc may overwrite the index arrays: each matrix gets its own copy. */
      PetscCall(PetscArraycpy(wi, ci, count));
      PetscCall(PetscArraycpy(wj, cj, count));
      PetscCall(MatSetPreallocationCOO(p->m[k], count, wi, wj));
    }
    for (int round = 0; round < 2; round++) {
      for (PetscInt t = 0; t < count; t++) cv[t] = EntryValue(key[round], ci[t], cj[t]);
      for (int k = 0; k < 2; k++) PetscCall(MatSetValuesCOO(p->m[k], cv, mode[round]));
      if (round == 0) PetscCall(CompareProducts(p, step, "coo (MatSetPreallocationCOO + MatSetValuesCOO)", s, v));
    }
    PetscCall(PetscFree5(ci, cj, wi, wj, cv));
    /* See ApplyOp's start: an MPI COO matrix is replaced by its duplicate. */
    p->set_up_by_coo = size > 1 ? PETSC_TRUE : PETSC_FALSE;
  } break;
  case OP_DUPLICATE: {
    Mat fresh[2];
    for (int k = 0; k < 2; k++) PetscCall(MatDuplicate(p->m[k], MAT_COPY_VALUES, &fresh[k]));
    PetscCall(Replace(p, fresh));
  } break;
  case OP_DUPLICATE_COPY: {
    /* The pattern without the values (a zero matrix, compared too), then the
       values by MatCopy. */
    Mat fresh[2], old[2];
    for (int k = 0; k < 2; k++) {
      old[k] = p->m[k];
      PetscCall(MatDuplicate(old[k], MAT_DO_NOT_COPY_VALUES, &fresh[k]));
      p->m[k] = fresh[k];
    }
    PetscCall(CompareProducts(p, step, "duplicate_copy (MatDuplicate, MAT_DO_NOT_COPY_VALUES)", s, v));
    for (int k = 0; k < 2; k++) {
      PetscCall(MatCopy(old[k], fresh[k], SAME_NONZERO_PATTERN));
      PetscCall(MatDestroy(&old[k]));
    }
  } break;
  case OP_COPY_DIFFERENT: {
    /* Into a new matrix of another pattern, which then replaces the old. */
    Mat      fresh[2];
    uint64_t key = Next(s);
    for (int k = 0; k < 2; k++) {
      PetscCall(NewMatrix(n, k, 3, key, &fresh[k]));
      PetscCall(MatSetOption(fresh[k], MAT_NEW_NONZERO_ALLOCATION_ERR, PETSC_FALSE));
    }
    PetscCall(CompareProducts(p, step, "copy_different (the new matrix)", s, v));
    for (int k = 0; k < 2; k++) PetscCall(MatCopy(p->m[k], fresh[k], DIFFERENT_NONZERO_PATTERN));
    PetscCall(Replace(p, fresh));
  } break;
  default:
    SETERRQ(PETSC_COMM_WORLD, PETSC_ERR_PLIB, "unknown operation %d", (int)op);
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

int main(int argc, char **argv)
{
  PetscInt  seed = 20261125, steps = 200, n = 200, counts[OP_COUNT] = {0}, flushes = 0, total_weight = 0;
  PetscInt  counters[5], sums[5];
  PetscBool banded = PETSC_FALSE, host_vectors = PETSC_FALSE, verbose = PETSC_FALSE;
  Pair      p;
  Products  v;
  Snapshot  before[2], after[2];
  PetscInt  nbefore, nafter;
  uint64_t  s;
  char      line[1024], tested_type[64] = MATAIJADAPTIVE;
  size_t    len;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(MatAIJAdaptiveInitializePackage());
  PetscCall(PetscLogDefaultBegin()); /* the build and refill counts */
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  PetscCallMPI(MPI_Comm_size(PETSC_COMM_WORLD, &size));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-seed", &seed, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-steps", &steps, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &n, NULL));
  PetscCall(PetscOptionsGetReal(NULL, NULL, "-tolerance", &tolerance, NULL));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-banded", &banded, NULL));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-host_vectors", &host_vectors, NULL));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-verbose", &verbose, NULL)); /* each step's change */
  PetscCall(PetscOptionsGetString(NULL, NULL, "-tested_type", tested_type, sizeof(tested_type), NULL));
  types[1] = tested_type;
  PetscCheck(n >= 8, PETSC_COMM_WORLD, PETSC_ERR_ARG_OUTOFRANGE, "-n %" PetscInt_FMT ": at least 8 rows", n);
  {
    PetscBool skip;
    PetscCall(RequireGpuOption(&require_gpu, &skip));
    if (skip) {
      PetscCall(PetscFinalize());
      return 77;
    }
  }
  s = Mix(0x5EEDull, (uint64_t)seed);
  if (banded) {
    /* The main diagonal and six others within a tenth of the matrix. */
    bands[nbands++] = 0;
    while (nbands < 7) bands[nbands++] = Below(&s, n / 5 + 1) - n / 10;
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "reassembly: seed %" PetscInt_FMT " (-seed), %" PetscInt_FMT " rows, %d rank(s), %s entries, %s vectors\n", seed, n, size, banded ? "banded" : "scattered", host_vectors ? "AIJ's" : "aijadaptive's"));

  p.n             = n;
  p.set_up_by_coo = PETSC_FALSE;
  {
    uint64_t key = Next(&s);
    for (int k = 0; k < 2; k++) PetscCall(NewMatrix(n, k, 5, key, &p.m[k]));
  }
  /* Options (-mat_aijadaptive_format, ...) through MatSetFromOptions here;
     the matrices made later read them from the database. */
  PetscCall(MatSetFromOptions(p.m[1]));
  PetscCall(CreateProducts(&p, host_vectors, &v));
  PetscCall(CompareProducts(&p, 0, "assembly", &s, &v));
  for (int o = 0; o < OP_COUNT; o++) total_weight += op_weights[o];
  for (PetscInt step = 1; step <= steps; step++) {
    PetscInt pick = Below(&s, total_weight);
    Op       op   = OP_SETVALUES_SAME;
    while (pick >= op_weights[op]) pick -= op_weights[op++];
    if (verbose) PetscCall(PetscPrintf(PETSC_COMM_WORLD, "reassembly: step %" PetscInt_FMT ": %s\n", step, op_names[op]));
    PetscCall(Snap(p.m[1], before, &nbefore));
    PetscCall(ApplyOp(&p, op, step, &s, &v, &flushes));
    PetscCall(Snap(p.m[1], after, &nafter));
    PetscCall(CheckSeen(step, op_names[op], before, nbefore, after, nafter));
    PetscCall(CompareProducts(&p, step, op_names[op], &s, &v));
    counts[op]++;
  }

  PetscCall(EventCount("AIJAdaptBuild", &counters[0]));
  PetscCall(EventCount("AIJAdaptRefill", &counters[1]));
  counters[2] = kept_blocks;
  counters[3] = pattern_changes;
  counters[4] = value_changes;
  PetscCallMPI(MPI_Allreduce(counters, sums, 5, MPIU_INT, MPI_SUM, PETSC_COMM_WORLD));
  PetscCall(PetscSNPrintf(line, sizeof(line), "reassembly: %" PetscInt_FMT " steps, %" PetscInt_FMT " products compared, %" PetscInt_FMT " flush assemblies, events AIJAdaptBuild=%" PetscInt_FMT " AIJAdaptRefill=%" PetscInt_FMT " (all blocks and ranks), ops:", steps, v.compared, flushes, sums[0], sums[1]));
  for (int o = 0; o < OP_COUNT; o++) {
    PetscCall(PetscStrlen(line, &len));
    PetscCall(PetscSNPrintf(line + len, sizeof(line) - len, "%s %s=%" PetscInt_FMT, o ? "," : "", op_names[o], counts[o]));
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s\n", line));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "reassembly: blocks that kept their aijadaptive state across a step: %" PetscInt_FMT ", of which %" PetscInt_FMT " changed pattern and %" PetscInt_FMT " only values, each with the states raised\n", sums[2], sums[3], sums[4]));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "PASSED: 0 failures\n"));
  PetscCall(DestroyProducts(&v));
  for (int k = 0; k < 2; k++) PetscCall(MatDestroy(&p.m[k]));
  PetscCall(PetscFinalize());
  return 0;
}
