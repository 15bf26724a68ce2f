# Finds PETSc for the plugin and defines the target aijadaptive::petsc.
#
# Order: PETSC_DIR (+ PETSC_ARCH) given as CMake or environment variables, then
# pkg-config's default search (Debian's petsc-dev). Refuses, with the reason,
# PETSc older than 3.18. Sets AIJADAPTIVE_PETSC_COMPLEX, which the value types
# follow (CMakeLists.txt).
find_package(PkgConfig REQUIRED)
find_package(MPI REQUIRED COMPONENTS C CXX)

foreach(var PETSC_DIR PETSC_ARCH)
  if(NOT ${var} AND DEFINED ENV{${var}})
    set(${var} "$ENV{${var}}")
  endif()
endforeach()
if(PETSC_DIR)
  set(_petsc_pc_dirs "${PETSC_DIR}/${PETSC_ARCH}/lib/pkgconfig" "${PETSC_DIR}/lib/pkgconfig")
  set(ENV{PKG_CONFIG_PATH} "${_petsc_pc_dirs};$ENV{PKG_CONFIG_PATH}")
  string(REPLACE ";" ":" _pc_path "$ENV{PKG_CONFIG_PATH}")
  set(ENV{PKG_CONFIG_PATH} "${_pc_path}")
endif()
foreach(_pc_name petsc PETSc)
  pkg_check_modules(PETSC QUIET IMPORTED_TARGET ${_pc_name})
  if(PETSC_FOUND)
    set(AIJADAPTIVE_PETSC_PC_NAME ${_pc_name})
    break()
  endif()
endforeach()
if(NOT PETSC_FOUND)
  message(FATAL_ERROR "PETSc not found. Install Debian's petsc-dev (config/install-deps.sh does), "
                      "or point PETSC_DIR (and PETSC_ARCH) at your own PETSc 3.18 or newer.")
endif()
# Which .pc file that was (its name and folder): the installed aijadaptive.pc
# requires it by name and aijadaptiveConfig.cmake looks there first
# (config/AijadaptiveInstall.cmake).
pkg_get_variable(AIJADAPTIVE_PETSC_PC_DIR ${AIJADAPTIVE_PETSC_PC_NAME} pcfiledir)

# Read the facts we depend on from the headers PETSc was built with.
find_file(AIJADAPTIVE_PETSCCONF petscconf.h PATHS ${PETSC_INCLUDE_DIRS} NO_DEFAULT_PATH)
find_file(AIJADAPTIVE_PETSCVERSION petscversion.h PATHS ${PETSC_INCLUDE_DIRS} NO_DEFAULT_PATH)
if(NOT AIJADAPTIVE_PETSCCONF OR NOT AIJADAPTIVE_PETSCVERSION)
  message(FATAL_ERROR "PETSc's petscconf.h/petscversion.h not found under ${PETSC_INCLUDE_DIRS}")
endif()
file(READ "${AIJADAPTIVE_PETSCCONF}" _conf)
file(READ "${AIJADAPTIVE_PETSCVERSION}" _ver)
foreach(part MAJOR MINOR SUBMINOR)
  string(REGEX MATCH "#define PETSC_VERSION_${part} +([0-9]+)" _m "${_ver}")
  set(PETSC_VERSION_${part} ${CMAKE_MATCH_1})
endforeach()
set(AIJADAPTIVE_PETSC_VERSION "${PETSC_VERSION_MAJOR}.${PETSC_VERSION_MINOR}.${PETSC_VERSION_SUBMINOR}")
if(AIJADAPTIVE_PETSC_VERSION VERSION_LESS 3.18)
  message(FATAL_ERROR "PETSc ${AIJADAPTIVE_PETSC_VERSION} is too old: aijadaptive needs 3.18 or newer")
endif()
set(AIJADAPTIVE_PETSC_COMPLEX OFF)
if(_conf MATCHES "#define PETSC_USE_COMPLEX 1")
  set(AIJADAPTIVE_PETSC_COMPLEX ON)
endif()
set(AIJADAPTIVE_PETSC_64BIT_INDICES OFF)
if(_conf MATCHES "#define PETSC_USE_64BIT_INDICES 1")
  set(AIJADAPTIVE_PETSC_64BIT_INDICES ON)
endif()
set(AIJADAPTIVE_PETSC_HAS_CUDA OFF)
if(_conf MATCHES "#define PETSC_HAVE_CUDA 1")
  set(AIJADAPTIVE_PETSC_HAS_CUDA ON)
endif()
message(STATUS "aijadaptive: PETSc ${AIJADAPTIVE_PETSC_VERSION} (${PETSC_INCLUDE_DIRS}); "
               "64-bit indices ${AIJADAPTIVE_PETSC_64BIT_INDICES}; complex scalars ${AIJADAPTIVE_PETSC_COMPLEX}; "
               "CUDA ${AIJADAPTIVE_PETSC_HAS_CUDA}")

add_library(aijadaptive_petsc INTERFACE)
target_link_libraries(aijadaptive_petsc INTERFACE PkgConfig::PETSC MPI::MPI_C MPI::MPI_CXX)
if(AIJADAPTIVE_PETSC_HAS_CUDA)
  # A CUDA PETSc links libnvidia-ml only when asked to; nothing else is needed
  # on a machine without the driver, but allow its undefined driver symbols.
  target_link_options(aijadaptive_petsc INTERFACE "LINKER:--allow-shlib-undefined")
endif()
add_library(aijadaptive::petsc ALIAS aijadaptive_petsc)
