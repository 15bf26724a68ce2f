// The on-disk entries of the kernel cache (see disk_cache.hpp for the format).
#include "jit/disk_cache.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <system_error>
#include <vector>

#include "aijadaptive/kernel_cache.hpp"  // default_disk_cache_directory

namespace aijadaptive {

std::string default_disk_cache_directory() {
  // The XDG Base Directory specification: a relative XDG_CACHE_HOME is invalid
  // and ignored. No HOME: no disk cache rather than a guess (a service account
  // without a home must not scatter files over the working directory).
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg && xdg[0] == '/') return std::string(xdg) + "/aijadaptive";
  const char* home = std::getenv("HOME");
  if (home && home[0] == '/') return std::string(home) + "/.cache/aijadaptive";
  return {};
}

namespace jit {
namespace {

constexpr char kMagic[8] = {'A', 'I', 'J', 'A', 'K', 'R', 'N', 'L'};
constexpr std::size_t kHeaderSize = 8 + 4 + 4 + 8 * 6;
// CUBINs of generated SpMV kernels are tens of KiB; a file far larger is no
// entry of ours, and is not read into memory to find that out.
constexpr std::uint64_t kMaxEntrySize = std::uint64_t(256) << 20;

std::string errno_text(int error) { return std::error_code(error, std::generic_category()).message(); }

std::string hex(std::uint64_t v) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(v));
  return text;
}

// Closes a file descriptor on every path out.
class UniqueFd {
 public:
  explicit UniqueFd(int fd) : fd_(fd) {}
  ~UniqueFd() {
    if (fd_ >= 0) (void)::close(fd_);
  }
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;
  int get() const { return fd_; }
  // close() reports write-back errors that write() did not: a writer checks it.
  int close() {
    const int result = ::close(fd_);
    fd_ = -1;
    return result;
  }

 private:
  int fd_;
};

void put_u32(std::vector<char>& out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}
void put_u64(std::vector<char>& out, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}
std::uint64_t get_le(const char* p, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= std::uint64_t(static_cast<unsigned char>(p[i])) << (8 * i);
  return v;
}

std::uint64_t hash_string(const std::string& s, std::uint64_t seed = kFnvOffset) {
  return fnv1a64(s.data(), s.size(), seed);
}

std::vector<char> serialise(const EntryIdentity& id, const std::vector<char>& cubin) {
  std::vector<char> out(kMagic, kMagic + 8);
  out.reserve(kHeaderSize + id.key.size() + id.name.size() + id.compiler.size() + cubin.size());
  put_u32(out, DiskCache::kFormatVersion);
  put_u32(out, static_cast<std::uint32_t>(id.arch));
  put_u64(out, id.key.size());
  put_u64(out, id.name.size());
  put_u64(out, id.compiler.size());
  put_u64(out, hash_string(id.source));
  put_u64(out, cubin.size());
  put_u64(out, fnv1a64(cubin.data(), cubin.size()));
  for (const std::string* s : {&id.key, &id.name, &id.compiler}) out.insert(out.end(), s->begin(), s->end());
  out.insert(out.end(), cubin.begin(), cubin.end());
  return out;
}

// The CUBIN of `file` if it is the entry of `id`; otherwise why not, in `why`.
bool parse(const std::vector<char>& file, const EntryIdentity& id, std::vector<char>& cubin,
           std::string& why) {
  if (file.size() < kHeaderSize) {
    why = "truncated (" + std::to_string(file.size()) + " bytes, shorter than the header)";
    return false;
  }
  const char* p = file.data();
  if (std::memcmp(p, kMagic, 8) != 0) {
    why = "no kernel cache entry (bad magic)";
    return false;
  }
  const auto version = get_le(p + 8, 4);
  if (version != DiskCache::kFormatVersion) {
    why = "format version " + std::to_string(version) + ", this library writes " +
          std::to_string(DiskCache::kFormatVersion);
    return false;
  }
  const auto arch = get_le(p + 12, 4);
  const std::uint64_t key_size = get_le(p + 16, 8), name_size = get_le(p + 24, 8),
                      compiler_size = get_le(p + 32, 8), source_hash = get_le(p + 40, 8),
                      cubin_size = get_le(p + 48, 8), cubin_hash = get_le(p + 56, 8);
  // Each size is checked alone first, so that their sum cannot wrap around.
  const std::uint64_t body = file.size() - kHeaderSize;
  if (key_size > body || name_size > body || compiler_size > body || cubin_size > body ||
      key_size + name_size + compiler_size + cubin_size != body) {
    why = "sizes in the header do not add up to the file's " + std::to_string(file.size()) +
          " bytes (truncated or damaged)";
    return false;
  }
  const char* at = p + kHeaderSize;
  const auto field = [&at](std::uint64_t size) {
    std::string s(at, static_cast<std::size_t>(size));
    at += size;
    return s;
  };
  const std::string key = field(key_size), name = field(name_size), compiler = field(compiler_size);
  if (key != id.key || name != id.name || compiler != id.compiler ||
      arch != static_cast<std::uint64_t>(id.arch)) {
    why = "made for another kernel (stored key \"" + key + "\", kernel " + name + ", sm_" +
          std::to_string(arch) + ", " + compiler + ")";
    return false;
  }
  if (source_hash != hash_string(id.source)) {
    why = "made from another source under the same key";
    return false;
  }
  cubin.assign(at, at + cubin_size);
  if (fnv1a64(cubin.data(), cubin.size()) != cubin_hash) {
    why = "the CUBIN does not match its content hash (damaged)";
    return false;
  }
  return true;
}

// Reads all of `fd` (whose size fstat gave as `size`).
bool read_all(int fd, std::uint64_t size, std::vector<char>& out, std::string& why) {
  out.resize(static_cast<std::size_t>(size));
  std::size_t done = 0;
  while (done < out.size()) {
    const ssize_t n = ::read(fd, out.data() + done, out.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      why = "read failed: " + errno_text(errno);
      return false;
    }
    if (n == 0) break;  // shrunk since fstat: parse() calls it truncated
    done += static_cast<std::size_t>(n);
  }
  out.resize(done);
  return true;
}

bool write_all(int fd, const std::vector<char>& data, std::string& why) {
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      why = "write failed: " + errno_text(n < 0 ? errno : EIO);
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace

std::uint64_t fnv1a64(const void* data, std::size_t size, std::uint64_t hash) {
  const auto* bytes = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < size; ++i) {
    hash ^= bytes[i];
    hash *= 0x100000001b3ull;  // the 64-bit FNV prime
  }
  return hash;
}

DiskCache::DiskCache(std::string directory) : directory_(std::move(directory)) {
  while (directory_.size() > 1 && directory_.back() == '/') directory_.pop_back();
}

// The entries are machine code that this process loads and runs on the GPU:
// whoever can write the directory can make us run their code, so it must be
// ours and closed to everybody else (0700, as the XDG specification asks of
// its base directories). A directory that is not, e.g. made by another user in
// a shared /tmp, or opened up to a group, is left alone and the cache goes
// without a disk: slower, never unsafe. A symbolic link is refused too, since
// its target is what would have to be checked.
void DiskCache::prepare() const {
  std::call_once(prepared_, [this] {
    if (directory_.empty()) {
      refusal_ = "disabled (no cache directory: XDG_CACHE_HOME and HOME unset, or an empty path)";
      return;
    }
    // The parents (e.g. ~/.cache) are made as XDG asks, 0700; existing ones are
    // not judged: only the last directory holds our files.
    for (std::size_t slash = directory_.find('/', 1); slash != std::string::npos;
         slash = directory_.find('/', slash + 1))
      (void)::mkdir(directory_.substr(0, slash).c_str(), 0700);
    if (::mkdir(directory_.c_str(), 0700) != 0 && errno != EEXIST) {
      refusal_ = "cannot create " + directory_ + ": " + errno_text(errno);
      return;
    }
    struct stat st {};
    if (::lstat(directory_.c_str(), &st) != 0) {
      refusal_ = "cannot inspect " + directory_ + ": " + errno_text(errno);
      return;
    }
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(st.st_mode & 07777));
    if (!S_ISDIR(st.st_mode))
      refusal_ = directory_ + " is not a directory (or a symbolic link)";
    else if (st.st_uid != ::geteuid())
      refusal_ = directory_ + " belongs to user " + std::to_string(st.st_uid) + ", not to us (" +
                 std::to_string(::geteuid()) + "); others must not supply the code we run";
    else if ((st.st_mode & 077) != 0)
      refusal_ = directory_ + " has mode " + mode +
                 ": others could supply the code we run; the kernel cache wants 0700";
    else
      usable_ = true;
  });
}

bool DiskCache::usable() const {
  prepare();
  return usable_;
}

std::string DiskCache::status() const {
  return usable() ? "disk cache in " + directory_ : "no disk cache: " + refusal_;
}

std::string DiskCache::entry_path(const EntryIdentity& id) const {
  // Each part is hashed with its length in front, so that ("ab", "c") and
  // ("a", "bc") name different files; the format version is in, so that two
  // library versions sharing a directory do not overwrite each other's entries.
  std::uint64_t h = kFnvOffset;
  const auto add = [&h](const std::string& s) {
    const std::uint64_t size = s.size();
    h = fnv1a64(&size, sizeof size, h);
    h = fnv1a64(s.data(), s.size(), h);
  };
  add(std::to_string(kFormatVersion));
  add(id.key);
  add(id.source);
  add(id.name);
  add(std::to_string(id.arch));
  add(id.compiler);
  return directory_ + "/" + hex(h) + ".kernel";
}

DiskCache::Lookup DiskCache::load(const EntryIdentity& id) const {
  Lookup result;
  if (!usable()) return result;
  const std::string path = entry_path(id);
  // O_NOFOLLOW: the directory is ours, so a link in it is no entry of ours.
  UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW));
  const auto reject = [&](std::string why) {
    result.found = Found::rejected;
    result.why = path + ": " + std::move(why);
    result.cubin.clear();
    return result;
  };
  if (fd.get() < 0) {
    if (errno == ENOENT) return result;
    return reject("cannot open: " + errno_text(errno));
  }
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) return reject("cannot inspect: " + errno_text(errno));
  if (!S_ISREG(st.st_mode)) return reject("not a regular file");
  if (st.st_uid != ::geteuid()) return reject("belongs to another user");
  if (static_cast<std::uint64_t>(st.st_size) > kMaxEntrySize)
    return reject("too large for an entry (" + std::to_string(st.st_size) + " bytes)");
  std::vector<char> file;
  std::string why;
  if (!read_all(fd.get(), static_cast<std::uint64_t>(st.st_size), file, why)) return reject(why);
  if (!parse(file, id, result.cubin, why)) return reject(why);
  result.found = Found::entry;
  return result;
}

bool DiskCache::store(const EntryIdentity& id, const std::vector<char>& cubin,
                      std::string& why) const {
  if (!usable()) {
    why = refusal_;
    return false;
  }
  const std::string path = entry_path(id);
  // In the same directory, hence on the same file system: rename() is atomic
  // only there. mkostemp makes the file with mode 0600 and a unique name, so
  // two writers of one entry never share a temporary file.
  std::string temporary =
      directory_ + "/.tmp-" + path.substr(directory_.size() + 1, 16) + "-XXXXXX";
  UniqueFd fd(::mkostemp(temporary.data(), O_CLOEXEC));
  if (fd.get() < 0) {
    why = "cannot create a temporary file in " + directory_ + ": " + errno_text(errno);
    return false;
  }
  // No fsync: an entry torn by a crash is caught by the checks of load() and
  // written again, so durability is not worth a disk flush per kernel.
  bool ok = write_all(fd.get(), serialise(id, cubin), why);
  if (fd.close() != 0 && ok) {
    why = "close failed: " + errno_text(errno);
    ok = false;
  }
  if (ok && ::rename(temporary.c_str(), path.c_str()) != 0) {
    why = "rename to " + path + " failed: " + errno_text(errno);
    ok = false;
  }
  if (!ok) {
    (void)::unlink(temporary.c_str());
    why = path + ": " + why;
  }
  return ok;
}

}  // namespace jit
}  // namespace aijadaptive
