#pragma once
// The surface of a solid in a STEP or IGES file as triangles, for contact and drawing (issue 30):
// imported through Gmsh's OpenCASCADE kernel, its boundary meshed, written as an STL file in metres.
#include <string>

#include "mbs/solver/Status.hpp"

namespace mbs::mesh {

struct CadSurfaceOptions {
  double metresPerUnit = 1e-3;  // the CAD file's length unit (OpenCASCADE reads STEP/IGES in mm)
  double maxEdge = 0.0;         // largest triangle edge [m]; 0 = 1/30 of the bounding-box diagonal
};

// Writes the boundary of every volume in `cadPath` as an ASCII STL file at `stlPath`, coordinates in
// metres, triangles facing out. BadInput naming the file and the reason when the file cannot be read,
// holds no closed volume, or Gmsh fails.
solver::Status writeCadSurfaceStl(const std::string& cadPath, const std::string& stlPath,
                                  const CadSurfaceOptions& options = {});

}  // namespace mbs::mesh
