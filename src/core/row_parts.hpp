// Host passes of the set-up over several threads: the rows cut
// into contiguous parts, each part's pass on a thread of its own, the results
// merged in row order by the caller.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <new>
#include <vector>

namespace aijadaptive::detail {

struct RowPart {
  std::int64_t begin = 0, end = 0;
};

// Entries a part should have at least: below that, a thread costs more to
// start than its share of the pass saves.
inline constexpr std::int64_t kEntriesPerRowPart = std::int64_t(4) << 20;
// The same floor for a pass that looks every entry up in a table (brcsd2's
// cut by diagonal, a permutation's scattered reads): 4-5 ns an entry on one of
// the H100 machine's host cores (docs/h100-2026-11-24-dia-setup: 0.46 s for
// stencil27 n=160's 109M entries), ten times a stream of the arrays, so a
// thread pays for itself from a sixteenth of the entries. The diagonal
// search cuts its own parts (search.cpp).
inline constexpr std::int64_t kEntriesPerLookupPart = std::int64_t(256) << 10;

// The machine's hardware threads, at least 1, asked once per process: glibc
// reads them from /sys each time (a file opened and read), and the set-up of
// a small matrix asked several times (row_parts, parallel_copy).
int hardware_threads();

// [0, rows) cut into contiguous parts, every part but the first starting at a
// multiple of `align` (so that a part never splits a piece of `align` rows):
// with parts == 0, one per hardware thread but each of `entries_per_part` of
// the `nnz` entries at least on average (one part for a small matrix; a pass
// dearer per entry than a stream of the arrays gives less); otherwise that
// many (tests), or fewer if the rows have fewer multiples of `align`.
std::vector<RowPart> row_parts(std::int64_t rows, std::int64_t nnz, std::int64_t align, int parts = 0,
                               std::int64_t entries_per_part = kEntriesPerRowPart);

// body(p) for every part p, the parts spread over the process's kept threads
// and the caller's (or, while another pass holds those, each on a thread
// started for it); the parts must not wait for each other. The first
// exception thrown is rethrown once every part has ended.
void run_row_parts(std::size_t parts, const std::function<void(std::size_t)>& body);

// The first row i in [0, rows) for which bad(i) holds, or rows when none does:
// the parts (of `entries_per_part` entries at least, as row_parts) searched on
// their threads, each stopping at its first, so the answer is the one a single
// pass gives (the check's error names that row).
template <class Bad>
std::int64_t first_row_where(std::int64_t rows, std::int64_t nnz, Bad bad,
                             std::int64_t entries_per_part = kEntriesPerRowPart) {
  const std::vector<RowPart> parts = row_parts(rows, nnz, 1, 0, entries_per_part);
  std::vector<std::int64_t> first(parts.size(), rows);
  run_row_parts(parts.size(), [&](std::size_t p) {
    for (std::int64_t i = parts[p].begin; i < parts[p].end; ++i)
      if (bad(i)) {
        first[p] = i;
        return;
      }
  });
  return first.empty() ? rows : *std::min_element(first.begin(), first.end());
}

// A zeroed table for one part's pass, indexed by offset: from calloc, whose
// large allocations are pages mapped zero-filled on first touch, so a part
// that meets a few diagonals pays for a few pages (a stencil), not for the
// whole table (rows + cols entries).
struct FreeDeleter {
  void operator()(void* p) const { std::free(p); }
};
template <class T>
using ZeroedTable = std::unique_ptr<T[], FreeDeleter>;

template <class T>
ZeroedTable<T> zeroed_table(std::int64_t count) {
  ZeroedTable<T> t(static_cast<T*>(std::calloc(std::size_t(count > 0 ? count : 1), sizeof(T))));
  if (!t) throw std::bad_alloc();
  return t;
}

}  // namespace aijadaptive::detail
