// The tests' view of a value type V of the core (double, float and their
// std::complex): special values, tests of them and distances, so that one
// typed test covers real and complex values. Complex special values keep the
// other part 0. Their products follow C's Annex G (GCC's and CCCL's complex
// multiply): NaN + 0i times a finite value is NaN in both parts, but Inf + 0i
// times 1 + 0i is Inf + NaN i (Inf * 0 in the imaginary part), which Annex G
// counts as an infinity: one infinite part makes a complex value infinite.
#pragma once

#include <aijadaptive/scalar.hpp>

#include <cmath>
#include <complex>
#include <limits>
#include <sstream>
#include <string>

namespace aijadaptive::test {

using aijadaptive::is_complex_v;
using aijadaptive::real_type_t;

// A V from its parts (the imaginary part dropped for a real V).
template <class V>
V from_parts(double re, double im) {
  if constexpr (is_complex_v<V>)
    return V(real_type_t<V>(re), real_type_t<V>(im));
  else
    return V(re);
}

// f applied to each part of v.
template <class V, class F>
V map_parts(const V& v, F f) {
  if constexpr (is_complex_v<V>)
    return V(real_type_t<V>(f(double(v.real()))), real_type_t<V>(f(double(v.imag()))));
  else
    return V(f(double(v)));
}

template <class V>
V nan() {
  return from_parts<V>(std::numeric_limits<double>::quiet_NaN(), 0);
}
template <class V>
V inf() {
  return from_parts<V>(std::numeric_limits<double>::infinity(), 0);
}

// Infinite (a complex value: some part infinite, the other may be NaN).
template <class V>
bool is_inf(const V& v) {
  if constexpr (is_complex_v<V>)
    return std::isinf(v.real()) || std::isinf(v.imag());
  else
    return std::isinf(v);
}
// NaN (a complex value: some part NaN and none infinite).
template <class V>
bool is_nan(const V& v) {
  if constexpr (is_complex_v<V>)
    return !is_inf(v) && (std::isnan(v.real()) || std::isnan(v.imag()));
  else
    return std::isnan(v);
}
template <class V>
bool is_finite(const V& v) {
  return aijadaptive::is_finite_value(v);
}

// |a - b|, in long double.
template <class V>
double distance(const V& a, const V& b) {
  if constexpr (is_complex_v<V>)
    return double(std::abs(std::complex<long double>(a.real(), a.imag()) -
                           std::complex<long double>(b.real(), b.imag())));
  else
    return double(std::fabs((long double)a - (long double)b));
}

// The machine epsilon of V's parts.
template <class V>
double epsilon() {
  return double(std::numeric_limits<real_type_t<V>>::epsilon());
}

// v for a trace: std::to_string's text for a real value (as the traces had
// before complex values), "(re,im)" for a complex one.
template <class V>
std::string to_text(const V& v) {
  if constexpr (is_complex_v<V>) {
    std::ostringstream s;
    s << v;
    return s.str();
  } else {
    return std::to_string(v);
  }
}

}  // namespace aijadaptive::test
