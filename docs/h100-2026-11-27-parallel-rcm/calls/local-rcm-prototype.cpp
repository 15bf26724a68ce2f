// The dropped prototype (README, last section; not committed to src/): these two functions sat in
// src/core/reordering.cpp, inside namespace aijadaptive after RcmOrdering, for calls/local-rcm.cpp,
// calls/setup-local.cpp and call 1's bench-new (whose analysis took the local order in the window
// size, of those holding kLocalRcmShare = 0.8 of the entries or more, that gathered fewest sectors).

// RCM inside each window of `window` consecutive indices, over the entries whose row and column lie
// in the same window; the windows ordered on several threads.
template <class V, class I>
Permutation<I> local_rcm_order(const CsrView<V, I>& a, std::int64_t window) {
  const std::int64_t n = a.rows;
  Permutation<I> p;
  p.window = window;
  p.new_to_old.resize(std::size_t(n));
  p.old_to_new.resize(std::size_t(n));
  const std::vector<detail::RowPart> parts = detail::row_parts(n, a.nnz(), window, 0, std::int64_t(1) << 20);
  detail::run_row_parts(parts.size(), [&](std::size_t part) {
    std::vector<I> row_ptr, col_idx;
    for (std::int64_t first = parts[part].begin; first < parts[part].end; first += window) {
      const std::int64_t last = std::min(parts[part].end, first + window);
      const I rows = I(last - first);
      row_ptr.assign(1, 0);
      col_idx.clear();
      for (std::int64_t i = first; i < last; ++i) {
        for (I k = a.row_ptr[i]; k < a.row_ptr[i + 1]; ++k) {
          const std::int64_t c = std::int64_t(a.col_idx[k]) - first;
          if (c >= 0 && c < rows) col_idx.push_back(I(c));
        }
        row_ptr.push_back(I(col_idx.size()));
      }
      const CsrView<V, I> w{rows, rows, row_ptr.data(), col_idx.data(), nullptr};
      const std::vector<I> order = RcmOrdering<V, I>(w).run();  // the one-thread RcmOrdering of HEAD
      for (I k = 0; k < rows; ++k) {
        const I old = I(first + order[std::size_t(k)]);
        p.new_to_old[std::size_t(first + k)] = old;
        p.old_to_new[std::size_t(old)] = I(first + k);
      }
    }
  });
  return p;
}

// Share of A's entries whose row and column lie in one window, for each of kRcmWindows (powers of
// two: one window when the bits above agree).
template <class V, class I>
std::array<double, kRcmWindows.size()> window_shares(const CsrView<V, I>& a) {
  std::array<double, kRcmWindows.size()> shares{};
  if (a.nnz() == 0) return shares;
  const std::vector<detail::RowPart> parts = detail::row_parts(a.rows, a.nnz(), 1);
  std::vector<std::array<std::int64_t, kRcmWindows.size()>> inside(parts.size());
  detail::run_row_parts(parts.size(), [&](std::size_t part) {
    std::array<std::int64_t, kRcmWindows.size()> count{};
    for (std::int64_t i = parts[part].begin; i < parts[part].end; ++i)
      for (I k = a.row_ptr[i]; k < a.row_ptr[i + 1]; ++k)
        for (std::size_t w = 0; w < kRcmWindows.size(); ++w)
          count[w] += (std::int64_t(a.col_idx[k]) ^ i) < kRcmWindows[w];
    inside[part] = count;
  });
  for (std::size_t w = 0; w < kRcmWindows.size(); ++w) {
    std::int64_t sum = 0;
    for (const auto& count : inside) sum += count[w];
    shares[w] = double(sum) / double(a.nnz());
  }
  return shares;
}
