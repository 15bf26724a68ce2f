/* For the C test programs and examples: PETSC_SUCCESS before PETSc 3.19, the
   -require_gpu option of the tests, and how often an event was logged. */
#pragma once
#include <petscversion.h>
#if PETSC_VERSION_LT(3, 19, 0) && !defined(PETSC_SUCCESS)
  #define PETSC_SUCCESS 0
#endif

#if defined(MATAIJADAPTIVE) /* only where petscaijadaptive.h is included */
/* Reads -require_gpu. *skip is true when it is set and there is no GPU: the
   test then prints SKIP, finalizes and exits with 77. */
static inline PetscErrorCode RequireGpuOption(PetscBool *require_gpu, PetscBool *skip)
{
  PetscInt count = 0;

  PetscFunctionBeginUser;
  *require_gpu = PETSC_FALSE;
  *skip        = PETSC_FALSE;
  PetscCall(PetscOptionsGetBool(NULL, NULL, "-require_gpu", require_gpu, NULL));
  if (*require_gpu) PetscCall(MatAIJAdaptiveGetDeviceCount(&count));
  if (*require_gpu && !count) {
    PetscCall(PetscPrintf(PETSC_COMM_WORLD, "SKIP: no GPU here, nothing to test on it\n"));
    *skip = PETSC_TRUE;
  }
  PetscFunctionReturn(PETSC_SUCCESS);
}
#endif

#if defined(MATAIJADAPTIVE)
/* How many times this rank logged the event `name` so far. */
static inline PetscErrorCode EventCount(const char *name, PetscInt *count)
{
  PetscLogEvent      event;
  PetscEventPerfInfo info;

  PetscFunctionBeginUser;
  PetscCall(PetscLogEventGetId(name, &event));
  PetscCall(PetscLogEventGetPerfInfo(0, event, &info));
  *count = (PetscInt)info.count;
  PetscFunctionReturn(PETSC_SUCCESS);
}
#endif
