#include "runner.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <optional>
#include <sstream>
#include <tuple>
#include <utility>

#include <aijadaptive/analysis.hpp>
#include <aijadaptive/device.hpp>
#include <aijadaptive/device_buffer.hpp>
#include <aijadaptive/errors.hpp>
#include <aijadaptive/formats/csr.hpp>
#include <aijadaptive/reordering.hpp>
#include <aijadaptive/scalar.hpp>

#include <complex>

#include "values.hpp"

namespace aijadaptive::bench {

std::size_t value_size(const RunConfig& c) {
  return (c.precision == Precision::double_ ? 8 : 4) * (c.complex_values ? 2 : 1);
}
std::size_t index_size(const RunConfig& c) { return c.index_bits == 64 ? 8 : 4; }

// Double: the dyadic generated matrices match exactly, real ones to a few
// ulps times the row length. Single: the same for 24-bit mantissas.
double tolerance(Precision p) { return p == Precision::double_ ? 1e-12 : 1e-5; }

double csr_model_bytes(const RunConfig& c, std::int64_t rows, std::int64_t cols, std::int64_t nnz) {
  const double v = double(value_size(c)), i = double(index_size(c));
  return double(nnz) * (v + i) + double(rows) * (i + v) + double(cols) * v;
}

std::string byte_model(const RunConfig& c) {
  const std::size_t v = value_size(c), i = index_size(c);
  std::ostringstream s;
  s << "CSR model = nnz*(" << v << "+" << i << ") + rows*(" << i << "+" << v << ") + cols*" << v
    << " bytes (values+col_idx per nonzero; row_ptr, y and x per row: " << v + i << " B/nonzero + "
    << i + 2 * v << " B/row when square); own = the method's storage + x + y";
#if AIJADAPTIVE_HAVE_COMPLEX
  if (!c.complex_values) s << " (complex files: values twice as large)";
#endif
  return s.str();
}

bool MatrixReport::all_correct() const {
  if (!error.empty()) return false;
  return std::all_of(results.begin(), results.end(),
                     [](const Result& r) { return r.correct || r.status.rfind(kNotApplicable, 0) == 0; });
}

namespace {

template <class V>
double relative_error(const std::vector<V>& y, const std::vector<V>& ref) {
  double diff = 0, scale = 0;
  for (std::size_t i = 0; i < y.size(); ++i) {
    const double d = double(std::abs(y[i] - ref[i]));  // (the modulus of a complex difference)
    if (std::isnan(d)) return std::numeric_limits<double>::infinity();  // unwritten or broken entry
    diff = std::max(diff, d);
    scale = std::max(scale, double(std::abs(ref[i])));
  }
  return scale > 0 ? diff / scale : diff;
}

template <class V, class I>
HostCsr<V, I> load(const MatrixSource& source, const RunConfig& c) {
  if (!source.problem.empty()) throw InputError(source.problem);
  if (source.generator) return generate<V, I>(*source.generator);
  return read_matrix_market<V, I>(source.path, c.mtx);
}

// A = P A P^T with P from RCM, each row's columns put back in increasing order.
template <class V, class I>
void renumber_rcm(HostCsr<V, I>& a) {
  AIJA_REQUIRE(a.rows == a.cols, invalid_argument, "--renumber rcm needs square matrices");
  PermutedCsr<V, I> b = permute_symmetric(a.view(), rcm_order(a.view()));
  std::vector<std::pair<I, V>> row;
  for (I i = 0; i < a.rows; ++i) {
    const std::size_t begin = std::size_t(b.row_ptr[std::size_t(i)]), end = std::size_t(b.row_ptr[std::size_t(i) + 1]);
    row.clear();
    for (std::size_t k = begin; k < end; ++k) row.emplace_back(b.col_idx[k], b.values[k]);
    std::sort(row.begin(), row.end(), [](const auto& l, const auto& r) { return l.first < r.first; });
    for (std::size_t k = begin; k < end; ++k) std::tie(b.col_idx[k], b.values[k]) = row[k - begin];
  }
  a.row_ptr = std::move(b.row_ptr);
  a.col_idx.assign(b.col_idx.begin(), b.col_idx.end());
  a.values.assign(b.values.begin(), b.values.end());
}

// The set-up of median total among `earlier` and the measured one's (in r),
// and the first of them (the process's first use of a kernel lands there).
void report_setup_reps(Result& r, std::vector<SetupTimes> setups) {
  if (std::isnan(r.build_s) && std::isnan(r.upload_s)) return;  // the method has no set-up
  const auto seconds = [](double s) { return std::isnan(s) ? 0.0 : s; };  // NaN: no such step
  const auto total = [&](const SetupTimes& t) { return seconds(t.build_s) + seconds(t.upload_s); };
  SetupTimes measured;
  measured.build_s = r.build_s;
  measured.upload_s = r.upload_s;
  setups.push_back(measured);
  r.first_setup_s = total(setups.front());
  std::sort(setups.begin(), setups.end(), [&](const SetupTimes& x, const SetupTimes& y) { return total(x) < total(y); });
  const SetupTimes& median = setups[setups.size() / 2];
  r.build_s = median.build_s;
  r.upload_s = median.upload_s;
  char text[160];
  std::snprintf(text, sizeof text, "set-up: median of %zu fresh ones (build + upload %.3f ms); the first %.3f ms",
                setups.size(), total(median) * 1e3, r.first_setup_s * 1e3);
  r.note = r.note.empty() ? text : r.note + "; " + text;
}

template <class V, class I>
Result measure(Method<V, I>& m, const MethodName& name, const HostCsr<V, I>& a, const Vectors<V>& vec,
               std::vector<V>& y, const std::vector<V>& ref, const RunConfig& c) {
  Result r;
  r.method = name.name;
  const SetupTimes setup = m.prepare(a.view(), vec, c.stream);
  r.build_s = setup.build_s;
  r.upload_s = setup.upload_s;
  r.selected = m.selected();
  // With host vectors a product returns once y is back: the host's clock
  // times it, copies included, as it does the host kernels.
  const bool device_vectors = m.where() == Where::device && !m.host_vectors();
  r.where = where_name(m.where());
  if (!c.host_mode) r.note = m.note();
  if (m.host_vectors()) r.note = "host vectors (page-locked); " + r.note;
  // NaN first: an entry the kernel never writes cannot pass the check.
  const std::size_t y_bytes = y.size() * sizeof(V);
  if (device_vectors)
    fill_nan_device(vec.device_y, y_bytes, c.stream);
  else
    std::fill(y.begin(), y.end(), std::numeric_limits<V>::quiet_NaN());
  const auto op = [&] { m.apply(); };
  r.time = summarize(device_vectors ? time_device(c.stream, c.warmup, c.reps, op) : time_host(c.warmup, c.reps, op));
  if (device_vectors) {
    copy_to_host(y.data(), vec.device_y, y_bytes, c.stream);
    synchronize(c.stream);
    // As a solver's loop calls it: `reps` calls back to back, no events in
    // between; the host's time to enqueue them and the time until they are
    // done. The first exceeding the second's share of the kernels says the
    // host's cost per call bounds the loop (small matrices).
    const BackToBack b = time_back_to_back(c.stream, c.reps, op);
    char text[160];
    std::snprintf(text, sizeof text, "back to back: %.2f us per call, enqueued in %.2f us", b.per_call * 1e6,
                  b.enqueue_per_call * 1e6);
    r.note = r.note.empty() ? text : std::string(text) + "; " + r.note;
  }
  r.rel_error = relative_error(y, ref);
  r.tolerance = tolerance(c.precision);
  r.correct = r.rel_error <= r.tolerance;
  r.status = r.correct ? "ok" : "wrong";

  const std::int64_t rows = a.rows, cols = a.cols, nnz = std::int64_t(a.nnz());
  const double t = r.time.median;
  r.csr_bytes = csr_model_bytes(c, rows, cols, nnz);
  if (const std::size_t storage = m.storage_bytes(); storage > 0)
    r.own_bytes = double(storage) + double(rows + cols) * double(sizeof(V));
  if (t > 0) {
    r.gbps_csr = r.csr_bytes / t * 1e-9;
    r.gbps_own = r.own_bytes / t * 1e-9;
    r.gflops = 2.0 * double(nnz) / t * 1e-9;
    if (c.copy_bytes_per_second > 0) {
      r.frac_copy_csr = r.csr_bytes / t / c.copy_bytes_per_second;
      r.frac_copy_own = r.own_bytes / t / c.copy_bytes_per_second;
    }
  }
  return r;
}

template <class V, class I>
MatrixReport run_typed(const MatrixSource& source, const RunConfig& config) {
  RunConfig c = config;
  c.complex_values = is_complex_v<V>;
  MatrixReport report;
  report.label = source.label;
  report.complex_values = c.complex_values;
  HostCsr<V, I> a;
  try {
    report.load_s = seconds_of([&] { a = load<V, I>(source, c); });
    // Once here, so that the methods' set-up is timed as PETSc sees it
    // (AdaptiveMethod turns the matrix's own check off, as the plugin does).
    check_csr(a.view());
    if (c.renumber_rcm) {
      renumber_rcm(a);
      report.label += " renumbered by RCM";
    }
  } catch (const std::exception& e) {
    report.error = e.what();
    return report;
  }
  report.features = compute_features(a.view());
  add_diagonal_search(a.view(), report.features);  // DIA-Adaptive's search engine

  std::vector<V> x(std::size_t(a.cols)), y(std::size_t(a.rows)), ref(std::size_t(a.rows));
  for (std::size_t i = 0; i < x.size(); ++i) {
    if constexpr (is_complex_v<V>)  // an imaginary part from another seed
      x[i] = V(real_type_t<V>(vector_value(c.seed, i)), real_type_t<V>(vector_value(~c.seed, i)));
    else
      x[i] = V(vector_value(c.seed, i));
  }
  csr_reference_apply(a.view(), Op::plain, V(1), x.data(), V(0), ref.data());

  Vectors<V> vec{x.data(), y.data(), nullptr, nullptr};
  // Page-locked as the plugin locks PETSc's host vectors (when the driver lets it).
  std::optional<HostRegistration> locked_x, locked_y;
  if (!c.host_mode && c.adaptive.host_vectors) {
    locked_x.emplace(x.data(), x.size() * sizeof(V));
    locked_y.emplace(y.data(), y.size() * sizeof(V));
  }
  DeviceBuffer<V> dx, dy;
  if (!c.host_mode) {
    dx = DeviceBuffer<V>(x.size());
    dy = DeviceBuffer<V>(y.size());
    copy_to_device(dx.data(), x.data(), dx.bytes(), c.stream);
    synchronize(c.stream);
    vec.device_x = dx.data();
    vec.device_y = dy.data();
  }

  for (const MethodName& name : c.methods) {
    std::string why_not;
    if (!method_available(name, c.host_mode, &why_not)) continue;  // listed once in the header
    try {
      // One method at a time: each frees its device memory before the next.
      // With --setup-reps, fresh instances set up first (each freed before the next).
      std::vector<SetupTimes> earlier;
      for (int k = 1; k < c.setup_reps; ++k)
        earlier.push_back(make_method<V, I>(name, c.host_mode, c.adaptive, &why_not)->prepare(a.view(), vec, c.stream));
      std::unique_ptr<Method<V, I>> m = make_method<V, I>(name, c.host_mode, c.adaptive, &why_not);
      report.results.push_back(measure(*m, name, a, vec, y, ref, c));
      if (!earlier.empty()) report_setup_reps(report.results.back(), std::move(earlier));
    } catch (const Error& e) {
      // A format that cannot hold this matrix (a diagonal format and a matrix
      // that is not diagonal) is not applicable here; everything else is an error.
      Result r;
      r.method = name.name;
      r.status = std::string(e.kind() == ErrorKind::unsupported ? kNotApplicable : "error: ") + e.what();
      report.results.push_back(r);
    } catch (const std::exception& e) {
      Result r;
      r.method = name.name;
      r.status = std::string("error: ") + e.what();
      report.results.push_back(r);
      try {
        if (!c.host_mode) synchronize(c.stream);  // nothing left in flight on the shared stream
      } catch (const std::exception&) {
      }
    }
  }

  double best = NAN;  // the faster correct cuSPARSE algorithm
  for (const Result& r : report.results) {
    const auto name = method_from_name(r.method);
    if (name && name->is_cusparse() && r.correct && (std::isnan(best) || r.time.median < best))
      best = r.time.median;
  }
  for (Result& r : report.results)
    if (r.correct && r.time.median > 0) r.speedup_vs_cusparse = best / r.time.median;
  return report;
}

}  // namespace

MatrixReport run_matrix(const MatrixSource& source, const RunConfig& c) {
  const bool wide = c.index_bits == 64;
#if AIJADAPTIVE_HAVE_COMPLEX
  // A complex file in complex arithmetic (a header the reader refuses is
  // reported by the real path below, with its line).
  bool complex_file = false;
  if (!source.generator) {
    try {
      complex_file = matrix_market_is_complex(source.path);
    } catch (const std::exception&) {
    }
  }
  if (complex_file) {
    using Z = std::complex<double>;
    using C = std::complex<float>;
    if (c.precision == Precision::double_)
      return wide ? run_typed<Z, std::int64_t>(source, c) : run_typed<Z, std::int32_t>(source, c);
    return wide ? run_typed<C, std::int64_t>(source, c) : run_typed<C, std::int32_t>(source, c);
  }
#endif
  if (c.precision == Precision::double_)
    return wide ? run_typed<double, std::int64_t>(source, c) : run_typed<double, std::int32_t>(source, c);
  return wide ? run_typed<float, std::int64_t>(source, c) : run_typed<float, std::int32_t>(source, c);
}

}  // namespace aijadaptive::bench
