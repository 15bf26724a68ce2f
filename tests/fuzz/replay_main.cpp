// Runs files through a fuzz target's entry point without libFuzzer, so that
// every build (gcc, the sanitizer build of CI) replays the kept corpus and
// crash inputs in CTest: a bug the fuzzer once found stays fixed.
//
//   aijadaptive-fuzz-replay-<target> PATH...   (a file, or a folder of them)
//
// Names starting with '.' are skipped (.gitkeep). Exit status 1 when a path
// is missing or nothing was replayed; a failing input aborts (as under the fuzzer).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace fs = std::filesystem;

int main(int argc, char** argv) {
  std::vector<fs::path> files;
  for (int i = 1; i < argc; ++i) {
    const fs::path p(argv[i]);
    if (fs::is_directory(p)) {
      for (const fs::directory_entry& e : fs::directory_iterator(p))
        if (e.is_regular_file() && e.path().filename().string().rfind('.', 0) != 0) files.push_back(e.path());
    } else if (fs::is_regular_file(p)) {
      files.push_back(p);
    } else {
      std::fprintf(stderr, "replay: %s: no such file or folder\n", argv[i]);
      return 1;
    }
  }
  std::sort(files.begin(), files.end());  // the same order on every machine
  for (const fs::path& f : files) {
    std::ifstream in(f, std::ios::binary);
    const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in.good() && !in.eof()) {
      std::fprintf(stderr, "replay: %s: cannot read\n", f.c_str());
      return 1;
    }
    std::printf("replay: %s (%zu bytes)\n", f.c_str(), bytes.size());
    std::fflush(stdout);  // the last name printed is the input that failed
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  }
  std::printf("replayed %zu inputs\n", files.size());
  return files.empty() ? 1 : 0;
}
