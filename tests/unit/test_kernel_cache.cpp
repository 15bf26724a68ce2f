// The kernel cache's compile half: NVRTC needs no GPU, so this runs in CI.
// Each test uses its own KernelCache so that the statistics start at zero.
#include <aijadaptive/device.hpp>
#include <aijadaptive/errors.hpp>
#include <aijadaptive/kernel_cache.hpp>
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "axpy_source.hpp"

namespace aijadaptive {
namespace {

// @T@ stands for the value type, as the generated formats will fill it in.
using test::axpy_source;

// The Error `f` throws, or nothing (and a test failure) when it throws none.
template <class F>
std::optional<Error> error_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e;
  }
  ADD_FAILURE() << "no aijadaptive::Error thrown";
  return std::nullopt;
}

bool is_elf(const std::vector<char>& image) {
  return image.size() > 4 && image[0] == '\x7f' && image[1] == 'E' && image[2] == 'L' &&
         image[3] == 'F';
}

TEST(KernelCache, CompilesToACubin) {
  KernelCache cache;
  const auto& k = cache.compile("test:axpy:double", axpy_source("double"), "axpy", 90);
  EXPECT_EQ(k.key, "test:axpy:double");
  EXPECT_EQ(k.name, "axpy");
  EXPECT_EQ(k.arch, 90);
  EXPECT_TRUE(is_elf(k.cubin)) << "a CUBIN is an ELF image; got " << k.cubin.size() << " bytes";
  EXPECT_GT(k.compile_seconds, 0.0);
  const auto s = cache.stats();
  EXPECT_EQ(s.misses, 1u);
  EXPECT_EQ(s.hits, 0u);
  EXPECT_EQ(s.failures, 0u);
  EXPECT_EQ(s.loads, 0u);
  EXPECT_DOUBLE_EQ(s.compile_seconds, k.compile_seconds);
}

TEST(KernelCache, SameKeyIsAHitAnotherKeyAMiss) {
  KernelCache cache;
  const std::string source = axpy_source("double");
  const auto& first = cache.compile("test:axpy:double", source, "axpy", 90);
  const auto& again = cache.compile("test:axpy:double", source, "axpy", 90);
  EXPECT_EQ(&first, &again);
  auto s = cache.stats();
  EXPECT_EQ(s.hits, 1u);
  EXPECT_EQ(s.misses, 1u);

  const auto& other = cache.compile("test:axpy:double:copy", source, "axpy", 90);
  EXPECT_NE(&other, &first);
  s = cache.stats();
  EXPECT_EQ(s.hits, 1u);
  EXPECT_EQ(s.misses, 2u);
  EXPECT_GE(s.compile_seconds, first.compile_seconds + other.compile_seconds);
}

TEST(KernelCache, AFailedCompileThrowsWithTheLogAndIsNotCached) {
  KernelCache cache;
  const std::string key = "test:broken";
  std::string broken = axpy_source("float");
  broken.replace(broken.find("a * x[i]"), 8, "a * undeclared_thing");
  const auto e = error_of([&] { cache.compile(key, broken, "axpy", 90); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), ErrorKind::compile) << e->what();
  const std::string message = e->what();
  EXPECT_NE(message.find(key), std::string::npos) << message;
  // Only the compiler log can have put the identifier into the message.
  EXPECT_NE(message.find("undeclared_thing"), std::string::npos) << message;
  auto s = cache.stats();
  EXPECT_EQ(s.failures, 1u);
  EXPECT_EQ(s.misses, 1u);

  // Not cached: the same key compiles once the source is fixed.
  const auto& fixed = cache.compile(key, axpy_source("float"), "axpy", 90);
  EXPECT_TRUE(is_elf(fixed.cubin));
  s = cache.stats();
  EXPECT_EQ(s.failures, 1u);
  EXPECT_EQ(s.misses, 2u);
  EXPECT_EQ(s.hits, 0u);
}

TEST(KernelCache, FloatAndDoubleFromOneTemplate) {
  KernelCache cache;
  const auto& d = cache.compile("test:axpy:double", axpy_source("double"), "axpy", 90);
  const auto& f = cache.compile("test:axpy:float", axpy_source("float"), "axpy", 90);
  EXPECT_TRUE(is_elf(d.cubin));
  EXPECT_TRUE(is_elf(f.cubin));
  EXPECT_NE(d.cubin, f.cubin);
  EXPECT_EQ(cache.stats().misses, 2u);
}

TEST(KernelCache, KeysArePerArchitecture) {
  KernelCache cache;
  const std::string source = axpy_source("double");
  const auto& k80 = cache.compile("test:axpy:double", source, "axpy", 80);
  const auto& k90 = cache.compile("test:axpy:double", source, "axpy", 90);
  EXPECT_NE(&k80, &k90);
  EXPECT_EQ(k80.arch, 80);
  EXPECT_EQ(k90.arch, 90);
  EXPECT_NE(k80.cubin, k90.cubin);
  EXPECT_EQ(cache.stats().misses, 2u);
  EXPECT_EQ(&cache.compile("test:axpy:double", source, "axpy", 80), &k80);
  EXPECT_EQ(cache.stats().hits, 1u);
}

TEST(KernelCache, AKeyReusedForAnotherSourceIsRefused) {
  KernelCache cache;
  cache.compile("test:axpy", axpy_source("double"), "axpy", 90);
  const auto e = error_of([&] { cache.compile("test:axpy", axpy_source("float"), "axpy", 90); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), ErrorKind::internal) << e->what();
  EXPECT_NE(std::string(e->what()).find("test:axpy"), std::string::npos) << e->what();
}

TEST(KernelCache, AKernelNotDeclaredExternCIsACompileError) {
  KernelCache cache;
  std::string mangled = axpy_source("double");
  mangled.erase(mangled.find("extern \"C\" "), 11);
  const auto e = error_of([&] { cache.compile("test:mangled", mangled, "axpy", 90); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), ErrorKind::compile) << e->what();
  EXPECT_NE(std::string(e->what()).find("extern \"C\""), std::string::npos) << e->what();
  EXPECT_EQ(cache.stats().failures, 1u);
}

TEST(KernelCache, AnArchitectureNvrtcDoesNotKnowIsACompileError) {
  KernelCache cache;
  // sm_35 left NVRTC with CUDA 12; the message lists what it does know.
  const auto e = error_of([&] { cache.compile("test:old", axpy_source("double"), "axpy", 35); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), ErrorKind::compile) << e->what();
  EXPECT_NE(std::string(e->what()).find("sm_90"), std::string::npos) << e->what();
}

TEST(KernelCache, BadArgumentsAreInvalidArguments) {
  KernelCache cache;
  const std::string source = axpy_source("double");
  for (auto call : {+[](KernelCache& c, const std::string& s) { c.compile("", s, "axpy", 90); },
                    +[](KernelCache& c, const std::string& s) { c.compile("k", s, "", 90); },
                    +[](KernelCache& c, const std::string& s) { c.compile("k", s, "axpy", 0); }}) {
    const auto e = error_of([&] { call(cache, source); });
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind(), ErrorKind::invalid_argument) << e->what();
  }
  EXPECT_EQ(cache.stats().misses, 0u);
}

TEST(KernelCache, GetOnADeviceThatDoesNotExistIsAnInvalidArgument) {
  // Holds with and without a GPU: device_count() is never a device id.
  KernelCache cache;
  for (int device : {-1, device_count()}) {
    const auto e = error_of([&] { cache.get("test:axpy", axpy_source("double"), "axpy", device); });
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind(), ErrorKind::invalid_argument) << e->what();
  }
  EXPECT_EQ(cache.stats().misses, 0u);
}

TEST(KernelCache, ThreadsAskingForOneKeyShareOneKernel) {
  KernelCache cache;
  const std::string source = axpy_source("double");
  std::vector<const CompiledKernel*> got(4, nullptr);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < got.size(); ++t)
    threads.emplace_back(
        [&, t] { got[t] = &cache.compile("test:axpy:threads", source, "axpy", 90); });
  for (auto& t : threads) t.join();
  for (const auto* k : got) EXPECT_EQ(k, got[0]);
  const auto s = cache.stats();
  EXPECT_EQ(s.hits + s.misses, got.size());
  EXPECT_GE(s.misses, 1u);
}

TEST(KernelCache, TheProcessWideCacheIsOne) { EXPECT_EQ(&kernel_cache(), &kernel_cache()); }

}  // namespace
}  // namespace aijadaptive
