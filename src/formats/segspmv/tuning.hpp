// Tuning of format `segspmv`: the one place for its constants, each the
// default of one of its tuning parameters (segspmv_params() in build.cpp):
// -mat_aijadaptive_segspmv_<name> in PETSc, --param segspmv.<name>=<value> in
// the benchmark. Measurements behind them: docs/h100-2026-11-24-segspmv/ and
// docs/h200-2026-11-29-segspmv-vector/ (the vector variant).
#pragma once

#include "aijadaptive/formats/segspmv.hpp"

namespace aijadaptive::segspmv_tuning {

// H100, double, int32, one run per setting (config/gpu/formats.sh step 4:
// stencil27 n=100, qcd L=12, fem n=100 after RCM, dia1 n=4M k=7; speedup over
// the better cuSPARSE algorithm):
//
//   L   tree                       scalar
//   1   0.81 0.91 0.96 0.90        -
//   2   0.78 0.82 0.94 0.86        -
//   4   0.77 0.81 0.89 0.83        0.81 0.92 0.87 0.92
//   8   0.67 0.78 0.79 0.83        0.74 0.92 0.79 0.91
//   16  0.68 0.71 0.63 0.45        -
//   32  0.66 0.69 0.59 0.23        0.77 0.77 0.61 0.26
//
// Padding costs what it weighs (L = 32 pads dia1's rows of 7 to 32); the
// shuffle tree loses to one thread per segment at every L measured, the
// paper's segSpMV-r at L = 32 included. No setting reaches cuSPARSE.
//
// The vector variant (a lane per segment, its slots loaded as one vector, no
// staging of products) beats both. H200, 2026-11-29, double, int32,
// geometric mean over 10 regular generated and 16 real matrices of 8-64
// nonzeros a row (call 4 of the folder above; speedup over the better cuSPARSE
// algorithm, two rounds): scalar 1.22x (lowest 0.77), vector with unroll 8
// 1.50x (0.89), the same with T = 128 1.51x (0.91), unroll 16 1.35x (0.97),
// unroll 16 with T = 128 1.37x (0.99); the large ones gain most from unroll
// 16, the small ones lose (fewer, longer pieces).

// 0: L from the rule of the variant (segspmv_vector_length, segspmv_length).
inline constexpr int kLength = 0;
// The scalar and tree variants' rule's limit on padding slots per nonzero:
// every padding slot costs as much memory traffic as a nonzero.
inline constexpr double kMaxPadding = 0.1;
// The vector variant's rule: the cost of a byte at L = 1, 2, 4, 8 relative to
// L = 1 (wider segments, fewer and wider loads, fewer segment sums), the
// medians of the product time per byte moved (the benchmark's own bytes)
// over L = 1's, L set by hand, two rounds. H200, 2026-11-30, call E of
// docs/h200-2026-11-30-segspmv-phases, with the phased loads of streamed
// slots, 15 regular matrices of 5-53 nonzeros a row: L = 2 0.75-0.97 (median
// 0.818), L = 4 0.76-0.86 (0.783), L = 8 0.71-0.91 (0.809). Replayed there,
// the rule's L runs 0.997 of the fastest L's speed (geometric mean; lowest
// 0.96, dia1: L = 4 against 8), where the weights before, 0.78, 0.73 and
// 0.69 (2026-11-29, without the phased loads), gave 0.988 (lowest 0.94).
// L = 8 now weighs more than L = 4 and never stores fewer slots, so the rule
// no longer takes it but for a matrix of no entries (every cost 0: the
// widest); it stays weighed for a kernel that may want it again.
inline constexpr double kVectorByteWeight[] = {1.0, 0.82, 0.78, 0.81};
// Vector: see above.
inline constexpr SegspmvVariant kVariant = SegspmvVariant::vector;
// For variant auto: the paper's segSpMV-r from L = 32 on.
inline constexpr int kTreeFromLength = 32;
// 128: with the vector variant, qcd L=12 1.14x against 1.08x at 256, stencil27
// n=100 1.10x against 1.08x (call 4; call 3 the same way round).
inline constexpr int kBlockThreads = 128;
// Slots each lane loads per piece: auto, the default, is kUnroll for values of
// up to 8 bytes and kUnrollWideValues for complex double (as ipcsr's: H100,
// 2026-11-24, one run, complex 27-point stencil 64^3 0.60x -> 0.85x of
// cuSPARSE ALG1, a power-law matrix 0.43x -> 0.72x).
inline constexpr int kUnroll = 8;
inline constexpr int kUnrollWideValues = 4;
// A long row's chunks: 0, by the matrix's size (segspmv_long_row_pieces):
// the largest power of two K <= kMaxLongRowPieces such that the matrix has
// K x kLoopedPieceWaves pieces' worth of slots. kLoopedPieceWaves: two waves
// of 132 SMs x 48 warps (Hopper, 75% occupancy), so that a warp looping over
// K pieces, K times as long as the others, ends before them. H200,
// 2026-11-29, call 5 of docs/h200-2026-11-29-segspmv-rows (double, speedup
// over the better cuSPARSE algorithm; K = 1, 2, 4, 8, and the rule's K):
//
//   rmat scale 21 (134k pieces' slots)   0.82 0.87 0.90 0.93   8: 0.93
//   rmat scale 20, ef 8 (35k)            0.86 0.92 0.92 0.90   2: 0.92
//   rmat scale 18 (16k)                  0.91 0.93 0.95 0.83   1: 0.91
//   circuit n=4M (75k)                   0.98 1.06 1.04 0.99   4: 1.04
//   circuit n=1M (19k)                   0.93 0.91 0.85 0.74   1: 0.92
//   longrows n=2M (95k)                  0.94 0.98 0.99 0.95   4: 0.99
//
// and the small real matrices with long rows lose 5-35% from K = 4 on.
inline constexpr int kLongRowPieces = 0;
inline constexpr int kMaxLongRowPieces = 8;
inline constexpr std::int64_t kLoopedPieceWaves = 2 * 132 * 48;
// As ipcsr: the streaming hint when the slots are larger than L2.
inline constexpr int kStreamLoads = -1;

}  // namespace aijadaptive::segspmv_tuning
