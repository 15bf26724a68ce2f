#include "aijadaptive/csr_prefetch.hpp"

#include <exception>

#include "aijadaptive/instantiate.hpp"
#include "core/cusparse_bytes.hpp"
#include "core/setup_thread.hpp"
#include "core/staged_upload.hpp"

namespace aijadaptive {

namespace {

// The prefetch is staged through pinned buffers from this size of CSR arrays
// on. Against the pageable copy, on the H100 with the analysis running beside
// it: 0.5-0.8x the set-up from 400 MB of arrays on, about the same at 130-320
// MB, up to 2.5x below (making the pinned buffers and the copying threads
// delay the analysis more than they save): docs/h100-2026-11-24-refill-map.
constexpr std::size_t kStagedPrefetchMinBytes = std::size_t(256) << 20;

}  // namespace

template <class V, class I>
CsrPrefetch<V, I>::CsrPrefetch(const CsrView<V, I>& a, int device) : a_(a), device_(device) {
  AIJA_REQUIRE(a.rows > 0, internal, "CsrPrefetch of a matrix without rows");
  const auto copy = [this] {
    try {
      const DeviceGuard guard(device_);
      const OwnedStream stream(OwnedStream::Reuse::kept);
      // Large arrays through pinned buffers that host threads fill
      // (staged_upload.hpp); smaller ones as a pageable copy, which the
      // driver stages on this thread alone.
      detail::StagedUpload staging;
      std::function<void(void*, const void*, std::size_t)> staged;
      if (bytes() >= kStagedPrefetchMinBytes)
        staged = [&](void* to, const void* from, std::size_t n) { staging.send(to, from, n, stream.get()); };
      DeviceCsrArrays<V, I> d = send_csr_arrays(a_, stream.get(), true, staged);
      synchronize(stream.get());
      arrays_ = std::move(d);
      copied_ = true;
    } catch (const std::exception& e) {
      failure_ = e.what();
    }
  };
  try {
    copy_ = detail::on_setup_thread(copy);
  } catch (const std::exception& e) {  // no thread could be started
    failure_ = e.what();
  }
}

template <class V, class I>
CsrPrefetch<V, I>::~CsrPrefetch() {
  finish_copy();
}

template <class V, class I>
void CsrPrefetch<V, I>::finish_copy() {
  if (copy_.valid()) copy_.wait();
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
