#include "mbs/mesh/FlexibleBodyConversion.hpp"

namespace mbs::mesh {

solver::FlexibleBodyData toFlexibleBodyData(const ReducedBody& body, std::vector<int> modes,
                                            const Eigen::Matrix3Xd* nodes)
{
  if (modes.empty())
    modes = body.elasticModes();
  const InertiaInvariants inv = body.invariants.select(modes);
  const Eigen::Vector3d c = body.invariants.centreOfMass();
  solver::FlexibleBodyData out;
  const solver::Mat damping = body.modalDamping();
  out.modalMass = body.modalMass(modes, modes);
  out.modalStiffness = body.modalStiffness(modes, modes);
  out.modalDamping = damping(modes, modes);
  // Shift to the CM: ∫ρ(x − c)(x − c)ᵀ = ∫ρxxᵀ − m c cᵀ and ∫ρ(x_k − c_k) S_l = Ī_kl − c_k S̄_l.
  out.mass = inv.mass;
  out.firstMoment.setZero();
  out.secondMoment = inv.secondMoment - inv.mass * c * c.transpose();
  out.modalFirstMoment = inv.modalFirstMoment;
  for (int k = 0; k < 3; ++k)
    for (int l = 0; l < 3; ++l) {
      out.Ibar[3 * k + l] = inv.Ibar[3 * k + l] - c[k] * inv.modalFirstMoment.row(l);
      out.Sbar[3 * k + l] = inv.Sbar[3 * k + l];
    }
  for (const InterfaceNode& node : body.interfaces) {
    solver::FlexibleInterface f;
    f.name = node.name;
    f.position = node.position - c;
    f.shapes = node.shapes(Eigen::all, modes);
    out.interfaces.push_back(std::move(f));
  }
  if (nodes && nodes->cols() * 3 == body.modeShapes.rows()) {
    out.nodes = nodes->colwise() - c;
    out.nodalShapes = body.modeShapes(Eigen::all, modes);
    // Stresses do not change with the shift of the frame to the CM (a translation).
    if (body.stressShapes.size() != 0 &&
        body.stressShapes.rows() == 6 * static_cast<Eigen::Index>(body.stressNodes.size())) {
      out.stressNodes = body.stressNodes;
      out.nodalStressShapes = body.stressShapes(Eigen::all, modes);
    }
  }
  return out;
}

solver::FlexibleBodyData toFlexibleBodyData(const ReducedBody& body, std::vector<int> modes,
                                            const FeMesh& mesh)
{
  solver::FlexibleBodyData out = toFlexibleBodyData(body, std::move(modes), &mesh.nodes);
  if (out.nodes.size() != 0)
    for (const Eigen::Vector3i& t : mesh.surfaceTriangles)
      out.surfaceTriangles.push_back({t[0], t[1], t[2]});
  return out;
}

}  // namespace mbs::mesh
