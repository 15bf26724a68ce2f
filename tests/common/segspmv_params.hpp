// Format segspmv's parameters for its tests: set in one call, named in a
// trace line; the sets both test files walk.
#pragma once

#include <aijadaptive/formats/segspmv.hpp>

#include <string>
#include <vector>

namespace aijadaptive::test {

inline SegspmvParams segspmv_with(int length, SegspmvVariant variant, int block_threads, int unroll,
                                  int long_row_pieces = SegspmvParams{}.long_row_pieces,
                                  int stream_loads = SegspmvParams{}.stream_loads) {
  SegspmvParams p;
  p.length = length;
  p.variant = variant;
  p.block_threads = block_threads;
  p.unroll = unroll;
  p.long_row_pieces = long_row_pieces;
  p.stream_loads = stream_loads;
  return p;
}

inline std::string describe(const SegspmvParams& p) {
  return "L " + std::to_string(p.length) + " (max padding " + std::to_string(p.max_padding) + "), " +
         segspmv_variant_name(p.variant) + ", T " + std::to_string(p.block_threads) + ", unroll " +
         std::to_string(p.unroll) + ", long rows in chunks of " + std::to_string(p.long_row_pieces) +
         " pieces, stream_loads " + std::to_string(p.stream_loads);
}

// The defaults, then every L with the scalar and tree variants, and the
// vector variant at every L it takes (L <= unroll) and every unroll; unroll 4
// (pieces of 128 slots) makes long rows of chunks and many pieces of small
// matrices; T = 96 a block of three warps, T = 1024 the largest (512 with
// unroll 16); long rows in chunks of one piece (a partial sum each), of 2, 4
// and 8 pieces (a warp looping over them) and of the rule's (one piece for
// matrices this small); the vector variant with its slots streamed (the
// kernels of phased loads, which large matrices take), L = 2 and 4 in the
// kernels held to 40 registers (T <= 256, unroll 8).
inline std::vector<SegspmvParams> segspmv_param_sets() {
  using S = SegspmvVariant;
  return {SegspmvParams{},
          segspmv_with(1, S::scalar, 32, 4, 1),
          segspmv_with(1, S::tree, 64, 8, 4),
          segspmv_with(2, S::tree, 64, 4),
          segspmv_with(4, S::scalar, 256, 8),
          segspmv_with(4, S::tree, 96, 4, 1),
          segspmv_with(8, S::tree, 96, 8),
          segspmv_with(8, S::scalar, 64, 4),
          segspmv_with(16, S::scalar, 32, 8),
          segspmv_with(16, S::tree, 128, 4),
          segspmv_with(32, S::tree, 32, 4),
          segspmv_with(32, S::scalar, 1024, 8),
          segspmv_with(0, S::tree, 128, 4),
          segspmv_with(1, S::vector, 64, 4, 1),
          segspmv_with(2, S::vector, 96, 8, 2),
          segspmv_with(4, S::vector, 1024, 4),
          segspmv_with(4, S::vector, 256, 16),
          segspmv_with(8, S::vector, 32, 8, 1),
          segspmv_with(16, S::vector, 512, 16, 8),
          segspmv_with(0, S::vector, 128, 8),
          segspmv_with(1, S::vector, 64, 4, 1, 1),
          segspmv_with(2, S::vector, 128, 8, 0, 1),
          segspmv_with(4, S::vector, 256, 8, 2, 1),
          segspmv_with(4, S::vector, 512, 16, 0, 1),
          segspmv_with(8, S::vector, 96, 8, 1, 1),
          segspmv_with(0, S::vector, 128, 8, 0, 1)};
}

}  // namespace aijadaptive::test
