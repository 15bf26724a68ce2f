// The page-locked packs of send_pieces (packed_arrays.hpp), kept from one
// send to the next within the process.
#include <deque>
#include <mutex>
#include <utility>

#include "aijadaptive/packed_arrays.hpp"

namespace aijadaptive::detail {

namespace {

struct KeptPacks {
  std::mutex mutex;
  std::deque<PinnedPack> packs;  // the oldest first
};

KeptPacks& kept_packs() {
  static KeptPacks* k = new KeptPacks;  // never destroyed: packs may be given back during exit
  return *k;
}

PinnedPack new_pack(int device) {
  PinnedPack pack;
  pack.device = device;
  pack.bytes = PinnedBuffer<unsigned char>(kPinnedPackBytes);
  pack.sent = std::make_unique<OwnedEvent>();
  return pack;
}

}  // namespace

PinnedPack take_pinned_pack() {
  const int device = current_device();
  KeptPacks& k = kept_packs();
  std::unique_lock<std::mutex> lock(k.mutex);
  auto oldest = k.packs.end();
  for (auto it = k.packs.begin(); it != k.packs.end(); ++it) {
    if (it->device != device) continue;
    if (it->sent->done()) {
      PinnedPack pack = std::move(*it);
      k.packs.erase(it);
      return pack;
    }
    if (oldest == k.packs.end()) oldest = it;
  }
  // None is done: a new one while fewer than the most are kept, else the
  // oldest of this device once its copy is through.
  if (oldest == k.packs.end() || k.packs.size() < kKeptPinnedPacks) {
    lock.unlock();
    return new_pack(device);
  }
  PinnedPack pack = std::move(*oldest);
  k.packs.erase(oldest);
  lock.unlock();
  pack.sent->synchronize();
  return pack;
}

void keep_pinned_pack(PinnedPack&& pack) noexcept {
  if (!pack.sent) return;  // moved from
  {
    KeptPacks& k = kept_packs();
    const std::lock_guard<std::mutex> lock(k.mutex);
    if (k.packs.size() < kKeptPinnedPacks) {
      try {
        k.packs.push_back(std::move(pack));
        return;
      } catch (...) {  // no room to keep it: freed below
      }
    }
  }
  try {
    pack.sent->synchronize();  // before its memory goes
  } catch (...) {
  }
}

void release_pinned_packs() noexcept {
  std::deque<PinnedPack> gone;
  KeptPacks& k = kept_packs();
  {
    const std::lock_guard<std::mutex> lock(k.mutex);
    gone.swap(k.packs);
  }
  for (PinnedPack& p : gone) try {
      p.sent->synchronize();
    } catch (...) {
    }
}

}  // namespace aijadaptive::detail
