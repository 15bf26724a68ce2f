// The (value, index) type pairs the core is built for (AIJA_FOR_EACH_TYPE_PAIR),
// as the GoogleTest type list of every typed test: the complex ones too when
// the core has them (AIJADAPTIVE_HAVE_COMPLEX).
#pragma once

#include <gtest/gtest.h>

#include <complex>
#include <cstdint>
#include <utility>

namespace aijadaptive::test {

#if AIJADAPTIVE_HAVE_COMPLEX
using TypePairs = ::testing::Types<std::pair<double, std::int32_t>, std::pair<double, std::int64_t>,
                                   std::pair<float, std::int32_t>, std::pair<float, std::int64_t>,
                                   std::pair<std::complex<double>, std::int32_t>,
                                   std::pair<std::complex<double>, std::int64_t>,
                                   std::pair<std::complex<float>, std::int32_t>,
                                   std::pair<std::complex<float>, std::int64_t>>;
#else
using TypePairs = ::testing::Types<std::pair<double, std::int32_t>, std::pair<double, std::int64_t>,
                                   std::pair<float, std::int32_t>, std::pair<float, std::int64_t>>;
#endif

}  // namespace aijadaptive::test
