// The flexible slider-crank benchmark (Simeon 1996, IVP Test Set "crank") with the connecting rod
// built by the mesh library: Tet10 bar → Craig-Bampton (interfaces at both ends) →
// toFlexibleBodyData → FFR dynamics. Compared with the benchmark's own rod model (two lateral sine
// shapes + quadratic axial ansatz, tests/solver/flexible_SliderCrankModel.hpp), which matches the
// published reference solution (tests/solver/flexible_slider_crank_test.cpp).
#include <gtest/gtest.h>

#include <cmath>

#include "dynamics/DynamicAnalysis.hpp"
#include "mbs/mesh/CraigBampton.hpp"
#include "mbs/mesh/FlexibleBodyConversion.hpp"
#include "mbs/mesh/MeshGenerator.hpp"
#include "mbs/solver/Results.hpp"
#include "solver/flexible_SliderCrankModel.hpp"

using namespace mbs;
using solver::test::SimeonCrank;

namespace {

std::shared_ptr<solver::FlexibleBodyData> craigBamptonRod()
{
  mesh::FeMesh fe;
  mesh::MeshOptions options;
  options.elementSize = 0.004;  // two Tet10 across the 8 mm section
  const auto bar = mesh::Solid::bar("rod", SimeonCrank::rodLength, SimeonCrank::width, SimeonCrank::height);
  EXPECT_TRUE(mesh::MeshGenerator(options).mesh3d(bar, fe).ok());
  mesh::CraigBamptonOptions cb;
  cb.fixedInterfaceModes = 4;
  cb.dampingRatio = 0.0;  // the benchmark is undamped
  const mesh::Material material{"steel", SimeonCrank::youngsModulus, 0.3, SimeonCrank::density};
  mesh::ReducedBody body;
  const auto status = mesh::CraigBampton(cb).reduce(
      "rod", fe, material,
      {{"crank_pin", {0, 0, 0}, 0.0, "end_x0"}, {"wrist_pin", {SimeonCrank::rodLength, 0, 0}, 0.0, "end_x1"}},
      body);
  EXPECT_TRUE(status.ok()) << status.message;
  return std::make_shared<solver::FlexibleBodyData>(mesh::toFlexibleBodyData(body, {}, &fe.nodes));
}

// Transverse deflection of the rod's middle relative to the chord of its ends (body frame y): the
// mean nodal y displacement of the nodes near the midsection minus the mean of the end nodes'.
std::vector<double> midpointDeflection(const solver::System& sys, const solver::ResultStore& results)
{
  const solver::FlexibleBodyData& rod = *sys.model().bodies[1].flexible;
  std::vector<int> middle;
  for (int n = 0; n < rod.nodes.cols(); ++n)
    if (std::abs(rod.nodes(0, n)) < 1e-3 && std::abs(rod.nodes(1, n)) < 1e-3)
      middle.push_back(n);
  EXPECT_FALSE(middle.empty());
  std::vector<double> out;
  for (size_t k = 0; k < results.size(); ++k) {
    const solver::Vec eta = results.frame(k).modal[0];  // frame() returns a copy
    double mid = 0.0;
    for (int n : middle)
      mid += rod.nodalShapes.row(3 * n + 1).dot(eta);
    mid /= static_cast<double>(middle.size());
    const double ends =
        0.5 * (rod.interfaces[0].shapes.row(1).dot(eta) + rod.interfaces[1].shapes.row(1).dot(eta));
    out.push_back(mid - ends);
  }
  return out;
}

std::vector<double> run(std::shared_ptr<const solver::FlexibleBodyData> rod, std::vector<double>* deflection)
{
  // Undeformed start on the rigid trajectory (crank.f's INIT2): both rod models start identically.
  const solver::System sys(solver::test::simeonSliderCrank({}, std::move(rod)));
  solver::DynamicOptions options;
  options.endTime = 0.05;
  options.outputStep = 2.5e-4;
  options.integrator = solver::IntegratorType::Hht;
  options.integratorOptions.alpha = -0.05;
  options.integratorOptions.fixedStep = true;
  options.integratorOptions.hinit = 2e-5;
  options.integratorOptions.tolerance = 1e-9;
  options.solveInitialConditions = false;
  solver::ResultStore results;
  const solver::Status s = solver::runDynamics(sys, options, nullptr, results);
  EXPECT_TRUE(s.ok()) << s.message;
  *deflection = midpointDeflection(sys, results);
  std::vector<double> slider;
  for (size_t k = 0; k < results.size(); ++k)
    slider.push_back(results.frame(k).bodies[2].position.x());
  return slider;
}

}  // namespace

TEST(FlexibleSliderCrank, CraigBamptonRodReproducesTheBenchmarkRod)
{
  const auto cbRod = craigBamptonRod();
  ASSERT_TRUE(cbRod->problem().empty()) << cbRod->problem();
  std::vector<double> cbDeflection, refDeflection;
  const std::vector<double> cbSlider = run(cbRod, &cbDeflection);
  const std::vector<double> refSlider = run(solver::test::simeonRod(), &refDeflection);
  ASSERT_EQ(cbDeflection.size(), refDeflection.size());
  ASSERT_GT(cbDeflection.size(), 100u);
  double peakCb = 0.0, peakRef = 0.0, slider = 0.0;
  for (size_t k = 0; k < cbDeflection.size(); ++k) {
    peakCb = std::max(peakCb, std::abs(cbDeflection[k]));
    peakRef = std::max(peakRef, std::abs(refDeflection[k]));
    slider = std::max(slider, std::abs(cbSlider[k] - refSlider[k]));
  }
  std::printf("peak midpoint deflection: CB %.6e, benchmark rod %.6e; slider difference %.3e\n", peakCb,
              peakRef, slider);
  // Obtained: peak 1.98761 mm (CB) vs 1.98426 mm (benchmark rod), +0.17 %: the CB rod's first
  // bending frequency (Tet10, 2 across) is within a fraction of a percent of the pinned-pinned sine
  // mode; 1 % leaves room for the mesh. The slider differs by 35 µm: the benchmark's axial model (its
  // axial mass 15 × the consistent one, so its axial mode is ~4 × softer in frequency) stretches the
  // rod differently under the inertia load.
  EXPECT_GT(peakRef, 1e-3);
  EXPECT_NEAR(peakCb / peakRef, 1.0, 0.01);
  EXPECT_LT(slider, 1e-4);
}
