#pragma once
// StateView over (t, q, q̇) of a System, for user force functions (Adams measure functions).
#include <limits>

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
  // DIF(k): the velocity of the state's coordinate (the last coordinates, System). DIF1 stays NaN:
  // no accelerations here (core refuses it where this view is used).
  double differential(int k) const override
  {
    const auto nd = static_cast<Eigen::Index>(m_model.differentials.size());
    if (k < 0 || k >= nd || m_qd.size() < nd)
      return std::numeric_limits<double>::quiet_NaN();
    return m_qd[m_qd.size() - nd + k];
  }

private:
  BodyVars<double> body(int marker) const;
  FrameT<double> frame(int marker) const;

  const Model& m_model;
  double m_t;
  const Vec& m_q;
  const Vec& m_qd;
};

}  // namespace mbs::solver::detail
