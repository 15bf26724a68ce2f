// The core's value types on the device (CUDA sources only). The host's
// std::complex<T> (PETSc's PetscScalar in C++) is cuda::std::complex<T> in the
// kernels: the same layout (two T; CCCL aligns it to 2 sizeof(T), as
// cudaMalloc'ed and PETSc's arrays are), and its arithmetic is __device__.
// The formats' device halves keep the host type in their interface and hand
// the kernels dev_ptr(p) and dev_value(v).
//
// Also what CUDA's intrinsics lack for complex values (in the global
// namespace, beside CUDA's own overloads, so that the kernels' calls stay as
// they are): the read-only and cache-hinted loads as one vector load of both
// parts, and the warp shuffle as two shuffles of the parts.
#pragma once

#include <cuda_runtime.h>

#include <complex>
#include <cuda/std/complex>
#include <type_traits>

namespace aijadaptive::detail {

template <class V>
struct DeviceValue {
  using type = V;
};
template <class T>
struct DeviceValue<std::complex<T>> {
  using type = cuda::std::complex<T>;
};
template <class V>
using device_value_t = typename DeviceValue<V>::type;

static_assert(sizeof(cuda::std::complex<double>) == sizeof(std::complex<double>) &&
                  sizeof(cuda::std::complex<float>) == sizeof(std::complex<float>),
              "cuda::std::complex must have std::complex's layout");

template <class V>
inline device_value_t<V>* dev_ptr(V* p) {
  return reinterpret_cast<device_value_t<V>*>(p);
}
template <class V>
inline const device_value_t<V>* dev_ptr(const V* p) {
  return reinterpret_cast<const device_value_t<V>*>(p);
}
template <class V>
inline device_value_t<V> dev_value(const V& v) {
  if constexpr (std::is_same_v<V, device_value_t<V>>)
    return v;
  else
    return device_value_t<V>(v.real(), v.imag());
}

// The CUDA vector type of both parts of a complex<T> (double2, float2).
template <class T>
using complex_vector_t = std::conditional_t<std::is_same_v<T, double>, double2, float2>;

// Shared memory of a value type with constructors (complex), which a
// __shared__ variable must not have: declare raw storage with this alignment
// and size and use it through a reference (the kernels write before reading).
#define AIJA_SHARED_AS(Type, name)                                              \
  __shared__ __align__(16) unsigned char name##_storage_[sizeof(Type)];         \
  static_assert(alignof(Type) <= 16, "shared storage is aligned to 16 bytes");  \
  Type& name = *reinterpret_cast<Type*>(name##_storage_)

}  // namespace aijadaptive::detail

template <class T>
__device__ __forceinline__ cuda::std::complex<T> __ldg(const cuda::std::complex<T>* p) {
  const auto v = __ldg(reinterpret_cast<const aijadaptive::detail::complex_vector_t<T>*>(p));
  return {v.x, v.y};
}
template <class T>
__device__ __forceinline__ cuda::std::complex<T> __ldcs(const cuda::std::complex<T>* p) {
  const auto v = __ldcs(reinterpret_cast<const aijadaptive::detail::complex_vector_t<T>*>(p));
  return {v.x, v.y};
}
template <class T>
__device__ __forceinline__ cuda::std::complex<T> __ldcg(const cuda::std::complex<T>* p) {
  const auto v = __ldcg(reinterpret_cast<const aijadaptive::detail::complex_vector_t<T>*>(p));
  return {v.x, v.y};
}
template <class T>
__device__ __forceinline__ cuda::std::complex<T> __shfl_down_sync(unsigned mask, cuda::std::complex<T> v,
                                                                  unsigned delta, int width = warpSize) {
  return {__shfl_down_sync(mask, v.real(), delta, width), __shfl_down_sync(mask, v.imag(), delta, width)};
}
