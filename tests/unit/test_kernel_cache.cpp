// The kernel cache's compile half, its disk cache and its background compiles:
// NVRTC needs no GPU, so this runs in CI. Each test uses its own KernelCache so that the statistics
// start at zero.
#include <aijadaptive/device.hpp>
#include <aijadaptive/errors.hpp>
#include <aijadaptive/kernel_cache.hpp>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "kernel_cache_helpers.hpp"
#include "scoped_env.hpp"
#include "scoped_temp_dir.hpp"

namespace aijadaptive {
namespace {

using test::axpy_source;

// No disk cache: these tests count NVRTC compiles, which entries left in
// ~/.cache by an earlier run would save. The disk cache has tests of its own.
const std::string memory_only;

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
  KernelCache cache(memory_only);
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
  KernelCache cache(memory_only);
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
  KernelCache cache(memory_only);
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
  KernelCache cache(memory_only);
  const auto& d = cache.compile("test:axpy:double", axpy_source("double"), "axpy", 90);
  const auto& f = cache.compile("test:axpy:float", axpy_source("float"), "axpy", 90);
  EXPECT_TRUE(is_elf(d.cubin));
  EXPECT_TRUE(is_elf(f.cubin));
  EXPECT_NE(d.cubin, f.cubin);
  EXPECT_EQ(cache.stats().misses, 2u);
}

TEST(KernelCache, KeysArePerArchitecture) {
  KernelCache cache(memory_only);
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
  KernelCache cache(memory_only);
  cache.compile("test:axpy", axpy_source("double"), "axpy", 90);
  const auto e = error_of([&] { cache.compile("test:axpy", axpy_source("float"), "axpy", 90); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), ErrorKind::internal) << e->what();
  EXPECT_NE(std::string(e->what()).find("test:axpy"), std::string::npos) << e->what();
}

TEST(KernelCache, AKernelNotDeclaredExternCIsACompileError) {
  KernelCache cache(memory_only);
  std::string mangled = axpy_source("double");
  mangled.erase(mangled.find("extern \"C\" "), 11);
  const auto e = error_of([&] { cache.compile("test:mangled", mangled, "axpy", 90); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), ErrorKind::compile) << e->what();
  EXPECT_NE(std::string(e->what()).find("extern \"C\""), std::string::npos) << e->what();
  EXPECT_EQ(cache.stats().failures, 1u);
}

TEST(KernelCache, AnArchitectureNvrtcDoesNotKnowIsACompileError) {
  KernelCache cache(memory_only);
  // sm_35 left NVRTC with CUDA 12, the oldest toolkit the build accepts
  // (find_package(CUDAToolkit 12.0), CMakeLists.txt); the message lists what it does know.
  const auto e = error_of([&] { cache.compile("test:old", axpy_source("double"), "axpy", 35); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), ErrorKind::compile) << e->what();
  EXPECT_NE(std::string(e->what()).find("sm_90"), std::string::npos) << e->what();
}

TEST(KernelCache, BadArgumentsAreInvalidArguments) {
  KernelCache cache(memory_only);
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
  KernelCache cache(memory_only);
  for (int device : {-1, device_count()}) {
    const auto e = error_of([&] { cache.get("test:axpy", axpy_source("double"), "axpy", device); });
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind(), ErrorKind::invalid_argument) << e->what();
  }
  EXPECT_EQ(cache.stats().misses, 0u);
}

TEST(KernelCache, ThreadsAskingForOneKeyShareOneKernel) {
  KernelCache cache(memory_only);
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

// ---- the disk cache -----------------------------------------------------------

using test::ScopedEnv;
using test::ScopedTempDir;

namespace fs = std::filesystem;

const std::string kKey = "test:disk:axpy:double";

TEST(KernelCache, TheProcessWideCacheIsSharedByThreadsAndEndsWithRelease) {
  // Its disk directory is the environment's when it is made: a fresh one here,
  // so the statistics below are this test's alone.
  ScopedTempDir tmp;
  ScopedEnv xdg("XDG_CACHE_HOME", tmp.path().c_str());
  release_kernel_cache();  // one an earlier test made, if any
  // Made once, under its lock, however many threads ask first.
  std::vector<KernelCache*> seen(4, nullptr);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < seen.size(); ++t) threads.emplace_back([&, t] { seen[t] = &kernel_cache(); });
  for (auto& t : threads) t.join();
  for (KernelCache* c : seen) EXPECT_EQ(c, seen[0]);
  // What one thread compiled through it, another finds in memory.
  const CompiledKernel* compiled = nullptr;
  std::thread([&] { compiled = &kernel_cache().compile(kKey, axpy_source("double"), "axpy", 90); }).join();
  ASSERT_NE(compiled, nullptr);
  EXPECT_EQ(&kernel_cache().compile(kKey, axpy_source("double"), "axpy", 90), compiled);
  EXPECT_EQ(kernel_cache().disk_status(), "disk cache in " + tmp / "aijadaptive");
  auto s = kernel_cache().stats();
  EXPECT_EQ(s.misses, 1u);
  EXPECT_EQ(s.hits, 1u);
  EXPECT_EQ(s.disk_writes, 1u);
  // After release a new cache starts, empty in memory: it finds the kernel on disk.
  release_kernel_cache();
  EXPECT_TRUE(kernel_cache().compile(kKey, axpy_source("double"), "axpy", 90).from_disk);
  s = kernel_cache().stats();
  EXPECT_EQ(s.misses, 0u);
  EXPECT_EQ(s.disk_hits, 1u);
  release_kernel_cache();  // before the directory goes
}

// The entries (*.kernel) and the leftovers (anything else) in `dir`.
struct Listing {
  std::vector<fs::path> entries;
  std::vector<fs::path> others;
};
Listing list(const std::string& dir) {
  Listing l;
  for (const auto& e : fs::directory_iterator(dir))
    (e.path().extension() == ".kernel" ? l.entries : l.others).push_back(e.path());
  return l;
}

unsigned mode_of(const fs::path& path) {
  struct stat st {};
  EXPECT_EQ(::lstat(path.c_str(), &st), 0) << path;
  return unsigned(st.st_mode & 07777);
}

std::vector<char> read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}
void write_file(const fs::path& path, const std::vector<char>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), std::streamsize(bytes.size()));
}

TEST(KernelCacheDisk, TheDefaultDirectoryIsXdgCacheHomeThenHome) {
  {
    ScopedEnv xdg("XDG_CACHE_HOME", "/var/cache/someone");
    ScopedEnv home("HOME", "/home/someone");
    EXPECT_EQ(default_disk_cache_directory(), "/var/cache/someone/aijadaptive");
  }
  {
    ScopedEnv xdg("XDG_CACHE_HOME", nullptr);
    ScopedEnv home("HOME", "/home/someone");
    EXPECT_EQ(default_disk_cache_directory(), "/home/someone/.cache/aijadaptive");
  }
  {
    // XDG: a relative path is invalid and ignored.
    ScopedEnv xdg("XDG_CACHE_HOME", "relative/cache");
    ScopedEnv home("HOME", "/home/someone");
    EXPECT_EQ(default_disk_cache_directory(), "/home/someone/.cache/aijadaptive");
  }
  {
    ScopedEnv xdg("XDG_CACHE_HOME", nullptr);
    ScopedEnv home("HOME", nullptr);
    EXPECT_EQ(default_disk_cache_directory(), "");
  }
}

TEST(KernelCacheDisk, NoHomeAndNoXdgCacheHomeMeanNoDiskCache) {
  ScopedEnv xdg("XDG_CACHE_HOME", nullptr);
  ScopedEnv home("HOME", nullptr);
  KernelCache cache;  // the default directory, as kernel_cache() has it
  EXPECT_EQ(cache.disk_status().rfind("no disk cache", 0), 0u) << cache.disk_status();
  const auto& k = cache.compile(kKey, axpy_source("double"), "axpy", 90);
  EXPECT_TRUE(is_elf(k.cubin));
  EXPECT_FALSE(k.from_disk);
  const auto s = cache.stats();
  EXPECT_EQ(s.misses, 1u);
  EXPECT_EQ(s.disk_hits + s.disk_writes + s.disk_rejects + s.disk_write_failures, 0u);
}

TEST(KernelCacheDisk, ACompileWritesOneEntryOnlyItsOwnerCanRead) {
  ScopedTempDir tmp;
  // Parents that do not exist yet are made too, as ~/.cache may not.
  const std::string dir = tmp / "cache/aijadaptive";
  KernelCache cache(dir);
  EXPECT_FALSE(fs::exists(dir)) << "made before it was needed";
  cache.compile(kKey, axpy_source("double"), "axpy", 90);
  EXPECT_EQ(cache.disk_status(), "disk cache in " + dir);
  const auto s = cache.stats();
  EXPECT_EQ(s.misses, 1u);
  EXPECT_EQ(s.disk_writes, 1u);
  EXPECT_EQ(s.disk_hits, 0u);
  EXPECT_EQ(mode_of(dir), 0700u);
  const auto l = list(dir);
  ASSERT_EQ(l.entries.size(), 1u);
  EXPECT_TRUE(l.others.empty()) << "left behind: " << l.others[0];
  EXPECT_EQ(mode_of(l.entries[0]) & 077, 0u) << std::oct << mode_of(l.entries[0]);
  // 16 hex digits: a 64-bit hash of what the entry was made from.
  EXPECT_EQ(l.entries[0].stem().string().size(), 16u) << l.entries[0];
  // A hit in memory reads nothing more.
  cache.compile(kKey, axpy_source("double"), "axpy", 90);
  EXPECT_EQ(cache.stats().disk_hits, 0u);
  EXPECT_EQ(cache.stats().hits, 1u);
}

TEST(KernelCacheDisk, ASecondCacheFindsTheEntryWithoutNvrtc) {
  ScopedTempDir tmp;
  const std::string dir = tmp / "kernels";
  std::vector<char> compiled;
  double nvrtc_seconds = 0;
  {
    KernelCache first(dir);
    const auto& k = first.compile(kKey, axpy_source("double"), "axpy", 90);
    compiled = k.cubin;
    nvrtc_seconds = k.compile_seconds;
  }
  KernelCache second(dir);
  const auto& k = second.compile(kKey, axpy_source("double"), "axpy", 90);
  EXPECT_TRUE(k.from_disk);
  EXPECT_EQ(k.cubin, compiled);
  EXPECT_EQ(k.key, kKey);
  EXPECT_EQ(k.source, axpy_source("double"));
  // Reading a file of some KiB against a compile: a thousandth is generous.
  EXPECT_LT(k.compile_seconds, nvrtc_seconds / 10) << "NVRTC took " << nvrtc_seconds << " s";
  const auto s = second.stats();
  EXPECT_EQ(s.disk_hits, 1u);
  EXPECT_EQ(s.misses, 0u) << "NVRTC ran";
  EXPECT_EQ(s.compile_seconds, 0.0);
  EXPECT_EQ(s.disk_writes, 0u);
  EXPECT_EQ(s.disk_rejects, 0u);
}

// The autotune's choices: small texts under keys of their own, beside the kernels.
TEST(KernelCacheDisk, NotesAreKeptByKeyAndADamagedOneReadsAsNone) {
  ScopedTempDir tmp;
  const std::string dir = tmp / "notes";
  const std::string text = "aijadaptive tune 1\nchosen ipcsr\n";
  {
    KernelCache cache(dir);
    EXPECT_FALSE(cache.load_note("pattern 1"));
    ASSERT_TRUE(cache.store_note("pattern 1", text));
    EXPECT_EQ(cache.load_note("pattern 1").value_or("none"), text);
    EXPECT_FALSE(cache.load_note("pattern 2"));
  }
  KernelCache again(dir);  // a later run
  EXPECT_EQ(again.load_note("pattern 1").value_or("none"), text);
  const auto l = list(dir);
  ASSERT_EQ(l.entries.size(), 1u);
  fs::resize_file(l.entries[0], fs::file_size(l.entries[0]) - 3);
  EXPECT_FALSE(again.load_note("pattern 1")) << "a truncated entry was read";
  KernelCache no_disk("");
  EXPECT_FALSE(no_disk.store_note("pattern 1", text));
  EXPECT_FALSE(no_disk.load_note("pattern 1"));
}

TEST(KernelCacheDisk, AnotherSourceArchOrNameIsAnotherEntry) {
  ScopedTempDir tmp;
  const std::string dir = tmp / "kernels";
  KernelCache(dir).compile(kKey, axpy_source("double"), "axpy", 90);
  KernelCache cache(dir);
  // Same key, another source: a new process must not load the old CUBIN, and
  // the old entry is not "damaged" either: it has a file name of its own.
  const auto& f = cache.compile(kKey, axpy_source("float"), "axpy", 90);
  EXPECT_FALSE(f.from_disk);
  const auto& k80 = cache.compile("test:disk:other", axpy_source("double"), "axpy", 80);
  EXPECT_FALSE(k80.from_disk);
  const auto s = cache.stats();
  EXPECT_EQ(s.misses, 2u);
  EXPECT_EQ(s.disk_hits, 0u);
  EXPECT_EQ(s.disk_rejects, 0u);
  EXPECT_EQ(list(dir).entries.size(), 3u);
}

// One way of spoiling an entry: its name, and what it does to the file's bytes.
struct Damage {
  const char* name;
  void (*apply)(std::vector<char>& bytes);
};
const Damage kDamages[] = {
    {"a flipped byte in the CUBIN", [](std::vector<char>& b) { b[b.size() - 7] ^= 0x10; }},
    {"truncated in the CUBIN", [](std::vector<char>& b) { b.resize(b.size() - 100); }},
    {"truncated in the header", [](std::vector<char>& b) { b.resize(20); }},
    {"empty", [](std::vector<char>& b) { b.clear(); }},
    {"a byte appended", [](std::vector<char>& b) { b.push_back('x'); }},
    // The key starts after the fixed header (64 bytes): "test:..." -> "Test:...".
    {"another key stored", [](std::vector<char>& b) { b[64] = 'T'; }},
    {"a bad magic", [](std::vector<char>& b) { b[0] = 'X'; }},
    {"another format version", [](std::vector<char>& b) { b[8] = 99; }},
    {"another source hash", [](std::vector<char>& b) { b[40] ^= 1; }},
};

TEST(KernelCacheDisk, ADamagedEntryIsRejectedCompiledAgainAndRewritten) {
  for (const Damage& damage : kDamages) {
    SCOPED_TRACE(damage.name);
    ScopedTempDir tmp;
    const std::string dir = tmp / "kernels";
    std::vector<char> good_cubin;
    {
      KernelCache first(dir);
      good_cubin = first.compile(kKey, axpy_source("double"), "axpy", 90).cubin;
    }
    const auto entries = list(dir).entries;
    ASSERT_EQ(entries.size(), 1u);
    const fs::path entry = entries[0];
    const std::vector<char> good_file = read_file(entry);
    ASSERT_GT(good_file.size(), 64 + kKey.size() + good_cubin.size() - 1);
    ASSERT_EQ(std::string(&good_file[64], kKey.size()), kKey) << "the format moved";
    std::vector<char> bad_file = good_file;
    damage.apply(bad_file);
    write_file(entry, bad_file);

    KernelCache second(dir);
    const auto& k = second.compile(kKey, axpy_source("double"), "axpy", 90);
    EXPECT_FALSE(k.from_disk);
    EXPECT_EQ(k.cubin, good_cubin);
    EXPECT_NE(k.log.find("disk cache: " + entry.string()), std::string::npos) << k.log;
    auto s = second.stats();
    EXPECT_EQ(s.disk_rejects, 1u);
    EXPECT_EQ(s.disk_hits, 0u);
    EXPECT_EQ(s.misses, 1u);
    EXPECT_EQ(s.disk_writes, 1u);
    // Rewritten in place, as sound as the first time.
    EXPECT_EQ(read_file(entry), good_file);
    EXPECT_EQ(list(dir).entries.size(), 1u);
    EXPECT_TRUE(list(dir).others.empty());

    KernelCache third(dir);
    EXPECT_TRUE(third.compile(kKey, axpy_source("double"), "axpy", 90).from_disk);
    EXPECT_EQ(third.stats().disk_hits, 1u);
    EXPECT_EQ(third.stats().disk_rejects, 0u);
  }
}

TEST(KernelCacheDisk, ADirectoryOthersCanEnterIsRefused) {
  for (unsigned mode : {0777u, 0770u, 0705u}) {
    SCOPED_TRACE(mode);
    ScopedTempDir tmp;
    const std::string dir = tmp / "kernels";
    ASSERT_EQ(::mkdir(dir.c_str(), 0700), 0);
    ASSERT_EQ(::chmod(dir.c_str(), mode), 0);  // chmod: the umask does not narrow it
    KernelCache cache(dir);
    const auto& k = cache.compile(kKey, axpy_source("double"), "axpy", 90);
    EXPECT_TRUE(is_elf(k.cubin));
    const std::string status = cache.disk_status();
    EXPECT_EQ(status.rfind("no disk cache", 0), 0u) << status;
    char octal[8];
    std::snprintf(octal, sizeof octal, "%04o", mode);
    EXPECT_NE(status.find(octal), std::string::npos) << status;
    EXPECT_EQ(cache.stats().disk_writes, 0u);
    EXPECT_EQ(cache.stats().disk_write_failures, 0u);
    EXPECT_TRUE(fs::is_empty(dir));
    EXPECT_EQ(mode_of(dir), mode) << "left as it was";
  }
}

TEST(KernelCacheDisk, ADirectoryOfAnotherUserIsRefused) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root, to give a directory to another user";
  ScopedTempDir tmp;
  const std::string dir = tmp / "kernels";
  ASSERT_EQ(::mkdir(dir.c_str(), 0700), 0);
  ASSERT_EQ(::chown(dir.c_str(), 65534, 65534), 0);  // nobody
  KernelCache cache(dir);
  EXPECT_TRUE(is_elf(cache.compile(kKey, axpy_source("double"), "axpy", 90).cubin));
  EXPECT_NE(cache.disk_status().find("belongs to user 65534"), std::string::npos)
      << cache.disk_status();
  EXPECT_TRUE(fs::is_empty(dir));
}

TEST(KernelCacheDisk, ASymbolicLinkOrAFileIsRefused) {
  ScopedTempDir tmp;
  const std::string real = tmp / "real";
  ASSERT_EQ(::mkdir(real.c_str(), 0700), 0);
  const std::string link = tmp / "link";
  ASSERT_EQ(::symlink(real.c_str(), link.c_str()), 0);
  const std::string file = tmp / "file";
  write_file(file, {'x'});
  for (const std::string& dir : {link, file, file + "/below"}) {
    SCOPED_TRACE(dir);
    KernelCache cache(dir);
    EXPECT_TRUE(is_elf(cache.compile(kKey, axpy_source("double"), "axpy", 90).cubin));
    EXPECT_EQ(cache.disk_status().rfind("no disk cache", 0), 0u) << cache.disk_status();
    EXPECT_EQ(cache.stats().disk_writes, 0u);
  }
  EXPECT_TRUE(fs::is_empty(real));
}

TEST(KernelCacheDisk, AnUnwritableDirectoryCountsFailedWrites) {
  if (::geteuid() == 0) GTEST_SKIP() << "root writes to a read-only directory";
  ScopedTempDir tmp;
  const std::string dir = tmp / "kernels";
  ASSERT_EQ(::mkdir(dir.c_str(), 0500), 0);
  KernelCache cache(dir);
  EXPECT_TRUE(is_elf(cache.compile(kKey, axpy_source("double"), "axpy", 90).cubin));
  EXPECT_EQ(cache.stats().disk_write_failures, 1u);
  EXPECT_EQ(cache.stats().disk_writes, 0u);
  ASSERT_EQ(::chmod(dir.c_str(), 0700), 0);
  EXPECT_TRUE(fs::is_empty(dir)) << "no temporary file left behind";
}

TEST(KernelCacheDisk, AnEntryThatCannotBeWrittenIsCountedNotThrown) {
  // A directory where the entry's file should be: no regular file (rejected),
  // and rename() cannot replace it, root or not.
  ScopedTempDir tmp;
  const std::string dir = tmp / "kernels";
  KernelCache(dir).compile(kKey, axpy_source("double"), "axpy", 90);
  const auto entries = list(dir).entries;
  ASSERT_EQ(entries.size(), 1u);
  fs::remove(entries[0]);
  fs::create_directory(entries[0]);
  KernelCache cache(dir);
  EXPECT_TRUE(is_elf(cache.compile(kKey, axpy_source("double"), "axpy", 90).cubin));
  const auto s = cache.stats();
  EXPECT_EQ(s.disk_rejects, 1u);
  EXPECT_EQ(s.disk_write_failures, 1u);
  EXPECT_EQ(s.disk_writes, 0u);
  EXPECT_TRUE(list(dir).others.empty()) << "a temporary file left behind";
}

TEST(KernelCacheDisk, TwoCachesWritingOneEntryLeaveOneSoundEntry) {
  // Two processes compiling the same kernel at once, as two caches here: each
  // writes its own temporary file and renames it over the other's.
  ScopedTempDir tmp;
  const std::string dir = tmp / "kernels";
  KernelCache a(dir), b(dir);
  std::thread ta([&] { a.compile(kKey, axpy_source("double"), "axpy", 90); });
  std::thread tb([&] { b.compile(kKey, axpy_source("double"), "axpy", 90); });
  ta.join();
  tb.join();
  const auto l = list(dir);
  EXPECT_EQ(l.entries.size(), 1u);
  EXPECT_TRUE(l.others.empty());
  KernelCache c(dir);
  EXPECT_TRUE(c.compile(kKey, axpy_source("double"), "axpy", 90).from_disk);
  EXPECT_EQ(c.stats().disk_rejects, 0u);
}


// ---- background compiles ------------------------------------------------------

using test::wait_ready;

TEST(KernelCacheAsync, ACompileBecomesReadyWithWhatCompileAnswers) {
  ScopedTempDir tmp;
  KernelCache cache(tmp / "kernels");
  const auto pending = cache.compile_async(kKey, axpy_source("double"), "axpy", 90);
  ASSERT_TRUE(pending);
  ASSERT_TRUE(wait_ready(*pending));
  EXPECT_FALSE(pending->failed()) << pending->failure();
  EXPECT_EQ(pending->failure(), "");
  ASSERT_NE(pending->compiled(), nullptr);
  EXPECT_TRUE(is_elf(pending->compiled()->cubin));
  EXPECT_EQ(pending->kernel(), nullptr) << "compile_async loads nothing";
  EXPECT_GT(pending->compile_seconds(), 0.0);
  EXPECT_EQ(pending->compile_seconds(), pending->compiled()->compile_seconds);
  EXPECT_FALSE(pending->from_disk());
  // The synchronous call finds the same kernel in memory.
  EXPECT_EQ(&cache.compile(kKey, axpy_source("double"), "axpy", 90), pending->compiled());
  const auto s = cache.stats();
  EXPECT_EQ(s.misses, 1u);
  EXPECT_EQ(s.hits, 1u);
  EXPECT_EQ(s.disk_writes, 1u);
}

TEST(KernelCacheAsync, TheSameKeyGivesTheSameObject) {
  KernelCache cache(memory_only);
  const std::string source = axpy_source("double");
  const auto first = cache.compile_async(kKey, source, "axpy", 90);
  const auto again = cache.compile_async(kKey, source, "axpy", 90);  // while pending, likely
  EXPECT_EQ(first, again);
  const auto sm80 = cache.compile_async(kKey, source, "axpy", 80);
  const auto other = cache.compile_async(kKey + ":copy", source, "axpy", 90);
  EXPECT_NE(sm80, first);
  EXPECT_NE(other, first);
  ASSERT_TRUE(wait_ready(*first));
  EXPECT_EQ(cache.compile_async(kKey, source, "axpy", 90), first);  // and once done
  ASSERT_TRUE(wait_ready(*sm80));
  ASSERT_TRUE(wait_ready(*other));
  EXPECT_EQ(cache.stats().misses, 3u) << "one compile per (key, arch)";
  // Another source under a key already asked for is refused, as compile() refuses it.
  const auto e = error_of([&] { cache.compile_async(kKey, axpy_source("float"), "axpy", 90); });
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind(), ErrorKind::internal) << e->what();
}

TEST(KernelCacheAsync, ThreadsAskingForOneKeyShareOnePendingKernel) {
  KernelCache cache(memory_only);
  const std::string source = axpy_source("double");
  std::vector<std::shared_ptr<PendingKernel>> got(4);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < got.size(); ++t)
    threads.emplace_back([&, t] { got[t] = cache.compile_async(kKey, source, "axpy", 90); });
  for (auto& t : threads) t.join();
  for (const auto& p : got) EXPECT_EQ(p, got[0]);
  ASSERT_TRUE(wait_ready(*got[0]));
  EXPECT_EQ(cache.stats().misses, 1u);
}

TEST(KernelCacheAsync, WhatIsAlreadyCompiledIsReadyAtOnce) {
  KernelCache cache(memory_only);
  const auto& k = cache.compile(kKey, axpy_source("double"), "axpy", 90);
  const auto pending = cache.compile_async(kKey, axpy_source("double"), "axpy", 90);
  EXPECT_TRUE(pending->ready());
  EXPECT_EQ(pending->compiled(), &k);
  EXPECT_EQ(cache.stats().misses, 1u);
}

TEST(KernelCacheAsync, ACompileErrorIsReportedAndStaysFailed) {
  ScopedTempDir tmp;
  const std::string dir = tmp / "kernels";
  KernelCache cache(dir);
  std::string broken = axpy_source("float");
  broken.replace(broken.find("a * x[i]"), 8, "a * undeclared_thing");
  const auto pending = cache.compile_async("test:async:broken", broken, "axpy", 90);
  ASSERT_TRUE(wait_ready(*pending));
  EXPECT_TRUE(pending->failed());
  EXPECT_EQ(pending->compiled(), nullptr);
  EXPECT_EQ(pending->kernel(), nullptr);
  EXPECT_EQ(pending->compile_seconds(), 0.0);
  const std::string why = pending->failure();
  // Only the compiler log can have put the identifier into the message.
  EXPECT_NE(why.find("undeclared_thing"), std::string::npos) << why;
  EXPECT_NE(why.find("test:async:broken"), std::string::npos) << why;
  EXPECT_EQ(cache.stats().failures, 1u);
  // Final for this cache: the same failed object, no second compile.
  EXPECT_EQ(cache.compile_async("test:async:broken", broken, "axpy", 90), pending);
  EXPECT_EQ(cache.stats().misses, 1u);
  // Never written to disk: the directory holds no entry.
  EXPECT_TRUE(!fs::exists(dir) || list(dir).entries.empty());
}

TEST(KernelCacheAsync, AnEntryOnDiskMakesItFromDisk) {
  ScopedTempDir tmp;
  const std::string dir = tmp / "kernels";
  KernelCache(dir).compile(kKey, axpy_source("double"), "axpy", 90);
  KernelCache cache(dir);
  const auto pending = cache.compile_async(kKey, axpy_source("double"), "axpy", 90);
  ASSERT_TRUE(wait_ready(*pending));
  EXPECT_FALSE(pending->failed()) << pending->failure();
  EXPECT_TRUE(pending->from_disk());
  EXPECT_EQ(cache.stats().misses, 0u);
  EXPECT_EQ(cache.stats().disk_hits, 1u);
}

TEST(KernelCacheAsync, BadArgumentsThrowAtOnce) {
  KernelCache cache(memory_only);
  const std::string source = axpy_source("double");
  for (auto call :
       {+[](KernelCache& c, const std::string& s) { c.compile_async("", s, "axpy", 90); },
        +[](KernelCache& c, const std::string& s) { c.compile_async("k", s, "", 90); },
        +[](KernelCache& c, const std::string& s) { c.compile_async("k", s, "axpy", 0); },
        // Holds with and without a GPU: device_count() is never a device id.
        +[](KernelCache& c, const std::string& s) { c.get_async("k", s, "axpy", -1); },
        +[](KernelCache& c, const std::string& s) {
          c.get_async("k", s, "axpy", device_count());
        }}) {
    const auto e = error_of([&] { call(cache, source); });
    ASSERT_TRUE(e);
    EXPECT_EQ(e->kind(), ErrorKind::invalid_argument) << e->what();
  }
  EXPECT_EQ(cache.stats().misses, 0u);
}

TEST(KernelCacheAsync, TheDestructorWaitsForTheCompileInProgress) {
  // Destroyed at once, and after a pause (the first compile then surely
  // started): every request is over when the destructor returns, either done
  // (and its entry on disk sound) or failed as not started. Nothing is left
  // half-written.
  for (int pause_ms : {0, 0, 5, 50}) {
    SCOPED_TRACE(pause_ms);
    ScopedTempDir tmp;
    const std::string dir = tmp / "kernels";
    std::vector<std::shared_ptr<PendingKernel>> pending;
    {
      KernelCache cache(dir);
      pending.push_back(cache.compile_async(kKey, axpy_source("double"), "axpy", 90));
      pending.push_back(cache.compile_async(kKey, axpy_source("float"), "axpy", 80));
      std::this_thread::sleep_for(std::chrono::milliseconds(pause_ms));
    }
    std::size_t done = 0;
    for (const auto& p : pending) {
      ASSERT_TRUE(p->ready()) << "the destructor returned with a compile pending";
      if (p->failed())
        EXPECT_NE(p->failure().find("destroyed before"), std::string::npos) << p->failure();
      else
        ++done;
    }
    if (done > 0) {
      ASSERT_TRUE(fs::exists(dir));
      EXPECT_EQ(list(dir).entries.size(), done);
      EXPECT_TRUE(list(dir).others.empty()) << "a temporary file left behind";
      KernelCache reader(dir);
      if (!pending[0]->failed())
        EXPECT_TRUE(reader.compile(kKey, axpy_source("double"), "axpy", 90).from_disk);
      EXPECT_EQ(reader.stats().disk_rejects, 0u);
    }
  }
}

TEST(KernelCacheAsync, ACacheWithoutRequestsIsDestroyedAtOnce) {
  // No worker thread was started, so none is waited for.
  const auto start = std::chrono::steady_clock::now();
  { KernelCache cache(memory_only); }
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 1.0);
}

}  // namespace
}  // namespace aijadaptive
