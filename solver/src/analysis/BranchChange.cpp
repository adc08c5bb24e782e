#include "analysis/BranchChange.hpp"

#include <algorithm>
#include <set>
#include <sstream>

namespace mbs::solver {
namespace {

// A body's velocity jumped when the prediction misses it by this fraction of its speed. On one
// branch the miss is O((ω h)²) of it (below 1 % at 10 output steps per radian); a change of
// branch reverses or doubles velocities.
constexpr double kJumpFraction = 0.3;
// Bodies slower than this fraction of the fastest one are not judged on their own speed.
constexpr double kSlowBody = 1e-3;

}  // namespace

namespace {

// Parts whose velocities at `current` miss the trapezoidal prediction from `previous`.
std::set<int> jumpedBodies(const System& system, const State& previous, const State& current)
{
  const int nb = system.numBodies();
  const double h = current.t - previous.t;
  const int n = system.numCoordinates();
  if (!(h > 0.0) || previous.qd.size() != n || previous.qdd.size() != n || current.qd.size() != n ||
      current.qdd.size() != n)
    return {};
  const Vec predicted = previous.qd + 0.5 * h * (previous.qdd + current.qdd);
  if (!predicted.allFinite() || !current.qd.allFinite())
    return {};
  std::vector<double> miss(static_cast<size_t>(nb)), speed(static_cast<size_t>(nb));
  double fastest = 0.0;
  for (int b = 0; b < nb; ++b) {
    const auto seg = [&](const Vec& v) { return v.segment<7>(7 * b); };
    miss[static_cast<size_t>(b)] = (seg(current.qd) - seg(predicted)).norm();
    speed[static_cast<size_t>(b)] =
        std::max({seg(current.qd).norm(), seg(predicted).norm(), seg(previous.qd).norm()});
    fastest = std::max(fastest, speed[static_cast<size_t>(b)]);
  }
  std::set<int> jumped;
  if (fastest <= 0.0)
    return jumped;
  for (int b = 0; b < nb; ++b)
    if (miss[static_cast<size_t>(b)] >
        kJumpFraction * std::max(speed[static_cast<size_t>(b)], kSlowBody * fastest))
      jumped.insert(b);
  return jumped;
}

std::string describe(const System& system, double from, double to, const std::set<int>& jumped)
{
  const Model& model = system.model();
  std::ostringstream text;
  text << "kinematics: the mechanism changed assembly branch between t = " << from << " s and t = " << to
       << " s (the velocities of ";
  int listed = 0;
  for (int b : jumped)
    text << (listed++ ? ", " : "") << "part '" << model.bodies[static_cast<size_t>(b)].name << "'";
  text << " jumped; joints involved: ";
  listed = 0;
  for (const Joint& joint : model.joints) {
    const int bi = model.markers[static_cast<size_t>(joint.iMarker)].body;
    const int bj = model.markers[static_cast<size_t>(joint.jMarker)].body;
    if (jumped.count(bi) || jumped.count(bj)) {
      if (listed < 8)
        text << (listed ? ", " : "") << "'" << joint.name << "'";
      ++listed;
    }
  }
  if (listed > 8)
    text << " and " << listed - 8 << " more";
  text << "). It passed a singular position, where assemblies meet (e.g. the flat position of a "
          "parallelogram linkage), and the results after it follow another assembly than before. A motion "
          "that does not drive it through that position, or a design without it, avoids this";
  return text.str();
}

}  // namespace

std::optional<std::string> BranchTracker::next(const State& frame)
{
  if (!m_trusted) {
    m_trusted = frame;
    return std::nullopt;
  }
  if (!m_suspect) {
    if (jumpedBodies(m_system, *m_trusted, frame).empty())
      m_trusted = frame;
    else
      m_suspect = frame;
    return std::nullopt;
  }
  // Confirm over both steps: a singular frame's own velocities do not count.
  const std::set<int> jumped = jumpedBodies(m_system, *m_trusted, frame);
  const double from = m_trusted->t;
  m_suspect.reset();
  m_trusted = frame;
  if (jumped.empty())
    return std::nullopt;
  return describe(m_system, from, frame.t, jumped);
}

std::optional<std::string> BranchTracker::finish()
{
  if (!m_suspect || !m_trusted)
    return std::nullopt;
  const std::set<int> jumped = jumpedBodies(m_system, *m_trusted, *m_suspect);
  const double from = m_trusted->t, to = m_suspect->t;
  m_suspect.reset();
  return describe(m_system, from, to, jumped);
}

}  // namespace mbs::solver
