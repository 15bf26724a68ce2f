// Host builder of format `inode`: the groups of identical rows, their windows
// and slices, the column offsets.
#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>

#include "aijadaptive/csr_prefetch.hpp"
#include "aijadaptive/errors.hpp"
#include "aijadaptive/formats/inode.hpp"
#include "aijadaptive/instantiate.hpp"
#include "core/cusparse_bytes.hpp"
#include "core/row_parts.hpp"
#include "formats/inode/tuning.hpp"

namespace aijadaptive {

const std::vector<ParamSpec>& inode_params() {
  using namespace inode_tuning;
  static const std::vector<ParamSpec> specs = {
      integer_param("max_group_rows", "rows a group of identical rows holds at most (longer runs are cut)", 1,
                    kInodeMaxGroupRows, kMaxGroupRows),
      integer_param("window_rows", "rows whose groups are sorted by shape together", 1, 65536, kWindowRows),
      real_param("max_padding", "share of a slice's stored entries that may be padding", 0, 100, kMaxPadding),
      integer_param("wide_columns", "columns of a group that takes a slice of its own, multiplied by a whole warp",
                    32, std::int64_t(1) << 40, kWideColumns),
      choice_param("sort", "sort the groups of a window by shape (yes) or keep their order (no)", {"yes", "no"},
                   kSort ? "yes" : "no"),
      choice_param("group_threads", "lanes per group: auto (from the groups and the device), or 1 to 32",
                   {"auto", "1", "2", "4", "8", "16", "32"}, "auto")};
  return specs;
}

int inode_group_threads(std::int64_t groups, double mean_columns, std::int64_t multiprocessors) {
  using namespace inode_tuning;
  const double lanes = double(kWaves * multiprocessors * kLanesPerMultiprocessor) / double(std::max<std::int64_t>(1, groups));
  const double most = std::min({32.0, lanes, mean_columns / double(kColumnsPerLane)});
  int k = 1;
  while (2 * k <= most) k *= 2;
  return k;
}

InodeParams inode_params(const TuningParams& tuning, const DeviceInfo& device) {
  const FormatId me = FormatId::inode;
  InodeParams p;
  p.max_group_rows = int(tuning.integer(me, "max_group_rows"));
  p.window_rows = tuning.integer(me, "window_rows");
  p.max_padding = tuning.real(me, "max_padding");
  p.wide_columns = tuning.integer(me, "wide_columns");
  p.sort = tuning.choice(me, "sort") == "yes";
  const std::string& k = tuning.choice(me, "group_threads");
  p.group_threads = k == "auto" ? 0 : std::stoi(k);
  p.multiprocessors = device.multiprocessors;
  inode_check_params(p);
  return p;
}

void inode_check_params(const InodeParams& p) {
  AIJA_REQUIRE(p.max_group_rows >= 1 && p.max_group_rows <= kInodeMaxGroupRows, invalid_argument,
               "inode: max_group_rows = " + std::to_string(p.max_group_rows) + ", expected 1 to " +
                   std::to_string(kInodeMaxGroupRows));
  // Row offsets within a window are 16-bit.
  AIJA_REQUIRE(p.window_rows >= 1 && p.window_rows <= 65536, invalid_argument,
               "inode: window_rows = " + std::to_string(p.window_rows) + ", expected 1 to 65536");
  AIJA_REQUIRE(p.max_padding >= 0, invalid_argument,
               "inode: max_padding = " + std::to_string(p.max_padding) + ", expected >= 0");
  AIJA_REQUIRE(p.wide_columns >= 32, invalid_argument,
               "inode: wide_columns = " + std::to_string(p.wide_columns) + ", expected >= 32");
  const int k = p.group_threads;
  AIJA_REQUIRE(k >= 0 && k <= kInodeSliceGroups && (k & (k - 1)) == 0, invalid_argument,
               "inode: group_threads = " + std::to_string(k) + ", expected 0 (auto) or a power of two <= 32");
  AIJA_REQUIRE(p.multiprocessors >= 1, invalid_argument, "inode: the device has no multiprocessors");
}

std::size_t InodeLayout::device_bytes(std::size_t value_bytes) const {
  return std::size_t(stored_values) * value_bytes + offsets16.size() * sizeof(std::uint16_t) +
         offsets32.size() * sizeof(std::uint32_t) + rows.size() * sizeof(std::uint16_t) +
         slices.size() * (sizeof(InodeSlice) + sizeof(std::int64_t));
}

namespace {

struct Group {
  std::int64_t row;      // first row
  std::int32_t rows;     // g
  std::int64_t columns;  // L
};
using Groups = UninitialisedVector<Group>;

// Runs of consecutive rows with the same column list, at most `most` rows
// each: which rows repeat the row before (the O(nnz) comparisons), then the
// runs, over several threads. With the owner's runs (`known`), a row inside
// one of them repeats the row before it by their word, and only the first row
// of each is compared: the same answers, fewer comparisons.
template <class V, class I>
Groups find_groups(const CsrView<V, I>& a, const RowRuns* known, int most, int threads) {
  const std::int64_t rows = a.rows;
  std::vector<char> repeats(std::size_t(std::max<std::int64_t>(rows, 0)), 0);
  std::vector<char> run_starts;  // with `known`: the first row of each of its runs
  if (known) {
    run_starts.assign(repeats.size(), 0);
    std::int64_t first = 0;
    for (const std::int64_t size : known->sizes) {
      run_starts[std::size_t(first)] = 1;
      first += size;
    }
  }
  const std::vector<detail::RowPart> parts =
      detail::row_parts(rows, a.nnz(), 1, threads, inode_tuning::kBuildEntriesPerThread);
  detail::run_row_parts(parts.size(), [&](std::size_t part) {
    for (std::int64_t i = std::max<std::int64_t>(1, parts[part].begin); i < parts[part].end; ++i)
      repeats[std::size_t(i)] = known && !run_starts[std::size_t(i)] ? true : repeats_previous_row(a, i);
  });
  // A row starts a group unless it repeats the row before and that group has
  // room: within a stretch of repeating rows from row c (the last that does
  // not repeat), groups start at c, c + most, c + 2 most, ... So each part
  // finds its groups alone: counted first, then written where the counts put
  // them (each page of the list first touched by the thread that fills it;
  // one thread touching them all was most of the build for scalar rows).
  const auto stretch_start = [&](std::int64_t i) {
    while (i > 0 && repeats[std::size_t(i)]) --i;
    return i;
  };
  const auto for_each_start = [&](const detail::RowPart& part, auto&& start) {
    std::int64_t c = part.begin < part.end ? stretch_start(part.begin) : 0;
    for (std::int64_t i = part.begin; i < part.end; ++i) {
      if (!repeats[std::size_t(i)]) c = i;
      if ((i - c) % most == 0) start(i);
    }
  };
  std::vector<std::size_t> first(parts.size() + 1, 0);
  detail::run_row_parts(parts.size(), [&](std::size_t part) {
    for_each_start(parts[part], [&](std::int64_t) { ++first[part + 1]; });
  });
  for (std::size_t part = 0; part < parts.size(); ++part) first[part + 1] += first[part];
  Groups groups(first.back());
  detail::run_row_parts(parts.size(), [&](std::size_t part) {
    std::size_t k = first[part];
    for_each_start(parts[part], [&](std::int64_t i) {
      std::int64_t end = i + 1;
      while (end < rows && end - i < most && repeats[std::size_t(end)]) ++end;
      groups[k++] = {i, std::int32_t(end - i), std::int64_t(a.row_ptr[i + 1]) - a.row_ptr[i]};
    });
  });
  return groups;
}

struct Window {
  std::size_t first, end;  // its groups
  std::int64_t row_base;
};

// Windows of consecutive groups over at most `window_rows` rows (a group
// longer than that: a window of its own).
std::vector<Window> find_windows(const Groups& groups, std::int64_t window_rows) {
  std::vector<Window> windows;
  for (std::size_t next = 0; next < groups.size();) {
    Window w{next, next, groups[next].row};
    while (w.end < groups.size() && groups[w.end].row + groups[w.end].rows - w.row_base <= window_rows) ++w.end;
    if (w.end == w.first) ++w.end;
    next = w.end;
    windows.push_back(w);
  }
  return windows;
}

// The slices of the windows of one part of the rows, planned before any
// offset is written: the groups in slice order (indices into the group list)
// and the slices, with their positions counted from the part's start.
struct PartPlan {
  std::vector<std::size_t> members;
  std::vector<InodeSlice> slices;
  std::vector<std::int64_t> window_rows, window_slices;
  std::int64_t offsets16 = 0, offsets32 = 0, stored_values = 0;
};

// Plans one slice of the groups members[first..] (one window's, same row
// count): its width, column base and offset width from the columns' span.
template <class V, class I>
void plan_slice(const CsrView<V, I>& a, const Groups& groups, std::size_t first, std::int64_t row_base,
                int threads, PartPlan& plan) {
  const auto n = std::int64_t(plan.members.size() - first);
  std::int64_t width = 0, low = 0, high = -1;
  for (std::size_t m = first; m < plan.members.size(); ++m) {
    const Group& g = groups[plan.members[m]];
    width = std::max(width, g.columns);
    if (g.columns == 0) continue;
    const I* columns = a.col_idx + a.row_ptr[g.row];
    const auto [least, most] = std::minmax_element(columns, columns + g.columns);
    if (high < low) low = *least, high = *most;
    low = std::min<std::int64_t>(low, *least);
    high = std::max<std::int64_t>(high, *most);
  }
  const std::int64_t span = high < low ? 0 : high - low;
  const bool narrow = span < std::int64_t(kInodePad16);
  AIJA_REQUIRE(span < std::int64_t(kInodePad32), unsupported,
               "inode: a slice's columns span " + std::to_string(span) +
                   ", more than 32-bit offsets reach; use format csr");
  InodeSlice s{};
  s.row_base = row_base;
  s.col_base = high < low ? 0 : low;
  s.offsets_at = narrow ? plan.offsets16 : plan.offsets32;
  s.values_at = plan.stored_values;
  s.groups_at = std::int64_t(first);
  s.groups = std::int32_t(n);
  s.width = std::int32_t(width);
  s.group_rows = std::int16_t(groups[plan.members[first]].rows);
  s.threads = std::int16_t(threads);
  s.kind = narrow ? 0 : kInodeOffsets32;
  (narrow ? plan.offsets16 : plan.offsets32) += width * n;
  plan.stored_values += width * s.group_rows * n;
  plan.slices.push_back(s);
}

// Plans the slices of one window's groups (`order`: their indices, in the
// order the slices take them), k lanes per group.
template <class V, class I>
void plan_window_slices(const CsrView<V, I>& a, const Groups& groups, const std::vector<std::size_t>& order,
                        std::int64_t row_base, const InodeParams& p, int k, PartPlan& plan) {
  std::size_t open = plan.members.size();  // the first member of the open slice
  std::int64_t width = 0, entries = 0;
  const auto close = [&] {
    if (open < plan.members.size()) plan_slice(a, groups, open, row_base, k, plan);
    open = plan.members.size();
    width = entries = 0;
  };
  for (const std::size_t index : order) {
    const Group& g = groups[index];
    if (g.columns >= p.wide_columns) {
      close();
      plan.members.push_back(index);
      plan_slice(a, groups, open, row_base, kInodeSliceGroups, plan);
      open = plan.members.size();
      continue;
    }
    const std::int64_t w = std::max(width, g.columns), n = std::int64_t(plan.members.size() - open) + 1;
    const bool fits = n > 1 && n <= kInodeSliceGroups / k && g.rows == groups[plan.members[open]].rows &&
                      double(w * n) <= (1 + p.max_padding) * double(entries + g.columns);
    if (!fits) close();
    plan.members.push_back(index);
    width = std::max(width, g.columns);
    entries += g.columns;
  }
  close();
}

// The offsets of a slice's members' columns from its base, column-major
// (entry j of every member, then j + 1), `pad` past a member's last column.
template <class V, class I, class Offset>
void write_offsets(const CsrView<V, I>& a, const Groups& groups, const std::size_t* members,
                   const InodeSlice& s, Offset pad, Offset* to) {
  const I* columns[kInodeSliceGroups];
  std::int64_t lengths[kInodeSliceGroups];
  for (std::int32_t m = 0; m < s.groups; ++m) {
    const Group& g = groups[members[m]];
    columns[m] = a.col_idx + a.row_ptr[g.row];
    lengths[m] = g.columns;
  }
  for (std::int64_t j = 0; j < s.width; ++j)
    for (std::int32_t m = 0; m < s.groups; ++m)
      *to++ = j < lengths[m] ? Offset(std::int64_t(columns[m][j]) - s.col_base) : pad;
}

}  // namespace

template <class V, class I>
InodeLayout inode_build_layout(const CsrView<V, I>& a, const InodeParams& p, int threads) {
  inode_check_params(p);
  const RowRuns* known = applicable_row_runs(a);
  const Groups groups = find_groups(a, known, p.max_group_rows, threads);
  const int k = p.group_threads ? p.group_threads
                                : inode_group_threads(std::int64_t(groups.size()),
                                                      groups.empty() ? 0.0 : double(a.nnz()) / double(a.rows),
                                                      p.multiprocessors);
  // Sorted by rows, then columns, descending: slices of equal shapes (stable:
  // equal shapes keep the mesh's order, and with it x's locality).
  const auto larger = [&](std::size_t l, std::size_t r) {
    const Group &gl = groups[l], &gr = groups[r];
    return gl.rows != gr.rows ? gl.rows > gr.rows : gl.columns > gr.columns;
  };
  // Over several threads in two passes: each part of the windows plans its
  // slices; then, every part's place known, each writes its offsets and
  // group rows straight into the layout (the same layout as one thread
  // makes, nothing copied, each page of the large arrays first touched by
  // the thread that fills it).
  const std::vector<Window> windows = find_windows(groups, p.window_rows);
  const std::vector<detail::RowPart> parts = detail::row_parts(std::int64_t(windows.size()), a.nnz(), 1, threads,
                                                                 inode_tuning::kBuildEntriesPerThread);
  std::vector<PartPlan> plans(parts.size());
  detail::run_row_parts(parts.size(), [&](std::size_t part) {
    PartPlan& plan = plans[part];
    std::vector<std::size_t> order;
    for (std::int64_t w = parts[part].begin; w < parts[part].end; ++w) {
      const Window& win = windows[std::size_t(w)];
      order.resize(win.end - win.first);
      for (std::size_t i = 0; i < order.size(); ++i) order[i] = win.first + i;
      if (p.sort) std::stable_sort(order.begin(), order.end(), larger);
      plan.window_rows.push_back(win.row_base);
      plan.window_slices.push_back(std::int64_t(plan.slices.size()));
      plan_window_slices(a, groups, order, win.row_base, p, k, plan);
    }
  });
  struct Start {  // where a part's entries begin in each array of the layout
    std::int64_t slices = 0, members = 0, offsets16 = 0, offsets32 = 0, values = 0;
  };
  std::vector<Start> starts(plans.size() + 1);
  for (std::size_t i = 0; i < plans.size(); ++i) {
    const PartPlan& plan = plans[i];
    const Start& at = starts[i];
    starts[i + 1] = {at.slices + std::int64_t(plan.slices.size()), at.members + std::int64_t(plan.members.size()),
                     at.offsets16 + plan.offsets16, at.offsets32 + plan.offsets32, at.values + plan.stored_values};
  }
  const Start& total = starts.back();
  InodeLayout out;
  out.slices.resize(std::size_t(total.slices));
  out.rows.resize(std::size_t(total.members));
  out.offsets16.resize(std::size_t(total.offsets16));
  out.offsets32.resize(std::size_t(total.offsets32));
  out.stored_values = total.values;
  detail::run_row_parts(plans.size(), [&](std::size_t part) {
    const PartPlan& plan = plans[part];
    const Start& at = starts[part];
    for (std::size_t i = 0; i < plan.slices.size(); ++i) {
      InodeSlice s = plan.slices[i];
      const std::size_t* members = plan.members.data() + s.groups_at;
      s.groups_at += at.members;
      for (std::int32_t m = 0; m < s.groups; ++m)
        out.rows[std::size_t(s.groups_at + m)] = std::uint16_t(groups[members[m]].row - s.row_base);
      s.values_at += at.values;
      if (s.kind & kInodeOffsets32) {
        s.offsets_at += at.offsets32;
        write_offsets(a, groups, members, s, kInodePad32, out.offsets32.data() + s.offsets_at);
      } else {
        s.offsets_at += at.offsets16;
        write_offsets(a, groups, members, s, kInodePad16, out.offsets16.data() + s.offsets_at);
      }
      out.slices[std::size_t(at.slices) + i] = s;
    }
  });
  for (std::size_t i = 0; i < plans.size(); ++i) {
    out.window_rows.insert(out.window_rows.end(), plans[i].window_rows.begin(), plans[i].window_rows.end());
    for (std::int64_t first : plans[i].window_slices) out.window_slices.push_back(starts[i].slices + first);
  }
  out.entries = a.nnz();
  out.known_runs = known ? std::int64_t(known->sizes.size()) : 0;
  for (const Group& g : groups) ++out.groups_of_size[std::size_t(g.rows)];
  out.group_threads = k;
  out.window_rows.push_back(a.rows);
  out.window_slices.push_back(std::int64_t(out.slices.size()));
  // Each G's slices for its own kernel.
  for (const InodeSlice& s : out.slices) ++out.rows_begin[std::size_t(s.group_rows) + 1];
  for (std::size_t g = 1; g < out.rows_begin.size(); ++g) out.rows_begin[g] += out.rows_begin[g - 1];
  out.by_rows.resize(out.slices.size());
  auto at = out.rows_begin;
  for (std::size_t i = 0; i < out.slices.size(); ++i)
    out.by_rows[std::size_t(at[std::size_t(out.slices[i].group_rows)]++)] = std::int64_t(i);
  return out;
}

template <class V, class I>
InodeHostFormat<V, I>::InodeHostFormat(const InodeParams& params, std::weak_ptr<CsrPrefetchBase> csr_prefetch)
    : params_(params), csr_prefetch_(std::move(csr_prefetch)) {
  inode_check_params(params_);
}

template <class V, class I>
void InodeHostFormat<V, I>::build(const CsrView<V, I>& a) {
  a_ = a;
  layout_ = inode_build_layout(a, params_);
}

// The layout depends on the pattern only; the values are moved on the device.
template <class V, class I>
void InodeHostFormat<V, I>::refill(const CsrView<V, I>& a) {
  a_ = a;
}

template <class V, class I>
std::size_t InodeHostFormat<V, I>::extra_host_bytes() const {
  const InodeLayout& l = layout_;
  return l.device_bytes(0) + (l.window_rows.size() + l.window_slices.size()) * sizeof(std::int64_t);
}

// The layout, and the CSR row pointers and values the fill kernel reads
// (unless the analysis sent them already).
template <class V, class I>
std::size_t InodeHostFormat<V, I>::device_bytes_needed() const {
  return layout_.device_bytes(sizeof(V)) + csr_source_staging_bytes(a_, csr_prefetch_, false);
}

template <class V, class I>
std::unique_ptr<DeviceFormat<V, I>> InodeHostFormat<V, I>::upload(Stream stream) const {
  AIJA_UPLOAD_WITH_CUDA(upload_inode(*this, stream));
}

template <class V, class I>
std::vector<std::string> InodeHostFormat<V, I>::describe() const {
  const InodeLayout& l = layout_;
  const int k = l.group_threads;
  std::string sizes;
  for (int g = 1; g <= kInodeMaxGroupRows; ++g)
    if (l.groups_of_size[std::size_t(g)])
      sizes += (sizes.empty() ? "" : ", ") + std::to_string(l.groups_of_size[std::size_t(g)]) + " of " +
               std::to_string(g);
  std::int64_t narrow = 0, wide = 0;
  for (const InodeSlice& s : l.slices) {
    narrow += !(s.kind & kInodeOffsets32);
    wide += s.threads > l.group_threads;
  }
  char bytes[160];
  const auto per_entry = [&](std::size_t total) { return l.entries ? double(total) / double(l.entries) : 0.0; };
  const double padding = l.stored_values ? 1.0 - double(l.entries) / double(l.stored_values) : 0.0;
  std::snprintf(bytes, sizeof(bytes), "%.2f bytes per nonzero (CSR: %.2f), %.1f%% of the stored values padding",
                per_entry(l.device_bytes(sizeof(V))), per_entry(detail::csr_array_bytes(a_)), 100 * padding);
  return {"inode: " + std::to_string(l.groups()) + " groups of identical rows (" + (sizes.empty() ? "none" : sizes) +
              " rows)",
          "inode: " + std::to_string(l.slices.size()) + " slices in " + std::to_string(l.window_rows.size() - 1) +
              " windows, " + std::to_string(k) + (k == 1 ? " lane" : " lanes") + " per group, " + std::to_string(narrow) +
              " with 16-bit column offsets" +
              (wide ? ", " + std::to_string(wide) + " wide" : ""),
          std::string("inode: ") + bytes,
          l.known_runs ? "inode: groups found from the matrix's " + std::to_string(l.known_runs) +
                             " runs of identical rows (PETSc's I-nodes), compared only where two runs meet"
                       : std::string("inode: groups found by comparing each row with the one before")};
}

template <class V, class I>
std::unique_ptr<HostFormat<V, I>> make_inode_host_format(const FormatContext& context) {
  return std::make_unique<InodeHostFormat<V, I>>(inode_params(context.params, context.device),
                                                 context.csr_prefetch);
}

#define AIJA_INSTANTIATE(V, I)                                                       \
  template InodeLayout inode_build_layout<V, I>(const CsrView<V, I>&, const InodeParams&, int); \
  template class InodeHostFormat<V, I>;                                              \
  template std::unique_ptr<HostFormat<V, I>> make_inode_host_format<V, I>(const FormatContext&);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
