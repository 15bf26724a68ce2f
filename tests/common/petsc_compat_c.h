/* For the C test programs and examples: PETSC_SUCCESS before PETSc 3.19. */
#pragma once
#include <petscversion.h>
#if PETSC_VERSION_LT(3, 19, 0) && !defined(PETSC_SUCCESS)
  #define PETSC_SUCCESS 0
#endif
