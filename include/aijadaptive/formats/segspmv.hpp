// Format `segspmv`: rows cut into segments of one power-of-two length L, the
// last segment of a row padded with zeros, values and column indices stored
// segment after segment.
//
//   row_seg [rows+1]        first segment of each row (a row of n entries has
//                           ceil(n / L) segments; an empty row none)
//   cols, vals [segs * L]   slot s * L + k: entry k of segment s; padding has
//                           column -1 and value 0
//   piece_row, piece_seg    each warp's piece of work: its first row and first
//     [pieces+1]            segment; `rows` and all segments at the end
//
//   L = 4, rows of 3, 6 and 0 entries:
//   row_seg   0 1 3 3
//   slots     a0 a1 a2 -- | b0 b1 b2 b3 | b4 b5 -- --
//
// Paper: "segSpMV: fixed-length segments" (the project's seeds/003_*.txt,
// restated in SEEDS.md section 4). One kernel: each thread multiplies one
// slot (consecutive lanes, consecutive slots: coalesced), each segment is
// summed by one thread from shared memory (SegspmvVariant::scalar, the
// paper's segSpMV) or by a shuffle tree over the L lanes that hold it
// (SegspmvVariant::tree, segSpMV-r), and each row adds its segments' sums in
// the same launch (the paper did that on the CPU). Beyond the paper,
// SegspmvVariant::vector gives each lane whole segments, each loaded as one
// vector of L slots: the segments stay coalesced (consecutive lanes,
// consecutive segments) and the products never pass through shared memory.
//
// Beyond the paper: the work is cut per warp, not per block: a piece of
// whole rows of at most 32 * unroll slots (one load per lane and unrolled
// step), so that warps never wait for each other at a block barrier. A row
// of more slots is cut into chunks of that size, a piece each; each chunk
// leaves its sum, and the last chunk of the row to finish (an arrival
// counter) adds them in chunk order and writes y. Every sum is added in a
// fixed order: the same bits on every run. As in csr, PETSc's MatMultAdd
// (alpha = beta = 1) starts a row's sum from y.
//
// L is at most 32, a warp: for any row length, 64 stores at least as many
// slots as 32, and a tree over 64 lanes crosses warps. The rule for L
// (segspmv_length) keeps padding below max_padding of the nonzeros; the
// vector variant's (segspmv_vector_length) weighs padding against wider loads.
//
// The transpose runs through the core's cuSPARSE fallback; the row map is
// native (the row sums write y[row_map[i]]).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "aijadaptive/format.hpp"

namespace aijadaptive {

inline constexpr int kSegspmvMaxLength = 32;
// Rows of the host build's blocks: a piece never spans two, so that the
// host's threads lay the blocks out independently and the layout is the same
// on every machine (segspmv_build_layout).
inline constexpr std::int64_t kSegspmvBlockRows = std::int64_t(1) << 17;

// The largest block for `unroll` slots per lane: 16 needs more than the 64
// registers a thread of a 1024-thread block may have (it spilled).
constexpr int segspmv_max_block_threads(int unroll) { return unroll > 8 ? 512 : 1024; }

enum class SegspmvVariant {
  automatic,  // tree from tree_from_length on, else scalar (segspmv_variant_for)
  scalar,     // a thread per segment sums its products from shared memory (segSpMV)
  tree,       // a shuffle tree over the segment's lanes (segSpMV-r)
  vector      // a thread per segment loads its L slots as one vector (L <= unroll)
};
const char* segspmv_variant_name(SegspmvVariant variant);

struct SegspmvParams {
  int length = 0;             // L, a power of two <= 32; 0: the rule (segspmv_length)
  double max_padding = 0.1;   // scalar and tree: the rule's limit on padding slots per nonzero
  SegspmvVariant variant = SegspmvVariant::vector;
  int tree_from_length = 32;  // automatic: tree for L >= this
  int block_threads = 128;    // T, a multiple of 32 in [32, segspmv_max_block_threads]: T / 32 warps per block
  int unroll = 8;             // slots per lane per piece: 4, 8 or 16
  int stream_loads = -1;      // streaming hint on the slots: -1 when larger than L2, 0 never, 1 always
  int long_row_pieces = 0;    // a long row's chunks: this many pieces' slots, a power of two; 0: the rule

  std::int64_t piece_slots() const { return std::int64_t(unroll) * 32; }
};

// The parameters from the user's settings of the format's tuning parameters
// (segspmv_params(): length, max_padding, variant, tree_from_length,
// block_threads, unroll, stream_loads) for values of `value_bytes` bytes
// (unroll's default depends on it).
SegspmvParams segspmv_params(const TuningParams& tuning, std::size_t value_bytes);
// Throws ErrorKind::invalid_argument unless the parameters are usable.
void segspmv_check_params(const SegspmvParams& params);

// Slots a row of `entries` nonzeros takes with segments of `length`, a power
// of two: rounded up by a mask, not a division (a 64-bit division per row was
// most of the host build of a matrix of a million rows).
inline std::int64_t segspmv_row_slots(std::int64_t entries, int length) {
  const std::int64_t below = std::int64_t(length) - 1;
  return (entries + below) & ~below;
}

// log2 of a power of two (L, a long row's chunk of slots): divisions by it
// become shifts.
inline int segspmv_shift_of(std::int64_t power_of_two) {
  int shift = 0;
  while ((std::int64_t(1) << shift) < power_of_two) ++shift;
  return shift;
}

// The rule for L of the scalar and tree variants: the longest power of two
// <= 32 whose padding stays within max_padding * nnz (padding only grows with
// L; L = 1 has none). Rows of 27 (stencil27): 4 (28 slots, 3.7%), not 32
// (18.5%) or the paper's 32.
template <class I>
int segspmv_length(I rows, const I* row_ptr, double max_padding);

// The rule for L of the vector variant: of L = 1, 2, 4, 8 up to max_length
// (unroll), the one whose bytes (12 per slot, 20 per row: double values,
// 32-bit indices, x and y) times its weight (segspmv_tuning: the measured cost
// of a byte at that L) are least; the longer L on a tie.
template <class I>
int segspmv_vector_length(I rows, const I* row_ptr, int max_length);

template <class I>
struct SegspmvLayout {
  int length = 1;                   // L
  SegspmvVariant variant = SegspmvVariant::scalar;  // the one that runs (never automatic)
  std::vector<I> row_seg{I(0)};     // [rows+1]
  std::vector<I> piece_row{I(0)};   // [pieces+1]
  std::vector<I> piece_seg{I(0)};   // [pieces+1]
  std::int64_t entries = 0;         // nonzeros
  std::int64_t long_rows = 0;       // rows of more than piece_slots() slots, cut into chunks
  int long_row_pieces = 1;          // a long row's chunks: at most this many pieces' slots, a piece each
  std::int64_t chunk_pieces = 0;    // the long rows' pieces
  std::int64_t looped_chunks = 0;   // chunks of more than a piece's slots, their warp looping

  std::int64_t segments() const { return std::int64_t(row_seg.back()); }
  std::int64_t slots() const { return segments() * length; }
  std::int64_t pieces() const { return std::int64_t(piece_row.size()) - 1; }
  double padding() const { return slots() ? double(slots() - entries) / double(slots()) : 0.0; }
  // Device bytes: the padded slots, the index arrays, and the chunk sums and
  // arrival counters (a value and a counter per piece when a row is chunked).
  std::size_t device_bytes(std::size_t value_bytes, std::size_t index_bytes) const {
    const std::size_t workspace = chunk_pieces ? std::size_t(pieces()) * (value_bytes + sizeof(unsigned)) : 0;
    return std::size_t(slots()) * (value_bytes + index_bytes) +
           (row_seg.size() + piece_row.size() + piece_seg.size()) * index_bytes + workspace;
  }
};

// The rule for long_row_pieces, from the slots of the whole matrix: the
// largest power of two K <= 8 with at least K x kLoopedPieceWaves pieces'
// worth of slots (src/formats/segspmv/tuning.hpp), so that a warp looping
// over K pieces ends before the others do; 1 for small matrices.
int segspmv_long_row_pieces(std::int64_t slots, std::int64_t piece_slots);

// The variant for segments of `length`: as set, or tree from tree_from_length on.
SegspmvVariant segspmv_variant_for(const SegspmvParams& params, int length);

// L, the segments of each row and the pieces, in one pass over the rows
// (blocks of 2^17 rows on the host's threads): rows join the open piece while
// it keeps at most piece_slots() slots and rows, and each block's first row
// opens one; a row of more slots is cut into chunks of long_row_pieces
// pieces' slots (as set, else segspmv_long_row_pieces), a piece each, whose
// warp loops over them. Throws ErrorKind::unsupported when the segments do
// not fit the index type.
template <class I>
SegspmvLayout<I> segspmv_build_layout(I rows, const I* row_ptr, const SegspmvParams& params);

template <class V, class I>
class SegspmvHostFormat final : public HostFormat<V, I> {
 public:
  SegspmvHostFormat(const SegspmvParams& params, std::weak_ptr<CsrPrefetchBase> csr_prefetch = {});
  // Transpose through the core's cuSPARSE fallback; the row map native.
  Capabilities capabilities() const override { return {false, true, false}; }
  void build(const CsrView<V, I>& a) override;
  void refill(const CsrView<V, I>& a) override;
  // Walks the pieces as the kernel does, in the same order of additions:
  // segments by one thread or by the shuffle tree, rows from their segments,
  // a long row's chunks by the warp's lanes and their tree, then in order.
  void apply(Op op, V alpha, const V* x, V beta, V* y) const override;
  const CsrView<V, I>& csr() const override { return a_; }
  std::size_t extra_host_bytes() const override;
  std::size_t device_bytes_needed() const override;
  std::unique_ptr<DeviceFormat<V, I>> upload(Stream stream) const override;
  std::vector<std::string> describe() const override;

  const SegspmvParams& params() const { return params_; }
  const SegspmvLayout<I>& layout() const { return layout_; }
  const std::weak_ptr<CsrPrefetchBase>& csr_prefetch() const { return csr_prefetch_; }

 private:
  SegspmvParams params_;
  std::weak_ptr<CsrPrefetchBase> csr_prefetch_;
  CsrView<V, I> a_;
  SegspmvLayout<I> layout_;
};

// The device half (kernels.cu).
template <class V, class I>
std::unique_ptr<DeviceFormat<V, I>> upload_segspmv(const SegspmvHostFormat<V, I>& host, Stream stream);

}  // namespace aijadaptive
