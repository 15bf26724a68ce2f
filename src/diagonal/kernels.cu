// Device half of the DIA-Adaptive formats: the layout's arrays on the GPU, the
// generic kernels (offsets read from memory) and the switch to the kernel
// generated for the matrix once its run-time compile is done.
#include <cuda_runtime_api.h>

#include <chrono>
#include <climits>
#include <cstdio>
#include <exception>
#include <thread>
#include <memory>
#include <string>

#include "aijadaptive/device_buffer.hpp"
#include "aijadaptive/diagonal_layout.hpp"
#include "aijadaptive/instantiate.hpp"
#include "aijadaptive/kernel_cache.hpp"
#include "core/cuda_check.hpp"
#include "diagonal/generator.hpp"

namespace aijadaptive {

namespace {

template <bool kStream, class V>
__device__ __forceinline__ V load_value(const V* p) {
  if constexpr (kStream)
    return __ldcs(p);  // used once: evict first, so that the caches keep x
  else
    return *p;
}

// One thread a row, one block up to T rows of one piece (DiagonalBlock). The
// generated kernels (generator.cpp) compute the same sums in the same order.
template <bool kStream, class V, class I>
__global__ void __launch_bounds__(1024)
    diagonal_kernel(const DiagonalBlock* __restrict__ blocks, const I* __restrict__ offsets,
                    const I* __restrict__ list_begin, const V* __restrict__ values, long long cols,
                    const V* __restrict__ x, V alpha, V beta, V* __restrict__ y) {
  const DiagonalBlock b = blocks[blockIdx.x];
  const int t = threadIdx.x;
  if (t >= b.rows) return;
  const long long row = b.row0 + t, s = b.stride;
  const V* __restrict__ v = values + b.values + t;
  const int list = b.list_guard / 2;
  const I* __restrict__ off = offsets + list_begin[list];
  const int count = int(list_begin[list + 1] - list_begin[list]);
  V sum = 0;
  if (b.list_guard % 2 == 0) {
#pragma unroll 8
    for (int k = 0; k < count; ++k) sum += load_value<kStream>(v + k * s) * __ldg(x + (row + off[k]));
  } else {
#pragma unroll 8
    for (int k = 0; k < count; ++k) {
      const long long c = row + off[k];
      if (c >= 0 && c < cols) sum += load_value<kStream>(v + k * s) * __ldg(x + c);
    }
  }
  y[row] = beta == V(0) ? alpha * sum : alpha * sum + beta * y[row];  // beta == 0: y unread
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
  y[j] = beta == V(0) ? alpha * sum : alpha * sum + beta * y[j];
}

template <class T, class U>
DeviceBuffer<T> upload_as(const std::vector<U>& host, Stream stream) {
  std::vector<T> converted(host.begin(), host.end());
  DeviceBuffer<T> d(converted.size());
  copy_to_device(d.data(), converted.data(), d.bytes(), stream);
  synchronize(stream);  // `converted` goes out of scope
  return d;
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
    values_ = DeviceBuffer<V>(layout.values.size());
    copy_to_device(values_.data(), layout.values.data(), values_.bytes(), stream);
    offsets_ = upload_as<I>(layout.offsets, stream);
    list_begin_ = upload_as<I>(layout.list_begin, stream);
    blocks_ = DeviceBuffer<DiagonalBlock>(blocks.size());
    copy_to_device(blocks_.data(), blocks.data(), blocks_.bytes(), stream);
    // Values larger than L2 are streamed past it (as ipcsr's CSR arrays).
    stream_loads_ = std::int64_t(values_.bytes()) > host.context().device.l2_bytes;
    kernel_ = stream_loads_ ? diagonal_kernel<true, V, I> : diagonal_kernel<false, V, I>;
    start_generated_kernel();
  }

  void apply(V alpha, const V* x, V beta, V* y, Stream stream) override {
    const std::size_t n = host_.blocks().size();
    if (n == 0) return;
    if (pending_ && pending_->ready()) take_generated_kernel();
    long long cols = host_.layout().cols;
    if (generated_) {
      const DiagonalBlock* b = blocks_.data();
      const V* v = values_.data();
      void* args[] = {&b, &v, &cols, &x, &alpha, &beta, &y};
      generated_->launch(unsigned(n), unsigned(host_.block_threads()), 0, stream, args);
      return;
    }
    kernel_<<<unsigned(n), unsigned(host_.block_threads()), 0, static_cast<cudaStream_t>(stream)>>>(
        blocks_.data(), offsets_.data(), list_begin_.data(), values_.data(), cols, x, alpha, beta, y);
    AIJA_CUDA_CHECK_LAUNCH();
  }

  void apply_transpose(V alpha, const V* x, V beta, V* y, Stream stream) override {
    const DiagonalLayout<V>& layout = host_.layout();
    if (layout.cols == 0) return;
    const int threads = host_.block_threads();
    const long long stride = layout.pieces.empty() ? 0 : layout.pieces[0].stride;
    const int count = layout.pieces.empty() ? 0 : int(layout.list_begin[1]);
    diagonal_transpose_kernel<<<unsigned((layout.cols + threads - 1) / threads), unsigned(threads), 0,
                                static_cast<cudaStream_t>(stream)>>>(offsets_.data(), count, values_.data(), stride,
                                                                     layout.rows, layout.cols, x, alpha, beta, y);
    AIJA_CUDA_CHECK_LAUNCH();
  }

  void upload_values(Stream stream) override {
    copy_to_device(values_.data(), host_.layout().values.data(), values_.bytes(), stream);
  }

  std::size_t device_bytes() const override {
    return values_.bytes() + offsets_.bytes() + list_begin_.bytes() + blocks_.bytes();
  }

  void finish_background_work() override {
    while (pending_ && !pending_->ready()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (pending_) take_generated_kernel();
  }

  std::vector<std::string> describe() const override {
    char text[200];
    if (generated_)
      std::snprintf(text, sizeof(text), "kernel generated for this matrix (%s, compiled in %.3f s%s)",
                    generated_->compiled().name.c_str(), compile_seconds_, from_disk_ ? ", from the disk cache" : "");
    else if (pending_)
      std::snprintf(text, sizeof(text), "generic kernel while the generated one compiles");
    else
      std::snprintf(text, sizeof(text), "generic kernel (offsets read from memory): %s", jit_note_.c_str());
    return {text};
  }

 private:
  using Kernel = void (*)(const DiagonalBlock*, const I*, const I*, const V*, long long, const V*, V, V, V*);

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
      const detail::GeneratedDiagonalKernel g =
          detail::generate_diagonal_kernel(host_.layout(), host_.blocks(), host_.block_threads(), stream_loads_);
      if (g.source.empty()) {
        jit_note_ = g.why_not;
        return;
      }
      pending_ = host_.context().kernels->get_async(g.key, g.source, g.name, host_.context().device.id);
    } catch (const std::exception& e) {
      jit_note_ = std::string("the run-time compile could not start: ") + e.what();
      pending_.reset();
    }
  }

  void take_generated_kernel() {
    generated_ = pending_->kernel();
    compile_seconds_ = pending_->compile_seconds();
    from_disk_ = pending_->from_disk();
    if (!generated_) jit_note_ = "the run-time compile failed: " + pending_->failure();
    pending_.reset();
  }

  const DiagonalHostFormat<V, I>& host_;
  DeviceBuffer<V> values_;
  DeviceBuffer<I> offsets_, list_begin_;
  DeviceBuffer<DiagonalBlock> blocks_;
  bool stream_loads_ = false;
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
