// The device layer for CUDA builds.
#include <cuda_runtime_api.h>

#include <map>
#include <string>

#include "aijadaptive/device.hpp"
#include "core/cuda_check.hpp"
#include "core/cuda_context.hpp"

namespace aijadaptive {

namespace {
std::map<int, cusparseHandle_t>& cusparse_handles() {
  static std::map<int, cusparseHandle_t> handles;
  return handles;
}
cudaStream_t as_cuda(Stream s) { return static_cast<cudaStream_t>(s); }
}  // namespace

bool built_with_cuda() noexcept { return true; }

int device_count() noexcept {
  int n = 0;
  if (cudaGetDeviceCount(&n) != cudaSuccess) {
    (void)cudaGetLastError();  // clear the sticky "no device" error
    return 0;
  }
  return n;
}

std::string device_status() {
  int n = 0;
  const cudaError_t e = cudaGetDeviceCount(&n);
  if (e != cudaSuccess) {
    (void)cudaGetLastError();
    return std::string("no usable CUDA device (") + cudaGetErrorName(e) + ": " +
           cudaGetErrorString(e) + ")";
  }
  if (n == 0) return "no CUDA device";
  return std::to_string(n) + " CUDA device" + (n > 1 ? "s" : "");
}

int current_device() {
  int d = 0;
  AIJA_CUDA_CHECK(cudaGetDevice(&d));
  return d;
}

void set_device(int id) {
  const int n = device_count();
  AIJA_REQUIRE(id >= 0 && id < n, invalid_argument,
               "device " + std::to_string(id) + " does not exist (" + device_status() + ")");
  AIJA_CUDA_CHECK(cudaSetDevice(id));
}

std::string device_name(int id) {
  cudaDeviceProp p{};
  AIJA_CUDA_CHECK(cudaGetDeviceProperties(&p, id));
  return p.name;
}

DeviceMemoryInfo device_memory_info() {
  DeviceMemoryInfo info;
  AIJA_CUDA_CHECK(cudaMemGetInfo(&info.free_bytes, &info.total_bytes));
  return info;
}

void release_device_resources() noexcept {
  for (auto& [device, handle] : cusparse_handles()) cusparseDestroy(handle);
  cusparse_handles().clear();
}

namespace detail {
cusparseHandle_t cusparse_handle() {
  const int d = current_device();
  auto& handles = cusparse_handles();
  auto it = handles.find(d);
  if (it != handles.end()) return it->second;
  cusparseHandle_t h = nullptr;
  AIJA_CUSPARSE_CHECK(cusparseCreate(&h));
  handles.emplace(d, h);
  return h;
}
}  // namespace detail

void* device_allocate(std::size_t bytes) {
  void* p = nullptr;
  if (bytes) AIJA_CUDA_CHECK(cudaMalloc(&p, bytes));
  return p;
}
void device_free(void* p) noexcept {
  if (p) (void)cudaFree(p);
}
void* pinned_allocate(std::size_t bytes) {
  void* p = nullptr;
  if (bytes) AIJA_CUDA_CHECK(cudaMallocHost(&p, bytes));
  return p;
}
void pinned_free(void* p) noexcept {
  if (p) (void)cudaFreeHost(p);
}

void copy_to_device(void* dst, const void* src, std::size_t bytes, Stream stream) {
  if (bytes) AIJA_CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyHostToDevice, as_cuda(stream)));
}
void copy_to_host(void* dst, const void* src, std::size_t bytes, Stream stream) {
  if (bytes) AIJA_CUDA_CHECK(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToHost, as_cuda(stream)));
}
void synchronize(Stream stream) { AIJA_CUDA_CHECK(cudaStreamSynchronize(as_cuda(stream))); }

OwnedStream::OwnedStream() {
  cudaStream_t s = nullptr;
  AIJA_CUDA_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  stream_ = s;
}
OwnedStream::~OwnedStream() {
  if (stream_) (void)cudaStreamDestroy(as_cuda(stream_));
}

HostRegistration::HostRegistration(void* p, std::size_t bytes) : p_(p), bytes_(bytes) {
  if (!p || !bytes) return;
  ok_ = cudaHostRegister(p, bytes, cudaHostRegisterDefault) == cudaSuccess;
  if (!ok_) (void)cudaGetLastError();
}
HostRegistration::~HostRegistration() {
  // The array may already be freed (PETSc frees a Vec's array before its
  // composed objects); unregistering then fails harmlessly.
  if (ok_ && cudaHostUnregister(p_) != cudaSuccess) (void)cudaGetLastError();
}

}  // namespace aijadaptive
