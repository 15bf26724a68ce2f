#include "report.hpp"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace aijadaptive::bench {

namespace {

// printf-style number with "-" for NaN (a rate that does not apply).
std::string num(double v, const char* fmt) {
  if (std::isnan(v)) return "-";
  char b[64];
  std::snprintf(b, sizeof b, fmt, v);
  return b;
}

std::string method_label(const Result& r) {
  return r.selected.empty() ? r.method : r.method + ":" + r.selected;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

std::string csv_number(double v) {
  if (std::isnan(v)) return "";
  std::ostringstream s;
  s.precision(6);
  s << v;
  return s.str();
}

std::string json_string(const std::string& s) {
  std::string q = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') {
      q += '\\';
      q += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char b[8];
      std::snprintf(b, sizeof b, "\\u%04x", c);
      q += b;
    } else {
      q += c;
    }
  }
  return q + "\"";
}

std::string json_number(double v) {
  if (!std::isfinite(v)) return "null";
  std::ostringstream s;
  s.precision(8);
  s << v;
  return s.str();
}

std::ofstream open_output(const std::string& path) {
  std::ofstream f(path);
  if (!f) throw std::runtime_error(path + ": cannot write");
  return f;
}

}  // namespace

void print_header(std::ostream& out, const RunInfo& run) {
  out << "aijadaptive-bench: " << run.mode << " mode (" << run.mode_reason << ")\n"
      << "  precision " << run.precision << ", index int" << run.index_bits << ", reps " << run.reps
      << " (median, p10, p90 of per-call times; warm-up " << run.warmup << ")\n"
      << "  methods: ";
  for (std::size_t i = 0; i < run.methods.size(); ++i) out << (i ? ", " : "") << run.methods[i];
  out << "\n";
  for (const std::string& s : run.skipped) out << "  skipped: " << s << "\n";
  out << "  bytes: " << run.byte_model << "\n"
      << "  copy bandwidth: " << num(run.copy.bytes_per_second * 1e-9, "%.1f") << " GB/s (" << run.copy.how
      << "); %copy = effective bandwidth / this\n";
  if (run.mode == "host")
    out << "  HOST MODE: every time below is a host kernel timed with std::chrono, not a GPU\n";
}

void print_matrix(std::ostream& out, const MatrixReport& m) {
  out << "\nmatrix " << m.label;
  if (!m.error.empty()) {
    out << "\n  ERROR: " << m.error << "\n";
    return;
  }
  const Features& f = m.features;
  out << ": " << (m.complex_values ? "complex, " : "") << f.rows << " x " << f.cols << ", nnz " << f.nnz
      << ", row min/mean/max " << f.min_row << "/"
      << num(f.mean_row, "%.1f") << "/" << f.max_row << ", row cv " << num(f.row_cv, "%.2f")
      << ", x sectors/nnz " << num(f.gather_sector_ratio, "%.2f") << ", loaded in "
      << num(m.load_s, "%.2f") << " s\n  diagonal: " << f.diagonal_reason << "\n";
  char line[512];
  std::snprintf(line, sizeof line, "  %-20s %-6s %9s %9s %10s %10s %10s %8s %6s %8s %6s %8s %7s %8s  %s\n",
                "method", "where", "build ms", "upload ms", "median us", "p10 us", "p90 us", "GB/s csr", "%copy",
                "GB/s own", "%copy", "GFLOP/s", "vs cusp", "rel.err", "check");
  out << line;
  for (const Result& r : m.results) {
    if (r.status.rfind("error", 0) == 0) {
      out << "  " << method_label(r) << "  ERROR: " << r.status.substr(7) << "\n";
      continue;
    }
    if (r.status.rfind(kNotApplicable, 0) == 0) {
      out << "  " << method_label(r) << "  not applicable: " << r.status.substr(5) << "\n";
      continue;
    }
    std::snprintf(line, sizeof line, "  %-20s %-6s %9s %9s %10s %10s %10s %8s %6s %8s %6s %8s %7s %8s  %s\n",
                  method_label(r).c_str(), r.where.c_str(), num(r.build_s * 1e3, "%.2f").c_str(),
                  num(r.upload_s * 1e3, "%.2f").c_str(), num(r.time.median * 1e6, "%.1f").c_str(),
                  num(r.time.p10 * 1e6, "%.1f").c_str(), num(r.time.p90 * 1e6, "%.1f").c_str(),
                  num(r.gbps_csr, "%.1f").c_str(), num(r.frac_copy_csr * 100, "%.0f%%").c_str(),
                  num(r.gbps_own, "%.1f").c_str(), num(r.frac_copy_own * 100, "%.0f%%").c_str(),
                  num(r.gflops, "%.2f").c_str(), num(r.speedup_vs_cusparse, "%.2fx").c_str(),
                  num(r.rel_error, "%.1e").c_str(), r.correct ? "ok" : "WRONG");
    out << line;
    if (!r.note.empty()) out << "    note: " << r.note << "\n";
  }
}

// The selector's inputs (features.hpp) beyond the size columns, for fitting
// its rules to measured tables (oracle_table.py).
std::string features_csv(const Features& f) {
  return csv_number(f.row_cv) + "," + csv_number(f.gather_sector_ratio) + "," + csv_number(f.repeated_rows) + "," +
         diagonal_type_name(f.diagonal_type);
}

void write_csv(const std::string& path, const RunInfo& run, const std::vector<MatrixReport>& reports) {
  std::ofstream f = open_output(path);
  f << "matrix,rows,cols,nnz,max_row,mean_row,method,selected,where,mode,device,precision,index_bits,status,"
       "correct,build_ms,upload_ms,reps,median_us,p10_us,p90_us,min_us,max_us,csr_model_bytes,own_bytes,"
       "gbps_csr_model,frac_copy_csr_model,gbps_own,frac_copy_own,gflops,speedup_vs_cusparse,rel_error,"
       "tolerance,copy_gbps,row_cv,x_sectors_per_nnz,repeated_rows,diagonal_type,first_setup_ms\n";
  for (const MatrixReport& m : reports) {
    const Features& ft = m.features;
    const auto common = [&] {
      return csv_field(m.label) + "," + std::to_string(ft.rows) + "," + std::to_string(ft.cols) + "," +
             std::to_string(ft.nnz) + "," + std::to_string(ft.max_row) + "," + csv_number(ft.mean_row);
    };
    if (!m.error.empty()) {
      f << common() << ",,,," << run.mode << "," << csv_field(run.device) << "," << run.precision << ","
        << run.index_bits << "," << csv_field("error: " + m.error) << ",0" << std::string(20, ',')
        << features_csv(ft) << ",\n";
      continue;
    }
    for (const Result& r : m.results) {
      f << common() << "," << r.method << "," << r.selected << "," << r.where << "," << run.mode << ","
        << csv_field(run.device) << "," << run.precision << "," << run.index_bits << "," << csv_field(r.status)
        << "," << (r.correct ? 1 : 0) << "," << csv_number(r.build_s * 1e3) << "," << csv_number(r.upload_s * 1e3)
        << "," << r.time.count << "," << csv_number(r.time.median * 1e6) << "," << csv_number(r.time.p10 * 1e6)
        << "," << csv_number(r.time.p90 * 1e6) << "," << csv_number(r.time.min * 1e6) << ","
        << csv_number(r.time.max * 1e6) << "," << csv_number(r.csr_bytes) << "," << csv_number(r.own_bytes)
        << "," << csv_number(r.gbps_csr) << "," << csv_number(r.frac_copy_csr) << "," << csv_number(r.gbps_own)
        << "," << csv_number(r.frac_copy_own) << "," << csv_number(r.gflops) << ","
        << csv_number(r.speedup_vs_cusparse) << "," << csv_number(r.rel_error) << "," << csv_number(r.tolerance)
        << "," << csv_number(run.copy.bytes_per_second * 1e-9) << "," << features_csv(ft) << ","
        << csv_number(r.first_setup_s * 1e3) << "\n";
    }
  }
  if (!f) throw std::runtime_error(path + ": write failed");
}

void write_json(const std::string& path, const RunInfo& run, const std::vector<MatrixReport>& reports) {
  std::ofstream f = open_output(path);
  bool all = true;
  for (const MatrixReport& m : reports) all = all && m.all_correct();
  f << "{\n  \"tool\": \"aijadaptive-bench\",\n  \"mode\": " << json_string(run.mode)
    << ",\n  \"mode_reason\": " << json_string(run.mode_reason) << ",\n  \"device\": " << json_string(run.device)
    << ",\n  \"precision\": " << json_string(run.precision) << ",\n  \"index_bits\": " << run.index_bits
    << ",\n  \"reps\": " << run.reps << ",\n  \"warmup\": " << run.warmup
    << ",\n  \"byte_model\": " << json_string(run.byte_model) << ",\n  \"copy\": {\"how\": "
    << json_string(run.copy.how) << ", \"buffer_bytes\": " << run.copy.buffer_bytes
    << ", \"median_s\": " << json_number(run.copy.time.median)
    << ", \"gbps\": " << json_number(run.copy.bytes_per_second * 1e-9) << "},\n  \"skipped\": [";
  for (std::size_t i = 0; i < run.skipped.size(); ++i) f << (i ? ", " : "") << json_string(run.skipped[i]);
  f << "],\n  \"all_correct\": " << (all ? "true" : "false") << ",\n  \"matrices\": [";
  for (std::size_t k = 0; k < reports.size(); ++k) {
    const MatrixReport& m = reports[k];
    const Features& ft = m.features;
    f << (k ? "," : "") << "\n    {\"name\": " << json_string(m.label) << ", \"rows\": " << ft.rows
      << ", \"cols\": " << ft.cols << ", \"nnz\": " << ft.nnz << ", \"empty_rows\": " << ft.empty_rows
      << ", \"min_row\": " << ft.min_row << ", \"max_row\": " << ft.max_row
      << ", \"mean_row\": " << json_number(ft.mean_row) << ", \"row_cv\": " << json_number(ft.row_cv)
      << ", \"diagonal\": " << json_string(ft.diagonal_reason)
      << ", \"load_s\": " << json_number(m.load_s) << ", \"error\": " << json_string(m.error)
      << ",\n     \"results\": [";
    for (std::size_t i = 0; i < m.results.size(); ++i) {
      const Result& r = m.results[i];
      f << (i ? "," : "") << "\n       {\"method\": " << json_string(r.method)
        << ", \"selected\": " << json_string(r.selected) << ", \"where\": " << json_string(r.where)
        << ", \"status\": " << json_string(r.status) << ", \"correct\": " << (r.correct ? "true" : "false")
        << ", \"note\": " << json_string(r.note) << ", \"build_s\": " << json_number(r.build_s)
        << ", \"upload_s\": " << json_number(r.upload_s) << ", \"reps\": " << r.time.count
        << ", \"median_s\": " << json_number(r.time.median) << ", \"p10_s\": " << json_number(r.time.p10)
        << ", \"p90_s\": " << json_number(r.time.p90) << ", \"min_s\": " << json_number(r.time.min)
        << ", \"max_s\": " << json_number(r.time.max) << ", \"csr_model_bytes\": " << json_number(r.csr_bytes)
        << ", \"own_bytes\": " << json_number(r.own_bytes) << ", \"gbps_csr_model\": " << json_number(r.gbps_csr)
        << ", \"frac_copy_csr_model\": " << json_number(r.frac_copy_csr)
        << ", \"gbps_own\": " << json_number(r.gbps_own) << ", \"frac_copy_own\": " << json_number(r.frac_copy_own)
        << ", \"gflops\": " << json_number(r.gflops)
        << ", \"speedup_vs_cusparse\": " << json_number(r.speedup_vs_cusparse)
        << ", \"rel_error\": " << json_number(r.rel_error) << ", \"tolerance\": " << json_number(r.tolerance) << "}";
    }
    f << "]}";
  }
  f << "\n  ]\n}\n";
  if (!f) throw std::runtime_error(path + ": write failed");
}

}  // namespace aijadaptive::bench
