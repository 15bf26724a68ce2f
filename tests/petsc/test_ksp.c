/* KSP on aijadaptive and on plain AIJ with the same right-hand side:
   the iteration counts must be identical and the solutions agree (1e-6).
   Cases: CG and GMRES, each with Jacobi and with block Jacobi + ILU.
   -require_gpu: as in test_mat_ops (exit 77 without a GPU). */
#include <petscaijadaptive.h>
#include <petscksp.h>
#include "petsc_compat_c.h"

/* A 2D anisotropic diffusion operator with a coefficient that varies from
   face to face (symmetric positive definite, so CG applies): harder than the
   plain Laplacian, so that the solvers need dozens of iterations. */
static PetscScalar FaceX(PetscInt i, PetscInt j) { return 1.0 + (PetscScalar)((i * 13 + j * 7) % 10); } /* between (i,j) and (i+1,j) */

static PetscErrorCode Assemble(PetscInt n, MatType type, Mat *A)
{
  PetscInt rstart, rend, N = n * n;
  const PetscScalar cy = 1.0;

  PetscFunctionBeginUser;
  PetscCall(MatCreate(PETSC_COMM_WORLD, A));
  PetscCall(MatSetSizes(*A, PETSC_DECIDE, PETSC_DECIDE, N, N));
  PetscCall(MatSetType(*A, type));
  PetscCall(MatSetFromOptions(*A));
  PetscCall(MatSeqAIJSetPreallocation(*A, 5, NULL));
  PetscCall(MatMPIAIJSetPreallocation(*A, 5, NULL, 2, NULL));
  PetscCall(MatGetOwnershipRange(*A, &rstart, &rend));
  for (PetscInt row = rstart; row < rend; row++) {
    PetscInt    i = row / n, j = row % n, cols[5], k = 0;
    PetscScalar vals[5], diag = 1.0; /* a shift keeps the solves short: long ones amplify rounding */
    if (i > 0) { cols[k] = row - n; vals[k++] = -FaceX(i - 1, j); diag += FaceX(i - 1, j); }
    if (j > 0) { cols[k] = row - 1; vals[k++] = -cy; diag += cy; }
    if (j < n - 1) { cols[k] = row + 1; vals[k++] = -cy; diag += cy; }
    if (i < n - 1) { cols[k] = row + n; vals[k++] = -FaceX(i, j); diag += FaceX(i, j); }
    cols[k] = row; vals[k++] = diag;
    PetscCall(MatSetValues(*A, 1, &row, k, cols, vals, INSERT_VALUES));
  }
  PetscCall(MatAssemblyBegin(*A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(*A, MAT_FINAL_ASSEMBLY));
  PetscFunctionReturn(PETSC_SUCCESS);
}

static PetscErrorCode Solve(Mat A, Vec b, KSPType ksptype, PCType pctype, Vec x, PetscInt *its)
{
  KSP ksp;
  PC  pc;

  PetscFunctionBeginUser;
  PetscCall(KSPCreate(PETSC_COMM_WORLD, &ksp));
  PetscCall(KSPSetOperators(ksp, A, A));
  PetscCall(KSPSetType(ksp, ksptype));
  PetscCall(KSPGetPC(ksp, &pc));
  PetscCall(PCSetType(pc, pctype));
  if (!strcmp(pctype, PCBJACOBI)) {
    PetscCall(KSPSetUp(ksp));
    {
      KSP     *sub;
      PetscInt nlocal;
      PetscCall(PCBJacobiGetSubKSP(pc, &nlocal, NULL, &sub));
      for (PetscInt k = 0; k < nlocal; k++) {
        PC subpc;
        PetscCall(KSPGetPC(sub[k], &subpc));
        PetscCall(PCSetType(subpc, PCILU));
      }
    }
  }
  if (!strcmp(ksptype, KSPGMRES)) PetscCall(KSPGMRESSetRestart(ksp, 100)); /* GMRES(30) stagnates here */
  PetscCall(KSPSetTolerances(ksp, 1e-8, PETSC_DEFAULT, PETSC_DEFAULT, 2000));
  PetscCall(KSPSetFromOptions(ksp));
  PetscCall(VecSet(x, 0.0));
  PetscCall(KSPSolve(ksp, b, x));
  PetscCall(KSPGetIterationNumber(ksp, its));
  PetscCall(KSPDestroy(&ksp));
  PetscFunctionReturn(PETSC_SUCCESS);
}

int main(int argc, char **argv)
{
  PetscInt    n = 40, failures = 0;
  PetscBool   require_gpu = PETSC_FALSE;
  Mat         ref, got;
  Vec         b, x1, x2;
  const char *ksps[] = {KSPCG, KSPGMRES}, *pcs[] = {PCJACOBI, PCBJACOBI};

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(MatAIJAdaptiveInitializePackage());
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &n, NULL));
  {
    PetscBool skip;
    PetscCall(RequireGpuOption(&require_gpu, &skip));
    if (skip) {
      PetscCall(PetscFinalize());
      return 77;
    }
  }
  PetscCall(Assemble(n, MATAIJ, &ref));
  PetscCall(Assemble(n, MATAIJADAPTIVE, &got));
  if (require_gpu) {
    PetscBool on_device;
    PetscCall(MatAIJAdaptiveGetFormat(got, NULL, &on_device));
    if (!on_device) {
      failures++;
      PetscCall(PetscPrintf(PETSC_COMM_SELF, "FAIL: the matrix is not on the GPU\n"));
    }
  }
  /* Both solves use vectors of aijadaptive's default type (on the GPU with a
     CUDA PETSc): only the matrix differs between them. */
  PetscCall(MatCreateVecs(got, &x1, &b));
  PetscCall(VecDuplicate(x1, &x2));
  PetscCall(VecSet(b, 1.0));
  for (int k = 0; k < 2; k++) {
    for (int p = 0; p < 2; p++) {
      PetscInt  its_ref, its_got;
      PetscReal diff, norm;
      PetscCall(Solve(ref, b, ksps[k], pcs[p], x1, &its_ref));
      PetscCall(Solve(got, b, ksps[k], pcs[p], x2, &its_got));
      PetscCall(VecNorm(x1, NORM_2, &norm));
      PetscCall(VecAXPY(x2, -1.0, x1));
      PetscCall(VecNorm(x2, NORM_2, &diff));
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s + %s: aij %" PetscInt_FMT " iterations, aijadaptive %" PetscInt_FMT ", solution difference %.2e\n", ksps[k], pcs[p], its_ref, its_got, (double)(diff / norm)));
      if (its_ref != its_got || diff > 1e-6 * norm || its_ref >= 2000) failures++;
    }
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: %" PetscInt_FMT " failures\n", failures ? "FAILED" : "PASSED", failures));
  PetscCall(VecDestroy(&b));
  PetscCall(VecDestroy(&x1));
  PetscCall(VecDestroy(&x2));
  PetscCall(MatDestroy(&ref));
  PetscCall(MatDestroy(&got));
  PetscCall(PetscFinalize());
  return failures ? 1 : 0;
}
