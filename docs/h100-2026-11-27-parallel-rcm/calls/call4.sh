.runtime/s38/rt2 gen:fem:n=120; .runtime/s38/rt2 gen:fem:n=70; .runtime/s38/rt2 gen:fem:n=100,block=100000000
# rt2: calls/rcm-threads.cpp built against the core library of this commit (without the profile);
# rt (call 3): the same program with src/core/reordering.cpp compiled in from a copy with timers added.
