#include "System.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <memory>
#include <stdexcept>
#include <type_traits>

#include "constraints/ConstraintRows.hpp"
#include "constraints/CurveJointBlocks.hpp"
#include "flexible/FlexibleConstraints.hpp"
#include "flexible/FlexibleInertia.hpp"
#include "forces/ClearanceKinds.hpp"
#include "kinematics/EulerParameters.hpp"
#include "kinematics/RangeJet.hpp"
#include "loads/Registry.hpp"

namespace mbs::solver {
namespace {

using detail::BlockBodies;
using detail::BodyVars;
// Second-order jets carry the index range of their derivatives (RangeJet.hpp): a body's
// quantities then cost 16–49 Hessian entries instead of 196. First-order jets stay dense: on 14
// entries the fixed-size vector operations are cheaper than keeping ranges.
template <int N, bool K>
using Jet = std::conditional_t<K, detail::RangeJet<N, true>, detail::Jet<N, false>>;

std::string quoted(const std::string& kind, const std::string& name)
{
  return kind + " '" + name + "'";
}

bool validMarker(const Model& m, int index)
{
  return index >= 0 && index < static_cast<int>(m.markers.size());
}

// Body slots a scalar type is used for: 14-wide jets serve blocks of at most two bodies.
template <class T>
constexpr int kSlots = 4;
template <>
constexpr int kSlots<Jet<14, false>> = 2;
template <>
constexpr int kSlots<Jet<14, true>> = 2;

// Jets whose A(p) setPositionVars builds from 4-wide jets; kHessian says whether they carry one.
template <class T>
struct EmbeddedRotation : std::false_type {
};
template <int N>
struct EmbeddedRotation<detail::Jet<N, false>> : std::true_type {
  static constexpr bool kHessian = false;
  static constexpr int kWidth = N;
};
template <int N>
struct EmbeddedRotation<detail::RangeJet<N, true>> : std::true_type {
  static constexpr bool kHessian = true;
  static constexpr int kWidth = N;
};

// b = positionVars<T>(q, body, slot), with A(p) built on 4-wide jets of the Euler parameters and
// placed at the slot's columns: the same values and derivatives as the N-wide products, which
// cost a fifth of a dynamic run.
template <class T>
void setPositionVars(BodyVars<T>& b, const Vec& q, int body, int slot)
{
  if constexpr (EmbeddedRotation<T>::value) {
    if (body == kGround) {
      b = BodyVars<T>();
      return;
    }
    constexpr bool kHessian = EmbeddedRotation<T>::kHessian;
    constexpr int N = EmbeddedRotation<T>::kWidth;
    using J4 = detail::Jet<4, kHessian>;
    b.ground = false;
    b.deformation = nullptr;
    const int o = 7 * body, c = 7 * slot;
    for (int k = 0; k < 3; ++k)
      b.r[k] = T::variable(q[o + k], c + k);
    std::array<J4, 4> p4;
    for (int k = 0; k < 4; ++k) {
      b.p[k] = T::variable(q[o + 3 + k], c + 3 + k);
      p4[k] = J4::variable(q[o + 3 + k], k);
    }
    const detail::Rot<J4> a4 = detail::rotation(p4);
    for (int m = 0; m < 9; ++m) {
      T& a = b.A.a[m];
      a.v = a4.a[m].v;
      if constexpr (kHessian) {
        a.lo = c + 3;
        a.hi = c + 7;
        for (int i = 0; i < 4; ++i) {
          a.g[c + 3 + i] = a4.a[m].g[i];
          for (int j = 0; j < 4; ++j)
            a.H[(c + 3 + i) * N + c + 3 + j] = a4.a[m].H(i, j);
        }
      } else {
        a.g.setZero();
        a.g.template segment<4>(c + 3) = a4.a[m].g;
      }
    }
  } else {
    b = detail::positionVars<T>(q, body, slot);
  }
}

// Evaluates the rows of one block with scalar T, seeding slot s's coordinates at 7·s + k.
template <class T>
void evalRows(const Model& model, const ConstraintBlock& block, const BlockBodies& bb, const Vec& q, double t,
              T* out)
{
  // First-order jets on the stack (a heap block per residual row block cost 2–3 % of a run);
  // second-order jets of a coupler's four bodies are large: on the heap.
  if constexpr (sizeof(BodyVars<T>) * kSlots<T> <= 16384) {
    if (bb.count <= kSlots<T>) {
      std::array<BodyVars<T>, kSlots<T>> vars;
      for (int s = 0; s < bb.count; ++s)
        setPositionVars(vars[s], q, bb.body[s], s);
      detail::blockRows(model, block, vars.data(), t, out);
      return;
    }
  }
  // Default-initialized (a std::vector would zero every jet first).
  const std::unique_ptr<BodyVars<T>[]> vars(new BodyVars<T>[bb.count]);
  for (int s = 0; s < bb.count; ++s)
    setPositionVars(vars[s], q, bb.body[s], s);
  detail::blockRows(model, block, vars.get(), t, out);
}

template <int N>
void jacobianRows(const Model& model, const ConstraintBlock& block, const BlockBodies& bb, const Vec& q,
                  double t, Triplets& triplets)
{
  using J = Jet<N, false>;
  std::array<J, 6> rows;
  evalRows(model, block, bb, q, t, rows.data());
  for (int r = 0; r < block.rows; ++r) {
    for (int s = 0; s < bb.count; ++s) {
      if (bb.body[s] == kGround)
        continue;
      for (int k = 0; k < 7; ++k) {
        const double v = rows[r].g[7 * s + k];
        if (v != 0.0)
          triplets.emplace_back(block.firstRow + r, 7 * bb.body[s] + k, v);
      }
    }
  }
}

// Φ of one block and its Jacobian entries handed to add(row, column, value), from one jet pass.
template <int N, class Add>
void blockValuesAndJacobian(const Model& model, const ConstraintBlock& block, const BlockBodies& bb,
                            const Vec& q, double t, Vec& phi, Add&& add)
{
  using J = Jet<N, false>;
  std::array<J, 6> rows;
  evalRows(model, block, bb, q, t, rows.data());
  for (int r = 0; r < block.rows; ++r) {
    phi[block.firstRow + r] = rows[r].v;
    for (int s = 0; s < bb.count; ++s)
      if (bb.body[s] != kGround)
        for (int k = 0; k < 7; ++k)
          add(block.firstRow + r, 7 * bb.body[s] + k, rows[r].g[7 * s + k]);
  }
}

// h += λ·(the row's Hessian), on the row's range.
template <int N>
void addHessian(Eigen::Matrix<double, N, N>& h, double lambda, const Jet<N, true>& row)
{
  for (int j = row.lo; j < row.hi; ++j)
    for (int i = row.lo; i < row.hi; ++i)
      h(i, j) += lambda * row.H[i * N + j];
}

template <int N>
void hessianSum(const Model& model, const ConstraintBlock& block, const BlockBodies& bb, const Vec& q,
                double t, const Vec& lambda, Triplets& triplets)
{
  using J = Jet<N, true>;
  std::vector<J> rows(6);
  evalRows(model, block, bb, q, t, rows.data());
  Eigen::Matrix<double, N, N> h = Eigen::Matrix<double, N, N>::Zero();
  for (int r = 0; r < block.rows; ++r)
    addHessian(h, lambda[block.firstRow + r], rows[r]);
  for (int a = 0; a < bb.count; ++a) {
    if (bb.body[a] == kGround)
      continue;
    for (int b = 0; b < bb.count; ++b) {
      if (bb.body[b] == kGround)
        continue;
      for (int i = 0; i < 7; ++i)
        for (int j = 0; j < 7; ++j) {
          const double v = h(7 * a + i, 7 * b + j);
          if (v != 0.0)
            triplets.emplace_back(7 * bb.body[a] + i, 7 * bb.body[b] + j, v);
        }
    }
  }
}

// Σ λ_r ∂²Φ_r/∂q² and the rows ∂(Φ_q v)_r/∂q = (∂²Φ_r/∂q²) v of one block from one jet pass.
template <int N>
void hessianSumAndVelocityRows(const Model& model, const ConstraintBlock& block, const BlockBodies& bb,
                               const Vec& q, double t, const Vec& lambda, const Vec& v, Triplets& hessian,
                               Triplets& velocityRows)
{
  using J = Jet<N, true>;
  std::vector<J> rows(6);
  evalRows(model, block, bb, q, t, rows.data());
  Eigen::Matrix<double, N, 1> local = Eigen::Matrix<double, N, 1>::Zero();
  for (int s = 0; s < bb.count; ++s)
    if (bb.body[s] != kGround)
      local.template segment<7>(7 * s) = v.segment<7>(7 * bb.body[s]);
  Eigen::Matrix<double, N, N> h = Eigen::Matrix<double, N, N>::Zero();
  for (int r = 0; r < block.rows; ++r) {
    const J& row = rows[r];
    addHessian(h, lambda[block.firstRow + r], row);
    Eigen::Matrix<double, N, 1> hv = Eigen::Matrix<double, N, 1>::Zero();
    for (int i = row.lo; i < row.hi; ++i)
      for (int j = row.lo; j < row.hi; ++j)
        hv[i] += row.H[i * N + j] * local[j];
    for (int s = 0; s < bb.count; ++s)
      if (bb.body[s] != kGround)
        for (int k = 0; k < 7; ++k)
          if (hv[7 * s + k] != 0.0)
            velocityRows.emplace_back(block.firstRow + r, 7 * bb.body[s] + k, hv[7 * s + k]);
  }
  for (int a = 0; a < bb.count; ++a) {
    if (bb.body[a] == kGround)
      continue;
    for (int b = 0; b < bb.count; ++b) {
      if (bb.body[b] == kGround)
        continue;
      for (int i = 0; i < 7; ++i)
        for (int j = 0; j < 7; ++j) {
          const double value = h(7 * a + i, 7 * b + j);
          if (value != 0.0)
            hessian.emplace_back(7 * bb.body[a] + i, 7 * bb.body[b] + j, value);
        }
    }
  }
}

// Φ, Φ_q v and Φ_qᵀ·multipliers (at most two columns) of one block from one jet pass, summed on
// the block's local coordinates and scattered once per body (instead of one dynamic row update
// per Jacobian entry).
template <int N>
void blockProducts(const Model& model, const ConstraintBlock& block, const BlockBodies& bb, const Vec& q,
                   double t, const Vec& v, const Mat& multipliers, Vec& phi, Vec& phiQv,
                   Mat& phiQtMultipliers)
{
  using J = Jet<N, false>;
  std::array<J, 6> rows;
  evalRows(model, block, bb, q, t, rows.data());
  Eigen::Matrix<double, N, 1> local = Eigen::Matrix<double, N, 1>::Zero();
  for (int s = 0; s < bb.count; ++s)
    if (bb.body[s] != kGround)
      local.template segment<7>(7 * s) = v.segment<7>(7 * bb.body[s]);
  const int k = static_cast<int>(multipliers.cols());
  Eigen::Matrix<double, N, 2> sum = Eigen::Matrix<double, N, 2>::Zero();
  for (int r = 0; r < block.rows; ++r) {
    const int row = block.firstRow + r;
    phi[row] = rows[r].v;
    phiQv[row] = rows[r].g.dot(local);
    for (int c = 0; c < k; ++c)
      sum.col(c) += multipliers(row, c) * rows[r].g;
  }
  for (int s = 0; s < bb.count; ++s)
    if (bb.body[s] != kGround)
      for (int c = 0; c < k; ++c)
        phiQtMultipliers.col(c).template segment<7>(7 * bb.body[s]) += sum.col(c).template segment<7>(7 * s);
}

}  // namespace

Status System::validate(const Model& model)
{
  const int nb = static_cast<int>(model.bodies.size());
  if (nb == 0)  // nothing to solve for (and the empty linear systems would be factored by zero)
    return Status::failure(StatusCode::BadInput,
                           "the model has no moving parts: add a part besides the ground");
  for (const Body& b : model.bodies) {
    if (b.flexible) {
      const std::string problem = b.flexible->problem();
      if (!problem.empty())
        return Status::failure(StatusCode::BadInput, quoted("flexible body", b.name) + ": " + problem,
                               b.name);
      const int m = b.flexible->modeCount();
      if ((b.modalCoordinates.size() != 0 && b.modalCoordinates.size() != m) ||
          (b.modalVelocities.size() != 0 && b.modalVelocities.size() != m))
        return Status::failure(StatusCode::BadInput,
                               quoted("flexible body", b.name) + ": initial modal coordinates must have " +
                                   std::to_string(m) + " entries",
                               b.name);
      continue;  // mass and inertia come from the invariants
    }
    // Mass 0 with inertia 0 (massless) and inertia 0 with mass (no rotary inertia) are allowed when
    // constraints hold those degrees of freedom (analysis/MasslessBodies.cpp checks it).
    const bool noInertia = b.inertia.isZero(0.0);
    if (!(b.mass > 0.0) && !(b.mass == 0.0 && noInertia))
      return Status::failure(
          StatusCode::BadInput,
          quoted("body", b.name) + (b.mass == 0.0 ? ": a massless body must have no inertia either"
                                                  : ": mass must be positive (or zero, with zero inertia)"),
          b.name);
    if (noInertia)
      continue;
    Eigen::SelfAdjointEigenSolver<Mat3> eig(0.5 * (b.inertia + b.inertia.transpose()));
    if ((b.inertia - b.inertia.transpose()).norm() > 1e-9 * b.inertia.norm() ||
        !(eig.eigenvalues().minCoeff() > 0.0))
      return Status::failure(StatusCode::BadInput,
                             quoted("body", b.name) + ": inertia must be symmetric positive definite",
                             b.name);
  }
  for (const Marker& m : model.markers) {
    if (m.body < kGround || m.body >= nb)
      return Status::failure(StatusCode::BadInput, quoted("marker", m.name) + ": body index out of range",
                             m.name);
    if (m.interfaceNode >= 0) {
      const bool flexible = m.body != kGround && model.bodies[m.body].flexible;
      if (!flexible || m.interfaceNode >= static_cast<int>(model.bodies[m.body].flexible->interfaces.size()))
        return Status::failure(StatusCode::BadInput,
                               quoted("marker", m.name) + ": interface node " +
                                   std::to_string(m.interfaceNode) +
                                   " does not exist on its body (not flexible or index out of range)",
                               m.name);
    }
    if ((m.orientation.transpose() * m.orientation - Mat3::Identity()).norm() > 1e-6)
      return Status::failure(StatusCode::BadInput,
                             quoted("marker", m.name) + ": orientation is not a rotation", m.name);
  }
  const int nj = static_cast<int>(model.joints.size());
  auto onFlexibleNode = [&](int marker) {
    return validMarker(model, marker) && model.markers[marker].interfaceNode >= 0;
  };
  for (const Joint& j : model.joints) {
    if (j.type == JointType::Coupler) {
      for (int k = 0; k < 2; ++k) {
        const int c = j.coupledJoints[k];
        if (c >= 0 && c < nj &&
            (onFlexibleNode(model.joints[c].iMarker) || onFlexibleNode(model.joints[c].jMarker)))
          return Status::failure(
              StatusCode::BadInput,
              quoted("coupler", j.name) + ": coupled joints on flexible-body markers are not supported",
              j.name);
      }
      for (int k = 0; k < 2; ++k) {
        const int c = j.coupledJoints[k];
        if (c < 0 || c >= nj || model.joints[c].type == JointType::Coupler)
          return Status::failure(StatusCode::BadInput,
                                 quoted("coupler", j.name) + ": coupled joint index invalid", j.name);
        const JointType ct = model.joints[c].type;
        if (ct != JointType::Revolute && ct != JointType::Translational && ct != JointType::Cylindrical)
          return Status::failure(StatusCode::BadInput,
                                 quoted("coupler", j.name) + ": joint '" + model.joints[c].name +
                                     "' must be revolute, translational or cylindrical",
                                 j.name);
      }
      continue;
    }
    if (!validMarker(model, j.iMarker) || !validMarker(model, j.jMarker))
      return Status::failure(StatusCode::BadInput, quoted("joint", j.name) + ": marker index out of range",
                             j.name);
    if (model.markers[j.iMarker].body == model.markers[j.jMarker].body)
      return Status::failure(StatusCode::BadInput,
                             quoted("joint", j.name) + ": I and J markers are on the same body", j.name);
    if (j.type == JointType::PointCurve) {
      if (!j.curve || !j.curve->valid())
        return Status::failure(StatusCode::BadInput,
                               quoted("joint", j.name) + ": point-to-curve joint without a valid curve" +
                                   (j.curve ? " (" + j.curve->problem() + ")" : std::string()),
                               j.name);
      if (onFlexibleNode(j.iMarker) || onFlexibleNode(j.jMarker))
        return Status::failure(
            StatusCode::BadInput,
            quoted("joint", j.name) + ": point-to-curve joints on flexible-body markers are not supported",
            j.name);
      if (j.friction || j.clearance)
        return Status::failure(
            StatusCode::BadInput,
            quoted("joint", j.name) + ": a point-to-curve joint can have neither friction nor clearance",
            j.name);
    }
    if (j.type == JointType::CurveCurve)
      if (Status c = validateCurveCurve(model, j); !c.ok())
        return c;
    if (j.type == JointType::Screw && j.pitch == 0.0)
      return Status::failure(StatusCode::BadInput, quoted("joint", j.name) + ": screw pitch must be non-zero",
                             j.name);
  }
  for (const Motion& m : model.motions) {
    if (!validMarker(model, m.iMarker) || !validMarker(model, m.jMarker))
      return Status::failure(StatusCode::BadInput, quoted("motion", m.name) + ": marker index out of range",
                             m.name);
    if (model.markers[m.iMarker].body == model.markers[m.jMarker].body)
      return Status::failure(StatusCode::BadInput,
                             quoted("motion", m.name) + ": I and J markers are on the same body", m.name);
    if (!m.displacement)
      return Status::failure(StatusCode::BadInput, quoted("motion", m.name) + ": no displacement function",
                             m.name);
  }
  for (const JointInitialCondition& ic : model.jointInitialConditions) {
    if (ic.joint < 0 || ic.joint >= nj)
      return Status::failure(StatusCode::BadInput, "joint initial condition: joint index out of range");
    const Joint& j = model.joints[ic.joint];
    const bool rotation = ic.axis == MotionAxis::RotationZ, translation = ic.axis == MotionAxis::Z;
    const bool fits = j.type == JointType::Cylindrical || (rotation && j.type == JointType::Revolute) ||
                      (translation && j.type == JointType::Translational);
    if (!fits)
      return Status::failure(StatusCode::BadInput,
                             quoted("joint", j.name) + ": initial " +
                                 (rotation ? "rotation" : "translation") + " given, but a " +
                                 toString(j.type) + " joint has no such coordinate",
                             j.name);
  }
  // Force elements, friction, clearance contacts …: each family checks its own (loads/Registry.cpp).
  return loads::validate(model);
}

System::System(Model model) : m_model(std::move(model))
{
  // A joint with clearance keeps only the constraint its kind leaves (a revolute its planar part);
  // the freedom in the clearance is the contact force (forces/ClearanceKinds.hpp).
  detail::substituteClearanceJoints(m_model);
  const Status s = validate(m_model);
  if (!s.ok())
    throw std::invalid_argument("System: " + s.message);
  int row = 0;
  // Normalization rows first: they are never redundant, so a rank scan in row order blames joints.
  for (int b = 0; b < numBodies(); ++b)
    m_blocks.push_back({ConstraintKind::Normalization, b, row++, 1});
  for (int j = 0; j < static_cast<int>(m_model.joints.size()); ++j) {
    const int n = equationCount(m_model.joints[j].type);
    m_blocks.push_back({ConstraintKind::Joint, j, row, n});
    row += n;
  }
  for (int m = 0; m < static_cast<int>(m_model.motions.size()); ++m)
    m_blocks.push_back({ConstraintKind::Motion, m, row++, 1});
  m_numConstraints = row;
  for (int j = 0; j < static_cast<int>(m_model.joints.size()); ++j) {
    if (m_model.joints[j].friction && m_model.joints[j].friction->active())
      m_frictionJoints.push_back(j);
    if (m_model.joints[j].clearance)
      m_clearanceJoints.push_back(j);
  }
  m_numCoordinates = kCoordinatesPerBody * numBodies();
  for (const Body& body : m_model.bodies) {
    m_modalOffset.push_back(body.flexible ? m_numCoordinates : -1);
    if (body.flexible)
      m_numCoordinates += body.flexible->modeCount();
  }
  // Curve parameters of point-to-curve (α) and curve-to-curve joints (α, β): massless, held by
  // their joint's rows.
  m_curveCoordinate.assign(m_model.joints.size(), -1);
  for (std::size_t j = 0; j < m_model.joints.size(); ++j)
    if (const int n = curveParameterCount(m_model.joints[j].type); n > 0) {
      m_curveCoordinate[j] = m_numCoordinates;
      m_numCoordinates += n;
    }
  // First-order states (DIFF) last: unconstrained, never normalized, unit mass (System.hpp).
  m_differentialOffset = m_numCoordinates;
  m_numCoordinates += static_cast<int>(m_model.differentials.size());
  for (const ConstraintBlock& b : m_blocks)
    m_flexibleBlock.push_back(detail::FlexibleBlocks::involves(m_model, b));
  m_loads = loads::build(m_model, *this);
  for (std::size_t k = 0; k < m_loads.size(); ++k) {
    (m_loads[k]->usesMultipliers() ? m_multiplierLoads : m_stateLoads).push_back(k);
    m_channelCount.push_back(static_cast<int>(m_loads[k]->workChannels().size()));
  }
}

int System::modeCount(int body) const
{
  const auto& flex = m_model.bodies[body].flexible;
  return flex ? flex->modeCount() : 0;
}

const std::string& System::coordinateOwner(int k) const
{
  if (k >= m_differentialOffset && k < m_numCoordinates)
    return m_model.differentials[std::size_t(k - m_differentialOffset)].name;
  if (k < kCoordinatesPerBody * numBodies())
    return m_model.bodies[k / kCoordinatesPerBody].name;
  for (std::size_t j = 0; j < m_curveCoordinate.size(); ++j)
    if (m_curveCoordinate[j] >= 0 && k >= m_curveCoordinate[j] &&
        k < m_curveCoordinate[j] + curveParameterCount(m_model.joints[j].type))
      return m_model.joints[j].name;
  for (int b = numBodies() - 1; b >= 0; --b)
    if (m_modalOffset[b] >= 0 && k >= m_modalOffset[b])
      return m_model.bodies[b].name;
  return m_model.bodies.at(0).name;
}

int System::numCoordinates() const
{
  return m_numCoordinates;
}

int System::numConstraints() const
{
  return m_numConstraints;
}

void System::mass(const Vec& q, SparseMat& M) const
{
  const bool rigid = std::none_of(m_model.bodies.begin(), m_model.bodies.end(),
                                  [](const Body& body) { return static_cast<bool>(body.flexible); });
  const int nd = numDifferentials();
  if (rigid) {
    // Rigid bodies only: the pattern is fixed (m on the 3 translations, a 4 × 4 block on the Euler
    // parameters, 1 on each first-order state), so the compressed columns are written directly: no
    // triplet sort per residual.
    const int nb = numBodies(), n = m_numCoordinates, extra = n - 7 * nb;
    if (M.rows() != n || M.cols() != n || !M.isCompressed() || M.nonZeros() != 19 * nb + extra) {
      M.resize(n, n);
      M.resizeNonZeros(19 * nb + extra);
    }
    int* outer = M.outerIndexPtr();
    int* inner = M.innerIndexPtr();
    double* value = M.valuePtr();
    int k = 0;
    for (int b = 0; b < nb; ++b) {
      const Body& body = m_model.bodies[b];
      const int o = 7 * b;
      for (int i = 0; i < 3; ++i) {
        outer[o + i] = k;
        inner[k] = o + i;
        value[k++] = body.mass;
      }
      const detail::Mat34 g = detail::matG(q.segment<4>(o + 3));
      const Eigen::Matrix4d mp = 4.0 * g.transpose() * body.inertia * g;
      for (int j = 0; j < 4; ++j) {
        outer[o + 3 + j] = k;
        for (int i = 0; i < 4; ++i) {
          inner[k] = o + 3 + i;
          value[k++] = mp(i, j);
        }
      }
    }
    // Curve parameters (massless: a stored zero keeps the pattern), then first-order states.
    for (int c = 7 * nb; c < n; ++c) {
      outer[c] = k;
      inner[k] = c;
      value[k++] = c >= m_differentialOffset ? 1.0 : 0.0;
    }
    outer[n] = k;
    return;
  }
  Triplets t;
  for (int b = 0; b < numBodies(); ++b) {
    const Body& body = m_model.bodies[b];
    const int o = 7 * b;
    if (body.flexible) {
      addFlexibleMass(b, q, t);
      continue;
    }
    for (int k = 0; k < 3; ++k)
      t.emplace_back(o + k, o + k, body.mass);
    const detail::Mat34 g = detail::matG(q.segment<4>(o + 3));
    const Eigen::Matrix4d mp = 4.0 * g.transpose() * body.inertia * g;
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j)
        t.emplace_back(o + 3 + i, o + 3 + j, mp(i, j));
  }
  for (int d = 0; d < nd; ++d)
    t.emplace_back(m_differentialOffset + d, m_differentialOffset + d, 1.0);
  for (std::size_t j = 0; j < m_curveCoordinate.size(); ++j)
    for (int k = 0; k < curveParameterCount(m_model.joints[j].type); ++k)
      t.emplace_back(m_curveCoordinate[j] + k, m_curveCoordinate[j] + k, 0.0);
  M.resize(numCoordinates(), numCoordinates());
  M.setFromTriplets(t.begin(), t.end());
}

void System::constraints(double t, const Vec& q, Vec& phi) const
{
  phi.setZero(numConstraints());
  for (const ConstraintBlock& b : m_blocks) {
    if (b.kind == ConstraintKind::Normalization) {
      phi[b.firstRow] = q.segment<4>(7 * b.entity + 3).squaredNorm() - 1.0;
      continue;
    }
    std::array<double, 6> rows{};
    if (isFlexible(b))
      detail::FlexibleBlocks(m_model, m_modalOffset).rows(b, q, t, rows.data());
    else if (isCurve(b))
      detail::CurveJointBlocks(m_model, m_curveCoordinate).rows(b, q, rows.data());
    else
      evalRows(m_model, b, detail::blockBodies(m_model, b), q, t, rows.data());
    for (int r = 0; r < b.rows; ++r)
      phi[b.firstRow + r] = rows[r];
  }
}

void System::constraintJacobian(double t, const Vec& q, SparseMat& phiQ) const
{
  Triplets triplets;
  for (const ConstraintBlock& b : m_blocks) {
    if (b.kind == ConstraintKind::Normalization) {
      for (int k = 0; k < 4; ++k)
        triplets.emplace_back(b.firstRow, 7 * b.entity + 3 + k, 2.0 * q[7 * b.entity + 3 + k]);
      continue;
    }
    if (isFlexible(b)) {
      detail::FlexibleBlocks(m_model, m_modalOffset).jacobian(b, q, t, triplets);
      continue;
    }
    if (isCurve(b)) {
      detail::CurveJointBlocks(m_model, m_curveCoordinate).jacobian(b, q, triplets);
      continue;
    }
    const BlockBodies bb = detail::blockBodies(m_model, b);
    if (bb.count <= 2)
      jacobianRows<14>(m_model, b, bb, q, t, triplets);
    else
      jacobianRows<28>(m_model, b, bb, q, t, triplets);
  }
  phiQ.resize(numConstraints(), numCoordinates());
  phiQ.setFromTriplets(triplets.begin(), triplets.end());
}

void System::constraintProducts(double t, const Vec& q, const Vec& v, const Mat& multipliers, Vec& phi,
                                Vec& phiQv, Mat& phiQtMultipliers) const
{
  phi.setZero(numConstraints());
  phiQv.setZero(numConstraints());
  phiQtMultipliers.setZero(numCoordinates(), multipliers.cols());
  auto add = [&](int row, int column, double value) {
    phiQv[row] += value * v[column];
    phiQtMultipliers.row(column) += value * multipliers.row(row);
  };
  Triplets flexible;
  for (const ConstraintBlock& b : m_blocks) {
    if (b.kind == ConstraintKind::Normalization) {
      const int o = 7 * b.entity + 3;
      phi[b.firstRow] = q.segment<4>(o).squaredNorm() - 1.0;
      for (int k = 0; k < 4; ++k)
        add(b.firstRow, o + k, 2.0 * q[o + k]);
      continue;
    }
    if (isFlexible(b)) {
      const detail::FlexibleBlocks blocks(m_model, m_modalOffset);
      std::array<double, 6> rows{};
      blocks.rows(b, q, t, rows.data());
      for (int r = 0; r < b.rows; ++r)
        phi[b.firstRow + r] = rows[r];
      flexible.clear();
      blocks.jacobian(b, q, t, flexible);
      for (const auto& e : flexible)
        add(static_cast<int>(e.row()), static_cast<int>(e.col()), e.value());
      continue;
    }
    if (isCurve(b)) {
      const detail::CurveJointBlocks blocks(m_model, m_curveCoordinate);
      std::array<double, 6> rows{};
      blocks.rows(b, q, rows.data());
      for (int r = 0; r < b.rows; ++r)
        phi[b.firstRow + r] = rows[r];
      flexible.clear();
      blocks.jacobian(b, q, flexible);
      for (const auto& e : flexible)
        add(static_cast<int>(e.row()), static_cast<int>(e.col()), e.value());
      continue;
    }
    const BlockBodies bb = detail::blockBodies(m_model, b);
    if (multipliers.cols() <= 2) {
      if (bb.count <= 2)
        blockProducts<14>(m_model, b, bb, q, t, v, multipliers, phi, phiQv, phiQtMultipliers);
      else
        blockProducts<28>(m_model, b, bb, q, t, v, multipliers, phi, phiQv, phiQtMultipliers);
    } else if (bb.count <= 2) {
      blockValuesAndJacobian<14>(m_model, b, bb, q, t, phi, add);
    } else {
      blockValuesAndJacobian<28>(m_model, b, bb, q, t, phi, add);
    }
  }
}

void System::constraintTimeDerivative(double t, const Vec& q, Vec& phiT) const
{
  phiT.setZero(numConstraints());
  for (const ConstraintBlock& b : m_blocks)
    if (b.kind == ConstraintKind::Motion)
      phiT[b.firstRow] = -m_model.motions[b.entity].displacement->derivative(t, 1);
}

void System::accelerationRhs(double t, const Vec& q, const Vec& qd, Vec& gamma) const
{
  gamma.setZero(numConstraints());
  for (const ConstraintBlock& b : m_blocks) {
    if (b.kind == ConstraintKind::Normalization) {
      gamma[b.firstRow] = -2.0 * qd.segment<4>(7 * b.entity + 3).squaredNorm();
      continue;
    }
    // γ = −(Φ_q q̇)_q q̇ − Φ_tt: the second derivative of Φ along q̇, and f̈ of a motion.
    if (isFlexible(b)) {
      std::array<double, 6> rows{};
      detail::FlexibleBlocks(m_model, m_modalOffset).gamma(b, q, qd, t, rows.data());
      for (int r = 0; r < b.rows; ++r)
        gamma[b.firstRow + r] = rows[r];
      if (b.kind == ConstraintKind::Motion)
        gamma[b.firstRow] += m_model.motions[b.entity].displacement->derivative(t, 2);
      continue;
    }
    if (isCurve(b)) {
      detail::CurveJointBlocks(m_model, m_curveCoordinate).gamma(b, q, qd, gamma.data() + b.firstRow);
      continue;
    }
    const BlockBodies bb = detail::blockBodies(m_model, b);
    std::array<BodyVars<detail::Taylor2>, 4> vars;
    for (int s = 0; s < bb.count; ++s)
      vars[s] = detail::directionalVars(q, qd, bb.body[s]);
    std::array<detail::Taylor2, 6> rows;
    detail::blockRows(m_model, b, vars.data(), t, rows.data());
    for (int r = 0; r < b.rows; ++r)
      gamma[b.firstRow + r] = -rows[r].dd;
    if (b.kind == ConstraintKind::Motion)
      gamma[b.firstRow] += m_model.motions[b.entity].displacement->derivative(t, 2);
  }
}

void System::constraintForceJacobian(double t, const Vec& q, const Vec& lambda, SparseMat& out) const
{
  Triplets triplets;
  for (const ConstraintBlock& b : m_blocks) {
    if (b.kind == ConstraintKind::Normalization) {
      for (int k = 0; k < 4; ++k)
        triplets.emplace_back(7 * b.entity + 3 + k, 7 * b.entity + 3 + k, 2.0 * lambda[b.firstRow]);
      continue;
    }
    if (isFlexible(b)) {
      detail::FlexibleBlocks(m_model, m_modalOffset).hessianSum(b, q, t, lambda, triplets);
      continue;
    }
    if (isCurve(b)) {
      detail::CurveJointBlocks(m_model, m_curveCoordinate).hessianSum(b, q, lambda, triplets);
      continue;
    }
    const BlockBodies bb = detail::blockBodies(m_model, b);
    if (bb.count <= 2)
      hessianSum<14>(m_model, b, bb, q, t, lambda, triplets);
    else
      hessianSum<28>(m_model, b, bb, q, t, lambda, triplets);
  }
  out.resize(numCoordinates(), numCoordinates());
  out.setFromTriplets(triplets.begin(), triplets.end());
}

void System::constraintSecondDerivatives(double t, const Vec& q, const Vec& lambda, const Vec& v,
                                         SparseMat& dPhiQtLambda, SparseMat& dPhiQv) const
{
  Triplets hessian, velocityRows;
  Vec unit;  // a flexible block's rows one at a time: ∂(Φ_q v)_r/∂q = (∂²Φ_r/∂q²) v
  Triplets rowHessian;
  for (const ConstraintBlock& b : m_blocks) {
    if (b.kind == ConstraintKind::Normalization) {
      // Φ = p·p − 1: Φ_q v = 2 p·ṗ, so ∂/∂p = 2 ṗ; ∂²Φ/∂p² = 2 I.
      for (int k = 0; k < 4; ++k) {
        const int c = 7 * b.entity + 3 + k;
        hessian.emplace_back(c, c, 2.0 * lambda[b.firstRow]);
        velocityRows.emplace_back(b.firstRow, c, 2.0 * v[c]);
      }
      continue;
    }
    if (isFlexible(b)) {
      const detail::FlexibleBlocks blocks(m_model, m_modalOffset);
      blocks.hessianSum(b, q, t, lambda, hessian);
      unit.setZero(numConstraints());
      for (int r = 0; r < b.rows; ++r) {
        unit[b.firstRow + r] = 1.0;
        rowHessian.clear();
        blocks.hessianSum(b, q, t, unit, rowHessian);
        for (const auto& e : rowHessian)
          velocityRows.emplace_back(b.firstRow + r, e.row(), e.value() * v[e.col()]);
        unit[b.firstRow + r] = 0.0;
      }
      continue;
    }
    if (isCurve(b)) {
      detail::CurveJointBlocks(m_model, m_curveCoordinate)
          .hessianSum(b, q, lambda, hessian, &v, &velocityRows);
      continue;
    }
    const BlockBodies bb = detail::blockBodies(m_model, b);
    if (bb.count <= 2)
      hessianSumAndVelocityRows<14>(m_model, b, bb, q, t, lambda, v, hessian, velocityRows);
    else
      hessianSumAndVelocityRows<28>(m_model, b, bb, q, t, lambda, v, hessian, velocityRows);
  }
  dPhiQtLambda.resize(numCoordinates(), numCoordinates());
  dPhiQtLambda.setFromTriplets(hessian.begin(), hessian.end());
  dPhiQv.resize(numConstraints(), numCoordinates());
  dPhiQv.setFromTriplets(velocityRows.begin(), velocityRows.end());
}

void System::normalize(Vec& q) const
{
  for (int b = 0; b < numBodies(); ++b)
    q.segment<4>(7 * b + 3).normalize();
}

Vec System::initialPositions() const
{
  Vec q = Vec::Zero(numCoordinates());  // (a state's coordinate y starts at 0: nothing reads it)
  for (int b = 0; b < numBodies(); ++b) {
    const Body& body = m_model.bodies[b];
    q.segment<3>(7 * b) = body.position;
    q.segment<4>(7 * b + 3) = detail::eulerParameters(body.orientation.normalized());
    if (body.flexible)
      q.segment(m_modalOffset[b], modeCount(b)) =
          body.modalCoordinates.size() ? body.modalCoordinates : Vec::Zero(modeCount(b));
  }
  // Curve parameters start at DISP (IDISP, JDISP) or else where the curves are nearest to I
  // (to each other): SystemCurves.cpp.
  for (std::size_t j = 0; j < m_curveCoordinate.size(); ++j) {
    const std::array<double, 2> start = initialCurveParameters(static_cast<int>(j));
    for (int k = 0; k < curveParameterCount(m_model.joints[j].type); ++k)
      q[m_curveCoordinate[j] + k] = start[std::size_t(k)];
  }
  return q;
}

Vec System::initialVelocities() const
{
  Vec qd = Vec::Zero(numCoordinates());
  for (int b = 0; b < numBodies(); ++b) {
    const Body& body = m_model.bodies[b];
    qd.segment<3>(7 * b) = body.velocity;
    qd.segment<4>(7 * b + 3) =
        detail::pdotFromOmega(detail::eulerParameters(body.orientation.normalized()), body.angularVelocity);
    if (body.flexible)
      qd.segment(m_modalOffset[b], modeCount(b)) =
          body.modalVelocities.size() ? body.modalVelocities : Vec::Zero(modeCount(b));
  }
  for (int d = 0; d < numDifferentials(); ++d)  // a state is its coordinate's velocity: IC is ẏ(0)
    qd[m_differentialOffset + d] = m_model.differentials[std::size_t(d)].initialValue;
  // VEL (IVEL, JVEL): the contact point's speed along each curve (SystemCurves.cpp).
  for (std::size_t j = 0; j < m_curveCoordinate.size(); ++j) {
    const std::array<double, 2> rate = initialCurveRates(static_cast<int>(j));
    for (int k = 0; k < curveParameterCount(m_model.joints[j].type); ++k)
      qd[m_curveCoordinate[j] + k] = rate[std::size_t(k)];
  }
  return qd;
}

std::string System::describeRow(int row) const
{
  for (const ConstraintBlock& b : m_blocks) {
    if (row < b.firstRow || row >= b.firstRow + b.rows)
      continue;
    const std::string eq =
        ", equation " + std::to_string(row - b.firstRow + 1) + " of " + std::to_string(b.rows);
    switch (b.kind) {
      case ConstraintKind::Normalization:
        return "Euler-parameter normalization of " + quoted("body", m_model.bodies[b.entity].name);
      case ConstraintKind::Motion:
        return quoted("motion", m_model.motions[b.entity].name) + eq;
      case ConstraintKind::Joint: {
        const Joint& j = m_model.joints[b.entity];
        return quoted("joint", j.name) + " (" + toString(j.type) + ")" + eq;
      }
    }
  }
  return "row " + std::to_string(row) + " (out of range)";
}

}  // namespace mbs::solver
