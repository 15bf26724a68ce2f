/* Differences between the PETSc versions we support (3.18 .. 3.26), in one place. */
#pragma once

#include <petscversion.h>
#include <petsc/private/matimpl.h>

#if PETSC_VERSION_LT(3, 18, 0)
  #error "aijadaptive needs PETSc 3.18 or newer"
#endif

#if PETSC_VERSION_LT(3, 19, 0)
  #define PETSC_SUCCESS ((PetscErrorCode)0)
#endif

/* The setfromoptions op takes the option items by pointer before 3.23. */
#if PETSC_VERSION_LT(3, 23, 0)
typedef PetscOptionItems *AijaOptionItems;
#else
typedef PetscOptionItems AijaOptionItems;
#endif

/* A CUDA-enabled PETSc: its vectors may live on the GPU and have a stream. */
#if defined(PETSC_HAVE_CUDA)
  #define AIJA_PETSC_HAS_CUDA 1
#else
  #define AIJA_PETSC_HAS_CUDA 0
#endif

/* A PETSc with device support keeps a bound-to-CPU flag per matrix; a new
   matrix starts bound, and MatBindToCPU ignores a call that changes nothing,
   so GPU types clear it when they take a matrix over (as aijcusparse does). */
#if defined(PETSC_HAVE_DEVICE)
  #define AijaSetBoundToCPU(A, flg) ((A)->boundtocpu = (flg))
#else
  #define AijaSetBoundToCPU(A, flg) ((void)(A), (void)(flg))
#endif

/* Destroy callbacks of a PetscContainer get the context (3.18..3.22) or the
   address of the context (3.23+, typed void * as PetscCtxRt); the callback
   type is PetscErrorCode (*)(void *) in both. */
#if PETSC_VERSION_LT(3, 23, 0)
  #define AIJA_CONTAINER_CTX(arg)        (arg)
  #define AijaContainerSetDestroy(c, fn) PetscContainerSetUserDestroy((c), (fn))
#else
  #define AIJA_CONTAINER_CTX(arg)        (*(void **)(arg))
  #define AijaContainerSetDestroy(c, fn) PetscContainerSetCtxDestroy((c), (fn))
#endif
