// Host vectors streamed through a product: x crosses to the GPU in pieces on
// one stream, each range of rows is multiplied as soon as the columns it reads
// are there, and its part of y crosses back on a third stream while the next
// rows are multiplied, so that both directions of PCIe and the product
// overlap. Taken by AdaptiveMatrix::apply for y = alpha A x with host x and y
// when the format multiplies row ranges on its own (Capabilities::row_ranges)
// and y is large enough (MatrixOptions::stream_min_bytes).
//
//   up:    x[0] x[1] x[2] ...                      (x's pieces by columns)
//   main:        A[0]  A[1]  A[2] ...              (rows k wait for the x
//   down:              y[0]  y[1]  y[2] ...         pieces their columns need)
//
// A row range whose rows read x's last columns (a matrix that couples all of
// it) waits for the whole of x: no worse than sending x first.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <vector>

#include "aijadaptive/adaptive_matrix.hpp"
#include "aijadaptive/device.hpp"
#include "core/host_vectors.hpp"
#include "core/row_parts.hpp"

namespace aijadaptive::detail {

// Row ranges (and x's pieces) per product, at most: more overlap the more
// there are, until each copy is too small to keep PCIe busy (the pieces'
// size is MatrixOptions::stream_piece_bytes).
inline constexpr std::size_t kMaxStreamPieces = 64;
// Pieces of x enqueued beyond those the next row range reads, so that the
// copies never wait for the host's launches between them.
inline constexpr std::size_t kPiecesAhead = 2;

template <class V, class I>
class StreamedHostProduct {
 public:
  // Cuts the rows at the format's cut points into ranges of about
  // piece_bytes of y, the first two and the last two smaller (a quarter, a
  // half: the products start sooner and the last piece of y follows the last
  // product sooner), up to kMaxStreamPieces; x into pieces the same way by
  // columns; and finds the pieces of x each row range reads (one pass over
  // the column indices, on several threads).
  void plan(const DeviceFormat<V, I>& dev, const CsrView<V, I>& a, std::size_t piece_bytes) {
    const std::vector<std::int64_t> cuts = dev.row_cuts();
    rows_ = {0};
    for (std::int64_t target : tapered_bounds(a.rows, piece_bytes)) {
      const std::int64_t cut = *std::lower_bound(cuts.begin(), cuts.end(), target);
      if (cut > rows_.back()) rows_.push_back(cut);
    }
    cols_ = {0};
    for (std::int64_t c : tapered_bounds(a.cols, piece_bytes))
      if (c > cols_.back()) cols_.push_back(c);
    if (cols_.size() == 1) cols_.push_back(0);  // no columns: one empty piece
    needs_.assign(rows_.size() - 1, 0);
    run_row_parts(needs_.size(), [&](std::size_t k) {
      std::int64_t last = -1;
      for (std::int64_t e = a.row_ptr[rows_[k]]; e < a.row_ptr[rows_[k + 1]]; ++e)
        last = std::max<std::int64_t>(last, a.col_idx[e]);
      // The pieces [0, needs) hold columns 0 .. last.
      needs_[k] = std::size_t(std::upper_bound(cols_.begin(), cols_.end(), last) - cols_.begin());
    });
    planned_ = true;
  }
  bool planned() const { return planned_; }
  void forget() { planned_ = false; }
  // The streams and events too (on their device, which must be current).
  void release() {
    forget();
    x_sent_.clear();
    y_done_.clear();
    y_back_.clear();
    start_.reset();
    down_.reset();
    up_.reset();
  }

  // y = alpha A x with x and y on the host, returning once y is there (and x
  // no longer read). Returns the bytes sent each way.
  TransferBytes run(DeviceFormat<V, I>& dev, V alpha, const InputVector<V>& x, V* y, HostTransfer mode,
                    HostVectorStaging<V>& staging, Stream s) {
    make_streams();
    TransferBytes moved;
    const std::size_t nx = std::size_t(cols_.back()), ny = std::size_t(rows_.back());
    V* dx = staging.device_x(nx);
    V* dy = staging.device_y(ny);
    const bool staged = mode == HostTransfer::staged;
    // The buffers may still be read or written by the caller's earlier work on s.
    start_->record(s);
    start_->wait_on(up_->get());
    start_->wait_on(down_->get());
    const bool send_x = !staging.holds_x(x, nx);
    V* pinned = send_x && staged ? staging.pinned_x(nx) : nullptr;
    V* back = staged ? staging.pinned_y(ny) : y;
    std::size_t sent = 0;  // x's pieces enqueued
    const auto send_through = [&](std::size_t pieces) {
      for (; sent < pieces; ++sent) {
        const std::size_t c0 = std::size_t(cols_[sent]), n = std::size_t(cols_[sent + 1] - cols_[sent]);
        if (staged && n) std::memcpy(pinned + c0, x.data + c0, n * sizeof(V));
        copy_to_device(dx + c0, (staged ? pinned : x.data) + c0, n * sizeof(V), up_->get());
        x_sent_[sent]->record(up_->get());
      }
    };
    const std::size_t x_pieces = send_x ? cols_.size() - 1 : 0;
    // A copy from or to pageable memory makes the host wait for it. With
    // page-locked memory on both sides each stream's work is enqueued as it
    // becomes ready (a range's pieces of x, a couple ahead; its product; its
    // part of y), so that y starts down as soon as the first rows are done;
    // otherwise in three loops, each stream's in one go, so that no copy holds
    // back the launches behind it.
    const bool in_order = staged || ((!send_x || page_locked(x.data)) && page_locked(y));
    if (!in_order) send_through(x_pieces);
    for (std::size_t k = 0; k + 1 < rows_.size(); ++k) {
      if (in_order) send_through(std::min(x_pieces, needs_[k] + kPiecesAhead));
      if (send_x && needs_[k] > 0) x_sent_[needs_[k] - 1]->wait_on(s);
      dev.apply_rows(rows_[k], rows_[k + 1], alpha, dx, V(0), dy, s);
      y_done_[k]->record(s);
      if (in_order) copy_down(k, dy, back);
    }
    send_through(x_pieces);
    // Later work on s (the next product) may overwrite dx: after all of x.
    if (send_x) x_sent_[cols_.size() - 2]->wait_on(s);
    if (!in_order)
      for (std::size_t k = 0; k + 1 < rows_.size(); ++k) copy_down(k, dy, back);
    for (std::size_t k = 0; k + 1 < rows_.size(); ++k) {
      y_back_[k]->synchronize();
      if (staged && rows_[k + 1] > rows_[k])
        std::memcpy(y + rows_[k], back + rows_[k], std::size_t(rows_[k + 1] - rows_[k]) * sizeof(V));
    }
    synchronize(up_->get());  // the caller may change x once we return
    if (send_x) {
      staging.sent_x(x, nx);
      moved.to_device = nx * sizeof(V);
    }
    moved.to_host = ny * sizeof(V);
    return moved;
  }

 private:
  // Row range k's part of y, once its product is done, down on the third stream.
  void copy_down(std::size_t k, const V* dy, V* back) {
    y_done_[k]->wait_on(down_->get());
    copy_to_host(back + rows_[k], dy + rows_[k], std::size_t(rows_[k + 1] - rows_[k]) * sizeof(V), down_->get());
    y_back_[k]->record(down_->get());
  }

  void make_streams() {
    if (!up_) {
      up_.emplace();
      down_.emplace();
      start_ = std::make_unique<OwnedEvent>();
    }
    const auto grow = [](std::vector<std::unique_ptr<OwnedEvent>>& events, std::size_t n) {
      while (events.size() < n) events.push_back(std::make_unique<OwnedEvent>());
    };
    grow(x_sent_, cols_.size() - 1);
    grow(y_done_, rows_.size() - 1);
    grow(y_back_, rows_.size() - 1);
  }

  // The ends of the pieces of a vector of n values (the last is n): pieces of
  // piece_bytes, the first two and last two a quarter and a half of that
  // when there is room for them.
  static std::vector<std::int64_t> tapered_bounds(std::int64_t n, std::size_t piece_bytes) {
    const double q = double(std::max<std::size_t>(piece_bytes, sizeof(V))) / double(sizeof(V));  // values
    std::vector<double> sizes;
    if (double(n) >= 3 * q) {
      const double middle = double(n) - 1.5 * q;
      const std::size_t count = std::clamp<std::size_t>(std::size_t(middle / q + 0.5), 1, kMaxStreamPieces - 4);
      sizes = {q / 4, q / 2};
      sizes.insert(sizes.end(), count, middle / double(count));
      sizes.insert(sizes.end(), {q / 2, q / 4});
    } else {
      const std::size_t count = std::clamp<std::size_t>(std::size_t(double(n) / q), 1, kMaxStreamPieces);
      sizes.assign(count, double(n) / double(count));
    }
    std::vector<std::int64_t> bounds;
    double end = 0;
    for (double size : sizes) bounds.push_back(std::min(n, std::int64_t(end += size)));
    bounds.back() = n;
    return bounds;
  }

  bool planned_ = false;
  std::vector<std::int64_t> rows_;   // the row ranges' bounds (cuts of the format)
  std::vector<std::int64_t> cols_;   // x's pieces' bounds
  std::vector<std::size_t> needs_;   // row range k reads x's pieces [0, needs_[k])
  // Made on the matrix's device on first use (the caller keeps it current).
  std::optional<OwnedStream> up_, down_;
  std::unique_ptr<OwnedEvent> start_;
  std::vector<std::unique_ptr<OwnedEvent>> x_sent_, y_done_, y_back_;
};

}  // namespace aijadaptive::detail
