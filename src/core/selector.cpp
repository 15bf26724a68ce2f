#include "aijadaptive/selector.hpp"

#include <sstream>

namespace aijadaptive {

Selection select_format(const Features& f, const FormatChoice& choice) {
  Selection s;
  if (!choice.automatic) {
    s.format = choice.format;
    s.reason = std::string("requested by the user (") + format_name(choice.format) + ")";
    return s;
  }
  // One rule per format, most specific first; csr is the rule that always holds.
  std::ostringstream why;
  why << "auto: csr is the only format available so far (rows " << f.rows << ", nnz " << f.nnz
      << ", mean row " << f.mean_row << ", max row " << f.max_row << ")";
  s.format = FormatId::csr;
  s.reason = why.str();
  return s;
}

}  // namespace aijadaptive
