// Format selection: a pure, deterministic function of the matrix features and
// the user's choice. It returns the formats to try, in order, each with a
// reason a person can read (shown by -mat_view ::ascii_info), and whether to
// run the matrix reordered. A candidate that cannot be built or uploaded for a
// reason that is not the user's gives way to the next; csr (cuSPARSE) is
// always the last, and the host comes after it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "aijadaptive/features.hpp"
#include "aijadaptive/format_list.hpp"
#include "aijadaptive/reordering.hpp"

namespace aijadaptive {

// Whether to run a square matrix as B = P A P^T (reordering.hpp): automatic
// (the selector decides), never, always with P from reverse Cuthill-McKee, or
// always with P from the column counts (degree_order).
enum class ReorderChoice { automatic, never, always, degree };

const char* reorder_choice_name(ReorderChoice choice);
// "auto", "none", "rcm" or "degree"; nullopt for anything else.
std::optional<ReorderChoice> parse_reorder_choice(std::string_view text);
// Every name parse_reorder_choice takes, for error messages: "auto, none, rcm, degree".
std::string valid_reorder_choices();

// The formats FormatChoice tune times by default (selector.cpp says why 4).
inline constexpr int kTuneCandidates = 4;

// Tune times every matrix by default. A user may set a floor of nonzeros under
// which auto's choice runs untimed, to save the candidates' builds and
// products: about 1 ms on a small matrix, ten times auto's set-up. The floor
// was 10^5 while candidates were timed by direct launches, which ranked small
// matrices' formats by their launch. Timed as graphs, as they then run, the
// formats tune kept under 10^5 nonzeros scored 0.986 of the per-matrix best
// against auto's 0.971 (H200, 49 real matrices, three rounds;
// docs/h200-2026-11-30-tune-graphs).
inline constexpr std::int64_t kTuneMinNnz = 0;

struct Candidate {
  FormatId format = FormatId::csr;
  std::string reason;
  // Its host build costs more than csr's whole set-up on this matrix: worth
  // a host thread while csr runs the first products (a deferred set-up,
  // MatrixOptions::defer_min_nnz).
  bool costly_build = false;
};

struct Selection {
  std::vector<Candidate> candidates;  // never empty; the last is csr
  // FormatChoice tune: the first `timed` candidates are timed on the
  // matrix's first products and the fastest kept (0 otherwise).
  std::size_t timed = 0;
  bool reorder = false;               // build the formats on B = P A P^T
  OrderKind order = OrderKind::rcm;   // P's order, when reordered
  std::string reorder_reason;         // empty when not reordered and nothing to say
  FormatId first() const { return candidates.front().format; }
};

// Whether select_format() would use features.rcm_gather_sector_ratio (an RCM
// order's worth of work): only for a reordering the cheap features allow.
bool wants_rcm_ratio(const Features& features, ReorderChoice reorder);

// Whether select_format() would use features.degree_gather_sector_ratio (a
// column-degree order, degree_order, and its ratio): only for auto's choice
// on a matrix the cheap features give to that rule (selector.cpp).
bool wants_degree_ratio(const Features& features, const FormatChoice& choice, ReorderChoice reorder);

// Whether select_format() would read the features sampled from the entries,
// gather_sector_ratio and repeated_rows: only the rules for large matrices do
// (reordering, csr for scattered irregular rows, inode). For a fixed format
// only the reordering rule is left, and only for what it may reorder (reorder
// auto, a square matrix of regular rows): a circuit matrix of a million rows
// set up in segspmv spent about a third of its analysis on them.
bool wants_sampled_features(const Features& features, const FormatChoice& choice = FormatChoice::automatic_choice(),
                            ReorderChoice reorder = ReorderChoice::automatic);

// Whether select_format() would look at the diagonal search's verdict
// (features.diagonal_type), a pass dearer per entry than the other features:
// auto unless a rule before the diagonal formats decides (inode), tune always
// (it lists a diagonal matrix's other diagonal formats), and a fixed format
// only if it is a diagonal one (its build reuses the search's offsets).
bool wants_diagonal_search(const Features& features, const FormatChoice& choice);

// With choice.tune, the candidates are auto's first, then the formats most
// often fastest where auto's is not (selector.cpp), `tune_candidates` of them
// timed, and csr last; under `tune_min_nnz` nonzeros, auto's candidates with
// none timed, the first one's reason saying so.
Selection select_format(const Features& features, const FormatChoice& choice,
                        ReorderChoice reorder = ReorderChoice::never, int tune_candidates = kTuneCandidates,
                        std::int64_t tune_min_nnz = 0);

// Automatic reordering keeps an order (RCM, or the column counts for
// power-law rows) only if it takes the sector ratio down to at most this
// fraction of the original (its ratio <= kReorderKeep * ratio); some graphs
// have no ordering with local rows, and then the permutation costs passes over
// the vectors for nothing.
inline constexpr double kReorderKeep = 0.7;

}  // namespace aijadaptive
