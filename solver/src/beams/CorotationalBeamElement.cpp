#include "beams/CorotationalBeamElement.hpp"

#include "mbs/solver/BeamSections.hpp"

#include <cmath>

#include "beams/CorotationalBeam.hpp"
#include "loads/FiniteDifferences.hpp"

namespace mbs::solver {
namespace {

// The 14 coordinates (r, p of A, then of B) of an element as jets (or doubles).
template <class T>
std::array<T, 6> deformations(const Vec& q, int bodyA, int bodyB,
                              const std::array<std::array<double, 4>, 2>& axes, double length)
{
  std::array<std::array<T, 3>, 2> r;
  std::array<detail::Quat4<T>, 2> p;
  const int body[2] = {bodyA, bodyB};
  for (int k = 0; k < 2; ++k)
    for (int c = 0; c < 7; ++c) {
      T v;
      if constexpr (std::is_same_v<T, double>)
        v = q[7 * body[k] + c];
      else
        v = T::variable(q[7 * body[k] + c], 7 * k + c);
      (c < 3 ? r[k][c] : p[k][c - 3]) = v;
    }
  return detail::corotationalDeformations(r, p, axes, length);
}

using Jet1 = detail::Jet<14, false>;
using Jet2 = detail::Jet<14, true>;
using Mat6x14 = Eigen::Matrix<double, 6, 14>;
using Vec14 = Eigen::Matrix<double, 14, 1>;

}  // namespace

Status CorotationalBeamElement::validate(const Model& model)
{
  const int nb = static_cast<int>(model.bodies.size());
  for (const BeamElement& e : model.beamElements) {
    auto bad = [&](const std::string& why) {
      return Status::failure(StatusCode::BadInput, "FE beam element '" + e.name + "': " + why, e.name);
    };
    if (e.bodyA < 0 || e.bodyA >= nb || e.bodyB < 0 || e.bodyB >= nb || e.bodyA == e.bodyB)
      return bad("its two nodes must be two different moving bodies");
    if (model.bodies[std::size_t(e.bodyA)].flexible || model.bodies[std::size_t(e.bodyB)].flexible)
      return bad("a node cannot be a flexible (modal) body");
    const BeamProperties& s = e.section;
    if (!(s.length > 0.0 && s.area > 0.0 && s.youngsModulus > 0.0 && s.shearModulus > 0.0 && s.ixx > 0.0 &&
          s.iyy > 0.0 && s.izz > 0.0) ||
        !std::isfinite(s.length * s.area * s.youngsModulus * s.shearModulus * s.ixx * s.iyy * s.izz))
      return bad("length, area, E, G and the section's three moments must be positive and finite");
    if (!(s.shearAreaRatioY >= 0.0 && s.shearAreaRatioZ >= 0.0 && e.damping >= 0.0 &&
          std::isfinite(e.damping)))
      return bad("shear area ratios and damping must not be negative");
  }
  return Status::success();
}

void CorotationalBeamElement::build(const Model& model, const loads::Host& host, loads::Elements& out)
{
  (void)host;
  for (int k = 0; k < static_cast<int>(model.beamElements.size()); ++k)
    out.push_back(std::make_unique<CorotationalBeamElement>(model, k));
}

CorotationalBeamElement::CorotationalBeamElement(const Model& model, int element) : m_element(element)
{
  const BeamElement& e = model.beamElements[std::size_t(element)];
  m_name = e.name;
  m_bodyA = e.bodyA;
  m_bodyB = e.bodyB;
  const Mat3* axes[2] = {&e.axesA, &e.axesB};
  for (int k = 0; k < 2; ++k) {
    const Quat qk = Quat(*axes[k]).normalized();
    m_axes[std::size_t(k)] = {qk.w(), qk.x(), qk.y(), qk.z()};
  }
  m_length = e.section.length;
  m_damping = e.damping;
  m_stiffness = beamStiffness(e.section);
}

std::string CorotationalBeamElement::describe() const
{
  return "FE beam element '" + m_name + "'";
}

std::vector<int> CorotationalBeamElement::reads(const loads::Host& host) const
{
  (void)host;
  std::vector<int> columns;
  for (int body : {std::min(m_bodyA, m_bodyB), std::max(m_bodyA, m_bodyB)})
    for (int c = 0; c < 7; ++c)
      columns.push_back(7 * body + c);
  return columns;
}

void CorotationalBeamElement::sectionLoads(const Vec& q, const Vec& qd, Vec6& deformation, Vec6& loads) const
{
  const auto x = deformations<Jet1>(q, m_bodyA, m_bodyB, m_axes, m_length);
  Vec14 rates;
  for (int k = 0; k < 14; ++k)
    rates[k] = qd[7 * (k < 7 ? m_bodyA : m_bodyB) + k % 7];
  Vec6 xdot;
  for (int i = 0; i < 6; ++i) {
    deformation[i] = x[std::size_t(i)].v;
    xdot[i] = x[std::size_t(i)].g.dot(rates);
  }
  loads = m_stiffness * (deformation + m_damping * xdot);
}

void CorotationalBeamElement::addForces(const loads::Context& c, Vec& Q) const
{
  const auto x = deformations<Jet1>(c.q, m_bodyA, m_bodyB, m_axes, m_length);
  Mat6x14 b;
  Vec6 xv;
  for (int i = 0; i < 6; ++i) {
    b.row(i) = x[std::size_t(i)].g.transpose();
    xv[i] = x[std::size_t(i)].v;
  }
  Vec14 rates;
  for (int k = 0; k < 14; ++k)
    rates[k] = c.qd[7 * (k < 7 ? m_bodyA : m_bodyB) + k % 7];
  const Vec6 f = m_stiffness * (xv + m_damping * (b * rates));
  const Vec14 local = -b.transpose() * f;
  for (int k = 0; k < 14; ++k)
    Q[7 * (k < 7 ? m_bodyA : m_bodyB) + k % 7] += local[k];
}

void CorotationalBeamElement::addJacobians(const loads::Context& c, const loads::Jacobians& out) const
{
  if (!out.dq && !out.dqd)
    return;
  const auto x = deformations<Jet2>(c.q, m_bodyA, m_bodyB, m_axes, m_length);
  Mat6x14 b, hRates;
  Vec6 xv;
  Vec14 rates;
  for (int k = 0; k < 14; ++k)
    rates[k] = c.qd[7 * (k < 7 ? m_bodyA : m_bodyB) + k % 7];
  for (int i = 0; i < 6; ++i) {
    b.row(i) = x[std::size_t(i)].g.transpose();
    xv[i] = x[std::size_t(i)].v;
    hRates.row(i) = (x[std::size_t(i)].H * rates).transpose();  // ∂Ẋᵢ/∂q
  }
  const Mat6 kd = m_damping * m_stiffness;
  const Vec6 f = m_stiffness * xv + kd * (b * rates);
  auto put = [&](Triplets& t, const Eigen::Matrix<double, 14, 14>& m) {
    for (int r = 0; r < 14; ++r)
      for (int col = 0; col < 14; ++col)
        if (m(r, col) != 0.0)
          t.emplace_back(7 * (r < 7 ? m_bodyA : m_bodyB) + r % 7, 7 * (col < 7 ? m_bodyA : m_bodyB) + col % 7,
                         m(r, col));
  };
  if (out.dq) {
    Eigen::Matrix<double, 14, 14> k = b.transpose() * m_stiffness * b + b.transpose() * kd * hRates;
    for (int i = 0; i < 6; ++i)
      k += f[i] * x[std::size_t(i)].H;
    put(*out.dq, -k);
  }
  if (out.dqd)
    put(*out.dqd, -(b.transpose() * kd * b));
}

std::vector<loads::WorkChannel> CorotationalBeamElement::workChannels() const
{
  return {{loads::WorkKind::BeamElement, m_element, m_name}};
}

void CorotationalBeamElement::powers(const loads::Context& c, double* out) const
{
  out[0] = loads::forcePower(*this, c);
}

BeamSectionLoads beamSectionLoads(const BeamElement& element, const BodyOutput& nodeA,
                                  const BodyOutput& nodeB)
{
  // The two nodes as bodies 0 and 1: q = (r, p) each, q̇ = (v, ṗ) with ṗ = ½ (0, ω) ⊗ p (ω in ground).
  Vec q(14), qd(14);
  const BodyOutput* nodes[2] = {&nodeA, &nodeB};
  for (int k = 0; k < 2; ++k) {
    const Quat p = nodes[k]->orientation.normalized();
    const Quat w(0.0, nodes[k]->angularVelocity.x(), nodes[k]->angularVelocity.y(),
                 nodes[k]->angularVelocity.z());
    const Quat pd = w * p;
    q.segment<3>(7 * k) = nodes[k]->position;
    q.segment<4>(7 * k + 3) << p.w(), p.x(), p.y(), p.z();
    qd.segment<3>(7 * k) = nodes[k]->velocity;
    qd.segment<4>(7 * k + 3) << 0.5 * pd.w(), 0.5 * pd.x(), 0.5 * pd.y(), 0.5 * pd.z();
  }
  std::array<std::array<double, 4>, 2> axes;
  const Mat3* axesOf[2] = {&element.axesA, &element.axesB};
  for (int k = 0; k < 2; ++k) {
    const Quat a = Quat(*axesOf[k]).normalized();
    axes[std::size_t(k)] = {a.w(), a.x(), a.y(), a.z()};
  }
  const auto x = deformations<Jet1>(q, 0, 1, axes, element.section.length);
  Vec6 deformation, rates;
  for (int i = 0; i < 6; ++i) {
    deformation[i] = x[std::size_t(i)].v;
    rates[i] = x[std::size_t(i)].g.dot(Vec14(qd));
  }
  BeamSectionLoads out;
  // K X is the load on the element at B (a cantilever clamped at A): the +x face there. The
  // massless element is in equilibrium, so at A the force is the same and the moment adds the
  // force's moment over the deformed chord l = L + X₀ along x.
  out.atB = beamStiffness(element.section) * (deformation + element.damping * rates);
  const Vec3 force = out.atB.head<3>();
  const Vec3 chord(element.section.length + deformation[0], 0.0, 0.0);
  out.atA.head<3>() = force;
  out.atA.tail<3>() = out.atB.tail<3>() + chord.cross(force);
  return out;
}

}  // namespace mbs::solver
