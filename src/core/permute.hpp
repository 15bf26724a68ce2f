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

// y[new_to_old[i]] = alpha * y_new[i] + beta * y[new_to_old[i]] (beta == 0:
// y is not read): B's product back in the caller's numbering.
template <class V, class I>
void permute_scatter(V alpha, const V* y_new, const I* new_to_old, std::int64_t n, V beta, V* y, Stream stream);

}  // namespace aijadaptive::detail
