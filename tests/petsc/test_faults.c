/* GPU faults seen through PETSc (issue 15 part 6). Run it with
   -mat_aijadaptive_inject_fault alloc:K | pinned:K | launch:K (README, Options).

   Builds the 2D 5-point Laplacian (-n, default 40: 1600 rows) as aijadaptive
   (MatSetFromOptions, so -mat_aijadaptive_* apply) and as AIJ, then runs
   -products P (default 3) MatMults on the aijadaptive matrix. Each may fail:
   PETSc's error handler prints the error, and the program goes on with the
   next product. A product that succeeds is compared with AIJ's.
     -expect_failure K: product K must fail (0, the default: none may fail).
   Prints "format: F on the GPU|host", a line per product ("MatMult k:
   failed (PETSc error E)", "MatMult k: matches AIJ" or "... MISMATCH"), and
   "PASSED: 0 failures" or "FAILED: N failures". -require_gpu: exits with 77
   (skip) without a GPU. */
#include <petscaijadaptive.h>
#include "petsc_compat_c.h"

static PetscErrorCode Laplacian(MatType type, PetscInt n, Mat *A)
{
  PetscInt rstart, rend;

  PetscFunctionBeginUser;
  PetscCall(MatCreate(PETSC_COMM_WORLD, A));
  PetscCall(MatSetSizes(*A, PETSC_DECIDE, PETSC_DECIDE, n * n, n * n));
  if (type) PetscCall(MatSetType(*A, type));
  else PetscCall(MatSetFromOptions(*A));
  PetscCall(MatSeqAIJSetPreallocation(*A, 5, NULL));
  PetscCall(MatMPIAIJSetPreallocation(*A, 5, NULL, 5, NULL));
  PetscCall(MatGetOwnershipRange(*A, &rstart, &rend));
  for (PetscInt r = rstart; r < rend; r++) {
    PetscInt    i = r % n, j = r / n, cols[5], c = 0;
    PetscScalar v[5];
    cols[c] = r; v[c++] = 4.0;
    if (i > 0) { cols[c] = r - 1; v[c++] = -1.0; }
    if (i < n - 1) { cols[c] = r + 1; v[c++] = -1.0; }
    if (j > 0) { cols[c] = r - n; v[c++] = -1.0; }
    if (j < n - 1) { cols[c] = r + n; v[c++] = -1.0; }
    PetscCall(MatSetValues(*A, 1, &r, c, cols, v, INSERT_VALUES));
  }
  PetscCall(MatAssemblyBegin(*A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(*A, MAT_FINAL_ASSEMBLY));
  PetscFunctionReturn(PETSC_SUCCESS);
}

int main(int argc, char **argv)
{
  Mat         A, ref;
  Vec         x, y, yref;
  PetscRandom rng;
  PetscInt    n = 40, products = 3, expect_failure = 0, failures = 0;
  PetscBool   require_gpu, skip, on_device;
  const char *format;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(MatAIJAdaptiveInitializePackage());
  PetscCall(RequireGpuOption(&require_gpu, &skip));
  if (skip) {
    PetscCall(PetscFinalize());
    return 77;
  }
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-n", &n, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-products", &products, NULL));
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-expect_failure", &expect_failure, NULL));
  PetscCall(Laplacian(NULL, n, &A)); /* aijadaptive through -mat_type */
  PetscCall(Laplacian(MATAIJ, n, &ref));
  PetscCall(MatAIJAdaptiveGetFormat(A, &format, &on_device));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "format: %s on the %s\n", format, on_device ? "GPU" : "host"));

  PetscCall(MatCreateVecs(A, &x, &y));
  PetscCall(MatCreateVecs(ref, NULL, &yref));
  PetscCall(PetscRandomCreate(PETSC_COMM_WORLD, &rng));
  PetscCall(PetscRandomSetSeed(rng, 7));
  PetscCall(PetscRandomSeed(rng));
  PetscCall(VecSetRandom(x, rng));
  PetscCall(MatMult(ref, x, yref));
  for (PetscInt k = 1; k <= products; k++) {
    /* Not PetscCall: a failed product is what is tested. PETSc's handler has
       printed its error; the matrix must stay usable. */
    PetscErrorCode failed = MatMult(A, x, y);
    if (failed) {
      PetscCall(PetscPrintf(PETSC_COMM_WORLD, "MatMult %d: failed (PETSc error %d)\n", (int)k, (int)failed));
      if (k != expect_failure) failures++;
      continue;
    }
    PetscReal diff, norm;
    PetscCall(VecAXPY(y, -1.0, yref));
    PetscCall(VecNorm(y, NORM_INFINITY, &diff));
    PetscCall(VecNorm(yref, NORM_INFINITY, &norm));
    const PetscBool same = diff <= 1e-12 * norm ? PETSC_TRUE : PETSC_FALSE;
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "MatMult %d: %s (max difference %g)\n", (int)k, same ? "matches AIJ" : "MISMATCH",
                          (double)diff));
    if (!same || k == expect_failure) failures++;
  }
  if (require_gpu && !on_device) {
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "FAIL: the matrix runs on the host although -require_gpu was given\n"));
    failures++;
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "%s: %d failures\n", failures ? "FAILED" : "PASSED", (int)failures));
  PetscCall(PetscRandomDestroy(&rng));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&y));
  PetscCall(VecDestroy(&yref));
  PetscCall(MatDestroy(&A));
  PetscCall(MatDestroy(&ref));
  PetscCall(PetscFinalize());
  return failures ? 1 : 0;
}
