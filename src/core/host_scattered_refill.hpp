// A small layout's refill without a fill kernel: the host puts each new value
// in its slot of a host image of the layout's values (each entry's slot found
// once, at the first refill) and sends the image with one copy. On a small
// matrix the fill kernel's launch and the wait for it cost as much as the
// copy of the values itself: the values alone are the bar of a refill (issue
// 13), and this path is that copy plus a pass over the values on the host
// (docs/h200-2026-11-28-host-refill). The image is pageable: a page-locked
// one crossed faster from 3k entries on, but making it cost about a
// millisecond, once per matrix or once per process.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "aijadaptive/device.hpp"

namespace aijadaptive::detail {

template <class V>
class HostScatteredRefill {
 public:
  // slot_of_entry[e]: the slot of CSR entry e among `slots`; the slots no
  // entry has are padding, zero as on the device.
  HostScatteredRefill(std::vector<std::uint32_t> slot_of_entry, std::size_t slots)
      : slot_of_entry_(std::move(slot_of_entry)), image_(slots, V(0)) {}

  // The caller's CSR values into their slots, sent to the device's values at
  // `to` on `stream`. Returns when the image may be written again (a
  // pageable copy has taken it by then); the caller synchronises before the
  // values are read elsewhere.
  void send(const V* values, V* to, Stream stream) {
    const std::size_t n = slot_of_entry_.size();
    const std::uint32_t* slot = slot_of_entry_.data();
    V* image = image_.data();
    for (std::size_t e = 0; e < n; ++e) image[slot[e]] = values[e];
    copy_to_device(to, image, image_.size() * sizeof(V), stream);
  }

 private:
  std::vector<std::uint32_t> slot_of_entry_;
  std::vector<V> image_;
};

}  // namespace aijadaptive::detail
