// The CSR arrays sent to the GPU during the analysis (csr_prefetch.hpp): the
// copy itself, on a GPU or failing without one; the arrays a fill stages in
// transient memory when nothing was sent (DeviceCsrSource, TransientBuffer).
// The formats' use of them is in gpu/test_adaptive_matrix_gpu.cpp.
#include <aijadaptive/csr_prefetch.hpp>
#include <aijadaptive/device.hpp>
#include <aijadaptive/errors.hpp>
#include <aijadaptive/fault_injection.hpp>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <vector>

#include "device_vectors.hpp"
#include "random_csr.hpp"

namespace aijadaptive {
namespace {

TEST(CsrPrefetch, WithoutAGpuTheCopyFailsAndSaysWhyWithoutThrowing) {
  if (device_count() > 0) GTEST_SKIP() << "a GPU is present: the copy succeeds (see the next test)";
  const auto m = test::random_csr<double, std::int32_t>({500, 400, 0.02, 0.1, 1, 3});
  CsrPrefetch<double, std::int32_t> p(m.view(), 0);
  EXPECT_EQ(p.wait(), nullptr);
  EXPECT_FALSE(p.why_not().empty());
  EXPECT_FALSE(p.take().has_value());
  EXPECT_FALSE(p.used());
}

TEST(CsrPrefetch, TheArraysArriveWholeAndAreTakenOnce) {
  if (device_count() == 0) GTEST_SKIP() << "no GPU: " << device_status();
  for (double empty_rows : {0.0, 0.3}) {
    const auto m = test::random_csr<float, std::int64_t>({3000, 2500, 0.01, empty_rows, 2, 4});
    CsrPrefetch<float, std::int64_t> p(m.view(), current_device());
    EXPECT_TRUE(p.copies(m.view()));
    auto other = m.view();
    other.values = nullptr;
    EXPECT_FALSE(p.copies(other));
    const DeviceCsrArrays<float, std::int64_t>* d = p.wait();
    ASSERT_NE(d, nullptr) << p.why_not();
    EXPECT_TRUE(p.used());
    EXPECT_EQ(test::to_host(d->row_ptr), m.row_ptr);
    EXPECT_EQ(test::to_host(d->col_idx), m.col_idx);
    EXPECT_EQ(test::to_host(d->values), m.values);
    EXPECT_EQ(p.bytes(), d->row_ptr.bytes() + d->col_idx.bytes() + d->values.bytes());
    std::optional<DeviceCsrArrays<float, std::int64_t>> taken = p.take();
    ASSERT_TRUE(taken.has_value());
    EXPECT_EQ(test::to_host(taken->values), m.values);
    EXPECT_EQ(p.wait(), nullptr);  // taken: nothing left to read
    EXPECT_FALSE(p.take().has_value());
  }
}

TEST(CsrPrefetch, SmallArraysCrossThroughAPackInPiecesLargeOnesFromWhereTheyAre) {
  if (device_count() == 0) GTEST_SKIP() << "no GPU: " << device_status();
  // 4000 x 3000 at 1%: 1.4 MB of arrays; 1400 rows: 0.5 MB, its values
  // (0.33 MB) in two pieces.
  for (const int rows : {1400, 4000}) {
    const auto m = test::random_csr<double, std::int32_t>({rows, 3000, 0.01, 0.1, 1, 11});
    CsrPrefetch<double, std::int32_t> p(m.view(), current_device());
    const bool in_pack = p.bytes() <= kPackedPrefetchBytes;
    EXPECT_EQ(in_pack, rows == 1400) << p.bytes() << " bytes";
    EXPECT_EQ(p.staged_in_pack(), in_pack);
    // Each array in pieces of at most 256 KiB.
    const auto pieces_of = [](std::size_t bytes) { return (bytes + (std::size_t(256) << 10) - 1) >> 18; };
    const std::size_t expected = pieces_of(m.row_ptr.size() * 4) + pieces_of(m.values.size() * 8) +
                                 pieces_of(m.col_idx.size() * 4);
    EXPECT_EQ(p.pieces(), in_pack ? expected : 0u);
    if (in_pack) EXPECT_EQ(expected, 4u);
    EXPECT_LE(p.pieces_sent_by_caller(), p.pieces());
    const DeviceCsrArrays<double, std::int32_t>* d = p.wait();
    ASSERT_NE(d, nullptr) << p.why_not();
    EXPECT_EQ(test::to_host(d->row_ptr), m.row_ptr);
    EXPECT_EQ(test::to_host(d->col_idx), m.col_idx);
    EXPECT_EQ(test::to_host(d->values), m.values);
  }
}

TEST(CsrPrefetch, PiecesSentByTheCallerOrTheSetupThreadArriveWhole) {
  if (device_count() == 0) GTEST_SKIP() << "no GPU: " << device_status();
  // Many at once, more than the packs kept, each of several pieces: the
  // set-up thread takes a share of some (when it wakes before the caller is
  // through) and none of others; a pack is taken again only once both sides'
  // copies are through.
  std::vector<test::OwnedCsr<float, std::int32_t>> ms;
  std::vector<std::unique_ptr<CsrPrefetch<float, std::int32_t>>> ps;
  std::size_t by_caller = 0, pieces = 0;
  for (int k = 0; k < 8 * int(detail::kKeptPinnedPacks); ++k) {
    ms.push_back(test::random_csr<float, std::int32_t>({2000, 2000, 0.02, 0.1, 1, std::uint64_t(20 + k)}));
    ps.push_back(std::make_unique<CsrPrefetch<float, std::int32_t>>(ms.back().view(), current_device()));
    ASSERT_TRUE(ps.back()->staged_in_pack());
    by_caller += ps.back()->pieces_sent_by_caller();
    pieces += ps.back()->pieces();
    if (k % 3 == 2) ps[std::size_t(k) - 1].reset();  // some given up before their wait
  }
  for (std::size_t k = 0; k < ps.size(); ++k) {
    if (!ps[k]) continue;
    const auto* d = ps[k]->wait();
    ASSERT_NE(d, nullptr) << ps[k]->why_not();
    EXPECT_EQ(test::to_host(d->row_ptr), ms[k].row_ptr) << k;
    EXPECT_EQ(test::to_host(d->values), ms[k].values) << k;
    EXPECT_EQ(test::to_host(d->col_idx), ms[k].col_idx) << k;
  }
  std::printf("pieces sent by the caller: %zu of %zu\n", by_caller, pieces);
}

TEST(CsrPrefetch, AContextFindsOnlyThePrefetchOfItsOwnMatrixAndTypes) {
  const auto m = test::random_csr<double, std::int32_t>({50, 50, 0.1, 0, 0, 5});
  const auto other = test::random_csr<double, std::int32_t>({50, 50, 0.1, 0, 0, 6});
  auto p = std::make_shared<CsrPrefetch<double, std::int32_t>>(m.view(), device_count() > 0 ? current_device() : 0);
  FormatContext c;
  EXPECT_EQ(csr_prefetch_for(c.csr_prefetch, m.view()), nullptr);  // none started
  c.csr_prefetch = p;
  EXPECT_EQ(csr_prefetch_for(c.csr_prefetch, m.view()), p);
  EXPECT_EQ(csr_prefetch_for(c.csr_prefetch, other.view()), nullptr);
  const test::OwnedCsr<float, std::int32_t> f = test::random_csr<float, std::int32_t>({50, 50, 0.1, 0, 0, 5});
  EXPECT_EQ(csr_prefetch_for(c.csr_prefetch, f.view()), nullptr);  // other value type
  p.reset();
  EXPECT_EQ(csr_prefetch_for(c.csr_prefetch, m.view()), nullptr);  // released
}

TEST(TransientBuffer, WithoutAGpuOnlyAnEmptyOneCanBeMade) {
  if (device_count() > 0) GTEST_SKIP() << "a GPU is present";
  const TransientBuffer<double> empty(0, nullptr);
  EXPECT_EQ(empty.data(), nullptr);
  EXPECT_THROW(TransientBuffer<double>(10, nullptr), Error);
}

TEST(TransientBuffer, AFreedArrayIsKeptAndReusedInStreamOrder) {
  if (device_count() == 0) GTEST_SKIP() << "no GPU: " << device_status();
  release_device_resources();  // nothing kept from before
  const OwnedStream first_stream, second_stream;
  const std::size_t count = std::size_t(3) << 20;  // 24 MiB: more than the driver's chunks of small allocations
  std::vector<double> h(count, 2.5);
  void* first = nullptr;
  {
    TransientBuffer<double> a(count, first_stream.get());
    ASSERT_NE(a.data(), nullptr);
    first = a.data();
    copy_to_device(a.data(), h.data(), a.bytes(), first_stream.get());
    TransientBuffer<double> moved(std::move(a));
    EXPECT_EQ(a.data(), nullptr);
    EXPECT_EQ(static_cast<void*>(moved.data()), first);
    EXPECT_EQ(device_bytes_kept(), 0u);
  }  // freed with its copy perhaps still running
  const std::size_t large = count * sizeof(double), small = 10 * sizeof(double);
  EXPECT_EQ(device_bytes_kept(), large);
  {
    // A small request does not take a large array.
    const TransientBuffer<double> a(10, second_stream.get());
    EXPECT_NE(static_cast<void*>(a.data()), first);
    EXPECT_EQ(device_bytes_kept(), large);
  }
  EXPECT_EQ(device_bytes_kept(), large + small);
  {
    // Handed out again, on another stream: after the copy that used it.
    const TransientBuffer<double> again(count - 1000, second_stream.get());
    EXPECT_EQ(static_cast<void*>(again.data()), first);
    EXPECT_EQ(device_bytes_kept(), small);
    EXPECT_EQ(test::to_host(again.data(), 10, second_stream.get()), std::vector<double>(10, 2.5));
  }
  EXPECT_EQ(device_bytes_kept(), large + small);  // its true size, kept again
  {
    // More than the limit at once: given back, not kept.
    const TransientBuffer<unsigned char> a(kKeptDeviceBytes + 1, first_stream.get());
  }
  EXPECT_LE(device_bytes_kept(), kKeptDeviceBytes);
  // Out of device memory: what is kept is given back first.
  EXPECT_GT(device_bytes_kept(), 0u);
  EXPECT_THROW(DeviceBuffer<unsigned char>(std::size_t(1) << 50), Error);
  EXPECT_EQ(device_bytes_kept(), 0u);
  { const TransientBuffer<float> again(100, first_stream.get()); }
  EXPECT_GT(device_bytes_kept(), 0u);
  release_device_resources();
  EXPECT_EQ(device_bytes_kept(), 0u);
}

// A matrix's arrays freed are handed to the next one made (device_free keeps
// them), only once the work that used them is done.
TEST(DeviceBuffer, AFreedArrayIsHandedOutAgainAfterTheWorkThatUsedIt) {
  if (device_count() == 0) GTEST_SKIP() << "no GPU: " << device_status();
  release_device_resources();  // nothing kept from before
  const OwnedStream stream;
  const std::size_t count = std::size_t(1) << 20, bytes = count * sizeof(double);  // 8 MiB
  const std::vector<double> h(count, 1.5), g(count, -4.0);
  void* first = nullptr;
  {
    const DeviceBuffer<double> a(count);
    first = a.data();
    copy_to_device(a.data(), h.data(), a.bytes(), stream.get());
    EXPECT_EQ(device_bytes_kept(), 0u);
  }  // freed with its copy perhaps still running
  EXPECT_EQ(device_bytes_kept(), bytes);
  {
    // More than a quarter smaller: it would hold memory it does not use.
    const DeviceBuffer<double> half(count / 2);
    EXPECT_NE(static_cast<void*>(half.data()), first);
  }
  EXPECT_EQ(device_bytes_kept(), bytes + bytes / 2);
  {
    const DeviceBuffer<double> again(count - count / 8);
    EXPECT_EQ(static_cast<void*>(again.data()), first);
    EXPECT_EQ(device_bytes_kept(), bytes / 2);
    EXPECT_EQ(test::to_host(again.data(), count - count / 8, stream.get()),
              std::vector<double>(count - count / 8, 1.5));
    copy_to_device(again.data(), g.data(), again.bytes(), stream.get());
  }
  EXPECT_EQ(device_bytes_kept(), bytes + bytes / 2);  // its true size, kept again
  {
    // A transient array's goes to a device array once its stream is done with it.
    const TransientBuffer<double> t(count, stream.get());
    EXPECT_EQ(static_cast<void*>(t.data()), first);
    copy_to_device(t.data(), h.data(), t.bytes(), stream.get());
  }
  {
    const DeviceBuffer<double> d(count);
    EXPECT_EQ(static_cast<void*>(d.data()), first);
    EXPECT_EQ(test::to_host(d.data(), count, nullptr), h);
  }
  {
    const DeviceBuffer<unsigned char> large(kKeptDeviceBytes + 1);  // never kept
  }
  EXPECT_EQ(device_bytes_kept(), bytes + bytes / 2);
  release_device_resources();
  EXPECT_EQ(device_bytes_kept(), 0u);
}

// A matrix's stream is given back when it goes and taken by the next one
// made (OwnedStream::Reuse::kept), at most kKeptStreams of them; a stream
// made without Reuse::kept is never kept.
TEST(OwnedStream, AKeptStreamIsTakenAgainByTheNextOne) {
  if (device_count() == 0) GTEST_SKIP() << "no GPU: " << device_status();
  release_device_resources();  // nothing kept from before
  Stream first = nullptr;
  {
    const OwnedStream a(OwnedStream::Reuse::kept);
    first = a.get();
    const OwnedStream b(OwnedStream::Reuse::kept);  // none kept while a holds it: a new one
    EXPECT_NE(b.get(), first);
  }
  {
    const OwnedStream plain;  // a new one: the kept ones stay kept (not destroyed, so not made again)
    EXPECT_NE(plain.get(), first);
    const OwnedStream again(OwnedStream::Reuse::kept);
    const OwnedStream other(OwnedStream::Reuse::kept);
    EXPECT_TRUE(again.get() == first || other.get() == first);
    EXPECT_NE(again.get(), other.get());
    std::vector<double> h(1000, 2.5);
    const DeviceBuffer<double> d(h.size());
    copy_to_device(d.data(), h.data(), d.bytes(), again.get());  // usable as any stream
    EXPECT_EQ(test::to_host(d.data(), h.size(), again.get()), h);
  }
  {
    std::vector<std::unique_ptr<OwnedStream>> many;
    for (std::size_t k = 0; k < kKeptStreams + 3; ++k)
      many.push_back(std::make_unique<OwnedStream>(OwnedStream::Reuse::kept));
  }  // all given back: kKeptStreams kept, the rest destroyed
  std::vector<std::unique_ptr<OwnedStream>> taken;
  for (std::size_t k = 0; k < kKeptStreams; ++k)
    taken.push_back(std::make_unique<OwnedStream>(OwnedStream::Reuse::kept));
  taken.clear();
  release_device_resources();  // destroys the kept ones
  const OwnedStream fresh(OwnedStream::Reuse::kept);
  EXPECT_NE(fresh.get(), nullptr);
}

TEST(TransientBuffer, AnInjectedAllocationFailureIsAnOutOfMemoryError) {
  if (device_count() == 0) GTEST_SKIP() << "no GPU: " << device_status();
  const OwnedStream stream;
  faults::set_counting(true);
  faults::fail_nth(faults::Site::device_allocation, 1);
  try {
    TransientBuffer<float> a(1000, stream.get());
    ADD_FAILURE() << "the allocation should have failed";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::out_of_device_memory);
  }
  {
    const TransientBuffer<float> b(1000, stream.get());  // armed once: this one succeeds
    EXPECT_EQ(faults::counts().device_live_buffers, 1u);
  }
  synchronize(stream.get());
  EXPECT_EQ(faults::counts().device_live_buffers, 0u);
  faults::disarm_all();
  faults::set_counting(false);
}

TEST(DeviceCsrSource, StagesTheArraysWhenTheAnalysisSentNone) {
  if (device_count() == 0) GTEST_SKIP() << "no GPU: " << device_status();
  const OwnedStream stream;
  // A small matrix's arrays are packed into one copy (the host's arrays free
  // once it is enqueued), a larger one's sent each on its own.
  for (const auto& [rows, packed] : {std::pair{30, true}, std::pair{2000, false}}) {  // 2000: 290 KB of values
    const auto m = test::random_csr<double, std::int64_t>({rows, 900, 0.02, 0.2, 1, 8});
    for (bool columns : {true, false}) {
      const DeviceCsrSource<double, std::int64_t> source(m.view(), {}, stream.get(), columns);
      EXPECT_TRUE(source.staged());
      EXPECT_EQ(source.reads_host_arrays(), !packed) << rows << " rows";
      const DeviceCsrPointers<double, std::int64_t> d = source.arrays();
      EXPECT_EQ(test::to_host(d.row_ptr, m.row_ptr.size(), stream.get()), m.row_ptr);
      EXPECT_EQ(test::to_host(d.values, m.values.size(), stream.get()), m.values);
      if (columns)
        EXPECT_EQ(test::to_host(d.col_idx, m.col_idx.size(), stream.get()), m.col_idx);
      else
        EXPECT_EQ(d.col_idx, nullptr);
    }
  }
  // Sent by the analysis: read from there, nothing staged.
  const auto m = test::random_csr<double, std::int64_t>({700, 900, 0.02, 0.2, 1, 8});
  auto p = std::make_shared<CsrPrefetch<double, std::int64_t>>(m.view(), current_device());
  std::weak_ptr<CsrPrefetchBase> sent = p;
  const DeviceCsrSource<double, std::int64_t> source(m.view(), sent, stream.get(), true);
  EXPECT_FALSE(source.staged());
  EXPECT_FALSE(source.reads_host_arrays());
  EXPECT_EQ(source.arrays().values, p->wait()->values.data());
}

}  // namespace
}  // namespace aijadaptive
