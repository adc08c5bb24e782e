# Finds the Debian 12 packages mbstudio builds on and exposes them as imported targets.
find_package(Eigen3 3.4 REQUIRED NO_MODULE)
find_package(nlohmann_json 3.10 REQUIRED)
find_package(Threads REQUIRED)

# SuiteSparse 5.12 ships no CMake package on Debian: find the pieces the solver uses.
find_path(SUITESPARSE_INCLUDE_DIR umfpack.h PATH_SUFFIXES suitesparse REQUIRED)
set(_mbs_suitesparse_libs)
foreach(_lib umfpack klu cholmod amd colamd btf suitesparseconfig)
  find_library(SUITESPARSE_${_lib}_LIBRARY ${_lib} REQUIRED)
  list(APPEND _mbs_suitesparse_libs ${SUITESPARSE_${_lib}_LIBRARY})
endforeach()
add_library(mbs_suitesparse INTERFACE)
target_include_directories(mbs_suitesparse SYSTEM INTERFACE ${SUITESPARSE_INCLUDE_DIR})
target_link_libraries(mbs_suitesparse INTERFACE ${_mbs_suitesparse_libs})
add_library(mbs::suitesparse ALIAS mbs_suitesparse)

# FCL 0.7 (collision detection of contacts between solids, solver/src/contact; Debian libfcl-dev).
# Not through pkg-config: its fcl.pc adds -std=c++11.
find_path(FCL_INCLUDE_DIR fcl/fcl.h)
find_library(FCL_LIBRARY fcl)
find_library(CCD_LIBRARY ccd)
if(NOT FCL_INCLUDE_DIR OR NOT FCL_LIBRARY OR NOT CCD_LIBRARY)
  message(FATAL_ERROR "FCL (the Flexible Collision Library) was not found: the solver's contacts between "
                      "solids need it. Install the Debian package libfcl-dev (scripts/install-deps.sh).")
endif()
add_library(mbs_fcl INTERFACE)
target_include_directories(mbs_fcl SYSTEM INTERFACE ${FCL_INCLUDE_DIR})
target_link_libraries(mbs_fcl INTERFACE ${FCL_LIBRARY} ${CCD_LIBRARY})
add_library(mbs::fcl ALIAS mbs_fcl)

# muparser (Adams function expressions in core).
find_path(MUPARSER_INCLUDE_DIR muParser.h PATH_SUFFIXES muparser REQUIRED)
find_library(MUPARSER_LIBRARY muparser REQUIRED)
add_library(mbs_muparser INTERFACE)
target_include_directories(mbs_muparser SYSTEM INTERFACE ${MUPARSER_INCLUDE_DIR})
target_link_libraries(mbs_muparser INTERFACE ${MUPARSER_LIBRARY})
add_library(mbs::muparser ALIAS mbs_muparser)

# minizip (Debian libminizip-dev): the zip archive of an FMU (fmu/).
find_path(MINIZIP_INCLUDE_DIR zip.h PATH_SUFFIXES minizip)
find_library(MINIZIP_LIBRARY minizip)
if(NOT MINIZIP_INCLUDE_DIR OR NOT MINIZIP_LIBRARY)
  message(FATAL_ERROR "minizip was not found: the FMU export (fmu/) writes zip archives with it. Install the "
                      "Debian package libminizip-dev (scripts/install-deps.sh).")
endif()
add_library(mbs_minizip INTERFACE)
target_include_directories(mbs_minizip SYSTEM INTERFACE ${MINIZIP_INCLUDE_DIR})
target_link_libraries(mbs_minizip INTERFACE ${MINIZIP_LIBRARY})
add_library(mbs::minizip ALIAS mbs_minizip)

# Gmsh SDK (mesh).
find_path(GMSH_INCLUDE_DIR gmsh.h REQUIRED)
find_library(GMSH_LIBRARY gmsh REQUIRED)
add_library(mbs_gmsh INTERFACE)
target_include_directories(mbs_gmsh SYSTEM INTERFACE ${GMSH_INCLUDE_DIR})
target_link_libraries(mbs_gmsh INTERFACE ${GMSH_LIBRARY})
add_library(mbs::gmsh ALIAS mbs_gmsh)

# Spectra (header-only eigen solver for modal analysis).
find_path(SPECTRA_INCLUDE_DIR Spectra/SymEigsSolver.h REQUIRED)
add_library(mbs_spectra INTERFACE)
target_include_directories(mbs_spectra SYSTEM INTERFACE ${SPECTRA_INCLUDE_DIR})
add_library(mbs::spectra ALIAS mbs_spectra)

if(MBS_BUILD_GUI)
  find_package(Qt6 6.4 REQUIRED COMPONENTS Core Gui Widgets OpenGL OpenGLWidgets Charts Svg Test LinguistTools)
  # Debian's VTK config references MPI::MPI_C even for the modules we use; MPI is not needed.
  if(NOT TARGET MPI::MPI_C)
    add_library(MPI::MPI_C INTERFACE IMPORTED)
  endif()
  find_package(VTK 9.1 REQUIRED COMPONENTS
    CommonCore CommonDataModel CommonColor FiltersSources FiltersCore FiltersGeneral
    RenderingCore RenderingOpenGL2 RenderingAnnotation RenderingFreeType InteractionStyle
    InteractionWidgets IOImage IOGeometry IOMovie IOOggTheora)
endif()
