// Format `ipcsr`: improved perfect-CSR. The CSR arrays stay as they are; one
// pair of arrays adds row blocks whose nonzeros fit in a block's shared memory.
//
//   row_ptr, col_idx, values     the CSR arrays, untouched
//   block_row [blocks+1]         first row of each block, `rows` at the end
//   block_nnz [blocks+1]         first entry of each block, `nnz` at the end
//
//   rows       | 0 1 2 3 | 4 5 | 6 ... | ... 6 ... | ... 6 | 7 8 |
//   blocks     | b0      | b1  | b2    | b3        | b4    | b5  |
//   block_row    0         4     6       6           6       7     9
//   block_nnz    p0        p4    p6      p6+S        p6+2S   p7    nnz
//   r            4         2     0       0           1       2
//   (row 6 is longer than S = SHARED_SIZE; pi = row_ptr[i]; r = block_row[b+1] - block_row[b])
//
// Paper: G. He, J. Gao, "A Novel CSR-Based Sparse Matrix-Vector Multiplication
// on GPUs", Mathematical Problems in Engineering, 2016 (IPCSR; text in the
// project's seeds/000_*.txt, restated in SEEDS.md section 1). SHARED_SIZE values
// per block; a block of r >= 2 rows first stages val[j] * x[col[j]] for its
// whole nnz range in shared memory (coalesced), then reduces each row with
// t = ipcsr_threads_per_row(r, T) threads (the paper's decision tree). A block
// of one row (r = 1), including a row longer than SHARED_SIZE, strides over it
// with the whole block and reduces block-wide (paper section 4.2).
//
// Beyond the paper (IpcsrLongRows::split, the default): a row longer than
// SHARED_SIZE is cut into chunks of SHARED_SIZE entries, one block each (r = 0
// for all chunks but the last). Each chunk block writes its partial sum; the
// last chunk block of the row to finish (an arrival counter) adds the partials
// in chunk order and writes y. That keeps one launch, writes y once (so
// beta == 0 never reads y) and gives the same bits on every run, unlike
// atomicAdd into a pre-scaled y. Only chunk blocks touch atomics. As a
// consequence one matrix must not run two products at once on two streams
// (its staging buffers already forbid that). IpcsrLongRows::whole is the
// paper's one block per long row, kept so the benchmark can compare the two.
//
// The transpose runs through cuSPARSE on the same device CSR arrays (shared
// with format `csr`); the host transpose is csr_reference_apply. A reordered
// matrix's rows go back to the caller's numbering in the kernel's write of y
// (the row_map capability).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "aijadaptive/format.hpp"

#if defined(__CUDACC__)
#define AIJA_IPCSR_HOST_DEVICE __host__ __device__
#else
#define AIJA_IPCSR_HOST_DEVICE
#endif

namespace aijadaptive {

enum class IpcsrLongRows {
  split,  // chunks of SHARED_SIZE, one block each (beyond the paper)
  whole   // one block per long row (the paper)
};

// Static shared memory of the kernel besides the staging area (block-reduction
// scratch: a value per warp, so twice as much for complex double); the kernel
// checks its own use against it at compile time.
constexpr std::int64_t ipcsr_static_shared_bytes(std::size_t value_bytes) { return value_bytes > 8 ? 1024 : 512; }

// SHARED_SIZE, the values one block may stage, from the paper's formula:
//   blocks_per_sm = min(max_threads_per_sm / T, max_blocks_per_sm)
//   SHARED_SIZE   = budget_per_sm / blocks_per_sm / sizeof(value)
// with budget_per_sm = shared_fraction * shared_per_sm, less what each block
// needs besides the staging area (the driver's reserved bytes and the kernel's
// static scratch), so that blocks_per_sm blocks really fit on an SM at once;
// capped by shared_per_block. Hopper, T = 256: 3456 doubles, 6912 floats.
std::int64_t ipcsr_shared_size(const DeviceInfo& device, int block_threads,
                               std::size_t value_bytes, double shared_fraction = 1.0);

// The paper's decision tree: threads per row in a block of `rows` rows is the
// largest power of two t <= min(32, T / rows); t = 1 is the scalar reduction.
AIJA_IPCSR_HOST_DEVICE constexpr int ipcsr_threads_per_row(std::int64_t rows, int block_threads) {
  const std::int64_t most = rows > 0 && block_threads / rows < 32 ? block_threads / rows : 32;
  int t = 1;
  while (2 * t <= most) t *= 2;
  return t;
}

struct IpcsrParams {
  int block_threads = 0;         // T: a multiple of 32 in [32, 1024]
  std::int64_t shared_size = 0;  // SHARED_SIZE in values, >= 1
  IpcsrLongRows long_rows = IpcsrLongRows::split;
  // Beyond the paper: blocks hold at most T / min_threads_per_row rows, so that
  // the decision tree gives every row at least this many threads (a power of
  // two <= 32; 1 is the paper). With one thread per short row, the threads of
  // a warp read shared memory at a stride of the row length: bank conflicts.
  int min_threads_per_row = 1;
  // Beyond the paper: a staged block is closed before a row that would make
  // its slowest row reduction (ceil(longest row / t) shared-memory reads by one
  // thread) exceed `balance` times the staging trips of a full block
  // (ceil(SHARED_SIZE / T)). One row much longer than its neighbours otherwise
  // keeps one thread busy while T - 1 wait (a row of 1463 among rows of 9:
  // 730 reads for 7 trips). Such a row ends up in a block of few rows, each
  // reduced by up to 32 threads, or alone, where the whole block strides over
  // it. 0 is the paper (no such limit).
  int balance = 0;
  // Beyond the paper: the CSR arrays, whose entries are used once, are read
  // with the streaming cache hint (ld.global.cs, evict first) so that L1 and
  // L2 keep x: 0 never, 1 always, -1 when the matrix is larger than the L2
  // cache (a smaller one stays in L2 from one product to the next).
  int stream_loads = 0;
  // Entries each thread loads per trip, all before it uses any: 4 or 8.
  int unroll = 8;

  std::int64_t max_rows() const { return block_threads / min_threads_per_row; }
};


// The parameters for a matrix of `value_bytes` values on `device`: the tuned
// defaults (src/formats/ipcsr/tuning.hpp) or the user's settings of the
// format's tuning parameters (ipcsr_params(): block_threads, shared_fraction,
// long_rows, min_threads_per_row, balance, stream_loads, unroll), SHARED_SIZE
// derived from them and the device.
IpcsrParams ipcsr_params(const TuningParams& tuning, const DeviceInfo& device, std::size_t value_bytes);

// Throws ErrorKind::invalid_argument unless the parameters are usable.
void ipcsr_check_params(const IpcsrParams& params);

template <class I>
struct IpcsrBlocks {
  std::vector<I> row{I(0)};  // block_row [blocks+1]
  std::vector<I> nnz{I(0)};  // block_nnz [blocks+1]
  std::int64_t long_rows = 0;     // rows longer than SHARED_SIZE
  std::int64_t chunk_blocks = 0;  // blocks holding a piece of a split row

  std::int64_t count() const { return std::int64_t(row.size()) - 1; }
};

// The row blocks of a CSR pattern, in one pass over the rows (O(rows + blocks)):
// rows join the open block until the next row would take it past SHARED_SIZE
// entries or max_rows() rows, or break the balance limit; a row longer than SHARED_SIZE gets a block of its own, or
// ceil(len / SHARED_SIZE) chunk blocks with IpcsrLongRows::split.
template <class I>
IpcsrBlocks<I> ipcsr_build_blocks(I rows, const I* row_ptr, const IpcsrParams& params);

template <class V, class I>
class IpcsrHostFormat final : public HostFormat<V, I> {
 public:
  // csr_prefetch: the arrays the analysis sent to the device, which the upload
  // keeps rather than send again (FormatContext::csr_prefetch).
  IpcsrHostFormat(const IpcsrParams& params, const DeviceInfo& device,
                  std::weak_ptr<CsrPrefetchBase> csr_prefetch = {});
  // The transpose through cuSPARSE on the same device CSR arrays; the row map
  // in the kernel's own write of y; row ranges at the blocks that start a row.
  Capabilities capabilities() const override { return {true, true, true, true}; }
  void build(const CsrView<V, I>& a) override;
  void refill(const CsrView<V, I>& a) override;
  // The plain product walks the row blocks as the kernel does: staged blocks
  // through a SHARED_SIZE buffer, chunk sums combined in chunk order.
  void apply(Op op, V alpha, const V* x, V beta, V* y) const override;
  const CsrView<V, I>& csr() const override { return a_; }
  std::size_t extra_host_bytes() const override;
  std::size_t device_bytes_needed() const override;
  std::unique_ptr<DeviceFormat<V, I>> upload(Stream stream) const override;
  std::vector<std::string> describe() const override;

  const IpcsrParams& params() const { return params_; }
  const DeviceInfo& device() const { return device_; }
  const IpcsrBlocks<I>& blocks() const { return blocks_; }
  const std::weak_ptr<CsrPrefetchBase>& csr_prefetch() const { return csr_prefetch_; }

 private:
  IpcsrParams params_;
  DeviceInfo device_;
  std::weak_ptr<CsrPrefetchBase> csr_prefetch_;
  CsrView<V, I> a_;
  IpcsrBlocks<I> blocks_;
};

// The device half (kernels.cu).
template <class V, class I>
std::unique_ptr<DeviceFormat<V, I>> upload_ipcsr(const IpcsrHostFormat<V, I>& host, Stream stream);

}  // namespace aijadaptive
