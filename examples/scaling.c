/* Strong and weak scaling over several GPUs, one per rank: MatMult and
   CG + Jacobi of matrix types side by side in one run, the ghost values each
   rank receives, and the efficiency against one GPU measured in the same run.

   Problems (-problem):
     stencil27  the 3D 27-point Laplacian (26 on the diagonal, -1 for every
                neighbour in the 3x3x3 cube, Dirichlet boundary)
     fem        a tetrahedral mesh of the cube lattice (Freudenthal: each node
                coupled to the 14 neighbours whose offsets' nonzero components
                share one sign), -dof unknowns per node (default 3, as in
                elasticity), interlaced and fully coupled; -1 off the diagonal,
                the diagonal one more than the row's other entries (symmetric,
                positive definite)
   Sizes: -n N grid points (nodes) per side; strong scaling (default) an
   N x N x N grid; -weak an N x N x (N * ranks) grid, the same rows per rank.
   Rows are numbered plane by plane and split into equal ranges
   (PETSC_DECIDE): each rank holds a slab of planes, its ghosts the planes
   next to it.

   Options: -types aijadaptive,aijcusparse (each assembled directly in its
   type; default aijadaptive and aijcusparse, or aij without a GPU), -mult_reps
   100 (MatMults per round), -rounds 5 (rounds, types interleaved in each:
   median per type), -ksp_its 50 (CG + Jacobi iterations, a fixed count),
   -baseline 1 (rank 0 alone runs the one-GPU problem in the same run: the
   whole grid for strong scaling, N^3 for weak; the efficiency is t1 / (p tp)
   strong, t1 / tp weak; -baseline 0 prints nan for both), -csv FILE (rank 0
   appends a line per type).

   Phases (MPIAIJ types): the diagonal block's product alone on the local
   arrays, the ghost exchange alone (a scatter like the product's, from the
   off-process block's column map), the off-process block's product alone,
   each timed like MatMult. Their sum against MatMult's time shows how much of
   the exchange the local product hides.

   Timeline (a CUDA PETSc, device vectors, several ranks): one MatMult taken
   apart as MPIAIJ's products run it (scatter begin, diagonal block, scatter
   end, off-process block), host clocks between the calls and CUDA events on
   PETSc's stream around the two products, relative to one start; medians
   over -mult_reps products, rank 0's. It shows whether the diagonal block
   runs on the GPU while the host waits for the ghost values. -timeline 0: not
   taken. */
#include <math.h>
#include <petscaijadaptive.h>
#include <petscksp.h>
#include "petsc_compat_c.h"
#if defined(AIJA_SCALING_TIMELINE) /* a CUDA PETSc 3.20 or newer: PETSc's stream */
  #include <petscdevice.h>
  #include <cuda_runtime.h>
#endif

typedef enum { STENCIL27, FEM } Problem;

typedef struct {
  Problem  problem;
  PetscInt nx, ny, nz, dof;
} Grid;

/* Row `row`'s columns (ascending) and values; returns the count (<= 27, or
   15 * dof). */
static PetscInt RowEntries(const Grid *g, PetscInt row, PetscInt *cols, PetscScalar *vals)
{
  const PetscInt node = row / g->dof, i = node % g->nx, j = (node / g->nx) % g->ny, k = node / (g->nx * g->ny);
  PetscInt       c = 0, diag = -1;
  for (PetscInt dk = -1; dk <= 1; dk++)
    for (PetscInt dj = -1; dj <= 1; dj++)
      for (PetscInt di = -1; di <= 1; di++) {
        if (i + di < 0 || i + di >= g->nx || j + dj < 0 || j + dj >= g->ny || k + dk < 0 || k + dk >= g->nz) continue;
        if (g->problem == FEM) {
          const PetscInt lo = PetscMin(di, PetscMin(dj, dk)), hi = PetscMax(di, PetscMax(dj, dk));
          if (lo < 0 && hi > 0) continue; /* mixed signs: not an edge of the mesh */
        }
        const PetscInt q = node + di + g->nx * (dj + g->ny * dk);
        for (PetscInt e = 0; e < g->dof; e++) {
          if (q * g->dof + e == row) diag = c;
          cols[c]   = q * g->dof + e;
          vals[c++] = -1.0;
        }
      }
  vals[diag] = g->problem == FEM ? (PetscScalar)c : 26.0;
  return c;
}

static PetscErrorCode Assemble(MPI_Comm comm, const Grid *g, MatType type, Mat *A)
{
  const PetscInt N = g->nx * g->ny * g->nz * g->dof;
  PetscInt       rstart, rend, *d_nnz, *o_nnz, cols[27 * 64];
  PetscScalar    vals[27 * 64];
  PetscLayout    rows;

  PetscFunctionBeginUser;
  PetscCall(PetscLayoutCreateFromSizes(comm, PETSC_DECIDE, N, 1, &rows));
  PetscCall(PetscLayoutGetRange(rows, &rstart, &rend));
  PetscCall(PetscLayoutDestroy(&rows));
  PetscCall(PetscMalloc2(rend - rstart, &d_nnz, rend - rstart, &o_nnz));
  for (PetscInt r = rstart; r < rend; r++) {
    const PetscInt c = RowEntries(g, r, cols, vals);
    d_nnz[r - rstart] = o_nnz[r - rstart] = 0;
    for (PetscInt k = 0; k < c; k++) {
      if (cols[k] >= rstart && cols[k] < rend) d_nnz[r - rstart]++;
      else o_nnz[r - rstart]++;
    }
  }
  PetscCall(MatCreate(comm, A));
  PetscCall(MatSetSizes(*A, rend - rstart, rend - rstart, N, N));
  PetscCall(MatSetType(*A, type));
  PetscCall(MatSeqAIJSetPreallocation(*A, 0, d_nnz));
  PetscCall(MatMPIAIJSetPreallocation(*A, 0, d_nnz, 0, o_nnz));
  for (PetscInt r = rstart; r < rend; r++) {
    const PetscInt c = RowEntries(g, r, cols, vals);
    PetscCall(MatSetValues(*A, 1, &r, c, cols, vals, INSERT_VALUES));
  }
  PetscCall(MatAssemblyBegin(*A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(*A, MAT_FINAL_ASSEMBLY));
  PetscCall(PetscFree2(d_nnz, o_nnz));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static int CompareReals(const void *a, const void *b)
{
  const PetscReal x = *(const PetscReal *)a, y = *(const PetscReal *)b;
  return (x > y) - (x < y);
}

static PetscReal Median(PetscReal *v, PetscInt n)
{
  qsort(v, (size_t)n, sizeof(PetscReal), CompareReals);
  return v[n / 2];
}

/* Returns once the vector's pending GPU work is done: a norm comes back to
   the host. */
static PetscErrorCode Wait(Vec v)
{
  PetscReal norm;

  PetscFunctionBeginUser;
  PetscCall(VecNorm(v, NORM_2, &norm));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The slowest rank's mean time of one product over `reps`: y = A x, or y +=
   A x with `add`; a square A swaps x and y every time, so that each product
   sees a changed input as in a Krylov iteration. */
static PetscErrorCode TimeProducts(MPI_Comm comm, Mat A, Vec x, Vec y, PetscBool add, PetscInt reps, PetscReal *seconds)
{
  PetscInt       m, n;
  PetscLogDouble t0, t1;
  PetscReal      mine;

  PetscFunctionBeginUser;
  PetscCall(MatGetLocalSize(A, &m, &n));
  for (PetscInt w = 0; w < 3; w++) PetscCall(add ? MatMultAdd(A, x, y, y) : MatMult(A, x, y));
  PetscCall(Wait(y));
  PetscCallMPI(MPI_Barrier(comm));
  PetscCall(PetscTime(&t0));
  for (PetscInt r = 0; r < reps; r++) {
    const PetscBool swap = m == n && !add && r % 2;
    PetscCall(add ? MatMultAdd(A, x, y, y) : MatMult(A, swap ? y : x, swap ? x : y));
  }
  PetscCall(Wait(x));
  PetscCall(Wait(y));
  PetscCall(PetscTime(&t1));
  mine = (PetscReal)((t1 - t0) / reps);
  PetscCallMPI(MPI_Allreduce(&mine, seconds, 1, MPIU_REAL, MPIU_MAX, comm));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Time per iteration of `its` CG + Jacobi iterations (no convergence test). */
static PetscErrorCode TimeCG(MPI_Comm comm, Mat A, PetscInt its, PetscReal *seconds)
{
  KSP            ksp;
  PC             pc;
  Vec            x, b;
  PetscLogDouble t0, t1;

  PetscFunctionBeginUser;
  PetscCall(MatCreateVecs(A, &x, &b));
  PetscCall(VecSet(b, 1.0));
  PetscCall(KSPCreate(comm, &ksp));
  PetscCall(KSPSetOperators(ksp, A, A));
  PetscCall(KSPSetType(ksp, KSPCG));
  PetscCall(KSPGetPC(ksp, &pc));
  PetscCall(PCSetType(pc, PCJACOBI));
  PetscCall(KSPSetConvergenceTest(ksp, KSPConvergedSkip, NULL, NULL));
  PetscCall(KSPSetTolerances(ksp, PETSC_DEFAULT, PETSC_DEFAULT, PETSC_DEFAULT, 2));
  PetscCall(KSPSolve(ksp, b, x)); /* warm-up: the set-up and the first products */
  PetscCall(KSPSetTolerances(ksp, PETSC_DEFAULT, PETSC_DEFAULT, PETSC_DEFAULT, its));
  PetscCall(Wait(x));
  PetscCallMPI(MPI_Barrier(comm));
  PetscCall(PetscTime(&t0));
  PetscCall(KSPSolve(ksp, b, x));
  PetscCall(Wait(x));
  PetscCallMPI(MPI_Barrier(comm));
  PetscCall(PetscTime(&t1));
  *seconds = (PetscReal)((t1 - t0) / its);
  PetscCall(KSPDestroy(&ksp));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&b));
  PetscFunctionReturn(PETSC_SUCCESS);
}

typedef struct {
  PetscReal mult, cg, diag, exchange, off; /* seconds */
} Times;

/* One round of `A`'s timings: MatMult, CG + Jacobi, and for an MPIAIJ
   matrix on several ranks its three phases. */
static PetscErrorCode TimeRound(MPI_Comm comm, Mat A, PetscInt reps, PetscInt its, Times *t)
{
  Vec         x, y;
  PetscMPIInt size;
  PetscBool   mpiaij;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_size(comm, &size));
  PetscCall(MatCreateVecs(A, &x, &y));
  PetscCall(VecSet(x, 1.0));
  PetscCall(TimeProducts(comm, A, x, y, PETSC_FALSE, reps, &t->mult));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&y));
  PetscCall(TimeCG(comm, A, its, &t->cg));
  t->diag = t->exchange = t->off = 0;
  PetscCall(PetscObjectBaseTypeCompare((PetscObject)A, MATMPIAIJ, &mpiaij));
  if (size > 1 && mpiaij) {
    Mat             Ad, Ao;
    const PetscInt *garray;
    PetscInt        ghosts;
    Vec             xl, yl, g, xg;
    IS              from;
    VecScatter      exchange;
    PetscLogDouble  t0, t1;
    PetscReal       mine;

    PetscCall(MatMPIAIJGetSeqAIJ(A, &Ad, &Ao, &garray));
    PetscCall(MatGetLocalSize(Ao, NULL, &ghosts));
    PetscCall(MatCreateVecs(Ad, &xl, &yl));
    PetscCall(MatCreateVecs(Ao, &g, NULL));
    PetscCall(MatCreateVecs(A, &xg, NULL));
    PetscCall(VecSet(xl, 1.0));
    PetscCall(VecSet(g, 1.0));
    PetscCall(VecSet(xg, 1.0));
    PetscCall(TimeProducts(comm, Ad, xl, yl, PETSC_FALSE, reps, &t->diag));
    PetscCall(TimeProducts(comm, Ao, g, yl, PETSC_TRUE, reps, &t->off));
    PetscCall(ISCreateGeneral(PETSC_COMM_SELF, ghosts, garray, PETSC_COPY_VALUES, &from));
    PetscCall(VecScatterCreate(xg, from, g, NULL, &exchange));
    for (PetscInt w = 0; w < 3; w++) {
      PetscCall(VecScatterBegin(exchange, xg, g, INSERT_VALUES, SCATTER_FORWARD));
      PetscCall(VecScatterEnd(exchange, xg, g, INSERT_VALUES, SCATTER_FORWARD));
    }
    PetscCall(Wait(g));
    PetscCallMPI(MPI_Barrier(comm));
    PetscCall(PetscTime(&t0));
    for (PetscInt r = 0; r < reps; r++) {
      PetscCall(VecScatterBegin(exchange, xg, g, INSERT_VALUES, SCATTER_FORWARD));
      PetscCall(VecScatterEnd(exchange, xg, g, INSERT_VALUES, SCATTER_FORWARD));
    }
    PetscCall(Wait(g));
    PetscCall(PetscTime(&t1));
    mine = (PetscReal)((t1 - t0) / reps);
    PetscCallMPI(MPI_Allreduce(&mine, &t->exchange, 1, MPIU_REAL, MPIU_MAX, comm));
    PetscCall(VecScatterDestroy(&exchange));
    PetscCall(ISDestroy(&from));
    PetscCall(VecDestroy(&xl));
    PetscCall(VecDestroy(&yl));
    PetscCall(VecDestroy(&g));
    PetscCall(VecDestroy(&xg));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

#if defined(AIJA_SCALING_TIMELINE)
  #define CudaCheck(call) \
    do { \
      cudaError_t e_ = (call); \
      PetscCheck(e_ == cudaSuccess, PETSC_COMM_SELF, PETSC_ERR_GPU, "%s: %s", #call, cudaGetErrorString(e_)); \
    } while (0)

/* Milliseconds from the start: host [0] scatter begin returned, [1] diagonal
   product enqueued, [2] scatter end returned, [3] off-process product
   enqueued, [4] all done; GPU [5] diagonal product starts, [6] ends, [7]
   off-process product starts, [8] ends. */
  #define TIMELINE_POINTS 9

static PetscErrorCode Timeline(Mat A, PetscInt reps)
{
  static const char *names[TIMELINE_POINTS] = {"host: scatter begin returned", "host: diagonal block enqueued", "host: scatter end returned (ghosts here)", "host: off-process block enqueued", "host: product done", "GPU: diagonal block starts", "GPU: diagonal block ends", "GPU: off-process block starts", "GPU: off-process block ends"};
  Mat                 Ad, Ao;
  const PetscInt     *garray;
  PetscInt            ghosts;
  Vec                 x, y, xl, yl, g;
  IS                  from;
  VecScatter          exchange;
  PetscDeviceContext  dctx;
  void               *handle;
  cudaStream_t        stream;
  cudaEvent_t         ev[5];
  PetscReal          *t;
  PetscMPIInt         rank;

  PetscFunctionBeginUser;
  PetscCallMPI(MPI_Comm_rank(PetscObjectComm((PetscObject)A), &rank));
  PetscCall(MatMPIAIJGetSeqAIJ(A, &Ad, &Ao, &garray));
  PetscCall(MatGetLocalSize(Ao, NULL, &ghosts));
  PetscCall(MatCreateVecs(A, &x, &y));
  PetscCall(MatCreateVecs(Ao, &g, NULL));
  PetscCall(VecCreateLocalVector(x, &xl));
  PetscCall(VecCreateLocalVector(y, &yl));
  PetscCall(VecSet(x, 1.0));
  PetscCall(ISCreateGeneral(PETSC_COMM_SELF, ghosts, garray, PETSC_COPY_VALUES, &from));
  PetscCall(VecScatterCreate(x, from, g, NULL, &exchange));
  PetscCall(PetscDeviceContextGetCurrentContext(&dctx));
  PetscCall(PetscDeviceContextGetStreamHandle(dctx, &handle));
  stream = *(cudaStream_t *)handle;
  for (int k = 0; k < 5; k++) CudaCheck(cudaEventCreate(&ev[k]));
  PetscCall(PetscMalloc1(TIMELINE_POINTS * reps, &t));
  for (PetscInt r = -3; r < reps; r++) { /* 3 untimed */
    PetscLogDouble h0, h[5];
    float          ms;
    PetscCall(Wait(y));
    CudaCheck(cudaDeviceSynchronize());
    PetscCallMPI(MPI_Barrier(PetscObjectComm((PetscObject)A)));
    PetscCall(PetscTime(&h0));
    CudaCheck(cudaEventRecord(ev[0], stream));
    PetscCall(VecScatterBegin(exchange, x, g, INSERT_VALUES, SCATTER_FORWARD));
    PetscCall(PetscTime(&h[0]));
    PetscCall(VecGetLocalVectorRead(x, xl));
    PetscCall(VecGetLocalVector(y, yl));
    CudaCheck(cudaEventRecord(ev[1], stream));
    PetscCall(MatMult(Ad, xl, yl));
    CudaCheck(cudaEventRecord(ev[2], stream));
    PetscCall(PetscTime(&h[1]));
    PetscCall(VecScatterEnd(exchange, x, g, INSERT_VALUES, SCATTER_FORWARD));
    PetscCall(PetscTime(&h[2]));
    CudaCheck(cudaEventRecord(ev[3], stream));
    PetscCall(MatMultAdd(Ao, g, yl, yl));
    CudaCheck(cudaEventRecord(ev[4], stream));
    PetscCall(PetscTime(&h[3]));
    PetscCall(VecRestoreLocalVector(y, yl));
    PetscCall(VecRestoreLocalVectorRead(x, xl));
    CudaCheck(cudaEventSynchronize(ev[4]));
    PetscCall(PetscTime(&h[4]));
    if (r < 0) continue;
    for (int k = 0; k < 5; k++) t[k * reps + r] = (PetscReal)(1e3 * (h[k] - h0));
    for (int k = 1; k < 5; k++) {
      CudaCheck(cudaEventElapsedTime(&ms, ev[0], ev[k]));
      t[(4 + k) * reps + r] = (PetscReal)ms;
    }
  }
  if (rank == 0) {
    PetscReal m[TIMELINE_POINTS], hidden;
    for (int k = 0; k < TIMELINE_POINTS; k++) m[k] = Median(&t[k * reps], reps);
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "  timeline of one MatMult, rank 0, ms from its start (medians of %" PetscInt_FMT "):\n", reps));
    for (int k = 0; k < TIMELINE_POINTS; k++) PetscCall(PetscPrintf(PETSC_COMM_SELF, "    %-42s %.4f\n", names[k], m[k]));
    /* The diagonal block's GPU time that falls while the host waits in the scatter's end. */
    hidden = PetscMax(0, PetscMin(m[6], m[2]) - PetscMax(m[5], m[1]));
    PetscCall(PetscPrintf(PETSC_COMM_SELF, "    the diagonal block ran %.4f ms of its %.4f ms while the host waited for the ghost values (%.4f ms)\n", hidden, m[6] - m[5], m[2] - m[1]));
  }
  PetscCall(PetscFree(t));
  for (int k = 0; k < 5; k++) CudaCheck(cudaEventDestroy(ev[k]));
  PetscCall(VecScatterDestroy(&exchange));
  PetscCall(ISDestroy(&from));
  PetscCall(VecDestroy(&xl));
  PetscCall(VecDestroy(&yl));
  PetscCall(VecDestroy(&g));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&y));
  PetscFunctionReturn(PETSC_SUCCESS);
}
#endif

/* Medians over `rounds` of every type's timings, the types interleaved in
   each round so that whatever else the machine does falls on all alike. */
static PetscErrorCode TimeTypes(MPI_Comm comm, Mat *A, PetscInt ntypes, PetscInt reps, PetscInt its, PetscInt rounds, Times *median)
{
  PetscReal *v;
  Times     *all;

  PetscFunctionBeginUser;
  PetscCall(PetscMalloc2(ntypes * rounds, &all, rounds, &v));
  /* One round first, not counted: the first products build the matrices,
     and kernels compiled for them at run time may still be on their way. */
  for (PetscInt m = 0; m < ntypes; m++) PetscCall(TimeRound(comm, A[m], reps, its, &all[m * rounds]));
  for (PetscInt k = 0; k < rounds; k++)
    for (PetscInt m = 0; m < ntypes; m++) PetscCall(TimeRound(comm, A[m], reps, its, &all[m * rounds + k]));
  for (PetscInt m = 0; m < ntypes; m++) {
    const Times *t = &all[m * rounds];
#define AIJA_MEDIAN(field) \
  do { \
    for (PetscInt k = 0; k < rounds; k++) v[k] = t[k].field; \
    median[m].field = Median(v, rounds); \
  } while (0)
    AIJA_MEDIAN(mult);
    AIJA_MEDIAN(cg);
    AIJA_MEDIAN(diag);
    AIJA_MEDIAN(exchange);
    AIJA_MEDIAN(off);
#undef AIJA_MEDIAN
  }
  PetscCall(PetscFree2(all, v));
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* Ghost values this rank receives per MatMult (MPIAIJ types; else 0). */
static PetscErrorCode GhostCount(Mat A, PetscInt *ghosts)
{
  PetscBool mpiaij;

  PetscFunctionBeginUser;
  *ghosts = 0;
  PetscCall(PetscObjectBaseTypeCompare((PetscObject)A, MATMPIAIJ, &mpiaij));
  if (mpiaij) {
    Mat             Ad, Ao;
    const PetscInt *garray;
    PetscCall(MatMPIAIJGetSeqAIJ(A, &Ad, &Ao, &garray));
    PetscCall(MatGetLocalSize(Ao, NULL, ghosts));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

/* The GPUs the ranks use: on each node, its ranks or its GPUs, whichever is
   fewer (ranks share GPUs beyond that). 0 without a GPU. */
static PetscErrorCode GpusInUse(PetscInt *gpus)
{
  MPI_Comm    node;
  PetscMPIInt node_rank, node_size;
  PetscInt    here = 0, count = 0;

  PetscFunctionBeginUser;
  PetscCall(MatAIJAdaptiveGetDeviceCount(&count));
  PetscCallMPI(MPI_Comm_split_type(PETSC_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node));
  PetscCallMPI(MPI_Comm_rank(node, &node_rank));
  PetscCallMPI(MPI_Comm_size(node, &node_size));
  if (node_rank == 0) here = PetscMin((PetscInt)node_size, count);
  PetscCallMPI(MPI_Allreduce(&here, gpus, 1, MPIU_INT, MPI_SUM, PETSC_COMM_WORLD));
  PetscCallMPI(MPI_Comm_free(&node));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode FormatOf(Mat A, const char *type, char *out, size_t len)
{
  PetscBool ours;

  PetscFunctionBeginUser;
  PetscCall(PetscStrcmp(type, MATAIJADAPTIVE, &ours));
  PetscCall(PetscStrncpy(out, "-", len));
  if (ours) {
    const char *format;
    PetscBool   on_device;
    PetscCall(MatAIJAdaptiveGetFormat(A, &format, &on_device));
    PetscCall(PetscSNPrintf(out, len, "%s%s", format, on_device ? "" : "(host)"));
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}

int main(int argc, char **argv)
{
  Mat         A[8], B[8];
  char       *types[8], csv[PETSC_MAX_PATH_LEN] = "", problem_name[32] = "stencil27";
  PetscInt    ntypes = 8, reps = 100, rounds = 5, its = 50, n = 32, dof = 3, gpus;
  PetscBool   weak = PETSC_FALSE, baseline = PETSC_TRUE, timeline = PETSC_TRUE, have_csv;
  PetscMPIInt size, rank;
  Grid        grid, one;
  Times       t[8], t1[8];
  MatInfo     info;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(MatAIJAdaptiveInitializePackage());
  PetscCallMPI(MPI_Comm_size(PETSC_COMM_WORLD, &size));
  PetscCallMPI(MPI_Comm_rank(PETSC_COMM_WORLD, &rank));
  PetscCall(PetscOptionsGetString(NULL, NULL, "-problem", problem_name, sizeof(problem_name), NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &n, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-dof", &dof, NULL));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-weak", &weak, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-mult_reps", &reps, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-rounds", &rounds, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-ksp_its", &its, NULL));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-baseline", &baseline, NULL));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-timeline", &timeline, NULL));
  PetscCall(PetscOptionsGetString(NULL, NULL, "-csv", csv, sizeof(csv), &have_csv));
  {
    PetscBool set, stencil, fem;
    PetscCall(PetscOptionsGetStringArray(NULL, NULL, "-types", types, &ntypes, &set));
    if (!set) {
      PetscInt gpus = 0; /* aijcusparse needs a CUDA PETSc and a GPU */
#if defined(PETSC_HAVE_CUDA)
      PetscCall(MatAIJAdaptiveGetDeviceCount(&gpus));
#endif
      PetscCall(PetscStrallocpy(MATAIJADAPTIVE, &types[0]));
      PetscCall(PetscStrallocpy(gpus ? MATAIJCUSPARSE : MATAIJ, &types[1]));
      ntypes = 2;
    }
    PetscCall(PetscStrcmp(problem_name, "stencil27", &stencil));
    PetscCall(PetscStrcmp(problem_name, "fem", &fem));
    PetscCheck(stencil || fem, PETSC_COMM_WORLD, PETSC_ERR_ARG_WRONG, "-problem must be stencil27 or fem, not %s", problem_name);
    PetscCheck(n >= 2, PETSC_COMM_WORLD, PETSC_ERR_ARG_OUTOFRANGE, "-n must be at least 2, not %" PetscInt_FMT, n);
    PetscCheck(!fem || (dof >= 1 && dof <= 64), PETSC_COMM_WORLD, PETSC_ERR_ARG_OUTOFRANGE, "-dof must be in [1, 64], not %" PetscInt_FMT, dof);
    PetscCheck(reps >= 1 && rounds >= 1 && its >= 1, PETSC_COMM_WORLD, PETSC_ERR_ARG_OUTOFRANGE, "-mult_reps, -rounds and -ksp_its must be at least 1");
    grid.problem = fem ? FEM : STENCIL27;
    grid.dof     = fem ? dof : 1;
  }
  grid.nx = grid.ny = n;
  grid.nz           = weak ? n * size : n;
  one               = grid;
  one.nz            = n; /* the one-GPU problem: the whole grid (strong) or one rank's share (weak) */
  baseline          = (PetscBool)(baseline && size > 1);

  /* The one-GPU baseline first, rank 0 alone while the others wait. */
  if (baseline) {
    if (rank == 0) {
      for (PetscInt m = 0; m < ntypes; m++) PetscCall(Assemble(PETSC_COMM_SELF, &one, types[m], &B[m]));
      PetscCall(TimeTypes(PETSC_COMM_SELF, B, ntypes, reps, its, rounds, t1));
      for (PetscInt m = 0; m < ntypes; m++) PetscCall(MatDestroy(&B[m]));
    }
    PetscCallMPI(MPI_Bcast(t1, (PetscMPIInt)(ntypes * sizeof(Times)), MPI_BYTE, 0, PETSC_COMM_WORLD));
  }
  for (PetscInt m = 0; m < ntypes; m++) PetscCall(Assemble(PETSC_COMM_WORLD, &grid, types[m], &A[m]));
  PetscCall(TimeTypes(PETSC_COMM_WORLD, A, ntypes, reps, its, rounds, t));
  if (!baseline) /* one rank: its own times; several without -baseline: not measured */
    for (PetscInt m = 0; m < ntypes; m++) {
      t1[m] = t[m];
      if (size > 1) t1[m].mult = t1[m].cg = NAN;
    }

  PetscCall(MatGetInfo(A[0], MAT_GLOBAL_SUM, &info));
  PetscCall(GpusInUse(&gpus));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s%s, %" PetscInt_FMT " x %" PetscInt_FMT " x %" PetscInt_FMT " grid, %s scaling: %" PetscInt_FMT " rows, %.0f nonzeros, %d rank%s on %" PetscInt_FMT " GPU%s; medians of %" PetscInt_FMT " rounds (%" PetscInt_FMT " MatMults, %" PetscInt_FMT " CG iterations)\n",
                        problem_name, grid.problem == FEM ? (grid.dof == 1 ? " (1 dof)" : " (interlaced dofs)") : "", grid.nx, grid.ny, grid.nz, weak ? "weak" : "strong", grid.nx * grid.ny * grid.nz * grid.dof, info.nz_used, size, size > 1 ? "s" : "", gpus, gpus == 1 ? "" : "s", rounds, reps, its));
  for (PetscInt m = 0; m < ntypes; m++) {
    PetscInt  ghosts, most, total;
    char      format[64];
    const int p = weak ? 1 : size;
    PetscCall(GhostCount(A[m], &ghosts));
    PetscCallMPI(MPI_Allreduce(&ghosts, &most, 1, MPIU_INT, MPI_MAX, PETSC_COMM_WORLD));
    PetscCallMPI(MPI_Allreduce(&ghosts, &total, 1, MPIU_INT, MPI_SUM, PETSC_COMM_WORLD));
    PetscCall(FormatOf(A[m], types[m], format, sizeof(format)));
    {
      const double    bytes_max = (double)most * sizeof(PetscScalar), bytes_mean = (double)total * sizeof(PetscScalar) / size;
      const double    eff_mult = t1[m].mult / (p * t[m].mult), eff_cg = t1[m].cg / (p * t[m].cg);
      const PetscReal phases = t[m].diag + t[m].exchange + t[m].off;
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  %-12s %-14s MatMult %.4f ms (1 GPU %.4f, efficiency %.3f), CG+Jacobi %.4f ms/it (1 GPU %.4f, efficiency %.3f), ghosts per rank %" PetscInt_FMT " values max (%.0f B), %.0f B mean\n", types[m], format, 1e3 * t[m].mult, 1e3 * t1[m].mult, eff_mult, 1e3 * t[m].cg, 1e3 * t1[m].cg, eff_cg, most, bytes_max, bytes_mean));
#if defined(AIJA_SCALING_TIMELINE)
      {
        PetscBool mpiaij, on_gpu = PETSC_FALSE;
        VecType   vtype;
        PetscCall(PetscObjectBaseTypeCompare((PetscObject)A[m], MATMPIAIJ, &mpiaij));
        PetscCall(MatGetVecType(A[m], &vtype));
        PetscCall(PetscStrbeginswith(vtype, VECCUDA, &on_gpu));
        if (timeline && size > 1 && mpiaij && on_gpu) PetscCall(Timeline(A[m], reps));
      }
#endif
      if (phases > 0)
        PetscCall(PetscPrintf(PETSC_COMM_WORLD, "  %-12s %-14s phases alone: diagonal block %.4f ms, exchange %.4f ms, off-process block %.4f ms, sum %.4f ms, MatMult - sum %+.4f ms\n", "", "", 1e3 * t[m].diag, 1e3 * t[m].exchange, 1e3 * t[m].off, 1e3 * phases, 1e3 * (t[m].mult - phases)));
      if (have_csv && rank == 0) {
        FILE     *f;
        PetscBool fresh;
        PetscCall(PetscTestFile(csv, 'r', &fresh));
        fresh = (PetscBool)!fresh;
        f     = fopen(csv, "a");
        PetscCheck(f, PETSC_COMM_SELF, PETSC_ERR_FILE_OPEN, "-csv %s: cannot open it for appending", csv);
        if (fresh) fprintf(f, "problem,dof,n,nx,ny,nz,scaling,ranks,gpus,rows,nnz,type,format,matmult_ms,cg_ms_per_it,ghost_bytes_max,ghost_bytes_mean,one_gpu_matmult_ms,one_gpu_cg_ms_per_it,matmult_efficiency,cg_efficiency,diag_ms,exchange_ms,off_ms\n");
        fprintf(f, "%s,%d,%d,%d,%d,%d,%s,%d,%d,%d,%.0f,%s,%s,%.6f,%.6f,%.0f,%.0f,%.6f,%.6f,%.4f,%.4f,%.6f,%.6f,%.6f\n", problem_name, (int)grid.dof, (int)n, (int)grid.nx, (int)grid.ny, (int)grid.nz, weak ? "weak" : "strong", size, (int)gpus,
                (int)(grid.nx * grid.ny * grid.nz * grid.dof), info.nz_used, types[m], format, 1e3 * t[m].mult, 1e3 * t[m].cg, bytes_max, bytes_mean, 1e3 * t1[m].mult, 1e3 * t1[m].cg, eff_mult, eff_cg, 1e3 * t[m].diag, 1e3 * t[m].exchange, 1e3 * t[m].off);
        PetscCheck(fclose(f) == 0, PETSC_COMM_SELF, PETSC_ERR_FILE_WRITE, "-csv %s: writing failed", csv);
      }
    }
  }
  for (PetscInt m = 0; m < ntypes; m++) {
    PetscCall(MatDestroy(&A[m]));
    PetscCall(PetscFree(types[m]));
  }
  PetscCall(PetscFinalize());
  return 0;
}
