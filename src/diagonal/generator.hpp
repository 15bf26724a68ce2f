// The code generator of DIA-Adaptive: a kernel for one layout with its
// diagonal offsets as constants and the loop over them unrolled, one case per
// (offset list, bounds checked or not), its blocks' descriptors computed from
// constants where they are few runs, compiled at run time (NVRTC, through
// the kernel cache). It computes exactly what the generic kernel
// (src/diagonal/kernels.cu) computes, in the same order, so the two give the
// same bits and a format can switch from one to the other once it is ready.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "aijadaptive/diagonal_layout.hpp"

namespace aijadaptive::detail {

// Beyond these the source grows past what NVRTC compiles in a second or two
// in the background: the generic kernel stays. On the H100 (2026-11-23) the
// generated kernels ran 1.3-1.5x faster than the generic one on stencils and
// banded matrices of 5-9 diagonals (the offsets' loads and the loop gone), so
// the limits are set to take matrices like dia3 (738 lists, 4009 diagonals).
inline constexpr std::int64_t kMaxGeneratedLists = 1024;
inline constexpr std::int64_t kMaxGeneratedTerms = 8192;  // diagonals summed over all cases
// Runs of evenly advancing blocks up to which a generated kernel computes its
// blocks' descriptors instead of loading them (generator.cpp).
inline constexpr int kMaxComputedBlockRuns = 16;

struct GeneratedDiagonalKernel {
  std::string key;      // what the source depends on, for the kernel cache
  std::string name;     // the extern "C" kernel
  std::string source;   // empty when not generated
  std::string why_not;  // why not, when not
};

template <class V>
GeneratedDiagonalKernel generate_diagonal_kernel(const DiagonalLayout<V>& layout,
                                                 const std::vector<DiagonalBlock>& blocks, int block_threads,
                                                 bool stream_loads);

// The same, kept for the next matrix of the same layout (the same matrix set
// up again: a Newton step's, a time step's): what the source depends on is
// compared, and the last kGeneratedKept layouts of each value type are kept.
// Generating it took 5-34 us for the suite's diagonal matrices on a 2-core
// host, a good part of their set-up (docs/h200-2026-11-28-small-setup). A
// layout of more than kGeneratedKeptBlocks blocks is not kept: its copy would
// cost memory, and its source is a small part of a large matrix's set-up.
inline constexpr std::size_t kGeneratedKept = 16;
inline constexpr std::size_t kGeneratedKeptBlocks = 4096;
template <class V>
std::shared_ptr<const GeneratedDiagonalKernel> generated_diagonal_kernel(const DiagonalLayout<V>& layout,
                                                                         const std::vector<DiagonalBlock>& blocks,
                                                                         int block_threads, bool stream_loads);

}  // namespace aijadaptive::detail
