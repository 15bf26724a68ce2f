// Device side of format `csr`: cuSPARSE generic SpMV on the uploaded arrays.
#include <cuda_runtime_api.h>
#include <cusparse.h>

#include <type_traits>

#include "aijadaptive/device_buffer.hpp"
#include "aijadaptive/formats/csr.hpp"
#include "aijadaptive/instantiate.hpp"
#include "core/cuda_check.hpp"
#include "core/cuda_context.hpp"

namespace aijadaptive {

namespace {

// ALG2 gives deterministic results and is the faster of the two on regular
// matrices; its preprocessing step amortises the row partitioning.
constexpr cusparseSpMVAlg_t kPlainAlgorithm = CUSPARSE_SPMV_CSR_ALG2;
// The transpose runs through the default algorithm, the one cuSPARSE supports for it.
constexpr cusparseSpMVAlg_t kTransposeAlgorithm = CUSPARSE_SPMV_ALG_DEFAULT;

template <class V>
constexpr cudaDataType value_type() {
  return std::is_same_v<V, double> ? CUDA_R_64F : CUDA_R_32F;
}
template <class I>
constexpr cusparseIndexType_t index_type() {
  return sizeof(I) == 8 ? CUSPARSE_INDEX_64I : CUSPARSE_INDEX_32I;
}

// Owns a cuSPARSE dense-vector descriptor.
template <class V>
class DenseVector {
 public:
  DenseVector(std::int64_t n, const V* data) {
    AIJA_CUSPARSE_CHECK(cusparseCreateDnVec(&d_, n, const_cast<V*>(data), value_type<V>()));
  }
  ~DenseVector() { cusparseDestroyDnVec(d_); }
  DenseVector(const DenseVector&) = delete;
  DenseVector& operator=(const DenseVector&) = delete;
  cusparseDnVecDescr_t get() const { return d_; }

 private:
  cusparseDnVecDescr_t d_ = nullptr;
};

template <class V, class I>
class CsrDeviceFormat final : public DeviceFormat<V, I> {
 public:
  ~CsrDeviceFormat() override { destroy_descriptor(); }

  std::size_t bytes_needed(const HostFormat<V, I>& host) const override {
    const CsrView<V, I>& a = host.csr();
    // The cuSPARSE work buffers are small next to the arrays; allow 1%.
    const std::size_t arrays = (std::size_t(a.rows) + 1) * sizeof(I) +
                               std::size_t(a.nnz()) * (sizeof(I) + sizeof(V));
    return arrays + arrays / 100;
  }

  void upload(const HostFormat<V, I>& host, Stream stream) override {
    const CsrView<V, I>& a = host.csr();
    rows_ = a.rows;
    cols_ = a.cols;
    nnz_ = a.nnz();
    row_ptr_ = DeviceBuffer<I>(std::size_t(rows_) + 1);
    col_idx_ = DeviceBuffer<I>(std::size_t(nnz_));
    values_ = DeviceBuffer<V>(std::size_t(nnz_));
    if (a.rows > 0) copy_to_device(row_ptr_.data(), a.row_ptr, row_ptr_.bytes(), stream);
    copy_to_device(col_idx_.data(), a.col_idx, col_idx_.bytes(), stream);
    copy_to_device(values_.data(), a.values, values_.bytes(), stream);
    if (a.rows == 0) {
      // cuSPARSE wants a valid row_ptr even for an empty matrix.
      AIJA_CUDA_CHECK(cudaMemsetAsync(row_ptr_.data(), 0, row_ptr_.bytes(),
                                      static_cast<cudaStream_t>(stream)));
    }
    destroy_descriptor();
    AIJA_CUSPARSE_CHECK(cusparseCreateCsr(&matrix_, rows_, cols_, nnz_, row_ptr_.data(),
                                          col_idx_.data(), values_.data(), index_type<I>(),
                                          index_type<I>(), CUSPARSE_INDEX_BASE_ZERO,
                                          value_type<V>()));
    plain_ = Plan{};
    transpose_ = Plan{};
    prepare(plain_, CUSPARSE_OPERATION_NON_TRANSPOSE, kPlainAlgorithm, stream, true);
  }

  void upload_values(const HostFormat<V, I>& host, Stream stream) override {
    copy_to_device(values_.data(), host.csr().values, values_.bytes(), stream);
  }

  void apply(Op op, V alpha, const V* x, V beta, V* y, Stream stream) override {
    const bool plain = op == Op::plain;
    const std::int64_t nx = plain ? cols_ : rows_;
    const std::int64_t ny = plain ? rows_ : cols_;
    if (ny == 0) return;
    cudaStream_t s = static_cast<cudaStream_t>(stream);
    if (nx == 0 || nnz_ == 0) {  // y = beta * y, and cuSPARSE need not see an empty matrix
      scale(beta, y, ny, s);
      return;
    }
    Plan& plan = plain ? plain_ : transpose_;
    if (!plain && !transpose_.ready)
      prepare(transpose_, CUSPARSE_OPERATION_TRANSPOSE, kTransposeAlgorithm, stream, false);
    cusparseHandle_t h = detail::cusparse_handle();
    AIJA_CUSPARSE_CHECK(cusparseSetStream(h, s));
    DenseVector<V> vx(nx, x), vy(ny, y);
    AIJA_CUSPARSE_CHECK(cusparseSpMV(h, plan.operation, &alpha, matrix_, vx.get(), &beta, vy.get(),
                                     value_type<V>(), plan.algorithm, plan.buffer.data()));
  }

  std::size_t device_bytes() const override {
    return row_ptr_.bytes() + col_idx_.bytes() + values_.bytes() + plain_.buffer.bytes() +
           transpose_.buffer.bytes();
  }

 private:
  struct Plan {
    bool ready = false;
    cusparseOperation_t operation = CUSPARSE_OPERATION_NON_TRANSPOSE;
    cusparseSpMVAlg_t algorithm = CUSPARSE_SPMV_ALG_DEFAULT;
    DeviceBuffer<unsigned char> buffer;
  };

  // Sizes the work buffer and, for the plain product, runs the preprocessing
  // on scratch vectors: it depends on the matrix only, not on x or y.
  void prepare(Plan& plan, cusparseOperation_t operation, cusparseSpMVAlg_t algorithm,
               Stream stream, bool preprocess) {
    plan.operation = operation;
    plan.algorithm = algorithm;
    if (rows_ == 0 || cols_ == 0 || nnz_ == 0) {
      plan.ready = true;
      return;
    }
    const bool plain = operation == CUSPARSE_OPERATION_NON_TRANSPOSE;
    DeviceBuffer<V> sx(std::size_t(plain ? cols_ : rows_)), sy(std::size_t(plain ? rows_ : cols_));
    DenseVector<V> vx(std::int64_t(sx.size()), sx.data()), vy(std::int64_t(sy.size()), sy.data());
    cusparseHandle_t h = detail::cusparse_handle();
    AIJA_CUSPARSE_CHECK(cusparseSetStream(h, static_cast<cudaStream_t>(stream)));
    const V one = 1, zero = 0;
    std::size_t bytes = 0;
    AIJA_CUSPARSE_CHECK(cusparseSpMV_bufferSize(h, operation, &one, matrix_, vx.get(), &zero,
                                                vy.get(), value_type<V>(), algorithm, &bytes));
    plan.buffer = DeviceBuffer<unsigned char>(bytes);
    if (preprocess)
      AIJA_CUSPARSE_CHECK(cusparseSpMV_preprocess(h, operation, &one, matrix_, vx.get(), &zero,
                                                  vy.get(), value_type<V>(), algorithm,
                                                  plan.buffer.data()));
    // The scratch vectors are freed on return: finish using them first.
    AIJA_CUDA_CHECK(cudaStreamSynchronize(static_cast<cudaStream_t>(stream)));
    plan.ready = true;
  }

  void scale(V beta, V* y, std::int64_t n, cudaStream_t s);

  void destroy_descriptor() {
    if (matrix_) cusparseDestroySpMat(matrix_);
    matrix_ = nullptr;
  }

  std::int64_t rows_ = 0, cols_ = 0, nnz_ = 0;
  DeviceBuffer<I> row_ptr_, col_idx_;
  DeviceBuffer<V> values_;
  cusparseSpMatDescr_t matrix_ = nullptr;
  Plan plain_, transpose_;
};

template <class V>
__global__ void scale_kernel(V beta, V* y, std::int64_t n) {
  const std::int64_t i = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) y[i] = beta == V(0) ? V(0) : beta * y[i];
}

template <class V, class I>
void CsrDeviceFormat<V, I>::scale(V beta, V* y, std::int64_t n, cudaStream_t s) {
  constexpr int kThreads = 256;
  const unsigned blocks = unsigned((n + kThreads - 1) / kThreads);
  scale_kernel<<<blocks, kThreads, 0, s>>>(beta, y, n);
  AIJA_CUDA_CHECK_LAUNCH();
}

}  // namespace

template <class V, class I>
std::unique_ptr<DeviceFormat<V, I>> make_csr_device_format() {
  return std::make_unique<CsrDeviceFormat<V, I>>();
}

#define AIJA_INSTANTIATE(V, I) \
  template std::unique_ptr<DeviceFormat<V, I>> make_csr_device_format<V, I>();
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
