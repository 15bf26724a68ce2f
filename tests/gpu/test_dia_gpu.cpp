// Format `dia` on the GPU: the generic kernel against the host kernel on the
// shared test matrices, the generated kernel bit for bit against the generic
// one, the transpose, a small layout's refill on the host, through the adaptive
// matrix (tests/common/diagonal_gpu_checks.hpp).
#include <aijadaptive/device.hpp>
#include <gtest/gtest.h>

#include "diagonal_gpu_checks.hpp"
#include "type_pairs.hpp"

namespace aijadaptive {
namespace {

template <class P>
class DiaGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (device_count() == 0) GTEST_SKIP() << "no GPU, dia GPU tests skipped: " << device_status();
  }
};
TYPED_TEST_SUITE(DiaGpu, test::TypePairs);

TYPED_TEST(DiaGpu, DeviceHalfAgainstTheHostAndTheGeneratedKernelAgainstTheGeneric) {
  test::check_diagonal_format_gpu<typename TypeParam::first_type, typename TypeParam::second_type>(FormatId::dia);
}

// Blocks of more than 256 threads: the generic kernel's narrowest chunks
// only, on the lists of 12, 27 and 41 diagonals too.
TYPED_TEST(DiaGpu, BlocksOf512ThreadsTakeTheNarrowestChunks) {
  TuningParams params;
  params.set("dia.block_threads=512");
  test::check_diagonal_format_gpu<typename TypeParam::first_type, typename TypeParam::second_type>(FormatId::dia,
                                                                                                params);
}

TYPED_TEST(DiaGpu, ThroughTheAdaptiveMatrix) {
  test::check_diagonal_format_adaptive<typename TypeParam::first_type, typename TypeParam::second_type>(FormatId::dia);
}

TYPED_TEST(DiaGpu, TheDeviceFillsItsValuesChunkByChunk) {
  test::check_diagonal_fill_gpu<typename TypeParam::first_type, typename TypeParam::second_type>(FormatId::dia);
}

TYPED_TEST(DiaGpu, ASmallLayoutIsRefilledOnTheHost) {
  test::check_diagonal_refill_on_host_gpu<typename TypeParam::first_type, typename TypeParam::second_type>(
      FormatId::dia);
}

}  // namespace
}  // namespace aijadaptive
