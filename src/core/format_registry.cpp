// Dispatch from FormatId to the per-format factories, generated from the list.
#include "aijadaptive/errors.hpp"
#include "aijadaptive/format.hpp"
#include "aijadaptive/instantiate.hpp"

namespace aijadaptive {

template <class V, class I>
std::unique_ptr<HostFormat<V, I>> make_host_format(FormatId id, const FormatContext& context) {
  switch (id) {
#define AIJA_HOST_CASE(name, doc) \
  case FormatId::name:            \
    return make_##name##_host_format<V, I>(context);
    AIJADAPTIVE_FORMATS(AIJA_HOST_CASE)
#undef AIJA_HOST_CASE
  }
  AIJA_THROW(internal, "unknown format id " + std::to_string(int(id)));
}

#define AIJA_INSTANTIATE(V, I) \
  template std::unique_ptr<HostFormat<V, I>> make_host_format<V, I>(FormatId, const FormatContext&);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
