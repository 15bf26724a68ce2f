// Device kernels of a reordered matrix B = P A P^T (reordering.hpp): the core's
// only kernels besides the formats', since they belong to no format. new_to_old
// holds the permutation on the device; n is the matrix's order.
#pragma once

#include <cstdint>

#include "aijadaptive/format.hpp"

namespace aijadaptive::detail {

// x_new[i] = x[new_to_old[i]]: the caller's x in B's numbering.
template <class V, class I>
void permute_gather(const V* x, const I* new_to_old, std::int64_t n, V* x_new, Stream stream);

// y[j] = alpha * y_new[old_to_new[j]] + beta * y[j] (beta == 0: y is not
// read): B's product back in the caller's numbering, as a gather. y is written
// in order, whole sectors; y_new, just written, is read from L2. (Scattered
// 8-byte writes of y cost more: docs/h100-2026-11-27-small-matmult-profile/.)
template <class V, class I>
void permute_back(V alpha, const V* y_new, const I* old_to_new, std::int64_t n, V beta, V* y, Stream stream);

}  // namespace aijadaptive::detail
