# Skips are reported by printing "SKIP: ..." (the tests' SKIP_REGULAR_EXPRESSION).
# cmake -DCOMMAND="a<&>b<&>c" [-DENV="K=V<&>K2=V2"] [-DEXPECT_FAILURE=1]
#       [-DSTATUS=N] [-DEXPECT="regex1<&>regex2"] [-DREJECT="regex"] [-DGPU_PROBE=/path/device_query]
#       -P run_and_check.cmake
# Runs COMMAND and checks its exit status (0; non-zero with EXPECT_FAILURE;
# exactly N with STATUS, so that a crash, which is not a number, fails) and
# that its output (stdout + stderr) matches every EXPECT and not REJECT. With GPU_PROBE, exits
# without running COMMAND when the probe finds no GPU; a COMMAND that exits
# with 77 has skipped itself.
foreach(var COMMAND ENV EXPECT)
  string(REPLACE "<&>" ";" ${var} "${${var}}")
endforeach()
if(GPU_PROBE)
  execute_process(COMMAND ${GPU_PROBE} RESULT_VARIABLE probe OUTPUT_VARIABLE why)
  if(NOT probe EQUAL 0)
    message("SKIP: no GPU here (${why})")
    return()
  endif()
endif()
# K=V sets, K+=V appends to what the caller's environment has (PETSC_OPTIONS
# may already carry e.g. -use_gpu_aware_mpi 0).
foreach(kv IN LISTS ENV)
  if(kv MATCHES "^([^=+]+)\\+=(.*)$")
    set(ENV{${CMAKE_MATCH_1}} "$ENV{${CMAKE_MATCH_1}} ${CMAKE_MATCH_2}")
  elseif(kv MATCHES "^([^=]+)=(.*)$")
    set(ENV{${CMAKE_MATCH_1}} "${CMAKE_MATCH_2}")
  endif()
endforeach()
execute_process(COMMAND ${COMMAND} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(all "${out}${err}")
message("${all}")
if(status EQUAL 77 AND all MATCHES "SKIP:")
  return()
endif()
if(NOT "${STATUS}" STREQUAL "")
  if(NOT "${status}" STREQUAL "${STATUS}")
    message(FATAL_ERROR "exit status '${status}', expected ${STATUS}")
  endif()
elseif(EXPECT_FAILURE AND status EQUAL 0)
  message(FATAL_ERROR "expected a failure, but the command succeeded")
elseif(NOT EXPECT_FAILURE AND NOT status EQUAL 0)
  message(FATAL_ERROR "the command failed with status ${status}")
endif()
foreach(re IN LISTS EXPECT)
  if(NOT all MATCHES "${re}")
    message(FATAL_ERROR "output lacks /${re}/")
  endif()
endforeach()
if(REJECT AND all MATCHES "${REJECT}")
  message(FATAL_ERROR "output has /${REJECT}/")
endif()
