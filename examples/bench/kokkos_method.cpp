// Kokkos Kernels baseline: KokkosSparse::spmv (builds that found Kokkos Kernels).
//
// Runs in host mode on Kokkos's default host execution space. Debian's
// libtrilinos-kokkos-kernels-dev (Trilinos 13.2) is built with the Serial
// backend only, so there is no GPU Kokkos to compare against there; a Kokkos
// with a CUDA backend would need its execution space bound to the benchmark's
// stream for the event timing to see its kernels, which is not done here.
#include <Kokkos_Core.hpp>
#include <KokkosSparse_CrsMatrix.hpp>
#include <KokkosSparse_spmv.hpp>

#include <cstdlib>

#include <aijadaptive/instantiate.hpp>

#include "methods.hpp"
#include "timing.hpp"

namespace aijadaptive::bench {

namespace {

using HostSpace = Kokkos::DefaultHostExecutionSpace;

void ensure_kokkos() {
  static const bool started = [] {
    if (!Kokkos::is_initialized()) {
      Kokkos::initialize();
      // Every view lives in a method that is gone before exit.
      std::atexit([] { Kokkos::finalize(); });
    }
    return true;
  }();
  (void)started;
}

template <class V, class I>
class KokkosMethod final : public Method<V, I> {
  using Matrix = KokkosSparse::CrsMatrix<V, I, HostSpace, void, I>;
  template <class T>
  using Unmanaged = Kokkos::View<T*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

 public:
  SetupTimes prepare(const CsrView<V, I>& a, const Vectors<V>& v, Stream) override {
    SetupTimes t;
    t.upload_s = seconds_of([&] {
      typename Matrix::row_map_type::non_const_type row_map("row_map", std::size_t(a.rows) + 1);
      typename Matrix::index_type::non_const_type entries("entries", std::size_t(a.nnz()));
      typename Matrix::values_type::non_const_type values("values", std::size_t(a.nnz()));
      Kokkos::deep_copy(row_map, Unmanaged<const I>(a.row_ptr, std::size_t(a.rows) + 1));
      Kokkos::deep_copy(entries, Unmanaged<const I>(a.col_idx, std::size_t(a.nnz())));
      Kokkos::deep_copy(values, Unmanaged<const V>(a.values, std::size_t(a.nnz())));
      matrix_ = Matrix("A", a.rows, a.cols, a.nnz(), values, row_map, entries);
    });
    x_ = Unmanaged<const V>(v.host_x, std::size_t(a.cols));
    y_ = Unmanaged<V>(v.host_y, std::size_t(a.rows));
    bytes_ = (std::size_t(a.rows) + 1 + std::size_t(a.nnz())) * sizeof(I) + std::size_t(a.nnz()) * sizeof(V);
    return t;
  }

  Where where() const override { return Where::host; }

  void apply() override {
    KokkosSparse::spmv("N", V(1), matrix_, x_, V(0), y_);
    Kokkos::fence();
  }

  std::size_t storage_bytes() const override { return bytes_; }
  std::string note() const override { return std::string("Kokkos ") + HostSpace::name(); }

 private:
  Matrix matrix_;
  Unmanaged<const V> x_;
  Unmanaged<V> y_;
  std::size_t bytes_ = 0;
};

}  // namespace

bool kokkos_built() { return true; }

std::string kokkos_description() {
  return std::string("Kokkos Kernels; host execution space ") + HostSpace::name() +
         ", default execution space " + Kokkos::DefaultExecutionSpace::name();
}

// method_available() keeps it to host mode.
template <class V, class I>
std::unique_ptr<Method<V, I>> make_kokkos_method(bool, std::string*) {
  ensure_kokkos();
  return std::make_unique<KokkosMethod<V, I>>();
}

#define AIJA_INSTANTIATE(V, I) \
  template std::unique_ptr<Method<V, I>> make_kokkos_method<V, I>(bool, std::string*);
AIJA_FOR_EACH_TYPE_PAIR(AIJA_INSTANTIATE)

}  // namespace aijadaptive::bench
