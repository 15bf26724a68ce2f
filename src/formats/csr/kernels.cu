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
  // The plain product is prepared (cusparseSpMV_preprocess) now, unless the
  // host half says it will never run.
  CsrDeviceFormat(const CsrHostFormat<V, I>& host, Stream stream) : host_(host) {
    csr_.upload(host.csr(), host.csr_prefetch(), stream, host.prepare_plain());
  }

  void apply(V alpha, const V* x, V beta, V* y, Stream stream) override {
    csr_.apply(Op::plain, alpha, x, beta, y, stream);
  }
  void apply_transpose(V alpha, const V* x, V beta, V* y, Stream stream) override {
    csr_.apply(Op::transpose, alpha, x, beta, y, stream);
  }
  void apply_conjugate_transpose(V alpha, const V* x, V beta, V* y, Stream stream) override {
    csr_.apply(Op::conjugate_transpose, alpha, x, beta, y, stream);
  }
  void upload_values(Stream stream) override { csr_.upload_values(host_.csr().values, stream); }
  std::size_t device_bytes() const override { return csr_.device_bytes(); }
  std::optional<DeviceCsrPointers<V, I>> csr_arrays() const override {
    return DeviceCsrPointers<V, I>{csr_.row_ptr(), csr_.col_idx(), csr_.values()};
  }

 private:
  const CsrHostFormat<V, I>& host_;
  detail::CusparseCsr<V, I> csr_;
};

}  // namespace

template <class V, class I>
std::unique_ptr<DeviceFormat<V, I>> upload_csr(const CsrHostFormat<V, I>& host, Stream stream) {
  return std::make_unique<CsrDeviceFormat<V, I>>(host, stream);
}

#define AIJA_INSTANTIATE(V, I) \
  template std::unique_ptr<DeviceFormat<V, I>> upload_csr<V, I>(const CsrHostFormat<V, I>&, Stream);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
