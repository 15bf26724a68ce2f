// What the host code needs to know of a value type V of the core (double,
// float, std::complex<double>, std::complex<float>): its real type, whether
// it is complex, its conjugate and magnitude. Comparisons of values go through
// these (a complex value has no order; == V(0) is its zero test).
#pragma once

#include <cmath>
#include <complex>
#include <type_traits>

namespace aijadaptive {

template <class V>
struct ScalarTraits {
  using Real = V;
  static constexpr bool is_complex = false;
};
template <class T>
struct ScalarTraits<std::complex<T>> {
  using Real = T;
  static constexpr bool is_complex = true;
};

template <class V>
using real_type_t = typename ScalarTraits<V>::Real;
template <class V>
inline constexpr bool is_complex_v = ScalarTraits<V>::is_complex;

// conj(v) as a V (std::conj of a real number is a std::complex).
template <class V>
inline V conj_value(const V& v) {
  if constexpr (is_complex_v<V>)
    return std::conj(v);
  else
    return v;
}

// |v| (the modulus of a complex value).
template <class V>
inline real_type_t<V> magnitude(const V& v) {
  return std::abs(v);
}

// Whether both parts of v are finite.
template <class V>
inline bool is_finite_value(const V& v) {
  if constexpr (is_complex_v<V>)
    return std::isfinite(v.real()) && std::isfinite(v.imag());
  else
    return std::isfinite(v);
}

}  // namespace aijadaptive
