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
// Unrolling the gathers (kUnroll) took stencil27 from 1.02x to 1.10x.
//
// Override at run time, without rebuilding, for a sweep:
//   AIJADAPTIVE_IPCSR_BLOCK=128           T, a multiple of 32 in [32, 1024]
//   AIJADAPTIVE_IPCSR_SHARED=0.5          fraction of the per-SM shared memory
//   AIJADAPTIVE_IPCSR_LONG_ROWS=whole     one block per long row (the paper)
//   AIJADAPTIVE_IPCSR_MIN_THREADS=4       at least 4 threads per row
// SHARED_SIZE itself is derived from these and the device (ipcsr_shared_size):
// T = 512, share 0.5 on Hopper: 3456 doubles, 6912 floats per block.
#pragma once

#include "aijadaptive/formats/ipcsr.hpp"

namespace aijadaptive::ipcsr_tuning {

inline constexpr int kBlockThreads = 512;  // T
// Fraction of the SM's shared memory the blocks of one SM stage into; the rest
// is L1, which caches x.
inline constexpr double kSharedFraction = 0.5;
// Split long rows over several blocks (beyond the paper).
inline constexpr IpcsrLongRows kLongRows = IpcsrLongRows::split;

// Entries each thread loads before it uses any (memory-level parallelism of
// the gathers of x).
inline constexpr int kUnroll = 4;

// Threads per row at least (IpcsrParams::min_threads_per_row): 1, the paper's
// decision tree as it is, measured best.
inline constexpr int kMinThreadsPerRow = 1;

inline constexpr const char* kMinThreadsEnv = "AIJADAPTIVE_IPCSR_MIN_THREADS";
inline constexpr const char* kBlockEnv = "AIJADAPTIVE_IPCSR_BLOCK";
inline constexpr const char* kSharedEnv = "AIJADAPTIVE_IPCSR_SHARED";
inline constexpr const char* kLongRowsEnv = "AIJADAPTIVE_IPCSR_LONG_ROWS";

}  // namespace aijadaptive::ipcsr_tuning

namespace aijadaptive::detail {

// The limits of the current GPU (CUDA builds only; defined in kernels.cu).
IpcsrDeviceLimits ipcsr_query_current_device();

}  // namespace aijadaptive::detail
