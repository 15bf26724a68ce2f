#include "methods.hpp"

#include <aijadaptive/device.hpp>
#include <aijadaptive/instantiate.hpp>

namespace aijadaptive::bench {

const char* where_name(Where w) { return w == Where::host ? "host" : "device"; }

std::vector<MethodName> all_methods() {
  using K = MethodName::Kind;
  std::vector<MethodName> list;
  for (FormatId id : all_formats()) list.push_back({K::format, id, format_name(id)});
  list.push_back({K::automatic, FormatId::csr, "auto"});
  list.push_back({K::tuned, FormatId::csr, "tune"});
  list.push_back({K::cusparse_alg1, FormatId::csr, "cusparse-alg1"});
  list.push_back({K::cusparse_alg2, FormatId::csr, "cusparse-alg2"});
  if (kokkos_built()) list.push_back({K::kokkos, FormatId::csr, "kokkos"});
  return list;
}

std::optional<MethodName> method_from_name(std::string_view name) {
  for (const MethodName& m : all_methods())
    if (m.name == name) return m;
  return std::nullopt;
}

std::string method_names() {
  std::string s;
  for (const MethodName& m : all_methods()) s += (s.empty() ? "" : ", ") + m.name;
  return s;
}

bool method_available(const MethodName& name, bool host_mode, std::string* why_not) {
  if (name.is_cusparse() && host_mode) {
    *why_not = built_with_cuda() ? "cuSPARSE needs a GPU (host mode)" : "built without CUDA";
    return false;
  }
  if (name.kind == MethodName::Kind::kokkos && !host_mode) {
    *why_not = "Kokkos Kernels runs on the host only here (" + kokkos_description() + "); measure it with --host";
    return false;
  }
  return true;
}

template <class V, class I>
std::unique_ptr<Method<V, I>> make_method(const MethodName& name, bool host_mode, const AdaptiveSettings& adaptive,
                                          std::string* why_not) {
  if (!method_available(name, host_mode, why_not)) return nullptr;
  using K = MethodName::Kind;
  switch (name.kind) {
    case K::format:
    case K::automatic:
    case K::tuned:
      return make_adaptive_method<V, I>(name, host_mode, adaptive);
    case K::cusparse_alg1:
    case K::cusparse_alg2:
      return make_cusparse_method<V, I>(name, why_not);
    case K::kokkos:
      return make_kokkos_method<V, I>(host_mode, why_not);
  }
  *why_not = "unknown method";
  return nullptr;
}

#define AIJA_INSTANTIATE(V, I) \
  template std::unique_ptr<Method<V, I>> make_method<V, I>(const MethodName&, bool, const AdaptiveSettings&, \
                                                           std::string*);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive::bench
