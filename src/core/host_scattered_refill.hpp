// A small layout's refill without a fill kernel: the host puts each new value
// in its slot of a host copy of the layout's values (each entry's slot found
// once, at the first refill) and sends the copy with one transfer. On a small
// matrix the fill kernel's launch and the wait for it cost as much as the copy
// of the values itself (docs/h200-2026-11-28-host-refill): the values alone
// are the bar of a refill (issue 13), and this path is that copy plus a pass
// over the values on the host.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "aijadaptive/device.hpp"
#include "aijadaptive/device_buffer.hpp"

namespace aijadaptive::detail {

template <class V>
class HostScatteredRefill {
 public:
  // slot_of_entry[e]: the slot of CSR entry e among `slots` (the padding's
  // slots hold zero, as on the device).
  HostScatteredRefill(std::vector<std::uint32_t> slot_of_entry, std::size_t slots)
      : slot_of_entry_(std::move(slot_of_entry)), staged_(slots) {
    std::fill(staged_.data(), staged_.data() + slots, V(0));
  }

  // The caller's CSR values into their slots, sent to the device's `slots`
  // values at `to` on `stream`; returns once they have arrived. The host copy
  // is page-locked: its transfer is the device's own (a pageable one is
  // staged by the driver first).
  void send(const V* values, V* to, Stream stream) {
    const std::size_t n = slot_of_entry_.size();
    const std::uint32_t* slot = slot_of_entry_.data();
    V* staged = staged_.data();
    for (std::size_t e = 0; e < n; ++e) staged[slot[e]] = values[e];
    copy_to_device(to, staged, staged_.bytes(), stream);
    synchronize(stream);  // before the host copy is written again
  }

  std::size_t host_bytes() const { return slot_of_entry_.size() * sizeof(std::uint32_t) + staged_.bytes(); }

 private:
  std::vector<std::uint32_t> slot_of_entry_;
  PinnedBuffer<V> staged_;
};

}  // namespace aijadaptive::detail
