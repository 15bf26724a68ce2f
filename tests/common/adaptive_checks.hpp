// The formats' GPU tests' shared checks: a device format against its host
// half (plain, with row maps, after a refill), and the adaptive matrix's
// products against a format's host reference kernel.
#pragma once

#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/device.hpp>
#include <aijadaptive/format.hpp>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "device_vectors.hpp"
#include "random_csr.hpp"

namespace aijadaptive::test {

// Lines (a matrix's describe()) as one text, for messages and searches.
inline std::string joined(const std::vector<std::string>& lines) {
  std::string s;
  for (const std::string& l : lines) s += l + "\n";
  return s;
}

// y = alpha * op(A) * x + beta * y for both ops and three (alpha, beta),
// with host vectors and then device vectors, each within twice the error
// bound of what `reference` (built on m) gives.
template <class V, class I>
void expect_products_match(AdaptiveMatrix<V, I>& a, const HostFormat<V, I>& reference, const OwnedCsr<V, I>& m) {
  for (Op op : {Op::plain, Op::transpose}) {
    const bool t = op == Op::transpose;
    const std::size_t nx = t ? m.rows : m.cols, ny = t ? m.cols : m.rows;
    const auto x = random_vector<V>(nx, 15);
    const auto y0 = random_vector<V>(ny, 16);
    for (auto [alpha, beta] : {std::pair<V, V>{1, 0}, {1, 1}, {V(-1.5), V(0.25)}}) {
      std::vector<V> expect = y0;
      reference.apply(op, alpha, x.data(), beta, expect.data());
      const double bound = 2 * error_bound(m.view(), t, alpha, x, beta, y0);
      std::vector<V> y = y0;  // host vectors
      a.apply(op, alpha, {x.data()}, beta, {y.data()});
      expect_close(y, expect, bound);
      const DeviceBuffer<V> dx = to_device(x);  // device vectors
      DeviceBuffer<V> dy = to_device(y0);
      a.apply(op, alpha, {dx.data(), MemSpace::device}, beta, {dy.data(), MemSpace::device});
      synchronize(a.stream());
      expect_close(to_host(dy), expect, bound);
    }
  }
}

// `dev`, the upload of `host` built on m, against `host` on `stream`: each
// (alpha, beta), beta == 0 with NaN in y, three runs of the same bits.
template <class V, class I>
void expect_device_matches_host(const HostFormat<V, I>& host, DeviceFormat<V, I>& dev, const OwnedCsr<V, I>& m,
                                Stream stream) {
  const auto x = random_vector<V>(std::size_t(m.cols), 5);
  const auto y0 = random_vector<V>(std::size_t(m.rows), 6);
  const DeviceBuffer<V> dx = to_device(x);
  for (auto [alpha, beta] : {std::pair<V, V>{1, 0}, {1, 1}, {V(-1.5), V(0.25)}}) {
    SCOPED_TRACE(std::string(stream ? "own stream" : "default stream") + ", alpha " + to_text(alpha) +
                 " beta " + to_text(beta));
    std::vector<V> expect = y0;
    host.apply(Op::plain, alpha, x.data(), beta, expect.data());
    const double bound = 2 * error_bound(m.view(), false, alpha, x, beta, y0);
    std::vector<V> first;
    for (int run = 0; run < 3; ++run) {
      DeviceBuffer<V> dy = to_device(beta == V(0) ? nans<V>(y0.size()) : y0);
      dev.apply(alpha, dx.data(), beta, dy.data(), stream);
      synchronize(stream);
      const std::vector<V> got = to_host(dy);
      if (run == 0) {
        expect_close(got, expect, bound);
        first = got;
      } else {
        ASSERT_TRUE(same_bits(got, first)) << "run " << run << " differs from the first";
      }
    }
  }
}

// The same with row i of the product written to y[map[i]] (the row_map
// capability): a random permutation, then the reversed order (each map kept
// alive to the end), beta 0 and not.
template <class V, class I>
void expect_row_maps_match_host(const HostFormat<V, I>& host, DeviceFormat<V, I>& dev, const OwnedCsr<V, I>& m,
                                Stream stream) {
  const auto x = random_vector<V>(std::size_t(m.cols), 5);
  const auto y0 = random_vector<V>(std::size_t(m.rows), 6);
  const DeviceBuffer<V> dx = to_device(x);
  std::vector<I> map(std::size_t(m.rows));
  std::iota(map.begin(), map.end(), I(0));
  std::shuffle(map.begin(), map.end(), std::mt19937_64(7));
  std::vector<DeviceBuffer<I>> maps;
  for (int pass = 0; pass < 2; ++pass) {
    SCOPED_TRACE(pass == 0 ? "a random row map" : "the reversed row map");
    if (pass == 1) std::iota(map.rbegin(), map.rend(), I(0));
    maps.push_back(to_device(map));
    dev.set_row_map(maps.back().data());
    for (auto [alpha, beta] : {std::pair<V, V>{1, 0}, {V(-1.5), V(0.25)}}) {
      // The host reference on y in the matrix's numbering, then moved to y[map[i]].
      std::vector<V> y_rows(y0.size()), expect(y0.size());
      for (std::size_t i = 0; i < map.size(); ++i) y_rows[i] = y0[std::size_t(map[i])];
      host.apply(Op::plain, alpha, x.data(), beta, y_rows.data());
      for (std::size_t i = 0; i < map.size(); ++i) expect[std::size_t(map[i])] = y_rows[i];
      DeviceBuffer<V> dy = to_device(beta == V(0) ? nans<V>(y0.size()) : y0);
      dev.apply(alpha, dx.data(), beta, dy.data(), stream);
      synchronize(stream);
      expect_close(to_host(dy), expect, 2 * error_bound(m.view(), false, alpha, x, beta, y0));
    }
  }
}

// The adaptive matrix with a fixed format, built as `o` says, on the device
// and in that format (reordered when o asks for it always, on a square
// matrix), against the format's host half made with o's tuning parameters for
// this GPU.
template <class V, class I>
void expect_adaptive_matches_its_format(const OwnedCsr<V, I>& m, const MatrixOptions& o) {
  const FormatId id = o.format.format;
  AdaptiveMatrix<V, I> a(o);
  a.build(m.view());
  ASSERT_EQ(a.placement(), Placement::device) << a.placement_reason();
  ASSERT_EQ(a.format_name(), format_name(id));
  if (o.reorder == ReorderChoice::always) {
    ASSERT_EQ(a.reordered(), m.rows == m.cols) << a.selection_reason();
  }
  FormatContext context;
  context.device = device_info(current_device());
  context.params = o.params;
  const auto reference = make_host_format<V, I>(id, context);
  reference->build(m.view());
  expect_products_match(a, *reference, m);
}

// expect_adaptive_matches_its_format with format `id` fixed, the analysis
// sending the CSR arrays when m has at least prefetch_min_nnz entries (0:
// always, SIZE_MAX: never), `params` and `reorder`.
template <class V, class I>
void expect_fixed_format_matches(FormatId id, const OwnedCsr<V, I>& m, std::size_t prefetch_min_nnz,
                                 const TuningParams& params, ReorderChoice reorder = ReorderChoice::never) {
  SCOPED_TRACE(std::string(format_name(id)) + ", " + std::to_string(m.rows) + "x" + std::to_string(m.cols) +
               ", prefetch_min_nnz " + std::to_string(prefetch_min_nnz) + ", " + reorder_choice_name(reorder));
  MatrixOptions o;
  o.format = FormatChoice::fixed(id);
  o.reorder = reorder;
  o.prefetch_min_nnz = prefetch_min_nnz;
  o.params = params;
  expect_adaptive_matches_its_format(m, o);
}

// The same on every matrix of `list` with each of `param_sets`, once filled
// from the arrays sent during the analysis and once from arrays the upload
// sends.
template <class V, class I>
void expect_fixed_format_with_and_without_prefetch(FormatId id, const std::vector<OwnedCsr<V, I>>& list,
                                                   const std::vector<TuningParams>& param_sets) {
  for (const auto& m : list)
    for (const TuningParams& params : param_sets) {
      expect_fixed_format_matches(id, m, 0, params);
      expect_fixed_format_matches(id, m, SIZE_MAX, params);
    }
}

// `host` built on m and uploaded; then refilled twice with other values at
// other addresses, each time upload_values() on a stream of its own: the
// device products against the host half's for (alpha, beta) = (1, 0), NaN in
// y, and (-1.5, 0.25).
template <class V, class I>
void expect_upload_values_after_refill(HostFormat<V, I>& host, const OwnedCsr<V, I>& m) {
  host.build(m.view());
  auto dev = host.upload(nullptr);
  synchronize(nullptr);
  OwnedStream s;
  const auto x = random_vector<V>(std::size_t(m.cols), 42);
  const auto y0 = random_vector<V>(std::size_t(m.rows), 43);
  const DeviceBuffer<V> dx = to_device(x);
  for (const V scale : {V(2), V(-0.5)}) {
    auto n = m;
    for (auto& v : n.values) v = scale * v + V(1);
    host.refill(n.view());
    dev->upload_values(s.get());
    for (auto [alpha, beta] : {std::pair<V, V>{1, 0}, {V(-1.5), V(0.25)}}) {
      std::vector<V> expect = y0;
      host.apply(Op::plain, alpha, x.data(), beta, expect.data());
      DeviceBuffer<V> dy = to_device(beta == V(0) ? nans<V>(y0.size()) : y0);
      dev->apply(alpha, dx.data(), beta, dy.data(), s.get());
      synchronize(s.get());
      expect_close(to_host(dy), expect, 2 * error_bound(n.view(), false, alpha, x, beta, y0));
    }
  }
}

}  // namespace aijadaptive::test
