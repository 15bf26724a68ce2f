/* aijadaptive: a PETSc Mat type whose products run on the GPU in the storage
   format that suits the matrix.

   Programs that link libpetscaijadaptive call MatAIJAdaptiveInitializePackage()
   once after PetscInitialize(); unchanged programs load it with
   -dll_append /path/to/libpetscaijadaptive.so. Either way -mat_type aijadaptive
   (or -dm_mat_type aijadaptive) then selects it. */
#pragma once

#include <petscmat.h>

#define MATAIJADAPTIVE    "aijadaptive"
#define MATSEQAIJADAPTIVE "seqaijadaptive"
#define MATMPIAIJADAPTIVE "mpiaijadaptive"

/* Registers the types, options and log events. Idempotent. */
PETSC_EXTERN PetscErrorCode MatAIJAdaptiveInitializePackage(void);

/* The format chosen for the matrix (for an MPI matrix: its diagonal block on
   this rank) and whether it lives on the GPU. The matrix must be assembled.
   The string belongs to the matrix, as MatGetType()'s does: valid until the
   matrix is built again (a new nonzero pattern or new options) or destroyed. */
PETSC_EXTERN PetscErrorCode MatAIJAdaptiveGetFormat(Mat, const char **format, PetscBool *on_device);

/* The number of GPUs this process can use (0 without CUDA, a driver or a GPU). */
PETSC_EXTERN PetscErrorCode MatAIJAdaptiveGetDeviceCount(PetscInt *count);

/* The entry point PetscDLLibraryOpen looks for (-dll_append). */
PETSC_EXTERN PetscErrorCode PetscDLLibraryRegister_petscaijadaptive(void);
