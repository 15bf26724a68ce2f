# cmake -DMODE=install|find_package|pkg_config -DBUILD_DIR=<build> -DWORK=<dir>
#       -DSOURCE_DIR=<this folder> -DLIBDIR=lib -DINCLUDEDIR=include
#       -DMPIEXEC="mpiexec<&>-n<&>2" [-DLINK_FLAGS="flag<&>..."] [mode's variables, below]
#       -P check.cmake
# (LINK_FLAGS: the build's own executable link flags, e.g. its sanitizers',
# which the downstream program is linked with too.)
# The tests petsc_install* (tests/install/tests.cmake): what a user does with
# an installed aijadaptive, under WORK (in the build tree, never the sources).
#   install       cmake --install BUILD_DIR --prefix WORK/prefix; the files a
#                 user needs are there and the .so finds its libraries without
#                 LD_LIBRARY_PATH (RPATH_DIRS: folders its RPATH must hold).
#   find_package  configures, builds and runs downstream.c with this folder's
#                 CMakeLists.txt (find_package(aijadaptive)): GENERATOR,
#                 MAKE_PROGRAM, C_COMPILER.
#   pkg_config    compiles it with MPICC and `PKG_CONFIG --cflags --libs
#                 aijadaptive` (PETSc's .pc: PETSC_PC_NAME in PETSC_PC_DIR), runs it.
# Any step failing fails the test, with its output and what to look at.
cmake_minimum_required(VERSION 3.24)  # today's policies (IN_LIST) in script mode too
foreach(var MPIEXEC RPATH_DIRS LINK_FLAGS)
  string(REPLACE "<&>" ";" ${var} "${${var}}")
endforeach()
set(prefix ${WORK}/prefix)
# A build tree packed for a GPU machine (config/gpu/pack.sh) has no CMakeFiles/
# (so no export files to install) and that machine no PETSc to build against:
# nothing to check there. A real build tree always has it.
if(NOT IS_DIRECTORY ${BUILD_DIR}/CMakeFiles)
  message("SKIP: ${BUILD_DIR} is a packed build tree (no CMakeFiles/): nothing to install")
  return()
endif()

# run(<what> [QUIET] <command>...): runs it, prints its output (QUIET: only
# if it fails), stops the test if it fails; the output in run_output.
function(run what)
  set(quiet OFF)
  if(ARGV1 STREQUAL "QUIET")
    set(quiet ON)
    list(REMOVE_AT ARGN 0)
  endif()
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT quiet OR NOT status EQUAL 0)
    message("${out}${err}")
  endif()
  if(NOT status EQUAL 0)
    string(REPLACE ";" " " cmd "${ARGN}")
    message(FATAL_ERROR "${what} failed (status ${status}): ${cmd}")
  endif()
  set(run_output "${out}${err}" PARENT_SCOPE)
endfunction()

# The program runs on 2 ranks and must say that aijadaptive and AIJ agree.
function(run_downstream exe)
  run("running the downstream program" ${MPIEXEC} ${exe})
  if(NOT run_output MATCHES "downstream: OK")
    message(FATAL_ERROR "the downstream program did not print 'downstream: OK'")
  endif()
endfunction()

if(MODE STREQUAL "install")
  file(REMOVE_RECURSE ${WORK})
  run("cmake --install" ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
  set(lib ${prefix}/${LIBDIR}/libpetscaijadaptive.so)
  foreach(f ${lib} ${prefix}/${INCLUDEDIR}/petscaijadaptive.h
            ${prefix}/${LIBDIR}/cmake/aijadaptive/aijadaptiveConfig.cmake
            ${prefix}/${LIBDIR}/cmake/aijadaptive/aijadaptiveConfigVersion.cmake
            ${prefix}/${LIBDIR}/cmake/aijadaptive/aijadaptiveTargets.cmake
            ${prefix}/${LIBDIR}/pkgconfig/aijadaptive.pc)
    if(NOT EXISTS ${f})
      message(FATAL_ERROR "cmake --install did not install ${f}")
    endif()
  endforeach()
  # The loader finds every library of the .so from its RPATH and the system's
  # folders alone (not from a LD_LIBRARY_PATH the test happens to run with).
  find_program(LDD ldd)
  if(LDD)
    run("ldd" QUIET ${CMAKE_COMMAND} -E env --unset=LD_LIBRARY_PATH ${LDD} ${lib})
    if(run_output MATCHES "([^\n\t ]+) => not found")
      message("${run_output}")
      message(FATAL_ERROR "the installed ${lib} does not find ${CMAKE_MATCH_1} without LD_LIBRARY_PATH: "
                          "its RPATH lacks that library's folder (INSTALL_RPATH_USE_LINK_PATH in plugin/CMakeLists.txt)")
    endif()
  endif()
  file(READ_ELF ${lib} RPATH rpath RUNPATH runpath)
  string(REPLACE ":" ";" paths "${rpath}:${runpath}")
  foreach(dir IN LISTS RPATH_DIRS)
    if(NOT dir IN_LIST paths)
      message(FATAL_ERROR "the installed ${lib}'s RPATH ('${rpath}${runpath}') lacks ${dir}, "
                          "where the libraries it was linked with are (INSTALL_RPATH_USE_LINK_PATH in plugin/CMakeLists.txt)")
    endif()
  endforeach()
  message("installed into ${prefix}; RPATH '${rpath}${runpath}'")

elseif(MODE STREQUAL "find_package")
  set(build ${WORK}/find-package)
  string(JOIN " " link_flags ${LINK_FLAGS})
  file(REMOVE_RECURSE ${build})
  run("configuring the downstream project (find_package(aijadaptive))"
      ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${build} -G ${GENERATOR} -DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}
      -DCMAKE_C_COMPILER=${C_COMPILER} -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_TYPE=Release
      "-DCMAKE_EXE_LINKER_FLAGS=${link_flags}")
  # It must have found the installed package, not some other aijadaptive.
  file(STRINGS ${build}/CMakeCache.txt found REGEX "^aijadaptive_DIR:")
  if(NOT found MATCHES "=${prefix}/")
    message(FATAL_ERROR "find_package(aijadaptive) found '${found}', not the package installed under ${prefix}")
  endif()
  run("building the downstream project" ${CMAKE_COMMAND} --build ${build})
  run_downstream(${build}/downstream)

elseif(MODE STREQUAL "pkg_config")
  set(build ${WORK}/pkg-config)
  file(REMOVE_RECURSE ${build})
  file(MAKE_DIRECTORY ${build})
  # As the README says: aijadaptive's .pc folder and PETSc's on PKG_CONFIG_PATH.
  set(ENV{PKG_CONFIG_PATH} "${prefix}/${LIBDIR}/pkgconfig:${PETSC_PC_DIR}:$ENV{PKG_CONFIG_PATH}")
  run("pkg-config --cflags --libs aijadaptive" ${PKG_CONFIG} --cflags --libs aijadaptive)
  separate_arguments(flags UNIX_COMMAND "${run_output}")
  # The program finds the plugin (and PETSc, wherever it is) by its RPATH.
  set(rpaths "")
  foreach(pc aijadaptive ${PETSC_PC_NAME})
    run("pkg-config --variable=libdir ${pc}" ${PKG_CONFIG} --variable=libdir ${pc})
    string(STRIP "${run_output}" libdir)
    list(APPEND rpaths -Wl,-rpath,${libdir})
  endforeach()
  run("compiling downstream.c with ${MPICC} and pkg-config's flags"
      ${MPICC} ${SOURCE_DIR}/downstream.c ${flags} ${rpaths} ${LINK_FLAGS} -o ${build}/downstream)
  run_downstream(${build}/downstream)

else()
  message(FATAL_ERROR "MODE must be install, find_package or pkg_config, not '${MODE}'")
endif()
