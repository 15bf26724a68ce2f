// Format `dia`: one row piece holding every diagonal of the matrix.
#include "aijadaptive/formats/dia.hpp"
#include "aijadaptive/instantiate.hpp"
#include "diagonal/tuning.hpp"

namespace aijadaptive {

const std::vector<ParamSpec>& dia_params() {
  static const std::vector<ParamSpec> specs = {
      integer_param("block_threads", "threads per block, one row each", 32, 1024, diagonal_tuning::kBlockThreads, 32),
      diagonal_tuning::refill_map_param(), diagonal_tuning::refill_on_host_param()};
  return specs;
}

template <class V, class I>
DiaHostFormat<V, I>::DiaHostFormat(const FormatContext& context)
    : DiagonalHostFormat<V, I>(FormatId::dia, context, int(context.params.integer(FormatId::dia, "block_threads"))) {}

template <class V, class I>
std::vector<DiagonalPieceSpec> DiaHostFormat<V, I>::cut(const CsrView<V, I>& a) const {
  if (a.rows == 0) return {};
  return {{0, a.rows, this->offsets_of(a)}};
}

template <class V, class I>
std::unique_ptr<HostFormat<V, I>> make_dia_host_format(const FormatContext& context) {
  return std::make_unique<DiaHostFormat<V, I>>(context);
}

#define AIJA_INSTANTIATE(V, I)       \
  template class DiaHostFormat<V, I>; \
  template std::unique_ptr<HostFormat<V, I>> make_dia_host_format<V, I>(const FormatContext&);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive
