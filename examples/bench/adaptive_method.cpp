// The methods backed by the core: AdaptiveMatrix with a fixed format, auto or
// tune (whose candidates are timed in prepare(), on products of the
// benchmark's vectors); in host mode, a fixed format's host reference kernel.
#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/instantiate.hpp>

#include <cstdio>

#include "methods.hpp"
#include "timing.hpp"

namespace aijadaptive::bench {

namespace {

template <class V, class I>
class AdaptiveMethod final : public Method<V, I> {
 public:
  AdaptiveMethod(const MethodName& name, bool host_mode, const AdaptiveSettings& adaptive)
      : automatic_(name.kind == MethodName::Kind::automatic || name.kind == MethodName::Kind::tuned),
        host_vectors_(adaptive.host_vectors),
        first_products_(automatic_ ? adaptive.first_products : 0) {
    MatrixOptions o;
    o.format = name.kind == MethodName::Kind::tuned ? FormatChoice::tuned()
               : automatic_                         ? FormatChoice::automatic_choice()
                                                    : FormatChoice::fixed(name.format);
    o.tune = adaptive.tune;
    o.reorder = adaptive.reorder;
    o.params = adaptive.params;
    o.jit = adaptive.jit;
    o.product_graphs = adaptive.graphs;
    o.force_host = host_mode;
    o.prefetch_min_nnz = adaptive.prefetch_min_nnz;
    o.defer_min_nnz = adaptive.defer_min_nnz;
    o.narrow_indices = adaptive.narrow_indices;
    o.slab_max_nnz = adaptive.slab_max_nnz;
    o.check_input = false;  // the runner checked the matrix once, untimed
    o.stream_min_bytes = adaptive.stream_min_bytes;
    if (host_vectors_) o.host_transfer = HostTransfer::direct;  // the runner page-locks them
    matrix_.set_options(o);
  }

  SetupTimes prepare(const CsrView<V, I>& a, const Vectors<V>& v, Stream stream) override {
    SetupTimes t;
    t.build_s = seconds_of([&] { matrix_.analyse(a); });
    // Until the device holds the matrix, as cuSPARSE's set-up is timed: the
    // upload may return with its last copies and fill still running.
    t.upload_s = seconds_of([&] {
      matrix_.upload();
      if (const Stream own = matrix_.stream()) synchronize(own);
    });
    const bool device_vectors = matrix_.placement() == Placement::device && !host_vectors_;
    x_ = {device_vectors ? v.device_x : v.host_x, device_vectors ? MemSpace::device : MemSpace::host, 0};
    y_ = {device_vectors ? v.device_y : v.host_y, device_vectors ? MemSpace::device : MemSpace::host};
    stream_ = stream;
    first_note_.clear();
    if (first_products_ > 0) {
      // What a user's first products cost with the set-up: a deferred set-up
      // still running on its thread, a kernel still compiling.
      const double products_s = seconds_of([&] {
        for (int k = 0; k < first_products_; ++k) apply();
        synchronize(stream);
      });
      char text[200];
      std::snprintf(text, sizeof text, "set-up and the first %d products: %.3f ms (products %.3f ms), %s running then",
                    first_products_, (t.build_s + t.upload_s + products_s) * 1e3, products_s * 1e3,
                    matrix_.format_name().c_str());
      first_note_ = text;
    }
    // A kernel compiled for the matrix in the background, a deferred set-up:
    // timed once ready (neither is set-up: the note's describe lines give them).
    matrix_.finish_background_work();
    tune_products_ = 0;
    if (matrix_.tuning()) {
      const double tune_s = seconds_of([&] {
        for (; matrix_.tuning(); ++tune_products_) apply();
        synchronize(stream);
      });
      char text[120];
      std::snprintf(text, sizeof text,
                    "tune: %d products while the candidates were built and timed, %.3f ms in all (not in set-up)",
                    tune_products_, tune_s * 1e3);
      tune_note_ = text;
    }
    return t;
  }

  bool host_vectors() const override { return host_vectors_ && where() == Where::device; }

  Where where() const override {
    return matrix_.placement() == Placement::device ? Where::device : Where::host;
  }

  void apply() override { matrix_.apply(Op::plain, V(1), x_, V(0), y_, stream_); }

  // device_bytes() counts the staging copies of host vectors too; with
  // device vectors there are none, so this is the format's own storage.
  std::size_t storage_bytes() const override { return matrix_.device_bytes(); }

  // The format auto chose (or the one the chain fell back to), and the order
  // ("rcm", "degree") when the matrix was reordered.
  std::string selected() const override {
    std::string s = automatic_ || !matrix_.skipped().empty() ? matrix_.format_name() : "";
    if (matrix_.reordered()) s += (s.empty() ? "" : "+") + std::string(order_kind_name(matrix_.order_kind()));
    return s;
  }

  // Where and why, the formats skipped, and the format's facts (layout, kernel).
  std::string note() const override {
    std::string n = where() == Where::host ? matrix_.placement_reason() : tune_note_;
    if (!first_note_.empty()) n += (n.empty() ? "" : "; ") + first_note_;
    for (const SkippedCandidate& k : matrix_.skipped()) n += (n.empty() ? "" : "; ") + k.format + " skipped: " + k.why;
    for (const std::string& line : matrix_.describe()) n += (n.empty() ? "" : "; ") + line;
    return n;
  }

 private:
  bool automatic_;
  bool host_vectors_;
  int first_products_;
  std::string first_note_;
  AdaptiveMatrix<V, I> matrix_;
  int tune_products_ = 0;
  std::string tune_note_;
  InputVector<V> x_;
  OutputVector<V> y_;
  Stream stream_ = nullptr;
};

// Host mode, a fixed format: its host reference kernel, built as on an H100
// (Hopper's limits) with the given tuning: the oracle its device kernel is
// tested against, checked here against the CSR reference.
template <class V, class I>
class HostReferenceMethod final : public Method<V, I> {
 public:
  HostReferenceMethod(FormatId format, const AdaptiveSettings& adaptive) : format_(format) {
    context_.device = hopper_device_info();
    context_.params = adaptive.params;
  }

  SetupTimes prepare(const CsrView<V, I>& a, const Vectors<V>& v, Stream) override {
    SetupTimes t;
    t.build_s = seconds_of([&] {
      host_ = make_host_format<V, I>(format_, context_);
      host_->build(a);
    });
    x_ = v.host_x;
    y_ = v.host_y;
    return t;
  }

  Where where() const override { return Where::host; }
  void apply() override { host_->apply(Op::plain, V(1), x_, V(0), y_); }
  std::size_t storage_bytes() const override { return 0; }
  std::string note() const override {
    return std::string("host reference kernel of ") + format_name(format_) + " (the test oracle)";
  }

 private:
  FormatId format_;
  FormatContext context_;
  std::unique_ptr<HostFormat<V, I>> host_;
  const V* x_ = nullptr;
  V* y_ = nullptr;
};

}  // namespace

template <class V, class I>
std::unique_ptr<Method<V, I>> make_adaptive_method(const MethodName& name, bool host_mode,
                                                   const AdaptiveSettings& adaptive) {
  if (host_mode && name.kind == MethodName::Kind::format)
    return std::make_unique<HostReferenceMethod<V, I>>(name.format, adaptive);
  return std::make_unique<AdaptiveMethod<V, I>>(name, host_mode, adaptive);
}

#define AIJA_INSTANTIATE(V, I)                                                                           \
  template std::unique_ptr<Method<V, I>> make_adaptive_method<V, I>(const MethodName&, bool, \
                                                                    const AdaptiveSettings&);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive::bench
