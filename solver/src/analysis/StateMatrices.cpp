#include "analysis/StateMatrices.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>

#include "forces/ModelStateView.hpp"
#include "kinematics/EulerParameters.hpp"

namespace mbs::solver {
namespace {

// Holds a plant's inputs at values for as long as it lives; releases them however it ends.
class HeldInputs {
public:
  explicit HeldInputs(const PlantPort* port) : m_port(port) {}
  ~HeldInputs()
  {
    if (m_port)
      for (const auto& input : m_port->inputs)
        input->release();
  }
  HeldInputs(const HeldInputs&) = delete;
  HeldInputs& operator=(const HeldInputs&) = delete;
  void hold(const std::vector<double>& u) const
  {
    for (std::size_t j = 0; m_port && j < u.size(); ++j)
      m_port->inputs[j]->hold(u[j]);
  }

private:
  const PlantPort* m_port;
};

// The parts' physical coordinates as functions of δq: per body its CM displacement and small
// rotation (ground axes), then its modal coordinates. Row k of P maps δq (or q̇) to coordinate k
// (or its rate: the CM velocity and the angular velocity ω = 2 E ṗ).
struct PhysicalCoordinates {
  Mat P;
  std::vector<std::string> names, rateNames;
  std::vector<bool> translation;  // per row: a length (else an angle or a modal coordinate)
};

PhysicalCoordinates physicalCoordinates(const System& system, const Vec& q)
{
  const Model& model = system.model();
  int rows = 0;
  for (int b = 0; b < system.numBodies(); ++b)
    rows += 6 + system.modeCount(b);
  PhysicalCoordinates out;
  out.P = Mat::Zero(rows, system.numCoordinates());
  int row = 0;
  static const char* position[] = {"x", "y", "z", "rx", "ry", "rz"};
  static const char* rate[] = {"vx", "vy", "vz", "wx", "wy", "wz"};
  for (int b = 0; b < system.numBodies(); ++b) {
    const int o = System::kCoordinatesPerBody * b;
    const std::string& name = model.bodies[std::size_t(b)].name;
    out.P.block<3, 3>(row, o).setIdentity();
    out.P.block<3, 4>(row + 3, o + 3) = 2.0 * detail::matE(q.segment<4>(o + 3));
    for (int k = 0; k < 6; ++k) {
      out.names.push_back(name + "." + position[k]);
      out.rateNames.push_back(name + "." + rate[k]);
      out.translation.push_back(k < 3);
    }
    row += 6;
    for (int m = 0; m < system.modeCount(b); ++m, ++row) {
      out.P(row, system.modalOffset(b) + m) = 1.0;
      out.names.push_back(name + ".mode" + std::to_string(m + 1));
      out.rateNames.push_back(name + ".mode" + std::to_string(m + 1) + "_rate");
      out.translation.push_back(false);
    }
  }
  return out;
}

Status refuse(const std::string& why, const std::string& entity, double t)
{
  return Status::failure(StatusCode::BadInput, "state matrices: " + why, entity, t);
}

}  // namespace

Status computeStateMatrices(const System& system, const State& op, const StateMatrixRequest& request,
                            StateMatrices& out)
{
  const Model& model = system.model();
  const PlantPort* inputs = request.input;
  const PlantPort* outputs = request.output;
  for (const PlantPort* port : {inputs, outputs})
    if (port && !port->refusal.empty())
      return refuse(std::string(port == inputs ? "plant input '" : "plant output '") + port->name +
                        "': " + port->refusal,
                    port->name, op.t);
  const detail::ModelStateView view(model, op.t, op.q, op.qd);
  out = StateMatrices{};
  if (inputs) {
    out.inputs = inputs->variables;
    for (const auto& input : inputs->inputs)
      out.u0.push_back(input->value(view));
  }
  // The plant with its inputs held at u0: their own functions (a controller) are not part of it.
  const HeldInputs held(inputs);
  held.hold(out.u0);
  LinearSystem linear;
  if (Status s = linearize(system, op, linear); !s.ok())
    return s;
  const int dof = int(linear.basis.cols()), ns = linear.states(), offset = system.differentialOffset();
  const int nx = 2 * dof + ns;  // [positions; rates; first-order states (DIFF)]
  const int m = int(out.u0.size());
  const int p = outputs ? int(outputs->outputs.size()) : 0;

  // States: dof of the parts' physical coordinates, the most independent over the tangent space
  // (column-pivoted QR), in model order; S maps the linearization's coordinates z to them.
  const PhysicalCoordinates phys = physicalCoordinates(system, op.q);
  const Mat T = phys.P * linear.basis;
  std::vector<int> chosen;
  if (dof > 0) {
    Eigen::ColPivHouseholderQR<Mat> qr(T.transpose());
    for (int k = 0; k < dof; ++k)
      chosen.push_back(qr.colsPermutation().indices()[k]);
    std::sort(chosen.begin(), chosen.end());
  }
  Mat S(dof, dof);
  for (int k = 0; k < dof; ++k)
    S.row(k) = T.row(chosen[std::size_t(k)]);
  Mat sInverse(0, 0);
  if (dof > 0) {
    const Eigen::FullPivLU<Mat> sLu(S);
    if (!sLu.isInvertible())
      return Status::failure(StatusCode::SingularJacobian,
                             "state matrices: the independent coordinates are not a subset of the parts' "
                             "coordinates (a singular selection)",
                             {}, op.t);
    sInverse = sLu.inverse();
  }
  const Mat tangent = linear.basis * sInverse;  // δq per unit of each state coordinate

  // In z: M z'' + C z' + K z = G δx + Nᵀ Q_u u, δx' = F_q z + F_v z' + F_x δx + f_u u.
  Mat Az, Bz = Mat::Zero(nx, m);
  if (!linear.stateMatrix(Az))
    return Status::failure(StatusCode::SingularJacobian,
                           "state matrices: reduced mass matrix is not positive definite", {}, op.t);
  Eigen::LDLT<Mat> mInv;
  if (dof > 0)
    mInv.compute(linear.M);
  // Q_u and D by central differences in each input, the others held at u0.
  const auto step = [](double v) { return 1e-6 * std::max(1.0, std::abs(v)); };
  auto outputsAt = [&](const Vec& q, const Vec& qd) {
    const detail::ModelStateView at(model, op.t, q, qd);
    Vec y(p);
    for (int i = 0; i < p; ++i)
      y[i] = outputs->outputs[std::size_t(i)]->evaluate(at);
    return y;
  };
  Mat D = Mat::Zero(p, m);
  for (int j = 0; j < m; ++j) {
    const double h = step(out.u0[std::size_t(j)]);
    std::vector<double> u = out.u0;
    Vec plus, minus;
    u[std::size_t(j)] = out.u0[std::size_t(j)] + h;
    held.hold(u);
    system.forces(op.t, op.q, op.qd, plus);
    const Vec yPlus = outputsAt(op.q, op.qd);
    u[std::size_t(j)] = out.u0[std::size_t(j)] - h;
    held.hold(u);
    system.forces(op.t, op.q, op.qd, minus);
    const Vec yMinus = outputsAt(op.q, op.qd);
    held.hold(out.u0);
    const Vec qu = (plus - minus) / (2.0 * h);
    if (dof > 0)
      Bz.col(j).segment(dof, dof) = mInv.solve(linear.basis.transpose() * qu);
    Bz.col(j).tail(ns) = qu.segment(offset, ns);
    D.col(j) = (yPlus - yMinus) / (2.0 * h);
  }
  // C: central differences along each state's direction in q (then q̇), inputs at u0. Steps in SI
  // (m, rad): the second-order drift off the constraints cancels in the difference.
  Mat C = Mat::Zero(p, nx);
  for (int k = 0; k < nx && p > 0; ++k) {
    Vec direction = Vec::Zero(op.q.size());
    if (k < 2 * dof)
      direction = tangent.col(k % dof);
    else
      direction[offset + k - 2 * dof] = 1.0;  // a state is its coordinate's velocity
    const double h = k < 2 * dof ? 1e-6 : 1e-6 * std::max(1.0, std::abs(op.qd[offset + k - 2 * dof]));
    Vec q1 = op.q, q2 = op.q, v1 = op.qd, v2 = op.qd;
    (k < dof ? q1 : v1) += h * direction;
    (k < dof ? q2 : v2) -= h * direction;
    C.col(k) = (outputsAt(q1, v1) - outputsAt(q2, v2)) / (2.0 * h);
  }
  out.y0.resize(std::size_t(p));
  if (p > 0) {
    const Vec y = outputsAt(op.q, op.qd);
    for (int i = 0; i < p; ++i)
      out.y0[std::size_t(i)] = y[i];
    out.outputs = outputs->variables;
  }

  // From z to the states (x = S z, x' = S z'), then to the report's units: x_model = U x_SI and
  // d/dt in the model's time unit.
  // The first-order states are states as they are, in their own unit.
  Mat blockS = Mat::Identity(nx, nx), blockInverse = Mat::Identity(nx, nx);
  blockS.topLeftCorner(2 * dof, 2 * dof).setZero();
  blockInverse.topLeftCorner(2 * dof, 2 * dof).setZero();
  blockS.topLeftCorner(dof, dof) = S;
  blockS.block(dof, dof, dof, dof) = S;
  blockInverse.topLeftCorner(dof, dof) = sInverse;
  blockInverse.block(dof, dof, dof, dof) = sInverse;
  Vec units = Vec::Ones(nx);
  for (int k = 0; k < dof; ++k) {
    const bool length = phys.translation[std::size_t(chosen[std::size_t(k)])];
    units[k] = length ? 1.0 / request.lengthUnit : 1.0;
    units[dof + k] = units[k] * request.timeUnit;
    out.states.push_back(phys.names[std::size_t(chosen[std::size_t(k)])]);
  }
  for (int k = 0; k < dof; ++k)
    out.states.push_back(phys.rateNames[std::size_t(chosen[std::size_t(k)])]);
  for (int k = 0; k < ns; ++k)
    out.states.push_back(model.differentials[std::size_t(k)].name);
  const auto U = units.asDiagonal();
  const Vec inverseUnits = units.cwiseInverse();
  out.A = request.timeUnit * (U * (blockS * Az * blockInverse) * inverseUnits.asDiagonal());
  out.B = request.timeUnit * (U * (blockS * Bz));
  out.C = C * inverseUnits.asDiagonal();
  out.D = D;
  if (nx > 0) {
    Eigen::EigenSolver<Mat> eig(out.A, false);
    if (eig.info() != Eigen::Success)
      return Status::failure(StatusCode::NoConvergence, "state matrices: eigenvalues of A did not converge",
                             {}, op.t);
    for (int k = 0; k < nx; ++k)
      out.eigenvalues.push_back(eig.eigenvalues()[k]);
    std::sort(out.eigenvalues.begin(), out.eigenvalues.end(),
              [](const std::complex<double>& a, const std::complex<double>& b) {
                return std::abs(a) != std::abs(b) ? std::abs(a) < std::abs(b) : a.imag() < b.imag();
              });
  }
  return Status::success();
}

}  // namespace mbs::solver
