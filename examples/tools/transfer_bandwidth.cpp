// Host<->device copy bandwidth of a vector-sized array, the three ways a host
// PETSc vector can reach the GPU: pageable (plain cudaMemcpy from malloc'ed
// memory), registered (the same array page-locked with cudaHostRegister) and
// staged (memcpy into a pinned buffer, then the copy); and pinned copies both
// ways at once (the bytes of both over the time). Used to choose the
// default of -mat_aijadaptive_host_transfer and to bound a streamed product. Usage: aijadaptive-transfer-bandwidth [MiB...]
#include <aijadaptive/device.hpp>
#include <aijadaptive/device_buffer.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace aijadaptive;

template <class F>
double median_seconds(F&& f, int reps) {
  std::vector<double> t;
  for (int r = 0; r < reps + 2; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    f();
    auto t1 = std::chrono::steady_clock::now();
    if (r >= 2) t.push_back(std::chrono::duration<double>(t1 - t0).count());  // 2 warm-ups
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

int main(int argc, char** argv) {
  if (device_count() == 0) {
    std::printf("no GPU: %s\n", device_status().c_str());
    return 77;
  }
  std::vector<double> sizes_mib = {8, 32, 128};
  if (argc > 1) sizes_mib.clear();
  for (int a = 1; a < argc; ++a) sizes_mib.push_back(std::atof(argv[a]));
  std::printf("%10s %12s %12s %12s %12s   (GB/s, host->device then device->host)\n", "MiB", "pageable", "registered",
              "staged", "pinned-only");
  for (double mib : sizes_mib) {
    const std::size_t bytes = std::size_t(mib * 1024 * 1024);
    std::vector<char> host(bytes, 1);
    DeviceBuffer<char> dev(bytes);
    PinnedBuffer<char> pinned(bytes);
    const int reps = 20;
    auto up = [&](const void* src) { copy_to_device(dev.data(), src, bytes, nullptr); synchronize(nullptr); };
    auto down = [&](void* dst) { copy_to_host(dst, dev.data(), bytes, nullptr); synchronize(nullptr); };
    const double gb = double(bytes) / 1e9;
    const double pu = gb / median_seconds([&] { up(host.data()); }, reps);
    const double pd = gb / median_seconds([&] { down(host.data()); }, reps);
    const double su = gb / median_seconds([&] { std::memcpy(pinned.data(), host.data(), bytes); up(pinned.data()); }, reps);
    const double sd = gb / median_seconds([&] { down(pinned.data()); std::memcpy(host.data(), pinned.data(), bytes); }, reps);
    const double ou = gb / median_seconds([&] { up(pinned.data()); }, reps);
    const double od = gb / median_seconds([&] { down(pinned.data()); }, reps);
    double ru = 0, rd = 0;
    {
      HostRegistration reg(host.data(), bytes);
      if (reg.ok()) {
        ru = gb / median_seconds([&] { up(host.data()); }, reps);
        rd = gb / median_seconds([&] { down(host.data()); }, reps);
      }
    }
    // Both directions at once, pinned arrays, two streams: what a streamed
    // product (x up while y comes down) can reach.
    PinnedBuffer<char> pinned_back(bytes);
    DeviceBuffer<char> dev_back(bytes);
    OwnedStream s_up, s_down;
    const double both = 2 * gb / median_seconds([&] {
      copy_to_device(dev.data(), pinned.data(), bytes, s_up.get());
      copy_to_host(pinned_back.data(), dev_back.data(), bytes, s_down.get());
      synchronize(s_up.get());
      synchronize(s_down.get());
    }, reps);
    std::printf("%10.0f %5.1f/%5.1f  %5.1f/%5.1f  %5.1f/%5.1f  %5.1f/%5.1f   both ways at once (pinned): %5.1f\n", mib,
                pu, pd, ru, rd, su, sd, ou, od, both);
  }
  return 0;
}
