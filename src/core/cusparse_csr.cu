// cuSPARSE generic SpMV on device CSR arrays, shared by the CSR-based formats.
// (Moved here unchanged from src/formats/csr/kernels.cu; its one helper kernel,
// y = beta * y, is the only __global__ code outside src/formats/.)
#include "core/cusparse_csr.hpp"

#include <cuda_runtime_api.h>

#include <type_traits>

#include "aijadaptive/instantiate.hpp"
#include "aijadaptive/packed_arrays.hpp"
#include "core/cuda_check.hpp"
#include "core/cusparse_types.hpp"
#include "core/cuda_context.hpp"
#include "core/device_value.hpp"

namespace aijadaptive::detail {

namespace {

// ALG2 gives bit-wise deterministic results, which keeps KSP iteration counts
// reproducible from run to run. ALG1 was 4-14% faster on the H100's large
// matrices (docs/h100-2026-11-22/suite.csv) but cuSPARSE does not promise it
// is deterministic; where speed matters more, ipcsr is the faster format.
constexpr cusparseSpMVAlg_t kPlainAlgorithm = CUSPARSE_SPMV_CSR_ALG2;
// The transpose runs through the default algorithm, the one cuSPARSE supports for it.
constexpr cusparseSpMVAlg_t kTransposeAlgorithm = CUSPARSE_SPMV_ALG_DEFAULT;

using detail::cuda_value_type;
using detail::cusparse_index_type;

using detail::DenseVector;

template <class V>
__global__ void scale_kernel(V beta, V* y, std::int64_t n) {
  const std::int64_t i = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) y[i] = beta == V(0) ? V(0) : beta * y[i];
}

// y = beta * y (beta == 0: y = 0 without reading it).
template <class V>
void scale(V beta, V* y, std::int64_t n, cudaStream_t s) {
  constexpr int kThreads = 256;
  const unsigned blocks = unsigned((n + kThreads - 1) / kThreads);
  scale_kernel<<<blocks, kThreads, 0, s>>>(dev_value(beta), dev_ptr(y), n);
  AIJA_CUDA_CHECK_LAUNCH();
}

}  // namespace

template <class V, class I>
CusparseCsr<V, I>::~CusparseCsr() {
  destroy_descriptor();
}

template <class V, class I>
void CusparseCsr<V, I>::upload(const CsrView<V, I>& a, const std::weak_ptr<CsrPrefetchBase>& sent, Stream stream,
                               bool prepare_plain) {
  rows_ = a.rows;
  cols_ = a.cols;
  nnz_ = a.nnz();
  const std::shared_ptr<CsrPrefetch<V, I>> prefetch = csr_prefetch_for(sent, a);
  block_ = DeviceBuffer<unsigned char>();
  taken_ = DeviceCsrArrays<V, I>();
  if (std::optional<DeviceCsrArrays<V, I>> arrays = prefetch ? prefetch->take() : std::nullopt) {
    taken_ = std::move(*arrays);
    row_ptr_ = taken_.row_ptr.data();
    col_idx_ = taken_.col_idx.data();
    values_ = taken_.values.data();
  } else {
    // One allocation; a small matrix's arrays sent with one copy.
    detail::PackedArrays packed;
    const auto row_ptr = packed.add(std::size_t(rows_) + 1, a.rows > 0 ? a.row_ptr : nullptr);
    const auto col_idx = packed.add(std::size_t(nnz_), a.col_idx);
    const auto values = packed.add(std::size_t(nnz_), a.values);
    block_ = packed.send(stream);
    row_ptr_ = row_ptr.in(block_);
    col_idx_ = col_idx.in(block_);
    values_ = values.in(block_);
  }
  if (a.rows == 0) {
    // cuSPARSE wants a valid row_ptr even for an empty matrix.
    AIJA_CUDA_CHECK(cudaMemsetAsync(row_ptr_, 0, sizeof(I), static_cast<cudaStream_t>(stream)));
  }
  destroy_descriptor();
  AIJA_CUSPARSE_CHECK(cusparseCreateCsr(&matrix_, rows_, cols_, nnz_, row_ptr_, col_idx_, values_,
                                        cusparse_index_type<I>(), cusparse_index_type<I>(), CUSPARSE_INDEX_BASE_ZERO,
                                        cuda_value_type<V>()));
  plain_ = Plan{};
  transpose_ = Plan{};
  conjugate_transpose_ = Plan{};
  if (prepare_plain) prepare(plain_, Op::plain, stream);
}

template <class V, class I>
void CusparseCsr<V, I>::upload_values(const V* values, Stream stream) {
  refills_.send(values_, values, std::size_t(nnz_) * sizeof(V), stream);
}

template <class V, class I>
void CusparseCsr<V, I>::apply(Op op, V alpha, const V* x, V beta, V* y, Stream stream) {
  const bool plain = op == Op::plain;
  const std::int64_t nx = plain ? cols_ : rows_;
  const std::int64_t ny = plain ? rows_ : cols_;
  if (ny == 0) return;
  cudaStream_t s = static_cast<cudaStream_t>(stream);
  if (nx == 0 || nnz_ == 0) {  // y = beta * y, and cuSPARSE need not see an empty matrix
    scale(beta, y, ny, s);
    return;
  }
  Plan& plan = plain ? plain_ : op == Op::transpose ? transpose_ : conjugate_transpose_;
  if (!plan.ready) prepare(plan, op, stream);
  const CusparseHandle handle = cusparse_handle();
  const cusparseHandle_t h = handle.get();
  AIJA_CUSPARSE_CHECK(cusparseSetStream(h, s));
  DenseVector<V> vx(nx, x), vy(ny, y);
  // cuSPARSE launches the product's kernels: a launch check for the fault hooks.
  if (fault_hooks_active()) fault_point(faults::Site::launch, "cusparseSpMV", __FILE__, __LINE__);
  AIJA_CUSPARSE_CHECK(cusparseSpMV(h, plan.operation, &alpha, matrix_, vx.get(), &beta, vy.get(),
                                   cuda_value_type<V>(), plan.algorithm, plan.buffer.data()));
}

template <class V, class I>
std::size_t CusparseCsr<V, I>::device_bytes() const {
  return block_.bytes() + taken_.row_ptr.bytes() + taken_.col_idx.bytes() + taken_.values.bytes() +
         plain_.buffer.bytes() + transpose_.buffer.bytes() + conjugate_transpose_.buffer.bytes();
}

// Sizes the work buffer and, for the plain product, runs the preprocessing on
// scratch vectors: it depends on the matrix only, not on x or y.
template <class V, class I>
void CusparseCsr<V, I>::prepare(Plan& plan, Op op, Stream stream) {
  const bool plain = op == Op::plain;
  plan.operation = plain                 ? CUSPARSE_OPERATION_NON_TRANSPOSE
                   : op == Op::transpose ? CUSPARSE_OPERATION_TRANSPOSE
                                         : CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
  plan.algorithm = plain ? kPlainAlgorithm : kTransposeAlgorithm;
  if (rows_ == 0 || cols_ == 0 || nnz_ == 0) {
    plan.ready = true;
    return;
  }
  // Freed in stream order after the preprocessing that reads them.
  TransientBuffer<V> sx(std::size_t(plain ? cols_ : rows_), stream), sy(std::size_t(plain ? rows_ : cols_), stream);
  DenseVector<V> vx(std::int64_t(sx.size()), sx.data()), vy(std::int64_t(sy.size()), sy.data());
  const CusparseHandle handle = cusparse_handle();
  const cusparseHandle_t h = handle.get();
  AIJA_CUSPARSE_CHECK(cusparseSetStream(h, static_cast<cudaStream_t>(stream)));
  const V one = 1, zero = 0;
  std::size_t bytes = 0;
  AIJA_CUSPARSE_CHECK(cusparseSpMV_bufferSize(h, plan.operation, &one, matrix_, vx.get(), &zero,
                                              vy.get(), cuda_value_type<V>(), plan.algorithm, &bytes));
  plan.buffer = DeviceBuffer<unsigned char>(bytes);
  if (plain)
    AIJA_CUSPARSE_CHECK(cusparseSpMV_preprocess(h, plan.operation, &one, matrix_, vx.get(), &zero,
                                                vy.get(), cuda_value_type<V>(), plan.algorithm,
                                                plan.buffer.data()));
  plan.ready = true;
}

template <class V, class I>
void CusparseCsr<V, I>::destroy_descriptor() {
  if (matrix_) cusparseDestroySpMat(matrix_);
  matrix_ = nullptr;
}

#define AIJA_INSTANTIATE(V, I) template class CusparseCsr<V, I>;
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive::detail
