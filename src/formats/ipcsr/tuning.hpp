// Tuning of format `ipcsr`: the one place for its constants.
//
// The paper tuned T on Fermi/Kepler; on Hopper T and the shared-memory budget
// MUST be chosen by measurement on the H100 (benchmark sweep). Until then:
// T = 256 and the full per-SM share of shared memory, as the paper's formula
// gives. Override at run time, without rebuilding, for the sweep:
//   AIJADAPTIVE_IPCSR_BLOCK=128           T, a multiple of 32 in [32, 1024]
//   AIJADAPTIVE_IPCSR_SHARED=0.5          fraction of the per-SM shared memory
//   AIJADAPTIVE_IPCSR_LONG_ROWS=whole     one block per long row (the paper)
// SHARED_SIZE itself is derived from these and the device (ipcsr_shared_size).
#pragma once

#include "aijadaptive/formats/ipcsr.hpp"

namespace aijadaptive::ipcsr_tuning {

inline constexpr int kBlockThreads = 256;  // T (to be measured)
// Fraction of the SM's shared memory the blocks of one SM stage into. 1 leaves
// the least L1 for caching x; measure before lowering it.
inline constexpr double kSharedFraction = 1.0;  // (to be measured)
// Split long rows over several blocks (beyond the paper); compare with `whole`.
inline constexpr IpcsrLongRows kLongRows = IpcsrLongRows::split;  // (to be measured)

// Entries each thread loads before it uses any (memory-level parallelism of
// the gathers of x).
inline constexpr int kUnroll = 4;

// Threads per row at least (IpcsrParams::min_threads_per_row).
inline constexpr int kMinThreadsPerRow = 1;  // (to be measured)

inline constexpr const char* kMinThreadsEnv = "AIJADAPTIVE_IPCSR_MIN_THREADS";
inline constexpr const char* kBlockEnv = "AIJADAPTIVE_IPCSR_BLOCK";
inline constexpr const char* kSharedEnv = "AIJADAPTIVE_IPCSR_SHARED";
inline constexpr const char* kLongRowsEnv = "AIJADAPTIVE_IPCSR_LONG_ROWS";

}  // namespace aijadaptive::ipcsr_tuning

namespace aijadaptive::detail {

// The limits of the current GPU (CUDA builds only; defined in kernels.cu).
IpcsrDeviceLimits ipcsr_query_current_device();

}  // namespace aijadaptive::detail
