// permute.hpp for builds without CUDA: never reached (no matrix is on a GPU).
#include <string>

#include "aijadaptive/errors.hpp"
#include "aijadaptive/instantiate.hpp"
#include "core/permute.hpp"

namespace aijadaptive::detail {

template <class V, class I>
void permute_gather(const V*, const I*, std::int64_t, V*, Stream) {
  AIJA_THROW(unsupported, "permute_gather: this build of aijadaptive has no CUDA support");
}

template <class V, class I>
void permute_back(V, const V*, const I*, std::int64_t, V, V*, Stream) {
  AIJA_THROW(unsupported, "permute_back: this build of aijadaptive has no CUDA support");
}

#define AIJA_INSTANTIATE(V, I)                                                       \
  template void permute_gather<V, I>(const V*, const I*, std::int64_t, V*, Stream); \
  template void permute_back<V, I>(V, const V*, const I*, std::int64_t, V, V*, Stream);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive::detail
