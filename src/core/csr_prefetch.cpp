#include "aijadaptive/csr_prefetch.hpp"

#include <exception>

#include "aijadaptive/instantiate.hpp"
#include "core/cusparse_bytes.hpp"

namespace aijadaptive {

template <class V, class I>
CsrPrefetch<V, I>::CsrPrefetch(const CsrView<V, I>& a, int device) : a_(a), device_(device) {
  AIJA_REQUIRE(a.rows > 0, internal, "CsrPrefetch of a matrix without rows");
  // A pageable copy: the driver stages it through its own pinned buffers on
  // this thread, one host core, while the analysis has the others.
  thread_ = std::thread([this] {
    try {
      const DeviceGuard guard(device_);
      const OwnedStream stream;
      DeviceCsrArrays<V, I> d = send_csr_arrays(a_, stream.get());
      synchronize(stream.get());
      arrays_ = std::move(d);
      copied_ = true;
    } catch (const std::exception& e) {
      failure_ = e.what();
    }
  });
}

template <class V, class I>
CsrPrefetch<V, I>::~CsrPrefetch() {
  finish_copy();
}

template <class V, class I>
void CsrPrefetch<V, I>::finish_copy() {
  if (thread_.joinable()) thread_.join();
}

template <class V, class I>
bool CsrPrefetch<V, I>::copies(const CsrView<V, I>& a) const {
  return a.rows == a_.rows && a.cols == a_.cols && a.row_ptr == a_.row_ptr && a.col_idx == a_.col_idx &&
         a.values == a_.values && a.nnz() == a_.nnz();
}

template <class V, class I>
const DeviceCsrArrays<V, I>* CsrPrefetch<V, I>::wait() {
  finish_copy();
  if (!copied_ || taken_) return nullptr;
  used_ = true;
  return &arrays_;
}

template <class V, class I>
std::optional<DeviceCsrArrays<V, I>> CsrPrefetch<V, I>::take() {
  if (!wait()) return std::nullopt;
  taken_ = true;
  return std::move(arrays_);
}

template <class V, class I>
std::size_t CsrPrefetch<V, I>::bytes() const {
  return detail::csr_array_bytes(a_);
}

template <class V, class I>
std::string CsrPrefetch<V, I>::why_not() const {
  return failure_;
}

#define AIJA_INSTANTIATE(V, I) template class CsrPrefetch<V, I>;
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
