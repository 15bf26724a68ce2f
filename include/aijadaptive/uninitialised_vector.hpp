// A std::vector whose new elements are left uninitialised, for large host
// layouts filled in parallel: the pages are first touched by the threads
// that fill them rather than by one thread zeroing them before (on the GPU
// machines a first touch costs several microseconds a page).
#pragma once

#include <memory>
#include <utility>
#include <vector>

namespace aijadaptive {

template <class T>
struct UninitialisedAllocator : std::allocator<T> {
  template <class U>
  struct rebind {
    using other = UninitialisedAllocator<U>;
  };
  UninitialisedAllocator() = default;
  template <class U>
  UninitialisedAllocator(const UninitialisedAllocator<U>&) noexcept {}
  template <class U>
  void construct(U* p) noexcept {
    ::new (static_cast<void*>(p)) U;
  }
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

template <class T>
using UninitialisedVector = std::vector<T, UninitialisedAllocator<T>>;

}  // namespace aijadaptive
