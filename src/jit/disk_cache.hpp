// The kernel cache's CUBINs kept on disk, so that a second run of a program
// finds its generated kernels without NVRTC. Plain POSIX file I/O, no CUDA.
//
//   <directory>/<16 hex digits>.kernel     one entry per (key, source, name, arch, compiler)
//   <directory>/.tmp-<hex>-XXXXXX          an entry being written, renamed into place
//
// An entry (integers little-endian):
//   "AIJAKRNL"  magic, 8 bytes
//   u32 format version (kFormatVersion)      u32 arch
//   u64 key size     u64 name size     u64 compiler size
//   u64 FNV-1a of the source
//   u64 CUBIN size   u64 FNV-1a of the CUBIN
//   key, name, compiler (NVRTC version and options), then the CUBIN
// and nothing after it. Every field is checked on load; an entry that fails a
// check is "rejected": never loaded, recompiled and written again.
#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace aijadaptive::jit {

// 64-bit FNV-1a. Not a defence against anyone: it detects damage (a flipped
// bit, a torn write) and spreads file names. Who may write the directory is
// what its permissions decide (see DiskCache::prepare).
constexpr std::uint64_t kFnvOffset = 0xcbf29ce484222325ull;
std::uint64_t fnv1a64(const void* data, std::size_t size, std::uint64_t hash = kFnvOffset);

// Everything the CUBIN of an entry depends on.
struct EntryIdentity {
  std::string key;
  std::string source;
  std::string name;
  int arch = 0;
  std::string compiler;  // NVRTC's version and the options it was given
};

class DiskCache {
 public:
  static constexpr std::uint32_t kFormatVersion = 1;

  // `directory` empty: no disk cache. Nothing is touched until the first use.
  explicit DiskCache(std::string directory);
  DiskCache(const DiskCache&) = delete;
  DiskCache& operator=(const DiskCache&) = delete;

  // Creates the directory on first use (mode 0700) and checks it; false when
  // there is no usable directory, for the reason status() gives.
  bool usable() const;
  // "disk cache in <dir>" or "no disk cache: <why>".
  std::string status() const;
  const std::string& directory() const { return directory_; }
  std::string entry_path(const EntryIdentity& id) const;

  enum class Found { nothing, entry, rejected };
  struct Lookup {
    Found found = Found::nothing;
    std::vector<char> cubin;  // found == entry
    std::string why;          // found == rejected: what failed
  };
  Lookup load(const EntryIdentity& id) const;

  // Writes the entry through a temporary file and rename(): a reader, or
  // another process writing the same entry, sees the old file or the new one
  // and never half of one. Best effort: false and `why` when it fails.
  bool store(const EntryIdentity& id, const std::vector<char>& cubin, std::string& why) const;

 private:
  void prepare() const;

  std::string directory_;
  mutable std::once_flag prepared_;
  mutable bool usable_ = false;
  mutable std::string refusal_;  // why not usable_
};

}  // namespace aijadaptive::jit
