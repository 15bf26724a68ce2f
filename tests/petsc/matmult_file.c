/* MatMult of a matrix saved in PETSc's binary format (ex56's
   -ksp_view_mat binary:FILE, say), timed for the type -mat_type names, so
   that types are compared on the same matrix in one run:
     -f FILE        the matrix
     -reps N        timed products (default 500), after 10 untimed
   aij types and aijadaptive read the file with MatLoad in their own type;
   sell types (MatLoad does not know them) read it as AIJ and are converted
   to SELL, which preallocates its slices, then to the type asked for (from
   AIJ straight to sellcuda PETSc inserts value by value: minutes). Prints the type and the time per product (host clock around the
   loop, closed by a norm that waits for the device). */
#include <petscmat.h>
#include <string.h>

int main(int argc, char **argv)
{
  char           file[PETSC_MAX_PATH_LEN], type[64] = "aij";
  PetscBool      has_file, sell;
  PetscInt       reps = 500, i;
  PetscViewer    viewer;
  Mat            A;
  Vec            x, y;
  PetscLogDouble t0, t1;
  PetscReal      norm;
  MatType        actual;

  PetscCall(PetscInitialize(&argc, &argv, NULL, NULL));
  PetscCall(PetscOptionsGetString(NULL, NULL, "-f", file, sizeof(file), &has_file));
  PetscCheck(has_file, PETSC_COMM_WORLD, PETSC_ERR_USER, "give the matrix with -f FILE");
  PetscCall(PetscOptionsGetInt(NULL, NULL, "-reps", &reps, NULL));
  PetscCall(PetscOptionsGetString(NULL, NULL, "-mat_type", type, sizeof(type), NULL));
  sell = strstr(type, "sell") != NULL ? PETSC_TRUE : PETSC_FALSE;
  PetscCall(PetscViewerBinaryOpen(PETSC_COMM_WORLD, file, FILE_MODE_READ, &viewer));
  PetscCall(MatCreate(PETSC_COMM_WORLD, &A));
  if (sell) PetscCall(MatSetType(A, MATAIJ));
  else PetscCall(MatSetFromOptions(A));
  PetscCall(MatLoad(A, viewer));
  PetscCall(PetscViewerDestroy(&viewer));
  if (sell) { /* AIJ to SELL preallocates; SELL to its GPU type keeps the slices */
    PetscCall(MatConvert(A, MATSELL, MAT_INPLACE_MATRIX, &A));
    PetscCall(MatConvert(A, type, MAT_INPLACE_MATRIX, &A));
  }
  PetscCall(MatCreateVecs(A, &x, &y));
  PetscCall(VecSet(x, 1.0));
  for (i = 0; i < 10; i++) PetscCall(MatMult(A, x, y));
  PetscCall(VecNorm(y, NORM_2, &norm));
  PetscCall(PetscTime(&t0));
  for (i = 0; i < reps; i++) PetscCall(MatMult(A, x, y));
  PetscCall(VecNorm(y, NORM_2, &norm));
  PetscCall(PetscTime(&t1));
  PetscCall(MatGetType(A, &actual));
  PetscCall(PetscPrintf(PETSC_COMM_WORLD, "matmult_file: type %s, %" PetscInt_FMT " products, %.2f us each, |y| %.10e\n",
                        actual, reps, 1e6 * (t1 - t0) / (double)reps, (double)norm));
  PetscCall(VecDestroy(&x));
  PetscCall(VecDestroy(&y));
  PetscCall(MatDestroy(&A));
  PetscCall(PetscFinalize());
  return 0;
}
