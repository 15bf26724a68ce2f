#include "aijadaptive/device.hpp"

namespace aijadaptive {

// Recording the mark on the old stream at the moment of the switch captures
// everything it was given before, our last call included; no event is
// recorded while the stream stays the same, so the usual case costs nothing.
void StreamFence::enter(Stream stream) {
  if (entered_ && stream == last_) return;
  if (entered_) {
    if (!event_) event_ = std::make_unique<OwnedEvent>();
    event_->record(last_);
    event_->wait_on(stream);
  }
  entered_ = true;
  last_ = stream;
}

}  // namespace aijadaptive
