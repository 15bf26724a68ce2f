// Fuzz target of the CSR input check (check_csr, src/core/csr_view.cpp): the
// only guard between a caller's arrays (PETSc's, the benchmark's) and the
// analysis and formats, which trust what it accepts. The input bytes make a
// CSR matrix of either index type and precision: sizes, row pointers (as
// steps, some huge), columns (some outside the matrix), small integer values.
// What check_csr refuses must be refused with ErrorKind::invalid_argument;
// what it accepts is then run through everything that trusts it, on the
// host: the CSR reference product (plain and transpose), the analysis with
// and without RCM, and every format's host half (build, reference product,
// also behind the reordering), each result compared with a plain dense sum
// over the entries. A crash, sanitizer report, other exception or a wrong
// product is a bug.
#include <aijadaptive/analysis.hpp>
#include <aijadaptive/csr_view.hpp>
#include <aijadaptive/errors.hpp>
#include <aijadaptive/format.hpp>
#include <aijadaptive/formats/csr.hpp>
#include <aijadaptive/reordered_format.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace aija = aijadaptive;

namespace {

// Arrays longer than this are not made: such a matrix gets no column or value
// arrays at all (null), which check_csr must refuse.
constexpr std::int64_t kMostEntries = std::int64_t(1) << 16;
constexpr std::int64_t kMostRows = 4096;

// The input as a stream of small numbers; zeros once it runs out.
class Bytes {
 public:
  Bytes(const std::uint8_t* data, std::size_t size) : p_(data), end_(data + size) {}
  std::uint8_t u8() { return p_ < end_ ? *p_++ : 0; }
  std::int8_t s8() { return std::int8_t(u8()); }
  std::int16_t s16() { return std::int16_t(std::uint16_t(u8()) | std::uint16_t(u8()) << 8); }

 private:
  const std::uint8_t* p_;
  const std::uint8_t* end_;
};

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz_csr: %s\n", what.c_str());
  std::abort();
}

template <class I>
I clamp_index(std::int64_t v) {
  return I(std::max<std::int64_t>(std::numeric_limits<I>::min(), std::min<std::int64_t>(std::numeric_limits<I>::max(), v)));
}

// y = alpha * op(A) x + beta * y over the entries in double: the oracle.
template <class V, class I>
std::vector<double> dense_product(const aija::CsrView<V, I>& a, aija::Op op, double alpha, const std::vector<V>& x,
                                  double beta, const std::vector<V>& y0) {
  const bool plain = op == aija::Op::plain;
  std::vector<double> sum(std::size_t(plain ? a.rows : a.cols), 0.0);
  for (I i = 0; i < a.rows; ++i)
    for (I k = a.row_ptr[i]; k < a.row_ptr[i + 1]; ++k) {
      const I j = a.col_idx[k];
      if (plain)
        sum[std::size_t(i)] += double(a.values[k]) * double(x[std::size_t(j)]);
      else
        sum[std::size_t(j)] += double(a.values[k]) * double(x[std::size_t(i)]);
    }
  for (std::size_t r = 0; r < sum.size(); ++r) sum[r] = alpha * sum[r] + (beta == 0 ? 0.0 : beta * double(y0[r]));
  return sum;
}

// Every term is a small integer: exact in double whatever the order of the
// sums; float rounds past 2^24, hence the relative bound there.
template <class V>
void require_close(const std::vector<V>& y, const std::vector<double>& expected, const std::string& who) {
  const double tolerance = sizeof(V) == sizeof(double) ? 0.0 : 1e-6;
  double scale = 1;
  for (double e : expected) scale = std::max(scale, std::fabs(e));
  for (std::size_t r = 0; r < y.size(); ++r)
    if (!(std::fabs(double(y[r]) - expected[r]) <= tolerance * scale))
      fail(who + ": entry " + std::to_string(r) + " is " + std::to_string(double(y[r])) + ", expected " +
           std::to_string(expected[r]));
}

template <class V, class I>
void run_format(aija::HostFormat<V, I>& f, const aija::CsrView<V, I>& a, const std::vector<V>& x_plain,
                const std::vector<V>& x_transpose, const std::string& who) {
  try {
    f.build(a);
  } catch (const aija::Error& e) {
    if (e.kind() != aija::ErrorKind::unsupported) fail(who + ": build threw " + e.what());
    return;  // a diagonal format and a matrix that is not diagonal, ...
  }
  std::vector<V> y(std::size_t(a.rows), std::numeric_limits<V>::quiet_NaN());  // beta == 0 never reads y
  f.apply(aija::Op::plain, V(1), x_plain.data(), V(0), y.data());
  require_close(y, dense_product(a, aija::Op::plain, 1, x_plain, 0, y), who + " plain");
  if (!f.capabilities().transpose) return;
  std::vector<V> yt(std::size_t(a.cols), V(3));
  const std::vector<V> yt0 = yt;
  f.apply(aija::Op::transpose, V(2), x_transpose.data(), V(-1), yt.data());
  require_close(yt, dense_product(a, aija::Op::transpose, 2, x_transpose, -1, yt0), who + " transpose");
}

template <class V, class I>
void fuzz(Bytes& in) {
  // Sizes: mostly small, some negative (to be refused), columns up to 32767.
  const std::int64_t rows = std::min<std::int64_t>(in.s16(), kMostRows);
  const std::int64_t cols = in.s16();
  std::vector<I> row_ptr(std::size_t(std::max<std::int64_t>(rows, 0) + 1));
  std::int64_t p = in.s8();  // usually 0; anything else must be refused
  row_ptr[0] = clamp_index<I>(p);
  for (std::int64_t i = 1; i <= rows; ++i) {
    const std::int8_t step = in.s8();
    const std::int64_t most = std::numeric_limits<I>::max(), add = step == 127 ? 1000 : step;
    if (step == -128)
      p = most;  // an end no array has
    else
      p = add > 0 && p > most - add ? most : p + add;
    row_ptr[std::size_t(i)] = clamp_index<I>(p);
  }
  const std::int64_t nnz = rows > 0 ? std::int64_t(row_ptr[std::size_t(rows)]) : 0;
  const bool arrays = nnz >= 0 && nnz <= kMostEntries;
  std::vector<I> col_idx(arrays ? std::size_t(nnz) : 0);
  std::vector<V> values(col_idx.size());
  for (std::size_t k = 0; k < col_idx.size(); ++k) {
    const std::int16_t c = in.s16();
    col_idx[k] = c == -32768 ? std::numeric_limits<I>::max() : I(c);
    values[k] = V(in.s8());
  }
  const aija::CsrView<V, I> a{I(rows), I(cols), row_ptr.data(), arrays && nnz > 0 ? col_idx.data() : nullptr,
                              arrays && nnz > 0 ? values.data() : nullptr};
  try {
    aija::check_csr(a);
  } catch (const aija::Error& e) {
    if (e.kind() != aija::ErrorKind::invalid_argument) fail(std::string("check_csr threw ") + e.what());
    return;
  }
  if (!arrays) fail("check_csr accepted " + std::to_string(nnz) + " entries without their arrays");

  // Accepted: everything downstream must be safe and right.
  std::vector<V> x(static_cast<std::size_t>(cols)), xt(static_cast<std::size_t>(rows));
  for (V& v : x) v = V(in.s8());
  for (V& v : xt) v = V(in.s8());
  std::vector<V> y(std::size_t(rows), V(5));
  std::vector<V> y0 = y;
  aija::csr_reference_apply(a, aija::Op::plain, V(-2), x.data(), V(1), y.data());
  require_close(y, dense_product(a, aija::Op::plain, -2, x, 1, y0), "csr_reference_apply plain");
  std::vector<V> yt(std::size_t(cols), V(-1));
  y0 = yt;
  aija::csr_reference_apply(a, aija::Op::transpose, V(1), xt.data(), V(0), yt.data());
  require_close(yt, dense_product(a, aija::Op::transpose, 1, xt, 0, y0), "csr_reference_apply transpose");

  for (const aija::ReorderChoice reorder : {aija::ReorderChoice::automatic, aija::ReorderChoice::always}) {
    aija::Analysis<V, I> an;
    try {
      an = aija::analyse_matrix(a, aija::FormatChoice::automatic_choice(), reorder);
    } catch (const aija::Error& e) {
      fail(std::string("analyse_matrix threw ") + e.what());
    }
    aija::FormatContext context;
    context.device = aija::hopper_device_info();
    context.features = &an.features;
    for (const aija::FormatId id : aija::all_formats()) {
      const std::string name = aija::format_name(id);
      if (reorder == aija::ReorderChoice::automatic) {
        run_format(*aija::make_host_format<V, I>(id, context), a, x, xt, name);
      } else if (an.reordering) {
        // As the adaptive matrix builds it: the format on B = P A P^T, with the features of A.
        aija::FormatContext inner = context;
        inner.features = nullptr;
        aija::ReorderedHostFormat<V, I> f(an.reordering, aija::make_host_format<V, I>(id, inner));
        run_format(f, a, x, xt, name + " reordered");
      }
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Bytes in(data, size);
  const std::uint8_t types = in.u8();
  try {
    switch (types % 4) {
      case 0: fuzz<double, std::int32_t>(in); break;
      case 1: fuzz<double, std::int64_t>(in); break;
      case 2: fuzz<float, std::int32_t>(in); break;
      default: fuzz<float, std::int64_t>(in); break;
    }
  } catch (const std::exception& e) {
    fail(std::string("unexpected exception: ") + e.what());
  }
  return 0;
}
