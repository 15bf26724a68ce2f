// The value and index types the core is built for. Every template of the
// core is explicitly instantiated for each pair, in its own .cpp/.cu file.
#pragma once

#include <cstdint>

#define AIJA_FOR_EACH_TYPE_PAIR(M) \
  M(double, std::int32_t)          \
  M(double, std::int64_t)          \
  M(float, std::int32_t)           \
  M(float, std::int64_t)
