// Device bytes of a matrix uploaded for cuSPARSE (CusparseCsr): usable in
// builds without CUDA, where the host builders still state what they need.
#pragma once

#include <cstddef>

#include "aijadaptive/csr_view.hpp"

namespace aijadaptive::detail {

// The three CSR arrays.
template <class V, class I>
std::size_t csr_array_bytes(const CsrView<V, I>& a) {
  return (std::size_t(a.rows) + 1) * sizeof(I) + std::size_t(a.nnz()) * (sizeof(I) + sizeof(V));
}

// The three CSR arrays plus a margin for cuSPARSE's work buffers, which are
// small next to them: 1%.
template <class V, class I>
std::size_t cusparse_csr_bytes(const CsrView<V, I>& a) {
  const std::size_t arrays = csr_array_bytes(a);
  return arrays + arrays / 100;
}

}  // namespace aijadaptive::detail
