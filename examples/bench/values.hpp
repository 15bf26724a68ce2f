// Deterministic pseudo-random numbers for generated matrices and vectors.
//
// Every value is a function of (seed, row, column), not of the order in which
// entries are made, so the generators can fill rows in any order and a matrix
// is the same on every machine.
//
// Values are dyadic (k/8 for matrix entries, k/64 for x): their products and
// the partial sums of a row are exact in float and in double, so a kernel that
// adds in a different order than the host reference still matches it to the
// last bit. The correctness check then measures the kernel, not rounding.
#pragma once

#include <cstdint>

namespace aijadaptive::bench {

// splitmix64's finaliser: a cheap, well-mixing bijection of 64-bit words.
constexpr std::uint64_t mix64(std::uint64_t z) {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

constexpr std::uint64_t hash3(std::uint64_t seed, std::uint64_t a, std::uint64_t b) {
  return mix64(mix64(mix64(seed) ^ a) ^ b);
}

// A sequence of random words (splitmix64), for generators that draw many.
class SplitMix {
 public:
  explicit SplitMix(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() { return mix64(state_++ * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull); }
  // Uniform in [0, 1) with 53 random bits.
  double uniform() { return double(next() >> 11) * 0x1.0p-53; }
  std::uint64_t below(std::uint64_t n) { return n ? next() % n : 0; }

 private:
  std::uint64_t state_;
};

// A nonzero matrix value in {-1, -7/8, ..., -1/8, 1/8, ..., 1}.
inline double matrix_value(std::uint64_t seed, std::uint64_t row, std::uint64_t col) {
  const std::uint64_t h = hash3(seed, row, col);
  const double v = double((h >> 1) % 8 + 1) / 8.0;
  return (h & 1) ? -v : v;
}

// A vector entry in {-1, -63/64, ..., 63/64, 1}.
inline double vector_value(std::uint64_t seed, std::uint64_t i) {
  return double(std::int64_t(hash3(seed, i, 0x5EEDull) % 129) - 64) / 64.0;
}

}  // namespace aijadaptive::bench
