// Tuning of format `argcsr`: the one place for its constants, each the default
// of one of its tuning parameters (argcsr_params() in build.cpp):
// -mat_aijadaptive_argcsr_<name> in PETSc, --param argcsr.<name>=<value> in the
// benchmark.
#pragma once

#include <cstdint>

namespace aijadaptive::argcsr_tuning {

// T and desiredChunkSize: the paper's values (128 threads a group, 1 entry a
// thread: the robust choice over its 1600 matrices; regular matrices did
// better with larger chunks, circuit ones much worse), pending measurement
// on the H100.
inline constexpr int kBlockThreads = 128;
inline constexpr std::int64_t kDesiredChunk = 1;
// The streaming hint on the slot arrays by size (-1), as ipcsr measured it
// for its CSR arrays (a gain on matrices larger than L2, a loss on the small
// ones, which stay in L2 between products); not yet measured for argcsr.
inline constexpr int kStreamLoads = -1;

}  // namespace aijadaptive::argcsr_tuning
