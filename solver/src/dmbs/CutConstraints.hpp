#pragma once
// Cut-joint and motion equations of the DMBS tree in joint space (seed 001,
// "多体动力学程序切断铰的处理方法"). Each equation of a cut joint is a projection of the relative
// motion of its I and J frames on one of the joint's "constraint orthogonal-complement axes" (约束
// 正交补轴): the axes, fixed in J, along which the joint lets I neither slide nor turn.
//   translation along a complement axis c of J:  Φ = c·(P_I − P_J)
//   rotation about a complement axis a_I × b_J:   Φ = a_I·b_J   (a on I, b on J, kept ⟂)
// Its velocity form is Φ̇ = wᵀ(V_I − V_J) with one wrench w per equation (w = [P_I × c; c] or
// [a × b; 0]): the constraint's reaction acts along/about that axis, and the joint-space Jacobian
// row is wᵀ times the two bodies' twist Jacobians, never formed: the tree dynamics applies w.
// Motions on a tree joint's coordinate are the equation s·q_k = f(t) − f(t0) on that coordinate.
#include <string>
#include <vector>

#include "System.hpp"
#include "dmbs/TreeDynamics.hpp"

namespace mbs::solver::dmbs {

enum class RowForm {
  Translation,  // c = J's axis axisJ
  Rotation,     // I's axis axisI · J's axis axisJ
  Angle,        // motion: rotation angle of I's x about J's z
  Coordinate,   // motion: tree coordinate
};

struct ConstraintRow {
  RowForm form = RowForm::Translation;
  ConstraintKind owner = ConstraintKind::Joint;  // Joint (cut) or Motion
  int entity = -1;                               // index into Model::joints / Model::motions
  int equation = 0;                              // 0-based within the entity (Adams order)
  int iMarker = -1, jMarker = -1, bodyI = kGround, bodyJ = kGround;
  int axisI = 2, axisJ = 0;
  int coordinate = -1, rate = -1;  // Coordinate: index into q and v
  double sign = 1.0;
  const TimeFunction* drive = nullptr;  // motions: f(t)
  double driveStart = 0.0;              // Coordinate: f(t0)
};

struct RowValues {
  double phi = 0.0, phiDot = 0.0;
  double bias = 0.0;  // Φ̈ − wᵀ(A_I − A_J) (velocity-product and drive terms)
  Vec6 w = Vec6::Zero();
};

// Rows of all cut joints then all motions; BadInput naming a motion DMBS cannot pose.
Status buildConstraintRows(const Model& model, const Topology& topology, double startTime,
                           std::vector<ConstraintRow>& rows);

// Values of one row at the tree's current poses and twists (TreeDynamics::kinematics).
RowValues evaluateRow(const ConstraintRow& row, const TreeDynamics& tree, const Vec& q, const Vec& v,
                      double t);

// "joint 'pin' (revolute, cut joint): equation 4" — names the row's entity.
std::string describeRow(const Model& model, const ConstraintRow& row);

}  // namespace mbs::solver::dmbs
