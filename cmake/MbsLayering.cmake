# Libraries of mbstudio and the layer rule of docs/architecture.md ("Layers and the dependency rule"):
#   solver <- core, mesh <- ui <- app       (only ui and app may link Qt or VTK)
#   solver, core <- fmu <- ui, app          (the FMI co-simulation plant; no Qt or VTK)

# mbs_add_library(NAME <lib> DEPENDS <targets...>)
# Builds lib/<name>/src/*.cpp into target mbs_<name> (alias mbs::<name>) with public headers
# under <name>/include.
function(mbs_add_library)
  cmake_parse_arguments(ARG "" "NAME" "DEPENDS" ${ARGN})
  file(GLOB_RECURSE _sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/src/*.cpp)
  file(GLOB_RECURSE _headers CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/include/*.hpp)
  add_library(mbs_${ARG_NAME} STATIC ${_sources} ${_headers})
  add_library(mbs::${ARG_NAME} ALIAS mbs_${ARG_NAME})
  target_include_directories(mbs_${ARG_NAME}
    PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/include
    PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/src)
  target_link_libraries(mbs_${ARG_NAME} PUBLIC ${ARG_DEPENDS})
  target_compile_options(mbs_${ARG_NAME} PRIVATE -Wall -Wextra -Wno-unused-parameter)
  set_target_properties(mbs_${ARG_NAME} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  if(NOT ARG_NAME STREQUAL "ui")
    mbs_check_no_gui_dependency(mbs_${ARG_NAME} "${ARG_DEPENDS}")
  endif()
endfunction()

# Fails the configure step when a library below ui names Qt or VTK among its dependencies.
function(mbs_check_no_gui_dependency target deps)
  foreach(_dep IN LISTS deps)
    if(_dep MATCHES "^(Qt[0-9]*::|VTK::)|^mbs::ui$")
      message(FATAL_ERROR "${target} must not depend on ${_dep}: Qt and VTK belong to ui/app only "
                          "(see docs/architecture.md, \"Layers and the dependency rule\")")
    endif()
  endforeach()
endfunction()
