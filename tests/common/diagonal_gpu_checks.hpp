// GPU checks shared by the DIA-Adaptive formats' tests: the device half with
// its generic kernel against the host kernel, the kernel generated for the
// matrix (NVRTC) against the generic one bit for bit, the transpose (native
// for dia, the core's for the others), the refills (through the map, on the
// host for a small layout), through the adaptive matrix.
#pragma once

#include <aijadaptive/adaptive_matrix.hpp>
#include <aijadaptive/device_buffer.hpp>
#include <aijadaptive/kernel_cache.hpp>

#include <memory>

#include "device_vectors.hpp"
#include "diagonal_checks.hpp"

namespace aijadaptive::test {

// With `params` (brcsd2's short pieces), blocks in more runs than a generated
// kernel computes its descriptors for: it loads them, as the generic one does.
// Both generic kernels: the chunked one of grids of few blocks (every grid
// here, on a GPU's count of multiprocessors) and, with none counted, the loop
// of grids of many.
template <class V, class I>
void check_diagonal_format_gpu(FormatId id, const TuningParams& params = {}) {
  FormatContext few_blocks, many_blocks, generated;
  few_blocks.params = many_blocks.params = generated.params = params;
  few_blocks.device = many_blocks.device = generated.device = device_info(current_device());
  many_blocks.device.multiprocessors = 0;
#if AIJADAPTIVE_HAVE_CUDA  // (a build without CUDA skips these tests)
  generated.kernels = &kernel_cache();
#endif
  std::uint64_t seed = 100;
  for (const auto& [name, b] : diagonal_test_matrices()) {
    const auto m = banded<V, I>(b);
    auto jit_host = make_host_format<V, I>(id, generated);
    jit_host->build(m.view());
    auto jit = jit_host->upload(nullptr);
    jit->finish_background_work();
    synchronize(nullptr);
    ASSERT_FALSE(jit->describe().empty());
    if (!m.values.empty())  // a kernel for every layout with rows (lists are few here)
      EXPECT_NE(jit->describe()[0].find("generated"), std::string::npos) << jit->describe()[0];
    for (const FormatContext* generic : {&few_blocks, &many_blocks}) {
      SCOPED_TRACE(std::string(format_name(id)) + ", " + name + (generic == &few_blocks ? ", few" : ", many") +
                   " blocks");
      auto host = make_host_format<V, I>(id, *generic);
      host->build(m.view());
      {
        // Device memory just freed full of NaN, which the upload's block likely
        // reuses: the fill must write every slot a product reads, padding too.
        const DeviceBuffer<V> poison = to_device(std::vector<V>(4 * m.values.size() + 1024, nan<V>()));
        synchronize(nullptr);
      }
      auto dev = host->upload(nullptr);
      if (!m.values.empty())
        EXPECT_EQ(dev->describe()[0].find("at once") != std::string::npos, generic == &few_blocks)
            << dev->describe()[0];
      for (Op op : {Op::plain, Op::transpose}) {
        if (op == Op::transpose && !host->capabilities().transpose) continue;
        const bool t = op == Op::transpose;
        const auto x = random_vector<V>(std::size_t(t ? m.rows : m.cols), ++seed);
        const auto y0 = random_vector<V>(std::size_t(t ? m.cols : m.rows), ++seed);
        for (auto [alpha, beta] : {std::pair<V, V>{1, 0}, {1, 1}, {V(-1.5), V(0.25)}}) {
          std::vector<V> expect = y0;
          host->apply(op, alpha, x.data(), beta, expect.data());
          const std::vector<V> got = device_apply(*dev, op, alpha, x, beta, y0);
          expect_close(got, expect, 2 * error_bound(m.view(), t, alpha, x, beta, y0));
          if (!t) ASSERT_EQ(device_apply(*jit, op, alpha, x, beta, y0), got) << "generated and generic kernels differ";
        }
      }
      if (m.rows == 0 || m.cols == 0) continue;
      // NaN at both ends of x, where a bounds-checked row's columns outside the
      // matrix are read from: only the rows with an entry in those columns get NaN.
      auto x = random_vector<V>(std::size_t(m.cols), ++seed);
      x.front() = x.back() = nan<V>();
      const std::vector<V> y0(std::size_t(m.rows), V(0));
      std::vector<V> expect = y0;
      host->apply(Op::plain, V(1), x.data(), V(0), expect.data());
      for (auto* kernel : {dev.get(), jit.get()}) {
        const std::vector<V> got = device_apply(*kernel, Op::plain, V(1), x, V(0), y0);
        for (std::size_t r = 0; r < got.size(); ++r)
          ASSERT_EQ(is_nan(got[r]), is_nan(expect[r])) << "row " << r << (kernel == jit.get() ? ", generated" : ", generic");
      }
    }
  }
}

// Through the adaptive matrix with the format fixed: on the device, every
// product right, the transpose the format's own or the core's.
template <class V, class I>
void check_diagonal_format_adaptive(FormatId id) {
  const auto m = banded<V, I>(diagonal_test_matrices()[3].second);  // type III: every path
  MatrixOptions o;
  o.format = FormatChoice::fixed(id);
  AdaptiveMatrix<V, I> a(o);
  a.build(m.view());
  ASSERT_EQ(a.placement(), Placement::device) << a.placement_reason();
  ASSERT_EQ(a.format_name(), format_name(id));
  for (Op op : {Op::plain, Op::transpose}) {
    const bool t = op == Op::transpose;
    const auto x = random_vector<V>(std::size_t(t ? m.rows : m.cols), 5);
    const auto y0 = random_vector<V>(std::size_t(t ? m.cols : m.rows), 6);
    std::vector<V> expect = y0, y = y0;
    csr_reference_apply(m.view(), op, V(2), x.data(), V(0.5), expect.data());
    a.apply(op, V(2), {x.data()}, V(0.5), {y.data()});
    expect_close(y, expect, 2 * error_bound(m.view(), t, V(2), x, V(0.5), y0));
  }
  EXPECT_EQ(a.transpose_fallback_built(), id != FormatId::dia);
}

// Format `id` with its tuning parameter `name` set to `value`, built on m.
template <class V, class I>
std::unique_ptr<HostFormat<V, I>> built_with(FormatId id, const char* name, const char* value,
                                             const OwnedCsr<V, I>& m) {
  FormatContext context;
  context.device = device_info(current_device());
  context.params.set(id, name, value);
  auto host = make_host_format<V, I>(id, context);  // (which keeps a copy of the context)
  host->build(m.view());
  return host;
}

// The device fills its values from the CSR arrays: on a matrix of several fill
// chunks, after a refill (the values alone through the refill map, or with
// their columns without it), and the errors the fill itself finds.
template <class V, class I>
void check_diagonal_fill_gpu(FormatId id) {
  // 1.2M rows of 5 diagonals: 6M entries, two chunks of at most 4M.
  auto m = banded<V, I>({1200000, 1200000, {-1000, -1, 0, 1, 1000}});
  const auto x = random_vector<V>(std::size_t(m.cols), 11);
  const auto y0 = random_vector<V>(std::size_t(m.rows), 12);
  for (const char* map : {"auto", "never"}) {
    SCOPED_TRACE(std::string("refill_map ") + map);
    auto host = built_with(id, "refill_map", map, m);
    const auto& diagonal = dynamic_cast<const DiagonalHostFormat<V, I>&>(*host);
    ASSERT_GT(diagonal_fill_chunks(m.view(), diagonal.blocks()).size(), 1u);
    auto dev = host->upload(nullptr);
    const bool mapped = std::string(map) == "auto";
    const std::vector<std::string> lines = dev->describe();
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[1].rfind(mapped ? "refill: the values alone" : "refill: the values with their rows' columns", 0), 0u)
        << lines[1];
    const std::size_t map_bytes = std::size_t(m.row_ptr.back()) * 4;
    EXPECT_EQ(dev->device_bytes() >= map_bytes + std::size_t(diagonal.layout().stored) * sizeof(V), mapped);
    auto check = [&](const char* when) {
      SCOPED_TRACE(when);
      std::vector<V> expect = y0;
      host->apply(Op::plain, V(1), x.data(), V(0), expect.data());  // the host's own fill
      expect_close(device_apply(*dev, Op::plain, V(1), x, V(0), y0), expect,
                   2 * error_bound(m.view(), false, V(1), x, V(0), y0));
    };
    check("upload");
    auto refilled = m;
    for (V& v : refilled.values) v = V(3) * v + V(1);
    host->refill(refilled.view());
    dev->upload_values(nullptr);
    check("refill");
    if (mapped) continue;  // the map trusts the caller's pattern, as csr's refill does
    // Same counts, another pattern: row 2's entry on diagonal 1000 moves to 1001.
    auto moved = refilled;
    moved.col_idx[std::size_t(m.row_ptr[2]) + 3] += 1;
    host->refill(moved.view());
    try {
      dev->upload_values(nullptr);
      ADD_FAILURE() << "a refill with another pattern was accepted";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::invalid_argument) << e.what();
    }
  }

  FormatContext context;
  context.device = device_info(current_device());
  // Rows out of order that the analysis did not see (its features say they
  // increase): the device's fill finds them. Beyond a pack the upload waits
  // for its fill and refuses them (the next candidate takes over); a small
  // matrix's upload (its CSR arrays sent with the layout) returns without
  // waiting, and its first refill says what the fill found.
  for (const std::int64_t n : {std::int64_t(20000), std::int64_t(1000)}) {
    SCOPED_TRACE(std::to_string(n) + " rows");
    auto swapped = banded<V, I>({n, n, {-1, 0, 1}});
    std::swap(swapped.col_idx[3], swapped.col_idx[4]);  // row 1: columns 0 2 1
    Features features = compute_features(swapped.view());
    features.diagonal_offsets = {-1, 0, 1};
    features.diagonal_rows_increase = true;
    FormatContext told = context;
    told.features = &features;
    auto liar = make_host_format<V, I>(id, told);
    liar->build(swapped.view());
    try {
      auto dev = liar->upload(nullptr);
      ASSERT_EQ(n, 1000) << "rows out of order were accepted";
      liar->refill(swapped.view());
      dev->upload_values(nullptr);
      ADD_FAILURE() << "rows out of order were accepted, and refilled";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::unsupported) << e.what();
      EXPECT_EQ(std::string(e.what()).find("read at the first refill") != std::string::npos, n == 1000) << e.what();
    }
  }
}

// A small layout's refill through the map, by the refill kernel and on the
// host (refill_on_host): twice, so that the host's map and copy made at the
// first refill serve the second; the padding (offset 700 reaches past the
// last column for most rows) stays zero.
template <class V, class I>
void check_diagonal_refill_on_host_gpu(FormatId id) {
  auto m = banded<V, I>({3000, 3000, {-2, 0, 1, 700}});
  const auto x = random_vector<V>(std::size_t(m.cols), 21);
  const auto y0 = random_vector<V>(std::size_t(m.rows), 22);
  for (const char* on_host : {"0", "65536"}) {
    SCOPED_TRACE(std::string("refill_on_host ") + on_host);
    auto host = built_with(id, "refill_on_host", on_host, m);
    auto dev = host->upload(nullptr);
    const bool by_host = std::string(on_host) != "0";
    const std::vector<std::string> lines = dev->describe();
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[1].rfind(by_host ? "refill: the values put in their slots on the host" : "refill: the values alone",
                             0),
              0u)
        << lines[1];
    auto refilled = m;
    for (const V scale : {V(3), V(-0.5)}) {
      SCOPED_TRACE("refilled");
      for (V& v : refilled.values) v = scale * v + V(1);
      host->refill(refilled.view());
      dev->upload_values(nullptr);
      std::vector<V> expect = y0;
      host->apply(Op::plain, V(1), x.data(), V(0.5), expect.data());  // the host's own fill
      expect_close(device_apply(*dev, Op::plain, V(1), x, V(0.5), y0), expect,
                   2 * error_bound(refilled.view(), false, V(1), x, V(0.5), y0));
    }
  }
}

}  // namespace aijadaptive::test
