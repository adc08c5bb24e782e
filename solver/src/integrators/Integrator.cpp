#include "integrators/Integrator.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>
#include <stdexcept>

namespace mbs::solver {
namespace {

// The local error per step is held to this fraction of the tolerance, so that the error
// accumulated over a few hundred steps stays near the tolerance the user asked for.
constexpr double kLocalErrorFraction = 0.1;

}  // namespace

Integrator::Integrator(const Dae& dae, IntegratorOptions options) : m_dae(dae), m_options(options)
{
  if (!(options.tolerance > 0.0))
    throw std::invalid_argument("IntegratorOptions::tolerance must be positive");
  // Newton matrices keep their pattern through a run: refactor with KLU's kept pivots.
  m_linear.setMethod(LinearSolver::Method::KluRefactor);
}

void Integrator::interpolate(double t, Vec& q, Vec& qd) const
{
  const double h = m_state.t - m_previous.t;
  if (!(h > 0.0) || m_previous.q.size() != m_state.q.size()) {
    q = m_state.q;
    qd = m_state.qd;
    return;
  }
  const double s = (t - m_previous.t) / h;
  const double h00 = (1 + 2 * s) * (1 - s) * (1 - s), h10 = s * (1 - s) * (1 - s);
  const double h01 = s * s * (3 - 2 * s), h11 = s * s * (s - 1);
  q = h00 * m_previous.q + h10 * h * m_previous.qd + h01 * m_state.q + h11 * h * m_state.qd;
  const double d00 = 6 * s * (s - 1) / h, d10 = (1 - s) * (1 - 3 * s);
  const double d01 = -d00, d11 = s * (3 * s - 2);
  qd = d00 * m_previous.q + d10 * m_previous.qd + d01 * m_state.q + d11 * m_state.qd;
}

double Integrator::weightedNorm(const Vec& v, const Vec& ref, int offset, int count) const
{
  if (count <= 0)
    return 0.0;
  double sum = 0.0;
  for (int i = 0; i < count; ++i) {
    const double w = kLocalErrorFraction * m_options.tolerance * (1.0 + std::abs(ref[offset + i]));
    const double e = v[offset + i] / w;
    sum += e * e;
  }
  return std::sqrt(sum / count);
}

Status Integrator::fail(StatusCode code, const std::string& what, double t, double h, const Vec* phi)
{
  m_failure = IntegratorFailure{};
  m_failure.time = t;
  m_failure.stepSize = h;
  std::ostringstream msg;
  msg << name() << ": " << what << " at t = " << t << " s (step " << h << " s)";
  if (phi && phi->size() > 0) {
    Eigen::Index row = 0;
    m_failure.residual = phi->cwiseAbs().maxCoeff(&row);
    m_failure.constraintRow = static_cast<int>(row);
    msg << ", largest constraint residual " << m_failure.residual << " in row " << row;
  }
  return Status::failure(code, msg.str(), {}, t);
}

Integrator::TrialStep Integrator::boundedStep(double h, double t, double tLimit, double contactLimit) const
{
  if (m_options.hmax > 0.0)
    h = std::min(h, m_options.hmax);
  if (contactLimit < h && contactLimit >= m_options.hmin && !m_options.fixedStep)
    h = contactLimit;
  const double remaining = tLimit - t;
  const bool clipped = remaining < 1.05 * h;
  return {clipped ? remaining : h, clipped};
}

Status Integrator::failBelowMinimumStep(double t, double h)
{
  std::ostringstream what;
  what << "step size fell below the minimum step " << m_options.hmin
       << " s (the error test or Newton kept failing: a discontinuity, an impact or a stiff element the "
          "model does not resolve; the minimum step is a setting, mbsolve --min-step)";
  return fail(StatusCode::StepSizeTooSmall, what.str(), t, h, nullptr);
}

bool Integrator::factorize(const SparseMat& A)
{
  ++m_stats.factorizations;
  return m_linear.factorize(A);
}

namespace {

// Joint friction makes the forces depend on λ: Newton on
//   r = [M q̈ + Φ_qᵀλ − Q − Q_λ(λ); Φ_q q̈ − γ],  J = [M, Φ_qᵀ − ∂Q_λ/∂λ; Φ_q, 0],
// from the frictionless solution, so q̈, λ and the friction are consistent (not one step late).
Status solveWithReactionForces(const Dae& dae, double t, const Vec& q, const Vec& qd, const SparseMat& M,
                               const SparseMat& phiQ, const Vec& Q, const Vec& gamma, const SparseMat& A,
                               Vec& qdd, Vec& lambda, LinearSolver& solver)
{
  const int n = dae.numCoordinates();
  const int m = dae.numConstraints();
  const double scale = std::max({1.0, Q.lpNorm<Eigen::Infinity>(), (M * qdd).lpNorm<Eigen::Infinity>()});
  Vec Ql(n), r(n + m);
  SparseMat dQdl, dQdqd;
  for (int it = 0; it < 30; ++it) {
    dae.reactionForces(t, q, qd, lambda, Ql);
    r.head(n) = M * qdd + phiQ.transpose() * lambda - Q - Ql;
    r.tail(m) = phiQ * qdd - gamma;
    if (!r.allFinite())
      break;
    if (r.lpNorm<Eigen::Infinity>() <= 1e-10 * scale)
      return Status::success();
    dae.reactionForceJacobians(t, q, qd, lambda, dQdl, dQdqd);
    Triplets trip;
    for (int k = 0; k < dQdl.outerSize(); ++k)
      for (SparseMat::InnerIterator it2(dQdl, k); it2; ++it2)
        trip.emplace_back(it2.row(), n + it2.col(), -it2.value());
    SparseMat D(n + m, n + m);
    D.setFromTriplets(trip.begin(), trip.end());
    if (!solver.factorize(SparseMat(A + D)))
      break;
    const Vec dx = solver.solve(-r);
    qdd += dx.head(n);
    lambda += dx.tail(m);
    // Increments at round-off: converged as far as the matrix allows.
    if (dx.lpNorm<Eigen::Infinity>() <=
        1e-14 * (1.0 + std::max(qdd.lpNorm<Eigen::Infinity>(), lambda.lpNorm<Eigen::Infinity>())))
      return Status::success();
  }
  return Status::failure(
      StatusCode::NoConvergence,
      "joint friction: accelerations, reactions and friction forces did not converge at t = " +
          std::to_string(t) + " s",
      {}, t);
}

}  // namespace

Status solveAccelerations(const Dae& dae, double t, const Vec& q, const Vec& qd, Vec& qdd, Vec& lambda,
                          LinearSolver& solver)
{
  const int n = dae.numCoordinates();
  const int m = dae.numConstraints();
  SparseMat M, phiQ;
  dae.mass(q, M);
  dae.constraintJacobian(t, q, phiQ);
  Triplets trip;
  trip.reserve(M.nonZeros() + 2 * phiQ.nonZeros());
  for (int k = 0; k < M.outerSize(); ++k)
    for (SparseMat::InnerIterator it(M, k); it; ++it)
      trip.emplace_back(it.row(), it.col(), it.value());
  for (int k = 0; k < phiQ.outerSize(); ++k)
    for (SparseMat::InnerIterator it(phiQ, k); it; ++it) {
      trip.emplace_back(n + it.row(), it.col(), it.value());
      trip.emplace_back(it.col(), n + it.row(), it.value());
    }
  SparseMat A(n + m, n + m);
  A.setFromTriplets(trip.begin(), trip.end());
  Vec rhs(n + m), Q(n), gamma(m);
  dae.forces(t, q, qd, Q);
  dae.accelerationRhs(t, q, qd, gamma);
  rhs << Q, gamma;
  if (!solver.factorize(A))
    return Status::failure(StatusCode::SingularJacobian,
                           "the equations of motion [M Φ_qᵀ; Φ_q 0] are singular at t = " +
                               std::to_string(t) + " s (redundant constraints or a coordinate without mass)",
                           {}, t);
  const Vec x = solver.solve(rhs);
  qdd = x.head(n);
  lambda = x.tail(m);
  if (dae.hasReactionForces())
    return solveWithReactionForces(dae, t, q, qd, M, phiQ, Q, gamma, A, qdd, lambda, solver);
  return Status::success();
}

namespace {

// Stops a run whose step count reaches the limit, or whose step size over the last kWindow steps
// projects past it (a step size collapsed to 1e-10 s is found in seconds, not after hours).
class WorkBound {
public:
  static constexpr long kWindow = 20000;
  WorkBound(const Integrator& integrator, double tEnd)
      : m_integrator(integrator),
        m_tEnd(tEnd),
        m_windowSteps(integrator.statistics().steps),
        m_windowTime(integrator.time())
  {
  }
  Status check()
  {
    const long limit = m_integrator.options().maxSteps;
    if (limit <= 0)
      return Status::success();
    const IntegratorStatistics& s = m_integrator.statistics();
    const long taken = s.steps + s.rejectedSteps;
    const double t = m_integrator.time();
    if (taken >= limit)
      return stop("the step limit of " + std::to_string(limit) +
                  " steps (accepted and rejected) was reached at t = " + text(t) + " s of " + text(m_tEnd) +
                  " s");
    if (s.steps - m_windowSteps < kWindow)
      return Status::success();
    const double perStep = (t - m_windowTime) / double(s.steps - m_windowSteps);
    const double projected = double(taken) + (m_tEnd - t) / perStep;
    if (!(perStep > 0.0) || !(projected <= double(limit)))
      return stop("at t = " + text(t) + " s the step size has averaged " + text(perStep) +
                  " s over the last " + std::to_string(kWindow) + " steps: the remaining " +
                  text(m_tEnd - t) + " s would take about " + text(projected) +
                  " steps, more than the step limit of " + std::to_string(limit));
    m_windowSteps = s.steps;
    m_windowTime = t;
    return Status::success();
  }

private:
  static std::string text(double v)
  {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.6g", v);
    return buffer;
  }
  Status stop(std::string message) const
  {
    message = std::string(m_integrator.name()) + ": work limit: " + message;
    if (const std::string note = m_integrator.stiffnessNote(); !note.empty())
      message += "; " + note;
    else if (const std::string hint = m_integrator.workLimitHint(); !hint.empty())
      message += "; " + hint;
    message +=
        " (steps far below the output step usually mean an impact, a discontinuity or a stiff element the "
        "model does not resolve; if the steps are really needed, raise the maximum steps setting, mbsolve "
        "--max-steps)";
    return Status::failure(StatusCode::ResourceLimit, std::move(message), {}, m_integrator.time());
  }
  const Integrator& m_integrator;
  double m_tEnd;
  long m_windowSteps;
  double m_windowTime;
};

}  // namespace

Status integrate(Integrator& integrator, const std::vector<double>& outputTimes, ProgressMonitor* monitor,
                 const OutputFunction& output, const AcceptedStepFunction& accepted,
                 const EventFunction& events)
{
  if (outputTimes.empty())
    return Status::success();
  const double tEnd = outputTimes.back();
  WorkBound workBound(integrator, tEnd);
  Vec q, qd;
  const auto tolerance = [](double t) { return 1e-12 * std::max(1.0, std::abs(t)); };
  // The frame at t (reached or interpolated within the last step).
  const auto emit = [&](double t) {
    if (std::abs(integrator.time() - t) <= tolerance(t)) {
      q = integrator.state().q;
      qd = integrator.state().qd;
    } else {
      integrator.interpolate(t, q, qd);
    }
    return output ? output(t, q, qd) : Status::success();
  };
  std::size_t next = 0;  // the first output time not written
  while (next < outputTimes.size()) {
    const double tOut = outputTimes[next];
    if (integrator.time() >= tOut - tolerance(tOut)) {
      if (Status st = emit(tOut); !st.ok())
        return st;
      ++next;
      continue;
    }
    if (monitor && monitor->cancelRequested())
      return Status::failure(StatusCode::Cancelled, "analysis cancelled by the user", {}, integrator.time());
    const double limit = integrator.hasDenseOutput() ? tEnd : tOut;
    Status st = integrator.step(limit);
    if (!st.ok()) {
      if (st.time == 0.0)  // a failure that did not say when: the step started at the integrator's time
        st.time = integrator.time();
      return st;
    }
    if (Status bound = workBound.check(); !bound.ok())
      return bound;
    if (accepted)
      if (Status hook = accepted(integrator.state()); !hook.ok())
        return hook;
    if (monitor) {
      const IntegratorStatistics& s = integrator.statistics();
      StepInfo info;
      info.time = integrator.time();
      info.endTime = tEnd;
      info.stepSize = integrator.stepSize();
      info.order = integrator.order();
      info.steps = s.steps;
      info.rejectedSteps = s.rejectedSteps;
      info.newtonIterations = s.newtonIterations;
      info.jacobianEvaluations = s.jacobianEvaluations;
      info.factorizations = s.factorizations;
      monitor->onStep(info);
    }
    if (!events)
      continue;
    bool restart = false;
    double restartStep = 0.0, eventFrame = -std::numeric_limits<double>::infinity();
    for (const StepEvent& event : events(integrator)) {
      if (!event.fired)
        continue;
      // The output times before the event, then the event's own frame (unless an output time is it).
      while (next < outputTimes.size() && outputTimes[next] < event.time - tolerance(event.time)) {
        if (Status out = emit(outputTimes[next]); !out.ok())
          return out;
        ++next;
      }
      const bool atOutput =
          next < outputTimes.size() && std::abs(outputTimes[next] - event.time) <= tolerance(event.time);
      if (atOutput && event.stop) {
        if (Status out = emit(outputTimes[next]); !out.ok())
          return out;
      } else if (!atOutput && (event.output || event.stop) && event.time != eventFrame) {
        if (Status out = emit(event.time); !out.ok())
          return out;
        eventFrame = event.time;  // two sensors firing at once: one frame
      }
      if (event.stop)
        return Status::success();
      restart |= event.restart;
      if (event.stepSize > 0.0)
        restartStep = restartStep > 0.0 ? std::min(restartStep, event.stepSize) : event.stepSize;
    }
    if (restart)
      if (Status again = integrator.restart(restartStep); !again.ok())
        return again;
  }
  return Status::success();
}

}  // namespace mbs::solver
