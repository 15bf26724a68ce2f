// Prototype: CSR with x staged per row block in shared memory (unique columns
// per block, 16-bit local indices), against cuSPARSE, on gen:fem (RCM).
#include <aijadaptive/reordering.hpp>
#include <cuda_runtime.h>
#include <cusparse.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "generators.hpp"

using namespace aijadaptive;
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); exit(1);} } while (0)
#define CS(x) do { cusparseStatus_t e_ = (x); if (e_ != CUSPARSE_STATUS_SUCCESS) { printf("%s:%d cusparse %d\n", __FILE__, __LINE__, int(e_)); exit(1);} } while (0)

struct Layout {
  std::vector<int> blk_row, blk_ent, blk_u;  // [blocks+1]
  std::vector<int> ucol;                      // unique columns per block
  std::vector<unsigned short> lidx;           // per entry
  std::vector<double> val;
  int max_rows = 0, max_u = 0, max_e = 0;
};

Layout build(const bench::HostCsr<double, int>& a, int emax, int rmax, int umax, const int* colmap = nullptr) {
  Layout l;
  l.blk_row = {0};
  l.blk_ent = {0};
  l.blk_u = {0};
  l.val = a.values;
  l.lidx.resize(a.nnz());
  std::vector<int> mark(a.cols, -1), cols;
  int r = 0, blk = 0;
  while (r < a.rows) {
    int r1 = r;
    const int e0 = a.row_ptr[r];
    cols.clear();
    while (r1 < a.rows) {
      if (r1 > r && (a.row_ptr[r1 + 1] - e0 > emax || r1 - r >= rmax)) break;
      int fresh = 0;
      for (int e = a.row_ptr[r1]; e < a.row_ptr[r1 + 1]; ++e) fresh += mark[a.col_idx[e]] != blk;
      if (r1 > r && int(cols.size()) + fresh > umax) break;
      for (int e = a.row_ptr[r1]; e < a.row_ptr[r1 + 1]; ++e)
        if (mark[a.col_idx[e]] != blk) { mark[a.col_idx[e]] = blk; cols.push_back(a.col_idx[e]); }
      ++r1;
    }
    if (colmap) {
      // local index by the block's columns sorted in the caller's numbering
      std::vector<std::pair<int, int>> m;
      for (int c : cols) m.push_back({colmap[c], c});
      std::sort(m.begin(), m.end());
      for (size_t k = 0; k < m.size(); ++k) { mark[m[k].second] = -2 - int(k); cols[k] = m[k].first; }
      for (int e = a.row_ptr[r]; e < a.row_ptr[r1]; ++e) l.lidx[e] = (unsigned short)(-2 - mark[a.col_idx[e]]);
      for (auto& pr : m) mark[pr.second] = -1;
    } else {
    std::sort(cols.begin(), cols.end());
    for (int e = a.row_ptr[r]; e < a.row_ptr[r1]; ++e)
      l.lidx[e] = (unsigned short)(std::lower_bound(cols.begin(), cols.end(), a.col_idx[e]) - cols.begin());
    }
    l.ucol.insert(l.ucol.end(), cols.begin(), cols.end());
    l.max_rows = std::max(l.max_rows, r1 - r);
    l.max_u = std::max(l.max_u, (int)cols.size());
    l.max_e = std::max(l.max_e, a.row_ptr[r1] - e0);
    l.blk_row.push_back(r1);
    l.blk_ent.push_back(a.row_ptr[r1]);
    l.blk_u.push_back((int)l.ucol.size());
    r = r1;
    ++blk;
  }
  return l;
}

// smem: xs[UMAX] then prod[EMAX]
template <int T, int EPT>
__global__ void __launch_bounds__(T) xstaged(const int* __restrict__ blk_row, const int* __restrict__ blk_ent,
                                             const int* __restrict__ blk_u, const int* __restrict__ ucol,
                                             const unsigned short* __restrict__ lidx, const double* __restrict__ val,
                                             const int* __restrict__ row_ptr, const double* __restrict__ x,
                                             double* __restrict__ y, int umax_smem, const int* __restrict__ row_map) {
  extern __shared__ double sm[];
  double* xs = sm;
  double* prod = sm + umax_smem;
  const int b = blockIdx.x, t = threadIdx.x;
  const int e0 = blk_ent[b], ne = blk_ent[b + 1] - e0;
  const int u0 = blk_u[b], nu = blk_u[b + 1] - u0;
  const int r0 = blk_row[b], nr = blk_row[b + 1] - r0;
  double v[EPT];
  unsigned short li[EPT];
#pragma unroll
  for (int k = 0; k < EPT; ++k) {
    const int e = t + k * T;
    if (e < ne) {
      v[k] = __ldcs(val + e0 + e);
      li[k] = __ldcs(lidx + e0 + e);
    }
  }
  for (int k = t; k < nu; k += T) xs[k] = __ldg(x + __ldcs(ucol + u0 + k));
  __syncthreads();
#pragma unroll
  for (int k = 0; k < EPT; ++k) {
    const int e = t + k * T;
    if (e < ne) prod[e] = v[k] * xs[li[k]];
  }
  __syncthreads();
  // rows: 4 threads per row when they fit, else one
  if (nr * 4 <= T) {
    const int row = t >> 2, lane = t & 3;
    double s = 0;
    if (row < nr) {
      const int a0 = row_ptr[r0 + row] - e0, a1 = row_ptr[r0 + row + 1] - e0;
      for (int e = a0 + lane; e < a1; e += 4) s += prod[e];
    }
    s += __shfl_down_sync(0xffffffff, s, 2, 4);
    s += __shfl_down_sync(0xffffffff, s, 1, 4);
    if (row < nr && lane == 0) y[row_map ? row_map[r0 + row] : r0 + row] = s;
  } else {
    for (int row = t; row < nr; row += T) {
      const int a0 = row_ptr[r0 + row] - e0, a1 = row_ptr[r0 + row + 1] - e0;
      double s = 0;
      for (int e = a0; e < a1; ++e) s += prod[e];
      y[row_map ? row_map[r0 + row] : r0 + row] = s;
    }
  }
}

__global__ void copyk(const double* __restrict__ a, double* __restrict__ b, size_t n) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x) b[i] = a[i];
}

template <class F>
float median_ms(F f, int reps = 200) {
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  for (int i = 0; i < 20; ++i) f();
  std::vector<float> t;
  for (int i = 0; i < reps; ++i) {
    CK(cudaEventRecord(a));
    f();
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    float ms;
    CK(cudaEventElapsedTime(&ms, a, b));
    t.push_back(ms);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

template <class T>
T* up(const std::vector<T>& v) {
  T* d;
  CK(cudaMalloc(&d, std::max<size_t>(1, v.size()) * sizeof(T)));
  CK(cudaMemcpy(d, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}

struct Dev {
  int *rp, *ci;
  double* v;
};
Dev upload(const bench::HostCsr<double, int>& a) { return {up(a.row_ptr), up(a.col_idx), up(a.values)}; }

std::vector<double> ref(const bench::HostCsr<double, int>& a, const std::vector<double>& x) {
  std::vector<double> y(a.rows);
  for (int i = 0; i < a.rows; ++i) {
    double s = 0;
    for (int e = a.row_ptr[i]; e < a.row_ptr[i + 1]; ++e) s += a.values[e] * x[a.col_idx[e]];
    y[i] = s;
  }
  return y;
}

double maxerr(const double* dy, const std::vector<double>& yref) {
  std::vector<double> yg(yref.size());
  CK(cudaMemcpy(yg.data(), dy, yg.size() * 8, cudaMemcpyDeviceToHost));
  double err = 0;
  for (size_t i = 0; i < yg.size(); ++i) err = std::max(err, std::abs(yg[i] - yref[i]) / (std::abs(yref[i]) + 1));
  return err;
}

__global__ void gatherk(const double* __restrict__ x, const int* __restrict__ p, int n, double* __restrict__ xp) {
  int i = blockIdx.x * 256 + threadIdx.x;
  if (i < n) xp[i] = __ldg(x + p[i]);
}

int main(int argc, char** argv) {
  std::string spec = argc > 1 ? argv[1] : "gen:fem:n=120";
  auto g = bench::generate<double, int>(bench::parse_generator_spec(spec));
  auto p = rcm_order(g.view());
  auto pb = permute_symmetric(g.view(), p);
  bench::HostCsr<double, int> b;
  b.rows = b.cols = pb.size();
  b.row_ptr = pb.row_ptr;
  b.col_idx = pb.col_idx;
  b.values = pb.values;
  const int n = g.rows;
  const size_t nnz = g.nnz();
  printf("%s rows %d nnz %zu\n", spec.c_str(), n, nnz);
  std::vector<double> x(n), xb(n);
  for (int i = 0; i < n; ++i) x[i] = 1.0 + (i % 7) * 0.125;
  for (int i = 0; i < n; ++i) xb[i] = x[p.new_to_old[i]];
  const std::vector<double> yg = ref(g, x), yb = ref(b, xb);
  double *dx = up(x), *dxb = up(xb), *dy;
  CK(cudaMalloc(&dy, n * sizeof(double)));
  int* dperm = up(p.new_to_old);
  Dev G = upload(g), B = upload(b);
  size_t cn = 64 << 20;
  double *c1, *c2;
  CK(cudaMalloc(&c1, cn * 8));
  CK(cudaMalloc(&c2, cn * 8));
  CK(cudaMemset(c1, 0, cn * 8));
  float cms = median_ms([&] { copyk<<<132 * 8, 256>>>(c1, c2, cn); }, 50);
  const double copy_gbs = 2.0 * cn * 8 / cms / 1e6;
  printf("copy %.0f GB/s\n", copy_gbs);
  cusparseHandle_t h;
  CS(cusparseCreate(&h));
  float best_orig = 1e30f;
  for (int which = 0; which < 2; ++which) {
    const Dev& D = which ? B : G;
    cusparseSpMatDescr_t A;
    cusparseDnVecDescr_t X, Y;
    CS(cusparseCreateCsr(&A, n, n, nnz, D.rp, D.ci, D.v, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F));
    CS(cusparseCreateDnVec(&X, n, which ? dxb : dx, CUDA_R_64F));
    CS(cusparseCreateDnVec(&Y, n, dy, CUDA_R_64F));
    double one = 1, zero = 0;
    for (auto alg : {CUSPARSE_SPMV_CSR_ALG1, CUSPARSE_SPMV_CSR_ALG2}) {
      size_t ws;
      CS(cusparseSpMV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, X, &zero, Y, CUDA_R_64F, alg, &ws));
      void* w;
      CK(cudaMalloc(&w, ws + 1));
      CS(cusparseSpMV_preprocess(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, X, &zero, Y, CUDA_R_64F, alg, w));
      float ms = median_ms([&] { cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, X, &zero, Y, CUDA_R_64F, alg, w); });
      const double bytes = nnz * 12.0 + (n + 1) * 4.0 + 16.0 * n;
      printf("cusparse %s alg%d %.2f us  %.0f%% copy err %.1e\n", which ? "rcm " : "orig", alg == CUSPARSE_SPMV_CSR_ALG1 ? 1 : 2,
             ms * 1e3, bytes / ms / 1e6 / copy_gbs * 100, maxerr(dy, which ? yb : yg));
      if (!which) best_orig = std::min(best_orig, ms);
    }
  }
  double* dxp;
  CK(cudaMalloc(&dxp, n * 8));
  float gms = median_ms([&] { gatherk<<<(n + 255) / 256, 256>>>(dx, dperm, n, dxp); });
  printf("x gather (permutation) %.2f us\n", gms * 1e3);
  for (int mode = 0; mode < 2; ++mode) {
    for (int emax : {1024, 2048}) {
      Layout l = build(b, emax, 256, 2048, mode ? p.new_to_old.data() : nullptr);
      const int blocks = int(l.blk_row.size()) - 1;
      int *dbr = up(l.blk_row), *dbe = up(l.blk_ent), *dbu = up(l.blk_u), *duc = up(l.ucol);
      unsigned short* dli = up(l.lidx);
      double* dvl = up(l.val);
      const double bytes = nnz * 10.0 + l.ucol.size() * 4.0 + (n + 1) * 4.0 + 16.0 * n + blocks * 12.0;
      auto run = [&](auto kern, int T) {
        const size_t smem = (size_t(l.max_u) + l.max_e) * 8;
        CK(cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
        const double* xin = mode ? dx : dxb;
        const int* rmap = mode ? dperm : nullptr;
        auto f = [&] { kern<<<blocks, T, smem>>>(dbr, dbe, dbu, duc, dli, dvl, B.rp, xin, dy, l.max_u, rmap); };
        CK(cudaMemset(dy, 0, n * 8));
        f();
        CK(cudaGetLastError());
        CK(cudaDeviceSynchronize());
        const double err = maxerr(dy, mode ? yg : yb);
        float ms = median_ms(f);
        printf("xstaged %s emax %d T %d: blocks %d max_rows %d max_u %d u/nnz %.3f | %.2f us %.3fx cusparse-orig %.0f%% copy err %.1e\n",
               mode ? "orig-x+rowmap" : "rcm-x        ", emax, T, blocks, l.max_rows, l.max_u, double(l.ucol.size()) / nnz,
               ms * 1e3, best_orig / ms, bytes / ms / 1e6 / copy_gbs * 100, err);
      };
      if (l.max_e <= 1024) run(xstaged<128, 8>, 128), run(xstaged<256, 4>, 256);
      else run(xstaged<256, 8>, 256), run(xstaged<512, 4>, 512);
      cudaFree(dbr); cudaFree(dbe); cudaFree(dbu); cudaFree(duc); cudaFree(dli); cudaFree(dvl);
    }
  }
  return 0;
}
