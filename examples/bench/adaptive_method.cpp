// The methods backed by the core: AdaptiveMatrix with a fixed format or auto.
#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/instantiate.hpp>

#include "methods.hpp"
#include "timing.hpp"

namespace aijadaptive::bench {

namespace {

template <class V, class I>
class AdaptiveMethod final : public Method<V, I> {
 public:
  AdaptiveMethod(const MethodName& name, bool host_mode, ReorderChoice reorder)
      : automatic_(name.kind == MethodName::Kind::automatic) {
    MatrixOptions o;
    o.format = automatic_ ? FormatChoice::automatic_choice() : FormatChoice::fixed(name.format);
    o.reorder = reorder;
    o.force_host = host_mode;
    matrix_.set_options(o);
  }

  SetupTimes prepare(const CsrView<V, I>& a, const Vectors<V>& v, Stream stream) override {
    SetupTimes t;
    t.build_s = seconds_of([&] { matrix_.analyse(a); });
    t.upload_s = seconds_of([&] { matrix_.upload(); });
    const bool on_device = matrix_.placement() == Placement::device;
    x_ = {on_device ? v.device_x : v.host_x, on_device ? MemSpace::device : MemSpace::host, 0};
    y_ = {on_device ? v.device_y : v.host_y, on_device ? MemSpace::device : MemSpace::host};
    stream_ = stream;
    return t;
  }

  Where where() const override {
    return matrix_.placement() == Placement::device ? Where::device : Where::host;
  }

  void apply() override { matrix_.apply(Op::plain, V(1), x_, V(0), y_, stream_); }

  // device_bytes() counts the staging copies of host vectors too; with
  // device vectors there are none, so this is the format's own storage.
  std::size_t storage_bytes() const override { return matrix_.device_bytes(); }

  // The format auto chose, and "rcm" when the matrix was reordered.
  std::string selected() const override {
    std::string s = automatic_ ? format_name(matrix_.format()) : "";
    if (matrix_.reordered()) s += s.empty() ? "rcm" : "+rcm";
    return s;
  }

  std::string note() const override {
    return where() == Where::host ? matrix_.placement_reason() : std::string();
  }

 private:
  bool automatic_;
  AdaptiveMatrix<V, I> matrix_;
  InputVector<V> x_;
  OutputVector<V> y_;
  Stream stream_ = nullptr;
};

}  // namespace

template <class V, class I>
std::unique_ptr<Method<V, I>> make_adaptive_method(const MethodName& name, bool host_mode, ReorderChoice reorder) {
  return std::make_unique<AdaptiveMethod<V, I>>(name, host_mode, reorder);
}

#define AIJA_INSTANTIATE(V, I) \
  template std::unique_ptr<Method<V, I>> make_adaptive_method<V, I>(const MethodName&, bool, ReorderChoice);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive::bench
