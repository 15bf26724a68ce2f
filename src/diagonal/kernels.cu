// Device half of the DIA-Adaptive formats: the layout's arrays on the GPU, the
// generic kernels (offsets read from memory) and the switch to the kernel
// generated for the matrix once its run-time compile is done.
#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstring>
#include <exception>
#include <thread>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "aijadaptive/csr_prefetch.hpp"
#include "aijadaptive/device_buffer.hpp"
#include "aijadaptive/diagonal_layout.hpp"
#include "aijadaptive/instantiate.hpp"
#include "aijadaptive/kernel_cache.hpp"
#include "aijadaptive/packed_arrays.hpp"
#include "core/cuda_check.hpp"
#include "core/host_scattered_refill.hpp"
#include "core/megabytes.hpp"
#include "core/spmv_common.hpp"
#include "core/staged_upload.hpp"
#include "diagonal/generator.hpp"
#include "diagonal/tuning.hpp"

namespace aijadaptive {

namespace {

using detail::load_once;

// sum += a * b and alpha * sum + beta * y of the diagonal kernels. The
// generated kernels (generator.cpp) spell out the same operations, so that
// both give the same bits: real values as written (nvcc and NVRTC contract
// sum += a * b into one fma alike); complex ones as explicit fmas, which
// leave the compiler no choice (cuda::std::complex's operators would).
template <class V>
__device__ __forceinline__ void multiply_add(V& sum, V a, V b) {
  sum += a * b;
}
template <class T>
__device__ __forceinline__ void multiply_add(cuda::std::complex<T>& sum, cuda::std::complex<T> a,
                                             cuda::std::complex<T> b) {
  const T re = fma(-a.imag(), b.imag(), fma(a.real(), b.real(), sum.real()));
  const T im = fma(a.imag(), b.real(), fma(a.real(), b.imag(), sum.imag()));
  sum = cuda::std::complex<T>(re, im);
}
template <class V>
__device__ __forceinline__ V diagonal_update(V alpha, V sum, V beta, const V& y) {
  return detail::scaled_update(alpha, sum, beta, y);
}
template <class T>
__device__ __forceinline__ cuda::std::complex<T> diagonal_update(cuda::std::complex<T> alpha, cuda::std::complex<T> sum,
                                                                 cuda::std::complex<T> beta,
                                                                 const cuda::std::complex<T>& y) {
  cuda::std::complex<T> out(0, 0);
  multiply_add(out, alpha, sum);
  if (beta != cuda::std::complex<T>(0, 0)) multiply_add(out, beta, y);  // beta == 0: y unread
  return out;
}

// What a thread of the generic kernels starts from: its row of block
// blockIdx.x (DiagonalBlock: up to T rows of one piece, one thread a row),
// the row's value on its list's first diagonal, its list's offsets.
template <class V, class I>
struct GenericRow {
  long long row, stride;
  const V* values;
  const I* offsets;
  int count;     // diagonals of the list
  bool guarded;  // columns outside x possible (the piece's head or tail)
};

// The thread's GenericRow; false for a thread past its block's rows.
template <class V, class I>
__device__ __forceinline__ bool generic_row(const DiagonalBlock* __restrict__ blocks, const I* __restrict__ offsets,
                                            const I* __restrict__ list_begin, const V* __restrict__ values,
                                            GenericRow<V, I>& r) {
  const DiagonalBlock b = blocks[blockIdx.x];
  const int t = threadIdx.x;
  if (t >= b.rows) return false;
  const int list = b.list_guard / 2;
  r.row = b.row0 + t;
  r.stride = b.stride;
  r.values = values + b.values + t;
  r.offsets = offsets + list_begin[list];
  r.count = int(list_begin[list + 1] - list_begin[list]);
  r.guarded = b.list_guard % 2 != 0;
  return true;
}

// One thread a row. The generated kernels (generator.cpp) compute the same
// sums in the same order. For grids of many blocks, whose warps hide each
// other's loads.
template <bool kStream, class V, class I>
__global__ void __launch_bounds__(1024)
    diagonal_kernel(const DiagonalBlock* __restrict__ blocks, const I* __restrict__ offsets,
                    const I* __restrict__ list_begin, const V* __restrict__ values, long long cols,
                    const V* __restrict__ x, V alpha, V beta, V* __restrict__ y) {
  GenericRow<V, I> r;
  if (!generic_row(blocks, offsets, list_begin, values, r)) return;
  const long long row = r.row, s = r.stride;
  const V* __restrict__ v = r.values;
  const I* __restrict__ off = r.offsets;
  V sum = 0;
  if (!r.guarded) {
#pragma unroll 8
    for (int k = 0; k < r.count; ++k) multiply_add(sum, load_once<kStream>(v + k * s), __ldg(x + (row + off[k])));
  } else {
#pragma unroll 8
    for (int k = 0; k < r.count; ++k) {
      // Every load made (a column outside reads an edge of x) and its term
      // dropped: loads under a branch would each wait for the one before.
      const long long c = row + off[k];
      V t = sum;
      multiply_add(t, load_once<kStream>(v + k * s), __ldg(x + (c < 0 ? 0 : c < cols ? c : cols - 1)));
      if (c >= 0 && c < cols) sum = t;
    }
  }
  y[row] = diagonal_update(alpha, sum, beta, y[row]);
}

// The chunks of the generic kernel for few blocks (diagonal_chunked_kernel):
// up to kChunkOfAnyBlock diagonals for blocks of any size; wider ones, whose
// loads in flight take more registers, for blocks of at most
// kWideChunkThreads.
constexpr int kChunkOfAnyBlock = 8;
constexpr int kWideChunkThreads = 256;

// The widest chunk the kernel needs for lists of at most `most` diagonals (16
// or 32 with small enough blocks), so that most lists take one.
template <class V>
int widest_generic_chunk(std::int64_t most, int block_threads) {
  if (most <= kChunkOfAnyBlock || block_threads > kWideChunkThreads) return kChunkOfAnyBlock;
  return most <= 16 || sizeof(V) > sizeof(double) ? 16 : 32;
}

// Row `row`'s sum over the diagonals [0, last] of its list, kChunk at a
// time, every load of a chunk made before its sums: the chunk's offsets,
// then its values and x, so that a chunk waits for two loads, where
// diagonal_kernel's loop waits for two every 8 diagonals and for two each
// past the last multiple of 8. The diagonals past the last repeat its loads
// (cache hits) and add nothing. In a guarded block, a column outside x reads
// an edge of x and its term is dropped. The same terms in the same order as
// diagonal_kernel's.
template <int kChunk, bool kStream, class V, class I>
__device__ __forceinline__ V diagonal_sum(const I* __restrict__ off, int last, bool guarded, long long row,
                                          const V* __restrict__ v, long long s, long long cols,
                                          const V* __restrict__ x) {
  V sum = 0;
  for (int k0 = 0; k0 <= last; k0 += kChunk) {
    long long c[kChunk];
#pragma unroll
    for (int j = 0; j < kChunk; ++j) c[j] = row + off[min(k0 + j, last)];
    V a[kChunk], xc[kChunk];
#pragma unroll
    for (int j = 0; j < kChunk; ++j) {
      a[j] = load_once<kStream>(v + min(k0 + j, last) * s);
      xc[j] = __ldg(x + (c[j] < 0 ? 0 : c[j] < cols ? c[j] : cols - 1));
    }
#pragma unroll
    for (int j = 0; j < kChunk; ++j) {
      V term = sum;
      multiply_add(term, a[j], xc[j]);
      if (k0 + j <= last && (!guarded || (c[j] >= 0 && c[j] < cols))) sum = term;
    }
  }
  return sum;
}

// diagonal_kernel for grids of at most a block per multiprocessor, too few
// warps to hide each other's loads: a thread's own chain of loads is the
// time there. Each block's list in the narrowest chunk up to kWidestChunk
// that holds it (the lists of brcsd1 and brcsd2 differ in length).
template <int kWidestChunk, bool kStream, class V, class I>
__global__ void __launch_bounds__(kWidestChunk > kChunkOfAnyBlock ? kWideChunkThreads : 1024)
    diagonal_chunked_kernel(const DiagonalBlock* __restrict__ blocks, const I* __restrict__ offsets,
                            const I* __restrict__ list_begin, const V* __restrict__ values, long long cols,
                            const V* __restrict__ x, V alpha, V beta, V* __restrict__ y) {
  GenericRow<V, I> r;
  if (!generic_row(blocks, offsets, list_begin, values, r)) return;
  const int last = r.count - 1;
  V sum;
  if (kWidestChunk > 16 && last >= 16)
    sum = diagonal_sum<kWidestChunk, kStream>(r.offsets, last, r.guarded, r.row, r.values, r.stride, cols, x);
  else if (kWidestChunk > 8 && last >= 8)
    sum = diagonal_sum<16, kStream>(r.offsets, last, r.guarded, r.row, r.values, r.stride, cols, x);
  else
    sum = diagonal_sum<8, kStream>(r.offsets, last, r.guarded, r.row, r.values, r.stride, cols, x);
  y[r.row] = diagonal_update(alpha, sum, beta, y[r.row]);
}

// The transpose of a one-piece layout (dia): output j sums diagonal k at row
// j - offset[k], the values of consecutive outputs still consecutive.
template <class V, class I>
__global__ void __launch_bounds__(1024)
    diagonal_transpose_kernel(const I* __restrict__ offsets, int count, const V* __restrict__ values,
                              long long stride, long long rows, long long cols, const V* __restrict__ x, V alpha,
                              V beta, V* __restrict__ y) {
  const long long j = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (j >= cols) return;
  V sum = 0;
  for (int k = 0; k < count; ++k) {
    const long long i = j - offsets[k];
    if (i >= 0 && i < rows) sum += values[k * stride + i] * __ldg(x + i);
  }
  y[j] = detail::scaled_update(alpha, sum, beta, y[j]);
}

// A chunk's arrays copied into `to` laid out as `b` says, by several threads.
template <class V, class I>
void stage_chunk(const CsrView<V, I>& a, const DiagonalFillChunk& c, const DiagonalChunkBytes& b, unsigned char* to) {
  std::memcpy(to + b.row_ptr, a.row_ptr + c.row0, std::size_t(c.rows + 1) * sizeof(I));
  detail::parallel_copy(to + b.col_idx, a.col_idx + c.entry0, std::size_t(c.entries) * sizeof(I));
  detail::parallel_copy(to + b.values, a.values + c.entry0, std::size_t(c.entries) * sizeof(V));
}

// What the fill found wrong (bits of its flag).
constexpr int kFillUnsorted = 1;      // a row's columns do not increase
constexpr int kFillOffDiagonal = 2;   // an entry on no diagonal of its piece

// The values of one chunk of blocks from its CSR arrays: thread t of block b
// writes row b.row0 + t's entries into their slots, walking the row and the
// sorted offset list together (as the host fill does), and zeros into the
// slots of its list's diagonals the row has no entry on: every slot a product
// reads, without zeroing the buffer first (a call of 3-6 us on the host,
// docs/h200-2026-11-28-tune-floor). A row that fails leaves its slots as they
// are. With `slots`, each entry's slot is kept there too (the refill map),
// by its CSR position.
template <class V, class I>
__global__ void __launch_bounds__(1024)
    diagonal_fill_kernel(const DiagonalBlock* __restrict__ blocks, const I* __restrict__ offsets,
                         const I* __restrict__ list_begin, long long chunk_row0, const I* __restrict__ row_ptr,
                         long long entry0, const I* __restrict__ col_idx, const V* __restrict__ entries,
                         V* __restrict__ values, std::uint32_t* __restrict__ slots, int* __restrict__ failure) {
  const DiagonalBlock b = blocks[blockIdx.x];
  const int t = threadIdx.x;
  if (t >= b.rows) return;
  const long long row = b.row0 + t;
  const long long begin = (long long)row_ptr[row - chunk_row0] - entry0;
  const long long end = (long long)row_ptr[row - chunk_row0 + 1] - entry0;
  const int list = b.list_guard / 2;
  const I* __restrict__ off = offsets + list_begin[list];
  const int count = int(list_begin[list + 1] - list_begin[list]);
  V* __restrict__ v = values + b.values + t;
  long long previous = -1;
  int k = 0;
  for (long long e = begin; e < end; ++e) {
    const long long c = col_idx[e];
    if (c <= previous) {
      atomicOr(failure, kFillUnsorted);
      return;
    }
    previous = c;
    const long long d = c - row;
    for (; k < count && off[k] < d; ++k) v[k * b.stride] = V(0);
    if (k == count || off[k] != d) {
      atomicOr(failure, kFillOffDiagonal);
      return;
    }
    v[k * b.stride] = entries[e];
    if (slots) slots[entry0 + e] = std::uint32_t(b.values + t + k * b.stride);
    ++k;
  }
  for (; k < count; ++k) v[k * b.stride] = V(0);
}

// A refill through the map the fill kept: entry e's value to its slot.
template <class V>
__global__ void __launch_bounds__(256)
    diagonal_refill_kernel(const std::uint32_t* __restrict__ slots, long long count, const V* __restrict__ entries,
                           V* __restrict__ values) {
  const long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (e < count) values[slots[e]] = entries[e];
}

template <class V, class I>
class DiagonalDeviceFormat final : public DeviceFormat<V, I> {
 public:
  DiagonalDeviceFormat(const DiagonalHostFormat<V, I>& host, Stream stream) : host_(host) {
    const DiagonalLayout<V>& layout = host.layout();
    const std::vector<DiagonalBlock>& blocks = host.blocks();
    AIJA_REQUIRE(blocks.size() <= std::size_t(INT_MAX), unsupported,
                 std::string(format_name(host.id())) + ": more row blocks than one launch can have");
    AIJA_REQUIRE(layout.rows < INT_MAX || sizeof(I) == 8, unsupported, "32-bit offsets for this many rows");
    // One allocation; the offsets, lists and blocks sent with one copy when
    // small (from pageable memory: the host copies may go once it returns).
    const std::vector<I> offsets(layout.offsets.begin(), layout.offsets.end());
    const std::vector<I> list_begin(layout.list_begin.begin(), layout.list_begin.end());
    detail::PackedArrays arrays;
    const auto offsets_part = arrays.add(offsets.size(), offsets.data());
    const auto list_begin_part = arrays.add(list_begin.size(), list_begin.data());
    const auto blocks_part = arrays.add(blocks.size(), blocks.data());
    const auto failure_part = arrays.add_zeroed<int>(1);  // the fill's flag
    const PackedCsr<V, I> csr(arrays, host.csr(), host.context().csr_prefetch, true);
    // The host arrays above, the device's own below: packed, the copy ends
    // at the last host array.
    const auto values_part = arrays.add<V>(std::size_t(layout.stored));
    const auto slots_part = arrays.add<std::uint32_t>(keeps_refill_map() ? std::size_t(layout.nnz) : 0);
    block_ = arrays.send(stream);
    offsets_ = offsets_part.span_in(block_);
    list_begin_ = list_begin_part.span_in(block_);
    blocks_ = blocks_part.span_in(block_);
    values_ = values_part.span_in(block_);
    slots_ = slots_part.span_in(block_);
    failure_ = failure_part.span_in(block_);
    packed_csr_ = csr.in(block_);
    fill_values(stream, false);
    // Values larger than L2 are streamed past it (as ipcsr's CSR arrays).
    stream_loads_ = std::int64_t(values_.bytes()) > host.context().device.l2_bytes;
    generic_chunk_ = std::int64_t(blocks.size()) <= host.context().device.multiprocessors
                         ? widest_generic_chunk<D>(layout.most_diagonals(), host.block_threads())
                         : 0;
    kernel_ = generic_kernel();
    start_generated_kernel();
  }

  void apply(V alpha, const V* x, V beta, V* y, Stream stream) override {
    apply_blocks(0, host_.blocks().size(), alpha, x, beta, y, stream);
  }

  // Every block's first row, and the row count.
  std::vector<std::int64_t> row_cuts() const override {
    std::vector<std::int64_t> cuts;
    for (const DiagonalBlock& b : host_.blocks()) cuts.push_back(b.row0);
    cuts.push_back(host_.layout().rows);
    return cuts;
  }

  void apply_rows(std::int64_t row0, std::int64_t row1, V alpha, const V* x, V beta, V* y, Stream stream) override {
    const std::vector<DiagonalBlock>& blocks = host_.blocks();
    const auto first_at = [&](std::int64_t row) {
      const auto it = std::lower_bound(blocks.begin(), blocks.end(), row,
                                       [](const DiagonalBlock& b, std::int64_t r) { return b.row0 < r; });
      AIJA_REQUIRE(it == blocks.end() ? row == host_.layout().rows : it->row0 == row, internal,
                   "apply_rows: row " + std::to_string(row) + " is not a cut of the row blocks");
      return std::size_t(it - blocks.begin());
    };
    apply_blocks(first_at(row0), first_at(row1), alpha, x, beta, y, stream);
  }

  void apply_transpose(V alpha, const V* x, V beta, V* y, Stream stream) override {
    const DiagonalLayout<V>& layout = host_.layout();
    if (layout.cols == 0) return;
    const int threads = host_.block_threads();
    const long long stride = layout.pieces.empty() ? 0 : layout.pieces[0].stride;
    const int count = layout.pieces.empty() ? 0 : int(layout.list_begin[1]);
    diagonal_transpose_kernel<<<unsigned((layout.cols + threads - 1) / threads), unsigned(threads), 0,
                                static_cast<cudaStream_t>(stream)>>>(
        offsets_.data(), count, detail::dev_ptr(values_.data()), stride, layout.rows, layout.cols, detail::dev_ptr(x),
        detail::dev_value(alpha), detail::dev_value(beta), detail::dev_ptr(y));
    AIJA_CUDA_CHECK_LAUNCH();
  }

  void upload_values(Stream stream) override { fill_values(stream, true); }

  std::size_t device_bytes() const override {
    return block_.bytes() + refill_entries_.bytes();
  }

  void finish_background_work() override {
    while (pending_ && !pending_->ready()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (pending_) take_generated_kernel();
  }

  // Until the generated kernel is taken, the generic one runs (apply_blocks).
  std::uint64_t launch_generation() override {
    take_generated_kernel_if_ready();
    return generated_ ? 1 : 0;
  }

  std::vector<std::string> describe() const override {
    std::string text;
    if (generated_) {
      char generated[200];
      std::snprintf(generated, sizeof(generated), "kernel generated for this matrix (%s, compiled in %.3f s%s)",
                    generated_->compiled().name.c_str(), compile_seconds_, from_disk_ ? ", from the disk cache" : "");
      text = generated;
    } else if (pending_) {
      text = "generic kernel while the generated one compiles: " + generic_kernel_text();
    } else {
      text = generic_kernel_text() + ": " + jit_note_;
    }
    const std::string refill =
        slots_.bytes() == 0 ? "refill: the values with their rows' columns (no refill map: " + refill_map_note_ + ")"
        : refills_on_host() ? "refill: the values put in their slots on the host, by each entry's slot (" +
                                  detail::megabytes(slots_.bytes()) + " kept on the GPU), then one copy"
                            : "refill: the values alone, by each entry's slot kept on the GPU (" +
                                  detail::megabytes(slots_.bytes()) + ")";
    return {text, refill};
  }

 private:
  using D = detail::device_value_t<V>;  // V in the kernels (device_value.hpp)
  using Kernel = void (*)(const DiagonalBlock*, const I*, const I*, const D*, long long, const D*, D, D, D*);

  // The generic kernel: the chunked one for grids of at most a block per
  // multiprocessor (docs/h200-2026-11-30-generic-diagonal/).
  Kernel generic_kernel() const {
    switch (generic_chunk_) {
      case 0: return stream_loads_ ? diagonal_kernel<true, D, I> : diagonal_kernel<false, D, I>;
      case 32: return stream_loads_ ? diagonal_chunked_kernel<32, true, D, I> : diagonal_chunked_kernel<32, false, D, I>;
      case 16: return stream_loads_ ? diagonal_chunked_kernel<16, true, D, I> : diagonal_chunked_kernel<16, false, D, I>;
      default: return stream_loads_ ? diagonal_chunked_kernel<8, true, D, I> : diagonal_chunked_kernel<8, false, D, I>;
    }
  }

  std::string generic_kernel_text() const {
    return generic_chunk_ == 0 ? "generic kernel (offsets read from memory)"
                               : "generic kernel (offsets read from memory; the loads of up to " +
                                     std::to_string(generic_chunk_) + " diagonals at once, for a grid of few blocks)";
  }

  // The product of blocks [b0, b1) (their rows of y), generated kernel or generic.
  void apply_blocks(std::size_t b0, std::size_t b1, V alpha, const V* x, V beta, V* y, Stream stream) {
    if (b1 <= b0) return;
    take_generated_kernel_if_ready();
    long long cols = host_.layout().cols;
    const unsigned grid = unsigned(b1 - b0);
    if (generated_) {  // (its value type has V's layout: generator.cpp)
      const DiagonalBlock* all = blocks_.data();
      long long first = (long long)b0;
      const V* v = values_.data();
      void* args[] = {&all, &first, &v, &cols, &x, &alpha, &beta, &y};
      generated_->launch(grid, unsigned(host_.block_threads()), 0, stream, args);
      return;
    }
    kernel_<<<grid, unsigned(host_.block_threads()), 0, static_cast<cudaStream_t>(stream)>>>(
        blocks_.data() + b0, offsets_.data(), list_begin_.data(), detail::dev_ptr(values_.data()), cols, detail::dev_ptr(x),
        detail::dev_value(alpha), detail::dev_value(beta), detail::dev_ptr(y));
    AIJA_CUDA_CHECK_LAUNCH();
  }

  // The fill kernel over chunk c's blocks, its arrays on the device (the
  // rows and entries of the chunk, numbered from its first).
  void launch_fill(const DiagonalFillChunk& c, const I* row_ptr, const I* col_idx, const V* entries, int* failure,
                   cudaStream_t s) {
    diagonal_fill_kernel<D, I><<<unsigned(c.blocks), unsigned(host_.block_threads()), 0, s>>>(
        blocks_.data() + c.first_block, offsets_.data(), list_begin_.data(), (long long)c.row0, row_ptr,
        (long long)c.entry0, col_idx, detail::dev_ptr(entries), detail::dev_ptr(values_.data()), slots_.data(),
        failure);
    AIJA_CUDA_CHECK_LAUNCH();
  }

  // The refill of entries [entry0, entry0 + count) through the map, their
  // values in refill_entries_.
  void launch_refill(std::int64_t entry0, std::int64_t count, cudaStream_t s) {
    constexpr int threads = 256;
    diagonal_refill_kernel<D><<<unsigned((count + threads - 1) / threads), threads, 0, s>>>(
        slots_.data() + entry0, (long long)count, detail::dev_ptr(refill_entries_.data()),
        detail::dev_ptr(values_.data()));
    AIJA_CUDA_CHECK_LAUNCH();
  }

  // Whether to keep the refill map (diagonal_tuning::kRefillMap): its slots
  // fit 32 bits, and the device has room for it twice over beside the
  // upload's scratch. Says why not otherwise.
  bool keeps_refill_map() {
    const DiagonalLayout<V>& layout = host_.layout();
    const std::size_t bytes = std::size_t(layout.nnz) * sizeof(std::uint32_t);
    if (host_.context().params.choice(host_.id(), diagonal_tuning::kRefillMap) == "never")
      refill_map_note_ = std::string(diagonal_tuning::kRefillMap) + " never";
    else if (layout.stored > std::int64_t(UINT32_MAX))
      refill_map_note_ = "more value slots than 32 bits count";
    else if (const std::size_t needed = 2 * bytes + diagonal_fill_scratch_bytes(host_.csr(), host_.blocks());
             layout.nnz > 0 && needed > kUncheckedDeviceBytes && device_memory_info().free_bytes < needed)
      refill_map_note_ = "the device has no room for its " + detail::megabytes(bytes);
    else
      return layout.nnz > 0;
    return false;
  }

  // The fill from the caller's arrays, sent chunk by chunk (see fill_values);
  // returns once the caller's arrays may change.
  void fill_in_chunks(int* failure, Stream stream) {
    const CsrView<V, I>& a = host_.csr();
    const std::vector<DiagonalFillChunk> chunks = diagonal_fill_chunks(a, host_.blocks());
    const std::size_t largest = diagonal_fill_chunk_capacity<V, I>(chunks);
    TransientBuffer<unsigned char> scratch{largest, stream};
    const bool staged = chunks.size() > 1;
    PinnedBuffer<unsigned char> pinned[2];
    std::unique_ptr<OwnedEvent> sent[2];
    if (staged)
      for (int k = 0; k < 2; ++k) {
        pinned[k] = PinnedBuffer<unsigned char>(largest);
        sent[k] = std::make_unique<OwnedEvent>();
      }
    std::vector<detail::HostPiece> pieces;  // one chunk's arrays, sent from the caller's
    for (std::size_t j = 0; j < chunks.size(); ++j) {
      const DiagonalFillChunk& c = chunks[j];
      const DiagonalChunkBytes b = diagonal_chunk_bytes<V, I>(c.rows, c.entries);
      if (staged) {
        const std::size_t slot = j % 2;
        if (j >= 2) sent[slot]->synchronize();  // its chunk j - 2 has crossed
        stage_chunk(a, c, b, pinned[slot].data());
        copy_to_device(scratch.data(), pinned[slot].data(), b.total, stream);
        sent[slot]->record(stream);
      } else {
        pieces = {{b.row_ptr, a.row_ptr + c.row0, std::size_t(c.rows + 1) * sizeof(I)},
                  {b.col_idx, a.col_idx + c.entry0, std::size_t(c.entries) * sizeof(I)},
                  {b.values, a.values + c.entry0, std::size_t(c.entries) * sizeof(V)}};
        detail::send_pieces(scratch.data(), pieces, stream);
      }
      launch_fill(c, reinterpret_cast<const I*>(scratch.data() + b.row_ptr),
                  reinterpret_cast<const I*>(scratch.data() + b.col_idx),
                  reinterpret_cast<const V*>(scratch.data() + b.values), failure, static_cast<cudaStream_t>(stream));
    }
    // Packed, the caller's arrays are free already; else wait for the copies
    // (and for the pinned buffers, freed on return).
    if (staged || !detail::packs(pieces)) synchronize(stream);
  }

  // A refill through the map: the values alone, into the same slots (no
  // zeroing; the pattern is the caller's promise, as at csr's refill), piece
  // by piece (staged_upload.hpp) into one device buffer, each piece scattered
  // by the map before the next one's copy, in stream order. The buffers are
  // made at the first refill and kept: a matrix refilled once is refilled
  // again (Newton steps, time steps).
  void refill_through_map(Stream stream) {
    if (refills_on_host()) return refill_on_host(stream);
    const CsrView<V, I>& a = host_.csr();
    const std::size_t piece_values = detail::StagedUpload::kPieceBytes / sizeof(V);
    reserve(refill_entries_, std::min(std::size_t(a.nnz()), piece_values));
    const cudaStream_t s = static_cast<cudaStream_t>(stream);
    refills_.send_pieces(a.values, std::size_t(a.nnz()) * sizeof(V), stream,
                         [&](const void* piece, std::size_t at, std::size_t n) {
                           copy_to_device(refill_entries_.data(), piece, n, stream);
                           launch_refill(std::int64_t(at / sizeof(V)), std::int64_t(n / sizeof(V)), s);
                         });
    synchronize(stream);
  }

  bool refills_on_host() const {
    return host_.layout().stored <= host_.context().params.integer(host_.id(), diagonal_tuning::kRefillOnHost);
  }

  // A small layout's refill: the values put in their slots on the host, by
  // the map brought back once, and sent with one copy (host_scattered_refill.hpp).
  void refill_on_host(Stream stream) {
    if (!host_refill_) {
      std::vector<std::uint32_t> slot_of_entry(std::size_t(host_.layout().nnz));
      copy_to_host(slot_of_entry.data(), slots_.data(), slots_.bytes(), stream);
      synchronize(stream);
      host_refill_ = std::make_unique<detail::HostScatteredRefill<V>>(std::move(slot_of_entry),
                                                                      std::size_t(host_.layout().stored));
    }
    host_refill_->send(host_.csr().values, values_.data(), stream);
  }

  // The values from the host half's CSR arrays: at the upload, from those
  // sent with the block (a small matrix's, PackedCsr) or by the analysis
  // (csr_prefetch.hpp), in one launch; otherwise chunk by chunk on `stream`
  // (a chunk's copy waits for the kernel of the one before, in stream order).
  // More than one chunk: through two pinned buffers, which host threads fill
  // while the chunk before crosses to the device (a pageable copy is staged
  // by the driver on one thread: 7 GB/s for stencil27's arrays on the H100,
  // docs/h100-2026-11-24-dia-setup); one chunk: straight from the caller's
  // arrays. A failure the kernel flags is an error once the stream is done
  // (check_fill).
  void fill_values(Stream stream, bool refill) {
    if (refill && upload_unchecked_) check_fill(stream, false);
    if (refill && slots_.bytes() > 0) return refill_through_map(stream);
    const CsrView<V, I>& a = host_.csr();
    const cudaStream_t s = static_cast<cudaStream_t>(stream);
    const std::vector<DiagonalBlock>& blocks = host_.blocks();
    const DiagonalFillChunk all{0, blocks.size(), 0, a.rows, 0, a.nnz()};
    // The upload's flag came zeroed with the block; a refill's is zeroed here.
    if (refill) AIJA_CUDA_CHECK(cudaMemsetAsync(failure_.data(), 0, sizeof(int), s));
    // At the upload, the arrays in the block or those the analysis sent
    // (kept alive by `prefetch` until check_fill has waited): one launch.
    std::optional<DeviceCsrPointers<V, I>> whole = refill ? std::nullopt : packed_csr_;
    const std::shared_ptr<CsrPrefetch<V, I>> prefetch =
        refill || whole ? nullptr : csr_prefetch_for(host_.context().csr_prefetch, a);
    if (const DeviceCsrArrays<V, I>* sent = prefetch ? prefetch->wait() : nullptr) whole = sent->pointers();
    if (!whole)
      fill_in_chunks(failure_.data(), stream);
    else if (!blocks.empty())
      launch_fill(all, whole->row_ptr, whole->col_idx, whole->values, failure_.data(), s);
    if (!refill && packed_csr_) {
      // A small matrix's upload returns without waiting for its fill, whose
      // flag is read at the first refill: the wait and the copy back were
      // 8-10 us of a 30 us upload on the H200
      // (docs/h200-2026-11-30-setup-fixed-costs), for checks the host build
      // makes too (it refuses rows out of order, and laid out every entry of
      // these same arrays).
      upload_unchecked_ = true;
      return;
    }
    check_fill(stream, refill);
  }

  // The fill's flag, once `stream` is through: at a refill, a changed
  // pattern; at the upload, a row out of order (the next candidate takes the
  // matrix) or an entry off the layout (a bug). An upload's flag read at the
  // first refill says so.
  void check_fill(Stream stream, bool refill) {
    const bool deferred = upload_unchecked_;
    upload_unchecked_ = false;
    int found = 0;
    copy_to_host(&found, failure_.data(), sizeof(int), stream);
    synchronize(stream);
    if (found == 0) return;
    const std::string name = format_name(host_.id());
    // At a refill the host half saw the same counts: the pattern changed.
    if (refill)
      AIJA_THROW(invalid_argument, name + ": refill with a different pattern (" +
                                       (found & kFillUnsorted ? "a row's columns out of order" : "an entry off the layout") +
                                       "): build again");
    const std::string when = deferred ? " (found by the upload's fill, read at the first refill)" : "";
    AIJA_REQUIRE(!(found & kFillUnsorted), unsupported,
                 name + ": the diagonal formats need each row's columns in increasing order without repeats" + when);
    AIJA_THROW(internal, name + ": an entry lies on no diagonal of its row piece" + when);
  }

  // Asks for the kernel with the offsets as constants, compiled in the
  // background; the generic kernel runs until it is ready.
  void start_generated_kernel() {
    if (!host_.context().kernels) {
      jit_note_ = "run-time compilation is off";
      return;
    }
    if (host_.blocks().empty() || host_.layout().offsets.empty()) {
      jit_note_ = "no entries to generate a kernel for";
      return;
    }
    // The generated kernel only makes the product faster: whatever keeps it
    // from starting leaves the generic kernel, not a failed upload.
    try {
      const std::shared_ptr<const detail::GeneratedDiagonalKernel> g =
          detail::generated_diagonal_kernel(host_.layout(), host_.blocks(), host_.block_threads(), stream_loads_);
      if (g->source.empty()) {
        jit_note_ = g->why_not;
        return;
      }
      pending_ = host_.context().kernels->get_async(g->key, g->source, g->name, host_.context().device.id);
    } catch (const std::exception& e) {
      jit_note_ = std::string("the run-time compile could not start: ") + e.what();
      pending_.reset();
    }
  }

  void take_generated_kernel_if_ready() {
    if (pending_ && pending_->ready()) take_generated_kernel();
  }

  void take_generated_kernel() {
    generated_ = pending_->kernel();
    compile_seconds_ = pending_->compile_seconds();
    from_disk_ = pending_->from_disk();
    if (!generated_) jit_note_ = "the run-time compile failed: " + pending_->failure();
    pending_.reset();
  }

  const DiagonalHostFormat<V, I>& host_;
  DeviceBuffer<unsigned char> block_;  // the arrays below
  detail::BlockSpan<V> values_;
  detail::BlockSpan<I> offsets_, list_begin_;
  detail::BlockSpan<DiagonalBlock> blocks_;
  detail::BlockSpan<std::uint32_t> slots_;  // the refill map, by CSR position (empty: none)
  detail::BlockSpan<int> failure_;          // what the fill found wrong (kFillUnsorted, kFillOffDiagonal)
  std::optional<DeviceCsrPointers<V, I>> packed_csr_;  // the CSR arrays in block_, for the upload's fill
  bool upload_unchecked_ = false;                      // the upload's fill flag is still to be read
  std::string refill_map_note_;        // why there is none
  // refill_through_map's buffers, made at the first refill: one piece of
  // values on the device, the pinned ones on the host.
  DeviceBuffer<V> refill_entries_;
  detail::StagedUpload refills_;
  std::unique_ptr<detail::HostScatteredRefill<V>> host_refill_;  // made at the first refill on the host
  bool stream_loads_ = false;
  int generic_chunk_ = 0;  // diagonals the generic kernel loads at once (0: diagonal_kernel's loop)
  Kernel kernel_ = nullptr;
  std::shared_ptr<PendingKernel> pending_;
  const RuntimeKernel* generated_ = nullptr;
  double compile_seconds_ = 0;
  bool from_disk_ = false;
  std::string jit_note_;
};

}  // namespace

template <class V, class I>
std::unique_ptr<DeviceFormat<V, I>> upload_diagonal(const DiagonalHostFormat<V, I>& host, Stream stream) {
  return std::make_unique<DiagonalDeviceFormat<V, I>>(host, stream);
}

#define AIJA_INSTANTIATE(V, I) \
  template std::unique_ptr<DeviceFormat<V, I>> upload_diagonal<V, I>(const DiagonalHostFormat<V, I>&, Stream);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
