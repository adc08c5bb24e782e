#include "dynamics/EnergyAccount.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "System.hpp"
#include "integrators/Polynomial.hpp"
#include "kinematics/EulerParameters.hpp"

namespace mbs::solver {
namespace {

// Elements listed by name in the report; the others are summed into "N more".
constexpr std::size_t kListedElements = 8;
// Terms whose work stayed below this fraction of the account's scale all run are left out.
constexpr double kNegligible = 1e-9;

std::string number(double v, const char* format = "%.6g")
{
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, format, v == 0.0 ? 0.0 : v);  // no "-0"
  return buffer;
}

std::string signedNumber(double v)
{
  return number(v, "%+.6g");
}

std::string label(const WorkTerm& term)
{
  const std::string name = "'" + term.name + "'";
  switch (term.kind) {
    case WorkKind::ClearanceContact:
    case WorkKind::SolidContact:
      return name + " contact";
    case WorkKind::SolidContactFriction:
      return name + " contact friction";
    case WorkKind::ClearanceFriction:
    case WorkKind::JointFriction:
      return name + " friction";
    case WorkKind::MaterialDamping:
      return name + " material damping";
    default:
      return name;
  }
}

// "'a' +1, 'b' -0.5, 3 more +0.001" for the terms that did work, largest first.
std::string termList(std::vector<const WorkTerm*> terms, double scale)
{
  std::erase_if(terms, [&](const WorkTerm* t) { return !(t->largest > kNegligible * scale); });
  std::stable_sort(terms.begin(), terms.end(), [](const WorkTerm* a, const WorkTerm* b) {
    return std::abs(a->work) > std::abs(b->work);
  });
  std::string out;
  double rest = 0.0;
  for (std::size_t k = 0; k < terms.size(); ++k) {
    if (k >= kListedElements && terms.size() > kListedElements + 1) {
      rest += terms[k]->work;
      continue;
    }
    out += (out.empty() ? "" : ", ") + label(*terms[k]) + " " + signedNumber(terms[k]->work);
  }
  if (terms.size() > kListedElements + 1)
    out += ", " + std::to_string(terms.size() - kListedElements) + " more " + signedNumber(rest);
  return out;
}

// Points of the interpolating polynomial the step's work integrates (a cubic: the global error of
// the quadrature is then O(h⁴), below the integrators' at the step sizes they accept).
constexpr std::size_t kQuadraturePoints = 4;
// Earlier steps enter the polynomial only within this ratio of the step integrated (and its inverse).
constexpr double kStepRatio = 0.2;

}  // namespace

MechanicalEnergy mechanicalEnergy(const System& system, const Vec& q, const Vec& qd)
{
  MechanicalEnergy e;
  SparseMat M;
  system.mass(q, M);
  // First-order states (DIFF) ride on coordinates of unit mass but are no mechanical energy.
  Vec v = qd;
  v.tail(system.numDifferentials()).setZero();
  e.kinetic = 0.5 * v.dot(M * v);
  const Model& model = system.model();
  for (int b = 0; b < system.numBodies(); ++b) {
    const Body& body = model.bodies[b];
    const Vec3 r = q.segment<3>(7 * b);
    if (!body.flexible) {
      e.gravity -= body.mass * model.gravity.dot(r);
      continue;
    }
    // ∫ρx = m r + A S_t with S_t = ∫ρu the first moment of the deformed body (FlexibleInertia.cpp).
    const FlexibleBodyData& flex = *body.flexible;
    const Vec eta = q.segment(system.modalOffset(b), flex.modeCount());
    const Vec3 firstMoment = flex.firstMoment + flex.modalFirstMoment * eta;
    const Mat3 a = detail::rotationMatrix(q.segment<4>(7 * b + 3));
    e.gravity -= model.gravity.dot(flex.mass * r + a * firstMoment);
    e.strain += 0.5 * eta.dot(flex.modalStiffness * eta);
  }
  return e;
}

EnergyAccount::EnergyAccount(const System& system) : m_system(system)
{
  const Model& model = system.model();
  auto add = [this](WorkKind kind, int entity, const std::string& name) {
    m_terms.push_back({kind, entity, name});
  };
  // The order powers() fills them in: the motions, then every load element's channels.
  for (std::size_t k = 0; k < model.motions.size(); ++k)
    add(WorkKind::Motion, static_cast<int>(k), model.motions[k].name);
  for (const loads::WorkChannel& c : system.workChannels())
    add(c.kind, c.entity, c.name);
}

void EnergyAccount::powers(double t, const Vec& q, const Vec& qd, const Vec& lambda,
                           const loads::History* history, Vec& out) const
{
  const Model& model = m_system.model();
  out.resize(static_cast<Eigen::Index>(m_terms.size()));
  Eigen::Index k = 0;
  for (std::size_t m = 0; m < model.motions.size(); ++m)
    out[k++] = m_system.motionPower(static_cast<int>(m), q, qd, lambda);
  m_system.loadPowers(t, q, qd, lambda, history, out.data() + k);
}

void EnergyAccount::start(double t, const Vec& q, const Vec& qd, const Vec& lambda,
                          const loads::History* history)
{
  m_startTime = m_time = t;
  m_initial = m_energy = mechanicalEnergy(m_system, q, qd);
  m_largestChange = {};
  for (WorkTerm& term : m_terms)
    term.work = term.largest = 0.0;
  m_powers.assign(1, Vec());
  powers(t, q, qd, lambda, history, m_powers.back());
  m_times.assign(1, t);
  m_started = true;
}

void EnergyAccount::accept(double t, const Vec& q, const Vec& qd, const Vec& lambda,
                           const loads::History* history)
{
  if (!m_started)
    return;
  if (m_powers.size() == kQuadraturePoints) {
    m_powers.erase(m_powers.begin());
    m_times.erase(m_times.begin());
  }
  m_powers.emplace_back();
  powers(t, q, qd, lambda, history, m_powers.back());
  m_times.push_back(t);
  // Earlier points only where their steps are comparable to this one: after the tiny steps of an
  // impact the cubic would be set by differences over them and amplify their noise.
  const double h = t - m_times[m_times.size() - 2];
  std::size_t first = m_times.size() - 2;
  while (first > 0) {
    const double ratio = (m_times[first] - m_times[first - 1]) / h;
    if (!(ratio > kStepRatio && ratio < 1.0 / kStepRatio))
      break;
    --first;
  }
  const std::vector<double> weights = detail::lagrangeLastIntervalIntegralWeights(
      std::vector<double>(m_times.begin() + static_cast<std::ptrdiff_t>(first), m_times.end()));
  for (std::size_t k = 0; k < m_terms.size(); ++k) {
    WorkTerm& term = m_terms[k];
    const auto i = static_cast<Eigen::Index>(k);
    for (std::size_t j = 0; j < weights.size(); ++j)
      term.work += weights[j] * m_powers[first + j][i];
    term.largest = std::max(term.largest, std::abs(term.work));
  }
  m_time = t;
  m_energy = mechanicalEnergy(m_system, q, qd);
  auto widen = [](double& largest, double now, double initial) {
    largest = std::max(largest, std::abs(now - initial));
  };
  widen(m_largestChange.kinetic, m_energy.kinetic, m_initial.kinetic);
  widen(m_largestChange.gravity, m_energy.gravity, m_initial.gravity);
  widen(m_largestChange.strain, m_energy.strain, m_initial.strain);
}

double EnergyAccount::work(WorkKind kind) const
{
  double sum = 0.0;
  for (const WorkTerm& term : m_terms)
    if (term.kind == kind)
      sum += term.work;
  return sum;
}

double EnergyAccount::work(WorkKind kind, int entity) const
{
  double sum = 0.0;
  for (const WorkTerm& term : m_terms)
    if (term.kind == kind && term.entity == entity)
      sum += term.work;
  return sum;
}

double EnergyAccount::elementWork() const
{
  double sum = 0.0;
  for (const WorkTerm& term : m_terms)
    if (term.kind != WorkKind::Motion)
      sum += term.work;
  return sum;
}

double EnergyAccount::residual() const
{
  return (m_energy.total() - m_initial.total()) - motionWork() - elementWork();
}

double EnergyAccount::scale() const
{
  double s = std::max({m_largestChange.kinetic, m_largestChange.gravity, m_largestChange.strain});
  for (const WorkTerm& term : m_terms)
    s = std::max(s, term.largest);
  return s;
}

std::vector<std::string> EnergyAccount::report() const
{
  std::vector<std::string> lines;
  const double s = scale();
  std::string energy = "Energy balance " + number(m_startTime) + " → " + number(m_time) +
                       " s [J]: mechanical energy " + number(m_initial.total()) + " → " +
                       number(m_energy.total()) + " (kinetic " + number(m_initial.kinetic) + " → " +
                       number(m_energy.kinetic) + ", gravity " + number(m_initial.gravity) + " → " +
                       number(m_energy.gravity);
  if (m_initial.strain != 0.0 || m_energy.strain != 0.0 || m_largestChange.strain != 0.0)
    energy += ", strain " + number(m_initial.strain) + " → " + number(m_energy.strain);
  lines.push_back(energy + ")");
  std::vector<const WorkTerm*> motions, elements;
  for (const WorkTerm& term : m_terms)
    (term.kind == WorkKind::Motion ? motions : elements).push_back(&term);
  if (!motions.empty()) {
    const std::string list = termList(motions, s);
    lines.push_back("Energy balance: work of motions " + signedNumber(motionWork()) +
                    (list.empty() ? "" : " (" + list + ")"));
  }
  if (!elements.empty()) {
    const std::string list = termList(elements, s);
    lines.push_back("Energy balance: work of forces " + signedNumber(elementWork()) +
                    (list.empty() ? "" : ": " + list));
  }
  const double r = residual();
  lines.push_back("Energy balance error " + number(r, "%.2g") + " J (" +
                  (s > 0.0 ? number(std::abs(r) / s, "%.2g") : std::string("0")) + " of the largest term)");
  return lines;
}

}  // namespace mbs::solver
