// Dispatch from FormatId to the per-format factories, generated from the list.
#include "aijadaptive/errors.hpp"
#include "aijadaptive/format.hpp"
#include "aijadaptive/instantiate.hpp"

namespace aijadaptive {

template <class V, class I>
std::unique_ptr<HostFormat<V, I>> make_host_format(FormatId id) {
  switch (id) {
#define AIJA_HOST_CASE(name, doc) \
  case FormatId::name: return make_##name##_host_format<V, I>();
    AIJADAPTIVE_FORMATS(AIJA_HOST_CASE)
#undef AIJA_HOST_CASE
  }
  AIJA_THROW(internal, "unknown format id " + std::to_string(int(id)));
}

template <class V, class I>
std::unique_ptr<DeviceFormat<V, I>> make_device_format(FormatId id) {
#if AIJADAPTIVE_HAVE_CUDA
  switch (id) {
#define AIJA_DEVICE_CASE(name, doc) \
  case FormatId::name: return make_##name##_device_format<V, I>();
    AIJADAPTIVE_FORMATS(AIJA_DEVICE_CASE)
#undef AIJA_DEVICE_CASE
  }
  AIJA_THROW(internal, "unknown format id " + std::to_string(int(id)));
#else
  AIJA_THROW(unsupported, std::string("format ") + format_name(id) +
                              ": this build of aijadaptive has no CUDA support");
#endif
}

#define AIJA_INSTANTIATE(V, I)                                                     \
  template std::unique_ptr<HostFormat<V, I>> make_host_format<V, I>(FormatId);     \
  template std::unique_ptr<DeviceFormat<V, I>> make_device_format<V, I>(FormatId);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
