// Per-mode damping and mode selection of a flexible body, and nodal displacement outputs, on a
// steel cantilever (1 m x 20 mm x 20 mm, Hermite beam clamped at its root, the body's frame held
// by a fixed joint) against closed forms: the free vibration of mode i is
// η_i(t) = η_i0 e^(−ζ_i ω_i t) (cos ω_d t + ζ_i / sqrt(1 − ζ_i²) sin ω_d t), ω_d = ω_i sqrt(1 − ζ_i²);
// the static deflection under a uniform load is v(x) = q x² (6 L² − 4 L x + x²) / (24 EI).
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "System.hpp"
#include "analysis/StaticAnalysis.hpp"
#include "dynamics/DynamicAnalysis.hpp"
#include "flexible_BeamModel.hpp"
#include "mbs/solver/ResultCsv.hpp"
#include "mbs/solver/Results.hpp"

namespace mbs::solver {
namespace {

// The clamped beam with `modes` modes, damping ratio zetas[i] on mode i, and the tip (last node)
// and the mid-point relative to the root-tip chord as node outputs.
std::shared_ptr<FlexibleBodyData> cantileverData(int modes, const std::vector<double>& zetas)
{
  test::BeamProperties p;
  p.clampedRoot = true;
  p.modes = modes;
  auto data = test::makeBeam(p);
  for (int i = 0; i < modes; ++i)
    data->modeInfo.push_back({i + 1, "bending", 0.0, zetas[static_cast<std::size_t>(i)]});
  data->modalDamping = modalDampingFromRatios(data->modalMass, data->modalStiffness, data->dampingRatios());
  data->nodeOutputs.push_back({"tip", p.elements, -1, -1});
  data->nodeOutputs.push_back({"mid", p.elements / 2, 0, p.elements});
  return data;
}

// The beam's floating frame fixed to ground (the clamp), no gravity unless given.
Model clampedModel(std::shared_ptr<FlexibleBodyData> data, const Vec3& gravity = Vec3::Zero())
{
  Model m;
  m.gravity = gravity;
  m.bodies.push_back(test::flexibleBody("beam", std::move(data)));
  Marker onBeam;
  onBeam.name = "beam_frame";
  onBeam.body = 0;
  m.markers.push_back(onBeam);
  Marker ground;
  ground.name = "ground_frame";
  ground.body = kGround;
  m.markers.push_back(ground);
  Joint clamp;
  clamp.name = "clamp";
  clamp.type = JointType::Fixed;
  clamp.iMarker = 0;
  clamp.jMarker = 1;
  m.joints.push_back(clamp);
  return m;
}

double dampedFreeVibration(double eta0, double zeta, double omega, double t)
{
  const double wd = omega * std::sqrt(1.0 - zeta * zeta);
  return eta0 * std::exp(-zeta * omega * t) *
         (std::cos(wd * t) + zeta / std::sqrt(1.0 - zeta * zeta) * std::sin(wd * t));
}

void freeVibration(const Model& model, double endTime, ResultStore& results)
{
  const System sys(model);
  DynamicOptions options;
  options.endTime = endTime;
  options.outputStep = 1e-4;
  options.integrator = IntegratorType::Hht;
  options.integratorOptions.alpha = 0.0;  // no numerical damping
  options.integratorOptions.tolerance = 1e-9;
  options.integratorOptions.hmax = 1e-4;
  options.solveInitialConditions = false;
  const Status s = runDynamics(sys, options, nullptr, results);
  EXPECT_TRUE(s.ok()) << s.message;
}

// Decay rate of a sampled damped oscillation from its positive peaks (parabolic interpolation):
// ln(first peak / last peak) / (time between them).
double decayRate(const std::vector<double>& t, const std::vector<double>& y)
{
  std::vector<std::pair<double, double>> peaks;
  for (std::size_t k = 1; k + 1 < y.size(); ++k)
    if (y[k] > 0 && y[k] >= y[k - 1] && y[k] > y[k + 1]) {
      const double a = y[k - 1], b = y[k], c = y[k + 1], denom = a - 2 * b + c;
      const double shift = denom != 0.0 ? 0.5 * (a - c) / denom : 0.0;
      peaks.emplace_back(t[k] + shift * (t[k + 1] - t[k]), b - 0.25 * (a - c) * shift);
    }
  EXPECT_GE(peaks.size(), 4u);
  if (peaks.size() < 2)
    return 0.0;
  return std::log(peaks.front().second / peaks.back().second) / (peaks.back().first - peaks.front().first);
}

TEST(FlexibleModalDamping, EachModeDecaysAtItsOwnZetaOmega)
{
  const std::vector<double> zetas{0.02, 0.05};
  auto data = cantileverData(2, zetas);
  Model model = clampedModel(data);
  model.bodies[0].modalCoordinates = Vec(Eigen::Vector2d(1e-3, 2e-4));
  model.bodies[0].modalVelocities = Vec::Zero(2);
  ResultStore results;
  freeVibration(model, 0.4, results);
  ASSERT_GT(results.size(), 1000u);
  const std::vector<double> t = results.times();
  test::BeamProperties p;
  for (int i = 0; i < 2; ++i) {
    const double omega = std::sqrt(data->modalStiffness(i, i));
    // The modes are the clamped beam's: 16.69 Hz and 104.6 Hz (Euler-Bernoulli β L = 1.875, 4.694).
    EXPECT_NEAR(omega / (2 * std::numbers::pi) / p.cantileverHz(i), 1.0, 2e-3);
    const std::vector<double> eta = results.series([i](const ResultFrame& f) { return f.modal[0][i]; });
    const double rate = decayRate(t, eta);
    EXPECT_NEAR(rate / (zetas[i] * omega), 1.0, 2e-3) << "mode " << i + 1 << ": decay " << rate << " 1/s";
    double worst = 0.0;
    for (std::size_t k = 0; k < t.size(); ++k)
      worst = std::max(worst, std::abs(eta[k] - dampedFreeVibration(model.bodies[0].modalCoordinates[i],
                                                                    zetas[i], omega, t[k])));
    EXPECT_LT(worst, 2e-3 * model.bodies[0].modalCoordinates[i]) << "mode " << i + 1;
  }
}

TEST(FlexibleModalDamping, RemovingAModeRemovesItsFrequencyFromTheTipResponse)
{
  const std::vector<double> zetas{0.02, 0.05};
  auto both = cantileverData(2, zetas);
  auto first = cantileverData(1, zetas);  // the same body with mode 2 removed
  const int tip = 1;                      // FE node output "tip" (index 0), y row
  const double phiTip1 = both->nodeOutputShapes(0)(tip, 0), phiTip2 = both->nodeOutputShapes(0)(tip, 1);
  const double w1 = std::sqrt(both->modalStiffness(0, 0)), w2 = std::sqrt(both->modalStiffness(1, 1));
  Model withBoth = clampedModel(both), withFirst = clampedModel(first);
  withBoth.bodies[0].modalCoordinates = Vec(Eigen::Vector2d(1e-3, 2e-4));
  withFirst.bodies[0].modalCoordinates = Vec::Constant(1, 1e-3);
  ResultStore a, b;
  freeVibration(withBoth, 0.1, a);
  freeVibration(withFirst, 0.1, b);
  const std::vector<double> t = a.times();
  ASSERT_EQ(t.size(), b.times().size());
  const auto tipY = [tip](const ResultFrame& f, const FlexibleBodyData& d) {
    return (d.nodeOutputShapes(0) * f.modal[0])[tip];
  };
  // Amplitude of the tip response at mode 2's damped frequency (projection on e^(−i ω t) under a
  // Hann window, whose side lobes keep mode 1's 16.7 Hz out of the 104.6 Hz bin).
  double re[2] = {0, 0}, im[2] = {0, 0}, worstFirst = 0.0;
  const double wd2 = w2 * std::sqrt(1 - zetas[1] * zetas[1]);
  for (std::size_t k = 0; k < t.size(); ++k) {
    const double ya = tipY(a.frame(k), *both), yb = tipY(b.frame(k), *first);
    const double mode1 = phiTip1 * dampedFreeVibration(1e-3, zetas[0], w1, t[k]);
    // With mode 2 removed the tip moves as mode 1 alone; with it, the difference is mode 2 alone.
    worstFirst = std::max(worstFirst, std::abs(yb - mode1));
    EXPECT_NEAR(ya - mode1, phiTip2 * dampedFreeVibration(2e-4, zetas[1], w2, t[k]),
                2e-3 * std::abs(phiTip2) * 2e-4);
    const double hann = 0.5 - 0.5 * std::cos(2 * std::numbers::pi * t[k] / t.back());
    re[0] += hann * ya * std::cos(wd2 * t[k]);
    im[0] += hann * ya * std::sin(wd2 * t[k]);
    re[1] += hann * yb * std::cos(wd2 * t[k]);
    im[1] += hann * yb * std::sin(wd2 * t[k]);
  }
  EXPECT_LT(worstFirst, 2e-3 * std::abs(phiTip1) * 1e-3);
  const double withMode2 = std::hypot(re[0], im[0]), withoutMode2 = std::hypot(re[1], im[1]);
  EXPECT_GT(withMode2, 20 * withoutMode2) << withMode2 << " vs " << withoutMode2;
}

TEST(FlexibleNodeOutputs, StaticTipAndChordMidpointDeflectionsAreEulerBernoulli)
{
  test::BeamProperties p;
  auto data = cantileverData(p.elements * 2, std::vector<double>(p.elements * 2, 0.01));
  const double g = 9.81;
  const System sys(clampedModel(data, Vec3(0, -g, 0)));
  State state;
  const Status s = solveStatics(sys, state);
  ASSERT_TRUE(s.ok()) << s.message;
  const Vec eta = state.q.segment(sys.modalOffset(0), data->modeCount());
  // Uniform load q = ρ A g over x ∈ [0, L] from the clamp (Hermite nodal values are exact for it).
  const double q = p.massPerLength() * g, L = p.length, EI = p.ei();
  const auto v = [&](double x) { return q * x * x * (6 * L * L - 4 * L * x + x * x) / (24 * EI); };
  const Vec3 tip = data->nodeOutputShapes(0) * eta, mid = data->nodeOutputShapes(1) * eta;
  EXPECT_NEAR(-tip.y(), q * std::pow(L, 4) / (8 * EI), 1e-9 * v(L));  // qL⁴/8EI = 0.4398 mm
  EXPECT_NEAR(-mid.y(), v(L / 2) - 0.5 * v(L), 1e-9 * v(L));          // from the root-tip chord
  EXPECT_NEAR(tip.x(), 0.0, 1e-15);
  // The same numbers reach the CSV as beam.tip.dy and beam.mid.dy.
  ResultStore results;
  results.reset(ResultLayout::fromModel(sys.model()));
  ResultFrame frame;
  frame.state = state;
  frame.bodies.resize(1);
  frame.joints.resize(1);
  frame.modal.push_back(eta);
  results.append(frame);
  std::stringstream csv;
  writeResultCsv(results, csv);
  std::string header, row;
  std::getline(csv, header);
  std::getline(csv, row);
  EXPECT_NE(header.find(",beam.tip.dx,beam.tip.dy,beam.tip.dz,beam.mid.dx,beam.mid.dy,beam.mid.dz"),
            std::string::npos);
  std::vector<double> cells;
  std::stringstream line(row);
  for (std::string cell; std::getline(line, cell, ',');)
    cells.push_back(std::stod(cell));
  ASSERT_GE(cells.size(), 6u);
  EXPECT_NEAR(cells[cells.size() - 2], mid.y(), 1e-12 * v(L));
  EXPECT_NEAR(cells[cells.size() - 5], tip.y(), 1e-12 * v(L));
}

TEST(FlexibleNodeOutputs, BadOutputsAndDampingRatiosAreRefusedWithTheReason)
{
  auto data = cantileverData(2, {0.01, 0.01});
  data->nodeOutputs.push_back({"far", 99, -1, -1});
  EXPECT_NE(data->problem().find("node output 'far': node 99 is not one of the 11 nodes"), std::string::npos)
      << data->problem();
  data->nodeOutputs.back() = {"half", 5, 0, -1};
  EXPECT_NE(data->problem().find("a chord needs both end nodes"), std::string::npos) << data->problem();
  data->nodeOutputs.back() = {"tip", 5, -1, -1};
  EXPECT_NE(data->problem().find("'tip' is defined twice"), std::string::npos) << data->problem();
  data->nodeOutputs.pop_back();
  data->modeInfo[1].dampingRatio = -0.1;
  EXPECT_NE(data->problem().find("mode 2: the damping ratio must be a number >= 0"), std::string::npos)
      << data->problem();
  data->modeInfo.pop_back();
  EXPECT_NE(data->problem().find("the mode list has 1 entries for 2 modes"), std::string::npos)
      << data->problem();
}

}  // namespace
}  // namespace mbs::solver
