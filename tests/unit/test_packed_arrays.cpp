// A format's arrays in one device allocation, the host ones sent with one
// copy when small (packed_arrays.hpp): the layout on the host, the arrays
// arriving in place on a GPU, packed or each on its own.
#include <aijadaptive/device.hpp>
#include <aijadaptive/packed_arrays.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "device_vectors.hpp"

namespace aijadaptive {
namespace {

using detail::PackedArrays;

TEST(PackedArrays, PartsFollowEachOtherOnAlignedBoundaries) {
  const std::vector<std::int32_t> three{1, 2, 3};
  PackedArrays arrays;
  const auto a = arrays.add(three.size(), three.data());
  const auto b = arrays.add<double>(33);  // 264 bytes: two boundaries
  const auto none = arrays.add<float>(0);
  const auto c = arrays.add<std::uint16_t>(1);
  EXPECT_EQ(a.offset, 0u);
  EXPECT_EQ(b.offset, PackedArrays::kAlignment);
  EXPECT_EQ(none.offset, 3 * PackedArrays::kAlignment);
  EXPECT_EQ(c.offset, 3 * PackedArrays::kAlignment);
  EXPECT_EQ(arrays.bytes(), 4 * PackedArrays::kAlignment);
  EXPECT_EQ(b.bytes(), 33 * sizeof(double));
  EXPECT_EQ(none.bytes(), 0u);
  EXPECT_TRUE(arrays.packs());
}

TEST(PackedArrays, OnlyHostArraysUpToTheLimitArePacked) {
  EXPECT_FALSE(PackedArrays().packs());  // nothing to send
  PackedArrays unsent;
  unsent.add<double>(1 << 20);
  EXPECT_FALSE(unsent.packs());
  const std::vector<char> limit(detail::kPackedCopyBytes), beyond(detail::kPackedCopyBytes + 1);
  PackedArrays at_limit, over_limit;
  at_limit.add(limit.size(), limit.data());
  over_limit.add(beyond.size(), beyond.data());
  EXPECT_TRUE(at_limit.packs());
  EXPECT_FALSE(over_limit.packs());
  // A pack with a small matrix's CSR arrays (PackedCsr) holds up to kPackedCsrCopyBytes, never more.
  EXPECT_TRUE(over_limit.with_limit(detail::kPackedCsrCopyBytes).packs());
  const std::vector<char> beyond_csr(detail::kPackedCsrCopyBytes + 1);
  PackedArrays clamped(2 * detail::kPackedCsrCopyBytes);
  clamped.add(beyond_csr.size(), beyond_csr.data());
  EXPECT_FALSE(clamped.packs());
  // Zeroed parts are sent as host arrays are: packed when they end within the limit.
  PackedArrays zeroed, zeroed_beyond;
  zeroed.add_zeroed<int>(4);
  zeroed_beyond.add<double>(1 << 20);
  zeroed_beyond.add_zeroed<int>(1);
  EXPECT_TRUE(zeroed.packs());
  EXPECT_FALSE(zeroed_beyond.packs());
}

TEST(PackedArrays, TheHostArraysArriveInPlacePackedOrEachOnItsOwn) {
  if (device_count() == 0) GTEST_SKIP() << "no GPU: " << device_status();
  const OwnedStream stream;
  // 20000 doubles: beyond a pack, within one with CSR arrays (page-locked then).
  for (const auto& [n, limit] : {std::pair{std::size_t(5), detail::kPackedCopyBytes},
                                 std::pair{std::size_t(20000), detail::kPackedCopyBytes},
                                 std::pair{std::size_t(20000), detail::kPackedCsrCopyBytes}}) {
    SCOPED_TRACE(std::to_string(n) + " doubles, packs up to " + std::to_string(limit) + " bytes");
    std::vector<std::int64_t> first(n / 2 + 1);
    std::vector<double> second(n);
    std::iota(first.begin(), first.end(), std::int64_t(-7));
    std::iota(second.begin(), second.end(), 0.5);
    PackedArrays arrays(limit);
    const auto a = arrays.add(first.size(), first.data());
    const auto gap = arrays.add<float>(n);  // not sent: between the sent ones
    const auto b = arrays.add(second.size(), second.data());
    const auto empty = arrays.add<int>(0);
    EXPECT_EQ(arrays.packs(), n == 5 || limit == detail::kPackedCsrCopyBytes);
    const DeviceBuffer<unsigned char> block = arrays.send(stream.get());
    EXPECT_EQ(block.bytes(), arrays.bytes());
    EXPECT_EQ(gap.in(block), reinterpret_cast<float*>(block.data() + gap.offset));
    EXPECT_EQ(empty.in(block), nullptr);  // an empty part points nowhere
    EXPECT_EQ(test::to_host(a.in(block), first.size(), stream.get()), first);
    EXPECT_EQ(test::to_host(b.in(block), second.size(), stream.get()), second);
  }
}

// Zeroed parts arrive as zeros, packed (set in the pack) or not (a memset on
// the device), in memory that held other bytes before: a freed array the
// process kept, handed out again for the block.
TEST(PackedArrays, ZeroedPartsArriveAsZerosPackedOrEachOnItsOwn) {
  if (device_count() == 0) GTEST_SKIP() << "no GPU: " << device_status();
  const OwnedStream stream;
  for (std::size_t n : {std::size_t(5), std::size_t(40000)}) {  // 40000 ints: beyond the pack
    const std::vector<std::int16_t> head{1, 2, 3};
    PackedArrays arrays;
    const auto a = arrays.add(head.size(), head.data());
    const auto zeros = arrays.add_zeroed<std::int32_t>(n);
    EXPECT_EQ(arrays.packs(), n == 5);
    release_device_resources();  // no kept array but the one below
    const void* dirty = nullptr;
    {
      const DeviceBuffer<unsigned char> junk(arrays.bytes());
      const std::vector<unsigned char> bytes(arrays.bytes(), 0xab);
      copy_to_device(junk.data(), bytes.data(), bytes.size(), stream.get());
      synchronize(stream.get());
      dirty = junk.data();
    }
    const DeviceBuffer<unsigned char> block = arrays.send(stream.get());
    ASSERT_EQ(static_cast<const void*>(block.data()), dirty) << "the block is not the array written before";
    EXPECT_EQ(test::to_host(a.in(block), head.size(), stream.get()), head);
    EXPECT_EQ(test::to_host(zeros.in(block), n, stream.get()), std::vector<std::int32_t>(n, 0));
  }
}

// Packs beyond kPageablePackBytes go through page-locked memory kept for the
// next send: sends one after the other on one stream, more of them than the
// packs kept and none waited for, each from host arrays overwritten as soon
// as it returns, all arrive as they were sent (a pack is written again only
// once its copy is through); and after the kept packs are released, sends
// make new ones.
TEST(PackedArrays, PacksSentBackToBackArriveAsSentAndTheHostArraysAreFreeAtOnce) {
  if (device_count() == 0) GTEST_SKIP() << "no GPU: " << device_status();
  const OwnedStream stream;
  // Two parts that end just within a pack.
  const std::size_t n = 2 * (detail::kPackedCopyBytes / 2 - PackedArrays::kAlignment) / sizeof(double);
  const int sends = 3 * int(detail::kKeptPinnedPacks);
  std::vector<double> first(n), second(n);
  std::vector<DeviceBuffer<unsigned char>> blocks;
  std::vector<detail::BlockPart<double>> a_parts, b_parts;
  for (int round = 0; round < 2; ++round) {
    blocks.clear();
    a_parts.clear();
    b_parts.clear();
    for (int k = 0; k < sends; ++k) {
      std::iota(first.begin(), first.end(), double(1000 * k));
      std::iota(second.begin(), second.end(), -double(1000 * k));
      PackedArrays arrays;
      a_parts.push_back(arrays.add(n / 2, first.data()));  // within one pack with the next
      b_parts.push_back(arrays.add(n / 2, second.data()));
      ASSERT_TRUE(arrays.packs());
      ASSERT_GT(arrays.bytes(), detail::kPageablePackBytes);
      blocks.push_back(arrays.send(stream.get()));
      std::fill(first.begin(), first.end(), -1.0);  // free once send() returns
      std::fill(second.begin(), second.end(), -1.0);
    }
    for (int k = 0; k < sends; ++k) {
      std::vector<double> want_a(n / 2), want_b(n / 2);
      std::iota(want_a.begin(), want_a.end(), double(1000 * k));
      std::iota(want_b.begin(), want_b.end(), -double(1000 * k));
      EXPECT_EQ(test::to_host(a_parts[std::size_t(k)].in(blocks[std::size_t(k)]), n / 2, stream.get()), want_a)
          << "send " << k << ", round " << round;
      EXPECT_EQ(test::to_host(b_parts[std::size_t(k)].in(blocks[std::size_t(k)]), n / 2, stream.get()), want_b)
          << "send " << k << ", round " << round;
    }
    detail::release_pinned_packs();
  }
}

}  // namespace
}  // namespace aijadaptive
