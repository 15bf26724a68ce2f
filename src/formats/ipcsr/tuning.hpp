// Tuning of format `ipcsr`: the one place for its constants.
//
// Chosen by measurement on the H100 (nvidia-h100-x1, double, int32; sweep of
// config/gpu/bench-suite.sh: aijadaptive-bench over stencil27 n=160, fem n=120,
// rmat scale 21, circuit 4M rows, longrows 2M rows, qcd L=16; geomean speedup
// of ipcsr over the better cuSPARSE CSR algorithm, same run):
//
//   T \ shared fraction      0.25    0.5     1.0      (min threads per row 1)
//   256                      0.853   0.953   0.657
//   512                      0.880   0.954   0.664
//   min threads per row 4:   T=256: 0.813 / 0.907 / 0.694,  T=512: 0.826 / 0.900 / 0.693
//
// The paper's full share of shared memory (1.0) leaves ~28 KB of L1 to cache x
// and loses 30% on irregular gathers (fem 0.62x, rmat 0.45x); half the share
// keeps SHARED_SIZE large enough for whole rows and L1 for x. Long rows split
// over blocks vs one block per row (the paper), T=256, share 1.0: circuit 0.58x
// vs 0.23x, longrows 0.56x vs 0.26x, rmat 0.49x vs 0.47x of cuSPARSE.
// Unrolling the gathers (kUnroll) took stencil27 from 1.02x to 1.10x; loading
// 8 entries a trip, predicated (no remainder loop: a full block of 3456
// entries with T = 512 is one trip, two memory round trips, instead of four
// trips), and loading stage 2's row bounds with stage 1's loads took it from
// 1.13x to 1.16x (89% of the copy bandwidth) and the other stencils and banded
// matrices by 2-8% (H100, same run, unroll 4 vs 8: stencil5 1.185 vs 1.279,
// dia2 1.190 vs 1.245, fem reordered 1.084 vs 1.102, small real matrices +5%).
// (The T / share sweep above ran with the unroll-4 kernel of 2026-11-22; it
// was not repeated for the unroll-8 one.) Tried and dropped: one padding slot
// per 128 bytes of staging against shared-memory bank conflicts of rows of
// even length (rows of 8: 8-way): no gain anywhere, -1.5% on stencils.
//
// Each constant is the default of one of the format's tuning parameters
// (ipcsr_params() in build.cpp), which a sweep sets without rebuilding:
// -mat_aijadaptive_ipcsr_<name> in PETSc, --param ipcsr.<name>=<value> in the
// benchmark (block_threads, shared_fraction, long_rows, min_threads_per_row,
// balance, stream_loads, unroll).
// SHARED_SIZE itself is derived from these and the device (ipcsr_shared_size):
// T = 128, share 0.5 on Hopper: 720 doubles, 1440 floats per block.
//
// T = 128 since 2026-11-29 (it was 512): on the H200, the geometric mean of
// ipcsr's time over T = 512's at share 0.5 was 0.925 over 80 matrices (T =
// 256: 0.937; T = 128 at share 0.375 or 0.75: 0.946, 0.993; docs/h200-2026-
// 11-29-ipcsr-blocks, call 2). From 100k to 1M nonzeros (26 matrices), where
// the selector takes ipcsr, it was 0.958 (cage10, cage11 0.86, ca-CondMat
// 0.91): blocks of 3456 values gave a matrix there 44-300 blocks, fewer than
// the 528 that 132 SMs hold at once. Rows longer than a block lose, split
// into more chunks (hangGlider_2, rajat01, adder_dcop_05 1.19-1.26); the
// selector gives those suraa. The H100 sweep above had no T = 128, and no
// H100 was lent to repeat it.
#pragma once

#include "aijadaptive/formats/ipcsr.hpp"

namespace aijadaptive::ipcsr_tuning {

inline constexpr int kBlockThreads = 128;  // T
// Fraction of the SM's shared memory the blocks of one SM stage into; the rest
// is L1, which caches x.
inline constexpr double kSharedFraction = 0.5;
// Split long rows over several blocks (beyond the paper).
inline constexpr IpcsrLongRows kLongRows = IpcsrLongRows::split;

// Entries each thread loads before it uses any (memory-level parallelism of
// the gathers of x): 4 or 8 (IpcsrParams::unroll); auto, the default, is
// kUnroll for values of up to 8 bytes and kUnrollWideValues for complex
// double, whose 8 loads in flight took more registers than the kernel has at
// full occupancy: H100, 2026-11-24, one run, complex 27-point stencil 64^3
// 0.50x -> 0.70x of cuSPARSE ALG1, a power-law matrix of 15.9M nonzeros
// 0.41x -> 0.73x (docs/h100-2026-11-24-complex).
inline constexpr int kUnroll = 8;
inline constexpr int kUnrollWideValues = 4;

// Threads per row at least (IpcsrParams::min_threads_per_row): 1, the paper's
// decision tree as it is, measured best.
inline constexpr int kMinThreadsPerRow = 1;

// Balance limit of staged blocks (IpcsrParams::balance; 0: off). H100, same
// run, speedup over the better cuSPARSE algorithm, balance 0 / 2 / 4 / 8:
// hangGlider_2 (a row of 1463 among rows of 9) 0.47 / 1.72 / 1.54 / 1.47,
// rajat01 0.60 / 1.64 / 1.53 / 1.55, adder_dcop_05 0.53 / 1.61 / 1.59 / 1.51,
// rmat scale 21 0.889 / 0.673 / 0.800 / 0.886 (small limits cut its many
// medium rows into blocks of one row), stencils and banded unchanged.
inline constexpr int kBalance = 8;
// Streaming hint on the CSR arrays (IpcsrParams::stream_loads): by size (-1). H100,
// same run, ld.global.cs vs plain loads: circuit 1.036 vs 0.952, qcd 1.017 vs
// 0.962, dia2 1.198 vs 1.088, longrows 1.028 vs 0.894, rmat 0.933 vs 0.889,
// fem 0.923 vs 0.919, stencils within 1%; on small matrices, which stay in L2
// between products, it lost (memplus 1.25 vs 1.34). The L2::256B prefetch
// variants (with or without L2::evict_first) did worse than .cs everywhere.
inline constexpr int kStreamLoads = -1;

}  // namespace aijadaptive::ipcsr_tuning
