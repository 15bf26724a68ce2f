// Host builder of format `ipcsr`: SHARED_SIZE, the parameters, the row blocks.
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "aijadaptive/errors.hpp"
#include "aijadaptive/formats/ipcsr.hpp"
#include "aijadaptive/instantiate.hpp"
#include "core/cusparse_bytes.hpp"
#include "formats/ipcsr/tuning.hpp"

namespace aijadaptive {

namespace {

const char* const kStreamChoices[] = {"auto", "never", "always"};  // stream_loads -1, 0, 1
const char* const kLongRowChoices[] = {"split", "whole"};

}  // namespace

const std::vector<ParamSpec>& ipcsr_params() {
  using namespace ipcsr_tuning;
  static const std::vector<ParamSpec> specs = [] {
    std::vector<ParamSpec> v;
    v.push_back(integer_param("block_threads", "threads per block (T)", 32, 1024, kBlockThreads, 32));
    v.push_back(real_param("shared_fraction",
                           "share of each SM's shared memory its blocks stage into (the rest is L1, which caches x)",
                           0.01, 1, kSharedFraction));
    v.push_back(choice_param("long_rows", "rows longer than a block's staging area: split over blocks, or whole (the paper)",
                       {kLongRowChoices[0], kLongRowChoices[1]}, kLongRowChoices[int(kLongRows)]));
    ParamSpec m = integer_param("min_threads_per_row", "threads each row gets at least (1: the paper's decision tree)",
                                1, 32, kMinThreadsPerRow);
    m.power_of_two = true;
    v.push_back(m);
    v.push_back(integer_param("balance", "staging trips the slowest row of a staged block may take, per trip of a full block "
                                   "(0: no limit)",
                        0, 1 << 20, kBalance));
    v.push_back(choice_param("stream_loads", "streaming cache hint on the CSR arrays: auto (when larger than L2), never, always",
                       {kStreamChoices[0], kStreamChoices[1], kStreamChoices[2]}, kStreamChoices[kStreamLoads + 1]));
    v.push_back(choice_param("unroll",
                             "entries each thread loads per trip before using any (auto: 8, 4 for complex double)",
                             {"auto", "4", "8"}, "auto"));
    return v;
  }();
  return specs;
}

std::int64_t ipcsr_shared_size(const DeviceInfo& limits, int block_threads,
                               std::size_t value_bytes, double shared_fraction) {
  AIJA_REQUIRE(block_threads > 0 && value_bytes > 0 && shared_fraction > 0 && shared_fraction <= 1,
               invalid_argument, "ipcsr_shared_size: T, the value size and the fraction must be positive");
  const std::int64_t blocks_per_sm =
      std::max<std::int64_t>(1, std::min(limits.max_threads_per_sm / block_threads, limits.max_blocks_per_sm));
  const auto budget = std::int64_t(std::floor(shared_fraction * double(limits.shared_per_sm)));
  const std::int64_t static_bytes = ipcsr_static_shared_bytes(value_bytes);
  const std::int64_t overhead = limits.reserved_shared_per_block + static_bytes;
  const std::int64_t per_block = std::min(budget / blocks_per_sm - overhead, limits.shared_per_block - static_bytes);
  const std::int64_t values = per_block / std::int64_t(value_bytes);
  AIJA_REQUIRE(values >= 1, invalid_argument,
               "ipcsr: no shared memory left for staging with block_threads = " + std::to_string(block_threads) +
                   " and shared_fraction " + std::to_string(shared_fraction) +
                   ": raise -mat_aijadaptive_ipcsr_shared_fraction or lower -mat_aijadaptive_ipcsr_block_threads");
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

IpcsrParams ipcsr_params(const TuningParams& tuning, const DeviceInfo& device, std::size_t value_bytes) {
  const FormatId me = FormatId::ipcsr;
  auto index_of = [&](const char* name, const char* const* words, int count) {
    const std::string& w = tuning.choice(me, name);
    for (int k = 0; k < count; ++k)
      if (w == words[k]) return k;
    AIJA_THROW(internal, std::string("ipcsr.") + name + " = " + w);
  };
  IpcsrParams p;
  p.block_threads = int(tuning.integer(me, "block_threads"));
  p.long_rows = IpcsrLongRows(index_of("long_rows", kLongRowChoices, 2));
  p.min_threads_per_row = int(tuning.integer(me, "min_threads_per_row"));
  p.balance = int(tuning.integer(me, "balance"));
  p.stream_loads = index_of("stream_loads", kStreamChoices, 3) - 1;
  p.unroll = integer_choice_by_value_size(tuning.choice(me, "unroll"), value_bytes, ipcsr_tuning::kUnroll,
                                          ipcsr_tuning::kUnrollWideValues);
  p.shared_size = ipcsr_shared_size(device, p.block_threads, value_bytes, tuning.real(me, "shared_fraction"));
  ipcsr_check_params(p);
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
  // ceil(longest / t) <= most_reads, as longest <= most_reads * t: with the
  // decision tree's t for each row count looked up, no division per row (the
  // build of a matrix of short rows took 7 ns a row with two).
  const std::int64_t most_reads = std::int64_t(p.balance) * ((S + T - 1) / T);
  std::vector<std::int64_t> most_entries(std::size_t(max_rows) + 1);  // [r]: most_reads * t(r)
  for (std::int64_t r = 1; r <= max_rows; ++r)
    most_entries[std::size_t(r)] = most_reads * ipcsr_threads_per_row(r, p.block_threads);
  const auto balanced = [&](std::int64_t len) {
    // open_rows + 1 <= max_rows here: a full block was closed before.
    return p.balance == 0 || std::max(open_longest, len) <= most_entries[std::size_t(open_rows + 1)];
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
IpcsrHostFormat<V, I>::IpcsrHostFormat(const IpcsrParams& params, const DeviceInfo& device,
                                       std::weak_ptr<CsrPrefetchBase> csr_prefetch)
    : params_(params), device_(device), csr_prefetch_(std::move(csr_prefetch)) {
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

// The CSR arrays for cuSPARSE, the block bounds, and the chunk sums and
// arrival counters of split rows.
template <class V, class I>
std::size_t IpcsrHostFormat<V, I>::device_bytes_needed() const {
  const std::size_t n = std::size_t(blocks_.count());
  const std::size_t workspace = blocks_.chunk_blocks ? n * (sizeof(V) + sizeof(unsigned)) : 0;
  return detail::cusparse_csr_bytes(a_) + extra_host_bytes() + workspace;
}

template <class V, class I>
std::unique_ptr<DeviceFormat<V, I>> IpcsrHostFormat<V, I>::upload(Stream stream) const {
  AIJA_UPLOAD_WITH_CUDA(upload_ipcsr(*this, stream));
}

template <class V, class I>
std::vector<std::string> IpcsrHostFormat<V, I>::describe() const {
  std::string line = "ipcsr: " + std::to_string(blocks_.count()) + " row blocks, T = " +
                     std::to_string(params_.block_threads) + ", SHARED_SIZE = " + std::to_string(params_.shared_size) +
                     " values";
  if (blocks_.long_rows)
    line += ", " + std::to_string(blocks_.long_rows) + " long rows" +
            (blocks_.chunk_blocks ? " split into " + std::to_string(blocks_.chunk_blocks) + " chunk blocks" : "");
  return {line};
}

template <class V, class I>
std::unique_ptr<HostFormat<V, I>> make_ipcsr_host_format(const FormatContext& context) {
  return std::make_unique<IpcsrHostFormat<V, I>>(ipcsr_params(context.params, context.device, sizeof(V)),
                                                 context.device, context.csr_prefetch);
}

template IpcsrBlocks<std::int32_t> ipcsr_build_blocks(std::int32_t, const std::int32_t*,
                                                      const IpcsrParams&);
template IpcsrBlocks<std::int64_t> ipcsr_build_blocks(std::int64_t, const std::int64_t*,
                                                      const IpcsrParams&);

#define AIJA_INSTANTIATE(V, I)        \
  template class IpcsrHostFormat<V, I>; \
  template std::unique_ptr<HostFormat<V, I>> make_ipcsr_host_format<V, I>(const FormatContext&);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
