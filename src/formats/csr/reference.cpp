// Host reference kernel of format `csr`: the core's host product.
#include "aijadaptive/formats/csr.hpp"
#include "aijadaptive/instantiate.hpp"
#include "aijadaptive/scalar.hpp"

namespace aijadaptive {

template <class V, class I>
void csr_reference_apply(const CsrView<V, I>& a, Op op, V alpha, const V* x, V beta, V* y) {
  if (op == Op::plain) {
    // alpha == beta == 1 is PETSc's MatMultAdd, which starts each row's sum
    // from y: doing the same keeps results bit-identical to plain AIJ.
    const bool add = alpha == V(1) && beta == V(1);
    for (I i = 0; i < a.rows; ++i) {
      V sum = add ? y[i] : V(0);
      for (I k = a.row_ptr[i]; k < a.row_ptr[i + 1]; ++k) sum += a.values[k] * x[a.col_idx[k]];
      if (add) {
        y[i] = sum;
        continue;
      }
      // beta == 0 must not read y (it may hold NaN); alpha == 1 keeps PETSc's rounding.
      const V ax = alpha == V(1) ? sum : alpha * sum;
      y[i] = beta == V(0) ? ax : ax + beta * y[i];
    }
    return;
  }
  for (I j = 0; j < a.cols; ++j) y[j] = beta == V(0) ? V(0) : beta * y[j];
  const bool conjugate = op == Op::conjugate_transpose;
  for (I i = 0; i < a.rows; ++i) {
    const V xi = alpha * x[i];
    for (I k = a.row_ptr[i]; k < a.row_ptr[i + 1]; ++k)
      y[a.col_idx[k]] += (conjugate ? conj_value(a.values[k]) : a.values[k]) * xi;
  }
}

#define AIJA_INSTANTIATE(V, I) \
  template void csr_reference_apply<V, I>(const CsrView<V, I>&, Op, V, const V*, V, V*);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
