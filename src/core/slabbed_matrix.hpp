// A matrix with 64-bit indices run as 32-bit ones (narrowed_indices.hpp):
// one AdaptiveMatrix with 32-bit indices per row slab, each choosing its own
// format. With one slab, every call is that matrix's own; with several, a
// product runs the slabs one after the other on one stream: the plain
// product writes each slab's rows of y, the transpose adds up the slabs'
// contributions to y (the first with the caller's beta, the others with 1).
// Host vectors then go to the device once for all the slabs.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "aijadaptive/adaptive_matrix.hpp"
#include "core/host_vectors.hpp"
#include "core/narrowed_indices.hpp"

namespace aijadaptive::detail {

template <class V>
class SlabbedMatrix {
 public:
  // `options` as the caller's matrix has them; its input is checked already.
  explicit SlabbedMatrix(MatrixOptions options);

  template <class I>
  void analyse(const CsrView<V, I>& a) {
    indices_.assign(a, options_.slab_max_nnz);
    analyse_slabs(a.values);
  }
  void upload();
  void refill(const V* values);  // the caller's whole values array
  void finish_background_work();
  bool built() const;
  // `stream` null: the first slab's own (see stream()).
  TransferBytes apply(Op op, V alpha, InputVector<V> x, V beta, OutputVector<V> y, const Stream* stream);

  // On the device when every slab is; the first slab's reason otherwise.
  Placement placement() const;
  const std::string& placement_reason() const;
  // The slabs' formats, "+" between different ones; their reasons and
  // skipped candidates, named by slab when there are several.
  const std::string& format_name() const;
  const std::string& selection_reason() const;
  const std::vector<SkippedCandidate>& skipped() const;
  std::vector<std::string> describe() const;
  const TuneRecord& tune_record() const;  // the first slab's
  const ProductGraphStats& product_graph_stats() const;  // the first slab's
  bool tuning() const;
  bool reordered() const;
  OrderKind order_kind() const;  // of the first reordered slab
  bool transpose_fallback_built() const;
  // The sizes and row lengths of the whole matrix; the rest the first slab's.
  const Features& features() const;
  std::size_t device_bytes() const;
  int device() const;
  Stream stream() const;

 private:
  void analyse_slabs(const V* values);
  TransferBytes apply_slabs(Op op, V alpha, InputVector<V> x, V beta, OutputVector<V> y, Stream s);
  bool single() const { return slabs_.size() == 1; }

  MatrixOptions options_;
  NarrowedIndices<V> indices_;
  std::vector<std::unique_ptr<AdaptiveMatrix<V, std::int32_t>>> slabs_;
  Features features_;  // the whole matrix's, with several slabs
  HostVectorStaging<V> staging_;  // with several slabs, the device copies of host vectors
  // The combined answers of the const queries, made when asked: a slab's
  // format may change after a build (its tuning, a fallback).
  mutable std::string placement_reason_, format_name_, selection_reason_;
  mutable std::vector<SkippedCandidate> skipped_;
};

}  // namespace aijadaptive::detail
