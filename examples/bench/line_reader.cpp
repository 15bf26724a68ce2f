#include "line_reader.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "host_csr.hpp"

#if AIJA_BENCH_HAVE_ZLIB
#include <zlib.h>
#endif

namespace aijadaptive::bench {

namespace {
constexpr std::size_t kChunk = std::size_t(1) << 20;
// Longer than any line of a text matrix file: a binary file given by mistake
// (or a .gz that inflates to one endless line) stops here instead of being
// buffered whole.
constexpr std::size_t kMaxLine = std::size_t(64) << 20;

bool ends_with(const std::string& s, const char* suffix) {
  const std::size_t n = std::strlen(suffix);
  return s.size() >= n && s.compare(s.size() - n, n, suffix) == 0;
}
}  // namespace

// The byte source: zlib's gz* calls when available (they read uncompressed
// files as they are), stdio otherwise.
struct LineReader::Source {
#if AIJA_BENCH_HAVE_ZLIB
  gzFile file = nullptr;
  std::string path;
  ~Source() {
    if (file) gzclose(file);
  }
  bool open(const std::string& p) {
    path = p;
    file = gzopen(path.c_str(), "rb");
    if (file) gzbuffer(file, unsigned(kChunk));
    return file != nullptr;
  }
  // Bytes read, 0 at the end; throws with zlib's reason on an error. A
  // truncated stream is not an error for gzread (it reports the end of the
  // data it has, then 0), only for gzerror, hence the check at the end.
  std::size_t read(char* dst, std::size_t n, const std::string& where) {
    const int got = gzread(file, dst, unsigned(n));
    if (got > 0) return std::size_t(got);
    int code = Z_OK;
    const char* text = gzerror(file, &code);
    std::string why = text && *text ? text : "unknown zlib error";
    if (why.rfind(path + ": ", 0) == 0) why.erase(0, path.size() + 2);  // zlib prefixes the path
    if (got < 0 || code != Z_OK)
      throw InputError(where + "read error: " + why +
                       (code == Z_BUF_ERROR || code == Z_DATA_ERROR ? " (truncated or corrupt .gz file)" : ""));
    return 0;
  }
#else
  std::FILE* file = nullptr;
  ~Source() {
    if (file) std::fclose(file);
  }
  bool open(const std::string& path) {
    file = std::fopen(path.c_str(), "rb");
    return file != nullptr;
  }
  std::size_t read(char* dst, std::size_t n, const std::string& where) {
    const std::size_t got = std::fread(dst, 1, n, file);
    if (got == 0 && std::ferror(file)) throw InputError(where + "read error");
    return got;
  }
#endif
};

bool gzip_supported() { return AIJA_BENCH_HAVE_ZLIB != 0; }

LineReader::LineReader(const std::string& path) : path_(path), source_(std::make_unique<Source>()) {
  if (!gzip_supported() && ends_with(path, ".gz"))
    throw InputError(path + ": cannot read .gz files: this build has no zlib "
                            "(install zlib1g-dev and reconfigure)");
  errno = 0;
  if (!source_->open(path))
    throw InputError(path + ": cannot open: " + (errno ? std::strerror(errno) : "unknown error"));
}

LineReader::~LineReader() = default;

std::string LineReader::where() const { return path_ + ":" + std::to_string(line_number_) + ": "; }

bool LineReader::fill() {
  if (eof_) return false;
  buffer_.erase(0, begin_);  // keep the unfinished line at the front
  begin_ = 0;
  const std::size_t old = buffer_.size();
  buffer_.resize(old + kChunk);
  // A read error belongs to the line being read, hence line_number_ + 1.
  const std::string at = path_ + ":" + std::to_string(line_number_ + 1) + ": ";
  const std::size_t got = source_->read(buffer_.data() + old, kChunk, at);
  buffer_.resize(old + got);
  eof_ = got == 0;
  return got > 0;
}

bool LineReader::next(std::string_view& line) {
  std::size_t scanned = 0;  // bytes of this line already searched for its end
  for (;;) {
    const std::size_t nl = buffer_.find('\n', begin_ + scanned);
    scanned = buffer_.size() - begin_;  // fill() keeps them at the front
    if (nl != std::string::npos) {
      line = std::string_view(buffer_).substr(begin_, nl - begin_);
      begin_ = nl + 1;
      break;
    }
    if (buffer_.size() - begin_ > kMaxLine)
      throw InputError(path_ + ":" + std::to_string(line_number_ + 1) + ": a line longer than " +
                       std::to_string(kMaxLine >> 20) + " MiB: not a text matrix file?");
    if (!fill()) {
      if (begin_ >= buffer_.size()) return false;
      line = std::string_view(buffer_).substr(begin_);  // last line without '\n'
      begin_ = buffer_.size();
      break;
    }
  }
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  ++line_number_;
  return true;
}

}  // namespace aijadaptive::bench
