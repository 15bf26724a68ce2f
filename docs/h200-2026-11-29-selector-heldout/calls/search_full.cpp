// Host probe (stop 58): the diagonal search's complete pass, each layout's stored bytes over CSR's.
#include <aijadaptive/diagonal_search.hpp>
#include <cstdio>
#include <string>
#include "generators.hpp"
#include "mtx_reader.hpp"
using namespace aijadaptive;
int main(int argc,char**argv){
  for (int k=1;k<argc;++k){
    std::string s = argv[k];
    auto m = s.rfind("gen:",0)==0 ? bench::generate<double, std::int32_t>(bench::parse_generator_spec(s)) : bench::read_matrix_market<double, std::int32_t>(s);
    auto a = m.view();
    DiagonalSearch d = diagonal_search(a, 1, DiagonalPass::complete);
    const auto& f = d.features;
    double csr_vals = double(a.nnz()) * 12 + double(a.rows) * 4; // bytes
    printf("%s K %lld dia %.2f brcsd1 %.2f brcsd2 %.2f (x CSR bytes, values 8 B) | %s\n", s.c_str(), (long long)f.K, f.dia_stored*8/csr_vals, f.brcsd1_stored*8/csr_vals, f.brcsd2_stored*8/csr_vals, d.reason.substr(0,120).c_str());
  }
}
