// Format selection: a pure, deterministic function of the matrix features and
// the user's choice, returning the format and a reason a person can read
// (shown by -mat_view ::ascii_info).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "aijadaptive/features.hpp"
#include "aijadaptive/format_list.hpp"

namespace aijadaptive {

// Whether to run a square matrix as B = P A P^T with P from reverse
// Cuthill-McKee (reordering.hpp): automatic (the selector decides), never, always.
enum class ReorderChoice { automatic, never, always };

const char* reorder_choice_name(ReorderChoice choice);
// "auto", "none" or "rcm"; nullopt for anything else.
std::optional<ReorderChoice> parse_reorder_choice(std::string_view text);

struct Selection {
  FormatId format = FormatId::csr;
  bool reorder = false;  // build the format on B = P A P^T (RCM)
  std::string reason;
};

Selection select_format(const Features& features, const FormatChoice& choice,
                        ReorderChoice reorder = ReorderChoice::never);

// After RCM: keep the reordering only if it took the sector ratio down to at
// most this fraction of the original (ratio_after <= kReorderKeep * ratio_before);
// some graphs (power-law) have no ordering with local rows, and then the
// permutation costs two passes over the vectors for nothing.
inline constexpr double kReorderKeep = 0.7;

}  // namespace aijadaptive
