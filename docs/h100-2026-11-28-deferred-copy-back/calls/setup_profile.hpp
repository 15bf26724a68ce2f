// TEMPORARY (not committed): set-up phase marks to stderr when AIJA_SETUP_PROFILE is set.
#pragma once
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <thread>

namespace aijadaptive::detail {
inline void setup_mark(const char* what) {
  static const bool on = std::getenv("AIJA_SETUP_PROFILE") != nullptr;
  if (!on) return;
  static const auto t0 = std::chrono::steady_clock::now();
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  std::fprintf(stderr, "[setup %10.3f ms t%04zu] %s\n", ms, std::hash<std::thread::id>{}(std::this_thread::get_id()) % 10000, what);
}
}  // namespace aijadaptive::detail
