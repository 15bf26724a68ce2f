// The value and index types the core is built for. Every template of the
// core is explicitly instantiated for each pair, in its own .cpp/.cu file.
// The complex pairs (std::complex, PETSc's PetscScalar in C++ for a complex
// build) are there when AIJADAPTIVE_HAVE_COMPLEX is 1: the CMake option
// AIJADAPTIVE_VALUE_TYPES (all, or real alone: half the CUDA compile time).
#pragma once

#include <complex>
#include <cstdint>

#define AIJA_FOR_EACH_REAL_TYPE_PAIR(M) \
  M(double, std::int32_t)               \
  M(double, std::int64_t)               \
  M(float, std::int32_t)                \
  M(float, std::int64_t)

#if AIJADAPTIVE_HAVE_COMPLEX
#define AIJA_FOR_EACH_COMPLEX_TYPE_PAIR(M) \
  M(std::complex<double>, std::int32_t)    \
  M(std::complex<double>, std::int64_t)    \
  M(std::complex<float>, std::int32_t)     \
  M(std::complex<float>, std::int64_t)
#else
#define AIJA_FOR_EACH_COMPLEX_TYPE_PAIR(M)
#endif

#define AIJA_FOR_EACH_TYPE_PAIR(M) \
  AIJA_FOR_EACH_REAL_TYPE_PAIR(M)  \
  AIJA_FOR_EACH_COMPLEX_TYPE_PAIR(M)
