# The formats of include/aijadaptive/format_list.hpp (its X(name, ...) lines),
# in AIJADAPTIVE_FORMATS: the build, the tests and the per-format PETSc tests
# are generated from it, so that adding a format is a line there and a folder.
set(_aija_format_list_file "${PROJECT_SOURCE_DIR}/include/aijadaptive/format_list.hpp")
# A line added there re-runs CMake, which makes the new format's targets and tests.
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${_aija_format_list_file}")
file(READ "${_aija_format_list_file}" _aija_format_list)
string(REGEX MATCHALL "\n *X\\([a-z0-9_]+," _aija_format_entries "${_aija_format_list}")
set(AIJADAPTIVE_FORMATS "")
foreach(_entry IN LISTS _aija_format_entries)
  string(REGEX REPLACE "\n *X\\(([a-z0-9_]+)," "\\1" _name "${_entry}")
  list(APPEND AIJADAPTIVE_FORMATS ${_name})
endforeach()
if(NOT AIJADAPTIVE_FORMATS)
  message(FATAL_ERROR "format_list.hpp lists no formats")
endif()
message(STATUS "aijadaptive: formats ${AIJADAPTIVE_FORMATS}")

# aijadaptive_format(NAME SOURCES file... [CUDA_SOURCES file...])
# Called by src/formats/<NAME>/CMakeLists.txt: the format's object library
# aijadaptive_format_<NAME> (CUDA sources only in CUDA builds), compiled into
# the core. A format's own flags (relocatable
# device code, NVRTC, ...) go on that target, in its folder; so do the
# libraries it needs (target_link_libraries(aijadaptive_format_<NAME> PRIVATE
# ...)): the core links the object library (as src/jit), which adds its objects
# to the core once and carries those libraries to whatever links the core.
function(aijadaptive_format name)
  cmake_parse_arguments(F "" "" "SOURCES;CUDA_SOURCES" ${ARGN})
  set(target aijadaptive_format_${name})
  add_library(${target} OBJECT ${F_SOURCES})
  if(AIJADAPTIVE_HAVE_CUDA)
    target_sources(${target} PRIVATE ${F_CUDA_SOURCES})
    target_link_libraries(${target} PRIVATE CUDA::cudart CUDA::cusparse)
  endif()
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/include ${PROJECT_SOURCE_DIR}/src)
  target_compile_definitions(${target} PRIVATE AIJADAPTIVE_HAVE_CUDA=$<BOOL:${AIJADAPTIVE_HAVE_CUDA}>)
  target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra>)
  # Not target_sources($<TARGET_OBJECTS:...>) as well: the objects would come twice.
  target_link_libraries(aijadaptive_core PRIVATE ${target})
endfunction()
