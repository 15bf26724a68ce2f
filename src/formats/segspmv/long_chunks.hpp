// A long row's chunks of more than a piece, shared by the segspmv kernel and
// its host reference (which follows its order of additions).
#pragma once

#include "aijadaptive/formats/segspmv.hpp"
#include "core/spmv_common.hpp"

namespace aijadaptive {

// The slots each lane loads at a time while its warp loops over a chunk of
// more than a piece: half a piece's, in whole segments (vector: at least L),
// so that the loop fits the registers the piece's own path has.
AIJA_HOST_DEVICE constexpr int segspmv_long_chunk_unroll(int unroll, SegspmvVariant variant, int length) {
  return variant == SegspmvVariant::vector && length > unroll / 2 ? length : unroll / 2;
}

}  // namespace aijadaptive
