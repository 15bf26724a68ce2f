// Host builder of format `segspmv`: the segment length, each row's segments
// and the warps' pieces of rows.
#include <algorithm>
#include <array>
#include <cstdio>
#include <iterator>
#include <limits>
#include <string>
#include <utility>

#include "aijadaptive/csr_prefetch.hpp"
#include "aijadaptive/errors.hpp"
#include "aijadaptive/formats/segspmv.hpp"
#include "aijadaptive/instantiate.hpp"
#include "core/cusparse_bytes.hpp"
#include "core/row_parts.hpp"
#include "formats/segspmv/tuning.hpp"

namespace aijadaptive {

namespace {

// In the order of SegspmvVariant.
const char* const kVariantChoices[] = {"auto", "scalar", "tree", "vector"};
const char* const kStreamChoices[] = {"auto", "never", "always"};  // stream_loads -1, 0, 1

bool power_of_two(std::int64_t n) { return n > 0 && (n & (n - 1)) == 0; }

// L = 1, 2, 4, ..., kSegspmvMaxLength.
constexpr int kLengthSteps = 6;
static_assert(1 << (kLengthSteps - 1) == kSegspmvMaxLength);
static_assert(std::size(segspmv_tuning::kVectorByteWeight) <= std::size_t(kLengthSteps));

// Rows the host build's passes give a thread at least (a few ns a row,
// against tens of microseconds to start a thread): a block of the layout.
constexpr std::int64_t kBuildBlockRows = kSegspmvBlockRows;

// The slots of all rows with segments of L = 1, 2, 4, ..., 32 (index k: L =
// 2^k; L = 1 has none padded, so slots[0] is nnz). One pass for both rules,
// its parts on threads. A row's padding at L = 2^k depends only on its
// length modulo 32 (L divides 32), so the pass counts the rows at each
// remainder and sums the lengths, and the slots follow from the 32 counts (a
// sum per row and length was a quarter of wing's host build in a profile on
// this project's build machine).
template <class I>
std::array<std::int64_t, kLengthSteps> slots_at_each_length(I rows, const I* row_ptr) {
  constexpr int kRemainders = 1 << (kLengthSteps - 1);
  const std::vector<detail::RowPart> parts = detail::row_parts(rows, rows, 1, 0, kBuildBlockRows);
  std::vector<std::array<std::int64_t, kLengthSteps>> part_slots(parts.size());
  detail::run_row_parts(parts.size(), [&](std::size_t p) {
    // Two tables, alternate rows: a row of the same remainder as the one
    // before does not wait for its count's store.
    std::int64_t at[2][kRemainders] = {};
    std::int64_t entries = 0;
    std::int64_t i = parts[p].begin;
    for (; i + 1 < parts[p].end; i += 2) {
      const std::int64_t n0 = std::int64_t(row_ptr[i + 1]) - std::int64_t(row_ptr[i]);
      const std::int64_t n1 = std::int64_t(row_ptr[i + 2]) - std::int64_t(row_ptr[i + 1]);
      ++at[0][n0 & (kRemainders - 1)];
      ++at[1][n1 & (kRemainders - 1)];
      entries += n0 + n1;
    }
    if (i < parts[p].end) {
      const std::int64_t n = std::int64_t(row_ptr[i + 1]) - std::int64_t(row_ptr[i]);
      ++at[0][n & (kRemainders - 1)];
      entries += n;
    }
    std::array<std::int64_t, kLengthSteps> slots{};
    for (int k = 0; k < kLengthSteps; ++k) {
      std::int64_t padding = 0;
      for (int r = 0; r < kRemainders; ++r)
        padding += (at[0][r] + at[1][r]) * (segspmv_row_slots(r, 1 << k) - r);
      slots[std::size_t(k)] = entries + padding;
    }
    part_slots[p] = slots;
  });
  std::array<std::int64_t, kLengthSteps> slots{};
  for (const auto& s : part_slots)
    for (int k = 0; k < kLengthSteps; ++k) slots[std::size_t(k)] += s[std::size_t(k)];
  return slots;
}

// One part's rows laid out (segspmv_build_layout), its segments counted from 0.
template <class I>
struct SegspmvPart {
  std::vector<I> piece_row, piece_seg;
  std::int64_t segments = 0, entries = 0, long_rows = 0, chunk_pieces = 0;
};

// Rows [r.begin, r.end) (whole blocks of kBuildBlockRows) into their pieces:
// row_seg[i + 1] of each row (counted from the part's first segment), and the
// part's pieces. Rows join the open piece while it keeps at most `capacity`
// slots and rows, and the first row of a block opens one.
//
// The rows that join the open piece, most of them, go through a loop of their
// own without a call: with the pieces' push_back in the same loop, the
// compiler kept the part's counts and the row pointers on the stack, loads
// and stores each row (half of wing's host build in a profile on this
// project's build machine; docs/h200-2026-12-01-diagonal-setup).
template <class I>
SegspmvPart<I> lay_out_rows(const I* row_ptr, const detail::RowPart& r, std::int64_t L, std::int64_t capacity,
                            I* row_seg) {
  const int length_shift = segspmv_shift_of(L);  // segments counted by a shift
  SegspmvPart<I> part;
  std::int64_t segments = 0, open_rows = 0, open_slots = 0;  // of the piece being filled
  std::int64_t entries_seen = 0, long_rows = 0, chunk_pieces = 0;
  std::int64_t i = r.begin;
  while (i < r.end) {
    // Rows that join the open piece.
    for (; i < r.end; ++i) {
      const std::int64_t entries = std::int64_t(row_ptr[i + 1]) - std::int64_t(row_ptr[i]);
      const std::int64_t slots = segspmv_row_slots(entries, int(L));
      if (slots > capacity || open_rows == 0 || open_rows == capacity || open_slots + slots > capacity ||
          i % kBuildBlockRows == 0)
        break;
      ++open_rows;
      open_slots += slots;
      entries_seen += entries;
      segments += slots >> length_shift;
      row_seg[i + 1] = I(segments);  // checked against the index type once the parts' are added up
    }
    if (i == r.end) break;
    // Row i opens a piece, or pieces of its own.
    const std::int64_t entries = std::int64_t(row_ptr[i + 1]) - std::int64_t(row_ptr[i]);
    const std::int64_t slots = segspmv_row_slots(entries, int(L));
    entries_seen += entries;
    if (slots > capacity) {
      // A long row: chunks of a piece's slots (a whole number of segments, L
      // dividing 32), a piece each, joined below; the next row opens a new
      // piece.
      ++long_rows;
      for (std::int64_t k = 0; k < slots; k += capacity) {
        part.piece_row.push_back(I(i));
        part.piece_seg.push_back(I(segments + (k >> length_shift)));
      }
      chunk_pieces += (slots + capacity - 1) / capacity;
      open_rows = 0;
    } else {
      part.piece_row.push_back(I(i));
      part.piece_seg.push_back(I(segments));
      open_rows = 1;
      open_slots = slots;
    }
    segments += slots >> length_shift;
    row_seg[i + 1] = I(segments);
    ++i;
  }
  part.segments = segments;
  part.entries = entries_seen;
  part.long_rows = long_rows;
  part.chunk_pieces = chunk_pieces;
  return part;
}

// A long row's chunks of one piece joined into chunks of l.long_row_pieces
// pieces: only the pieces that start a chunk stay.
template <class I>
void join_chunks(SegspmvLayout<I>& l, std::int64_t capacity) {
  const std::int64_t L = l.length, chunk = capacity * l.long_row_pieces;
  std::size_t kept = 0;
  l.chunk_pieces = 0;
  for (std::size_t q = 0; q + 1 < l.piece_row.size(); ++q) {
    const std::size_t r0 = std::size_t(l.piece_row[q]);
    const std::int64_t row_first = l.row_seg[r0], row_slots = (std::int64_t(l.row_seg[r0 + 1]) - row_first) * L;
    if (row_slots > capacity) {
      const std::int64_t at = (std::int64_t(l.piece_seg[q]) - row_first) * L;
      if (at % chunk != 0) continue;
      ++l.chunk_pieces;
      if (std::min(chunk, row_slots - at) > capacity) ++l.looped_chunks;
    }
    l.piece_row[kept] = l.piece_row[q];
    l.piece_seg[kept] = l.piece_seg[q];
    ++kept;
  }
  l.piece_row[kept] = l.piece_row.back();  // the end
  l.piece_seg[kept] = l.piece_seg.back();
  l.piece_row.resize(kept + 1);
  l.piece_seg.resize(kept + 1);
}

}  // namespace

const char* segspmv_variant_name(SegspmvVariant variant) { return kVariantChoices[int(variant)]; }

const std::vector<ParamSpec>& segspmv_params() {
  using namespace segspmv_tuning;
  static const std::vector<ParamSpec> specs = [] {
    std::vector<ParamSpec> v;
    ParamSpec length = integer_param("length", "segment length L, a power of two <= 32 (0: the variant's rule)", 0,
                                     kSegspmvMaxLength, kLength);
    v.push_back(length);
    v.push_back(real_param("max_padding", "scalar and tree: the rule's limit on padding slots per nonzero", 0, 32,
                           kMaxPadding));
    v.push_back(choice_param("variant",
                             "segment sums by one thread each (scalar, segSpMV), a shuffle tree (tree, segSpMV-r), a "
                             "thread per segment loading its slots as one vector (vector, L <= unroll), or auto (tree "
                             "from tree_from_length on)",
                             {kVariantChoices[0], kVariantChoices[1], kVariantChoices[2], kVariantChoices[3]},
                             kVariantChoices[int(kVariant)]));
    ParamSpec tree = integer_param("tree_from_length", "auto: the tree variant for segments this long or longer", 1,
                                   kSegspmvMaxLength, kTreeFromLength);
    tree.power_of_two = true;
    v.push_back(tree);
    v.push_back(integer_param("block_threads", "threads per block (T)", 32, 1024, kBlockThreads, 32));
    v.push_back(choice_param("unroll",
                             "slots each lane loads per piece (a piece: 32 x unroll slots), all before it uses any "
                             "(auto: 8, 4 for complex double)",
                             {"auto", "4", "8", "16"}, "auto"));
    v.push_back(integer_param("long_row_pieces",
                              "a row longer than a piece: chunks of this many pieces' slots (a power of two), each a "
                              "warp's, which loops over them; a row of one chunk adds no partial sums in global "
                              "memory (0: by the matrix's size)",
                              0, 64, kLongRowPieces));
    v.push_back(choice_param("stream_loads", "streaming cache hint on the slots: auto (when larger than L2), never, always",
                             {kStreamChoices[0], kStreamChoices[1], kStreamChoices[2]}, kStreamChoices[kStreamLoads + 1]));
    return v;
  }();
  return specs;
}

SegspmvParams segspmv_params(const TuningParams& tuning, std::size_t value_bytes) {
  const FormatId me = FormatId::segspmv;
  auto index_of = [&](const char* name, const char* const* words, int count) {
    const std::string& w = tuning.choice(me, name);
    for (int k = 0; k < count; ++k)
      if (w == words[k]) return k;
    AIJA_THROW(internal, std::string("segspmv.") + name + " = " + w);
  };
  SegspmvParams p;
  p.length = int(tuning.integer(me, "length"));
  p.max_padding = tuning.real(me, "max_padding");
  p.variant = SegspmvVariant(index_of("variant", kVariantChoices, 4));
  p.tree_from_length = int(tuning.integer(me, "tree_from_length"));
  p.block_threads = int(tuning.integer(me, "block_threads"));
  p.unroll = integer_choice_by_value_size(tuning.choice(me, "unroll"), value_bytes, segspmv_tuning::kUnroll,
                                          segspmv_tuning::kUnrollWideValues);
  p.stream_loads = index_of("stream_loads", kStreamChoices, 3) - 1;
  p.long_row_pieces = int(tuning.integer(me, "long_row_pieces"));
  segspmv_check_params(p);
  return p;
}

void segspmv_check_params(const SegspmvParams& p) {
  AIJA_REQUIRE(p.length == 0 || (power_of_two(p.length) && p.length <= kSegspmvMaxLength), invalid_argument,
               "segspmv: length = " + std::to_string(p.length) + ", expected 0 (the rule) or a power of two <= 32");
  AIJA_REQUIRE(p.max_padding >= 0, invalid_argument,
               "segspmv: max_padding = " + std::to_string(p.max_padding) + ", expected >= 0");
  AIJA_REQUIRE(power_of_two(p.tree_from_length) && p.tree_from_length <= kSegspmvMaxLength, invalid_argument,
               "segspmv: tree_from_length = " + std::to_string(p.tree_from_length) +
                   ", expected a power of two <= 32");
  AIJA_REQUIRE(p.block_threads >= 32 && p.block_threads <= 1024 && p.block_threads % 32 == 0, invalid_argument,
               "segspmv: block_threads = " + std::to_string(p.block_threads) +
                   ", expected a multiple of 32 in [32, 1024]");
  AIJA_REQUIRE(p.unroll == 4 || p.unroll == 8 || p.unroll == 16, invalid_argument,
               "segspmv: unroll = " + std::to_string(p.unroll) + ", expected 4, 8 or 16");
  AIJA_REQUIRE(p.block_threads <= segspmv_max_block_threads(p.unroll), invalid_argument,
               "segspmv: block_threads = " + std::to_string(p.block_threads) + " with unroll " +
                   std::to_string(p.unroll) + ", expected at most " +
                   std::to_string(segspmv_max_block_threads(p.unroll)));
  AIJA_REQUIRE(p.variant != SegspmvVariant::vector || p.length <= p.unroll, invalid_argument,
               "segspmv: variant vector loads whole segments of at most unroll = " + std::to_string(p.unroll) +
                   " slots per lane, length = " + std::to_string(p.length) +
                   " is longer; raise unroll (up to 16), choose variant scalar or tree, or set length 0 (the rule)");
  AIJA_REQUIRE(p.long_row_pieces == 0 || (power_of_two(p.long_row_pieces) && p.long_row_pieces <= 64),
               invalid_argument,
               "segspmv: long_row_pieces = " + std::to_string(p.long_row_pieces) +
                   ", expected 0 (the rule) or a power of two <= 64");
  AIJA_REQUIRE(p.stream_loads >= -1 && p.stream_loads <= 1, invalid_argument,
               "segspmv: stream_loads = " + std::to_string(p.stream_loads) + ", expected -1, 0 or 1");
}

SegspmvVariant segspmv_variant_for(const SegspmvParams& p, int length) {
  if (p.variant != SegspmvVariant::automatic) return p.variant;
  return length >= p.tree_from_length ? SegspmvVariant::tree : SegspmvVariant::scalar;
}

int segspmv_long_row_pieces(std::int64_t slots, std::int64_t piece_slots) {
  const std::int64_t pieces = piece_slots > 0 ? slots / piece_slots : 0;
  int k = 1;
  while (k < segspmv_tuning::kMaxLongRowPieces && 2 * k * segspmv_tuning::kLoopedPieceWaves <= pieces) k *= 2;
  return k;
}

template <class I>
int segspmv_length(I rows, const I* row_ptr, double max_padding) {
  const auto slots = slots_at_each_length(rows, row_ptr);
  const std::int64_t nnz = slots[0];
  for (int k = kLengthSteps - 1; k > 0; --k)
    if (double(slots[std::size_t(k)] - nnz) <= max_padding * double(nnz)) return 1 << k;
  return 1;
}

template <class I>
int segspmv_vector_length(I rows, const I* row_ptr, int max_length) {
  using segspmv_tuning::kVectorByteWeight;
  const auto slots = slots_at_each_length(rows, row_ptr);
  int best = 1;
  double least = 0;
  for (int k = 0; k < int(std::size(kVectorByteWeight)) && (1 << k) <= max_length; ++k) {
    const double cost = (12.0 * double(slots[std::size_t(k)]) + 20.0 * double(rows)) * kVectorByteWeight[k];
    if (k == 0 || cost <= least) {
      best = 1 << k;
      least = cost;
    }
  }
  return best;
}

template <class I>
SegspmvLayout<I> segspmv_build_layout(I rows, const I* row_ptr, const SegspmvParams& p) {
  segspmv_check_params(p);
  SegspmvLayout<I> l;
  l.length = p.length                                ? p.length
             : p.variant == SegspmvVariant::vector ? segspmv_vector_length(rows, row_ptr, p.unroll)
                                                   : segspmv_length(rows, row_ptr, p.max_padding);
  l.variant = segspmv_variant_for(p, l.length);
  const std::int64_t n = std::int64_t(rows), capacity = p.piece_slots(), L = l.length;
  l.row_seg.assign(std::size_t(n) + 1, I(0));
  // Parts of whole blocks on threads, each counting its segments from 0; then
  // the segments before each part added to its rows' and pieces' (on the
  // threads again), and the pieces put one after the other.
  const std::vector<detail::RowPart> parts = detail::row_parts(n, n, kBuildBlockRows, 0, kBuildBlockRows);
  std::vector<SegspmvPart<I>> laid(parts.size());
  detail::run_row_parts(parts.size(), [&](std::size_t q) {
    laid[q] = lay_out_rows(row_ptr, parts[q], L, capacity, l.row_seg.data());
  });
  std::vector<std::int64_t> before(parts.size(), 0);  // segments before each part
  std::int64_t segments = 0, pieces = 0;
  for (std::size_t q = 0; q < parts.size(); ++q) {
    before[q] = segments;
    segments += laid[q].segments;
    pieces += std::int64_t(laid[q].piece_row.size());
    l.entries += laid[q].entries;
    l.long_rows += laid[q].long_rows;
    l.chunk_pieces += laid[q].chunk_pieces;
  }
  AIJA_REQUIRE(segments <= std::int64_t(std::numeric_limits<I>::max()), unsupported,
               "segspmv: " + std::to_string(segments) + " segments of " + std::to_string(L) +
                   " do not fit the index type; use 64-bit indices or format csr");
  l.piece_row.clear();
  l.piece_seg.clear();
  l.piece_row.reserve(std::size_t(pieces) + 1);
  l.piece_seg.reserve(std::size_t(pieces) + 1);
  for (std::size_t q = 0; q < parts.size(); ++q) {
    l.piece_row.insert(l.piece_row.end(), laid[q].piece_row.begin(), laid[q].piece_row.end());
    for (const I s0 : laid[q].piece_seg) l.piece_seg.push_back(I(s0 + before[q]));
  }
  detail::run_row_parts(parts.size(), [&](std::size_t q) {
    if (before[q] == 0) return;
    for (std::int64_t i = parts[q].begin; i < parts[q].end; ++i)
      l.row_seg[std::size_t(i) + 1] = I(l.row_seg[std::size_t(i) + 1] + before[q]);
  });
  l.piece_row.push_back(I(n));  // the end
  l.piece_seg.push_back(I(segments));
  l.long_row_pieces = p.long_row_pieces ? p.long_row_pieces : segspmv_long_row_pieces(l.slots(), capacity);
  if (l.long_row_pieces > 1 && l.long_rows > 0) join_chunks(l, capacity);
  return l;
}

template <class V, class I>
SegspmvHostFormat<V, I>::SegspmvHostFormat(const SegspmvParams& params, std::weak_ptr<CsrPrefetchBase> csr_prefetch)
    : params_(params), csr_prefetch_(std::move(csr_prefetch)) {
  segspmv_check_params(params_);
}

template <class V, class I>
void SegspmvHostFormat<V, I>::build(const CsrView<V, I>& a) {
  a_ = a;
  layout_ = segspmv_build_layout(a.rows, a.row_ptr, params_);
}

// The layout depends on the pattern only; the values are moved on the device.
template <class V, class I>
void SegspmvHostFormat<V, I>::refill(const CsrView<V, I>& a) {
  a_ = a;
}

template <class V, class I>
std::size_t SegspmvHostFormat<V, I>::extra_host_bytes() const {
  return (layout_.row_seg.size() + layout_.piece_row.size() + layout_.piece_seg.size()) * sizeof(I);
}

// The layout, and the CSR arrays the fill kernel reads (unless the analysis
// sent them already).
template <class V, class I>
std::size_t SegspmvHostFormat<V, I>::device_bytes_needed() const {
  return layout_.device_bytes(sizeof(V), sizeof(I)) + csr_source_staging_bytes(a_, csr_prefetch_, true);
}

template <class V, class I>
std::unique_ptr<DeviceFormat<V, I>> SegspmvHostFormat<V, I>::upload(Stream stream) const {
  AIJA_UPLOAD_WITH_CUDA(upload_segspmv(*this, stream));
}

template <class V, class I>
std::vector<std::string> SegspmvHostFormat<V, I>::describe() const {
  const SegspmvLayout<I>& l = layout_;
  char text[200];
  std::snprintf(text, sizeof(text),
                "segspmv: L = %d (%s), variant %s, %.1f%% of the slots padding, %.2f bytes per nonzero (CSR: %.2f)",
                l.length,
                params_.length                                ? "as set"
                : params_.variant == SegspmvVariant::vector ? "bytes weighed by L"
                                                            : "padding rule",
                segspmv_variant_name(l.variant),
                100.0 * l.padding(), l.entries ? double(l.device_bytes(sizeof(V), sizeof(I))) / double(l.entries) : 0.0,
                l.entries ? double(detail::csr_array_bytes(a_)) / double(l.entries) : 0.0);
  return {text, "segspmv: " + std::to_string(l.segments()) + " segments in " + std::to_string(l.pieces()) +
                    " warp pieces of at most " + std::to_string(params_.piece_slots()) + " slots, T = " +
                    std::to_string(params_.block_threads) + ", " + std::to_string(l.long_rows) + " long rows in " +
                    std::to_string(l.chunk_pieces) + " chunks of at most " + std::to_string(l.long_row_pieces) +
                    " pieces (" + std::to_string(l.looped_chunks) + " of more than one, their warp looping)"};
}

template <class V, class I>
std::unique_ptr<HostFormat<V, I>> make_segspmv_host_format(const FormatContext& context) {
  return std::make_unique<SegspmvHostFormat<V, I>>(segspmv_params(context.params, sizeof(V)), context.csr_prefetch);
}

template int segspmv_length(std::int32_t, const std::int32_t*, double);
template int segspmv_length(std::int64_t, const std::int64_t*, double);
template int segspmv_vector_length(std::int32_t, const std::int32_t*, int);
template int segspmv_vector_length(std::int64_t, const std::int64_t*, int);
template SegspmvLayout<std::int32_t> segspmv_build_layout(std::int32_t, const std::int32_t*, const SegspmvParams&);
template SegspmvLayout<std::int64_t> segspmv_build_layout(std::int64_t, const std::int64_t*, const SegspmvParams&);

#define AIJA_INSTANTIATE(V, I)              \
  template class SegspmvHostFormat<V, I>; \
  template std::unique_ptr<HostFormat<V, I>> make_segspmv_host_format<V, I>(const FormatContext&);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
