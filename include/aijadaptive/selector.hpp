// Format selection: a pure, deterministic function of the matrix features and
// the user's choice, returning the format and a reason a person can read
// (shown by -mat_view ::ascii_info).
#pragma once

#include <string>

#include "aijadaptive/features.hpp"
#include "aijadaptive/format_list.hpp"

namespace aijadaptive {

struct Selection {
  FormatId format = FormatId::csr;
  std::string reason;
};

Selection select_format(const Features& features, const FormatChoice& choice);

}  // namespace aijadaptive
