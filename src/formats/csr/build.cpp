// Host builder of format `csr`: nothing to analyse, the view is the format.
#include "aijadaptive/formats/csr.hpp"
#include "aijadaptive/instantiate.hpp"

namespace aijadaptive {

template <class V, class I>
void CsrHostFormat<V, I>::build(const CsrView<V, I>& a) {
  a_ = a;
}

template <class V, class I>
void CsrHostFormat<V, I>::refill(const CsrView<V, I>& a) {
  a_ = a;
}

template <class V, class I>
std::unique_ptr<HostFormat<V, I>> make_csr_host_format() {
  return std::make_unique<CsrHostFormat<V, I>>();
}

#define AIJA_INSTANTIATE(V, I)      \
  template class CsrHostFormat<V, I>; \
  template std::unique_ptr<HostFormat<V, I>> make_csr_host_format<V, I>();
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
