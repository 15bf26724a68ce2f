// A layout format's device block (packed_arrays.hpp): the layout's arrays,
// each from a boundary of the allocations, and for a small matrix the CSR
// arrays its fill read at the upload too (PackedCsr: sent with the layout's
// host arrays in one copy, and kept in the block).
#pragma once

#include <aijadaptive/csr_view.hpp>
#include <aijadaptive/packed_arrays.hpp>
#include <gtest/gtest.h>

#include <cstddef>

namespace aijadaptive::test {

// Checks that a device half of `device_bytes` holds the layout's
// `layout_bytes` in at most `parts` arrays, alone or with a's three CSR
// arrays: with them for a matrix whose CSR arrays take at most a quarter of a
// pack (the tests' layouts of such matrices leave room for them), never for
// one whose arrays exceed a pack.
template <class V, class I>
void expect_layout_block(std::size_t device_bytes, std::size_t layout_bytes, std::size_t parts,
                         const CsrView<V, I>& a) {
  const std::size_t align = detail::PackedArrays::kAlignment;
  const std::size_t csr = (std::size_t(a.rows) + 1) * sizeof(I) + std::size_t(a.nnz()) * (sizeof(I) + sizeof(V));
  const bool alone = device_bytes >= layout_bytes && device_bytes < layout_bytes + parts * align;
  const bool with_csr = device_bytes >= layout_bytes + csr && device_bytes < layout_bytes + csr + (parts + 3) * align;
  EXPECT_TRUE(alone || with_csr) << device_bytes << " device bytes for a layout of " << layout_bytes
                                 << " bytes in " << parts << " arrays and CSR arrays of " << csr;
  if (csr <= detail::kPackedCsrCopyBytes / 4)
    EXPECT_TRUE(with_csr) << "a small matrix's CSR arrays (" << csr << " bytes) were not sent with the layout";
  if (csr > detail::kPackedCsrCopyBytes)
    EXPECT_FALSE(with_csr && !alone) << "CSR arrays of " << csr << " bytes kept in the block";
}

}  // namespace aijadaptive::test
