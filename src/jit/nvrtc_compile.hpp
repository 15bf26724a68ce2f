// NVRTC: self-contained CUDA C++ source -> a CUBIN for one architecture. Needs
// no GPU and no driver, so the compile half of the kernel cache runs in CI.
#pragma once

#include <string>
#include <vector>

#include "aijadaptive/kernel_cache.hpp"  // CompiledKernel

namespace aijadaptive::jit {

// "key "...", kernel <name>, sm_<arch>": how messages name a kernel.
std::string describe(const std::string& key, const std::string& name, int arch);

// "NVRTC <major>.<minor>": another NVRTC may make other code, so it is part of
// a disk entry's identity.
std::string nvrtc_version();

// The options of every compile for sm_<arch>, part of a disk entry's identity
// too: a change of options must not find the CUBINs of the old ones.
std::vector<std::string> compile_options(int arch);

// Whether the CUBIN's symbol table names `name` (see the definition).
bool names_symbol(const std::vector<char>& cubin, const std::string& name);

// One compile, no cache: throws ErrorKind::compile with NVRTC's log on failure.
CompiledKernel nvrtc_compile(const std::string& key, const std::string& source,
                             const std::string& name, int arch);

}  // namespace aijadaptive::jit
