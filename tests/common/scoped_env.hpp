// Sets (or unsets) an environment variable for the lifetime of the object and
// restores the previous value, for tests of run-time overrides.
#pragma once

#include <cstdlib>
#include <optional>
#include <string>

namespace aijadaptive::test {

class ScopedEnv {
 public:
  // value == nullptr: unset the variable.
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value)
      setenv(name, value, 1);
    else
      unsetenv(name);
  }
  ~ScopedEnv() {
    if (old_)
      setenv(name_.c_str(), old_->c_str(), 1);
    else
      unsetenv(name_.c_str());
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  std::string name_;
  std::optional<std::string> old_;
};

}  // namespace aijadaptive::test
