// Device side of format `csr`: cuSPARSE generic SpMV on the uploaded arrays
// (the wrapper lives in src/core/cusparse_csr, shared with the CSR-based formats).
#include "aijadaptive/formats/csr.hpp"
#include "aijadaptive/instantiate.hpp"
#include "core/cusparse_csr.hpp"

namespace aijadaptive {

namespace {

template <class V, class I>
class CsrDeviceFormat final : public DeviceFormat<V, I> {
 public:
  std::size_t bytes_needed(const HostFormat<V, I>& host) const override {
    return detail::CusparseCsr<V, I>::bytes_needed(host.csr());
  }

  // The plain product is prepared (cusparseSpMV_preprocess) at upload time.
  void upload(const HostFormat<V, I>& host, Stream stream) override {
    csr_.upload(host.csr(), stream, true);
  }

  void upload_values(const HostFormat<V, I>& host, Stream stream) override {
    csr_.upload_values(host.csr().values, stream);
  }

  void apply(Op op, V alpha, const V* x, V beta, V* y, Stream stream) override {
    csr_.apply(op, alpha, x, beta, y, stream);
  }

  std::size_t device_bytes() const override { return csr_.device_bytes(); }

 private:
  detail::CusparseCsr<V, I> csr_;
};

}  // namespace

template <class V, class I>
std::unique_ptr<DeviceFormat<V, I>> make_csr_device_format() {
  return std::make_unique<CsrDeviceFormat<V, I>>();
}

#define AIJA_INSTANTIATE(V, I) \
  template std::unique_ptr<DeviceFormat<V, I>> make_csr_device_format<V, I>();
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
