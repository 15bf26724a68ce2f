// Host builder of format `csr`: nothing to analyse, the view is the format.
#include "aijadaptive/formats/csr.hpp"
#include "aijadaptive/instantiate.hpp"
#include "core/cusparse_bytes.hpp"

namespace aijadaptive {

const std::vector<ParamSpec>& csr_params() {
  static const std::vector<ParamSpec> none;
  return none;
}

template <class V, class I>
std::size_t CsrHostFormat<V, I>::device_bytes_needed() const {
  return detail::cusparse_csr_bytes(a_);
}

template <class V, class I>
std::unique_ptr<DeviceFormat<V, I>> CsrHostFormat<V, I>::upload(Stream stream) const {
  AIJA_UPLOAD_WITH_CUDA(upload_csr(*this, stream));
}

template <class V, class I>
std::unique_ptr<HostFormat<V, I>> make_csr_host_format(const FormatContext& context) {
  return std::make_unique<CsrHostFormat<V, I>>(true, context.csr_prefetch);
}

#define AIJA_INSTANTIATE(V, I)      \
  template class CsrHostFormat<V, I>; \
  template std::unique_ptr<HostFormat<V, I>> make_csr_host_format<V, I>(const FormatContext&);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
