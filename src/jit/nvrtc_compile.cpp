// NVRTC compiles to a CUBIN (see nvrtc_compile.hpp).
#include "jit/nvrtc_compile.hpp"

#include <nvrtc.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "aijadaptive/errors.hpp"

// A failed NVRTC call is ErrorKind::compile whatever the call: a format that
// relies on a generated kernel then steps aside for the next candidate.
#define AIJA_NVRTC_CHECK(call, what)                                                   \
  do {                                                                                 \
    const nvrtcResult aija_nvrtc_ = (call);                                            \
    if (aija_nvrtc_ != NVRTC_SUCCESS)                                                  \
      AIJA_THROW(compile, std::string(#call) + " failed: " +                           \
                              nvrtcGetErrorString(aija_nvrtc_) + " (" + (what) + ")"); \
  } while (0)

namespace aijadaptive::jit {
namespace {

// Owns an nvrtcProgram for the length of one compile.
class Program {
 public:
  Program(const std::string& source, const std::string& file_name, const std::string& what) {
    AIJA_NVRTC_CHECK(
        nvrtcCreateProgram(&program_, source.c_str(), file_name.c_str(), 0, nullptr, nullptr),
        what);
  }
  ~Program() {
    if (program_) (void)nvrtcDestroyProgram(&program_);
  }
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;
  nvrtcProgram get() const { return program_; }

 private:
  nvrtcProgram program_ = nullptr;
};

// The architectures this NVRTC compiles for, asked once: an unknown one gets a
// message that lists them, rather than NVRTC's bare "invalid option". Never
// freed: a background compile of the process-wide cache may still run while
// static objects are destroyed at exit.
const std::vector<int>& supported_archs() {
  static const std::vector<int>* const archs = [] {
    int n = 0;
    AIJA_NVRTC_CHECK(nvrtcGetNumSupportedArchs(&n), "listing the architectures");
    auto list = std::make_unique<std::vector<int>>(static_cast<std::size_t>(n));
    if (n > 0) AIJA_NVRTC_CHECK(nvrtcGetSupportedArchs(list->data()), "listing the architectures");
    return list.release();
  }();
  return *archs;
}

std::string program_log(nvrtcProgram program, const std::string& what) {
  std::size_t size = 0;
  AIJA_NVRTC_CHECK(nvrtcGetProgramLogSize(program, &size), what);
  std::string log(size, '\0');
  if (size > 0) AIJA_NVRTC_CHECK(nvrtcGetProgramLog(program, log.data()), what);
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
  return log;
}

}  // namespace

std::string describe(const std::string& key, const std::string& name, int arch) {
  return "key \"" + key + "\", kernel " + name + ", sm_" + std::to_string(arch);
}

std::string nvrtc_version() {
  int major = 0, minor = 0;
  if (nvrtcVersion(&major, &minor) != NVRTC_SUCCESS) return "NVRTC";
  return "NVRTC " + std::to_string(major) + "." + std::to_string(minor);
}

std::vector<std::string> compile_options(int arch) {
  return {
      // A real architecture (sm_, not compute_): NVRTC then makes a CUBIN, not PTX.
      "--gpu-architecture=sm_" + std::to_string(arch), "-std=c++17",
      "-default-device",  // helpers in generated code need no __device__
      // Spelled out although it is the default of NVRTC and nvcc alike: a*b+c
      // becomes an FMA in both, so generated kernels match the generic ones bit
      // for bit. For the same reason: no --use_fast_math.
      "--fmad=true"};
}

// An early check that needs no GPU: an ELF symbol table stores its names
// NUL-terminated one after another, so a kernel's name shows as "\0name\0". It
// catches the usual mistake, a kernel not declared extern "C", whose name is
// then mangled (_Z5axpy...). cudaLibraryGetKernel at load is the final word.
bool names_symbol(const std::vector<char>& cubin, const std::string& name) {
  std::string needle(1, '\0');
  needle += name;
  needle += '\0';
  return std::search(cubin.begin(), cubin.end(), needle.begin(), needle.end()) != cubin.end();
}

CompiledKernel nvrtc_compile(const std::string& key, const std::string& source,
                             const std::string& name, int arch) {
  const std::string what = describe(key, name, arch);
  const auto& archs = supported_archs();
  if (std::find(archs.begin(), archs.end(), arch) == archs.end()) {
    std::string list;
    for (int a : archs) list += " sm_" + std::to_string(a);
    AIJA_THROW(compile, nvrtc_version() + " cannot compile for sm_" + std::to_string(arch) + " (" +
                            what + "); it knows" + list);
  }

  const auto start = std::chrono::steady_clock::now();
  Program program(source, name + ".cu", what);
  const std::vector<std::string> option_strings = compile_options(arch);
  std::vector<const char*> options;
  for (const auto& o : option_strings) options.push_back(o.c_str());
  const nvrtcResult compiled =
      nvrtcCompileProgram(program.get(), static_cast<int>(options.size()), options.data());
  std::string log = program_log(program.get(), what);
  if (compiled != NVRTC_SUCCESS)
    AIJA_THROW(compile, "run-time compile failed (" + what + "): nvrtcCompileProgram: " +
                            nvrtcGetErrorString(compiled) + "\n" + log);

  CompiledKernel kernel;
  std::size_t size = 0;
  AIJA_NVRTC_CHECK(nvrtcGetCUBINSize(program.get(), &size), what);
  kernel.cubin.resize(size);
  if (size > 0) AIJA_NVRTC_CHECK(nvrtcGetCUBIN(program.get(), kernel.cubin.data()), what);
  kernel.compile_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  AIJA_REQUIRE(names_symbol(kernel.cubin, name), compile,
               "run-time compile (" + what + "): the compiled code has no kernel named " + name +
                   "; declare it extern \"C\" __global__");
  kernel.key = key;
  kernel.name = name;
  kernel.arch = arch;
  kernel.source = source;
  kernel.log = std::move(log);
  return kernel;
}

}  // namespace aijadaptive::jit
