// Reads a text file line by line, plain or gzip-compressed (zlib reads both
// transparently, so .mtx and .mtx.gz take the same path). Keeps the line
// number so that every complaint about the content can say where it is.
#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace aijadaptive::bench {

class LineReader {
 public:
  // Throws InputError "PATH: cannot open: ..." when the file cannot be read.
  explicit LineReader(const std::string& path);
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  // The next line without its end-of-line characters; false at the end of the
  // file. The view is valid until the next call. Throws InputError
  // "PATH:LINE: ..." on a read error (a truncated or corrupt .gz file).
  bool next(std::string_view& line);
  // The number of the line last returned (1-based; 0 before the first).
  long line_number() const { return line_number_; }
  const std::string& path() const { return path_; }
  // "PATH:LINE: " for messages.
  std::string where() const;

 private:
  struct Source;
  bool fill();  // reads more bytes; false at the end of the file

  std::string path_;
  std::unique_ptr<Source> source_;
  std::string buffer_;
  std::size_t begin_ = 0;  // start of the unread part of buffer_
  long line_number_ = 0;
  bool eof_ = false;
};

// Whether this build reads .gz files (zlib was found when it was configured).
bool gzip_supported();

}  // namespace aijadaptive::bench
