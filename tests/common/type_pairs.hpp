// The (value, index) type pairs the core is built for (AIJA_FOR_EACH_TYPE_PAIR),
// as the GoogleTest type list of every typed test.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <utility>

namespace aijadaptive::test {

using TypePairs = ::testing::Types<std::pair<double, std::int32_t>, std::pair<double, std::int64_t>,
                                   std::pair<float, std::int32_t>, std::pair<float, std::int64_t>>;

}  // namespace aijadaptive::test
