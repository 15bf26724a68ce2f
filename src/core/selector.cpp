#include "aijadaptive/selector.hpp"

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>

namespace aijadaptive {

namespace {

// The format, from the benchmark's suite on the H100 (config/gpu/ipcsr-final.sh,
// 2026-11-23, double, int32, speedup over the better cuSPARSE algorithm, csr
// being cuSPARSE ALG2 through the core): since ipcsr splits long rows, limits
// the imbalance of its blocks and streams the CSR arrays past the caches, it
// beat csr on 83 of the 84 matrices: stencils and banded 1.16-1.28x vs
// 0.91-0.97x, circuit 1.10x vs 0.92x, longrows 1.04x vs 0.91x, all 72 small
// real matrices (1.04-1.88x vs 0.56-0.87x: one launch costs less than
// cuSPARSE's call). The exception is the one large matrix with both power-law
// rows and scattered columns, rmat scale 21 (row cv 10.5, 0.98 x sectors per
// nonzero): ipcsr 0.913x, csr 0.969x. Hence csr for large matrices with
// irregular rows and scattered columns, ipcsr otherwise (one matrix on each
// side of that line: circuit has 0.73, longrows 0.49).
//
// Reordering (RCM, reordering.hpp), same runs: fem n=120 (a mesh numbered at
// random within blocks of 4096 nodes; 0.90 x sectors per nonzero, 0.10 for a
// stencil in natural order) went from 0.90x to 1.10x of cuSPARSE on the
// original matrix; rmat (power-law rows, 0.98) went from 0.96x to 0.78x: RCM
// makes neighbours of the hubs' rows local but the rows themselves stay
// unbalanced, and the permutation's passes cost more than the locality gains.
// So auto reorders only matrices with regular rows (mesh-like). Below 1M
// nonzeros the matrix and x stay in L2 and the extra passes do not pay.
constexpr double kRegularRowCv = 2.0;
constexpr double kScatteredRatio = 0.5;
constexpr double kVeryScatteredRatio = 0.9;
// Large: the matrix and x no longer stay in L2 from one product to the next.
constexpr std::int64_t kLargeNnz = 1000000;
// I-nodes (format inode): rows that repeat the columns of the row before. At
// 1/2 the groups hold 2 rows on average and the column indices cost a quarter
// of CSR's (16-bit offsets, one list per group). H100, 2026-11-24, speedup
// over the better cuSPARSE algorithm: fem dof=2/3/4 (30M nonzeros) inode
// 1.39x/1.44x/1.53x, ipcsr 0.83x-0.85x; but on small matrices, which stay in
// L2 and need no fewer bytes, ipcsr's staging wins (bcsstk16 ipcsr 2.94x,
// inode 0.71x; teko_nsjac 1.94x against 1.74x): inode for large ones only.
constexpr double kRepeatedRows = 0.5;
// SURAA (format suraa): large matrices of regular rows that no format above
// took. Sorted by length, their rows run a thread each over column-major
// slices (SELL's coalescing): H100, 2026-11-24, one run, speedup over the
// better cuSPARSE algorithm: stencil27 n=128 suraa 1.21x, ipcsr 0.90x; qcd
// L=16 1.13x, 0.84x; fem n=120 after RCM 0.95x, 0.91x. On irregular rows it
// lost then to csr or ipcsr (rmat 0.86x against csr's 0.98x, circuit 0.81x
// against ipcsr's 0.90x) and on every small matrix (launch and fork costs):
// ipcsr. Since, on the H200, it wins on irregular rows (the rule after
// kSmallNnz) but not on large rmat, whose columns are scattered too (csr).
//
// ArgCSR (format argcsr): the matrices under 100k nonzeros that no rule above
// took (since 2026-11-28 only rows of varied lengths, row cv 0.2 to 2:
// irregular ones and those of nearly one length go to suraa, below). From
// the oracle table (docs/h100-2026-11-24-oracle: 118 matrices, every format
// timed in one run per matrix), where auto chose ipcsr below
// 100k nonzeros (49 matrices, 6-8 us a product, mostly launch and
// synchronisation), argcsr reached 0.95 of the per-matrix best format on
// geometric mean and ipcsr 0.91. The threshold was fitted on one half of the
// table (every other matrix by name) and checked on the other, both ways:
// 100k both times, auto's share of the oracle on the held-out half 0.932 ->
// 0.943 and 0.926 -> 0.945 (1e4 to 3e5 tried; from 2e5 on argcsr loses: its
// one group per block of 128 threads reads too little per block). A second
// condition on the longest row (ipcsr kept the small circuit matrices) chose
// different limits on the two halves and did not hold out: not used.
constexpr std::int64_t kSmallNnz = 100000;
//
// Irregular rows (row cv > 2) whose columns are not both very scattered and
// in a large matrix: suraa, at every size (under 1M nonzeros, unless a row
// has more than kSegspmvLongestRow entries); from 1M nonzeros its set-up is
// deferred (Candidate::costly_build: csr runs the first products). Until
// 2026-11-29 ipcsr kept such matrices from 100k to 1M nonzeros, whose
// set-up was then cheaper: on the six such matrices of
// docs/h200-2026-11-28-few-diagonals (call 4) suraa's set-up was 1.3-2.9x
// cuSPARSE's against ipcsr's 0.8-2.1x. With suraa's faster host sort its
// set-up there differed from ipcsr's by -60 to +250 us, and its product was
// faster on all but rmat scale 14 (docs/h200-2026-11-29-mid-suraa, call 3;
// auto's choice replayed on the oracle tables of
// docs/h200-2026-11-28-tune-floor: 0.972/0.973 -> 0.974/0.975 of the
// per-matrix best). Earlier, H200, 2026-11-28, the oracle table of
// docs/h200-2026-11-28-kept-arrays (call 5), share of the per-matrix best:
// - from 100k nonzeros (8 matrices): suraa 1.00 on all but rmat scale 14
//   (0.95), ipcsr 0.70-1.00 (circuit n=1M 0.70, longrows n=200k 0.82,
//   ca-HepPh 0.89, memplus 0.90); call 6 there, large ones against the
//   better cuSPARSE algorithm, suraa / ipcsr: circuit 4M 0.90 / 0.83,
//   longrows 2M 0.98 / 0.76. The H100 ranked them the other way on circuit 4M
//   (ipcsr 0.93, suraa 0.83: docs/h100-2026-11-28-offsets-ahead), suraa
//   first on longrows 2M (0.95 / 0.86);
// - under 100k (7 matrices; argcsr's before): suraa 0.99-1.00 and argcsr
//   0.82-0.91 on the five of row cv 4-9.4 (adder_dcop_05, hangGlider_2,
//   rajat01, small circuit and longrows), argcsr 1.00 and suraa 0.94-0.99
//   on rajat19 and rmat scale 10 (row cv 2.2-2.4); the same in the three
//   runs of docs/h200-2026-11-28-few-diagonals.

// Irregular rows are also those whose longest row is over 20 times the mean
// (kLongestOverMean), whatever their cv: a few long rows among very many short
// ones hardly move the cv (circuit n=50k, 2 rows of 1000 among rows of 3.5:
// row cv 1.81), but they unbalance every format that does not sort rows by
// length. suraa was the fastest format on each of the three such matrices of
// the fitting table (docs/h200-2026-11-29-selector-heldout, call 1: the
// circuit, ca-CondMat, watt_2); limits of 10 to 20 chose the same.
constexpr double kLongestOverMean = 20.0;
// Irregular rows in a matrix under 1M nonzeros (suraa's single launch) whose
// longest row has more than kSegspmvLongestRow entries: segspmv, whose long
// rows are cut into chunks too. H200, the oracle tables of
// docs/h200-2026-11-30-kernel-parameters (call H) and
// docs/h200-2026-11-30-degree-order (calls C, D, E), share of the per-matrix
// best, suraa -> segspmv (mean of the runs): mult_dcop_01 (longest row
// 22767) 0.93 -> 1.00, circuit n=100k (5001) 0.87 -> 1.00, longrows n=50k
// (8192) 0.91 -> 1.00, n=20k (4096) 0.96 -> 1.00, n=10k (5000) 0.98 -> 1.00,
// rmat scale 14 (2388) 0.94 -> 1.00 and scale 15 (2517) 0.96 -> 1.00, rmat
// scale 16 (6382) 1.00 -> 0.99; suraa stays first where the longest row is
// shorter: circuit n=200k (2001) 1.00 against segspmv's 0.87, n=50k (1001)
// 1.00 / 0.79, vsp_sctap1-2b_and_seymourl (1714) 1.00 / 0.96, memplus (574)
// 1.00 / 0.85. 2048 is suraa's single launch's block of a long row
// (suraa_tuning::kBlockEntriesOneLaunch): longer rows take several blocks
// there, and their chunk sums. Held out (examples/bench/heldout3.txt,
// written after the rule was fitted on the sets above and heldout2.txt;
// docs/h200-2026-11-30-long-rows, call E): segspmv was ahead of suraa or
// level on all six matrices the rule takes there (suraa 0.86-1.00 of the
// best), and auto's share of the per-matrix best 0.970 -> 0.980.
constexpr std::int64_t kSegspmvLongestRow = 2048;
// What segspmv does with irregular rows, in the reasons of the rules that choose it for them.
constexpr const char* kSegspmvHow = "whole segments loaded as vectors, long rows cut into chunks";
// Power-law rows (row cv > 4) with scattered columns in a large matrix: csr
// (cuSPARSE), whose merge-based split of the nonzeros suits both; milder
// irregular rows with such columns: segspmv, the fastest on the two rmat of
// milder skew (row cv 2.1-2.5), where csr was 0.71-0.90 of it (same call).
constexpr double kPowerLawRowCv = 4.0;
// Both of those under 6M nonzeros: argcsr, since its groups aim at more
// than one entry a thread (2026-11-30). H200, the oracle tables of
// docs/h200-2026-11-30-argcsr-chunk (calls 3 and 4), share of the per-matrix
// best: rmat scale 18 (3.9M nonzeros, row cv 7) argcsr 1.00, csr 0.87; its
// milder twin (4.2M) argcsr 1.00, segspmv 0.92; from 8.2M on csr was ahead
// (rmat scale 20 ef 8: csr 0.98, argcsr 0.94; scale 19 ef 24, 11.8M: 1.00,
// 0.98; scale 22 ef 8: 1.00, 0.89). 6M: between the two, on a log scale.
constexpr std::int64_t kScatteredArgcsrMaxNnz = 6000000;

// Rows of nearly one length (row cv <= 0.2) in a matrix under 100k nonzeros
// (1M until 2026-11-29: below) that no rule above took: suraa, not argcsr
// (nor ipcsr from 100k, then). Its stable sort by length then leaves such
// rows nearly in their order, so its slices of a thread per row over
// column-major entries keep the columns' locality that the sort of rows of
// varied lengths scatters (ipcsr stays with those: bcsstk16 and brack2, row
// cv 0.29 and 0.42). H200, docs/h200-2026-11-28-few-diagonals (calls 1, 4
// and 5), the product time of auto's choice then over suraa's, in the three
// runs:
// - from 100k nonzeros, ipcsr: qcd L=4 1.09-1.13, wing 1.08-1.14, s3rmq4m1
//   1.06-1.09, Ill_Stokes 1.10-1.13, teko_nsjac 1.01-1.05; the nearest of
//   the matrices of more varied rows, delaunay_n16 (0.23) 0.92-0.93 and
//   bcsstk33 (0.24) 0.89-0.91;
// - under 100k, argcsr: commanche_dual 1.10-1.15, whitaker3 1.04-1.07,
//   jagmesh7 1.04-1.08, 4elt 0.99-1.06, hammond 0.96-1.03, orsirr_1
//   1.00-1.02, fem n=16 (0.20) 0.98-1.00.
// Replayed on each call's oracle table (106 matrices), auto's share of the
// per-matrix best went from 0.962/0.972/0.972 to 0.969/0.977/0.979. The
// limit is the largest at which both halves by name gained in calls 4 and 5
// (fitted on one half alone: 0.15, which held out, and 0.4, which lost on
// the other half in call 4); measured with it, 0.968 -> 0.974
// (docs/h200-2026-11-28-one-length, calls/one_length_fit.py, call 1).
constexpr double kOneLengthRowCv = 0.2;
//
// Regular rows from 100k to 1M nonzeros that no rule above took (row cv 0.2
// to 2): segspmv, ipcsr's until 2026-11-29. segspmv's vector variant (whole
// segments a lane, loaded as vectors) was then ahead of ipcsr on 14 of the 16
// real matrices of 8-64 nonzeros a row and row cv < 0.5 (H200,
// docs/h200-2026-11-29-segspmv-vector, call 7, two rounds), and in call 8's
// oracle table it was the fastest format on 11 of the 14 real matrices where
// auto chose ipcsr (ipcsr's share of the best there 0.87-0.98, segspmv's
// 0.94-1.00; Andrews, brack2, cage11, copter2, vibrobox 0.88-0.91 -> 1.00).
// Replayed on that table, auto's share of the per-matrix best on the 72 real
// matrices went from 0.966 to 0.977; the generated matrices of oracle.txt
// have none in this region, the one of heldout.txt (circuit n=50k, row cv
// 1.81) went from 0.71 to 0.79.
// Since 2026-11-29 segspmv also takes the rows of nearly one length there
// (suraa's before, kOneLengthRowCv): segspmv 0.97 of the per-matrix best on
// the 7 such matrices of docs/h200-2026-11-29-selector-heldout (call 1),
// suraa 0.93.

std::string describe(const Features& f) {
  char text[200];
  std::snprintf(text, sizeof(text), "rows %lld, nnz %lld, mean row %.1f, max row %lld, row cv %.2f", (long long)f.rows,
                (long long)f.nnz, f.mean_row, (long long)f.max_row, f.row_cv);
  std::string d = text;
  if (f.gather_sector_ratio >= 0) {
    std::snprintf(text, sizeof(text), ", x sectors per nonzero %.2f", f.gather_sector_ratio);
    d += text;
  }
  return d;
}

// Rows of very different lengths: a large cv, or a few rows much longer than
// the mean (kLongestOverMean).
bool irregular_rows(const Features& f) {
  return f.row_cv > kRegularRowCv || double(f.max_row) > kLongestOverMean * f.mean_row;
}

// The automatic reordering rule's part that the row lengths decide: a large
// square matrix with regular rows.
bool reordering_rule_applies(const Features& f) {
  return f.rows == f.cols && f.nnz >= kLargeNnz && f.row_cv <= kRegularRowCv;
}

// The cheap part of the automatic reordering rule: a large square matrix with
// regular rows and scattered columns.
bool reordering_may_pay(const Features& f) {
  return reordering_rule_applies(f) && f.gather_sector_ratio >= kScatteredRatio;
}

// The automatic rule for the column-degree order (degree_order,
// reordering.hpp): auto's choice for a square matrix of power-law rows (row cv
// > 4) with scattered columns, from 6M nonzeros (where csr ran before) and up
// to 2^20 rows. Its hub columns numbered first share sectors, and suraa, which
// sorts rows by length itself, gains the most from it. H200,
// docs/h200-2026-11-30-degree-order, us a product:
// - call A (the matrix renumbered before the benchmark, no gather of x):
//   R-MAT scale 19 ef 24 (11.8M nonzeros) suraa 98.7 -> 72.5, scale 20 ef 8
//   (8.2M) 77.1 -> 62.2, scale 22 ef 8 (33M) 304.6 -> 258.7; the row-split
//   kernels lost (cuSPARSE ALG1 on scale 20 72.6 -> 80.3), so a format the
//   user named is not renumbered by this rule; under 6M argcsr in the own
//   order was as fast (scale 18, 3.9M: 37.6 against 37.3);
// - call B (inside aijadaptive, x gathered into the new numbering at every
//   product), auto before -> after, cuSPARSE ALG1: scale 19 96.5 -> 77.1
//   (92.3), scale 20 77.5 -> 71.0 (72.1); beyond 2^20 rows x no longer stays
//   in L2 for its gather: scale 21 ef 16 (2M rows) 263.3 -> 271.4 (257.4),
//   scale 22 (4M rows) 297.8 -> 340.9 (291.7).
constexpr std::int64_t kDegreeOrderMaxRows = std::int64_t(1) << 20;

bool degree_order_may_pay(const Features& f, const FormatChoice& choice) {
  return choice.automatic && f.rows == f.cols && f.rows <= kDegreeOrderMaxRows && f.nnz >= kScatteredArgcsrMaxNnz &&
         f.row_cv > kPowerLawRowCv && f.gather_sector_ratio >= kVeryScatteredRatio;
}

struct ReorderDecision {
  std::optional<OrderKind> order;  // nullopt: not reordered
  std::string reason;
};

// An order whose gathers touch `ordered` x sectors per nonzero (negative: not
// computed) is kept at kReorderKeep of the matrix's own ratio or less; the
// words say which `rows` and order (`how`), and the ratios.
ReorderDecision keep_if_local(const Features& f, OrderKind kind, const char* rows, double scattered, double ordered,
                              const std::string& how) {
  char text[320];
  if (ordered < 0 || ordered > kReorderKeep * f.gather_sector_ratio) {
    std::snprintf(text, sizeof(text),
                  "; not reordered: %s with scattered columns (%.2f x sectors per nonzero >= %.2f), but %s gives "
                  "%.2f (> %.2f of it)",
                  rows, f.gather_sector_ratio, scattered, how.c_str(), ordered, kReorderKeep);
    return {std::nullopt, text};
  }
  std::snprintf(text, sizeof(text),
                "; reordered (%s): %s with scattered columns (%.2f x sectors per nonzero >= %.2f) -> %.2f x sectors "
                "per nonzero after %s",
                kind == OrderKind::degree ? "by column degree" : how.c_str(), rows, f.gather_sector_ratio, scattered,
                ordered, how.c_str());
  return {kind, text};
}

// Whether to reorder and by which order, with the words that say why.
ReorderDecision choose_reordering(const Features& f, const FormatChoice& format, ReorderChoice choice) {
  if (f.rows != f.cols) return {};  // only square matrices are reordered
  switch (choice) {
    case ReorderChoice::never:
      return {};
    case ReorderChoice::always:
      return {OrderKind::rcm, f.rcm_window > 0 ? "; reordered (RCM within windows of " +
                                                     std::to_string(f.rcm_window) + " rows) as requested"
                                               : std::string("; reordered (RCM) as requested")};
    case ReorderChoice::degree:
      return {OrderKind::degree, "; reordered (by column degree) as requested"};
    case ReorderChoice::automatic:
      break;
  }
  if (degree_order_may_pay(f, format))
    return keep_if_local(f, OrderKind::degree, "power-law rows", kVeryScatteredRatio, f.degree_gather_sector_ratio,
                         "the column-degree order");
  if (!reordering_may_pay(f)) return {};
  std::string how = "RCM";
  if (f.rcm_window > 0) how += " within windows of " + std::to_string(f.rcm_window) + " rows";
  return keep_if_local(f, OrderKind::rcm, "regular rows", kScatteredRatio, f.rcm_gather_sector_ratio, how);
}

// Before the diagonal formats: ex56 (elasticity, 53M nonzeros, a diagonal
// matrix of type II too) ran inode's products in 0.175 ms, brcsd1's in
// 0.196 ms (H100, PETSc 3.26, GPU time per MatMult).
bool diagonal_format(FormatId id) {
  return id == FormatId::dia || id == FormatId::brcsd1 || id == FormatId::brcsd2;
}

bool inode_rule(const Features& f) { return f.repeated_rows >= kRepeatedRows && f.nnz >= kLargeNnz; }

// inode in suraa's place for large regular rows whose columns are local:
// reordered within windows (reordering.hpp), or not reordered with gathers
// below the scattered mark. Its offsets then mostly fit 16 bits, its rows
// stay in order (so it writes the caller's y directly at any size), and its
// scalar kernel walks full slices with constant strides. H100, 2026-11-27, double,
// suraa against inode, us (docs/h100-2026-11-27-inode-scalar-strides):
// - windows (call 5): gen:fem n=70 40.5 / 38.3, n=100 104.6 / 94.2, n=120
//   212.1 / 163.5, block=5000 214.2 / 178.8, block=20000 217.5 / 180.7;
//   n=48 (call 7, in L2) 14.1 / 14.3;
// - not reordered, local (call 8, renumbered by RCM first, 0.17 x sectors per
//   nonzero): fem n=48 10.9 / 10.6, n=70 35.1 / 31.7, n=100 86.2 / 75.0,
//   n=120 164.6 / 147.4;
// - scattered columns stay suraa's: uniform random graph (1.00) 163.1 /
//   169.0, mdual (0.66) 9.6 / 10.3; though fem n=120 as generated (0.90)
//   217.2 / 211.5 and short circuit rows (0.73) 65.5 / 60.6 went to inode.
// Under RCM over the whole matrix suraa stays (mdual: 12.4 / 13.1).
// Reordered within windows, only from kInodeReorderedMinNnz nonzeros on: a
// smaller matrix (at most about 48 MB of double values and 32-bit indices)
// stays in the 50 MB L2 of the H100 and H200 from one product to the next,
// where inode's fewer bytes save no DRAM traffic. H200, us, suraa / inode
// (both after RCM within windows; docs/h200-2026-11-30-degree-order calls C
// and D, docs/h200-2026-11-30-long-rows call E): fem n=48 (2.0M
// nonzeros) 12.2-12.4 / 13.3-13.7, n=56 (3.2M) 16.4 / 19.6-19.7; from 4M
// inode's: n=64 p=0.5 (5.3M) 28.9-29.0 / 27.3-27.5, n=80 p=0.2 (8.7M)
// 42.2-42.3 / 40.5-40.6, n=96 (16M) 70.8-71.3 / 72.6-72.7.
constexpr std::int64_t kInodeReorderedMinNnz = 4000000;
bool inode_for_regular_rows(const Features& f, bool reordered) {
  return reordered ? f.rcm_window > 0 && f.nnz >= kInodeReorderedMinNnz : f.gather_sector_ratio < kScatteredRatio;
}

// The last device candidate, whatever came before it.
const char* const kLastResort = "the last device candidate: csr through cuSPARSE";

// `first`, then ipcsr, then csr: the chain of most rules below.
std::vector<Candidate> then_ipcsr_then_csr(Candidate first) {
  return {std::move(first), {FormatId::ipcsr, "the next candidate: ipcsr"}, {FormatId::csr, kLastResort}};
}

// `order`: the matrix is multiplied as P A P^T with P that order (choose_reordering).
std::vector<Candidate> select_storage(const Features& f, const FormatChoice& choice, std::optional<OrderKind> order) {
  const bool reordered = order.has_value();
  if (!choice.automatic) {
    std::vector<Candidate> c{{choice.format, std::string("requested by the user (") + format_name(choice.format) + ")"}};
    if (choice.format != FormatId::csr) c.push_back({FormatId::csr, kLastResort});
    return c;
  }
  if (inode_rule(f)) {
    char why[120];
    std::snprintf(why, sizeof(why), "auto: inode, %.0f%% of the rows repeat the columns of the row before (",
                  100 * f.repeated_rows);
    return then_ipcsr_then_csr({FormatId::inode, why + describe(f) + ")"});
  }
  // Diagonal matrices (DIA-Adaptive's search engine): the formats without
  // column indices move fewer bytes than any CSR kernel can.
  if (f.diagonal_type != DiagonalType::none) {
    const FormatId diagonal = f.diagonal_type == DiagonalType::dia      ? FormatId::dia
                              : f.diagonal_type == DiagonalType::brcsd1 ? FormatId::brcsd1
                                                                        : FormatId::brcsd2;
    return then_ipcsr_then_csr({diagonal, std::string("auto: ") + format_name(diagonal) + ", diagonal matrix, " +
                                              f.diagonal_reason + " (" + describe(f) + ")"});
  }
  const bool irregular = irregular_rows(f);
  if (!irregular && f.nnz >= kLargeNnz) {
    if (inode_for_regular_rows(f, reordered)) {
      char local[64] = "reordered within windows";
      if (!reordered) std::snprintf(local, sizeof(local), "x sectors per nonzero < %.2f", kScatteredRatio);
      // Groups of one row, sorted within windows: the set-up took 2.1-3.4x
      // cuSPARSE's on scalar FEM on the H100 (docs/h100-2026-11-28-values-ahead/).
      return then_ipcsr_then_csr({FormatId::inode,
                                  std::string("auto: inode, regular rows of a large matrix with local columns (") +
                                      local + "): 16-bit column offsets where they fit, rows in order (" + describe(f) +
                                      ")",
                                  /*costly_build=*/true});
    }
    return then_ipcsr_then_csr(
        {FormatId::suraa,
         "auto: suraa, regular rows of a large matrix, a thread each over column-major slices (" + describe(f) + ")"});
  }
  if (irregular) {
    if (f.gather_sector_ratio >= kVeryScatteredRatio && f.nnz >= kLargeNnz) {
      if (f.nnz < kScatteredArgcsrMaxNnz) {
        std::vector<Candidate> c{{FormatId::argcsr,
                                  "auto: argcsr, irregular rows with scattered columns in a matrix of 1M to 6M "
                                  "nonzeros: rows grouped in order, threads given to the fullest rows (" +
                                      describe(f) + ")",
                                  /*costly_build=*/true}};
        if (f.row_cv <= kPowerLawRowCv) c.push_back({FormatId::segspmv, "the next candidate: segspmv"});
        c.push_back({FormatId::csr, kLastResort});
        return c;
      }
      if (f.row_cv > kPowerLawRowCv && order == OrderKind::degree)
        return then_ipcsr_then_csr(
            {FormatId::suraa,
             "auto: suraa, power-law rows (row cv > 4) with scattered columns in a large matrix, renumbered by "
             "column degree: rows sorted by length, the most used columns' x shared in few sectors (" +
                 describe(f) + ")",
             /*costly_build=*/true});
      if (f.row_cv > kPowerLawRowCv)
        return {{FormatId::csr,
                 "auto: csr through cuSPARSE, power-law rows (row cv > 4) with scattered columns in a large matrix (" +
                     describe(f) + ")"}};
      return then_ipcsr_then_csr(
          {FormatId::segspmv,
           std::string("auto: segspmv, mildly irregular rows (row cv <= 4) with scattered columns in a large "
                       "matrix: ") +
               kSegspmvHow + " (" + describe(f) + ")"});
    }
    if (f.nnz < kLargeNnz && f.max_row > kSegspmvLongestRow)
      return then_ipcsr_then_csr(
          {FormatId::segspmv,
           "auto: segspmv, irregular rows with a row over " + std::to_string(kSegspmvLongestRow) +
               " entries in a matrix under 1M nonzeros: " + kSegspmvHow + " (" + describe(f) + ")"});
    return then_ipcsr_then_csr(
        {FormatId::suraa,
         "auto: suraa, irregular rows (row cv > 2 or a row over 20 times the mean) sorted by length, long ones "
         "on blocks of their own (" +
             describe(f) + ")",
         /*costly_build=*/f.nnz >= kLargeNnz});
  }
  // Regular rows from here on.
  if (f.nnz < kSmallNnz) {
    if (f.row_cv <= kOneLengthRowCv)
      return then_ipcsr_then_csr(
          {FormatId::suraa,
           "auto: suraa, rows of nearly one length (row cv <= 0.2) under 100k nonzeros: sorted, they stay nearly "
           "in order, a thread each over column-major slices (" +
               describe(f) + ")"});
    return then_ipcsr_then_csr({FormatId::argcsr,
                                "auto: argcsr, regular rows of a small matrix (under 100k nonzeros): one launch, "
                                "threads given to the fullest rows of each group (" +
                                    describe(f) + ")"});
  }
  return then_ipcsr_then_csr(
      {FormatId::segspmv,
       "auto: segspmv, regular rows (row cv <= 2, none over 20 times the mean) from 100k to 1M nonzeros: whole "
       "segments loaded as vectors (" +
           describe(f) + ")"});
}

// FormatChoice tune: auto's first candidate, then the others of its family
// when it is a diagonal format, then ipcsr, argcsr, suraa, segspmv and csr.
// That order is how often each was the fastest, or within 10% of it, where
// auto chose another in the oracle table (docs/h100-2026-11-24-oracle, calls
// 1-3, 118 matrices): where auto chose ipcsr (76 matrices), ipcsr itself 49,
// argcsr 37, suraa 23, segspmv 9; where it chose a diagonal format (30), the
// other diagonal formats (dia, brcsd1, brcsd2 9-20 each). Replayed on the
// table (docs/h100-2026-11-24-autotune/replay_tune_list.py, 114 matrices),
// the best of the first k of this list reaches, of the per-matrix best format
// (geometric mean): k = 1 (auto) 0.93, 2 0.97, 3 0.98, 4 0.994, 7 0.997: four
// candidates (kTuneCandidates) take nearly all of it.
// The first `*timed` candidates are timed.
std::vector<Candidate> tune_storage(const Features& f, const std::vector<Candidate>& automatic, int count,
                                    std::size_t* timed) {
  std::vector<FormatId> order{automatic.front().format};
  const bool diagonal = f.diagonal_type != DiagonalType::none;
  if (diagonal) order.insert(order.end(), {FormatId::dia, FormatId::brcsd1, FormatId::brcsd2});
  order.insert(order.end(), {FormatId::ipcsr, FormatId::argcsr, FormatId::suraa, FormatId::segspmv, FormatId::csr});
  std::vector<Candidate> c;
  for (FormatId id : order) {
    bool seen = false;
    for (const Candidate& k : c) seen = seen || k.format == id;
    if (seen) continue;
    if (id == order.front())
      c.push_back({id, "tune: candidate 1, auto's choice: " + automatic.front().reason});
    else
      c.push_back({id, "tune: candidate " + std::to_string(c.size() + 1) + ", " + format_name(id) +
                           (diagonal && diagonal_format(id)
                                ? ", another diagonal format"
                                : ", often the fastest where auto's choice is not")});
  }
  c.resize(std::size_t(std::max(1, std::min(count, int(c.size())))));
  *timed = c.size();
  // The chain ends in csr, timed or not (a csr timed earlier is built again
  // only if every candidate after it failed).
  if (c.back().format != FormatId::csr) c.push_back({FormatId::csr, kLastResort});
  return c;
}

}  // namespace

const char* reorder_choice_name(ReorderChoice choice) {
  switch (choice) {
    case ReorderChoice::automatic:
      return "auto";
    case ReorderChoice::never:
      return "none";
    case ReorderChoice::always:
      return "rcm";
    case ReorderChoice::degree:
      return "degree";
  }
  return "?";
}

namespace {
constexpr ReorderChoice kReorderChoices[] = {ReorderChoice::automatic, ReorderChoice::never, ReorderChoice::always,
                                             ReorderChoice::degree};
}  // namespace

std::optional<ReorderChoice> parse_reorder_choice(std::string_view text) {
  for (ReorderChoice c : kReorderChoices)
    if (text == reorder_choice_name(c)) return c;
  return std::nullopt;
}

std::string valid_reorder_choices() {
  std::string s;
  for (ReorderChoice c : kReorderChoices) s += (s.empty() ? "" : ", ") + std::string(reorder_choice_name(c));
  return s;
}

bool wants_rcm_ratio(const Features& f, ReorderChoice reorder) {
  return reorder == ReorderChoice::automatic && reordering_may_pay(f);
}

bool wants_degree_ratio(const Features& f, const FormatChoice& choice, ReorderChoice reorder) {
  return reorder == ReorderChoice::automatic && degree_order_may_pay(f, choice);
}

bool wants_sampled_features(const Features& f, const FormatChoice& choice, ReorderChoice reorder) {
  if (f.nnz < kLargeNnz) return false;
  if (choice.automatic) return true;
  return reorder == ReorderChoice::automatic && reordering_rule_applies(f);
}

bool wants_diagonal_search(const Features& f, const FormatChoice& choice) {
  if (!choice.automatic) return diagonal_format(choice.format);
  return choice.tune || !inode_rule(f);
}

Selection select_format(const Features& f, const FormatChoice& choice, ReorderChoice reorder, int tune_candidates,
                        std::int64_t tune_min_nnz) {
  Selection s;
  ReorderDecision r = choose_reordering(f, choice, reorder);
  s.reorder = r.order.has_value();
  s.order = r.order.value_or(OrderKind::rcm);
  s.reorder_reason = std::move(r.reason);
  s.candidates = select_storage(f, choice, r.order);
  if (choice.automatic && choice.tune) {
    if (f.nnz >= tune_min_nnz) {
      s.candidates = tune_storage(f, s.candidates, tune_candidates, &s.timed);
    } else {
      std::string& why = s.candidates.front().reason;
      why = "tune: nothing timed under " + std::to_string(tune_min_nnz) +
            " nonzeros (the floor set for tune); auto's choice: " + why;
    }
  }
  return s;
}

}  // namespace aijadaptive
