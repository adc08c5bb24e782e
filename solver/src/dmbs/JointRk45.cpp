#include "dmbs/JointRk45.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace mbs::solver::dmbs {
namespace {

// Dormand–Prince 5(4): seven stages, the last one at the new point (first same as last), so a
// step costs six evaluations; the fifth-order solution is propagated.
constexpr int kStages = 7;
constexpr double kC[kStages] = {0.0, 1.0 / 5, 3.0 / 10, 4.0 / 5, 8.0 / 9, 1.0, 1.0};
constexpr double kA[kStages][6] = {
    {0, 0, 0, 0, 0, 0},
    {1.0 / 5, 0, 0, 0, 0, 0},
    {3.0 / 40, 9.0 / 40, 0, 0, 0, 0},
    {44.0 / 45, -56.0 / 15, 32.0 / 9, 0, 0, 0},
    {19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729, 0, 0},
    {9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656, 0},
    {35.0 / 384, 0.0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84}};
constexpr double kB5[kStages] = {35.0 / 384, 0.0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84, 0.0};
constexpr double kBeta = 0.04;  // the PI controller's memory of the last error (Hairer's β)
constexpr double kB4[kStages] = {5179.0 / 57600,    0.0,          7571.0 / 16695, 393.0 / 640,
                                 -92097.0 / 339200, 187.0 / 2100, 1.0 / 40};
// Dormand–Prince's continuous extension of order 4 (Hairer, Nørsett & Wanner, Solving ODE I, II.6;
// their DOPRI5 code's d coefficients): y(t₀ + θh) from y₀, y₁, f(y₀), f(y₁) and the stages.
constexpr double kD[kStages] = {-12715105075.0 / 11282082432.0,  0.0,
                                87487479700.0 / 32700410799.0,   -10690763975.0 / 1880347072.0,
                                701980252875.0 / 199316789632.0, -1453857185.0 / 822651844.0,
                                69997945.0 / 29380423.0};

}  // namespace

JointRk45::JointRk45(JointSpaceEquations& equations, double tolerance, double maxStep, bool stopWhenStiff)
    : m_eq(equations), m_tolerance(tolerance), m_maxStep(maxStep), m_stopWhenStiff(stopWhenStiff)
{
}

void JointRk45::initialize(double t, const Vec& q, const Vec& v)
{
  m_t = m_tStep = t;
  m_q = q;
  m_v = v;
  m_denseValid = false;
  m_y.resize(q.size() + v.size());
  m_error.resize(m_y.size());
  m_y << q, v;
  m_stepLimit = m_eq.startStep(t, q, v);
  m_h = 0.0;  // chosen by the first step (startingStep)
  m_haveFirstStage = false;
  m_errorBefore = 1e-4;
  m_rejectedLast = false;
  m_stiffSteps = m_nonStiffSteps = 0;
  m_hLambda = 0.0;
  m_stiffSince = -1.0;
}

void JointRk45::watchStiffness(double h)
{
  // m_stage is the new point y₁ and m_k[6] = f(y₁); m_sixthStage and m_k[5] the sixth stage.
  const double den = (m_stage - m_sixthStage).squaredNorm();
  if (!(den > 0.0))
    return;
  m_hLambda = h * std::sqrt((m_k[kStages - 1] - m_k[kStages - 2]).squaredNorm() / den);
  if (m_hLambda > 3.25) {
    m_nonStiffSteps = 0;
    if (++m_stiffSteps == kStiffSteps && m_stiffSince < 0.0) {
      m_stiffSince = m_tStep;
      m_stiffStep = h;
    }
  } else if (++m_nonStiffSteps == kNonStiffSteps) {
    m_stiffSteps = 0;
  }
}

void JointRk45::f(double t, const Vec& y, Vec& dy)
{
  m_eq.derivative(t, y, dy);
  ++m_evaluations;
}

// Hairer, Nørsett & Wanner's starting step (Solving ODE I, II.4): from the sizes of y, y' and an
// estimate of y'' (one explicit Euler step), the step whose fifth-order term is about the tolerance.
double JointRk45::startingStep()
{
  const int n = static_cast<int>(m_y.size());
  f(m_tStep, m_y, m_k[0]);
  m_haveFirstStage = true;
  auto norm = [&](const Vec& x) {
    double largest = 0.0;
    for (int i = 0; i < n; ++i)
      largest = std::max(largest, std::abs(x[i]) / (m_tolerance * (1.0 + std::abs(m_y[i]))));
    return largest;
  };
  const double d0 = norm(m_y), d1 = norm(m_k[0]);
  const double h0 = d0 < 1e-5 || d1 < 1e-5 ? 1e-6 : 0.01 * d0 / d1;
  m_stage = m_y + h0 * m_k[0];
  f(m_tStep + h0, m_stage, m_k[1]);
  const double d2 = norm(m_k[1] - m_k[0]) / h0;
  const double h1 =
      std::max(d1, d2) <= 1e-15 ? std::max(1e-6, h0 * 1e-3) : std::pow(0.01 / std::max(d1, d2), 0.2);
  return std::min({100.0 * h0, h1, m_maxStep});
}

void JointRk45::keepDenseOutput(double h)
{
  // Before the step is accepted: m_y = y₀, m_stage = y₁, m_k[0] = f(y₀), m_k[6] = f(y₁).
  const int n = static_cast<int>(m_y.size());
  for (Vec& c : m_dense)
    c.resize(n);
  m_dense[0] = m_y;
  m_dense[1] = m_stage - m_y;
  m_dense[2] = h * m_k[0] - m_dense[1];
  m_dense[3] = m_dense[1] - h * m_k[kStages - 1] - m_dense[2];
  m_dense[4].setZero();
  for (int s = 0; s < kStages; ++s)
    if (kD[s] != 0.0)
      m_dense[4] += (h * kD[s]) * m_k[s];
  m_denseStart = m_tStep;
  m_denseStep = h;
  m_denseValid = true;
}

void JointRk45::interpolate(double t)
{
  const double theta = (t - m_denseStart) / m_denseStep, theta1 = 1.0 - theta;
  Vec y =
      m_dense[0] + theta * (m_dense[1] + theta1 * (m_dense[2] + theta * (m_dense[3] + theta1 * m_dense[4])));
  normalizeDriftedQuaternions(m_eq.tree().topology().mobilizers, y.data());
  const int nq = m_eq.numCoordinates();
  m_q = y.head(nq);
  m_v = y.tail(y.size() - nq);
}

Status JointRk45::advanceTo(double tEnd, ProgressMonitor* monitor, double endTime)
{
  // Steps run on their own (only the end time is landed on); an output time inside the last step
  // is interpolated on its continuous extension, so dense output frames cost no extra steps.
  const double tLand = std::max(endTime, tEnd);
  if (m_h <= 0.0 && m_tStep < tEnd)
    m_h = startingStep();
  const int n = static_cast<int>(m_y.size());
  const double hmin = 1e-12 * std::max(1.0, std::abs(tLand));
  while (m_tStep < tEnd - hmin) {
    if (monitor && monitor->cancelRequested())
      return Status::failure(StatusCode::Cancelled, "dynamic analysis cancelled", {}, m_tStep);
    double h = std::min({m_h, m_maxStep, tLand - m_tStep});
    // Approaching contacts: the step enters them at most their onset depth (not remembered as the
    // controller's step, as in the absolute formulations' integrators).
    if (m_stepLimit < h && m_stepLimit >= hmin)
      h = m_stepLimit;
    const bool landing = h >= tLand - m_tStep - hmin;
    if (!m_haveFirstStage)  // (kept after a rejected step, and the last stage of an accepted one)
      f(m_tStep, m_y, m_k[0]);
    m_haveFirstStage = true;
    for (int s = 1; s < kStages; ++s) {
      m_stage = m_y;
      for (int j = 0; j < s; ++j)
        if (kA[s][j] != 0.0)
          m_stage += (h * kA[s][j]) * m_k[j];
      if (s < kStages - 1)
        f(m_tStep + kC[s] * h, m_stage, m_k[s]);
      if (s == kStages - 2)
        m_sixthStage = m_stage;
    }
    // m_stage is now the fifth-order solution (the last row of A is its weights).
    double err = 0.0;
    for (int i = 0; i < n; ++i) {
      double diff = 0.0;
      for (int s = 0; s < kStages - 1; ++s)
        diff += (kB5[s] - kB4[s]) * m_k[s][i];
      m_error[i] = diff;
    }
    // The last stage (at the new point) enters the error estimate with weight −1/40.
    f(m_tStep + h, m_stage, m_k[kStages - 1]);
    // Largest error over the scales tol·(1 + |y|) (every coordinate and rate held to it).
    for (int i = 0; i < n; ++i) {
      const double scale = m_tolerance * (1.0 + std::abs(m_y[i]));
      const double e = std::abs(h * (m_error[i] - kB4[kStages - 1] * m_k[kStages - 1][i])) / scale;
      err = std::isfinite(e) && std::isfinite(m_stage[i]) ? std::max(err, e) : e + m_stage[i];  // NaN sticks
    }
    if (!std::isfinite(err)) {
      m_h = 0.25 * h;
      ++m_rejected;
      if (m_h < hmin)
        return Status::failure(StatusCode::StepSizeTooSmall,
                               "the joint-space equations gave a non-finite value (singular equations?)", {},
                               m_tStep);
      continue;
    }
    // Step-size control of Hairer's DOPRI5 (Solving ODE I, II.4 and IV.2): a PI controller,
    // h_new = h · 0.9 err^(−0.17) · err_prev^(0.04), within [0.2 h, 10 h], and no growth right
    // after a rejection. On the accelerating chains the plain h · 0.9 err^(−1/5) rejected every
    // third to fifth step (six evaluations for nothing each): 7 of 33 on the 100-link chain at
    // tol 1e-2, this 2 of 29, and half the tip error.
    const double fac11 = std::pow(std::max(err, 1e-16), 0.2 - 0.75 * kBeta);
    const double factor = std::clamp(0.9 * std::pow(m_errorBefore, kBeta) / fac11, 0.2, 10.0);
    if (err <= 1.0) {
      // A stiction breakaway (friction/Stiction.hpp): the step is retried on the bristle's time scale.
      const int nq = m_eq.numCoordinates();
      const double stictionLimit =
          m_eq.endStepLimit(m_tStep + h, m_stage.head(nq), m_stage.tail(m_stage.size() - nq));
      if (stictionLimit < h && stictionLimit >= hmin) {
        ++m_rejected;
        m_h = stictionLimit;
        continue;
      }
      watchStiffness(h);  // (always: the stiffness note of an RKF45 run needs it too)
      keepDenseOutput(h);
      m_tStep = landing ? tLand : m_tStep + h;
      const bool normalized = normalizeDriftedQuaternions(m_eq.tree().topology().mobilizers, m_stage.data());
      m_y.swap(m_stage);
      // First same as last, unless normalizing quaternions moved the point.
      m_k[0].swap(m_k[kStages - 1]);
      m_haveFirstStage = !normalized;
      ++m_steps;
      {
        const int nq = m_eq.numCoordinates();
        const Vec qNew = m_y.head(nq), vNew = m_y.tail(m_y.size() - nq);
        m_eq.acceptStep(m_tStep, qNew, vNew);
        m_stepLimit = m_eq.startStep(m_tStep, qNew, vNew);
      }
      // A step shortened to land on the end time does not shrink the next one, nor does its small
      // error count as the controller's last one.
      if (!landing || factor < 1.0) {
        m_h = h * (m_rejectedLast ? std::min(factor, 1.0) : factor);
        m_errorBefore = std::max(err, 1e-4);
      }
      m_rejectedLast = false;
      if (monitor) {
        StepInfo info;
        info.time = m_tStep;
        info.endTime = endTime;
        info.stepSize = h;
        info.order = 5;
        info.steps = m_steps;
        info.rejectedSteps = m_rejected;
        monitor->onStep(info);
      }
      if (m_stopWhenStiff && stiffnessDetected())
        break;
    } else {
      ++m_rejected;
      m_h = h * std::max(0.2, 0.9 / fac11);
      m_rejectedLast = true;
      if (m_h < hmin) {
        std::ostringstream msg;
        msg << "Runge–Kutta 5(4) on the joint coordinates: step size below " << hmin << " s (error " << err
            << " of the tolerance)";
        return Status::failure(StatusCode::StepSizeTooSmall, msg.str(), {}, m_tStep);
      }
    }
  }
  if (m_tStep < tEnd - hmin && stiffnessDetected()) {
    // Stopped for the BDF: it takes over from the last step's point, not an interpolated one.
    const int nq = m_eq.numCoordinates();
    m_t = m_tStep;
    m_q = m_y.head(nq);
    m_v = m_y.tail(m_y.size() - nq);
    return Status::success();
  }
  m_t = tEnd;
  if (!m_denseValid || std::abs(m_tStep - tEnd) <= hmin) {
    const int nq = m_eq.numCoordinates();
    m_q = m_y.head(nq);
    m_v = m_y.tail(m_y.size() - nq);
  } else {
    interpolate(tEnd);
  }
  return Status::success();
}

std::string JointRk45::stiffnessNote() const
{
  if (m_stiffSince < 0.0)
    return {};
  std::ostringstream text;
  text << "stiffness detected at t = " << m_stiffSince
       << " s: the Runge–Kutta 5(4) step on the joint coordinates is held at " << m_stiffStep
       << " s by its stability limit (a stiff spring, damper or contact), not by the tolerance; use GSTIFF "
          "(mbsolve --integrator gstiff: the BDF takes over once the model proves stiff)";
  return text.str();
}

std::string JointRk45::workLimitHint()
{
  return "Runge–Kutta 5(4) is explicit: it follows every fast vibration of a stiff spring, contact or "
         "bushing "
         "with steps far below the output step; GSTIFF (mbsolve --integrator gstiff) takes such models in "
         "far "
         "fewer steps";
}

}  // namespace mbs::solver::dmbs
