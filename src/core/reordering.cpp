// Reverse Cuthill-McKee, the symmetric permutation B = P A P^T and the gather-locality measure.
#include "aijadaptive/reordering.hpp"

#include <algorithm>
#include <atomic>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "aijadaptive/errors.hpp"
#include "aijadaptive/instantiate.hpp"
#include "core/row_parts.hpp"
#include "core/thread_team.hpp"

namespace aijadaptive {
namespace {

template <class V, class I>
void require_square(const CsrView<V, I>& a, const char* what) {
  AIJA_REQUIRE(a.rows == a.cols, invalid_argument,
               std::string(what) + " needs a square matrix, not " + std::to_string(a.rows) + " x " +
                   std::to_string(a.cols));
}

// A hint to fetch the cache line at p: the BFS visits rows in an order unrelated to their place in
// memory (on a badly numbered matrix, the very case RCM is for), so without it every row costs a
// full memory latency. Rows are announced kPrefetchRowPtr nodes ahead and their column indices
// kPrefetchCols nodes ahead (once their row_ptr entry has arrived): 2.4x faster on a shuffled
// 27-point grid of 31M entries; other distances from 12/6 to 32/16 measured the same.
// Forced inline: GCC finds a function that only prefetches "pure" and deletes the calls to it.
#if defined(__GNUC__)
#define AIJA_PREFETCH_INLINE __attribute__((always_inline)) inline
#else
#define AIJA_PREFETCH_INLINE inline
#endif
AIJA_PREFETCH_INLINE void prefetch(const void* p) {
#if defined(__GNUC__)
  __builtin_prefetch(p);
#else
  (void)p;
#endif
}
constexpr std::int64_t kPrefetchRowPtr = 16, kPrefetchCols = 8;

// A's rows read in the order `to_old` gives, scattered over memory, fetched
// ahead from position i of [.., end): the row pointers of the row
// kPrefetchRowPtr positions on, the first and last lines of the values (and
// of the columns, with `columns`) of the row kPrefetchCols on. A row outside
// A (a bad permutation, found by the caller) is not fetched.
template <class V, class I>
AIJA_PREFETCH_INLINE void prefetch_rows_ahead(const CsrView<V, I>& a, const I* to_old, std::int64_t i,
                                              std::int64_t end, bool columns) {
  if (i + kPrefetchRowPtr < end) prefetch(a.row_ptr + to_old[i + kPrefetchRowPtr]);
  if (i + kPrefetchCols >= end) return;
  const I w = to_old[i + kPrefetchCols];
  if (w < 0 || w >= a.rows) return;
  const I first = a.row_ptr[w], last = std::max(first, I(a.row_ptr[w + 1] - 1));
  if (columns) {
    prefetch(a.col_idx + first);
    prefetch(a.col_idx + last);
  }
  prefetch(a.values + first);
  prefetch(a.values + last);
}

// One rcm_order call. The BFS reads a node's state at random, once per entry, so the state is two
// bytes a node, one load, and mostly in cache (2.4 MB for 1.2M rows; 4-byte marks and a separate
// degree array measured 1.3x slower on 31M entries): the mark, kNumbered once the node has its
// place in the order, kSeen while a level sweep has queued it (each sweep clears its own marks
// through its queue afterwards, which costs its component's nodes, not n), else kUnseen; and the
// degree capped at 255, the Cuthill-McKee sort key (the full degree_ settles ties at the cap).
//
// The searches go level by level. A level of at least RcmThreads::level_nodes nodes is searched
// by the whole thread team at once (parallel_step): each thread takes a share of the level's
// nodes and claims the new neighbours it finds with a compare-and-swap on first_[v], which ends as
// the smallest position in the order of a node of the level that reaches v. The new level is
// then sorted by (that position, degree, index), by the team too (number_found): the order in
// which the one-thread search appends them (each node's new neighbours after those of the nodes
// before it, in increasing degree, ties by index), so the result does not depend on the threads.
// Smaller levels are searched by the caller alone, as without a team.
//
// The serial inner loops are branch-free (the node is written at the queue's end always, the end
// moves only when the node is new): whether a neighbour was seen is a coin toss the branch
// predictor loses, and each miss would stall the independent loads behind it. Hence one slot of
// slack at the end of order_ and next_.
template <class V, class I>
class RcmOrdering {
 public:
  RcmOrdering(const CsrView<V, I>& a, const RcmThreads& threads)
      : rp_(a.row_ptr),
        ci_(a.col_idx),
        n_(a.rows),
        level_nodes_(std::max<std::int64_t>(1, threads.level_nodes)),
        degree_(std::size_t(n_)),
        node_(std::size_t(n_)),
        order_(std::size_t(n_) + 1) {
    int team = threads.threads;
    if (team <= 0) {
      const int available = detail::team_threads();
      team = a.nnz() >= kRcmParallelEntries && available >= kRcmParallelMinThreads ? available : 1;
    }
    const std::vector<detail::RowPart> parts = detail::row_parts(n_, a.nnz(), 1, team);
    std::vector<I> longest(parts.size(), 0);
    detail::run_row_parts(parts.size(), [&](std::size_t part) {
      I most = 0;
      for (I i = I(parts[part].begin); i < I(parts[part].end); ++i) {
        I d = 0;
        for (I k = rp_[i]; k < rp_[i + 1]; ++k) d += ci_[k] != i;
        degree_[std::size_t(i)] = d;
        node_[std::size_t(i)] = {kUnseen, std::uint8_t(std::min<I>(d, kDegreeCap))};
        most = std::max(most, I(rp_[i + 1] - rp_[i]));
      }
      longest[part] = most;
    });
    next_.resize(std::size_t(longest.empty() ? 0 : *std::max_element(longest.begin(), longest.end())) + 1);
    if (team > 1) {
      team_ = std::make_unique<detail::ThreadTeam>(team);
      first_ = std::make_unique<std::atomic<I>[]>(std::size_t(n_));
      for (I i = 0; i < n_; ++i) first_[std::size_t(i)].store(kNone, std::memory_order_relaxed);
      found_.resize(std::size_t(team));
    }
  }

  // The Cuthill-McKee order of every component, reversed: new_to_old. Each component is entered
  // at its unnumbered node of smallest degree (ties by index), a good first guess of a peripheral
  // node (a corner of a grid) that saves the George-Liu search a sweep or two. On a nonsymmetric
  // pattern the root the search settles on may not reach the start node back: hence "while", each
  // round numbers at least its root.
  std::vector<I> run() {
    for (I v : nodes_by_degree())
      while (node_[std::size_t(v)].mark != kNumbered) number_component(pseudo_peripheral(v));
    order_.pop_back();  // the slack
    std::reverse(order_.begin(), order_.end());
    return std::move(order_);
  }

 private:
  static constexpr std::uint8_t kUnseen = 0, kSeen = 1, kNumbered = 2;
  static constexpr I kDegreeCap = 255;
  static constexpr I kNone = std::numeric_limits<I>::max();  // first_[v] of a node no step reached

  struct Node {
    std::uint8_t mark;
    std::uint8_t degree;  // min(degree, kDegreeCap)
  };

  struct Levels {
    std::int64_t eccentricity;  // number of levels - 1
    std::int64_t last_begin;    // the last level is order_[last_begin, end)
    std::int64_t end;
  };

  // Counting sort of the nodes by degree, stable: O(n + largest degree).
  std::vector<I> nodes_by_degree() const {
    I largest = 0;
    for (I d : degree_) largest = std::max(largest, d);
    std::vector<I> start(std::size_t(largest) + 2, 0), sorted(static_cast<std::size_t>(n_));
    for (I d : degree_) ++start[std::size_t(d) + 1];
    for (std::size_t d = 1; d < start.size(); ++d) start[d] += start[d - 1];
    for (I v = 0; v < n_; ++v) sorted[std::size_t(start[std::size_t(degree_[std::size_t(v)])]++)] = v;
    return sorted;
  }

  AIJA_PREFETCH_INLINE void prefetch_ahead(const I* q, std::int64_t h, std::int64_t tail) const {
    if (h + kPrefetchRowPtr < tail) prefetch(rp_ + q[h + kPrefetchRowPtr]);
    if (h + kPrefetchCols < tail) {
      const I w = q[h + kPrefetchCols];
      prefetch(ci_ + rp_[w]);
      prefetch(ci_ + std::max(rp_[w], I(rp_[w + 1] - 1)));  // the row's last line (rows of 27: 2 or 3)
    }
  }

  bool parallel(std::int64_t level_size) const { return team_ && level_size >= level_nodes_; }

  // Where the share of thread t of [begin, end) begins (t = team size: end).
  std::int64_t share(std::int64_t begin, std::int64_t end, int t) const {
    return begin + (end - begin) * t / team_->size();
  }

  // The nodes found_ holds, one after the other from q[at] on, each thread writing its own and
  // running mark(v) on them; returns the end.
  template <class Mark>
  std::int64_t place_found(I* q, std::int64_t at, Mark mark) {
    for (Found& found : found_) {
      found.at = at;
      at += std::int64_t(found.nodes.size());
    }
    team_->run([&](int t) {
      const Found& found = found_[std::size_t(t)];
      I* out = q + found.at;
      for (const I v : found.nodes) {
        mark(v);
        *out++ = v;
      }
    });
    return at;
  }

  // The nodes of the level q[begin, end) reach, not marked `skip` or claimed by this step yet,
  // gathered into found_ by the team: v is claimed by the thread whose compare-and-swap first
  // takes first_[v] from kNone; every thread lowers first_[v] to the position of its own node.
  void parallel_step(const I* q, std::int64_t begin, std::int64_t end, std::uint8_t skip_below) {
    team_->run([&](int t) {
      std::vector<I>& found = found_[std::size_t(t)].nodes;
      found.clear();
      const std::int64_t from = share(begin, end, t), to = share(begin, end, t + 1);
      const Node* node = node_.data();
      for (std::int64_t h = from; h < to; ++h) {
        prefetch_ahead(q, h, to);
        const I u = q[h], position = I(h);
        for (I k = rp_[u], stop = rp_[u + 1]; k < stop; ++k) {
          const I v = ci_[k];
          if (node[v].mark >= skip_below) continue;  // marks change only between steps
          std::atomic<I>& first = first_[std::size_t(v)];
          I seen = first.load(std::memory_order_relaxed);
          while (position < seen)
            if (first.compare_exchange_weak(seen, position, std::memory_order_relaxed)) {
              if (seen == kNone) found.push_back(v);
              break;
            }
        }
      }
    });
  }

  // BFS level structure from root over the nodes not numbered yet. The queue lives in the unused
  // tail of order_ (the component is not numbered yet, so it fits there, with the slack).
  Levels levels(I root) {
    I* q = order_.data() + numbered_;
    Node* node = node_.data();
    q[0] = root;
    node[root].mark = kSeen;
    std::int64_t begin = 0, end = 1, last = 0, ecc = 0;
    for (;;) {
      std::int64_t tail = end;
      if (parallel(end - begin)) {
        parallel_step(q, begin, end, kSeen);
        tail = place_found(q, tail, [&](I v) {
          node[v].mark = kSeen;
          first_[std::size_t(v)].store(kNone, std::memory_order_relaxed);
        });
      } else {
        for (std::int64_t h = begin; h < end; ++h) {
          prefetch_ahead(q, h, tail);
          const I u = q[h];
          for (I k = rp_[u], stop = rp_[u + 1]; k < stop; ++k) {
            const I v = ci_[k];
            const std::uint8_t m = node[v].mark;
            const bool fresh = m == kUnseen;                       // the diagonal is not: u is marked
            node[v].mark = std::uint8_t(m | std::uint8_t(fresh));  // kUnseen -> kSeen, others unchanged
            q[tail] = v;
            tail += fresh;
          }
        }
      }
      if (tail == end) break;
      ++ecc;
      last = end;
      begin = end;
      end = tail;
    }
    if (parallel(end))
      team_->run([&](int t) {
        for (std::int64_t j = share(0, end, t); j < share(0, end, t + 1); ++j) node[q[j]].mark = kUnseen;
      });
    else
      for (std::int64_t j = 0; j < end; ++j) node[q[j]].mark = kUnseen;
    return {ecc, numbered_ + last, numbered_ + end};
  }

  // George-Liu: BFS again from the smallest-degree node of the last level while that makes the
  // level structure deeper. On a nonsymmetric pattern the new root may see less far; the deeper
  // root is kept then.
  I pseudo_peripheral(I start) {
    if (degree_[std::size_t(start)] == 0) return start;
    I root = start;
    Levels lv = levels(root);
    for (int sweep = 0; sweep < kRcmMaxPeripheralSweeps && lv.eccentricity > 0; ++sweep) {
      I cand = order_[std::size_t(lv.last_begin)];
      for (std::int64_t k = lv.last_begin + 1; k < lv.end; ++k) {
        const I v = order_[std::size_t(k)];
        const I dv = degree_[std::size_t(v)], dc = degree_[std::size_t(cand)];
        if (dv < dc || (dv == dc && v < cand)) cand = v;
      }
      const Levels lc = levels(cand);
      if (lc.eccentricity < lv.eccentricity) break;
      const bool deeper = lc.eccentricity > lv.eccentricity;
      root = cand;
      lv = lc;
      if (!deeper) break;
    }
    return root;
  }

  // Cuthill-McKee BFS from root: each node's new neighbours in increasing (degree, index), level
  // by level.
  void number_component(I root) {
    I* order = order_.data();
    Node* node = node_.data();
    order[numbered_++] = root;
    node[root].mark = kNumbered;
    for (std::int64_t begin = numbered_ - 1, end = numbered_; begin < end; begin = end, end = numbered_) {
      if (parallel(end - begin))
        number_found(begin, end);
      else
        for (std::int64_t head = begin; head < end; ++head) number_neighbours(head);
    }
  }

  // The new neighbours of the node at order_[head], appended in increasing (degree, index).
  void number_neighbours(std::int64_t head) {
    I* order = order_.data();
    Node* node = node_.data();
    std::pair<I, I>* next = next_.data();
    prefetch_ahead(order, head, numbered_);
    const I u = order[head];
    std::size_t count = 0;
    for (I k = rp_[u], end = rp_[u + 1]; k < end; ++k) {
      const I v = ci_[k];
      const Node nv = node[v];
      node[v].mark = kNumbered;
      next[count] = {I(nv.degree), v};
      count += nv.mark != kNumbered;
    }
    for (std::size_t j = 0; j < count; ++j)
      if (next[j].first == kDegreeCap) next[j].first = degree_[std::size_t(next[j].second)];
    if (count > 1) std::sort(next, next + count);
    for (std::size_t j = 0; j < count; ++j) order[numbered_++] = next[j].second;
  }

  // The level after order_[begin, end), searched by the team, appended sorted by (position of the
  // first node that reaches it, degree, index). The team sorts it too: each thread hands the nodes
  // it found to the thread whose share of the level holds that first position, which sorts what
  // it receives and writes it in place (the shares are in order, so the pieces are).
  void number_found(std::int64_t begin, std::int64_t end) {
    parallel_step(order_.data(), begin, end, kNumbered);
    const int threads = team_->size();
    std::vector<std::int64_t> starts(std::size_t(threads) + 1);
    for (int t = 0; t <= threads; ++t) starts[std::size_t(t)] = share(begin, end, t);
    team_->run([&](int t) {  // hand over
      Found& found = found_[std::size_t(t)];
      found.to.resize(std::size_t(threads));
      for (std::vector<Key>& keys : found.to) keys.clear();
      for (const I v : found.nodes) {
        const I first = first_[std::size_t(v)].load(std::memory_order_relaxed);
        const auto owner = std::size_t(std::upper_bound(starts.begin(), starts.end(), first) - starts.begin() - 1);
        found.to[owner].push_back({first, degree_[std::size_t(v)], v});
        node_[std::size_t(v)].mark = kNumbered;
      }
    });
    std::int64_t at = numbered_;
    for (int o = 0; o < threads; ++o) {
      found_[std::size_t(o)].at = at;
      for (const Found& found : found_) at += std::int64_t(found.to[std::size_t(o)].size());
    }
    team_->run([&](int o) {  // sort and place
      std::vector<Key>& keys = found_[std::size_t(o)].sorted;
      keys.clear();
      for (const Found& found : found_) {
        const std::vector<Key>& mine = found.to[std::size_t(o)];
        keys.insert(keys.end(), mine.begin(), mine.end());
      }
      std::sort(keys.begin(), keys.end());
      I* out = order_.data() + found_[std::size_t(o)].at;
      for (const Key& key : keys) {
        first_[std::size_t(key.node)].store(kNone, std::memory_order_relaxed);
        *out++ = key.node;
      }
    });
    numbered_ = at;
  }

  const I* rp_;
  const I* ci_;
  I n_;
  std::int64_t level_nodes_;
  std::vector<I> degree_;  // off-diagonal entries of each row
  std::vector<Node> node_;
  std::vector<I> order_;  // [n + 1] Cuthill-McKee order, numbered_ nodes so far; then BFS scratch
  std::int64_t numbered_ = 0;
  std::vector<std::pair<I, I>> next_;  // [longest row + 1] (degree, node) of the neighbours queued
  // The team's search (parallel_step), only where there is a team:
  std::unique_ptr<detail::ThreadTeam> team_;
  std::unique_ptr<std::atomic<I>[]> first_;  // [n] kNone, or the first position reaching the node
  struct Key {  // number_found's order
    I first, degree, node;
    bool operator<(const Key& o) const {
      return first != o.first ? first < o.first : degree != o.degree ? degree < o.degree : node < o.node;
    }
  };
  struct alignas(64) Found {          // a cache line of its own: the threads append at once
    std::vector<I> nodes;             // the nodes the thread claimed in the last step
    std::int64_t at = 0;              // where they, or the nodes it sorts, go in the order
    std::vector<std::vector<Key>> to;  // number_found: what it hands to each thread
    std::vector<Key> sorted;          // number_found: what it sorts
  };
  std::vector<Found> found_;  // per thread
};

}  // namespace

template <class I>
void check_permutation(const Permutation<I>& p, std::int64_t n) {
  AIJA_REQUIRE(p.size() == n && std::int64_t(p.old_to_new.size()) == n, invalid_argument,
               "permutation of size " + std::to_string(p.new_to_old.size()) + " / " +
                   std::to_string(p.old_to_new.size()) + " (new_to_old / old_to_new) for a matrix of size " +
                   std::to_string(n));
  for (std::int64_t i = 0; i < n; ++i) {
    const I old = p.new_to_old[std::size_t(i)];
    AIJA_REQUIRE(old >= 0 && old < n && p.old_to_new[std::size_t(old)] == i, invalid_argument,
                 "not a permutation with its inverse: new_to_old[" + std::to_string(i) +
                     "] = " + std::to_string(old) + " does not map back");
  }
}

template <class V, class I>
Permutation<I> rcm_order(const CsrView<V, I>& a, const RcmThreads& threads) {
  require_square(a, "rcm_order");
  Permutation<I> p;
  p.new_to_old = RcmOrdering<V, I>(a, threads).run();
  p.old_to_new.resize(p.new_to_old.size());
  for (std::size_t i = 0; i < p.new_to_old.size(); ++i) p.old_to_new[std::size_t(p.new_to_old[i])] = I(i);
  return p;
}

template <class I>
Permutation<I> windowed_order(const Permutation<I>& global, std::int64_t window) {
  AIJA_REQUIRE(window >= 1, invalid_argument, "windowed_order: window " + std::to_string(window) + " < 1");
  const std::int64_t n = global.size();
  const std::int64_t windows = (n + window - 1) / window;
  // A counting sort by window, stable: the global order is read from first to last.
  std::vector<std::int64_t> next(static_cast<std::size_t>(windows));  // of each window: its next new index
  for (std::int64_t w = 0; w < windows; ++w) next[std::size_t(w)] = w * window;
  Permutation<I> p;
  p.window = window;
  p.new_to_old.resize(std::size_t(n));
  p.old_to_new.resize(std::size_t(n));
  for (const I old : global.new_to_old) p.new_to_old[std::size_t(next[std::size_t(old / window)]++)] = old;
  for (std::int64_t i = 0; i < n; ++i) p.old_to_new[std::size_t(p.new_to_old[std::size_t(i)])] = I(i);
  return p;
}

const char* order_kind_name(OrderKind kind) { return kind == OrderKind::degree ? "degree" : "rcm"; }

template <class V, class I>
Permutation<I> degree_order(const CsrView<V, I>& a) {
  require_square(a, "degree_order");
  const std::size_t n = std::size_t(a.rows);
  std::vector<std::int64_t> count(n, 0);
  for (std::int64_t k = 0; k < std::int64_t(a.nnz()); ++k) ++count[std::size_t(a.col_idx[k])];
  // A counting sort by count, descending and stable: first[c] is where the
  // columns of count c start, the counts above c coming before them.
  const std::int64_t most = n ? *std::max_element(count.begin(), count.end()) : 0;
  std::vector<std::int64_t> first(std::size_t(most) + 2, 0);
  for (const std::int64_t c : count) ++first[std::size_t(most - c) + 1];
  for (std::size_t c = 1; c < first.size(); ++c) first[c] += first[c - 1];
  Permutation<I> p;
  p.kind = OrderKind::degree;
  p.new_to_old.resize(n);
  p.old_to_new.resize(n);
  for (std::size_t j = 0; j < n; ++j) {
    const std::int64_t at = first[std::size_t(most - count[j])]++;
    p.new_to_old[std::size_t(at)] = I(j);
    p.old_to_new[j] = I(at);
  }
  return p;
}

template <class V, class I>
PermutedCsr<V, I> permute_symmetric(const CsrView<V, I>& a, const Permutation<I>& p) {
  require_square(a, "permute_symmetric");
  check_permutation(p, a.rows);
  const std::size_t n = std::size_t(a.rows), nnz = std::size_t(a.nnz());
  PermutedCsr<V, I> b;
  b.row_ptr.resize(n + 1);
  b.row_ptr[0] = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const I old = p.new_to_old[i];
    b.row_ptr[i + 1] = b.row_ptr[i] + (a.row_ptr[old + 1] - a.row_ptr[old]);
  }
  b.col_idx.resize(nnz);
  b.values.resize(nnz);
  const I* to_old = p.new_to_old.data();
  const I* to_new = p.old_to_new.data();
  // Rows of B in parts, each on a thread of its own; A's rows are read scattered, as dear an entry
  // as a table lookup.
  const std::vector<detail::RowPart> parts =
      detail::row_parts(a.rows, a.nnz(), 1, 0, detail::kEntriesPerLookupPart);
  detail::run_row_parts(parts.size(), [&](std::size_t part) {
    const std::size_t begin = std::size_t(parts[part].begin), end = std::size_t(parts[part].end);
    for (std::size_t i = begin; i < end; ++i) {
      prefetch_rows_ahead(a, to_old, std::int64_t(i), std::int64_t(end), true);
      const I old = to_old[i];
      I* col = b.col_idx.data() + b.row_ptr[i];
      V* val = b.values.data() + b.row_ptr[i];
      for (I k = a.row_ptr[old], stop = a.row_ptr[old + 1]; k < stop; ++k) {
        *col++ = to_new[a.col_idx[k]];
        *val++ = a.values[k];
      }
    }
  });
  return b;
}

template <class V, class I>
void permute_values(const CsrView<V, I>& a, const Permutation<I>& p, PermutedCsr<V, I>& b) {
  const std::int64_t n = a.rows;
  AIJA_REQUIRE(a.rows == a.cols && p.size() == n && std::int64_t(b.row_ptr.size()) == n + 1 &&
                   std::int64_t(b.values.size()) == std::int64_t(a.nnz()),
               invalid_argument,
               "permute_values: the matrix (" + std::to_string(a.rows) + " x " + std::to_string(a.cols) +
                   ", " + std::to_string(a.nnz()) + " nonzeros), the permutation (size " +
                   std::to_string(p.size()) + ") and the permuted matrix (" +
                   std::to_string(b.values.size()) + " nonzeros) do not match");
  // Rows in parts on threads of their own; each part stops at its first bad row, and the first of
  // all is reported (the one a single pass would name). A's rows are read scattered: fetched
  // ahead, and parts as small as a table lookup's, as permute_symmetric's. One pass without
  // either took 5.3 ms for mdual's 1M entries on a 2-core host, 17x a copy of the values
  // (docs/h200-2026-11-28-kept-arrays).
  const I* to_old = p.new_to_old.data();
  const std::int64_t bad = detail::first_row_where(
      n, a.nnz(),
      [&](std::int64_t i) {
        prefetch_rows_ahead(a, to_old, i, n, false);
        const I old = to_old[i];
        if (old < 0 || old >= n ||
            a.row_ptr[old + 1] - a.row_ptr[old] != b.row_ptr[std::size_t(i) + 1] - b.row_ptr[std::size_t(i)])
          return true;
        std::copy(a.values + a.row_ptr[old], a.values + a.row_ptr[old + 1],
                  b.values.data() + b.row_ptr[std::size_t(i)]);
        return false;
      },
      detail::kEntriesPerLookupPart);
  AIJA_REQUIRE(bad == n, invalid_argument,
               "permute_values: row " + std::to_string(bad) +
                   " of the permuted matrix does not have the pattern of its row of the matrix");
}

namespace {

// gather_sector_ratio's bitmap of x's sectors, per thread: 8 MiB, x of up to
// 2^29 values in double. A wider x is counted with a hash set.
constexpr std::size_t kBitmapMaxWords = std::size_t(1) << 20;

// gather_sector_ratio of the matrix whose row i is A's row row_of(i) with every column c read as
// col_of(c): A itself, or P A P^T through the permutation.
template <class V, class I, class RowOf, class ColOf>
double sector_ratio(const CsrView<V, I>& a, int group_rows, std::int64_t max_groups, RowOf row_of, ColOf col_of) {
  AIJA_REQUIRE(group_rows >= 1 && max_groups >= 1, invalid_argument,
               "gather_sector_ratio: group_rows (" + std::to_string(group_rows) + ") and max_groups (" +
                   std::to_string(max_groups) + ") must be at least 1");
  if (a.rows == 0 || a.nnz() == 0) return 0.0;
  // Values per sector: a power of two (32 bytes over 4, 8 or 16), so a shift.
  int sector_shift = 0;
  while ((std::int64_t(2) << sector_shift) * std::int64_t(sizeof(V)) <= kGatherSectorBytes) ++sector_shift;
  const std::int64_t rows = a.rows, groups = (rows + group_rows - 1) / group_rows;
  // Spread evenly with both ends included: group s * (groups - 1) / (samples - 1), or the middle one.
  const std::int64_t samples = std::min(groups, max_groups), gaps = std::max<std::int64_t>(1, samples - 1);
  const std::int64_t step = (groups - 1) / gaps, rest = (groups - 1) % gaps;
  const auto group_rows_of = [&](std::int64_t s) {
    const std::int64_t g = samples == 1 ? (groups - 1) / 2 : s * step + s * rest / gaps;  // no overflow
    return detail::RowPart{g * group_rows, std::min(rows, g * group_rows + group_rows)};
  };
  const auto entries_of = [&](const detail::RowPart& r) {
    std::int64_t n = 0;
    for (std::int64_t i = r.begin; i < r.end; ++i) {
      const std::int64_t row = row_of(i);
      n += std::int64_t(a.row_ptr[row + 1]) - std::int64_t(a.row_ptr[row]);
    }
    return n;
  };
  // f(k) for each entry k of the rows of r, row by row.
  const auto for_entries = [&](const detail::RowPart& r, auto&& f) {
    for (std::int64_t i = r.begin; i < r.end; ++i) {
      const std::int64_t row = row_of(i);
      for (std::int64_t k = a.row_ptr[row], end = a.row_ptr[row + 1]; k < end; ++k) f(k);
    }
  };
  std::int64_t total_nnz = 0;
  for (std::int64_t s = 0; s < samples; ++s) total_nnz += entries_of(group_rows_of(s));
  if (total_nnz == 0) return 0.0;
  // The samples cut among threads (kGatherEntriesPerThread entries each at
  // least), each counting with a set of its own; the counts are summed, so
  // the ratio is the one a single pass gives.
  const std::vector<detail::RowPart> parts = detail::row_parts(samples, total_nnz, 1, 0, kGatherEntriesPerThread);
  std::vector<std::int64_t> sectors(parts.size(), 0);
  // x's sectors and one more for any column outside the matrix (which only an
  // unchecked input has): a bit each while that takes at most kBitmapMaxWords.
  const std::uint64_t x_sectors = (std::uint64_t(a.cols) + (std::uint64_t(1) << sector_shift) - 1) >> sector_shift;
  const std::size_t words = std::size_t(x_sectors / 64 + 1);
  if (words <= kBitmapMaxWords) {
    detail::run_row_parts(parts.size(), [&](std::size_t p) {
      // Distinct sectors of a group: a bit per sector of x, set and counted
      // without a branch (1-2 ns an entry against 5-9 for a hash set), then
      // cleared by a second walk over the group's entries (in L1 by then).
      std::vector<std::uint64_t> seen(words, 0);
      std::int64_t found = 0;
      const auto sector_of = [&](std::int64_t k) {
        return std::min<std::uint64_t>(std::uint64_t(std::int64_t(col_of(a.col_idx[k]))) >> sector_shift, x_sectors);
      };
      for (std::int64_t s = parts[p].begin; s < parts[p].end; ++s) {
        const detail::RowPart r = group_rows_of(s);
        for_entries(r, [&](std::int64_t k) {
          const std::uint64_t sector = sector_of(k);
          std::uint64_t& word = seen[std::size_t(sector / 64)];
          const std::uint64_t bit = std::uint64_t(1) << (sector % 64);
          found += (word & bit) == 0;
          word |= bit;
        });
        for_entries(r, [&](std::int64_t k) { seen[std::size_t(sector_of(k) / 64)] = 0; });
      }
      sectors[p] = found;
    });
  } else {
    detail::run_row_parts(parts.size(), [&](std::size_t p) {
      // Distinct sectors of a group: an open-addressing set of at least twice
      // the group's entries (4x faster than sorting them, on groups of ~900
      // entries). A slot belongs to the group whose number it holds, so the set
      // is never cleared between groups.
      struct Slot {
        std::int64_t sector = 0;
        std::int64_t group = -1;
      };
      std::vector<Slot> set;
      std::int64_t found = 0;  // summed at the end: threads never write one cache line in the loop
      for (std::int64_t s = parts[p].begin; s < parts[p].end; ++s) {
        const detail::RowPart r = group_rows_of(s);
        const std::int64_t entries = entries_of(r);
        if (entries == 0) continue;
        int bits = 4;
        while ((std::int64_t(1) << bits) < 2 * entries) ++bits;
        if (set.size() < (std::size_t(1) << bits)) set.resize(std::size_t(1) << bits);
        const std::size_t mask = (std::size_t(1) << bits) - 1;
        for_entries(r, [&](std::int64_t k) {
          const std::int64_t sector = std::int64_t(col_of(a.col_idx[k])) >> sector_shift;
          std::size_t h = std::size_t((std::uint64_t(sector) * 0x9E3779B97F4A7C15ull) >> (64 - bits));  // Fibonacci
          while (set[h].group == s && set[h].sector != sector) h = (h + 1) & mask;
          if (set[h].group != s) {
            ++found;
            set[h] = {sector, s};
          }
        });
      }
      sectors[p] = found;
    });
  }
  std::int64_t total_sectors = 0;
  for (std::int64_t n : sectors) total_sectors += n;
  return double(total_sectors) / double(total_nnz);
}

}  // namespace

template <class V, class I>
double gather_sector_ratio(const CsrView<V, I>& a, int group_rows, std::int64_t max_groups) {
  return sector_ratio(a, group_rows, max_groups, [](std::int64_t i) { return i; }, [](I c) { return c; });
}

template <class V, class I>
double gather_sector_ratio(const CsrView<V, I>& a, const Permutation<I>& p, int group_rows, std::int64_t max_groups) {
  require_square(a, "gather_sector_ratio");
  check_permutation(p, a.rows);
  const I* to_old = p.new_to_old.data();
  const I* to_new = p.old_to_new.data();
  return sector_ratio(
      a, group_rows, max_groups, [to_old](std::int64_t i) { return std::int64_t(to_old[i]); },
      [to_new](I c) { return to_new[c]; });
}

#define AIJA_INSTANTIATE(V, I)                                                                         \
  template Permutation<I> rcm_order<V, I>(const CsrView<V, I>&, const RcmThreads&);                    \
  template Permutation<I> degree_order<V, I>(const CsrView<V, I>&);                                    \
  template PermutedCsr<V, I> permute_symmetric<V, I>(const CsrView<V, I>&, const Permutation<I>&);     \
  template void permute_values<V, I>(const CsrView<V, I>&, const Permutation<I>&, PermutedCsr<V, I>&); \
  template double gather_sector_ratio<V, I>(const CsrView<V, I>&, int, std::int64_t);                 \
  template double gather_sector_ratio<V, I>(const CsrView<V, I>&, const Permutation<I>&, int, std::int64_t);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)
template void check_permutation<std::int32_t>(const Permutation<std::int32_t>&, std::int64_t);
template void check_permutation<std::int64_t>(const Permutation<std::int64_t>&, std::int64_t);
template Permutation<std::int32_t> windowed_order(const Permutation<std::int32_t>&, std::int64_t);
template Permutation<std::int64_t> windowed_order(const Permutation<std::int64_t>&, std::int64_t);

}  // namespace aijadaptive
