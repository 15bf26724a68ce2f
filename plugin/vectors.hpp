// Access to vector arrays for the products: where the memory is, which stream
// to use, and page-locking host arrays so they cross to the GPU at full speed.
#pragma once

#include <aijadaptive/adaptive_matrix.hpp>

#include "aija_internal.hpp"

namespace aija {

// The array of x for reading, with its memory space and a content key (object
// id and state) that lets the core skip re-sending an unchanged host x.
struct ReadAccess {
  Vec v = nullptr;
  const PetscScalar* data = nullptr;
  PetscMemType memtype = PETSC_MEMTYPE_HOST;
  aijadaptive::InputVector<PetscScalar> view() const;
};
struct WriteAccess {
  Vec v = nullptr;
  PetscScalar* data = nullptr;
  PetscMemType memtype = PETSC_MEMTYPE_HOST;
  bool read = false;  // y is read too (beta != 0)
  aijadaptive::OutputVector<PetscScalar> view() const;
};

// For a product on the GPU: the arrays where they are, host or device.
PetscErrorCode GetRead(Vec v, ReadAccess* r);
PetscErrorCode RestoreRead(ReadAccess* r);
PetscErrorCode GetWrite(Vec v, bool read, WriteAccess* w);
PetscErrorCode RestoreWrite(WriteAccess* w);

// Page-locks a host vector's array once; undone when the vector is destroyed
// or its array replaced. Small vectors are left alone.
PetscErrorCode PinHostArray(Vec v, const PetscScalar* data);

// PETSc's current CUDA stream when PETSc has CUDA, else nullptr.
PetscErrorCode PetscStream(aijadaptive::Stream* s);

// z = A^H x (+ y) through the transpose of the conjugates, z = conj(A^T
// conj(x) (+ conj(y))), as PETSc's MatMultHermitianTranspose does for a
// matrix without a Hermitian product: `transpose(w, add)` computes z = A^T w,
// or z += A^T w with `add`.
template <class Transpose>
PetscErrorCode ThroughConjugates(Vec x, Vec y, Vec z, Transpose&& transpose) {
  Vec w;

  PetscFunctionBegin;
  PetscCall(VecDuplicate(x, &w));
  PetscCall(VecCopy(x, w));
  PetscCall(VecConjugate(w));
  if (y) {
    if (y != z) PetscCall(VecCopy(y, z));
    PetscCall(VecConjugate(z));
  }
  PetscCall(transpose(w, y != nullptr));
  PetscCall(VecConjugate(z));
  PetscCall(VecDestroy(&w));
  PetscFunctionReturn(PETSC_SUCCESS);
}

}  // namespace aija
