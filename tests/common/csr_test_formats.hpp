// Test-only formats wrapping csr (the adaptive matrix's and the autotune's
// GPU tests put them into the fallback chain as extra candidates).
#pragma once

#include <aijadaptive/errors.hpp>
#include <aijadaptive/format.hpp>
#include <aijadaptive/formats/csr.hpp>

#include <memory>
#include <string>

namespace aijadaptive::test {

// A test-only format: csr's arrays and plain product, but no transpose, no
// row map and nothing shared, so that the core must supply the rest.
template <class V, class I>
class PlainOnlyDevice final : public DeviceFormat<V, I> {
 public:
  // repeat > 1: a plain product with beta == 0 runs that many times (the same
  // y each time), a format slower than any real one (the autotune's tests).
  explicit PlainOnlyDevice(std::unique_ptr<DeviceFormat<V, I>> inner, int repeat = 1)
      : inner_(std::move(inner)), repeat_(repeat) {}
  void apply(V alpha, const V* x, V beta, V* y, Stream s) override {
    for (int k = 0; k < (beta == V(0) ? repeat_ : 1); ++k) inner_->apply(alpha, x, beta, y, s);
  }
  void upload_values(Stream s) override { inner_->upload_values(s); }
  std::size_t device_bytes() const override { return inner_->device_bytes(); }

 private:
  std::unique_ptr<DeviceFormat<V, I>> inner_;
  int repeat_;
};

template <class V, class I>
class PlainOnlyHost : public HostFormat<V, I> {
 public:
  Capabilities capabilities() const override { return {}; }
  void build(const CsrView<V, I>& a) override { inner_.build(a); }
  void refill(const CsrView<V, I>& a) override { inner_.refill(a); }
  void apply(Op op, V alpha, const V* x, V beta, V* y) const override { inner_.apply(op, alpha, x, beta, y); }
  const CsrView<V, I>& csr() const override { return inner_.csr(); }
  std::size_t device_bytes_needed() const override { return inner_.device_bytes_needed(); }
  std::unique_ptr<DeviceFormat<V, I>> upload(Stream s) const override {
    return std::make_unique<PlainOnlyDevice<V, I>>(inner_.upload(s));
  }

 protected:
  const CsrHostFormat<V, I>& inner() const { return inner_; }

 private:
  CsrHostFormat<V, I> inner_;
};

// A test-only format whose upload fails with `kind`.
template <class V, class I>
class RefusingHost final : public PlainOnlyHost<V, I> {
 public:
  explicit RefusingHost(ErrorKind kind) : kind_(kind) {}
  std::unique_ptr<DeviceFormat<V, I>> upload(Stream) const override {
    throw Error(kind_, "refused on purpose (" + std::string(error_kind_name(kind_)) + ")", __FILE__, __LINE__);
  }

 private:
  ErrorKind kind_;
};

}  // namespace aijadaptive::test
