// The off-process block's column map (MPIAIJ's garray) that the ghosts, PETSc's
// scatter or the peer exchange, were set up for.
//
// Setting them up is collective, so whether to do it again must be decided on
// what every rank sees alike: the MPI matrix's nonzero state, and the ghosts
// dropped at every preallocation (whose new blocks may sum to the old nonzero
// state). The column map is the rank's own; a change of it alone must not
// start a set-up on some ranks only. Three ranks hung so at a COO
// preallocation: two got a new garray address and set up again, the third
// was given its old address back by malloc and went on to the scatter. The map
// is checked instead, once per product for both (MpiApply), and a change the
// matrix's state did not announce is an error on that rank.
#pragma once

#include <petscsys.h>

#include <algorithm>
#include <vector>

namespace aija {

class GhostColumns {
 public:
  void record(const PetscInt* garray, PetscInt count) {
    garray_ = garray;
    columns_.assign(garray, garray + count);
  }
  void clear() {
    garray_ = nullptr;
    columns_.clear();
  }
  // The same columns as recorded: the same array, or the same values at a new
  // address (which is then recorded).
  bool same(const PetscInt* garray, PetscInt count) {
    if (std::size_t(count) != columns_.size()) return false;
    if (garray == garray_) return true;
    if (!std::equal(columns_.begin(), columns_.end(), garray)) return false;
    garray_ = garray;
    return true;
  }

 private:
  const PetscInt* garray_ = nullptr;
  std::vector<PetscInt> columns_;
};

// A PETSc error unless the off-process block still has the recorded columns.
inline PetscErrorCode CheckGhostColumns(GhostColumns* recorded, const PetscInt* garray, PetscInt count) {
  PetscFunctionBegin;
  PetscCheck(recorded->same(garray, count), PETSC_COMM_SELF, PETSC_ERR_PLIB,
             "aijadaptive: the off-process block's columns changed on this rank, but not the MPI matrix's nonzero "
             "state: its ghosts cannot be set up again on one rank alone. Assemble the matrix "
             "(MatAssemblyBegin/End) after changing its nonzero pattern; if it was assembled, please report this");
  PetscFunctionReturn(PETSC_SUCCESS);
}

}  // namespace aija
