# `format` rewrites the sources with clang-format; `format-check` fails on any difference (CI).
find_program(CLANG_FORMAT_EXECUTABLE NAMES clang-format clang-format-14)
if(CLANG_FORMAT_EXECUTABLE)
  file(GLOB_RECURSE MBS_FORMAT_SOURCES CONFIGURE_DEPENDS
    ${CMAKE_SOURCE_DIR}/app/*.cpp ${CMAKE_SOURCE_DIR}/app/*.hpp
    ${CMAKE_SOURCE_DIR}/core/*.cpp ${CMAKE_SOURCE_DIR}/core/*.hpp
    ${CMAKE_SOURCE_DIR}/solver/*.cpp ${CMAKE_SOURCE_DIR}/solver/*.hpp
    ${CMAKE_SOURCE_DIR}/mesh/*.cpp ${CMAKE_SOURCE_DIR}/mesh/*.hpp
    ${CMAKE_SOURCE_DIR}/fmu/*.cpp ${CMAKE_SOURCE_DIR}/fmu/*.hpp
    ${CMAKE_SOURCE_DIR}/ui/*.cpp ${CMAKE_SOURCE_DIR}/ui/*.hpp
    ${CMAKE_SOURCE_DIR}/tests/*.cpp ${CMAKE_SOURCE_DIR}/tests/*.hpp
    ${CMAKE_SOURCE_DIR}/python/*.cpp ${CMAKE_SOURCE_DIR}/python/*.hpp)
  add_custom_target(format
    COMMAND ${CLANG_FORMAT_EXECUTABLE} -i ${MBS_FORMAT_SOURCES}
    WORKING_DIRECTORY ${CMAKE_SOURCE_DIR} COMMENT "clang-format -i" VERBATIM)
  add_custom_target(format-check
    COMMAND ${CLANG_FORMAT_EXECUTABLE} --dry-run --Werror ${MBS_FORMAT_SOURCES}
    WORKING_DIRECTORY ${CMAKE_SOURCE_DIR} COMMENT "clang-format --dry-run --Werror" VERBATIM)
endif()
