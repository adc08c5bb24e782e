#pragma once
// The plane body of a part for Make Flexible ▸ Plane body: the profile of the part's first
// geometry in one of the part frame's coordinate planes, meshed by Gmsh in 2-D. The rule: the
// geometry must be an extrusion normal to the chosen plane, so that its section in that plane is
// the same at every depth and a plane-stress model with the extrusion's depth as thickness is the
// body itself:
//   box      — one of its edges normal to the plane: the rectangle of its other two edges;
//   cylinder — its axis normal to the plane: the disc;
//   link     — its axis in the plane: the flat slot of width 2 r (rounded ends at its two points);
// spheres and imported meshes are refused (they are not extrusions).
#include <QString>

#include "mbs/core/Part.hpp"
#include "mbs/mesh/Solid.hpp"

namespace mbs::ui {

enum class ProfilePlane { XY = 0, YZ = 1, ZX = 2 };  // of the part frame (normal z, x, y)

struct PlaneProfile {
  mesh::Solid solid;                             // for MeshGenerator::meshPlanar (profile at z = 0)
  core::Mat3 rotation = core::Mat3::Identity();  // profile frame in the part frame (z = plane normal)
  core::Vec3 position = core::Vec3::Zero();      // profile frame origin (mid-thickness) in the part frame
  double thickness = 0.0;                        // extrusion depth [m]
  double inPlaneSize = 0.0;                      // smallest in-plane dimension [m] (default sizes)
};

// False with `error` naming the part and the reason when the part has no such profile.
bool planeProfileOf(const core::Part& part, ProfilePlane plane, PlaneProfile& out, QString& error);

}  // namespace mbs::ui
