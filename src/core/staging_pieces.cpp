// The page-locked pieces of the staged copies (staged_upload.hpp), kept from
// one copy to the next within the process.
#include <mutex>
#include <utility>
#include <vector>

#include "core/staged_upload.hpp"

namespace aijadaptive::detail {

namespace {

struct KeptPieces {
  std::mutex mutex;
  std::vector<PinnedBuffer<unsigned char>> pieces;
};

KeptPieces& kept_pieces() {
  static KeptPieces* k = new KeptPieces;  // never destroyed: pieces may be given back during exit
  return *k;
}

}  // namespace

PinnedBuffer<unsigned char> take_staging_piece() {
  KeptPieces& k = kept_pieces();
  {
    const std::lock_guard<std::mutex> lock(k.mutex);
    if (!k.pieces.empty()) {
      PinnedBuffer<unsigned char> piece = std::move(k.pieces.back());
      k.pieces.pop_back();
      return piece;
    }
  }
  return PinnedBuffer<unsigned char>(kStagingPieceBytes);
}

void keep_staging_piece(PinnedBuffer<unsigned char>&& piece) noexcept {
  if (piece.bytes() != kStagingPieceBytes) return;
  KeptPieces& k = kept_pieces();
  const std::lock_guard<std::mutex> lock(k.mutex);
  if (k.pieces.size() >= kKeptStagingPieces) return;
  try {
    k.pieces.push_back(std::move(piece));
  } catch (...) {  // no room to keep it: it is freed with the caller's
  }
}

void release_staging_pieces() noexcept {
  std::vector<PinnedBuffer<unsigned char>> gone;
  KeptPieces& k = kept_pieces();
  const std::lock_guard<std::mutex> lock(k.mutex);
  gone.swap(k.pieces);
}

}  // namespace aijadaptive::detail
