// The cuSPARSE/CUDA type tags of the core's value and index types.
#pragma once

#include <cusparse.h>

#include <type_traits>

namespace aijadaptive::detail {

template <class V>
constexpr cudaDataType cuda_value_type() {
  static_assert(std::is_same_v<V, double> || std::is_same_v<V, float>, "double or float");
  return std::is_same_v<V, double> ? CUDA_R_64F : CUDA_R_32F;
}

template <class I>
constexpr cusparseIndexType_t cusparse_index_type() {
  static_assert(sizeof(I) == 4 || sizeof(I) == 8, "32- or 64-bit indices");
  return sizeof(I) == 8 ? CUSPARSE_INDEX_64I : CUSPARSE_INDEX_32I;
}

}  // namespace aijadaptive::detail
