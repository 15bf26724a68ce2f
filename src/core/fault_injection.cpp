// Fault injection and device-memory accounting (include/aijadaptive/fault_injection.hpp).
// No CUDA here: the device layer calls the hooks, and the host tests can too.
#include "aijadaptive/fault_injection.hpp"

#include <array>
#include <charconv>
#include <mutex>
#include <unordered_map>

#include "aijadaptive/errors.hpp"

namespace aijadaptive {

namespace detail {
std::atomic<bool> fault_hooks_on{false};
}

namespace faults {

namespace {

struct State {
  std::mutex mutex;
  std::array<std::uint64_t, kSites> countdown{};  // 0: not armed; else calls left, the last one fails
  std::array<std::uint64_t, kSites> fired{};
  bool counting = false;
  Counts counts;
  std::unordered_map<const void*, std::size_t> live_device, live_pinned;
};

// Never destroyed: a buffer freed during the program's exit (a static's
// destructor) may still reach the hooks.
State& state() {
  static State* const s = new State;
  return *s;
}

// With the mutex held: the hooks run while anything is armed or counted.
void update_hooks(const State& s) {
  bool on = s.counting;
  for (std::uint64_t c : s.countdown) on = on || c != 0;
  detail::fault_hooks_on.store(on, std::memory_order_relaxed);
}

constexpr std::array<const char*, kSites> kNames{"alloc", "pinned", "launch"};

}  // namespace

const char* site_name(Site site) noexcept { return kNames[std::size_t(site)]; }

std::optional<Site> site_from_name(std::string_view name) noexcept {
  for (int k = 0; k < kSites; ++k)
    if (name == kNames[std::size_t(k)]) return Site(k);
  return std::nullopt;
}

void fail_nth(Site site, std::uint64_t n) {
  State& s = state();
  const std::lock_guard<std::mutex> lock(s.mutex);
  s.countdown[std::size_t(site)] = n;
  update_hooks(s);
}

void disarm_all() noexcept {
  State& s = state();
  const std::lock_guard<std::mutex> lock(s.mutex);
  s.countdown.fill(0);
  update_hooks(s);
}

bool pending(Site site) noexcept {
  State& s = state();
  const std::lock_guard<std::mutex> lock(s.mutex);
  return s.countdown[std::size_t(site)] != 0;
}

std::uint64_t fired(Site site) noexcept {
  State& s = state();
  const std::lock_guard<std::mutex> lock(s.mutex);
  return s.fired[std::size_t(site)];
}

bool arm_from_text(std::string_view text) {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos) return false;
  const std::optional<Site> site = site_from_name(text.substr(0, colon));
  const std::string_view number = text.substr(colon + 1);
  std::uint64_t n = 0;
  const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), n);
  if (!site || error != std::errc{} || end != number.data() + number.size() || n == 0) return false;
  fail_nth(*site, n);
  return true;
}

void set_counting(bool on) {
  State& s = state();
  const std::lock_guard<std::mutex> lock(s.mutex);
  if (on && !s.counting) {
    s.counts = Counts{};
    s.live_device.clear();
    s.live_pinned.clear();
  }
  s.counting = on;
  update_hooks(s);
}

bool counting() noexcept {
  State& s = state();
  const std::lock_guard<std::mutex> lock(s.mutex);
  return s.counting;
}

Counts counts() {
  State& s = state();
  const std::lock_guard<std::mutex> lock(s.mutex);
  return s.counts;
}

}  // namespace faults

namespace detail {

using faults::Site;

void fault_point(Site site, const std::string& call, const char* file, int line) {
  faults::State& s = faults::state();
  std::uint64_t number = 0;
  {
    const std::lock_guard<std::mutex> lock(s.mutex);
    if (s.counting) {
      if (site == Site::device_allocation) ++s.counts.device_allocations;
      if (site == Site::pinned_allocation) ++s.counts.pinned_allocations;
      if (site == Site::launch) ++s.counts.launches;
    }
    std::uint64_t& left = s.countdown[std::size_t(site)];
    if (left == 0 || --left != 0) return;
    number = ++s.fired[std::size_t(site)];
    faults::update_hooks(s);
  }
  // The messages read as the real failures' do (core/cuda_check.hpp), so that
  // what the user sees is what a real one would show, and say it was injected.
  const std::string injected = "; injected by aijadaptive's fault injection, fault " + std::to_string(number) +
                               " at " + faults::site_name(site) + ")";
  if (site == Site::launch)
    // A launch that fails without harming the context (as one asking for too
    // many resources does): the matrix can go on.
    throw_error(ErrorKind::cuda,
                call + " failed: cudaErrorLaunchOutOfResources (too many resources requested for launch" + injected,
                file, line);
  throw_error(ErrorKind::out_of_device_memory, call + " failed: cudaErrorMemoryAllocation (out of memory" + injected,
              file, line);
}

void note_allocation(Site site, const void* p, std::size_t bytes) noexcept {
  faults::State& s = faults::state();
  const std::lock_guard<std::mutex> lock(s.mutex);
  if (!s.counting || !p) return;
  try {
    if (site == Site::pinned_allocation) {
      s.live_pinned[p] = bytes;
      s.counts.pinned_live_bytes += bytes;
    } else {
      s.live_device[p] = bytes;
      s.counts.device_live_bytes += bytes;
      ++s.counts.device_live_buffers;
    }
  } catch (...) {
    // No memory for the map entry: the buffer goes uncounted (its free is ignored too).
  }
}

void note_free(Site site, const void* p) noexcept {
  faults::State& s = faults::state();
  const std::lock_guard<std::mutex> lock(s.mutex);
  auto& live = site == Site::pinned_allocation ? s.live_pinned : s.live_device;
  const auto it = live.find(p);
  if (it == live.end()) return;  // allocated before counting started
  if (site == Site::pinned_allocation) {
    s.counts.pinned_live_bytes -= it->second;
  } else {
    s.counts.device_live_bytes -= it->second;
    --s.counts.device_live_buffers;
  }
  live.erase(it);
}

}  // namespace detail

}  // namespace aijadaptive
