#pragma once
// One contact between solids (Model::contacts) as a load element (loads/LoadElement.hpp): its
// generalized forces, their Jacobians, the powers of its normal forces and of its friction, its
// step limit onto contact onset and its outputs, on the absolute coordinates (7 per body: CM
// position and Euler parameters). docs/solver-notes.md, "Solid contact".
#include <memory>
#include <string>
#include <vector>

#include "contact/CollisionShapes.hpp"
#include "loads/LoadElement.hpp"
#include "mbs/solver/Model.hpp"
#include "mbs/solver/Outputs.hpp"
#include "mbs/solver/SolidContact.hpp"

namespace mbs::solver::contact {

class SolidContactElement final : public loads::Element {
public:
  static Status validate(const Model& model);
  // One element per Model::contacts entry (an inactive one loads nothing and outputs zeros).
  static void build(const Model& model, const loads::Host& host, loads::Elements& out);

  // index: the contact's place in Model::contacts (its output slot and work channels). Throws
  // std::invalid_argument naming the shape when a shape cannot be built.
  SolidContactElement(SolidContact contact, int index);
  // Copies share nothing mutable: the collision objects are rebuilt on first use.
  SolidContactElement(const SolidContactElement& other);
  SolidContactElement& operator=(const SolidContactElement&) = delete;
  ~SolidContactElement() override;

  const SolidContact& definition() const { return m_contact; }
  bool active() const { return m_contact.active; }

  // --- loads::Element ---------------------------------------------------------------------------
  std::string describe() const override;
  std::vector<int> reads(const loads::Host& host) const override;  // both bodies' 7
  void addForces(const loads::Context& c, Vec& Q) const override;
  void addJacobians(const loads::Context& c, const loads::Jacobians& out) const override;
  std::vector<loads::WorkChannel> workChannels() const override;  // normal forces, friction
  void powers(const loads::Context& c, double* out) const override;
  double startStep(const loads::Context& c, loads::ElementHistory* history, double bound) const override;
  void output(const loads::Context& c, ResultFrame& frame) const override;

  // Adds the load to Q (both bodies' 7 entries).
  void addForces(const Vec& q, const Vec& qd, Vec& Q) const;
  // ∂Q/∂q and ∂Q/∂q̇ by central differences over the two bodies' coordinates (the contact points
  // come from FCL, which has no derivatives); verified against differences of addForces in the tests.
  void addJacobians(const Vec& q, const Vec& qd, Triplets& dQdq, Triplets& dQdqd) const;
  // Power of the normal forces and of the friction forces, Σ f·(v_I − v_J) at the contact points.
  void powers(const Vec& q, const Vec& qd, double& normal, double& friction) const;
  // Free and approaching: the time to reach the other side and go onsetDepth into it at the
  // present rate (infinite when touching, apart and not approaching, or not closer than
  // `bound` allows).
  double stepLimit(const Vec& q, const Vec& qd, double bound) const;
  SolidContactOutput output(const Vec& q, const Vec& qd) const;

  struct BodyState {
    bool ground = true;
    Vec3 r = Vec3::Zero(), v = Vec3::Zero(), w = Vec3::Zero();
    Vec4 p = Vec4(1, 0, 0, 0);
    Mat3 rotation = Mat3::Identity();
    Vec3 pointVelocity(const Vec3& x) const { return v + w.cross(x - r); }
  };
  struct Evaluation {
    Vec3 force = Vec3::Zero();    // on I
    Vec3 momentI = Vec3::Zero();  // about I's CM
    Vec3 momentJ = Vec3::Zero();  // of the opposite forces about J's CM
    double normalPower = 0.0, frictionPower = 0.0;
    double normalForce = 0.0;
    Vec3 frictionForce = Vec3::Zero();
    int points = 0;
    double depth = 0.0, slip = 0.0;  // the deepest point's
    Vec3 point = Vec3::Zero(), normal = Vec3::Zero();
  };
  Evaluation evaluate(const BodyState& i, const BodyState& j) const;
  BodyState bodyState(int body, const Vec& q, const Vec& qd) const;

private:
  CollisionShapes& shapes() const;
  // The broad phase: the gap between the spheres about each body's origin that hold its shapes
  // (minus infinity with a plane). A pair whose gap is positive is apart: no collision query, no
  // poses, so a model of hundreds of pairs costs what its near pairs cost.
  double sphereGap(const BodyState& i, const BodyState& j) const;
  double sphereGap(const Vec& q) const;  // the same from the coordinates alone
  // A bound on how fast any point of I's shapes approaches any point of J's: |v_I − v_J| plus each
  // body's |ω| (≤ 2 |ṗ| for unit Euler parameters) times its sphere's radius.
  double approachSpeedBound(const Vec& qd) const;
  // The 14 generalized forces (I's 7 then J's 7) of one evaluation.
  void generalized(const BodyState& i, const BodyState& j, const Evaluation& e, double* q14) const;

  SolidContact m_contact;
  int m_index = 0;
  mutable std::unique_ptr<CollisionShapes> m_shapes;
  mutable std::vector<ContactPoint> m_points;
};

// Why a contact cannot be run (empty: it can): bodies, solids, law and friction parameters.
std::string contactProblem(const Model& model, const SolidContact& contact);

}  // namespace mbs::solver::contact
