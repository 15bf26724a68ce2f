/* A downstream PETSc program built against an installed aijadaptive, once
   through find_package and once through pkg-config (tests/install/check.cmake).
   It links the plugin, registers the type, and multiplies one matrix assembled
   as aijadaptive and as aij: the products must agree. Prints
   "downstream: OK" and exits 0, or says what differs and exits 1. Only the
   installed header and PETSc's: nothing of the source tree. */
#include <petscaijadaptive.h>

/* A banded matrix with a far column, values varied so that a wrong column or
   row would show: the same for every type. */
static PetscErrorCode Assemble(MatType type, PetscInt n, Mat *A)
{
  PetscInt rstart, rend;

  PetscFunctionBeginUser;
  PetscCall(MatCreate(PETSC_COMM_WORLD, A));
  PetscCall(MatSetSizes(*A, PETSC_DECIDE, PETSC_DECIDE, n, n));
  PetscCall(MatSetType(*A, type));
  PetscCall(MatSeqAIJSetPreallocation(*A, 6, NULL));
  PetscCall(MatMPIAIJSetPreallocation(*A, 6, NULL, 6, NULL));
  PetscCall(MatGetOwnershipRange(*A, &rstart, &rend));
  for (PetscInt i = rstart; i < rend; i++) {
    const PetscInt offsets[5] = {-7, -1, 0, 1, 7};
    for (int d = 0; d < 5; d++) {
      const PetscInt j = i + offsets[d];
      if (j >= 0 && j < n) PetscCall(MatSetValue(*A, i, j, 1.0 + (PetscScalar)((3 * i + 5 * j) % 11) / 4.0, ADD_VALUES));
    }
    PetscCall(MatSetValue(*A, i, n - 1 - i % 13, 0.5, ADD_VALUES));
  }
  PetscCall(MatAssemblyBegin(*A, MAT_FINAL_ASSEMBLY));
  PetscCall(MatAssemblyEnd(*A, MAT_FINAL_ASSEMBLY));
  PetscFunctionReturn(0);
}

int main(int argc, char **argv)
{
  Mat         A, B;
  Vec         x, y, z;
  PetscInt    n = 500, rstart, rend;
  PetscReal   diff, norm, tol = 1000 * PETSC_MACHINE_EPSILON;
  const char *format;
  PetscBool   on_device, is_ours;
  MatType     type;
  PetscScalar *xa;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(MatAIJAdaptiveInitializePackage());
  PetscCall(Assemble(MATAIJADAPTIVE, n, &A));
  PetscCall(Assemble(MATAIJ, n, &B));
  PetscCall(MatGetType(A, &type));
  PetscCall(PetscStrendswith(type, MATAIJADAPTIVE, &is_ours));

  PetscCall(MatCreateVecs(B, &x, &y));
  PetscCall(VecDuplicate(y, &z));
  PetscCall(VecGetOwnershipRange(x, &rstart, &rend));
  PetscCall(VecGetArray(x, &xa));
  for (PetscInt i = rstart; i < rend; i++) xa[i - rstart] = 1.0 + (PetscScalar)(i % 17) / 8.0;
  PetscCall(VecRestoreArray(x, &xa));

  PetscCall(MatMult(A, x, y));
  PetscCall(MatAIJAdaptiveGetFormat(A, &format, &on_device));
  PetscCall(MatMult(B, x, z));
  PetscCall(VecNorm(z, NORM_INFINITY, &norm));
  PetscCall(VecAXPY(z, -1.0, y));
  PetscCall(VecNorm(z, NORM_INFINITY, &diff));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "downstream: type %s, format %s on the %s; |Ax - A_aij x| / |A_aij x| = %g\n",
                        type, format, on_device ? "GPU" : "host", (double)(diff / norm)));
  if (!is_ours || norm == 0 || diff > tol * norm) {
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "downstream: FAILED (%s)\n",
                          !is_ours ? "the matrix is not aijadaptive" : "the products differ"));
    PetscCall(PetscFinalize());
    return 1;
  }
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "downstream: OK\n"));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&y));
  PetscCall(VecDestroy(&z));
  PetscCall(MatDestroy(&A));
  PetscCall(MatDestroy(&B));
  PetscCall(PetscFinalize());
  return 0;
}
