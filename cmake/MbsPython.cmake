# The Python package mbstudio (python/): pybind11 bindings of core and solver for the system Python,
# the one the .deb installs the package for (/usr/lib/python3/dist-packages). ON when pybind11 and
# that Python's headers are found (Debian: pybind11-dev, python3-dev).
if(NOT DEFINED Python3_EXECUTABLE AND EXISTS /usr/bin/python3)
  set(Python3_EXECUTABLE /usr/bin/python3 CACHE FILEPATH "The Python the mbstudio package is built for")
endif()
find_package(Python3 COMPONENTS Interpreter Development.Module QUIET)
if(Python3_FOUND)
  set(Python_EXECUTABLE ${Python3_EXECUTABLE})  # pybind11's FindPython: the same interpreter
  set(PYBIND11_FINDPYTHON ON)
  find_package(pybind11 CONFIG QUIET)
endif()
if(Python3_FOUND AND pybind11_FOUND)
  set(_mbs_python_default ON)
else()
  set(_mbs_python_default OFF)
endif()
option(MBS_BUILD_PYTHON "Build the mbstudio Python package (pybind11)" ${_mbs_python_default})
if(MBS_BUILD_PYTHON AND NOT (Python3_FOUND AND pybind11_FOUND))
  message(FATAL_ERROR "MBS_BUILD_PYTHON needs pybind11 and Python 3 headers (Debian: pybind11-dev python3-dev)")
endif()
if(NOT MBS_BUILD_PYTHON)
  message(STATUS "mbstudio Python package: off (pybind11 or Python 3 headers not found)")
endif()
