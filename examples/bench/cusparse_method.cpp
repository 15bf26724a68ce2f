// The cuSPARSE baselines: cusparseSpMV on CSR with CUSPARSE_SPMV_CSR_ALG1 or
// ALG2, called directly (not through the core) so that the comparison does not
// depend on how the core's `csr` format uses cuSPARSE.
#include <cuda_runtime_api.h>
#include <cusparse.h>

#include <optional>
#include <type_traits>

#include <aijadaptive/device.hpp>
#include <aijadaptive/device_buffer.hpp>
#include <aijadaptive/instantiate.hpp>

#include "core/cuda_check.hpp"
#include "core/cusparse_types.hpp"
#include "methods.hpp"
#include "timing.hpp"

namespace aijadaptive::bench {

namespace {

using detail::cuda_value_type;
using detail::cusparse_index_type;

// RAII owners of the cuSPARSE objects (destroy calls cannot usefully fail).
class Handle {
 public:
  Handle() { AIJA_CUSPARSE_CHECK(cusparseCreate(&h_)); }
  ~Handle() { cusparseDestroy(h_); }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  cusparseHandle_t get() const { return h_; }

 private:
  cusparseHandle_t h_ = nullptr;
};

class MatrixDescriptor {
 public:
  MatrixDescriptor() = default;
  ~MatrixDescriptor() { reset(); }
  MatrixDescriptor(const MatrixDescriptor&) = delete;
  MatrixDescriptor& operator=(const MatrixDescriptor&) = delete;
  cusparseSpMatDescr_t* out() {
    reset();
    return &d_;
  }
  cusparseSpMatDescr_t get() const { return d_; }

 private:
  void reset() {
    if (d_) cusparseDestroySpMat(d_);
    d_ = nullptr;
  }
  cusparseSpMatDescr_t d_ = nullptr;
};

// The driver's allocator, as a cuSPARSE user (and PETSc's aijcusparse) has
// it: the baseline's set-up does not get the core's reuse of freed device
// arrays (device.hpp, kKeptDeviceBytes).
struct CudaMallocMemory {
  static void* allocate(std::size_t bytes) {
    void* p = nullptr;
    AIJA_CUDA_CHECK(cudaMalloc(&p, bytes));
    return p;
  }
  static void release(void* p) noexcept { (void)cudaFree(p); }
};
template <class T>
using DriverBuffer = OwnedArray<T, CudaMallocMemory>;

template <class V, class I>
class CusparseMethod final : public Method<V, I> {
 public:
  explicit CusparseMethod(cusparseSpMVAlg_t algorithm) : algorithm_(algorithm) {}

  SetupTimes prepare(const CsrView<V, I>& a, const Vectors<V>& v, Stream stream) override {
    SetupTimes t;
    t.upload_s = seconds_of([&] {
      row_ptr_ = DriverBuffer<I>(std::size_t(a.rows) + 1);
      col_idx_ = DriverBuffer<I>(std::size_t(a.nnz()));
      values_ = DriverBuffer<V>(std::size_t(a.nnz()));
      copy_to_device(row_ptr_.data(), a.row_ptr, row_ptr_.bytes(), stream);
      copy_to_device(col_idx_.data(), a.col_idx, col_idx_.bytes(), stream);
      copy_to_device(values_.data(), a.values, values_.bytes(), stream);
      AIJA_CUSPARSE_CHECK(cusparseCreateCsr(matrix_.out(), a.rows, a.cols, a.nnz(), row_ptr_.data(),
                                            col_idx_.data(), values_.data(), cusparse_index_type<I>(),
                                            cusparse_index_type<I>(), CUSPARSE_INDEX_BASE_ZERO, cuda_value_type<V>()));
      x_.emplace(a.cols, v.device_x);
      y_.emplace(a.rows, v.device_y);
      AIJA_CUSPARSE_CHECK(cusparseSetStream(handle_.get(), static_cast<cudaStream_t>(stream)));
      std::size_t bytes = 0;
      AIJA_CUSPARSE_CHECK(cusparseSpMV_bufferSize(handle_.get(), CUSPARSE_OPERATION_NON_TRANSPOSE, &one_,
                                                  matrix_.get(), x_->get(), &zero_, y_->get(), cuda_value_type<V>(),
                                                  algorithm_, &bytes));
      buffer_ = DriverBuffer<unsigned char>(bytes);
      // Matrix-only analysis, done once like a solver would do it.
      AIJA_CUSPARSE_CHECK(cusparseSpMV_preprocess(handle_.get(), CUSPARSE_OPERATION_NON_TRANSPOSE, &one_,
                                                  matrix_.get(), x_->get(), &zero_, y_->get(), cuda_value_type<V>(),
                                                  algorithm_, buffer_.data()));
      synchronize(stream);
    });
    return t;
  }

  Where where() const override { return Where::device; }

  void apply() override {
    AIJA_CUSPARSE_CHECK(cusparseSpMV(handle_.get(), CUSPARSE_OPERATION_NON_TRANSPOSE, &one_, matrix_.get(),
                                     x_->get(), &zero_, y_->get(), cuda_value_type<V>(), algorithm_, buffer_.data()));
  }

  std::size_t storage_bytes() const override {
    return row_ptr_.bytes() + col_idx_.bytes() + values_.bytes() + buffer_.bytes();
  }

 private:
  cusparseSpMVAlg_t algorithm_;
  const V one_ = 1, zero_ = 0;
  Handle handle_;
  DriverBuffer<I> row_ptr_, col_idx_;
  DriverBuffer<V> values_;
  DriverBuffer<unsigned char> buffer_;
  // Declared after the arrays they point to, so destroyed before them.
  MatrixDescriptor matrix_;
  std::optional<detail::DenseVector<V>> x_, y_;
};

}  // namespace

template <class V, class I>
std::unique_ptr<Method<V, I>> make_cusparse_method(const MethodName& name, std::string*) {
  return std::make_unique<CusparseMethod<V, I>>(
      name.kind == MethodName::Kind::cusparse_alg1 ? CUSPARSE_SPMV_CSR_ALG1 : CUSPARSE_SPMV_CSR_ALG2);
}

#define AIJA_INSTANTIATE(V, I) \
  template std::unique_ptr<Method<V, I>> make_cusparse_method<V, I>(const MethodName&, std::string*);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive::bench
