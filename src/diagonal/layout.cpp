// The DIA-Adaptive layout: building it from the pieces a format cut, refilling
// it, its CUDA blocks and the host reference kernel.
#include "aijadaptive/diagonal_layout.hpp"

#include <algorithm>
#include <functional>
#include <string>

#include "aijadaptive/diagonal_search.hpp"
#include "aijadaptive/errors.hpp"
#include "aijadaptive/instantiate.hpp"
#include "core/row_parts.hpp"
#include "core/spmv_common.hpp"

namespace aijadaptive {

namespace {

// Runs body(first_row, last_row) over [0, rows) in contiguous parts, on as
// many threads as row_parts() gives (a pass streams the CSR arrays once:
// hundreds of MB for a large matrix).
template <class Body>
void for_row_ranges(std::int64_t rows, std::int64_t nnz, Body body) {
  const std::vector<detail::RowPart> parts = detail::row_parts(rows, nnz, 1);
  detail::run_row_parts(parts.size(), [&](std::size_t p) { body(parts[p].begin, parts[p].end); });
}

// Writes row i's slot of every diagonal of its piece: the entry's value where
// the row has one, zero where it has none (padding), walking the row and the
// sorted offset list together. A row's columns must increase (AIJ's always
// do): a repeated column would need its values summed, which a slot cannot
// hold without changing the order of additions, so such a matrix is refused
// (unsupported: the next candidate format takes it).
template <class V, class I>
void fill_row(const CsrView<V, I>& a, std::int64_t i, const DiagonalPiece& p, const std::int64_t* list,
              std::int64_t count, V* values) {
  std::int64_t e = a.row_ptr[i];
  const std::int64_t end = a.row_ptr[i + 1];
  // No diagonals (a matrix without entries): no slots, and `values` may be null.
  V* slot = count > 0 ? values + p.values + (i - p.row0) : nullptr;
  for (std::int64_t k = 0; k < count; ++k, slot += p.stride) {
    const bool here = e < end && std::int64_t(a.col_idx[e]) - i == list[k];
    *slot = here ? a.values[e] : V(0);
    e += here;
  }
  if (e == end) return;
  for (std::int64_t f = a.row_ptr[i] + 1; f < end; ++f)
    AIJA_REQUIRE(a.col_idx[f] > a.col_idx[f - 1], unsupported,
                 "the diagonal formats need each row's columns in increasing order without repeats (row " +
                     std::to_string(i) + ")");
  AIJA_THROW(internal, "row " + std::to_string(i) + ": column " + std::to_string(a.col_idx[e]) +
                           " is on no diagonal of its piece");
}

// The slots past a piece's last row, up to its stride (alignment), hold zeros.
template <class V>
void zero_alignment_slots(DiagonalLayout<V>& layout) {
  for (const DiagonalPiece& p : layout.pieces) {
    const std::int64_t count = layout.list_begin[std::size_t(p.list) + 1] - layout.list_begin[std::size_t(p.list)];
    for (std::int64_t k = 0; k < count; ++k)
      std::fill(layout.values.begin() + p.values + k * p.stride + p.rows,
                layout.values.begin() + p.values + (k + 1) * p.stride, V(0));
  }
}

template <class V, class I>
void fill(const CsrView<V, I>& a, DiagonalLayout<V>& layout) {
  if (layout.pieces.empty()) return;  // no rows
  for_row_ranges(a.rows, a.nnz(), [&](std::int64_t first, std::int64_t last) {
    auto piece = std::upper_bound(layout.pieces.begin(), layout.pieces.end(), first,
                                  [](std::int64_t row, const DiagonalPiece& p) { return row < p.row0; });
    --piece;
    for (std::int64_t i = first; i < last; ++i) {
      while (i >= piece->row0 + piece->rows) ++piece;
      const std::int64_t* list = layout.offsets.data() + layout.list_begin[std::size_t(piece->list)];
      const std::int64_t count = layout.list_begin[std::size_t(piece->list) + 1] - layout.list_begin[std::size_t(piece->list)];
      fill_row(a, i, *piece, list, count, layout.values.data());
    }
  });
}

}  // namespace

template <class V, class I>
std::vector<std::int64_t> diagonal_offsets(const CsrView<V, I>& a, std::int64_t row0, std::int64_t row1) {
  // A mark per possible offset (-(rows - 1) .. cols - 1): one pass, no sort of the entries.
  const std::int64_t rows = a.rows, cols = a.cols;
  std::vector<bool> seen(std::size_t(std::max<std::int64_t>(0, rows + cols - 1)), false);
  std::vector<std::int64_t> found;
  for (std::int64_t i = row0; i < row1; ++i)
    for (std::int64_t e = a.row_ptr[i]; e < a.row_ptr[i + 1]; ++e) {
      const std::int64_t off = std::int64_t(a.col_idx[e]) - i;
      if (!seen[std::size_t(off + rows - 1)]) {
        seen[std::size_t(off + rows - 1)] = true;
        found.push_back(off);
      }
    }
  std::sort(found.begin(), found.end());
  return found;
}

std::int64_t diagonal_stored_values(const std::vector<DiagonalPieceSpec>& specs) {
  std::int64_t values = 0;
  for (const DiagonalPieceSpec& s : specs)
    values += (s.rows + kDiagonalAlign - 1) / kDiagonalAlign * kDiagonalAlign * std::int64_t(s.offsets.size());
  return values;
}

template <class V, class I>
void require_diagonal_storage(const CsrView<V, I>& a, std::int64_t stored_values) {
  const double stored = double(stored_values) * double(sizeof(V));
  const double csr = double(a.nnz()) * double(sizeof(V) + sizeof(I));
  AIJA_REQUIRE(stored <= kMaxDiagonalBytesOverCsr * csr + 1024.0 * 1024.0, unsupported,
               "the diagonals of this matrix would take " +
                   (csr > 0 ? std::to_string(std::int64_t(stored / csr)) + " times" : std::string("more than")) +
                   " the bytes of its CSR arrays: it is not a diagonal matrix");
}

template <class V, class I>
void require_increasing_rows(const CsrView<V, I>& a) {
  const std::int64_t row = detail::first_row_where(a.rows, a.nnz(), [&](std::int64_t i) {
    return std::adjacent_find(a.col_idx + a.row_ptr[i], a.col_idx + a.row_ptr[i + 1], std::greater_equal<I>()) !=
           a.col_idx + a.row_ptr[i + 1];
  });
  AIJA_REQUIRE(row == a.rows, unsupported,
               "the diagonal formats need each row's columns in increasing order without repeats (row " +
                   std::to_string(row) + ")");
}

template <class V, class I>
DiagonalLayout<V> plan_diagonal_layout(const CsrView<V, I>& a, const std::vector<DiagonalPieceSpec>& specs) {
  require_diagonal_storage(a, diagonal_stored_values(specs));
  DiagonalLayout<V> layout;
  layout.rows = a.rows;
  layout.cols = a.cols;
  layout.nnz = a.nnz();
  std::int64_t next_row = 0, values = 0;
  for (const DiagonalPieceSpec& s : specs) {
    AIJA_REQUIRE(s.row0 == next_row && s.rows > 0 && std::is_sorted(s.offsets.begin(), s.offsets.end()), internal,
                 "diagonal pieces must cover the rows in order, each with a sorted offset list");
    for (std::int64_t off : s.offsets)
      AIJA_REQUIRE(diagonal_span(off, a.rows, a.cols).meets(s.row0, s.row0 + s.rows), internal,
                   "offset " + std::to_string(off) + " does not cross rows " + std::to_string(s.row0) + "+" +
                       std::to_string(s.rows));
    const bool same_list = !layout.pieces.empty() &&
                           std::equal(s.offsets.begin(), s.offsets.end(),
                                      layout.offsets.begin() + layout.list_begin[layout.list_begin.size() - 2],
                                      layout.offsets.end());
    if (!same_list) {
      layout.offsets.insert(layout.offsets.end(), s.offsets.begin(), s.offsets.end());
      layout.list_begin.push_back(std::int64_t(layout.offsets.size()));
    }
    DiagonalPiece p;
    p.row0 = s.row0;
    p.rows = s.rows;
    p.list = layout.lists() - 1;
    p.values = values;
    p.stride = (s.rows + kDiagonalAlign - 1) / kDiagonalAlign * kDiagonalAlign;
    values += p.stride * std::int64_t(s.offsets.size());
    layout.pieces.push_back(p);
    next_row += s.rows;
  }
  AIJA_REQUIRE(next_row == a.rows, internal, "the diagonal pieces do not cover every row");
  layout.stored = values;
  return layout;
}

template <class V, class I>
void fill_diagonal_values(const CsrView<V, I>& a, DiagonalLayout<V>& layout) {
  layout.values.resize(std::size_t(layout.stored));  // not zeroed: the fill writes every slot
  try {
    fill(a, layout);
  } catch (const Error& e) {
    // An entry off the layout's diagonals: the arrays' pattern is not the
    // layout's (a refill with the same counts); the values are partly filled.
    if (e.kind() != ErrorKind::internal) throw;
    AIJA_THROW(invalid_argument, std::string("refill with a different pattern: build again (") + e.what() + ")");
  }
  zero_alignment_slots(layout);
}

template <class V>
std::vector<DiagonalBlock> diagonal_blocks(const DiagonalLayout<V>& layout, int block_threads) {
  std::vector<DiagonalBlock> blocks;
  for (const DiagonalPiece& p : layout.pieces) {
    const std::int64_t* list = layout.offsets.data() + layout.list_begin[std::size_t(p.list)];
    const std::int64_t count = layout.list_begin[std::size_t(p.list) + 1] - layout.list_begin[std::size_t(p.list)];
    const std::int64_t lowest = count ? list[0] : 0, highest = count ? list[count - 1] : 0;
    for (std::int64_t r = 0; r < p.rows; r += block_threads) {
      DiagonalBlock b;
      b.values = p.values + r;
      b.row0 = p.row0 + r;
      b.stride = p.stride;
      b.rows = std::int32_t(std::min<std::int64_t>(block_threads, p.rows - r));
      // Sorted offsets: the extremes tell whether every diagonal stays inside.
      const bool inside = count == 0 || (b.row0 + lowest >= 0 && b.row0 + b.rows - 1 + highest < layout.cols);
      b.list_guard = std::int32_t(p.list * 2 + (inside ? 0 : 1));
      blocks.push_back(b);
    }
  }
  return blocks;
}

template <class V, class I>
std::vector<DiagonalFillChunk> diagonal_fill_chunks(const CsrView<V, I>& a, const std::vector<DiagonalBlock>& blocks) {
  std::vector<DiagonalFillChunk> chunks;
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    const std::int64_t row0 = blocks[b].row0, row1 = row0 + blocks[b].rows;
    const std::int64_t entry0 = a.row_ptr[row0], entries = std::int64_t(a.row_ptr[row1]) - entry0;
    if (chunks.empty() || chunks.back().entries + entries > kFillChunkEntries) {
      chunks.push_back({b, 1, row0, row1 - row0, entry0, entries});
      continue;
    }
    DiagonalFillChunk& c = chunks.back();
    ++c.blocks;
    c.rows = row1 - c.row0;
    c.entries = std::int64_t(a.row_ptr[row1]) - c.entry0;
  }
  return chunks;
}

template <class V, class I>
std::size_t diagonal_fill_scratch_bytes(const CsrView<V, I>& a, const std::vector<DiagonalBlock>& blocks) {
  return diagonal_fill_chunk_capacity<V, I>(diagonal_fill_chunks(a, blocks)) + sizeof(int);
}

template <class V>
void diagonal_reference_apply(const DiagonalLayout<V>& layout, const std::vector<DiagonalBlock>& blocks, V alpha,
                              const V* x, V beta, V* y) {
  for (const DiagonalBlock& b : blocks) {
    const std::int64_t list = b.list_guard / 2;
    const std::int64_t* off = layout.offsets.data() + layout.list_begin[std::size_t(list)];
    const std::int64_t count = layout.list_begin[std::size_t(list) + 1] - layout.list_begin[std::size_t(list)];
    for (std::int64_t t = 0; t < b.rows; ++t) {
      const std::int64_t row = b.row0 + t;
      const V* v = count > 0 ? layout.values.data() + b.values + t : nullptr;  // none: values may be empty
      V sum = 0;
      for (std::int64_t k = 0; k < count; ++k) {
        const std::int64_t c = row + off[k];
        if (c >= 0 && c < layout.cols) sum += v[k * b.stride] * x[c];
      }
      y[row] = detail::scaled_update(alpha, sum, beta, y[row]);
    }
  }
}

template <class V>
void diagonal_reference_transpose(const DiagonalLayout<V>& layout, V alpha, const V* x, V beta, V* y) {
  AIJA_REQUIRE(layout.pieces.size() <= 1, internal, "the diagonal transpose needs a one-piece layout (dia)");
  for (std::int64_t j = 0; j < layout.cols; ++j) {
    V sum = 0;
    if (!layout.pieces.empty()) {
      const DiagonalPiece& p = layout.pieces[0];
      for (std::int64_t k = 0; k < layout.list_begin[1]; ++k) {
        const std::int64_t i = j - layout.offsets[std::size_t(k)];
        if (i >= 0 && i < layout.rows) sum += layout.values[std::size_t(p.values + k * p.stride + i)] * x[i];
      }
    }
    y[j] = detail::scaled_update(alpha, sum, beta, y[j]);
  }
}

#define AIJA_INSTANTIATE(V, I)                                                                                 \
  template std::vector<std::int64_t> diagonal_offsets<V, I>(const CsrView<V, I>&, std::int64_t, std::int64_t); \
  template void require_increasing_rows<V, I>(const CsrView<V, I>&);                                          \
  template DiagonalLayout<V> plan_diagonal_layout<V, I>(const CsrView<V, I>&,                                   \
                                                        const std::vector<DiagonalPieceSpec>&);                 \
  template void fill_diagonal_values<V, I>(const CsrView<V, I>&, DiagonalLayout<V>&);                          \
  template std::vector<DiagonalFillChunk> diagonal_fill_chunks<V, I>(const CsrView<V, I>&,                     \
                                                                     const std::vector<DiagonalBlock>&);        \
  template std::size_t diagonal_fill_scratch_bytes<V, I>(const CsrView<V, I>&, const std::vector<DiagonalBlock>&); \
  template void require_diagonal_storage<V, I>(const CsrView<V, I>&, std::int64_t);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)
#undef AIJA_INSTANTIATE

#define AIJA_INSTANTIATE_VALUE(V)                                                                               \
  template std::vector<DiagonalBlock> diagonal_blocks<V>(const DiagonalLayout<V>&, int);                        \
  template void diagonal_reference_apply<V>(const DiagonalLayout<V>&, const std::vector<DiagonalBlock>&, V,     \
                                            const V*, V, V*);                                                   \
  template void diagonal_reference_transpose<V>(const DiagonalLayout<V>&, V, const V*, V, V*);
AIJA_INSTANTIATE_VALUE(double)
AIJA_INSTANTIATE_VALUE(float)
#if AIJADAPTIVE_HAVE_COMPLEX
AIJA_INSTANTIATE_VALUE(std::complex<double>)
AIJA_INSTANTIATE_VALUE(std::complex<float>)
#endif

}  // namespace aijadaptive
