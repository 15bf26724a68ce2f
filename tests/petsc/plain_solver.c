/* An ordinary PETSc program that knows nothing of aijadaptive: a 3D Laplacian
   solved with KSP. It creates its matrix from a DMDA (honours -dm_mat_type)
   or with MatCreate + MatSetFromOptions (honours -mat_type), so loading the
   plugin with -dll_append or PETSC_OPTIONS is all a user needs. */
#include <petscdmda.h>
#include <petscksp.h>
#include "petsc_compat_c.h"

int main(int argc, char **argv)
{
  DM          da;
  Mat         A;
  Vec         x, b;
  KSP         ksp;
  PetscInt    its, n = 10;
  PetscReal   rnorm;
  PetscBool   use_dm = PETSC_FALSE;
  MatType     type;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-use_dm", &use_dm, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &n, NULL));
  PetscCall(DMDACreate3d(PETSC_COMM_WORLD, DM_BOUNDARY_NONE, DM_BOUNDARY_NONE, DM_BOUNDARY_NONE, DMDA_STENCIL_STAR, n, n, n, PETSC_DECIDE, PETSC_DECIDE, PETSC_DECIDE, 1, 1, NULL, NULL, NULL, &da));
  PetscCall(DMSetFromOptions(da));
  PetscCall(DMSetUp(da));
  if (use_dm) {
    PetscCall(DMCreateMatrix(da, &A));
  } else {
    PetscCall(MatCreate(PETSC_COMM_WORLD, &A));
    PetscCall(MatSetSizes(A, PETSC_DECIDE, PETSC_DECIDE, n * n * n, n * n * n));
    PetscCall(MatSetFromOptions(A));
    PetscCall(MatSeqAIJSetPreallocation(A, 7, NULL));
    PetscCall(MatMPIAIJSetPreallocation(A, 7, NULL, 7, NULL));
  }
  { /* the 7-point Laplacian in natural (i fastest) numbering, either way */
    PetscInt rstart, rend;
    PetscCall(MatGetOwnershipRange(A, &rstart, &rend));
    if (use_dm) {
      DMDALocalInfo info;
      PetscCall(DMDAGetLocalInfo(da, &info));
      for (PetscInt k = info.zs; k < info.zs + info.zm; k++)
        for (PetscInt j = info.ys; j < info.ys + info.ym; j++)
          for (PetscInt i = info.xs; i < info.xs + info.xm; i++) {
            MatStencil  row = {k, j, i, 0}, col[7];
            PetscScalar v[7];
            PetscInt    c = 0;
            const PetscInt d[6][3] = {{-1, 0, 0}, {1, 0, 0}, {0, -1, 0}, {0, 1, 0}, {0, 0, -1}, {0, 0, 1}};
            col[c] = row; v[c++] = 6.0;
            for (int e = 0; e < 6; e++) {
              PetscInt kk = k + d[e][0], jj = j + d[e][1], ii = i + d[e][2];
              if (kk < 0 || jj < 0 || ii < 0 || kk >= n || jj >= n || ii >= n) continue;
              col[c].k = kk; col[c].j = jj; col[c].i = ii; col[c].c = 0; v[c++] = -1.0;
            }
            PetscCall(MatSetValuesStencil(A, 1, &row, c, col, v, INSERT_VALUES));
          }
    } else {
      for (PetscInt r = rstart; r < rend; r++) {
        PetscInt    i = r % n, j = (r / n) % n, k = r / (n * n), cols[7], c = 0;
        PetscScalar v[7];
        cols[c] = r; v[c++] = 6.0;
        if (i > 0) { cols[c] = r - 1; v[c++] = -1.0; }
        if (i < n - 1) { cols[c] = r + 1; v[c++] = -1.0; }
        if (j > 0) { cols[c] = r - n; v[c++] = -1.0; }
        if (j < n - 1) { cols[c] = r + n; v[c++] = -1.0; }
        if (k > 0) { cols[c] = r - n * n; v[c++] = -1.0; }
        if (k < n - 1) { cols[c] = r + n * n; v[c++] = -1.0; }
        PetscCall(MatSetValues(A, 1, &r, c, cols, v, INSERT_VALUES));
      }
    }
  }
  PetscCall(MatAssemblyBegin(A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatCreateVecs(A, &x, &b));
  PetscCall(VecSet(b, 1.0));
  PetscCall(KSPCreate(PETSC_COMM_WORLD, &ksp));
  PetscCall(KSPSetOperators(ksp, A, A));
  PetscCall(KSPSetFromOptions(ksp));
  PetscCall(KSPSolve(ksp, b, x));
  PetscCall(KSPGetIterationNumber(ksp, &its));
  PetscCall(KSPGetResidualNorm(ksp, &rnorm));
  PetscCall(MatGetType(A, &type));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "matrix type: %s\niterations: %" PetscInt_FMT "\nresidual norm: %g\n", type, its, (double)rnorm));
  PetscCall(KSPDestroy(&ksp));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&b));
  PetscCall(MatDestroy(&A));
  PetscCall(DMDestroy(&da));
  PetscCall(PetscFinalize());
  return 0;
}
