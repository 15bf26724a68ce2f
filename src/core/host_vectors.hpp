// Host vectors of a matrix that lives on the GPU: device copies of x and y,
// pinned bounce buffers, and the content key that spares re-sending an
// unchanged x.
#pragma once

#include <cstdint>
#include <cstring>

#include "aijadaptive/adaptive_matrix.hpp"
#include "aijadaptive/device_buffer.hpp"

namespace aijadaptive::detail {

template <class V>
class HostVectorStaging {
 public:
  // A device copy of the host x (n values), sent unless it already holds the
  // same content (same key, array and length). Returns the bytes sent.
  std::size_t stage_x(const InputVector<V>& x, std::size_t n, HostTransfer mode, Stream s, const V** dx) {
    *dx = device_x(n);
    if (holds_x(x, n)) return 0;
    send(dx_.data(), x.data, n, px_, mode, s);
    sent_x(x, n);
    return n * sizeof(V);
  }

  // The buffers themselves, for a caller that sends in pieces (streamed_apply.hpp).
  V* device_x(std::size_t n) { return grown(dx_, n); }
  V* device_y(std::size_t n) { return grown(dy_, n); }
  V* pinned_x(std::size_t n) { return grown(px_, n); }
  V* pinned_y(std::size_t n) { return grown(py_, n); }
  // Whether the device copy already holds x's content; recording that it does.
  bool holds_x(const InputVector<V>& x, std::size_t n) const {
    return x.content_key != 0 && x.content_key == key_ && x.data == source_ && n == length_;
  }
  void sent_x(const InputVector<V>& x, std::size_t n) {
    key_ = x.content_key;
    source_ = x.data;
    length_ = n;
  }

  // The device copy of the host y (n values); its content is sent only when
  // it is read (send_y). Returns the bytes sent.
  std::size_t stage_y(V* y, std::size_t n, bool send_y, HostTransfer mode, Stream s, V** dy) {
    reserve(dy_, n);
    *dy = dy_.data();
    if (!send_y) return 0;
    send(dy_.data(), y, n, py_, mode, s);
    return n * sizeof(V);
  }

  // y back to the host; returns once it is there.
  void receive_y(V* y, std::size_t n, HostTransfer mode, Stream s) {
    if (mode == HostTransfer::staged) {
      reserve(py_, n);
      copy_to_host(py_.data(), dy_.data(), n * sizeof(V), s);
      synchronize(s);
      if (n) std::memcpy(y, py_.data(), n * sizeof(V));
    } else {
      copy_to_host(y, dy_.data(), n * sizeof(V), s);
      synchronize(s);
    }
  }

  // product(dx, dy) with x and y on the device: a host x is sent (unless its
  // copy holds it already), a host y sent when `read_y` and brought back
  // after. Returns the bytes moved, once y is on the host and the caller may
  // change a host x again.
  template <class Product>
  TransferBytes with_device_vectors(const InputVector<V>& x, std::size_t nx, const OutputVector<V>& y, std::size_t ny,
                                    bool read_y, HostTransfer mode, Stream s, Product&& product) {
    TransferBytes moved;
    const V* dx = x.data;
    if (x.space == MemSpace::host) moved.to_device += stage_x(x, nx, mode, s, &dx);
    V* dy = y.data;
    if (y.space == MemSpace::host) moved.to_device += stage_y(y.data, ny, read_y, mode, s, &dy);
    product(dx, dy);
    if (y.space == MemSpace::host) {
      receive_y(y.data, ny, mode, s);  // synchronises
      moved.to_host += ny * sizeof(V);
    } else if (x.space == MemSpace::host) {
      synchronize(s);  // the caller may overwrite x (and we our bounce buffer) once we return
    }
    return moved;
  }
  // Forget what dx holds (the matrix was rebuilt).
  void forget_x() {
    key_ = 0;
    source_ = nullptr;
    length_ = 0;
  }

  std::size_t device_bytes() const { return dx_.bytes() + dy_.bytes(); }

 private:
  template <class Buffer>
  static auto grown(Buffer& buffer, std::size_t n) {
    reserve(buffer, n);
    return buffer.data();
  }

  static void send(V* dst, const V* src, std::size_t n, PinnedBuffer<V>& bounce, HostTransfer mode, Stream s) {
    if (mode == HostTransfer::staged) {
      reserve(bounce, n);
      if (n) std::memcpy(bounce.data(), src, n * sizeof(V));
      src = bounce.data();
    }
    copy_to_device(dst, src, n * sizeof(V), s);
  }

  DeviceBuffer<V> dx_, dy_;
  PinnedBuffer<V> px_, py_;
  std::uint64_t key_ = 0;  // content key of what dx holds (0: unknown)
  const V* source_ = nullptr;
  std::size_t length_ = 0;
};

}  // namespace aijadaptive::detail
