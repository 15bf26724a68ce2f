// Stand-in for kokkos_method.cpp when CMake did not find Kokkos Kernels.
#include <aijadaptive/instantiate.hpp>

#include "methods.hpp"

namespace aijadaptive::bench {

bool kokkos_built() { return false; }
std::string kokkos_description() { return "not built with Kokkos Kernels"; }

template <class V, class I>
std::unique_ptr<Method<V, I>> make_kokkos_method(bool, std::string* why_not) {
  *why_not = kokkos_description();
  return nullptr;
}

#define AIJA_INSTANTIATE(V, I) \
  template std::unique_ptr<Method<V, I>> make_kokkos_method<V, I>(bool, std::string*);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive::bench
