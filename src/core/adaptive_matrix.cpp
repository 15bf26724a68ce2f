#include "aijadaptive/adaptive_matrix.hpp"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <future>
#include <limits>
#include <optional>

#include "aijadaptive/analysis.hpp"
#include "aijadaptive/csr_prefetch.hpp"
#include "aijadaptive/device.hpp"
#include "aijadaptive/errors.hpp"
#include "aijadaptive/fault_injection.hpp"
#include "aijadaptive/formats/csr.hpp"
#include "aijadaptive/instantiate.hpp"
#include "aijadaptive/reordered_format.hpp"
#include "aijadaptive/reordering.hpp"
#include "aijadaptive/scalar.hpp"
#include "core/csr_copy.hpp"
#include "core/cusparse_bytes.hpp"
#include "core/host_vectors.hpp"
#include "core/megabytes.hpp"
#include "core/product_graphs.hpp"
#include "core/slabbed_matrix.hpp"
#include "core/streamed_apply.hpp"
#include "core/thread_team.hpp"

#if AIJADAPTIVE_HAVE_CUDA
#include "aijadaptive/kernel_cache.hpp"
#endif

namespace aijadaptive {

namespace {

using detail::megabytes;

// Failures that are not the caller's: the candidate steps aside for the next.
bool steps_aside(ErrorKind kind) {
  return kind == ErrorKind::unsupported || kind == ErrorKind::out_of_device_memory || kind == ErrorKind::compile;
}

// describe()'s line on the products' graphs.
std::string describe_graphs(bool wanted, const ProductGraphStats& g) {
  if (!wanted) return "products: launched directly (CUDA graphs turned off)";
  if (!g.off.empty()) return "products: launched directly: " + g.off;
  return "products with device vectors: CUDA graphs (" + std::to_string(g.captured) + " captured, " +
         std::to_string(g.replayed) + " replayed)";
}

}  // namespace

template <class V, class I>
struct AdaptiveMatrix<V, I>::Impl {
  // One entry of the fallback chain.
  struct Try {
    std::string name;
    std::string reason;
    std::optional<FormatId> id;  // empty for an extra candidate
    std::function<std::unique_ptr<HostFormat<V, I>>(const FormatContext&)> make;
  };

  MatrixOptions options;
  bool analysed = false;
  std::vector<ExtraCandidate<V, I>> extras;
  CsrView<V, I> a;  // the caller's matrix
  // After a deferred set-up took over: the copy of the arrays its format was
  // built from (the host halves refer to it), until the next refill.
  std::shared_ptr<const detail::CsrCopy<V, I>> built_from;
  Features features;
  Selection selection;
  std::vector<Try> chain;
  std::size_t next = 0;  // the chain entry after the current one
  std::vector<SkippedCandidate> skipped;
  std::string format_name = "csr";
  std::string reason = "not built yet";
  Placement placement = Placement::host;
  std::string placement_reason = "not built yet";
  int device = -1;
  FormatContext context;
  std::shared_ptr<Reordering<V, I>> reordering;
  // The CSR arrays on their way to the device during the analysis (the
  // context's csr_prefetch refers to it), released after the upload; what
  // became of them, for describe().
  std::shared_ptr<CsrPrefetch<V, I>> prefetch;
  std::string prefetch_note;
  // A deferred set-up (MatrixOptions::defer_min_nnz): a matrix of its own,
  // analysed and uploaded by a host thread on a copy of the arrays, while this
  // one runs csr. The thread makes the copy itself, from csr's arrays on the
  // device once upload() hands them over: the caller's set-up does not wait
  // for a copy of the arrays on the host.
  struct Deferred {
    I rows = 0, cols = 0, nnz = 0;
    std::shared_ptr<const detail::CsrCopy<V, I>> copy;  // made by the thread (read after task.get())
    std::unique_ptr<AdaptiveMatrix<V, I>> matrix;
    double seconds = 0;          // the thread's time, once through (read after task.get())
    std::uint64_t products = 0;  // run by csr meanwhile, on the device
    std::atomic<bool> cancelled{false};  // by a new analysis or the matrix's end: no upload
    // csr's arrays on the device, or none (csr not on the device, or the
    // deferral cancelled first); set once, by the caller's thread.
    std::promise<std::optional<DeviceCsrPointers<V, I>>> source;
    bool source_set = false;
    // Recorded on the caller's stream after csr's upload: csr may have sent
    // its arrays on that stream (no prefetch, or a failed one), and the
    // thread copies them back on a stream of its own.
    std::unique_ptr<OwnedEvent> sent;
    std::promise<void> source_copied;  // the thread no longer reads csr's arrays
    std::future<void> source_released = source_copied.get_future();
    std::future<void> task;  // last: waited for before the rest goes

    ~Deferred() {
      cancelled = true;
      hand_over(std::nullopt);
      if (task.valid()) task.wait();
    }

    void hand_over(std::optional<DeviceCsrPointers<V, I>> arrays, Stream uploaded = nullptr) {
      if (source_set) return;
      source_set = true;
      if (arrays) try {
          sent = std::make_unique<OwnedEvent>();
          sent->record(uploaded);
        } catch (...) {  // no event: the copy waited for here, or none made (the thread fails, csr stays)
          sent.reset();
          try {
            synchronize(uploaded);
          } catch (...) {
            arrays.reset();
          }
        }
      source.set_value(arrays);  // on every path: the thread waits for it
    }

    // Before csr's arrays are freed (csr's device half goes): the thread has
    // copied them, or was never given them.
    void wait_until_source_released() {
      if (source_set) source_released.wait();
    }

    bool through() const { return task.wait_for(std::chrono::seconds(0)) == std::future_status::ready; }

    void run(int device) {
      // Timed however it ends: a failure's note says when.
      struct Clock {
        double& seconds;
        std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
        ~Clock() { seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); }
      } clock{seconds};
      const detail::KeptCores caller(1);
      copy_source(device);
      if (cancelled) return;
      matrix->analyse(copy->view());
      if (!cancelled) matrix->upload();
    }

    void copy_source(int device) {
      struct Released {
        std::promise<void>& p;
        ~Released() { p.set_value(); }
      } released{source_copied};
      const std::optional<DeviceCsrPointers<V, I>> arrays = source.get_future().get();
      if (cancelled) return;
      AIJA_REQUIRE(arrays.has_value(), unsupported, "csr's arrays were not on the device to copy back");
      const DeviceGuard guard(device);
      if (sent) sent->synchronize();
      const OwnedStream stream;
      copy = std::make_shared<const detail::CsrCopy<V, I>>(rows, cols, nnz, *arrays, stream.get());
    }
  };
  std::unique_ptr<Deferred> deferred;
  ~Impl() { deferred.reset(); }  // before dev: the thread may be reading csr's arrays
  std::string deferred_note;  // what the deferred set-up did, for describe()
  // Made on `stream_device` and kept across builds on that device.
  std::unique_ptr<OwnedStream> stream;
  Stream own_stream() const { return stream ? stream->get() : nullptr; }
  int stream_device = -1;
  StreamFence fence;
  // Dropped with the format they replay (forget()), and released with the stream.
  detail::ProductGraphs graphs;
  detail::HostVectorStaging<V> staging;
  detail::StreamedHostProduct<V, I> streamed;  // its plan is the format's: forgotten with it
  // Host halves before device halves: a device half refers to its host half,
  // and members are destroyed in reverse order.
  std::unique_ptr<HostFormat<V, I>> host;
  std::unique_ptr<CsrHostFormat<V, I>> transpose_host;  // the core's transpose (csr), made on first use
  std::unique_ptr<DeviceFormat<V, I>> dev;
  std::unique_ptr<DeviceFormat<V, I>> transpose_dev;
  // The matrix itself, when it has 64-bit indices whose rows and columns fit
  // 32 bits and runs on a GPU (options.narrow_indices): every call goes to it
  // then.
  std::unique_ptr<detail::SlabbedMatrix<V>> narrow;
  // FormatChoice tune (autotune.hpp). Declared last: its formats go before
  // the stream and the host halves they may share state with.
  struct Tuner {
    std::string key;     // the outcome's key; empty: nothing to time
    std::string origin;  // where the outcome came from, for describe()
    TuneRecord record;
    bool active = false;  // candidates still being timed
    std::size_t end = 0;  // the chain entries before it are timed
    int products = 0;     // plain products of the current candidate so far
    std::vector<std::unique_ptr<OwnedEvent>> marks;  // before and after each timed product
    // The fastest so far (fastest(record.timings)), kept while the next one is
    // timed (host half first: the device half refers to it and goes before it).
    std::unique_ptr<HostFormat<V, I>> best_host;
    std::unique_ptr<DeviceFormat<V, I>> best_dev;
    std::string best_reason;
  } tuner;

  bool narrows(const CsrView<V, I>& m) const {
    if constexpr (sizeof(I) == sizeof(std::int32_t)) {
      return false;
    } else {
      // A test's extra candidates are formats for these indices: never narrowed.
      return options.narrow_indices && extras.empty() && m.rows > 0 && !options.force_host && built_with_cuda() &&
             device_count() > 0 && detail::fits_32_bit_columns(m);
    }
  }

  void reset_device_state() {
    if (deferred) deferred->wait_until_source_released();  // csr's arrays may go with dev
    // A timing cut short (an upload again) starts over: the candidates timed
    // so far are gone from the device.
    if (tuner.active) tuner.record = TuneRecord{};
    tuner.best_dev.reset();
    tuner.best_host.reset();
    tuner.active = false;
    tuner.marks.clear();
    transpose_dev.reset();
    dev.reset();
    transpose_host.reset();
    staging.forget_x();
    streamed.forget();
    graphs.forget();
  }

  // A build on another device than the last: the stream, its fence and the
  // staging buffers of the old one are released there, and made anew.
  void leave_other_device() {
    if (!stream || stream_device == device) return;
    const DeviceGuard old(stream_device);
    staging = detail::HostVectorStaging<V>{};
    streamed.release();
    graphs.release();
    fence = StreamFence{};
    stream.reset();
  }

  // Where the matrix runs; on a GPU, the device (the caller's decision, or the
  // current device). Sets placement_reason for the host.
  bool runs_on_device() {
    device = -1;
    if (options.force_host) {
      placement_reason = "host: requested (force_host)";
      return false;
    }
    if (!built_with_cuda()) {
      placement_reason = "host: aijadaptive was built without CUDA";
      return false;
    }
    if (device_count() == 0) {
      placement_reason = "host: " + device_status();
      return false;
    }
    device = options.device >= 0 ? options.device : current_device();
    context.device = device_info(device);  // throws for a device that does not exist
    context.params = options.params;
    context.kernels = nullptr;
#if AIJADAPTIVE_HAVE_CUDA
    if (options.jit) context.kernels = &kernel_cache();
#endif
    placement_reason = "host: not uploaded yet";
    return true;
  }

  // The device memory this matrix may take for `needed` bytes: the free
  // memory or the caller's limit, the smaller (`limited_by` says which).
  // Without a limit, a need of at most kUncheckedDeviceBytes is not asked
  // about (`needed` comes back): an allocation that fails still steps aside
  // (out_of_device_memory).
  std::size_t available_for(std::size_t needed, std::string* limited_by = nullptr) const {
    if (needed <= kUncheckedDeviceBytes && !options.device_memory_limit) return needed;
    const DeviceGuard guard(device);
    std::size_t available = device_memory_info().free_bytes;
    if (limited_by) *limited_by = "free on device " + std::to_string(device);
    if (options.device_memory_limit && options.device_memory_limit < available) {
      available = options.device_memory_limit;
      if (limited_by) *limited_by = "the device memory limit";
    }
    return available;
  }

  // Whether the device has room for the CSR arrays twice (the caller's
  // memory limit included): the prefetch's copy and a format's own arrays.
  bool room_for_csr_twice() const {
    const std::size_t needed = 2 * detail::csr_array_bytes(a);
    return needed <= available_for(needed);
  }

  // Starts sending the CSR arrays while the analysis runs, for a matrix large
  // enough and a device with room for them twice (a format's own arrays come
  // on top; a format that lacks room releases them, lacks_memory()).
  void start_prefetch() {
    prefetch.reset();
    prefetch_note.clear();
    if (a.rows == 0 || std::size_t(a.nnz()) < options.prefetch_min_nnz) return;
    if (!room_for_csr_twice()) {
      prefetch_note = "set-up: the CSR arrays (" + megabytes(detail::csr_array_bytes(a)) +
                      ") were sent after the analysis: no room for them twice on the device";
      return;
    }
    const DeviceGuard guard(device);
    prefetch = std::make_shared<CsrPrefetch<V, I>>(a, device);
    context.csr_prefetch = prefetch;
  }

  // After the upload: what became of the arrays sent during the analysis.
  void release_prefetch() {
    if (!prefetch) return;
    const std::string sent = "set-up: the CSR arrays (" + megabytes(prefetch->bytes()) + ") sent during the analysis";
    prefetch->finish_copy();
    if (prefetch->used())
      prefetch_note = sent + ", used by the upload";
    else if (!prefetch->why_not().empty())
      prefetch_note = sent + " failed (" + prefetch->why_not() + "): the format sent them itself";
    else
      prefetch_note = sent + ", not used (the format holds another matrix, or none uploaded)";
    prefetch.reset();
  }

  // Whether the analysis may go to a host thread while csr runs the products:
  // auto's choice (tune times its candidates on the products, and a fixed
  // format is the caller's), for a large matrix with room for its CSR arrays
  // twice on the device (csr's, then the chosen format's).
  bool may_defer() const {
    if (!options.format.automatic || options.format.tune || !extras.empty() || a.rows == 0 ||
        std::size_t(a.nnz()) < options.defer_min_nnz)
      return false;
    return room_for_csr_twice();
  }

  // Whether the analysis will reorder, as far as the features tell (the order,
  // RCM's or the column counts', and its effect are the thread's work): what
  // makes a set-up many times cuSPARSE's upload
  // (docs/h100-2026-11-27-parallel-rcm). Without it the
  // analysis overlaps the CSR arrays' upload (prefetch) and is not deferred
  // (it is short beside that upload, and csr's products would run longer),
  // unless the selector says its choice's build is costly
  // (Candidate::costly_build).
  bool may_reorder() {
    features = analysis_features(a, options.format, options.reorder);
    const OrdersToCompute orders = orders_to_compute(features, options.format, options.reorder);
    return orders.rcm || orders.degree;
  }

  // csr as the only candidate here; the analysis, the build and the upload of
  // the selector's choice on a thread, on a copy of the arrays that it takes
  // back from csr's on the device (upload() hands them over).
  void start_deferred() {
    selection = Selection{};
    selection.candidates.push_back(
        {FormatId::csr, "set-up deferred: csr runs the products while a host thread analyses the matrix"});
    auto d = std::make_unique<Deferred>();
    d->rows = a.rows;
    d->cols = a.cols;
    d->nnz = a.nnz();
    MatrixOptions o = options;
    o.defer_min_nnz = SIZE_MAX;
    o.prefetch_min_nnz = SIZE_MAX;  // it sends its own arrays (csr's are this matrix's)
    o.check_input = false;          // checked here
    o.device = device;
    d->matrix = std::make_unique<AdaptiveMatrix<V, I>>(o);
    Deferred* raw = d.get();
    d->task = std::async(std::launch::async, [raw, device = device] { raw->run(device); });
    deferred = std::move(d);
  }

  // The deferred set-up's format takes over when it is due (wait: now, once
  // the thread is through): `s` is the stream of the products to come. It
  // replaces *impl, so the caller must not hold on to the old one.
  static void settle_deferred(std::unique_ptr<Impl>& impl, Stream s, bool wait) {
    Impl& m = *impl;
    const std::uint64_t k = m.options.defer_takeover;
    if (!wait && !(k == 0 ? m.deferred->through() : m.deferred->products + 1 >= k)) return;
    const std::unique_ptr<Deferred> done = std::move(m.deferred);
    char took[160];
    try {
      done->task.get();
    } catch (const std::exception& e) {
      std::snprintf(took, sizeof took, "%.1f ms", done->seconds * 1e3);
      m.deferred_note = std::string("set-up deferred: the host thread failed after ") + took + " (" + e.what() +
                        "): csr runs every product";
      return;
    }
    std::snprintf(took, sizeof took,
                  "the copy of the arrays back from the device, the analysis, build and upload took %.1f ms on a "
                  "host thread",
                  done->seconds * 1e3);
    const Impl& p = *done->matrix->impl_;
    if (!p.dev) {
      m.deferred_note = std::string("set-up deferred: ") + took + "; no format could be uploaded beside csr (" +
                        p.placement_reason + "), which stays";
      return;
    }
    // csr's products still queued read arrays that go with it. From here on
    // the caller's stream (and the matrix's own, which callers may hold) run
    // the new format.
    const DeviceGuard guard(m.device);
    m.fence.enter(s);
    synchronize(s);
    std::unique_ptr<Impl> next = std::move(done->matrix->impl_);
    next->options = m.options;
    next->a = m.a;
    next->built_from = done->copy;
    if (m.stream) {
      next->stream = std::move(m.stream);  // the new one's own served its upload only, which is through
      next->fence = StreamFence{};
    }
    next->deferred_note = "set-up deferred: csr ran the first " + std::to_string(done->products) +
                          " product(s) while " + took + "; " + next->format_name + " runs the products from then on";
    impl = std::move(next);
  }

  // The selector's candidates, after the extra ones, as one chain.
  void make_chain() {
    chain.clear();
    for (const ExtraCandidate<V, I>& e : extras) chain.push_back({e.name, "an extra candidate", std::nullopt, e.make});
    for (const Candidate& c : selection.candidates) {
      const FormatId id = c.format;
      chain.push_back({aijadaptive::format_name(id), c.reason, id,
                       [id](const FormatContext& ctx) { return make_host_format<V, I>(id, ctx); }});
    }
    next = 0;
  }

  void select(const Features* known = nullptr) {
    Analysis<V, I> r =
        analyse_matrix(a, options.format, options.reorder, options.tune.candidates, options.tune.min_nnz, known);
    features = std::move(r.features);
    // The formats may reuse what it found, unless they are built on P A P^T.
    context.features = r.reordering ? nullptr : &features;
    selection = std::move(r.selection);
    reordering = std::move(r.reordering);
  }

  void skip(const std::string& why) { skipped.push_back({chain[next - 1].name, why}); }

  // The host half of the next chain entry before `limit` that builds; false
  // when none is left.
  bool build_next_host(std::size_t limit = SIZE_MAX) {
    host.reset();
    while (next < std::min(limit, chain.size())) {
      const Try& t = chain[next++];
      try {
        std::unique_ptr<HostFormat<V, I>> h = t.make(context);
        if (reordering) h = std::make_unique<ReorderedHostFormat<V, I>>(reordering, std::move(h));
        h->build(a);
        host = std::move(h);
        format_name = t.name;
        reason = t.reason + selection.reorder_reason;
        return true;
      } catch (const Error& e) {
        if (!steps_aside(e.kind())) throw;
        skip(e.what());
      }
    }
    return false;
  }

  // Why the current candidate cannot have the memory it needs, or "".
  std::string lacks_memory() const {
    const Try& t = chain[next - 1];
    const std::size_t own = host->device_bytes_needed();
    if (t.id) {
      const double limit_mib = options.params.real(*t.id, kMemoryLimitParam);
      const auto limit = std::size_t(limit_mib * 1024.0 * 1024.0);
      if (limit > 0 && own > limit)
        return "needs " + megabytes(own) + " on the GPU, more than its " + kMemoryLimitParam + " of " +
               megabytes(limit);
    }
    // With room for host vectors' device copies.
    const std::size_t needed = own + (std::size_t(a.rows) + std::size_t(a.cols)) * sizeof(V);
    std::string limit_note;
    const std::size_t available = available_for(needed, &limit_note);
    if (needed > available)
      return "the matrix needs " + megabytes(needed) + " on the GPU but only " + megabytes(available) +
             " is available (" + limit_note + ")";
    return "";
  }

  // The device half of the current candidate (host), when it has the memory
  // and uploads; else false, with why (also in skipped()).
  bool upload_current(std::string* why) {
    *why = lacks_memory();
    if (!why->empty() && prefetch) {
      // The arrays sent during the analysis take the room: the format sends its own.
      prefetch.reset();
      prefetch_note = "set-up: the CSR arrays sent during the analysis were released to make room for " +
                      chain[next - 1].name;
      *why = lacks_memory();
    }
    if (!why->empty()) {
      skip(*why);
      return false;
    }
    try {
      dev = host->upload(stream->get());
      synchronize(stream->get());
      return true;
    } catch (const Error& e) {
      dev.reset();
      if (!steps_aside(e.kind())) throw;
      *why = e.what();
      skip(*why);
      return false;
    }
  }

  // Uploads the current candidate, or the ones after it, until one works;
  // then the arrays sent during the analysis are freed (or kept by the format).
  void upload_chain() {
    try {
      upload_candidates();
    } catch (...) {
      prefetch.reset();
      throw;
    }
    release_prefetch();
  }

  void upload_candidates() {
    leave_other_device();
    if (!stream) {
      stream = std::make_unique<OwnedStream>(OwnedStream::Reuse::kept);
      stream_device = device;
    }
    fence.enter(stream->get());
    std::string why = skipped.empty() ? "no candidate format could be built" : skipped.back().why;
    if (prefetch) prefetch->finish_copy();  // the memory check below sees its arrays allocated
    for (bool have = host != nullptr; have; have = build_next_host()) {
      if (upload_current(&why)) {
        placement = Placement::device;
        placement_reason = "device " + std::to_string(device) + " (" + context.device.name + ")";
        return;
      }
    }
    // After csr, the last device candidate: the host, with the reason.
    host.reset();
    format_name = "csr";
    placement = Placement::host;
    placement_reason = "host: " + why;
  }

  // --- FormatChoice tune (autotune.hpp) ---

  // What, beyond the pattern, the timings depend on.
  std::string tune_context() const {
    std::string c = std::string(is_complex_v<V> ? "complex " : "real ") + std::to_string(sizeof(V)) + "-byte values, " +
                    std::to_string(sizeof(I)) + "-byte indices; " + context.device.name + " sm_" +
                    std::to_string(context.device.arch) + "; reorder " + reorder_choice_name(options.reorder) +
                    ", jit " + (options.jit ? "on" : "off") + ", " + std::to_string(options.tune.candidates) +
                    " candidates";
    for (const auto& [name, value] : options.params.values()) c += ", " + name + "=" + value;
    for (const ExtraCandidate<V, I>& e : extras) c += ", extra " + e.name;
    return c;
  }

  // After the selection: the outcome remembered for this pattern (in the
  // process, else on disk) runs at once; otherwise the timed candidates wait
  // for the products.
  void plan_tuning() {
    tuner = Tuner{};
    if (!options.format.tune || selection.timed == 0) return;
    const std::string key = tune_key(a, tune_context());
    std::optional<TuneRecord> known = recall_tune(key);
    std::string origin = "remembered from a matrix of the same pattern earlier in this run";
#if AIJADAPTIVE_HAVE_CUDA
    if (!known && options.tune.on_disk && context.kernels) {
      if (const std::optional<std::string> text = context.kernels->load_note("tune: " + key))
        known = parse_tune_record(*text);
      origin = "remembered from an earlier run (" + context.kernels->disk_status() + ")";
      if (known) remember_tune(key, *known);
    }
#endif
    if (!known) {
      tuner.key = key;
      return;
    }
    // The remembered format first; the selector's candidates stay behind it
    // as the fallback chain.
    const FormatId chosen = *format_from_name(known->chosen);
    std::vector<Candidate> c{{chosen, "tune: " + known->chosen + ", the fastest when this pattern was timed"}};
    for (const Candidate& k : selection.candidates)
      if (k.format != chosen) c.push_back(k);
    selection.candidates = std::move(c);
    selection.timed = 0;
    tuner.record = std::move(*known);
    tuner.origin = origin;
  }

  // After the upload: the first timed candidate runs the next products.
  void start_tuning() {
    if (tuner.key.empty() || !tuner.record.chosen.empty() || !dev) return;
    tuner.end = extras.size() + selection.timed;
    if (next > tuner.end) {
      tuner.origin = "nothing timed: no timed candidate could run here (see the skipped candidates)";
      tuner.key.clear();
      return;
    }
    std::size_t reported = 0;
    report_skipped(&reported);  // the candidates before the first that uploaded
    tuner.marks.clear();
    for (int k = 0; k < 2 * options.tune.products; ++k)
      tuner.marks.push_back(std::make_unique<OwnedEvent>(OwnedEvent::Timing::on));
    start_candidate();
  }

  // The candidates skipped since skipped()[*reported], as not timed.
  void report_skipped(std::size_t* reported) {
    for (; *reported < skipped.size(); ++*reported)
      tuner.record.timings.push_back({skipped[*reported].format, -1, 0, skipped[*reported].why});
  }

  void start_candidate() {
    tuner.active = true;
    tuner.products = 0;
    tuner.origin = "timing candidate " + std::to_string(next) + " of " + std::to_string(tuner.end) +
                   " on the plain products";
    streamed.forget();           // the plan was the last format's
    graphs.forget();             // so were the graphs, with its arrays baked in
    dev->finish_background_work();  // time the kernel the format will keep
  }

  // Around a plain product of the current candidate (the first is not timed:
  // it warms the caches with the format's arrays).
  void mark(Stream s, int which) {
    if (tuner.products > 0) tuner.marks[std::size_t(2 * (tuner.products - 1) + which)]->record(s);
  }

  // After a plain product: once the current candidate has had its products,
  // its time, and the next candidate (or, after the last, the fastest).
  void count_tuned_product() {
    if (++tuner.products <= options.tune.products) return;
    std::vector<double> us;
    for (int k = 0; k < options.tune.products; ++k)
      us.push_back(1000.0 * tuner.marks[std::size_t(2 * k + 1)]->milliseconds_since(*tuner.marks[std::size_t(2 * k)]));
    const double median = median_of(us);
    tuner.record.timings.push_back({format_name, median, options.tune.products, ""});
    if (*fastest(tuner.record.timings) + 1 == tuner.record.timings.size()) {
      tuner.best_dev = std::move(dev);
      tuner.best_host = std::move(host);
      tuner.best_reason = reason;
    }
    dev.reset();
    std::size_t reported = skipped.size();
    try {
      while (build_next_host(tuner.end)) {
        std::string why;
        const bool uploaded = upload_current(&why);
        report_skipped(&reported);
        if (uploaded) return start_candidate();
      }
      report_skipped(&reported);
    } catch (...) {
      finish_tuning();
      throw;
    }
    finish_tuning();
  }

  // The fastest timed candidate runs from now on, and is remembered.
  void finish_tuning() {
    dev.reset();
    host = std::move(tuner.best_host);
    dev = std::move(tuner.best_dev);
    format_name = tuner.record.timings[*fastest(tuner.record.timings)].format;
    const std::string why = tuner.best_reason.rfind("tune: ", 0) == 0 ? tuner.best_reason.substr(6) : tuner.best_reason;
    reason = "tune: " + format_name + ", the fastest of the candidates timed on this matrix's first products (" +
             why + ")";
    tuner.active = false;
    tuner.marks.clear();
    streamed.forget();
    graphs.forget();
    tuner.record.chosen = format_name;
    tuner.origin = "timed on this matrix's first plain products";
    remember_tune(tuner.key, tuner.record);
#if AIJADAPTIVE_HAVE_CUDA
    if (options.tune.on_disk && context.kernels)
      (void)context.kernels->store_note("tune: " + tuner.key, tune_record_text(tuner.record));
#endif
  }

  // apply() on the device (made current by the caller).
  TransferBytes apply_on_device(Op op, V alpha, InputVector<V> x, V beta, OutputVector<V> y, Stream s) {
    fence.enter(s);
    const std::size_t nx = std::size_t(op == Op::plain ? a.cols : a.rows);
    const std::size_t ny = std::size_t(op == Op::plain ? a.rows : a.cols);
    const HostTransfer mode = options.host_transfer;
    // While candidates are timed, their products alone, between two events.
    const bool timed = tuner.active && op == Op::plain;
    if (op == Op::plain && !timed && x.space == MemSpace::host && y.space == MemSpace::host && beta == V(0) &&
        ny * sizeof(V) >= options.stream_min_bytes && host->capabilities().row_ranges) {
      if (!streamed.planned()) streamed.plan(*dev, a, options.stream_piece_bytes);
      return streamed.run(*dev, alpha, x, y.data, mode, staging, s);
    }
    // Device vectors: the product replayed as a graph where one is kept, and
    // captured again when the format's kernels change (a kernel made for the
    // matrix in the background, taken once ready). While candidates are
    // timed, only their plain products are: a candidate is then timed as it
    // would run if kept (a graph's launch costs the host about half a direct
    // one's, which is most of a small matrix's product), and its graphs go
    // with it (start_candidate). Not while faults are injected or counted
    // (each launch check is then made).
    if (options.product_graphs && (!tuner.active || timed) && x.space == MemSpace::device &&
        y.space == MemSpace::device && !detail::fault_hooks_active()) {
      graphs.follow_generation(dev->launch_generation());
      const auto key = detail::product_key(int(op), alpha, x.data, beta, y.data);
      if (timed) mark(s, 0);
      const std::uint64_t captured = graphs.stats().captured;
      if (graphs.run(key, s, [&](Stream cs) { enqueue_product(op, alpha, x.data, beta, y.data, cs); })) {
        if (timed) {
          mark(s, 1);
          // A product whose graph was captured is not counted: its time is
          // the capture's. A key is captured the second time it comes, so
          // each key of the vectors adds one product at most (or, for keys
          // that change too often, until graphs turn themselves off).
          if (graphs.stats().captured == captured) count_tuned_product();
        }
        return {};
      }
    }
    const TransferBytes moved =
        staging.with_device_vectors(x, nx, y, ny, beta != V(0), mode, s, [&](const V* dx, V* dy) {
          if (timed) mark(s, 0);
          enqueue_product(op, alpha, dx, beta, dy, s);
          if (timed) mark(s, 1);
        });
    if (timed) count_tuned_product();
    return moved;
  }

  void enqueue_product(Op op, V alpha, const V* dx, V beta, V* dy, Stream s) {
    if (op == Op::plain)
      dev->apply(alpha, dx, beta, dy, s);
    else if (op == Op::transpose)
      transposer(op, s).apply_transpose(alpha, dx, beta, dy, s);
    else
      transposer(op, s).apply_conjugate_transpose(alpha, dx, beta, dy, s);
  }

  // The (conjugate) transpose of a format that has none: cuSPARSE on a CSR
  // copy of A, made on first use (and refilled with the matrix from then on).
  DeviceFormat<V, I>& transposer(Op op, Stream s) {
    const Capabilities c = host->capabilities();
    if (op == Op::transpose ? c.transpose : c.conjugate_transpose) return *dev;
    if (!transpose_dev) {
      transpose_host = std::make_unique<CsrHostFormat<V, I>>(false);
      transpose_host->build(a);
      transpose_dev = transpose_host->upload(s);
    }
    return *transpose_dev;
  }
};

template <class V, class I>
AdaptiveMatrix<V, I>::AdaptiveMatrix(MatrixOptions options) : impl_(std::make_unique<Impl>()) {
  impl_->options = std::move(options);
}
template <class V, class I>
AdaptiveMatrix<V, I>::~AdaptiveMatrix() = default;
template <class V, class I>
AdaptiveMatrix<V, I>::AdaptiveMatrix(AdaptiveMatrix&&) noexcept = default;
template <class V, class I>
AdaptiveMatrix<V, I>& AdaptiveMatrix<V, I>::operator=(AdaptiveMatrix&&) noexcept = default;

template <class V, class I>
const MatrixOptions& AdaptiveMatrix<V, I>::options() const {
  return impl_->options;
}
template <class V, class I>
void AdaptiveMatrix<V, I>::set_options(const MatrixOptions& options) {
  impl_->options = options;
}
template <class V, class I>
void AdaptiveMatrix<V, I>::set_extra_candidates(std::vector<ExtraCandidate<V, I>> extras) {
  impl_->extras = std::move(extras);
}

template <class V, class I>
void AdaptiveMatrix<V, I>::build(const CsrView<V, I>& a) {
  analyse(a);
  upload();
}

template <class V, class I>
void AdaptiveMatrix<V, I>::analyse(const CsrView<V, I>& a) {
  Impl& m = *impl_;
  if (m.options.check_input) check_csr(a);
  AIJA_REQUIRE(m.options.tune.candidates >= 1 && m.options.tune.products >= 1, invalid_argument,
               "tune: candidates (" + std::to_string(m.options.tune.candidates) + ") and products per candidate (" +
                   std::to_string(m.options.tune.products) + ") must be at least 1");
  AIJA_REQUIRE(m.options.tune.min_nnz >= 0, invalid_argument,
               "tune: the nonzeros from which candidates are timed (" + std::to_string(m.options.tune.min_nnz) +
                   ") must be at least 0");
  AIJA_REQUIRE(m.options.slab_max_nnz >= 1 && m.options.slab_max_nnz <= std::numeric_limits<std::int32_t>::max(),
               invalid_argument,
               "slab_max_nnz (" + std::to_string(m.options.slab_max_nnz) + ") must be at least 1 and below 2^31");
  m.deferred.reset();  // a set-up still deferred is for the old matrix: cancelled, waited for
  m.deferred_note.clear();
  m.reset_device_state();
  m.host.reset();
  m.reordering.reset();
  m.built_from.reset();
  m.skipped.clear();
  m.a = a;
  m.analysed = false;  // until this analysis is through: a failed one leaves nothing to run
  m.narrow.reset();
  if (m.narrows(a)) {
    m.narrow = std::make_unique<detail::SlabbedMatrix<V>>(m.options);
    m.narrow->analyse(a);
    m.analysed = true;
    return;
  }
  m.placement = Placement::host;
  m.format_name = "csr";
  m.features = Features{};
  m.features.rows = a.rows;
  m.features.cols = a.cols;
  m.features.nnz = a.nnz();
  if (!m.runs_on_device()) {
    // The host products are the CSR reference kernel: no format is analysed.
    m.selection = Selection{};
    m.reason = "the host runs the CSR arrays as they are";
    m.analysed = true;
    return;
  }
  const bool may_defer = m.may_defer();  // before the prefetch takes its room
  m.start_prefetch();
  try {
    if (may_defer && m.may_reorder()) {
      m.start_deferred();
    } else {
      m.select(may_defer ? &m.features : nullptr);
      if (may_defer && m.selection.candidates.front().costly_build)
        m.start_deferred();  // the thread selects again, on its copy
      else
        m.plan_tuning();
    }
    m.make_chain();
    m.build_next_host();
  } catch (...) {
    m.deferred.reset();
    m.prefetch.reset();  // waits for the copy, frees its arrays
    throw;
  }
  m.analysed = true;
}

template <class V, class I>
void AdaptiveMatrix<V, I>::upload() {
  Impl& m = *impl_;
  AIJA_REQUIRE(m.analysed, invalid_argument, "upload() before analyse()");
  if (m.narrow) return m.narrow->upload();
  if (m.device < 0) return;  // the host was decided by analyse()
  m.reset_device_state();
  const DeviceGuard guard(m.device);
  m.upload_chain();
  if (m.deferred) m.deferred->hand_over(m.dev ? m.dev->csr_arrays() : std::nullopt, m.stream->get());
  m.start_tuning();
}

template <class V, class I>
void AdaptiveMatrix<V, I>::refill(const CsrView<V, I>& a) {
  AIJA_REQUIRE(built(), invalid_argument, "refill() before build()");
  AIJA_REQUIRE(a.rows == impl_->a.rows && a.cols == impl_->a.cols && a.nnz() == impl_->a.nnz(), invalid_argument,
               "refill() with a different pattern: call build()");
  // A set-up still deferred was built on the old values: it takes over now,
  // and is refilled below like any format.
  if (impl_->deferred) Impl::settle_deferred(impl_, impl_->own_stream(), true);
  Impl& m = *impl_;
  m.a = a;
  if (m.narrow) return m.narrow->refill(a.values);
  if (m.host) m.host->refill(a);
  if (m.transpose_host) m.transpose_host->refill(a);
  if (m.tuner.best_host) m.tuner.best_host->refill(a);  // the fastest candidate so far, kept aside
  m.built_from.reset();                                  // the host halves refer to the caller's arrays now
  if (!m.dev) return;
  const DeviceGuard guard(m.device);
  const Stream s = m.stream->get();
  m.fence.enter(s);  // products still running elsewhere read the old values
  m.dev->upload_values(s);
  if (m.transpose_dev) m.transpose_dev->upload_values(s);
  if (m.tuner.best_dev) m.tuner.best_dev->upload_values(s);
  synchronize(s);
  // The products' graphs stay: a format's new values go where the old ones
  // were (DeviceFormat::upload_values), and a replay reads them there.
}

template <class V, class I>
void AdaptiveMatrix<V, I>::finish_background_work() {
  if (impl_->narrow) return impl_->narrow->finish_background_work();
  if (impl_->deferred) Impl::settle_deferred(impl_, impl_->own_stream(), true);
  Impl& m = *impl_;
  if (!m.dev) return;
  const DeviceGuard guard(m.device);
  m.dev->finish_background_work();
}

template <class V, class I>
bool AdaptiveMatrix<V, I>::built() const {
  if (impl_->narrow) return impl_->narrow->built();
  return impl_->analysed;
}

template <class V, class I>
TransferBytes AdaptiveMatrix<V, I>::apply(Op op, V alpha, InputVector<V> x, V beta, OutputVector<V> y) {
  if (impl_->narrow) return impl_->narrow->apply(op, alpha, x, beta, y, nullptr);  // on its own stream
  // A takeover keeps the matrix's stream, so the one read here stays valid.
  return apply(op, alpha, x, beta, y, impl_->own_stream());
}

template <class V, class I>
TransferBytes AdaptiveMatrix<V, I>::apply(Op op, V alpha, InputVector<V> x, V beta, OutputVector<V> y,
                                          Stream s) {
  if (impl_->narrow) return impl_->narrow->apply(op, alpha, x, beta, y, &s);
  AIJA_REQUIRE(built(), invalid_argument, "apply() before build()");
  if (impl_->deferred) Impl::settle_deferred(impl_, s, false);
  Impl& m = *impl_;
  // A^H of real values is A^T: formats see Op::conjugate_transpose only for complex ones.
  if (!is_complex_v<V> && op == Op::conjugate_transpose) op = Op::transpose;
  TransferBytes moved;
  if (!m.dev) {
    AIJA_REQUIRE(x.space == MemSpace::host && y.space == MemSpace::host, invalid_argument,
                 "the matrix lives on the host (" + m.placement_reason + "): pass host vectors");
    csr_reference_apply(m.a, op, alpha, x.data, beta, y.data);
    return moved;
  }
  const DeviceGuard guard(m.device);
  if (m.deferred) ++m.deferred->products;
  try {
    return m.apply_on_device(op, alpha, x, beta, y, s);
  } catch (...) {
    // A product that failed half-way (no memory for the vectors' device
    // copies or the core's transpose, a failed launch) leaves the matrix as
    // it was, for the next call: what it allocated is freed by its owners,
    // the work it enqueued (on any stream: the formats fork) is waited for,
    // so that no buffer is still in use, and the device copy of x is sent
    // again next time.
    m.staging.forget_x();
    synchronize_device_quietly();
    throw;
  }
}

template <class V, class I>
Placement AdaptiveMatrix<V, I>::placement() const {
  if (impl_->narrow) return impl_->narrow->placement();
  return impl_->placement;
}
template <class V, class I>
const std::string& AdaptiveMatrix<V, I>::placement_reason() const {
  if (impl_->narrow) return impl_->narrow->placement_reason();
  return impl_->placement_reason;
}
template <class V, class I>
const std::string& AdaptiveMatrix<V, I>::format_name() const {
  if (impl_->narrow) return impl_->narrow->format_name();
  return impl_->format_name;
}
template <class V, class I>
const std::string& AdaptiveMatrix<V, I>::selection_reason() const {
  if (impl_->narrow) return impl_->narrow->selection_reason();
  return impl_->reason;
}
template <class V, class I>
const std::vector<SkippedCandidate>& AdaptiveMatrix<V, I>::skipped() const {
  if (impl_->narrow) return impl_->narrow->skipped();
  return impl_->skipped;
}
template <class V, class I>
std::vector<std::string> AdaptiveMatrix<V, I>::describe() const {
  const Impl& m = *impl_;
  if (m.narrow) return m.narrow->describe();
  if (!m.dev) return {};
  std::vector<std::string> lines;
  if (!m.tuner.origin.empty()) lines = describe_tune(m.tuner.record, m.tuner.origin);
  if (m.deferred) {
    const std::uint64_t k = m.options.defer_takeover;
    lines.push_back(std::string("set-up deferred: a host thread is analysing the matrix and building the format "
                                "the selector chooses, which takes over at ") +
                    (k == 0 ? "the first product after it is through"
                            : "product " + std::to_string(k) + " (or a refill, if one comes first)"));
  }
  if (!m.deferred_note.empty()) lines.push_back(m.deferred_note);
  if (!m.prefetch_note.empty()) lines.push_back(m.prefetch_note);
  lines.push_back(describe_graphs(m.options.product_graphs, m.graphs.stats()));
  for (std::string& line : m.host->describe()) lines.push_back(std::move(line));
  for (std::string& line : m.dev->describe()) lines.push_back(std::move(line));
  return lines;
}
template <class V, class I>
const ProductGraphStats& AdaptiveMatrix<V, I>::product_graph_stats() const {
  if (impl_->narrow) return impl_->narrow->product_graph_stats();
  return impl_->graphs.stats();
}
template <class V, class I>
const TuneRecord& AdaptiveMatrix<V, I>::tune_record() const {
  if (impl_->narrow) return impl_->narrow->tune_record();
  return impl_->tuner.record;
}
template <class V, class I>
bool AdaptiveMatrix<V, I>::tuning() const {
  if (impl_->narrow) return impl_->narrow->tuning();
  return impl_->tuner.active;
}
template <class V, class I>
bool AdaptiveMatrix<V, I>::reordered() const {
  if (impl_->narrow) return impl_->narrow->reordered();
  return impl_->dev && impl_->reordering != nullptr;
}
template <class V, class I>
OrderKind AdaptiveMatrix<V, I>::order_kind() const {
  if (impl_->narrow) return impl_->narrow->order_kind();
  return impl_->reordering ? impl_->reordering->permutation.kind : OrderKind::rcm;
}
template <class V, class I>
bool AdaptiveMatrix<V, I>::transpose_fallback_built() const {
  if (impl_->narrow) return impl_->narrow->transpose_fallback_built();
  return impl_->transpose_dev != nullptr;
}
template <class V, class I>
const Features& AdaptiveMatrix<V, I>::features() const {
  if (impl_->narrow) return impl_->narrow->features();
  return impl_->features;
}
template <class V, class I>
std::size_t AdaptiveMatrix<V, I>::device_bytes() const {
  if (impl_->narrow) return impl_->narrow->device_bytes();
  const Impl& m = *impl_;
  if (!m.dev) return 0;
  return m.dev->device_bytes() + m.staging.device_bytes() + (m.transpose_dev ? m.transpose_dev->device_bytes() : 0);
}
template <class V, class I>
int AdaptiveMatrix<V, I>::device() const {
  if (impl_->narrow) return impl_->narrow->device();
  return impl_->dev ? impl_->device : -1;
}
template <class V, class I>
Stream AdaptiveMatrix<V, I>::stream() const {
  if (impl_->narrow) return impl_->narrow->stream();
  return impl_->dev ? impl_->stream->get() : nullptr;
}

#define AIJA_INSTANTIATE(V, I)         \
  template class AdaptiveMatrix<V, I>; \
  template struct ExtraCandidate<V, I>;
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
