# looptile_add_opencl: generate OpenCL for one C function at build time and
# link the generated host glue into a target.
#
#   looptile_add_opencl(TARGET <target> SOURCE <file.c> FUNCTION <name>
#                       [NAME <stem>] [OUTPUT_DIRECTORY <dir>]
#                       [TILE <T>] [REGISTER_TILE <R|RxC>] [SINGLE_WORK_ITEM]
#                       [OPTIONS <looptile options>...]
#                       [CLANG_FLAGS <compile flags>...])
#
# At build time `looptile <file.c> --function=<name> [--tile T]
# [--register-tile R] [OPTIONS] -o <dir>/<stem>.cl -- <CLANG_FLAGS>` writes
# <stem>.cl (the kernels), <stem>.json (the manifest), <stem>.host.cpp (a
# drop-in replacement for the C function <name>, with the kernels and the
# manifest embedded) and <stem>.host.h (its C declarations: the drop-in
# function and the session API). It runs again when the C file, a header it includes
# or looptile itself changes. The glue is compiled into a static library
# <target>-looptile-<stem> that links looptile::runtime, and <target> links
# it (target_link_libraries(<target> PRIVATE ...): use the keyword form for
# <target> too); its include directories give <target> the output
# directory, so a source of <target> can `#include "<stem>.host.h"`. <target> must not also compile <file.c>, whose function the
# glue replaces. The project must enable CXX (the glue is C++17).
#
# NAME defaults to FUNCTION, OUTPUT_DIRECTORY to
# ${CMAKE_CURRENT_BINARY_DIR}/looptile. CLANG_FLAGS are the flags the C file
# needs to parse (-D, -I, -std); looptile records them in the manifest, so
# `looptile-run <dir>/<stem>.cl --validate` builds the reference with them.

# The function runs under these policies whatever the caller's minimum
# version (CMP0116: Ninja makes the depfile's paths relative to the build).
cmake_policy(PUSH)
cmake_policy(VERSION 3.20)

function(looptile_add_opencl)
  cmake_parse_arguments(PARSE_ARGV 0 ARG "SINGLE_WORK_ITEM"
    "TARGET;SOURCE;FUNCTION;NAME;OUTPUT_DIRECTORY;TILE;REGISTER_TILE"
    "OPTIONS;CLANG_FLAGS")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR
      "looptile_add_opencl: unknown arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  foreach(Required TARGET SOURCE FUNCTION)
    if(NOT ARG_${Required})
      message(FATAL_ERROR "looptile_add_opencl: ${Required} is required")
    endif()
  endforeach()
  if(NOT TARGET ${ARG_TARGET})
    message(FATAL_ERROR
      "looptile_add_opencl: '${ARG_TARGET}' is not a target (create it with "
      "add_executable or add_library first)")
  endif()
  if(NOT TARGET looptile::looptile)
    message(FATAL_ERROR
      "looptile_add_opencl: this looptile package has no looptile generator "
      "(it was built with LOOPTILE_BUILD_COMPILER=OFF)")
  endif()
  get_property(Languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  if(NOT "CXX" IN_LIST Languages)
    message(FATAL_ERROR
      "looptile_add_opencl: the host glue is C++: enable CXX in the project "
      "(project(<name> C CXX))")
  endif()

  set(Name "${ARG_FUNCTION}")
  if(ARG_NAME)
    set(Name "${ARG_NAME}")
  endif()
  set(Dir "${CMAKE_CURRENT_BINARY_DIR}/looptile")
  if(ARG_OUTPUT_DIRECTORY)
    get_filename_component(Dir "${ARG_OUTPUT_DIRECTORY}" ABSOLUTE
                           BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  endif()
  get_filename_component(Source "${ARG_SOURCE}" ABSOLUTE
                         BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  set(Kernels "${Dir}/${Name}.cl")
  set(Manifest "${Dir}/${Name}.json")
  set(Glue "${Dir}/${Name}.host.cpp")
  set(Header "${Dir}/${Name}.host.h")
  set(DepFile "${Dir}/${Name}.d")

  set(Args "--function=${ARG_FUNCTION}")
  if(ARG_TILE)
    list(APPEND Args --tile "${ARG_TILE}")
  endif()
  if(ARG_REGISTER_TILE)
    list(APPEND Args --register-tile "${ARG_REGISTER_TILE}")
  endif()
  if(ARG_SINGLE_WORK_ITEM)
    list(APPEND Args --single-work-item)
  endif()
  list(APPEND Args ${ARG_OPTIONS} -o "${Kernels}" --depfile "${DepFile}")
  if(ARG_CLANG_FLAGS)
    list(APPEND Args -- ${ARG_CLANG_FLAGS})
  endif()

  add_custom_command(
    OUTPUT "${Kernels}" "${Manifest}" "${Glue}" "${Header}"
    COMMAND looptile::looptile "${Source}" ${Args}
    DEPENDS "${Source}" "$<TARGET_FILE:looptile::looptile>"
    DEPFILE "${DepFile}"
    WORKING_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}"
    COMMENT "looptile: OpenCL for ${ARG_FUNCTION}() from ${ARG_SOURCE}"
    VERBATIM)

  set(Library "${ARG_TARGET}-looptile-${Name}")
  add_library(${Library} STATIC "${Glue}" "${Header}")
  target_link_libraries(${Library} PUBLIC looptile::runtime)
  target_include_directories(${Library} PUBLIC "${Dir}")
  target_link_libraries(${ARG_TARGET} PRIVATE ${Library})
endfunction()

cmake_policy(POP)
