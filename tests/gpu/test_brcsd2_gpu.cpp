// Format `brcsd2` on the GPU: the generic kernel against the host kernel on the
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
class Brcsd2Gpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (device_count() == 0) GTEST_SKIP() << "no GPU, brcsd2 GPU tests skipped: " << device_status();
  }
};
TYPED_TEST_SUITE(Brcsd2Gpu, test::TypePairs);

TYPED_TEST(Brcsd2Gpu, DeviceHalfAgainstTheHostAndTheGeneratedKernelAgainstTheGeneric) {
  test::check_diagonal_format_gpu<typename TypeParam::first_type, typename TypeParam::second_type>(FormatId::brcsd2);
}

TYPED_TEST(Brcsd2Gpu, ShortPiecesTheGeneratedKernelLoadsItsDescriptorsFor) {
  TuningParams params;
  params.set("brcsd2.piece_rows=32");
  test::check_diagonal_format_gpu<typename TypeParam::first_type, typename TypeParam::second_type>(FormatId::brcsd2,
                                                                                                  params);
}

TYPED_TEST(Brcsd2Gpu, ThroughTheAdaptiveMatrix) {
  test::check_diagonal_format_adaptive<typename TypeParam::first_type, typename TypeParam::second_type>(FormatId::brcsd2);
}

TYPED_TEST(Brcsd2Gpu, TheDeviceFillsItsValuesChunkByChunk) {
  test::check_diagonal_fill_gpu<typename TypeParam::first_type, typename TypeParam::second_type>(FormatId::brcsd2);
}

TYPED_TEST(Brcsd2Gpu, ASmallLayoutIsRefilledOnTheHost) {
  test::check_diagonal_refill_on_host_gpu<typename TypeParam::first_type, typename TypeParam::second_type>(
      FormatId::brcsd2);
}

}  // namespace
}  // namespace aijadaptive
