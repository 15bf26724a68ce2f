// Autotuning (FormatChoice tune, -mat_aijadaptive_format tune): the
// selector's first candidates are timed, one after the other, on the matrix's
// first plain products, with the caller's own vectors; every candidate's
// result is right, so no product is lost. The fastest (median of its timed
// products, CUDA events around the format's kernels) is kept, the others are
// freed, and the outcome is remembered for the pattern:
//   - in the process: a matrix of the same pattern, values type, indices,
//     device and settings (a MatDuplicate, the next Newton step's matrix)
//     takes the remembered format without timing anything;
//   - optionally across runs (TuneOptions::on_disk), as a small entry in the
//     kernel cache's directory (kernel_cache.hpp).
// A refill keeps the format (it does not analyse again).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "aijadaptive/csr_view.hpp"
#include "aijadaptive/selector.hpp"

namespace aijadaptive {

struct TuneOptions {
  int candidates = kTuneCandidates;  // the selector's first candidates that are timed
  // Timed products per candidate, after one that is not. A small matrix's
  // candidates differ by under a microsecond on 5-8 us products: on the H200
  // (docs/h200-2026-11-28-few-diagonals, call 3, two rounds in turn over the
  // 72 real matrices) the format tune kept ran at 0.905-0.911 of the
  // per-matrix best with 5, 0.936-0.965 with 20.
  int products = 20;
  // Matrices of fewer nonzeros are not timed: auto's choice runs (selector.hpp
  // says why kTuneMinNnz). 0 times every matrix.
  std::int64_t min_nnz = kTuneMinNnz;
  bool on_disk = false;              // remember the choices across runs (the kernel cache's directory)
};

// One candidate's figure.
struct TuneTiming {
  std::string format;
  double median_us = -1;  // < 0: not timed
  int products = 0;       // how many products the median is of
  std::string note;       // why not timed (it could not be built or uploaded)
};

struct TuneRecord {
  std::string chosen;  // a format name
  std::vector<TuneTiming> timings;
};

// The median of `values` (not empty).
double median_of(std::vector<double> values);

// The timed candidate with the least median; nullopt when none was timed.
std::optional<std::size_t> fastest(const std::vector<TuneTiming>& timings);

// -mat_view's lines: one per candidate ("tune: ipcsr 5.12 us, median of 5
// products (kept)"), after a line that says where the outcome came from.
std::vector<std::string> describe_tune(const TuneRecord& record, const std::string& origin);

// A 64-bit hash of the pattern (sizes, row starts, columns).
template <class V, class I>
std::uint64_t pattern_hash(const CsrView<V, I>& a);

// The key of a tuning outcome: the pattern's hash and sizes, plus everything
// else the timings depend on (`context`: the values' and indices' types, the
// device, the settings), as one line of text.
template <class V, class I>
std::string tune_key(const CsrView<V, I>& a, const std::string& context);

// The text of a record (one line per field) and back; nullopt for a text that
// is not one (a damaged disk entry), or that names a format this build lacks.
std::string tune_record_text(const TuneRecord& record);
std::optional<TuneRecord> parse_tune_record(const std::string& text);

// The process's memory of outcomes, by key. Thread-safe.
std::optional<TuneRecord> recall_tune(const std::string& key);
void remember_tune(const std::string& key, const TuneRecord& record);
void forget_tunes();  // for tests

}  // namespace aijadaptive
