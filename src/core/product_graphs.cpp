#include "core/product_graphs.hpp"

#include <algorithm>
#include <exception>

#if AIJADAPTIVE_HAVE_CUDA
  #include <cuda_runtime_api.h>

  #include "core/cuda_check.hpp"
#endif

namespace aijadaptive::detail {

namespace {

// A matrix whose vectors change this often gains nothing: each capture and
// instantiation costs several launches.
constexpr std::uint64_t kCapturesBeforeJudging = 64;
constexpr std::uint64_t kReplaysPerCapture = 4;

void destroy_exec(void* exec) noexcept {
#if AIJADAPTIVE_HAVE_CUDA
  if (exec) (void)cudaGraphExecDestroy(static_cast<cudaGraphExec_t>(exec));
#else
  (void)exec;
#endif
}

}  // namespace

ProductGraphs::~ProductGraphs() { forget(); }

void ProductGraphs::forget() {
  for (Graph& g : graphs_) destroy_exec(g.exec);
  graphs_.clear();
  seen_.clear();
  next_seen_ = 0;
  last_ = 0;
}

void ProductGraphs::release() {
  forget();
  capture_stream_.reset();
}

void ProductGraphs::turn_off(std::string why) {
  forget();
  stats_.off = std::move(why);
}

bool ProductGraphs::seen_before(const ProductKey& key) {
  if (std::find(seen_.begin(), seen_.end(), key) != seen_.end()) return true;
  if (seen_.size() < kSeen) {
    seen_.push_back(key);
  } else {
    seen_[next_seen_] = key;
    next_seen_ = (next_seen_ + 1) % kSeen;
  }
  return false;
}

void ProductGraphs::launch(Graph& g, Stream s) {
#if AIJADAPTIVE_HAVE_CUDA
  AIJA_CUDA_CHECK(cudaGraphLaunch(static_cast<cudaGraphExec_t>(g.exec), static_cast<cudaStream_t>(s)));
#else
  (void)s;
#endif
  g.used = ++clock_;
}

std::size_t ProductGraphs::find(const ProductKey& key) const {
  if (last_ < graphs_.size() && graphs_[last_].key == key) return last_;  // the usual case: the same key again
  return std::size_t(std::find_if(graphs_.begin(), graphs_.end(), [&](const Graph& g) { return g.key == key; }) -
                     graphs_.begin());
}

bool ProductGraphs::run_erased(const ProductKey& key, Stream s, Erased call, void* enqueue) {
  if (const std::size_t i = find(key); i < graphs_.size()) {
    last_ = i;
    launch(graphs_[i], s);
    ++stats_.replayed;
    return true;
  }
  if (!seen_before(key)) return false;
  void* exec = capture(call, enqueue);
  if (!exec) return false;
  ++stats_.captured;
  if (graphs_.size() < kGraphs) {
    graphs_.push_back(Graph{key, exec, 0});
    last_ = graphs_.size() - 1;
  } else {
    last_ = std::size_t(std::min_element(graphs_.begin(), graphs_.end(),
                                         [](const Graph& a, const Graph& b) { return a.used < b.used; }) -
                        graphs_.begin());
    destroy_exec(graphs_[last_].exec);
    graphs_[last_] = Graph{key, exec, 0};
  }
  launch(graphs_[last_], s);
  if (stats_.captured >= kCapturesBeforeJudging && stats_.replayed < kReplaysPerCapture * stats_.captured)
    turn_off("the vectors changed too often for graphs to pay (" + std::to_string(stats_.captured) +
             " captured, " + std::to_string(stats_.replayed) + " replayed)");
  return true;
}

void* ProductGraphs::capture(Erased call, void* enqueue) {
#if AIJADAPTIVE_HAVE_CUDA
  if (!capture_stream_) capture_stream_.emplace();
  const auto cs = static_cast<cudaStream_t>(capture_stream_->get());
  // Thread-local: a call of this thread that cannot be captured (one that
  // would synchronise, or allocate) fails instead of running, and other
  // threads (the kernel compiler's) are left alone.
  AIJA_CUDA_CHECK(cudaStreamBeginCapture(cs, cudaStreamCaptureModeThreadLocal));
  std::string failure;
  try {
    call(enqueue, cs);
  } catch (const std::exception& e) {
    failure = e.what();
  }
  cudaGraph_t graph = nullptr;
  const cudaError_t ended = cudaStreamEndCapture(cs, &graph);
  cudaGraphExec_t exec = nullptr;
  if (failure.empty() && ended != cudaSuccess)
    failure = std::string("cudaStreamEndCapture: ") + cudaGetErrorName(ended);
  if (failure.empty()) {
    const cudaError_t made = cudaGraphInstantiate(&exec, graph, 0);
    if (made != cudaSuccess) failure = std::string("cudaGraphInstantiate: ") + cudaGetErrorName(made);
  }
  if (graph) (void)cudaGraphDestroy(graph);
  if (failure.empty()) return exec;
  (void)cudaGetLastError();  // the failed capture's error is not the next launch's
  turn_off("its product could not be captured as a graph: " + failure);
  return nullptr;
#else
  (void)call;
  (void)enqueue;
  turn_off("built without CUDA");
  return nullptr;
#endif
}

}  // namespace aijadaptive::detail
