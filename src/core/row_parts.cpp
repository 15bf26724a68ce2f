#include "core/row_parts.hpp"

#include <algorithm>
#include <exception>
#include <thread>

namespace aijadaptive::detail {

int hardware_threads() {
  static const int threads = int(std::max(1u, std::thread::hardware_concurrency()));
  return threads;
}

std::vector<RowPart> row_parts(std::int64_t rows, std::int64_t nnz, std::int64_t align, int parts,
                               std::int64_t entries_per_part) {
  if (rows <= 0) return {};
  align = std::max<std::int64_t>(1, align);
  const std::int64_t aligned_rows = (rows + align - 1) / align;  // parts can begin at no more points than this
  const std::int64_t by_entries = std::max<std::int64_t>(1, nnz / std::max<std::int64_t>(1, entries_per_part));
  const std::int64_t wanted = std::min(
      parts > 0 ? std::int64_t(parts) : by_entries > 1 ? std::min<std::int64_t>(hardware_threads(), by_entries) : 1,
      aligned_rows);
  std::vector<RowPart> cut;
  std::int64_t begin = 0;
  for (std::int64_t p = 1; p <= wanted; ++p) {
    const std::int64_t end = p == wanted ? rows : std::min(rows, aligned_rows * p / wanted * align);
    if (end > begin) cut.push_back({begin, end});
    begin = std::max(begin, end);
  }
  return cut;
}

void run_row_parts(std::size_t parts, const std::function<void(std::size_t)>& body) {
  if (parts == 0) return;
  std::vector<std::exception_ptr> failed(parts, nullptr);
  auto guarded = [&](std::size_t p) {
    try {
      body(p);
    } catch (...) {  // an exception must not leave a thread: rethrown below
      failed[p] = std::current_exception();
    }
  };
  std::vector<std::thread> threads;
  threads.reserve(parts - 1);
  for (std::size_t p = 0; p + 1 < parts; ++p) threads.emplace_back(guarded, p);
  guarded(parts - 1);
  for (std::thread& t : threads) t.join();
  for (const std::exception_ptr& e : failed)
    if (e) std::rethrow_exception(e);
}

}  // namespace aijadaptive::detail
