// A matrix's products with device vectors replayed as CUDA graphs. A small
// matrix's MatMult costs what launching its kernel costs the host, and
// launching a captured graph costs about half of that (issue 17; the figures
// are in docs/h100-2026-11-26-product-graphs/).
//
// A graph replays its kernels' arguments as they were captured: the vectors'
// addresses, alpha and beta, and the format's own arrays and kernels. So a
// graph is kept per ProductKey, and every graph is dropped (forget()) when the
// format's arrays or kernels may have changed (a new format, a new upload), or
// when its launch generation moves on (a kernel made in the background,
// taken). A refill keeps them: new values go into the same arrays. A key is
// captured the second time it comes: the first product runs directly, so that
// whatever a product makes on first use (the core's transpose, work buffers)
// is made outside a capture. A capture that fails (a format whose product
// cannot be captured) turns graphs off for the matrix, and its products run
// directly as before; so does a matrix whose vectors change more often than
// graphs pay.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "aijadaptive/adaptive_matrix.hpp"
#include "aijadaptive/device.hpp"

namespace aijadaptive::detail {

// What a product's graph has baked in, besides the format: the operation,
// the vectors' addresses, and alpha's and beta's bits.
struct ProductKey {
  int op = 0;
  const void* x = nullptr;
  const void* y = nullptr;
  unsigned char scalars[32] = {};  // alpha's bytes, then beta's

  bool operator==(const ProductKey& o) const {
    return op == o.op && x == o.x && y == o.y && std::memcmp(scalars, o.scalars, sizeof scalars) == 0;
  }
};

template <class V>
ProductKey product_key(int op, V alpha, const V* x, V beta, const V* y) {
  static_assert(std::is_trivially_copyable_v<V> && 2 * sizeof(V) <= sizeof(ProductKey::scalars));
  ProductKey k;
  k.op = op;
  k.x = x;
  k.y = y;
  std::memcpy(k.scalars, &alpha, sizeof(V));
  std::memcpy(k.scalars + sizeof(V), &beta, sizeof(V));
  return k;
}

class ProductGraphs {
 public:
  // Graphs kept at once (the least recently used goes first), and keys
  // remembered as seen once: GMRES's products go round its 30 basis vectors
  // (PETSc's default restart), each pair a key of its own.
  static constexpr std::size_t kGraphs = 32;
  static constexpr std::size_t kSeen = 64;

  ProductGraphs() = default;
  ~ProductGraphs();
  ProductGraphs(const ProductGraphs&) = delete;
  ProductGraphs& operator=(const ProductGraphs&) = delete;

  // Runs `enqueue(stream)` (the product's work, enqueued on the stream it is
  // given) on `s` as the graph cached for `key`, capturing the graph when the
  // key comes the second time. false: nothing was run, the caller runs the
  // product directly (graphs off, the key's first time, a failed capture).
  // On the matrix's device (the caller's guard).
  template <class F>
  bool run(const ProductKey& key, Stream s, F&& enqueue) {
    if (!stats_.off.empty()) return false;
    using Fn = std::remove_reference_t<F>;
    return run_erased(key, s, [](void* f, Stream cs) { (*static_cast<Fn*>(f))(cs); }, &enqueue);
  }

  // The format's arrays, values or kernels may have changed: no graph is
  // replayed again, and keys count as unseen.
  void forget();
  // The format's launch generation (DeviceFormat::launch_generation), asked
  // before each product: graphs captured under another are forgotten.
  void follow_generation(std::uint64_t generation) {
    if (generation == generation_) return;
    forget();
    generation_ = generation;
  }
  // forget(), and the capture stream released (on the matrix's device, or
  // when it moves to another).
  void release();
  void turn_off(std::string why);
  const ProductGraphStats& stats() const { return stats_; }

 private:
  using Erased = void (*)(void*, Stream);
  struct Graph {
    ProductKey key;
    void* exec = nullptr;  // cudaGraphExec_t
    std::uint64_t used = 0;
  };

  bool run_erased(const ProductKey& key, Stream s, Erased call, void* enqueue);
  // The graph of one product, instantiated; null (graphs turned off) when it
  // cannot be captured.
  void* capture(Erased call, void* enqueue);
  // The index of key's graph; graphs_.size() if none.
  std::size_t find(const ProductKey& key) const;
  bool seen_before(const ProductKey& key);
  void launch(Graph& g, Stream s);

  std::vector<Graph> graphs_;
  std::vector<ProductKey> seen_;
  std::size_t next_seen_ = 0;  // the slot the next key seen once takes
  std::size_t last_ = 0;       // graphs_[last_] ran last: tried first
  std::uint64_t clock_ = 0;
  std::uint64_t generation_ = 0;  // of the format's launches the graphs replay
  std::optional<OwnedStream> capture_stream_;
  ProductGraphStats stats_;
};

}  // namespace aijadaptive::detail
