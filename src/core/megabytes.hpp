// Sizes in the messages and descriptions the core writes: "12.3 MiB".
#pragma once

#include <cstddef>
#include <sstream>
#include <string>

namespace aijadaptive::detail {

inline std::string megabytes(std::size_t bytes) {
  std::ostringstream s;
  s.precision(1);
  s << std::fixed << double(bytes) / (1024.0 * 1024.0) << " MiB";
  return s.str();
}

}  // namespace aijadaptive::detail
