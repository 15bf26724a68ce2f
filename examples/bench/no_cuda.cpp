// Stand-ins for device_timing.cpp and cusparse_method.cpp in builds without
// CUDA: the benchmark then only runs in host mode and never calls these.
#include <aijadaptive/errors.hpp>
#include <aijadaptive/instantiate.hpp>

#include "methods.hpp"
#include "timing.hpp"

namespace aijadaptive::bench {

namespace {
[[noreturn]] void no_cuda(const char* what) {
  AIJA_THROW(unsupported, std::string(what) + ": aijadaptive-bench was built without CUDA");
}
}  // namespace

std::vector<double> time_device(Stream, int, int, const std::function<void()>&) { no_cuda("time_device"); }
CopyBandwidth device_copy_bandwidth(Stream, std::size_t, int, int) { no_cuda("device_copy_bandwidth"); }
std::size_t device_l2_bytes() { return 0; }
void fill_nan_device(void*, std::size_t, Stream) { no_cuda("fill_nan_device"); }

template <class V, class I>
std::unique_ptr<Method<V, I>> make_cusparse_method(const MethodName&, std::string* why_not) {
  *why_not = "built without CUDA";
  return nullptr;
}

#define AIJA_INSTANTIATE(V, I) \
  template std::unique_ptr<Method<V, I>> make_cusparse_method<V, I>(const MethodName&, std::string*);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive::bench
