// A pause in a spin loop: the core's hint that it is one, which leaves its
// pipeline to its other hardware thread (x86; elsewhere nothing).
#pragma once

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace aijadaptive::detail {

inline void spin_pause() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#endif
}

}  // namespace aijadaptive::detail
