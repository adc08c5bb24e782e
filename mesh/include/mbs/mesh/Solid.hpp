#pragma once
// Geometry of a part's solid in its body frame: a primitive or an imported CAD/STL file.
#include <string>

#include "mbs/solver/Status.hpp"

namespace mbs::mesh {

enum class SolidKind {
  Box,       // size (x, y, z), centred at the origin
  Cylinder,  // radius, length along z, centred at the origin
  Sphere,    // radius, centred at the origin
  Bar,       // rectangular bar from x = 0 to x = length, cross-section width (y) x height (z) centred
  Link,      // slot with rounded ends: hole centres at x = 0 and x = length, width (y), thickness (z)
  StepFile,  // STEP (or BREP/IGES) file imported through OpenCASCADE
  StlFile,   // triangulated surface (closed), volume meshed inside it
};

const char* toString(SolidKind kind);

struct Solid {
  std::string name;
  SolidKind kind = SolidKind::Box;
  double sizeX = 0.0, sizeY = 0.0, sizeZ = 0.0;  // Box
  double radius = 0.0;                           // Cylinder, Sphere
  double length = 0.0;                           // Cylinder, Bar, Link (hole-centre distance)
  double width = 0.0;                            // Bar, Link
  double thickness = 0.0;                        // Bar (height), Link
  double holeDiameter = 0.0;                     // Link: 0 means no holes
  std::string path;                              // StepFile, StlFile
  double importScale = 1.0;                      // imported coordinates are multiplied by it (mm -> m: 1e-3)

  static Solid box(std::string name, double sx, double sy, double sz);
  static Solid cylinder(std::string name, double radius, double length);
  static Solid sphere(std::string name, double radius);
  static Solid bar(std::string name, double length, double width, double height);
  static Solid link(std::string name, double length, double width, double thickness, double holeDiameter);
  static Solid stepFile(std::string name, std::string path, double scale = 1.0);
  static Solid stlFile(std::string name, std::string path, double scale = 1.0);

  // Checks dimensions and file presence; the message names the solid and the offending field.
  solver::Status validate() const;
  // Exact volume of a primitive (0 for imported solids), used by tests and mass checks.
  double nominalVolume() const;
};

}  // namespace mbs::mesh
