// A row's length from the row starts, in the narrowest type that holds every
// length of index type I: 32 bits for 32-bit indices, so that the compiler
// keeps several rows in a vector register in a pass over the lengths (the
// analysis's features and the diagonal search's bound: about a half and a
// third of the time in test loops; docs/h200-2026-11-30-setup-calls).
#pragma once

#include <cstdint>
#include <type_traits>

namespace aijadaptive::detail {

template <class I>
using RowLength = std::conditional_t<sizeof(I) <= 4, std::int32_t, std::int64_t>;

template <class I>
RowLength<I> row_length(const I* row_ptr, std::int64_t i) {
  return RowLength<I>(std::int64_t(row_ptr[i + 1]) - std::int64_t(row_ptr[i]));
}

}  // namespace aijadaptive::detail
