// Seeded matrix generators, named by a spec `gen:NAME[:key=value,...]`, e.g.
// `gen:stencil27:n=160` or `gen:rmat:scale=20,ef=16,seed=3`.
//
//   stencil5, stencil9    2D 5- and 9-point stencils on an n x n grid
//   stencil7, stencil27   3D 7- and 27-point stencils on an n x n x n grid
//   fem                   unstructured tetrahedral-mesh-like matrix (symmetric pattern);
//                         dof=k: k unknowns per node, rows k*node+d, the k rows of a
//                         node with one column list (vector FEM, elasticity: dof=3)
//   rmat                  power-law R-MAT graph (Graph500 parameters by default)
//   circuit               mostly short rows, a few very long ones
//   qcd                   Wilson-Dirac-like: every row has exactly 51 nonzeros
//   dia1, dia2, dia3      banded matrices of the three DIA-Adaptive types
//                         (near diagonals; far offsets; long zero runs + scatter points)
//   longrows              short rows plus rows longer than a block's shared memory
//
// Every generator is a pure function of its keys (seed included), builds the
// CSR arrays directly (no coordinate list, no global sort: O(nnz) memory) and
// uses the dyadic values of values.hpp. generator_help() lists keys and defaults.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "host_csr.hpp"

namespace aijadaptive::bench {

struct GeneratorSpec {
  std::string text;  // as the user wrote it
  std::string name;
  std::map<std::string, double> keys;  // every key of the generator, defaults filled in

  std::int64_t integer(const std::string& key) const { return std::int64_t(keys.at(key)); }
  double real(const std::string& key) const { return keys.at(key); }
};

bool is_generator_spec(std::string_view text);
// Throws SpecError naming the problem and the valid choices: an unknown
// generator or key, a value that is not a number, an integer key given a
// fraction, a value out of range.
GeneratorSpec parse_generator_spec(std::string_view text);

// Throws SpecError when the matrix does not fit the index type I.
template <class V, class I>
HostCsr<V, I> generate(const GeneratorSpec& spec);

// One paragraph per generator: what it makes, its keys and their defaults.
std::string generator_help();

}  // namespace aijadaptive::bench
