#include "dmbs/JointSpaceEquations.hpp"

#include <Eigen/Cholesky>
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "dmbs/NearSingular.hpp"
#include "dmbs/StepEvents.hpp"
#include "kinematics/EulerParameters.hpp"

namespace mbs::solver::dmbs {
namespace {

// The damped least-squares solve of H μ = rhs near a singular position: eigenvalues s of H enter
// as s/(s² + δ²), δ = damping × the largest.
Vec dampedSolve(const Mat& h, const Vec& rhs, double damping)
{
  Eigen::SelfAdjointEigenSolver<Mat> eig(h);
  const Vec& s = eig.eigenvalues();
  const double d = damping * s.cwiseAbs().maxCoeff();
  const Vec proj = eig.eigenvectors().transpose() * rhs;
  Vec scaled(h.rows());
  for (int i = 0; i < h.rows(); ++i)
    scaled[i] = s[i] * proj[i] / (s[i] * s[i] + d * d);
  return eig.eigenvectors() * scaled;
}

}  // namespace

JointSpaceEquations::JointSpaceEquations(const System& system, const Topology& topology,
                                         std::vector<ConstraintRow> rows, Stabilization stabilization)
    : m_system(system),
      m_model(system.model()),
      m_tree(system.model(), topology),
      m_rows(std::move(rows)),
      m_stabilization(stabilization),
      m_applied(system.model().bodies.size(), Vec6::Zero())
{
  for (int k = 0; k < static_cast<int>(m_rows.size()); ++k)
    m_active.push_back(k);
  // Elements that may limit a step: contacts (solid, clearance) and function forces (IMPACT,
  // BISTOP). Only then does a step's start pose the bodies for them.
  m_stepControl = hasContacts(m_model) || hasFunctionForces(m_model);
  if (!system.frictionJoints().empty())
    m_friction = std::make_unique<FrictionCoupling>(system, topology);
}

JointSpaceEquations::~JointSpaceEquations() = default;

void JointSpaceEquations::useHistory(loads::History* history)
{
  m_history = history;
  m_historyKept = false;
  if (history)
    for (const auto& slot : history->slots)
      m_historyKept = m_historyKept || slot != nullptr;
}

double JointSpaceEquations::startStep(double t, const Vec& q, const Vec& v)
{
  if (!m_stepControl)
    return std::numeric_limits<double>::infinity();
  m_tree.kinematics(q, v);
  absoluteState(m_qAbs, m_qdAbs);
  return m_system.startStep(t, m_qAbs, m_qdAbs, m_history);
}

void JointSpaceEquations::acceptStep(double t, const Vec& q, const Vec& v)
{
  if (!m_historyKept)
    return;
  m_tree.kinematics(q, v);
  absoluteState(m_qAbs, m_qdAbs);
  m_system.acceptLoadStep(t, m_qAbs, *m_history);
}

double JointSpaceEquations::endStepLimit(double t, const Vec& q, const Vec& v)
{
  if (!m_friction || !m_friction->limitsSteps() || !m_history)
    return std::numeric_limits<double>::infinity();
  m_tree.kinematics(q, v);
  absoluteState(m_qAbs, m_qdAbs);
  return m_system.endStepLimit(t, m_qAbs, m_qdAbs, m_history);
}

void JointSpaceEquations::absoluteState(Vec& qAbs, Vec& qdAbs, const Vec* signs) const
{
  const int nb = static_cast<int>(m_model.bodies.size());
  qAbs.resize(7 * nb);
  qdAbs.resize(7 * nb);
  for (int b = 0; b < nb; ++b) {
    const TreeBody& body = m_tree.bodies()[b];
    Vec4 p = detail::eulerParameters(Quat(body.rot));
    if (signs && p.dot(signs->segment<4>(7 * b + 3)) < 0.0)
      p = -p;
    const Vec3 w = body.v.head<3>();
    qAbs.segment<3>(7 * b) = body.r;
    qAbs.segment<4>(7 * b + 3) = p;
    qdAbs.segment<3>(7 * b) = body.v.tail<3>();
    qdAbs.segment<4>(7 * b + 3) = detail::pdotFromOmega(p, w);
  }
}

void JointSpaceEquations::appliedWrenches(double t)
{
  const int nb = static_cast<int>(m_model.bodies.size());
  for (int b = 0; b < nb; ++b)
    m_applied[b] << Vec3::Zero(), m_model.bodies[b].mass * m_model.gravity;  // about the CM
  if (m_system.loadElements().empty())
    return;
  // The load elements as the absolute formulation evaluates them, on the bodies' states: the load
  // on each body's r–p coordinates gives its force (Q_r) and moment about the CM (½ E Q_p).
  absoluteState(m_qAbs, m_qdAbs);
  m_system.elementForces(t, m_qAbs, m_qdAbs, m_generalized, m_history);
  for (int b = 0; b < nb; ++b) {
    const Vec3 force = m_generalized.segment<3>(7 * b);
    const Vec3 moment =
        0.5 * detail::matE(m_qAbs.segment<4>(7 * b + 3)) * m_generalized.segment<4>(7 * b + 3);
    m_applied[b] += wrenchAt(force, moment, Vec3::Zero());
  }
}

Mat JointSpaceEquations::jacobian()
{
  const Topology& topology = m_tree.topology();
  Mat g = Mat::Zero(static_cast<int>(m_active.size()), topology.nv);
  for (int r = 0; r < static_cast<int>(m_active.size()); ++r) {
    const ConstraintRow& row = m_rows[m_active[r]];
    if (row.form == RowForm::Coordinate) {
      g(r, row.rate) = row.sign;
      continue;
    }
    // w is independent of the rates: evaluate it at the current kinematics.
    const RowValues values = evaluateRow(row, m_tree, Vec::Zero(topology.nq), Vec::Zero(topology.nv), 0.0);
    for (const auto& [start, sign] : {std::pair{row.bodyI, 1.0}, std::pair{row.bodyJ, -1.0}})
      for (int b = start; b != kGround;) {
        const Mobilizer& m = topology.mobilizers[topology.bodyMobilizer[b]];
        if (m.nv > 0)
          // (S is referred to the body's CM: so is the wrench, for the same power wᵀS.)
          g.row(r).segment(m.vOffset, m.nv) +=
              sign *
              (m_tree.bodies()[b].s.transpose() * shiftForce(values.w, -m_tree.bodies()[b].r)).transpose();
        b = m.parent;
      }
  }
  return g;
}

std::vector<std::string> JointSpaceEquations::removeRedundantRows(double t, const Vec& q, const Vec& v)
{
  // The rank is taken a little away from the start (coordinates moved by up to 1e-3): a start at
  // a singular position (a slider-crank at dead centre) would otherwise drop an equation that is
  // independent everywhere else. Equations that are dependent by the mechanism's structure (the
  // out-of-plane equations of a planar loop) stay dependent there.
  Vec moved = q;
  for (int k = 0; k < moved.size(); ++k)
    moved[k] += 1e-3 * std::sin(1.0 + 7.0 * k);
  for (const Mobilizer& m : m_tree.topology().mobilizers)
    normalizeCoordinates(m, moved.data() + m.qOffset);
  m_tree.kinematics(moved, v);
  m_active.resize(m_rows.size());
  for (int k = 0; k < static_cast<int>(m_rows.size()); ++k)
    m_active[k] = k;
  const Mat g = jacobian();
  m_tree.kinematics(q, v);
  // Gram–Schmidt in row order: a row is redundant when what is left of it after removing its
  // components along the kept rows is below 1e-8 of its norm (or of the largest row's: a row that
  // is zero but for round-off is redundant too).
  double largest = 0.0;
  for (int r = 0; r < g.rows(); ++r)
    largest = std::max(largest, g.row(r).norm());
  std::vector<Vec> basis;
  std::vector<int> kept, redundant;
  for (int r = 0; r < g.rows(); ++r) {
    Vec x = g.row(r).transpose();
    const double norm = x.norm();
    for (const Vec& e : basis)
      x -= e.dot(x) * e;
    if (x.norm() > 1e-8 * std::max(norm, largest)) {
      basis.push_back(x / x.norm());
      kept.push_back(r);
    } else {
      redundant.push_back(r);
    }
  }
  std::map<std::pair<int, int>, std::vector<int>> byEntity;
  for (int r : redundant)
    byEntity[{static_cast<int>(m_rows[r].owner), m_rows[r].entity}].push_back(m_rows[r].equation + 1);
  std::vector<std::string> warnings;
  for (const auto& [entityKey, equations] : byEntity) {
    const auto key = entityKey;  // a structured binding cannot be captured (clang, C++20)
    const ConstraintRow& any = *std::find_if(m_rows.begin(), m_rows.end(), [&](const ConstraintRow& row) {
      return static_cast<int>(row.owner) == key.first && row.entity == key.second;
    });
    std::string text;
    if (any.owner == ConstraintKind::Joint) {
      const Joint& j = m_model.joints[any.entity];
      text = "joint '" + j.name + "' (" + toString(j.type) + ", cut joint of the DMBS tree): equation";
    } else {
      text = "motion '" + m_model.motions[any.entity].name + "': equation";
    }
    text += equations.size() > 1 ? "s " : " ";
    for (std::size_t k = 0; k < equations.size(); ++k)
      text += (k ? ", " : "") + std::to_string(equations[k]);
    text += equations.size() > 1 ? " are redundant and were removed" : " is redundant and was removed";
    warnings.push_back(text);
  }
  m_active = kept;
  (void)t;
  return warnings;
}

void JointSpaceEquations::derivative(double t, const Vec& q, const Vec& v, Vec& qd, Vec& vd)
{
  const Topology& topology = m_tree.topology();
  m_tree.kinematics(q, v);
  appliedWrenches(t);
  qd.resize(topology.nq);
  for (const Mobilizer& m : topology.mobilizers)
    coordinateRates(m, q.data() + m.qOffset, v.data() + m.vOffset, qd.data() + m.qOffset);
  if (!m_friction) {
    accelerations(t, q, v, m_applied, vd);
    return;
  }
  // Joint friction: its loads and the reactions they depend on are solved together
  // (dmbs/FrictionCoupling.hpp).
  if (m_friction->solve(*this, t, q, v, vd)) {
    m_failure.clear();
    return;
  }
  m_failure = m_friction->failure();
  vd.setConstant(topology.nv, std::numeric_limits<double>::quiet_NaN());
}

Vec JointSpaceEquations::frictionForces(const Vec& qAbs) const
{
  if (!m_friction)
    return Vec();
  Vec q = m_friction->generalizedForces();
  // Q_p = 2 Eᵀ(p) n is odd in p: the same moment on −p is −Q_p.
  for (int b = 0; b < static_cast<int>(m_model.bodies.size()); ++b)
    if (qAbs.segment<4>(7 * b + 3).dot(m_qAbs.segment<4>(7 * b + 3)) < 0.0)
      q.segment<4>(7 * b + 3) = -q.segment<4>(7 * b + 3);
  return q;
}

namespace {

// Each row's acceleration for a given set of body accelerations (about O) / joint accelerations.
double rowAcceleration(const ConstraintRow& row, const Vec6& w, const Vec& jointAcc, const Vec6& ai,
                       const Vec6& aj)
{
  return row.form == RowForm::Coordinate ? row.sign * jointAcc[row.rate] : w.dot(ai - aj);
}

}  // namespace

void JointSpaceEquations::accelerations(double t, const Vec& q, const Vec& v,
                                        const std::vector<Vec6>& applied, Vec& vd)
{
  m_tree.forwardDynamics(applied, vd);
  const int na = static_cast<int>(m_active.size());
  m_path = MultiplierPath::None;
  m_mu.resize(na);
  if (na == 0)
    return;
  std::vector<RowValues>& values = m_values;
  values.resize(na);
  Vec rhs(na);
  for (int r = 0; r < na; ++r) {
    const ConstraintRow& row = m_rows[m_active[r]];
    values[r] = evaluateRow(row, m_tree, q, v, t);
    const double target = -values[r].bias - 2.0 * m_stabilization.c1 * values[r].phiDot -
                          m_stabilization.c2 * m_stabilization.c2 * values[r].phi;
    rhs[r] = target - rowAcceleration(row, values[r].w, vd, m_tree.bodyAcceleration(row.bodyI),
                                      m_tree.bodyAcceleration(row.bodyJ));
  }
  if (na >= m_stabilization.sparseFromRows && sparseMultipliers(values, rhs, vd))
    return;
  // G M⁻¹ Gᵀ column by column: the tree's response to each equation's unit reaction.
  m_responses.resize(na);
  Mat& h = m_h;
  h.resize(na, na);
  for (int k = 0; k < na; ++k) {
    const ConstraintRow& row = m_rows[m_active[k]];
    m_tree.unitResponse(row.bodyI, row.bodyJ, values[k].w, row.form == RowForm::Coordinate ? row.rate : -1,
                        m_responses[k], m_accel);
    // A coordinate row's load is the generalized force sign·e_k: scale its response by the sign.
    const double loadSign = row.form == RowForm::Coordinate ? row.sign : 1.0;
    m_responses[k] *= loadSign;
    for (int r = 0; r < na; ++r) {
      const ConstraintRow& other = m_rows[m_active[r]];
      const Vec6 ai = other.bodyI == kGround ? Vec6::Zero() : Vec6(loadSign * m_accel[other.bodyI]);
      const Vec6 aj = other.bodyJ == kGround ? Vec6::Zero() : Vec6(loadSign * m_accel[other.bodyJ]);
      h(r, k) = rowAcceleration(other, values[r].w, m_responses[k], ai, aj);
    }
  }
  h = 0.5 * (h + h.transpose());
  if (na == 1) {
    m_path = MultiplierPath::Scalar;
  } else if (m_ldlt.compute(h); m_ldlt.info() == Eigen::Success &&
                                !nearSingular(
                                    m_ldlt.vectorD(), [&]() { return Vec(h.cwiseAbs().rowwise().sum()); },
                                    [&](const Vec& x) { return Vec(m_ldlt.solve(x)); })) {
    // Away from a singular position: a plain LDLT, several times cheaper than the eigenvalues for
    // many cut equations.
    m_path = MultiplierPath::Ldlt;
  } else {
    m_path = MultiplierPath::Damped;
    ++m_dampedSolves;
  }
  m_mu = solveMultipliers(rhs);
  for (int k = 0; k < na; ++k)
    vd += m_mu[k] * m_responses[k];
}

Vec JointSpaceEquations::solveMultipliers(const Vec& rhs) const
{
  switch (m_path) {
    case MultiplierPath::None:
      return Vec();
    case MultiplierPath::Scalar: {
      const double s = m_h(0, 0), d = m_stabilization.singularDamping * std::abs(s);
      return Vec::Constant(1, s * rhs[0] / (s * s + d * d));
    }
    case MultiplierPath::Ldlt:
      return m_ldlt.solve(rhs);
    case MultiplierPath::Damped:
      return dampedSolve(m_h, rhs, m_stabilization.singularDamping);
    case MultiplierPath::Sparse:
      return m_sparse->solve(rhs);
    case MultiplierPath::SparseDamped:
      return m_sparse->dampedSolve(rhs, m_stabilization.singularDamping);
  }
  return Vec();
}

void JointSpaceEquations::linearResponse(int bodyI, int bodyJ, const Vec6& w, Vec& dvd, Vec& dmu)
{
  m_tree.unitResponse(bodyI, bodyJ, w, -1, dvd, m_probe);
  const int na = static_cast<int>(m_active.size());
  dmu.resize(na);
  if (na == 0)
    return;
  // The rows' accelerations the load causes are cancelled by the multipliers' (no bias, no drift:
  // those are the base solve's).
  Vec rhs(na);
  for (int r = 0; r < na; ++r) {
    const ConstraintRow& row = m_rows[m_active[r]];
    const Vec6 ai = row.bodyI == kGround ? Vec6::Zero() : m_probe[row.bodyI];
    const Vec6 aj = row.bodyJ == kGround ? Vec6::Zero() : m_probe[row.bodyJ];
    rhs[r] = -rowAcceleration(row, m_values[r].w, dvd, ai, aj);
  }
  dmu = solveMultipliers(rhs);
  if (m_path == MultiplierPath::Sparse || m_path == MultiplierPath::SparseDamped) {
    m_sparse->addResponse(dmu, dvd);
    return;
  }
  for (int k = 0; k < na; ++k)
    dvd += dmu[k] * m_responses[k];
}

bool JointSpaceEquations::sparseMultipliers(const std::vector<RowValues>& values, const Vec& rhs, Vec& vd)
{
  if (!m_sparse)
    m_sparse = std::make_unique<SparseLoopSolver>(m_tree.topology());
  // M is positive definite unless a body has no mass: then the dense path reports it.
  if (!m_sparse->factor(m_tree, m_rows, m_active, values))
    return false;
  if (m_sparse->hFactored() && !m_sparse->nearSingular()) {
    m_path = MultiplierPath::Sparse;
  } else {
    // H singular or nearly so (dmbs/NearSingular.hpp): the damped solve.
    m_path = MultiplierPath::SparseDamped;
    ++m_dampedSolves;
  }
  m_mu = solveMultipliers(rhs);
  m_sparse->addResponse(m_mu, vd);
  return true;
}

void JointSpaceEquations::derivative(double t, const Vec& y, Vec& dy)
{
  const int nq = numCoordinates(), nv = numRates();
  m_qSplit = y.head(nq);
  m_vSplit = y.tail(nv);
  derivative(t, m_qSplit, m_vSplit, m_qdSplit, m_vdSplit);
  dy.resize(nq + nv);
  dy << m_qdSplit, m_vdSplit;
}

double JointSpaceEquations::largestResidual(double t, const Vec& q, const Vec& v, std::string* where)
{
  m_tree.kinematics(q, v);
  double largest = 0.0;
  for (int k : m_active) {
    const double r = std::abs(evaluateRow(m_rows[k], m_tree, q, v, t).phi);
    if (r > largest) {
      largest = r;
      if (where)
        *where = describeRow(m_model, m_rows[k]);
    }
  }
  return largest;
}

}  // namespace mbs::solver::dmbs
