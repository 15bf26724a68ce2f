// Format `argcsr`: ArgCSR, adaptive row-grouped CSR. Rows in groups of at
// most T rows and (about) desired_chunk * T entries; each group has T threads,
// one CUDA block, and hands the threads to its rows so that the fullest row
// gets the most; a thread's entries (its chunk) are stored column-wise. A row
// longer than long_row entries (argcsr_long_row) is cut into parts of
// long_chunk * T, a group each (one block each), whose sums are added by the
// last part to finish.
//
//   groups         {first_row, offset, rows, chunk, part, parts} per group:
//                  its rows are first_row .. first_row + rows - 1; its
//                  chunk * T slots start at `offset` (64-bit: padding may take
//                  the slots past the index type's range); part and parts are
//                  0 and 1 except for the parts of a long row (rows 1, part
//                  p of parts, entries p * long_chunk * T onwards)
//   thread_start   per group g, rows + 1 entries from first_row + g - part
//                  (one array of rows + groups entries): the first thread of
//                  each of its rows, then T (the exclusive prefix sum of the
//                  threads per row, and its total); a long row's parts share
//                  its {0, T}, the entries after them unused (T)
//   cols, values   slot k of thread t of group g at offset + k * T + t, so
//                  that a warp's loads are coalesced; a thread's entries
//                  first, then padding (column -1, value 0)
//
//   row lengths       | 8 1 1 1 |    T = 12: one thread a row, then the 8
//   threads           | 9 1 1 1 |    spare ones, one at a time, to the row
//   thread_start        0 9 10 11 12 of the largest filling (ties: the lowest)
//   chunk               max(ceil(8 / 9), 1, 1, 1) = 1 slot a thread
//
// Groups: the rows in order; a group closes before a row that would take it
// past desired_chunk * T entries or T rows (so a row longer than that is a
// group alone, its chunk ceil(length / T), or, longer than long_row, groups
// alone), or past T threads at desired_chunk entries a thread (the sum over
// its rows of ceil(length / desired_chunk), at least 1 a row: this project's
// rule, which keeps every chunk of a group of several rows at most
// desired_chunk; without it, many short rows beside one of a few hundred
// entries leave that row a few threads and all its entries). Threads: one
// per row, then each spare thread to the row of
// the largest filling ceil(length / threads) (ties: the lowest row); the
// group's chunk is the largest filling after that. A row (or a long row's
// part) of n entries and m threads is cut into consecutive pieces of
// ceil(n / m) entries, thread by thread (the last threads get fewer, or none).
//
// Kernel (a block of T threads per group): each thread sums its chunk in slot
// order and stops at its first padding slot (a warp at its threads' last);
// the partial sums go to shared memory; each row's are added by a tree over
// its threads (stride 1, 2, 4, ...: a fixed order, the same bits every run,
// log2(threads) steps however many threads a long row has); a thread per row
// writes y (coalesced). A long row's part leaves its sum in a device array
// (an entry per group) and counts its arrival; the last part's block adds the
// row's part sums: thread t those of parts t, t + T, t + 2T, ... in order,
// then a tree over the T threads (a fixed order again). The host reference
// adds in the same order.
//
// The slot arrays are filled on the device from the CSR arrays (those the
// analysis sent, when it did), at the upload and on every upload_values; the
// host keeps only the groups and thread_start. A small layout's refill
// (refill_on_host) places the values on the host instead and sends them with
// one copy. Transpose through the core's cuSPARSE fallback; no row map, no
// row ranges.
//
// Paper: "Adaptive Row-grouped CSR Format for Storing of Sparse Matrices on
// GPU" (the project's seeds/004_*.txt, restated in SEEDS.md section 5). The
// tree reduction, the parts of long rows (the paper gives a long row one
// block) and the fill on the device are this project's choices (the paper has
// one thread per row add its threads' sums in turn, and fills on the host).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "aijadaptive/format.hpp"

#if defined(__CUDACC__)
#define AIJA_ARGCSR_HOST_DEVICE __host__ __device__
#else
#define AIJA_ARGCSR_HOST_DEVICE
#endif

namespace aijadaptive {

struct ArgcsrParams {
  int block_threads = 128;         // T: a multiple of 32 in [32, 1024]
  // A group holds at most desired_chunk * T entries (unless one row has
  // more); 0: by the matrix (argcsr_desired_chunk).
  std::int64_t desired_chunk = 0;
  std::int64_t long_chunk = 8;     // slots per thread of a long row's part: parts of long_chunk * T entries
  // A row of more than this many entries is cut into parts (at least
  // long_chunk * T); 0: by the matrix's size (argcsr_long_row).
  std::int64_t long_row = 0;
  // The streaming cache hint on the slot arrays (used once per product) so
  // that the caches keep x: 0 never, 1 always, -1 when the matrix's arrays are
  // larger than the L2 cache.
  int stream_loads = -1;
  // A refill of a layout of at most this many slots puts the values in place
  // on the host and sends them with one copy, without the fill kernel (0:
  // never; at most kArgcsrMostRefillOnHost, beyond which the host's pass
  // costs more than the kernel it saves).
  std::int64_t refill_on_host = 8192;
};

inline constexpr std::int64_t kArgcsrMostRefillOnHost = 65536;

// The parameters from the user's settings of the format's tuning parameters
// (argcsr_params(): block_threads, desired_chunk, long_chunk, long_row, stream_loads,
// refill_on_host).
ArgcsrParams argcsr_params(const TuningParams& tuning);

// The row length from which a matrix of `entries` nonzeros cuts a row into
// parts: long_row as set, or (0) long_chunk * T from kArgcsrSmallEntries
// nonzeros on and kArgcsrSmallLongRow below (a small matrix's time is the
// latency of its longest chain: the sum across the parts' blocks costs more
// than a thread's few more slots); never below long_chunk * T.
inline constexpr std::int64_t kArgcsrSmallEntries = 1000000;
inline constexpr std::int64_t kArgcsrSmallLongRow = 4096;
std::int64_t argcsr_long_row(const ArgcsrParams& params, std::int64_t entries);
// The desired chunk of a matrix of `entries` nonzeros: desired_chunk as set,
// or (0) kArgcsrSmallChunk below kArgcsrMidEntries nonzeros, kArgcsrRegularChunk
// from kArgcsrRegularEntries when the rows that are not cut into parts vary
// little in length (`uncut_cv`, their lengths' coefficient of variation, below
// kArgcsrRegularCv; read only from kArgcsrRegularEntries), else kArgcsrMidChunk.
// Why these: src/formats/argcsr/tuning.hpp.
inline constexpr std::int64_t kArgcsrSmallChunk = 2;
inline constexpr std::int64_t kArgcsrMidEntries = std::int64_t(1) << 18;
inline constexpr std::int64_t kArgcsrMidChunk = 4;
inline constexpr std::int64_t kArgcsrRegularEntries = std::int64_t(1) << 19;
inline constexpr double kArgcsrRegularCv = 1.0;
inline constexpr std::int64_t kArgcsrRegularChunk = 8;
std::int64_t argcsr_desired_chunk(const ArgcsrParams& params, std::int64_t entries, double uncut_cv);
// Throws ErrorKind::invalid_argument unless the parameters are usable.
void argcsr_check_params(const ArgcsrParams& params);

struct ArgcsrGroup {
  std::int64_t first_row;
  std::int64_t offset;  // its first slot
  std::int32_t rows;    // 1 .. T
  std::int32_t chunk;   // slots per thread (0 when all its rows are empty)
  std::int32_t part;    // which part of its long row, else 0
  std::int32_t parts;   // its long row's parts, else 1
};

struct ArgcsrLayout {
  int threads = 0;  // T
  std::vector<ArgcsrGroup> groups;
  std::vector<std::uint16_t> thread_start;  // rows + groups entries (see above)
  std::int64_t slots = 0;         // sum of chunk * T, padding included
  std::int64_t entries = 0;       // the matrix's nonzeros
  std::int64_t part_entries = 0;  // long_chunk * T: the entries of a long row's part
  std::int64_t long_row = 0;      // rows of more entries are cut into parts (argcsr_long_row)
  std::int64_t long_rows = 0;     // rows cut into parts
  std::int64_t desired_chunk = 0;  // the groups were closed by (argcsr_desired_chunk)

  std::int64_t count() const { return std::int64_t(groups.size()); }
  // Group g's rows + 1 entries of thread_start.
  const std::uint16_t* starts(std::int64_t g) const {
    const ArgcsrGroup& group = groups[std::size_t(g)];
    return thread_start.data() + group.first_row + g - group.part;
  }
  double padding_fraction() const { return slots ? double(slots - entries) / double(slots) : 0.0; }
  // Device bytes for values of `value_bytes` and indices of `index_bytes`
  // (with the part sums and arrival counters, an entry per group, when a row
  // is cut into parts).
  std::size_t device_bytes(std::size_t value_bytes, std::size_t index_bytes) const;
};

// Rows of the host build's blocks: a group never spans two, so that the
// host's threads lay the blocks out independently and the layout is the same
// on every machine (argcsr_build_layout).
inline constexpr std::int64_t kArgcsrBlockRows = std::int64_t(1) << 17;

// The groups and thread assignment of a CSR pattern in one pass over the rows
// (blocks of kArgcsrBlockRows on the host's threads; each block's first row
// opens a group): O(rows) when each group's entries fit its threads
// (desired_chunk 1), at most O(rows log(longest row)) otherwise (a search for
// each group's chunk); from kArgcsrRegularEntries nonzeros with desired_chunk
// 0, a first pass over the row lengths for their variation.
// Throws ErrorKind::unsupported where the groups or the slot count do not fit
// (more than 2^31 - 1 groups: rows of over 2^31 long_chunk T entries).
template <class I>
ArgcsrLayout argcsr_build_layout(I rows, const I* row_ptr, const ArgcsrParams& params);

// The threads of one group's rows of `lengths` entries, T threads in all:
// one per row, then each spare one to the row of the largest filling
// ceil(length / threads), ties to the lowest row. Returns the group's chunk
// (the largest filling); threads[i] is row i's count.
std::int64_t argcsr_assign_threads(const std::vector<std::int64_t>& lengths, int block_threads,
                                   std::vector<int>& threads);

// The row (0 .. rows - 1 of its group) of thread t: the last i with starts[i] <= t.
template <class S>
AIJA_ARGCSR_HOST_DEVICE inline int argcsr_row_of_thread(const S* starts, int rows, int t) {
  int lo = 0, hi = rows;  // starts[lo] <= t < starts[hi]
  while (hi - lo > 1) {
    const int mid = (lo + hi) / 2;
    if (int(starts[mid]) <= t)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

// Entries [first, first + count) of a row of `length` entries are those of its
// thread `lane` of `threads`: pieces of ceil(length / threads), in order.
struct ArgcsrPiece {
  std::int64_t first, count;
};
AIJA_ARGCSR_HOST_DEVICE inline ArgcsrPiece argcsr_piece(std::int64_t length, std::int64_t threads,
                                                        std::int64_t lane) {
  const std::int64_t chunk = (length + threads - 1) / threads;
  const std::int64_t first = lane * chunk < length ? lane * chunk : length;
  const std::int64_t rest = length - first;
  return {first, rest < chunk ? rest : chunk};
}

// The entries of a row of `length` that group `g` holds: all of them, or for
// a long row's part those of part g.part (part_entries each, the last fewer).
AIJA_ARGCSR_HOST_DEVICE inline ArgcsrPiece argcsr_span(const ArgcsrGroup& g, std::int64_t length,
                                                       std::int64_t part_entries) {
  if (g.parts == 1) return {0, length};
  const std::int64_t first = std::int64_t(g.part) * part_entries, rest = length - first;
  return {first, rest < part_entries ? rest : part_entries};
}

// The slot arrays (layout.slots entries each) as the device's fill writes
// them: the host's picture, for the tests. `cols` may be null (values only).
template <class V, class I>
void argcsr_fill_slots(const ArgcsrLayout& layout, const CsrView<V, I>& a, I* cols, V* values);

// Each entry's slot, as argcsr_fill_slots places it (a host refill's map).
// Throws ErrorKind::internal for more slots than 32 bits count.
template <class I>
std::vector<std::uint32_t> argcsr_slot_of_entry(const ArgcsrLayout& layout, const I* row_ptr);

template <class V, class I>
class ArgcsrHostFormat final : public HostFormat<V, I> {
 public:
  // csr_prefetch: the arrays the analysis sent to the device, which the
  // upload's fill reads rather than send them again (FormatContext::csr_prefetch).
  explicit ArgcsrHostFormat(const ArgcsrParams& params, std::weak_ptr<CsrPrefetchBase> csr_prefetch = {});
  // The transpose through the core's cuSPARSE fallback.
  Capabilities capabilities() const override { return {false, false, false}; }
  void build(const CsrView<V, I>& a) override;
  void refill(const CsrView<V, I>& a) override;
  // Walks the groups as the kernel does: each thread's chunk in slot order,
  // then each row's tree over its threads, then a long row's parts.
  void apply(Op op, V alpha, const V* x, V beta, V* y) const override;
  const CsrView<V, I>& csr() const override { return a_; }
  std::size_t extra_host_bytes() const override;
  std::size_t device_bytes_needed() const override;
  std::unique_ptr<DeviceFormat<V, I>> upload(Stream stream) const override;
  std::vector<std::string> describe() const override;

  const ArgcsrParams& params() const { return params_; }
  const ArgcsrLayout& layout() const { return layout_; }
  const std::weak_ptr<CsrPrefetchBase>& csr_prefetch() const { return csr_prefetch_; }

 private:
  ArgcsrParams params_;
  std::weak_ptr<CsrPrefetchBase> csr_prefetch_;
  CsrView<V, I> a_;
  ArgcsrLayout layout_;
};

// The device half (kernels.cu).
template <class V, class I>
std::unique_ptr<DeviceFormat<V, I>> upload_argcsr(const ArgcsrHostFormat<V, I>& host, Stream stream);

}  // namespace aijadaptive
