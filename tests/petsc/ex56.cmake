# PETSc's elasticity tutorial src/ksp/ksp/tutorials/ex56.c (3D Q1, 3 dof per
# node), unchanged and not copied here: built from the examples of the PETSc we
# build against (Debian: libpetsc3.18-dev-examples). aijadaptive, loaded with
# -dll_append, must solve it as AIJ does. Included from tests/CMakeLists.txt.
#
# Only that PETSc's own examples are searched: another version's ex56.c need
# not compile (3.26's calls functions 3.18 lacks). A pip-installed PETSc
# (<venv>/lib/pythonX.Y/site-packages/petsc) ships none; its ex56.c is looked
# for in <venv>/examples (e.g. /opt/petsc-cuda/examples/src/ksp/ksp/tutorials).
set(_ex56_roots ${PETSC_PREFIX}/share/petsc/examples
    /usr/share/petsc/${PETSC_VERSION_MAJOR}.${PETSC_VERSION_MINOR}/share/petsc/examples)
if(PETSC_DIR)
  list(PREPEND _ex56_roots ${PETSC_DIR}/share/petsc/examples ${PETSC_DIR}/../examples)
endif()
if(PETSC_PREFIX)
  file(REAL_PATH "${PETSC_PREFIX}" _petsc_prefix)
  if(_petsc_prefix MATCHES "^(.*)/lib/python[^/]*/site-packages/petsc$")
    list(APPEND _ex56_roots ${CMAKE_MATCH_1}/examples)
  endif()
endif()
find_file(AIJADAPTIVE_PETSC_EX56 ex56.c PATHS ${_ex56_roots} PATH_SUFFIXES src/ksp/ksp/tutorials NO_DEFAULT_PATH
          DOC "PETSc's src/ksp/ksp/tutorials/ex56.c, of the PETSc built against (tests petsc_ex56_*)")
if(NOT EXISTS "${AIJADAPTIVE_PETSC_EX56}")
  message(STATUS "aijadaptive: PETSc's ksp/tutorials/ex56.c not found ('${AIJADAPTIVE_PETSC_EX56}'; Debian: "
                 "libpetsc${PETSC_VERSION_MAJOR}.${PETSC_VERSION_MINOR}-dev-examples, or -DAIJADAPTIVE_PETSC_EX56=/path/ex56.c): "
                 "no petsc_ex56 tests")
  return()
endif()
message(STATUS "aijadaptive: PETSc's ex56: ${AIJADAPTIVE_PETSC_EX56}")

# Not linked with the plugin, like plain_solver: loaded with -dll_append.
add_executable(petsc-ex56 ${AIJADAPTIVE_PETSC_EX56})
target_link_libraries(petsc-ex56 PRIVATE aijadaptive::petsc m)

# aijadaptive_ex56_test(NAME RANKS FORMAT [ex56 options...]): ex56 with
# -mat_type aij, then with aijadaptive (-mat_aijadaptive_format FORMAT), the
# same options; compare_ex56.cmake checks that their solves agree. ex56 runs
# on 1, 2 (rank 1 then owns no rows) or a cube of ranks, so no 4; -ne + 1 must
# be a multiple of the cube root.
function(aijadaptive_ex56_test name ranks format)
  set(run ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} ${ranks} --oversubscribe $<TARGET_FILE:petsc-ex56>
          ${ARGN} -ksp_converged_reason -ksp_view_mat ::ascii_info)
  set(adaptive ${run} -dll_append ${AIJA_PLUGIN} -mat_type aijadaptive -mat_aijadaptive_format ${format})
  string(REPLACE ";" "<&>" ref_list "${run};-mat_type;aij")
  string(REPLACE ";" "<&>" cmd_list "${adaptive}")
  string(REPLACE ";" "<&>" env_list "${AIJA_MPI_ENV}")
  add_test(NAME ${name}
           COMMAND ${CMAKE_COMMAND} "-DREFERENCE=${ref_list}" "-DCOMMAND=${cmd_list}" "-DENV=${env_list}"
                   "-DEXPECT=type: (seq|mpi)aijadaptive" -P ${CMAKE_CURRENT_LIST_DIR}/compare_ex56.cmake)
  set_tests_properties(${name} PROPERTIES LABELS petsc TIMEOUT 600)
  set_property(TEST ${name} APPEND PROPERTY ENVIRONMENT ${AIJA_TEST_CACHE_ENV})
endfunction()

# After PETSc's own test "nns" (smaller): GAMG with the near null space and a
# rescaled second and third solve, so the coarse level (PtAP), SOR and
# MatScale run on our type too.
set(AIJA_EX56_GAMG -ne 7 -alpha 1.e-3 -ksp_type cg -ksp_max_it 50 -pc_type gamg -pc_gamg_esteig_ksp_type cg
    -pc_gamg_esteig_ksp_max_it 10 -pc_gamg_type agg -pc_gamg_agg_nsmooths 1 -pc_gamg_coarse_eq_limit 200
    -mg_levels_ksp_type chebyshev -mg_levels_pc_type sor -pc_gamg_reuse_interpolation true -two_solves
    -use_mat_nearnullspace -pc_gamg_use_sa_esteig 0 -mg_levels_esteig_ksp_max_it 10)
foreach(np 1 2 8)
  aijadaptive_ex56_test(petsc_ex56_gamg_np${np} ${np} auto ${AIJA_EX56_GAMG})
endforeach()
# The solver of config/gpu/ex56.sh: MatMult and vector operations only.
aijadaptive_ex56_test(petsc_ex56_cg_jacobi_np2 2 auto -ne 9 -ksp_type cg -pc_type jacobi -ksp_max_it 400
                      -ksp_norm_type unpreconditioned)
# A format requested by name; another format is one more such line.
aijadaptive_ex56_test(petsc_ex56_gamg_ipcsr_np2 2 ipcsr ${AIJA_EX56_GAMG})
aijadaptive_ex56_test(petsc_ex56_gamg_inode_np2 2 inode ${AIJA_EX56_GAMG})
# On the GPU, format inode finds its groups from PETSc's I-nodes (ex56: the 3
# unknowns of a mesh node), comparing only the rows where two of them meet.
aijadaptive_mpi_test(gpu_ex56_inode_from_petsc_inodes 1 gpu GPU ARGS $<TARGET_FILE:petsc-ex56> -ne 5 -ksp_max_it 20
                     -ksp_converged_reason -dll_append ${AIJA_PLUGIN} -mat_type aijadaptive -mat_aijadaptive_format inode
                     -ksp_view_mat ::ascii_info
                     EXPECT "aijadaptive: inode: groups found from the matrix's [0-9]+ runs of identical rows \\(PETSc's I-nodes\\)"
                            "aijadaptive: inode: [0-9]+ groups of identical rows \\(.*[0-9]+ of 3")

# tests/petsc/matmult_file.c on ex56's matrix: saved by ex56, then read in
# each type (SELL converted from AIJ), as config/gpu/ex56.sh compares them.
set(_ex56_file ${CMAKE_CURRENT_BINARY_DIR}/ex56_ne4.bin)
add_test(NAME petsc_ex56_save_matrix
         COMMAND ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} 1 $<TARGET_FILE:petsc-ex56> -ne 4 -ksp_max_it 1
                 -ksp_view_mat binary:${_ex56_file})
set_tests_properties(petsc_ex56_save_matrix PROPERTIES LABELS petsc FIXTURES_SETUP ex56_file
                     ENVIRONMENT "${AIJA_MPI_ENV}")
foreach(type aij sell aijadaptive)
  set(extra "")
  if(type STREQUAL "aijadaptive")
    set(extra -dll_append ${AIJA_PLUGIN})
  endif()
  add_test(NAME petsc_matmult_file_${type}
           COMMAND ${MPIEXEC_EXECUTABLE} ${MPIEXEC_NUMPROC_FLAG} 1 $<TARGET_FILE:matmult_file> -f ${_ex56_file}
                   -reps 3 -mat_type ${type} ${extra})
  set_tests_properties(petsc_matmult_file_${type} PROPERTIES LABELS petsc FIXTURES_REQUIRED ex56_file
                       ENVIRONMENT "${AIJA_MPI_ENV}" PASS_REGULAR_EXPRESSION "matmult_file: type seq${type}, 3 products")
endforeach()
