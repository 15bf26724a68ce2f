// Host probe (stop 58): the diagonal search's verdict pass and the whole analysis, per matrix.
#include <aijadaptive/analysis.hpp>
#include <aijadaptive/features.hpp>
#include <aijadaptive/diagonal_search.hpp>
#include <chrono>
#include <cstdio>
#include <algorithm>
#include <string>
#include <vector>
#include "generators.hpp"
#include "mtx_reader.hpp"
using namespace aijadaptive;
template <class F> double med(int reps, F&& f){ std::vector<double> t; for(int r=0;r<reps;++r){auto s=std::chrono::steady_clock::now(); f(); t.push_back(std::chrono::duration<double,std::micro>(std::chrono::steady_clock::now()-s).count());} std::nth_element(t.begin(),t.begin()+t.size()/2,t.end()); return t[t.size()/2];}
int main(int argc,char**argv){
  for (int k=1;k<argc;++k){
    std::string s = argv[k];
    try {
    auto m = s.rfind("gen:",0)==0 ? bench::generate<double, std::int32_t>(bench::parse_generator_spec(s)) : bench::read_matrix_market<double, std::int32_t>(s);
    auto a = m.view();
    DiagonalSearch d;
    const double t = med(11,[&]{ d = diagonal_search(a, 0, DiagonalPass::verdict);});
    const double an = med(11,[&]{ (void)analyse_matrix(a, FormatChoice::automatic_choice(), ReorderChoice::automatic);});
    printf("%-28s rows %8lld nnz %9lld search %7.0f us analyse %7.0f us type %s | %s\n", s.substr(s.rfind('/')+1).c_str(), (long long)a.rows, (long long)a.nnz(), t, an, diagonal_type_name(d.type), d.reason.substr(0,90).c_str());
    } catch (const std::exception& e) { printf("%s: %s\n", argv[k], e.what()); }
  }
}
