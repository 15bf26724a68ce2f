// cuSPARSE helpers shared by the formats and the benchmark: the type tags of
// the core's value and index types, and an owner of a dense-vector descriptor.
#pragma once

#include <cusparse.h>

#include <complex>
#include <cstdint>
#include <type_traits>

#include "core/cuda_check.hpp"

namespace aijadaptive::detail {

// (std::complex<T> has the layout of cuSPARSE's complex types: two T.)
template <class V>
constexpr cudaDataType cuda_value_type() {
  if constexpr (std::is_same_v<V, double>)
    return CUDA_R_64F;
  else if constexpr (std::is_same_v<V, float>)
    return CUDA_R_32F;
  else if constexpr (std::is_same_v<V, std::complex<double>>)
    return CUDA_C_64F;
  else {
    static_assert(std::is_same_v<V, std::complex<float>>, "double, float or their std::complex");
    return CUDA_C_32F;
  }
}

template <class I>
constexpr cusparseIndexType_t cusparse_index_type() {
  static_assert(sizeof(I) == 4 || sizeof(I) == 8, "32- or 64-bit indices");
  return sizeof(I) == 8 ? CUSPARSE_INDEX_64I : CUSPARSE_INDEX_32I;
}

// Owns a cuSPARSE dense-vector descriptor (destroying one cannot usefully fail).
template <class V>
class DenseVector {
 public:
  DenseVector(std::int64_t n, const V* data) {
    AIJA_CUSPARSE_CHECK(cusparseCreateDnVec(&d_, n, const_cast<V*>(data), cuda_value_type<V>()));
  }
  ~DenseVector() { cusparseDestroyDnVec(d_); }
  DenseVector(const DenseVector&) = delete;
  DenseVector& operator=(const DenseVector&) = delete;
  cusparseDnVecDescr_t get() const { return d_; }

 private:
  cusparseDnVecDescr_t d_ = nullptr;
};

}  // namespace aijadaptive::detail
