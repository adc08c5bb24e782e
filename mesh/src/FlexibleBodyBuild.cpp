#include "mbs/mesh/FlexibleBodyBuild.hpp"

namespace mbs::mesh {

FlexibleBodyBuild buildFlexibleBody(const FlexibleBodyRequest& r)
{
  FlexibleBodyBuild out;
  FeMesh local;
  out.status = r.planar ? MeshGenerator(r.options).meshPlanar(r.solid, local)
                        : MeshGenerator(r.options).mesh3d(r.solid, local);
  if (!out.status.ok())
    return out;
  out.fe = local;
  out.partNodes.resize(3, local.nodes.cols());
  for (Eigen::Index n = 0; n < local.nodes.cols(); ++n) {
    out.partNodes.col(n) = r.solidPosition + r.solidRotation * local.nodes.col(n);
    out.fe.nodes.col(n) = r.cmRotation.transpose() * (out.partNodes.col(n) - r.cmPosition);
  }
  if (!r.reduce)
    return out;
  CraigBamptonOptions cb;
  cb.fixedInterfaceModes = r.fixedModes;
  cb.dampingRatio = r.damping;
  if (r.planar) {
    cb.planeThickness = r.thickness;
    cb.planeAxes = r.cmRotation.transpose() * r.solidRotation;  // profile axes in the CM frame
  }
  out.status = CraigBampton(cb).reduce(r.partName, out.fe, r.material, r.interfacePoints, out.body);
  if (out.status.ok()) {
    out.rows = modeTable(out.body, out.fe.nodes);
    out.kept = lowestModes(out.rows, r.keep);
  }
  return out;
}

}  // namespace mbs::mesh
