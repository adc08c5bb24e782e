#pragma once
// Force elements on markers that follow interface nodes of flexible bodies (modal loads). The
// element's load is evaluated with the deformed marker frame (x + Φ_t η, axes rotated by Φ_r η)
// and the marker's deformation rate; the load then acts on the floating frame (as on a rigid
// body, through the deformed point) and on the modal coordinates as Q_η = Φ_tᵀ Aᵀ F + Φ_rᵀ Aᵀ M,
// with M the moment about the interface node.
#include <array>
#include <vector>

#include "kinematics/FrameT.hpp"
#include "mbs/solver/Model.hpp"

namespace mbs::solver::detail {

// The interface node a marker follows, or null (ground, rigid body, floating-frame marker).
const FlexibleInterface* markerInterface(const Model& model, int marker);

// True if the I or J marker of the force follows an interface node.
bool forceOnFlexibleMarker(const Model& model, const Force& force);

// Body variables of the marker's body such that markerFrame, pointVelocity and angularVelocity
// give the deformed marker's frame, origin velocity and angular velocity: the node deformation
// w = Φ η is stored in `storage` (must outlive the result) and its rate A Φ η̇ is folded into
// ṙ and ṗ. Rigid markers get the plain body variables.
BodyVars<double> markerBodyVars(const Model& model, const std::vector<int>& modalOffset, int marker,
                                const Vec& q, const Vec& qd, std::array<double, 6>& storage);

// Adds the modal load of a force `force` acting at `point` plus a torque `torque` (ground frame)
// on the marker's interface node; nothing for rigid markers.
void addModalLoad(const Model& model, const std::vector<int>& modalOffset, int marker, const Vec& q,
                  const Vec3& force, const Vec3& torque, const Vec3& point, Vec& Q);

}  // namespace mbs::solver::detail
