#include "aijadaptive/adaptive_matrix.hpp"

#include <cstdio>
#include <cstring>
#include <optional>
#include <sstream>

#include "aijadaptive/device.hpp"
#include "aijadaptive/device_buffer.hpp"
#include "aijadaptive/errors.hpp"
#include "aijadaptive/instantiate.hpp"
#include "aijadaptive/reordering.hpp"
#include "aijadaptive/selector.hpp"
#include "core/permute.hpp"

namespace aijadaptive {

namespace {
std::string megabytes(std::size_t bytes) {
  std::ostringstream s;
  s.precision(1);
  s << std::fixed << double(bytes) / (1024.0 * 1024.0) << " MiB";
  return s.str();
}
}  // namespace

template <class V, class I>
struct AdaptiveMatrix<V, I>::Impl {
  MatrixOptions options;
  Features features;
  Selection selection;
  Placement placement = Placement::host;
  std::string placement_reason = "not built yet";
  int device = -1;
  std::unique_ptr<HostFormat<V, I>> host;
  std::unique_ptr<DeviceFormat<V, I>> dev;
  std::optional<OwnedStream> stream;

  // Host-vector staging: device copies of x and y, pinned bounce buffers.
  DeviceBuffer<V> dx, dy;
  PinnedBuffer<V> px, py;
  std::uint64_t dx_key = 0;  // content key of what dx holds (0: unknown)
  const V* dx_source = nullptr;
  std::size_t dx_length = 0;

  // Reordering: the format holds B = P A P^T; x and y are permuted around it.
  std::optional<Permutation<I>> perm;
  PermutedCsr<V, I> permuted;
  DeviceBuffer<I> d_new_to_old;
  DeviceBuffer<V> dxp, dyp;  // x and y in B's numbering, on the device
  std::vector<V> hxp, hyp;   // the same on the host

  void make_current() const {
    if (device >= 0 && current_device() != device) set_device(device);
  }

  // Decides where the matrix lives; sets placement_reason either way.
  bool choose_device() {
    if (options.force_host) {
      placement_reason = "host: requested (force_host)";
      return false;
    }
    if (!built_with_cuda()) {
      placement_reason = "host: aijadaptive was built without CUDA";
      return false;
    }
    if (device_count() == 0) {
      placement_reason = "host: " + device_status();
      return false;
    }
    if (options.device >= 0) set_device(options.device);
    device = current_device();
    return true;
  }

  void invalidate_x() {
    dx_key = 0;
    dx_source = nullptr;
    dx_length = 0;
  }

  void fall_back_to_host(const std::string& why) {
    dev.reset();
    dx = {};
    dy = {};
    d_new_to_old = {};
    dxp = {};
    dyp = {};
    placement = Placement::host;
    placement_reason = "host: " + why;
    device = -1;
  }

  // Computes RCM and keeps it when it makes the gathers local enough (or the
  // user asked for it); says which in the selection's reason.
  void reorder(const CsrView<V, I>& a) {
    Permutation<I> p = rcm_order(a);
    PermutedCsr<V, I> b = permute_symmetric(a, p);
    const double before = features.gather_sector_ratio, after = gather_sector_ratio(b.view());
    char text[120];
    if (options.reorder == ReorderChoice::automatic && after > kReorderKeep * before) {
      std::snprintf(text, sizeof(text), ", but RCM gives %.2f (> %.2f of it): not reordered", after, kReorderKeep);
      selection.reorder = false;
      selection.reason += text;
      return;
    }
    std::snprintf(text, sizeof(text), " -> %.2f x sectors per nonzero after RCM", after);
    selection.reason += text;
    perm = std::move(p);
    permuted = std::move(b);
  }

  std::size_t reordering_device_bytes() const {
    return perm ? std::size_t(perm->size()) * (sizeof(I) + 2 * sizeof(V)) : 0;
  }

  // Uploads the host format; falls back to the host when the GPU is too small.
  void upload() {
    auto candidate = make_device_format<V, I>(selection.format);
    const CsrView<V, I>& a = host->csr();
    const std::size_t needed = candidate->bytes_needed(*host) + reordering_device_bytes() +
                               (std::size_t(a.rows) + std::size_t(a.cols)) * sizeof(V);
    std::size_t available = device_memory_info().free_bytes;
    std::string limit_note = "free on device " + std::to_string(device);
    if (options.device_memory_limit && options.device_memory_limit < available) {
      available = options.device_memory_limit;
      limit_note = "the device memory limit";
    }
    if (needed > available) {
      fall_back_to_host("the matrix needs " + megabytes(needed) + " on the GPU but only " +
                        megabytes(available) + " is available (" + limit_note + ")");
      return;
    }
    if (!stream) stream.emplace();
    try {
      candidate->upload(*host, stream->get());
      if (perm) {
        d_new_to_old = DeviceBuffer<I>(perm->new_to_old.size());
        copy_to_device(d_new_to_old.data(), perm->new_to_old.data(), d_new_to_old.bytes(), stream->get());
        dxp = DeviceBuffer<V>(perm->new_to_old.size());
        dyp = DeviceBuffer<V>(perm->new_to_old.size());  // for the transpose and formats that scatter
      }
      synchronize(stream->get());
    } catch (const Error& e) {
      if (e.kind() != ErrorKind::out_of_device_memory) throw;
      fall_back_to_host(std::string("the upload ran out of device memory (") + e.what() + ")");
      return;
    }
    dev = std::move(candidate);
    placement = Placement::device;
    placement_reason = "device " + std::to_string(device) + " (" + device_name(device) + ")";
  }

  // Brings a host x to dx unless dx already holds the same content.
  std::size_t stage_x(const InputVector<V>& x, std::size_t n, Stream s) {
    reserve(dx, n);
    if (x.content_key != 0 && x.content_key == dx_key && x.data == dx_source && n == dx_length)
      return 0;
    send(dx.data(), x.data, n, px, s);
    dx_key = x.content_key;
    dx_source = x.data;
    dx_length = n;
    return n * sizeof(V);
  }

  void send(V* dst, const V* src, std::size_t n, PinnedBuffer<V>& bounce, Stream s) {
    if (options.host_transfer == HostTransfer::staged) {
      reserve(bounce, n);
      if (n) std::memcpy(bounce.data(), src, n * sizeof(V));
      src = bounce.data();
    }
    copy_to_device(dst, src, n * sizeof(V), s);
  }

  // y = alpha op(A) x + beta y on the host through B = P A P^T.
  void host_apply_reordered(Op op, V alpha, const V* x, V beta, V* y) {
    const std::size_t n = std::size_t(perm->size());
    hxp.resize(n);
    hyp.resize(n);
    permute_vector(*perm, x, hxp.data());
    if (beta != V(0)) permute_vector(*perm, y, hyp.data());  // beta == 0: y unread
    host->apply(op, alpha, hxp.data(), beta, hyp.data());
    unpermute_vector(*perm, hyp.data(), y);
  }

  // The same on the device: x gathered into B's numbering, the product
  // written straight to the caller's rows where the format can (ipcsr), else
  // into dyp and scattered back.
  void device_apply_reordered(Op op, V alpha, const V* x, V beta, V* y, Stream s) {
    const std::int64_t n = perm->size();
    detail::permute_gather(x, d_new_to_old.data(), n, dxp.data(), s);
    if (op == Op::plain && dev->apply_row_mapped(alpha, dxp.data(), beta, y, d_new_to_old.data(), s)) return;
    dev->apply(op, V(1), dxp.data(), V(0), dyp.data(), s);
    detail::permute_scatter(alpha, dyp.data(), d_new_to_old.data(), n, beta, y, s);
  }

  void receive(V* dst, const V* src, std::size_t n, Stream s) {
    if (options.host_transfer == HostTransfer::staged) {
      reserve(py, n);
      copy_to_host(py.data(), src, n * sizeof(V), s);
      synchronize(s);
      if (n) std::memcpy(dst, py.data(), n * sizeof(V));
    } else {
      copy_to_host(dst, src, n * sizeof(V), s);
      synchronize(s);
    }
  }
};

template <class V, class I>
AdaptiveMatrix<V, I>::AdaptiveMatrix(MatrixOptions options) : impl_(std::make_unique<Impl>()) {
  impl_->options = options;
}
template <class V, class I>
AdaptiveMatrix<V, I>::~AdaptiveMatrix() = default;
template <class V, class I>
AdaptiveMatrix<V, I>::AdaptiveMatrix(AdaptiveMatrix&&) noexcept = default;
template <class V, class I>
AdaptiveMatrix<V, I>& AdaptiveMatrix<V, I>::operator=(AdaptiveMatrix&&) noexcept = default;

template <class V, class I>
const MatrixOptions& AdaptiveMatrix<V, I>::options() const {
  return impl_->options;
}
template <class V, class I>
void AdaptiveMatrix<V, I>::set_options(const MatrixOptions& options) {
  impl_->options = options;
}

template <class V, class I>
void AdaptiveMatrix<V, I>::build(const CsrView<V, I>& a) {
  analyse(a);
  upload();
}

template <class V, class I>
void AdaptiveMatrix<V, I>::analyse(const CsrView<V, I>& a) {
  Impl& m = *impl_;
  if (m.options.check_input) check_csr(a);
  m.features = compute_features(a);
  m.selection = select_format(m.features, m.options.format, m.options.reorder);
  m.perm.reset();
  m.permuted = {};
  if (m.selection.reorder) m.reorder(a);
  m.host = make_host_format<V, I>(m.selection.format);
  m.host->build(m.perm ? m.permuted.view() : a);
  m.dev.reset();
  m.invalidate_x();
  m.placement = Placement::host;
  m.placement_reason = "host: not uploaded yet";
  m.device = -1;
}

template <class V, class I>
void AdaptiveMatrix<V, I>::upload() {
  Impl& m = *impl_;
  AIJA_REQUIRE(m.host, invalid_argument, "upload() before analyse()");
  m.dev.reset();
  m.invalidate_x();
  if (m.choose_device()) m.upload();
}

template <class V, class I>
void AdaptiveMatrix<V, I>::refill(const CsrView<V, I>& a) {
  Impl& m = *impl_;
  AIJA_REQUIRE(m.host, invalid_argument, "refill() before build()");
  const CsrView<V, I>& old = m.host->csr();
  AIJA_REQUIRE(a.rows == old.rows && a.cols == old.cols && a.nnz() == old.nnz(), invalid_argument,
               "refill() with a different pattern: call build()");
  if (m.perm) {
    permute_values(a, *m.perm, m.permuted);
    m.host->refill(m.permuted.view());
  } else {
    m.host->refill(a);
  }
  if (m.dev) {
    m.make_current();
    m.dev->upload_values(*m.host, m.stream->get());
    synchronize(m.stream->get());
  }
}

template <class V, class I>
bool AdaptiveMatrix<V, I>::built() const {
  return impl_->host != nullptr;
}

template <class V, class I>
TransferBytes AdaptiveMatrix<V, I>::apply(Op op, V alpha, InputVector<V> x, V beta,
                                          OutputVector<V> y) {
  return apply(op, alpha, x, beta, y, impl_->stream ? impl_->stream->get() : nullptr);
}

template <class V, class I>
TransferBytes AdaptiveMatrix<V, I>::apply(Op op, V alpha, InputVector<V> x, V beta,
                                          OutputVector<V> y, Stream s) {
  Impl& m = *impl_;
  AIJA_REQUIRE(m.host, invalid_argument, "apply() before build()");
  TransferBytes moved;
  if (!m.dev) {
    AIJA_REQUIRE(x.space == MemSpace::host && y.space == MemSpace::host, invalid_argument,
                 "the matrix lives on the host (" + m.placement_reason +
                     "): pass host vectors");
    if (m.perm)
      m.host_apply_reordered(op, alpha, x.data, beta, y.data);
    else
      m.host->apply(op, alpha, x.data, beta, y.data);
    return moved;
  }
  m.make_current();
  const CsrView<V, I>& a = m.host->csr();
  const std::size_t nx = std::size_t(op == Op::plain ? a.cols : a.rows);
  const std::size_t ny = std::size_t(op == Op::plain ? a.rows : a.cols);
  const V* dx = x.data;
  if (x.space == MemSpace::host) {
    moved.to_device += m.stage_x(x, nx, s);
    dx = m.dx.data();
  }
  V* dy = y.data;
  if (y.space == MemSpace::host) {
    reserve(m.dy, ny);
    dy = m.dy.data();
    if (beta != V(0)) {
      m.send(dy, y.data, ny, m.py, s);
      moved.to_device += ny * sizeof(V);
    }
  }
  if (m.perm)
    m.device_apply_reordered(op, alpha, dx, beta, dy, s);
  else
    m.dev->apply(op, alpha, dx, beta, dy, s);
  if (y.space == MemSpace::host) {
    m.receive(y.data, dy, ny, s);  // synchronises
    moved.to_host += ny * sizeof(V);
  } else if (x.space == MemSpace::host) {
    // The caller may overwrite x (and we our bounce buffer) once we return.
    synchronize(s);
  }
  return moved;
}

template <class V, class I>
Placement AdaptiveMatrix<V, I>::placement() const {
  return impl_->placement;
}
template <class V, class I>
const std::string& AdaptiveMatrix<V, I>::placement_reason() const {
  return impl_->placement_reason;
}
template <class V, class I>
FormatId AdaptiveMatrix<V, I>::format() const {
  return impl_->selection.format;
}
template <class V, class I>
const std::string& AdaptiveMatrix<V, I>::selection_reason() const {
  return impl_->selection.reason;
}
template <class V, class I>
bool AdaptiveMatrix<V, I>::reordered() const {
  return impl_->perm.has_value();
}
template <class V, class I>
const Features& AdaptiveMatrix<V, I>::features() const {
  return impl_->features;
}
template <class V, class I>
std::size_t AdaptiveMatrix<V, I>::device_bytes() const {
  const Impl& m = *impl_;
  return m.dev ? m.dev->device_bytes() + m.dx.bytes() + m.dy.bytes() + m.d_new_to_old.bytes() + m.dxp.bytes() +
                     m.dyp.bytes()
               : 0;
}
template <class V, class I>
int AdaptiveMatrix<V, I>::device() const {
  return impl_->device;
}
template <class V, class I>
Stream AdaptiveMatrix<V, I>::stream() const {
  return impl_->stream ? impl_->stream->get() : nullptr;
}

#define AIJA_INSTANTIATE(V, I) template class AdaptiveMatrix<V, I>;
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
