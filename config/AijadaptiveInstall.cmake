# What `cmake --install` puts under the prefix, besides the plugin and its
# header (plugin/CMakeLists.txt): a CMake package and a pkg-config file, so that
# a downstream PETSc program needs only
#   find_package(aijadaptive REQUIRED)
#   target_link_libraries(app PRIVATE aijadaptive::petscaijadaptive)
# or `pkg-config --cflags --libs aijadaptive`. Included from plugin/CMakeLists.txt
# after the target petscaijadaptive exists; tests/install/ checks the result.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(AIJA_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/aijadaptive)

install(TARGETS petscaijadaptive EXPORT aijadaptiveTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  PUBLIC_HEADER DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# The target's PETSc and MPI are not exported as they are here (pkg-config and
# FindMPI targets of this build): the package's config finds them again on the
# user's side and names the result aijadaptive::PETSc (plugin/CMakeLists.txt).
install(EXPORT aijadaptiveTargets NAMESPACE aijadaptive:: DESTINATION ${AIJA_INSTALL_CMAKEDIR})

# The facts about PETSc the config needs (see its header for why these).
set(AIJA_CONFIG_PETSC_VERSION ${AIJADAPTIVE_PETSC_VERSION})
set(AIJA_CONFIG_PETSC_PC_NAME ${AIJADAPTIVE_PETSC_PC_NAME})
set(AIJA_CONFIG_PETSC_PC_DIR ${AIJADAPTIVE_PETSC_PC_DIR})
set(AIJA_CONFIG_PETSC_HAS_CUDA ${AIJADAPTIVE_PETSC_HAS_CUDA})
configure_package_config_file(${PROJECT_SOURCE_DIR}/config/aijadaptiveConfig.cmake.in
  ${PROJECT_BINARY_DIR}/install/aijadaptiveConfig.cmake
  INSTALL_DESTINATION ${AIJA_INSTALL_CMAKEDIR})
# 0.x: a new minor version may change the API, so only the same minor matches.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/install/aijadaptiveConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/install/aijadaptiveConfig.cmake
              ${PROJECT_BINARY_DIR}/install/aijadaptiveConfigVersion.cmake
        DESTINATION ${AIJA_INSTALL_CMAKEDIR})

# aijadaptive.pc: relocatable (its prefix is found from its own folder,
# ${pcfiledir}), since `cmake --install --prefix DIR` may install elsewhere
# than the CMAKE_INSTALL_PREFIX known now. An absolute CMAKE_INSTALL_LIBDIR or
# INCLUDEDIR is written as it is.
set(AIJA_PC_DIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(AIJA_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  string(REGEX REPLACE "[^/]+" ".." _up "${AIJA_PC_DIR}")  # lib/pkgconfig: ../..
  set(AIJA_PC_PREFIX "\${pcfiledir}/${_up}")
endif()
foreach(dir LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${dir}}")
    set(AIJA_PC_${dir} "${CMAKE_INSTALL_${dir}}")
  else()
    set(AIJA_PC_${dir} "\${prefix}/${CMAKE_INSTALL_${dir}}")
  endif()
endforeach()
# PETSc of the same major.minor as the one built against: the plugin is
# compiled against its headers, private ones (struct layouts) included.
string(REGEX MATCH "^[0-9]+\\.[0-9]+" _petsc_minor "${AIJADAPTIVE_PETSC_VERSION}")
math(EXPR _petsc_next "${PETSC_VERSION_MINOR} + 1")
set(AIJA_PC_REQUIRES "${AIJADAPTIVE_PETSC_PC_NAME} >= ${_petsc_minor}, ${AIJADAPTIVE_PETSC_PC_NAME} < ${PETSC_VERSION_MAJOR}.${_petsc_next}")
configure_file(${PROJECT_SOURCE_DIR}/config/aijadaptive.pc.in ${PROJECT_BINARY_DIR}/install/aijadaptive.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/install/aijadaptive.pc DESTINATION ${AIJA_PC_DIR})
