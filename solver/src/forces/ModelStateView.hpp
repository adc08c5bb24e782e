#pragma once
// StateView over (t, q, q̇) of a System, for user force functions (Adams measure functions).
#include "kinematics/FrameT.hpp"
#include "mbs/solver/Functions.hpp"
#include "mbs/solver/Model.hpp"

namespace mbs::solver::detail {

class ModelStateView final : public StateView {
public:
  ModelStateView(const Model& model, double t, const Vec& q, const Vec& qd)
      : m_model(model), m_t(t), m_q(q), m_qd(qd)
  {
  }

  double time() const override { return m_t; }
  Vec3 position(int marker) const override { return values(frame(marker).o); }
  Mat3 orientation(int marker) const override;
  Vec3 velocity(int marker) const override;
  Vec3 angularVelocity(int marker) const override;
  Vec3 acceleration(int marker) const override { return Vec3::Zero(); }
  Vec3 angularAcceleration(int marker) const override { return Vec3::Zero(); }

private:
  BodyVars<double> body(int marker) const;
  FrameT<double> frame(int marker) const;

  const Model& m_model;
  double m_t;
  const Vec& m_q;
  const Vec& m_qd;
};

}  // namespace mbs::solver::detail
