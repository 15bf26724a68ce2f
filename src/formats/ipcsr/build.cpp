// Host builder of format `ipcsr`: SHARED_SIZE, the parameters, the row blocks.
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <string>

#include "aijadaptive/device.hpp"
#include "aijadaptive/errors.hpp"
#include "aijadaptive/formats/ipcsr.hpp"
#include "aijadaptive/instantiate.hpp"
#include "formats/ipcsr/tuning.hpp"

namespace aijadaptive {

namespace {

// The value of an environment variable, or nullptr when unset or empty.
const char* env(const char* name) {
  const char* v = std::getenv(name);
  return v && *v ? v : nullptr;
}

[[noreturn]] void bad_env(const char* name, const char* value, const char* expected) {
  AIJA_THROW(invalid_argument, std::string(name) + "=" + value + ": expected " + expected +
                                   " (unset it to use the tuned default)");
}

double shared_fraction_from_env() {
  const char* v = env(ipcsr_tuning::kSharedEnv);
  if (!v) return ipcsr_tuning::kSharedFraction;
  char* end = nullptr;
  errno = 0;
  const double f = std::strtod(v, &end);
  if (errno || *end || !(f > 0 && f <= 1)) bad_env(ipcsr_tuning::kSharedEnv, v, "a number in (0, 1]");
  return f;
}

IpcsrLongRows long_rows_from_env() {
  const char* v = env(ipcsr_tuning::kLongRowsEnv);
  if (!v) return ipcsr_tuning::kLongRows;
  const std::string s = v;
  if (s == "split") return IpcsrLongRows::split;
  if (s == "whole") return IpcsrLongRows::whole;
  bad_env(ipcsr_tuning::kLongRowsEnv, v, "split or whole");
}

// An integer in [least, most] that `valid` accepts, or `fallback` when unset;
// anything else is an error naming the variable and what it expects.
template <class Valid>
int integer_from_env(const char* name, int fallback, long least, long most, Valid valid, const char* expected) {
  const char* v = env(name);
  if (!v) return fallback;
  char* end = nullptr;
  errno = 0;
  const long n = std::strtol(v, &end, 10);
  if (errno || *end || n < least || n > most || !valid(n)) bad_env(name, v, expected);
  return int(n);
}

bool any(long) { return true; }
bool power_of_two(long n) { return (n & (n - 1)) == 0; }

}  // namespace

IpcsrDeviceLimits ipcsr_current_device_limits() {
#if AIJADAPTIVE_HAVE_CUDA
  if (device_count() > 0) return detail::ipcsr_query_current_device();
#endif
  return IpcsrDeviceLimits{};
}

std::int64_t ipcsr_shared_size(const IpcsrDeviceLimits& limits, int block_threads,
                               std::size_t value_bytes, double shared_fraction) {
  AIJA_REQUIRE(block_threads > 0 && value_bytes > 0 && shared_fraction > 0 && shared_fraction <= 1,
               invalid_argument, "ipcsr_shared_size: T, the value size and the fraction must be positive");
  const std::int64_t blocks_per_sm =
      std::max<std::int64_t>(1, std::min(limits.max_threads_per_sm / block_threads, limits.max_blocks_per_sm));
  const auto budget = std::int64_t(std::floor(shared_fraction * double(limits.shared_per_sm)));
  const std::int64_t overhead = limits.reserved_shared_per_block + kIpcsrStaticSharedBytes;
  const std::int64_t per_block =
      std::min(budget / blocks_per_sm - overhead, limits.shared_per_block - kIpcsrStaticSharedBytes);
  const std::int64_t values = per_block / std::int64_t(value_bytes);
  AIJA_REQUIRE(values >= 1, invalid_argument,
               "ipcsr: no shared memory left for staging with T = " + std::to_string(block_threads) +
                   " and shared fraction " + std::to_string(shared_fraction));
  return values;
}

void ipcsr_check_params(const IpcsrParams& p) {
  AIJA_REQUIRE(p.block_threads >= 32 && p.block_threads <= 1024 && p.block_threads % 32 == 0,
               invalid_argument,
               "ipcsr: block_threads = " + std::to_string(p.block_threads) +
                   ", expected a multiple of 32 in [32, 1024]");
  AIJA_REQUIRE(p.shared_size >= 1, invalid_argument,
               "ipcsr: shared_size = " + std::to_string(p.shared_size) + ", expected >= 1");
  const int t = p.min_threads_per_row;
  AIJA_REQUIRE(t >= 1 && t <= 32 && (t & (t - 1)) == 0, invalid_argument,
               "ipcsr: min_threads_per_row = " + std::to_string(t) + ", expected a power of two in [1, 32]");
  AIJA_REQUIRE(p.balance >= 0, invalid_argument,
               "ipcsr: balance = " + std::to_string(p.balance) + ", expected >= 0 (0: off)");
  AIJA_REQUIRE(p.stream_loads >= -1 && p.stream_loads <= 1, invalid_argument,
               "ipcsr: stream_loads = " + std::to_string(p.stream_loads) + ", expected -1, 0 or 1");
  AIJA_REQUIRE(p.unroll == 4 || p.unroll == 8, invalid_argument,
               "ipcsr: unroll = " + std::to_string(p.unroll) + ", expected 4 or 8");
}

IpcsrParams ipcsr_default_params(std::size_t value_bytes) {
  IpcsrParams p;
  using namespace ipcsr_tuning;
  p.block_threads = integer_from_env(kBlockEnv, kBlockThreads, 32, 1024, [](long t) { return t % 32 == 0; },
                                     "a multiple of 32 in [32, 1024]");
  p.long_rows = long_rows_from_env();
  p.min_threads_per_row =
      integer_from_env(kMinThreadsEnv, kMinThreadsPerRow, 1, 32, power_of_two, "a power of two in [1, 32]");
  p.balance = integer_from_env(kBalanceEnv, kBalance, 0, 1 << 20, any, "an integer in [0, 1048576] (0: off)");
  p.stream_loads = integer_from_env(kStreamEnv, kStreamLoads, -1, 1, any,
                                    "0 (never), 1 (always) or -1 (when larger than L2)");
  p.unroll = integer_from_env(kUnrollEnv, kUnroll, 4, 8, [](long u) { return u == 4 || u == 8; }, "4 or 8");
  p.shared_size = ipcsr_shared_size(ipcsr_current_device_limits(), p.block_threads, value_bytes,
                                    shared_fraction_from_env());
  return p;
}

template <class I>
IpcsrBlocks<I> ipcsr_build_blocks(I rows, const I* row_ptr, const IpcsrParams& p) {
  ipcsr_check_params(p);
  const std::int64_t S = p.shared_size, max_rows = p.max_rows();
  IpcsrBlocks<I> b;
  b.row.clear();
  b.nnz.clear();
  auto open_block = [&b](std::int64_t row, std::int64_t entry) {
    b.row.push_back(I(row));
    b.nnz.push_back(I(entry));
  };
  const std::int64_t T = p.block_threads;
  std::int64_t open_rows = 0, open_nnz = 0, open_longest = 0;  // of the block being filled
  // The balance limit: would the block with one more row of `len` entries keep
  // its longest reduction within `balance` times a full block's staging trips?
  const std::int64_t most_reads = std::int64_t(p.balance) * ((S + T - 1) / T);
  const auto balanced = [&](std::int64_t len) {
    if (p.balance == 0) return true;
    const std::int64_t t = ipcsr_threads_per_row(open_rows + 1, p.block_threads);
    return (std::max(open_longest, len) + t - 1) / t <= most_reads;
  };
  for (std::int64_t i = 0; i < std::int64_t(rows); ++i) {
    const std::int64_t begin = row_ptr[i], len = std::int64_t(row_ptr[i + 1]) - begin;
    if (len > S) {
      // Long row: closes the open block and takes a block (or chunks) of its own.
      ++b.long_rows;
      if (p.long_rows == IpcsrLongRows::split) {
        for (std::int64_t k = begin; k < begin + len; k += S) open_block(i, k);
        b.chunk_blocks += (len + S - 1) / S;
      } else {
        open_block(i, begin);
      }
      open_rows = open_nnz = open_longest = 0;  // the next row opens a new block
      continue;
    }
    if (open_rows == 0 || open_rows == max_rows || open_nnz + len > S || !balanced(len)) {
      open_block(i, begin);
      open_rows = open_nnz = open_longest = 0;
    }
    ++open_rows;
    open_nnz += len;
    open_longest = std::max(open_longest, len);
  }
  open_block(rows, rows > 0 ? std::int64_t(row_ptr[rows]) : 0);  // the end
  return b;
}

template <class V, class I>
IpcsrHostFormat<V, I>::IpcsrHostFormat(const IpcsrParams& params) : params_(params) {
  ipcsr_check_params(params_);
}

template <class V, class I>
void IpcsrHostFormat<V, I>::build(const CsrView<V, I>& a) {
  a_ = a;
  blocks_ = ipcsr_build_blocks(a.rows, a.row_ptr, params_);
}

// The blocks depend on the pattern only.
template <class V, class I>
void IpcsrHostFormat<V, I>::refill(const CsrView<V, I>& a) {
  a_ = a;
}

template <class V, class I>
std::size_t IpcsrHostFormat<V, I>::extra_host_bytes() const {
  return (blocks_.row.size() + blocks_.nnz.size()) * sizeof(I);
}

template <class V, class I>
std::unique_ptr<HostFormat<V, I>> make_ipcsr_host_format() {
  return std::make_unique<IpcsrHostFormat<V, I>>(ipcsr_default_params(sizeof(V)));
}

template IpcsrBlocks<std::int32_t> ipcsr_build_blocks(std::int32_t, const std::int32_t*,
                                                      const IpcsrParams&);
template IpcsrBlocks<std::int64_t> ipcsr_build_blocks(std::int64_t, const std::int64_t*,
                                                      const IpcsrParams&);

#define AIJA_INSTANTIATE(V, I)        \
  template class IpcsrHostFormat<V, I>; \
  template std::unique_ptr<HostFormat<V, I>> make_ipcsr_host_format<V, I>();
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
