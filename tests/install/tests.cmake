# The installed tree, as a user gets it (issue 15, part 8): included from
# tests/CMakeLists.txt when the plugin is built. petsc_install runs
# `cmake --install` into <build>/tests/install/prefix; the two others build and
# run downstream.c against that prefix, through find_package and through
# pkg-config. All in the build tree (tests/install/check.cmake).
include(GNUInstallDirs)
set(_inst_work ${CMAKE_CURRENT_BINARY_DIR}/install)
string(REPLACE ";" "<&>" _inst_mpiexec "${MPIEXEC_EXECUTABLE};${MPIEXEC_NUMPROC_FLAG};2;--oversubscribe")
set(_inst_common -DBUILD_DIR=${PROJECT_BINARY_DIR} -DWORK=${_inst_work}
    -DSOURCE_DIR=${CMAKE_CURRENT_SOURCE_DIR}/install -DLIBDIR=${CMAKE_INSTALL_LIBDIR}
    -DINCLUDEDIR=${CMAKE_INSTALL_INCLUDEDIR} "-DMPIEXEC=${_inst_mpiexec}")
set(_inst_script ${CMAKE_CURRENT_SOURCE_DIR}/install/check.cmake)

# The folders of the CUDA libraries must be in the installed .so's RPATH,
# unless the linker finds them on its own.
set(_inst_rpath_dirs "")
if(AIJADAPTIVE_HAVE_CUDA)
  foreach(lib ${CUDA_cudart_LIBRARY} ${CUDA_cusparse_LIBRARY} ${CUDA_nvrtc_LIBRARY})
    get_filename_component(dir ${lib} DIRECTORY)
    if(NOT dir IN_LIST CMAKE_CXX_IMPLICIT_LINK_DIRECTORIES AND NOT dir IN_LIST CMAKE_PLATFORM_IMPLICIT_LINK_DIRECTORIES)
      list(APPEND _inst_rpath_dirs ${dir})
    endif()
  endforeach()
  list(REMOVE_DUPLICATES _inst_rpath_dirs)
endif()
string(REPLACE ";" "<&>" _inst_rpath_dirs "${_inst_rpath_dirs}")

# The downstream program is linked with this build's executable link flags: a
# plugin built with sanitizers (config/sanitize.sh) needs their runtimes in the
# program itself (ASan must be the first library loaded).
string(TOUPPER "${CMAKE_BUILD_TYPE}" _inst_type)
separate_arguments(_inst_link_flags UNIX_COMMAND "${CMAKE_EXE_LINKER_FLAGS} ${CMAKE_EXE_LINKER_FLAGS_${_inst_type}}")
string(REPLACE ";" "<&>" _inst_link_flags "${_inst_link_flags}")
list(APPEND _inst_common "-DLINK_FLAGS=${_inst_link_flags}")

add_test(NAME petsc_install
         COMMAND ${CMAKE_COMMAND} -DMODE=install ${_inst_common} "-DRPATH_DIRS=${_inst_rpath_dirs}" -P ${_inst_script})
set_tests_properties(petsc_install PROPERTIES FIXTURES_SETUP aija_installed)
add_test(NAME petsc_install_find_package
         COMMAND ${CMAKE_COMMAND} -DMODE=find_package ${_inst_common} "-DGENERATOR=${CMAKE_GENERATOR}"
                 -DMAKE_PROGRAM=${CMAKE_MAKE_PROGRAM} -DC_COMPILER=${CMAKE_C_COMPILER} -P ${_inst_script})
add_test(NAME petsc_install_pkg_config
         COMMAND ${CMAKE_COMMAND} -DMODE=pkg_config ${_inst_common} -DPKG_CONFIG=${PKG_CONFIG_EXECUTABLE}
                 -DMPICC=${MPI_C_COMPILER} -DPETSC_PC_NAME=${AIJADAPTIVE_PETSC_PC_NAME}
                 -DPETSC_PC_DIR=${AIJADAPTIVE_PETSC_PC_DIR} -P ${_inst_script})
set_tests_properties(petsc_install_find_package petsc_install_pkg_config PROPERTIES FIXTURES_REQUIRED aija_installed)
set_tests_properties(petsc_install petsc_install_find_package petsc_install_pkg_config PROPERTIES
                     LABELS petsc TIMEOUT 300 SKIP_REGULAR_EXPRESSION "SKIP: ")
# mpiexec as root in containers and CI; the kernel cache in the build tree.
set_property(TEST petsc_install_find_package petsc_install_pkg_config APPEND PROPERTY ENVIRONMENT
             ${AIJA_MPI_ENV} ${AIJA_TEST_CACHE_ENV})
