// State matrices of a control plant (issue 31, Adams' LINEAR/STATEMAT): a mass-spring-damper with a
// force input and position, velocity and direct-feedthrough outputs, against the closed form
// A = [0 1; -k/m -c/m], B = [0; 1/m], C, D and the eigenvalues -c/2m ± i sqrt(k/m - (c/2m)^2), in the
// deck's units (MMKS) and in SI; the input's own function held out of the plant; refusals.
#include <gtest/gtest.h>

#include <cmath>

#include "mbs/core/AdamsCommandFile.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/solver/Plant.hpp"

using namespace mbs;
using namespace mbs::core;

namespace {

// The deck's plant: m = 2 kg, k = 8 N/mm, c = 0.04 N s/mm (SI: 8000 N/m, 40 N s/m).
constexpr double kMass = 2.0, kStiffness = 8000.0, kDamping = 40.0;

std::string deckPath(const std::string& name)
{
  return std::string(MBS_TEST_DATA_DIR) + "/adams_view/" + name;
}

Model plantModel()
{
  auto r = importAdm(deckPath("plant_msd_mmks.adm"));
  EXPECT_TRUE(r.ok());
  for (const auto& e : r.errors)
    ADD_FAILURE() << e.toString();
  return r.ok() ? *r.model : Model();
}

struct Linearized {
  solver::AnalysisOutcome outcome;
  solver::StateMatrices matrices;
};

Linearized linearize(const Model& model, double lengthUnit, double timeUnit, bool withInput = true,
                     bool withOutput = true)
{
  CompileResult c = compile(model);
  EXPECT_TRUE(c.ok);
  for (const auto& d : c.diagnostics)
    ADD_FAILURE() << d.toString();
  solver::AnalysisSettings settings;
  settings.kind = solver::AnalysisKind::Linear;
  solver::StateMatrixRequest request;
  request.input = withInput && !c.plantInputs.empty() ? &c.plantInputs[0] : nullptr;
  request.output = withOutput && !c.plantOutputs.empty() ? &c.plantOutputs[0] : nullptr;
  request.lengthUnit = lengthUnit;
  request.timeUnit = timeUnit;
  Linearized out;
  solver::ResultStore results;
  out.outcome = solver::runAnalysis(c.model, settings, nullptr, results, request, out.matrices);
  return out;
}

void expectMatrix(const solver::Mat& got, const solver::Mat& expected, double tolerance, const char* name)
{
  ASSERT_EQ(got.rows(), expected.rows()) << name;
  ASSERT_EQ(got.cols(), expected.cols()) << name;
  for (int i = 0; i < got.rows(); ++i)
    for (int j = 0; j < got.cols(); ++j)
      EXPECT_NEAR(got(i, j), expected(i, j), tolerance * std::max(1.0, std::abs(expected(i, j))))
          << name << "(" << i << ", " << j << ")\n"
          << got;
}

}  // namespace

TEST(PlantStateMatrices, MassSpringDamperInTheDecksUnits)
{
  const Linearized l = linearize(plantModel(), 1e-3, 1.0);
  ASSERT_TRUE(l.outcome.status.ok()) << l.outcome.status.message;
  const solver::StateMatrices& s = l.matrices;
  EXPECT_EQ(s.states, (std::vector<std::string>{"slider.x", "slider.vx"}));
  EXPECT_EQ(s.inputs, (std::vector<std::string>{"force_in"}));
  EXPECT_EQ(s.outputs, (std::vector<std::string>{"position_out", "mixed_out"}));
  // States in mm and mm/s, u in N, y as the VARIABLEs compute (mm; 2 mm/s + 0.25 N).
  solver::Mat A(2, 2), B(2, 1), C(2, 2), D(2, 1);
  A << 0, 1, -kStiffness / kMass, -kDamping / kMass;
  B << 0, 1000.0 / kMass;  // 1/m in mm/s^2 per N
  C << 1, 0, 0, 2;
  D << 0, 0.25;
  expectMatrix(s.A, A, 1e-9, "A");
  expectMatrix(s.B, B, 1e-7, "B");
  expectMatrix(s.C, C, 1e-7, "C");
  expectMatrix(s.D, D, 1e-7, "D");
  // The operating point: the spring's free length, no force.
  ASSERT_EQ(s.u0.size(), 1u);
  EXPECT_NEAR(s.u0[0], 0.0, 1e-12);
  EXPECT_NEAR(s.y0[0], 100.0, 1e-9);
  // Eigenvalues -c/2m ± i sqrt(k/m - (c/2m)^2) = -10 ± i sqrt(3900) per second.
  const double sigma = -kDamping / (2 * kMass), omega = std::sqrt(kStiffness / kMass - sigma * sigma);
  ASSERT_EQ(s.eigenvalues.size(), 2u);
  EXPECT_NEAR(s.eigenvalues[0].real(), sigma, 1e-9);
  EXPECT_NEAR(s.eigenvalues[0].imag(), -omega, 1e-9);
  EXPECT_NEAR(s.eigenvalues[1].real(), sigma, 1e-9);
  EXPECT_NEAR(s.eigenvalues[1].imag(), omega, 1e-9);
  // The eigen solution of the same analysis agrees.
  ASSERT_EQ(l.outcome.modes.size(), 1u);
  EXPECT_NEAR(l.outcome.modes[0].eigenvalue.imag(), omega, 1e-9);
}

TEST(PlantStateMatrices, SiUnitsScaleBAndCByTheLengthUnit)
{
  const Linearized l = linearize(plantModel(), 1.0, 1.0);
  ASSERT_TRUE(l.outcome.status.ok()) << l.outcome.status.message;
  solver::Mat A(2, 2), B(2, 1), C(2, 2), D(2, 1);
  A << 0, 1, -kStiffness / kMass, -kDamping / kMass;
  B << 0, 1.0 / kMass;    // m/s^2 per N
  C << 1000, 0, 0, 2000;  // the outputs stay in mm (the VARIABLEs' units) per m of state
  D << 0, 0.25;
  expectMatrix(l.matrices.A, A, 1e-9, "A");
  expectMatrix(l.matrices.B, B, 1e-7, "B");
  expectMatrix(l.matrices.C, C, 1e-7, "C");
  expectMatrix(l.matrices.D, D, 1e-7, "D");
  // Time in ms: rates and eigenvalues per ms.
  const Linearized ms = linearize(plantModel(), 1e-3, 1e-3);
  ASSERT_TRUE(ms.outcome.status.ok());
  EXPECT_NEAR(ms.matrices.A(1, 0), -kStiffness / kMass * 1e-6, 1e-12);
  EXPECT_NEAR(ms.matrices.eigenvalues[1].real(), -kDamping / (2 * kMass) * 1e-3, 1e-12);
}

TEST(PlantStateMatrices, WithoutPortsOnlyA)
{
  const Linearized l = linearize(plantModel(), 1e-3, 1.0, false, false);
  ASSERT_TRUE(l.outcome.status.ok()) << l.outcome.status.message;
  EXPECT_EQ(l.matrices.A.rows(), 2);
  EXPECT_EQ(l.matrices.B.cols(), 0);
  EXPECT_EQ(l.matrices.C.rows(), 0);
  EXPECT_EQ(l.matrices.D.size(), 0);
}

TEST(PlantStateMatrices, TheInputsOwnFunctionIsNotPartOfThePlant)
{
  // A proportional controller in the input VARIABLE: u = -4 N/mm (x - 100 mm). The eigen solution
  // sees the closed loop (k + 4 N/mm); the state matrices the plant (k) with u an input.
  Model m = plantModel();
  // (A function set here is SI: x in m; the deck's own functions compute in mm.)
  m.variable(m.findVariable("force_in"))->function = "-4000 * (DX(slider_cm, ground_anchor) - 0.1)";
  const Linearized l = linearize(m, 1e-3, 1.0);
  ASSERT_TRUE(l.outcome.status.ok()) << l.outcome.status.message;
  EXPECT_NEAR(l.matrices.A(1, 0), -kStiffness / kMass, 1e-6);
  EXPECT_NEAR(l.matrices.B(1, 0), 1000.0 / kMass, 1e-5);
  ASSERT_EQ(l.outcome.modes.size(), 1u);
  const double closed = (kStiffness + 4000.0) / kMass, sigma = kDamping / (2 * kMass);
  EXPECT_NEAR(l.outcome.modes[0].eigenvalue.imag(), std::sqrt(closed - sigma * sigma), 1e-6);
  // The model's functions read the controller again after the analysis.
  CompileResult c = compile(m);
  ASSERT_TRUE(c.ok);
  EXPECT_EQ(c.plantInputs[0].variables, (std::vector<std::string>{"force_in"}));
}

TEST(PlantStateMatrices, RefusalsNameThePortAndTheReason)
{
  Model m = plantModel();
  // An output reading an acceleration.
  m.variable(m.findVariable("position_out"))->function = "ACCX(slider_cm)";
  Linearized l = linearize(m, 1e-3, 1.0);
  ASSERT_FALSE(l.outcome.status.ok());
  EXPECT_NE(
      l.outcome.status.message.find("plant output 'ctrl_out': VARIABLE 'position_out' reads an acceleration"),
      std::string::npos)
      << l.outcome.status.message;
  // An input read by a motion (here a motion of TIME and the input's constant).
  Model mo = plantModel();
  Motion drive;
  drive.name = "drive";
  drive.joint = mo.findJoint("slide");
  drive.axis = MotionAxis::Z;
  drive.function = "VARVAL(force_in) * TIME";
  mo.add(drive);
  l = linearize(mo, 1e-3, 1.0);
  ASSERT_FALSE(l.outcome.status.ok());
  EXPECT_NE(l.outcome.status.message.find("motion 'drive' reads its VARIABLE 'force_in'"), std::string::npos)
      << l.outcome.status.message;
}

TEST(PlantCommandFile, LinearStatematNamesThePortsById)
{
  const AdamsCommandFile acf = readAdamsCommandFile(deckPath("plant_msd_mmks.acf"));
  for (const auto& e : acf.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(acf.ok());
  ASSERT_EQ(acf.commands.size(), 4u);
  const AdamsCommand& linear = acf.commands[1];
  EXPECT_EQ(linear.kind, AdamsCommand::Kind::Linear);
  EXPECT_TRUE(linear.stateMatrices);
  EXPECT_EQ(linear.plantInput, "ctrl_in");
  EXPECT_EQ(linear.plantOutput, "ctrl_out");
  EXPECT_EQ(linear.matrixFile, "plant_msd");
  EXPECT_TRUE(acf.commands[2].eigenSolution);
  // The GUI opens the model of the first SIMULATE and says it does not run the LINEAR commands.
  Diagnostics notes;
  const Model m = modelForFirstSimulate(acf, notes);
  EXPECT_EQ(m.plantInputs.size(), 1u);
  bool said = false;
  for (const auto& n : notes)
    said |= n.reason.find("2 LINEAR commands (eigen solution, state matrices): mbsolve runs them") !=
            std::string::npos;
  EXPECT_TRUE(said);
}

namespace {

// A pendulum hanging from a revolute joint about ground z (MMKS): m = 3 kg, CM 500 mm below the
// pivot, Izz = 1e5 kg mm^2 about the CM; the input a torque about z in N mm, the outputs its angle
// AZ [rad] and the CM's DX [mm].
const char* kPendulumPlant = R"(Adams View model name: pendulum_plant
!
UNITS/
, FORCE = NEWTON
, MASS = KILOGRAM
, LENGTH = MILLIMETER
, TIME = SECOND
!
!                            adams_view_name='ground'
PART/1
, GROUND
!
!                           adams_view_name='ground.pivot'
MARKER/1
, PART = 1
!
!                            adams_view_name='pendulum'
PART/2
, MASS = 3
, CM = 3
, IP = 1E5, 1E5, 1E5
!
!                           adams_view_name='pendulum.cm'
MARKER/3
, PART = 2
, QP = 0, -500, 0
!
!                           adams_view_name='pendulum.pivot'
MARKER/4
, PART = 2
!
!                           adams_view_name='pin'
JOINT/1
, REVOLUTE
, I = 4
, J = 1
!
!                           adams_view_name='motor'
SFORCE/1
, ROTATIONAL
, ACTIONONLY
, I = 4
, J = 1
, FUNCTION = VARVAL(1)
!
!                           adams_view_name='torque_in'
VARIABLE/1
, FUNCTION = 0
!
!                           adams_view_name='angle_out'
VARIABLE/2
, FUNCTION = AZ(4, 1)
!
!                           adams_view_name='sway_out'
VARIABLE/3
, FUNCTION = DX(3)
!
PINPUT/1
, VARIABLES = 1
!
POUTPUT/1
, VARIABLES = 2, 3
!
ACCGRAV/
, JGRAVITY = -9806.65
!
END
)";

}  // namespace

TEST(PlantStateMatrices, PendulumStatesAreItsRotationAboutZ)
{
  auto r = importAdmFromString(kPendulumPlant, "pendulum_plant.adm");
  for (const auto& e : r.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(r.ok());
  const Linearized l = linearize(*r.model, 1e-3, 1.0);
  ASSERT_TRUE(l.outcome.status.ok()) << l.outcome.status.message;
  // SI: I about the pivot = Izz + m L^2 = 0.1 + 3 * 0.25 kg m^2; theta'' = (-m g L theta + tau) / I.
  const double m = 3.0, L = 0.5, g = 9.80665, I = 0.1 + m * L * L, w2 = m * g * L / I;
  EXPECT_EQ(l.matrices.states, (std::vector<std::string>{"pendulum.rz", "pendulum.wz"}));
  solver::Mat A(2, 2), B(2, 1), C(2, 2), D(2, 1);
  A << 0, 1, -w2, 0;
  B << 0, 1e-3 / I;   // tau in N mm
  C << 1, 0, 500, 0;  // AZ in rad; the CM sways L = 500 mm per rad
  D << 0, 0;
  expectMatrix(l.matrices.A, A, 1e-8, "A");
  expectMatrix(l.matrices.B, B, 1e-7, "B");
  expectMatrix(l.matrices.C, C, 1e-6, "C");
  expectMatrix(l.matrices.D, D, 1e-7, "D");
  ASSERT_EQ(l.matrices.eigenvalues.size(), 2u);
  EXPECT_NEAR(l.matrices.eigenvalues[1].imag(), std::sqrt(w2), 1e-8);
  EXPECT_NEAR(l.matrices.eigenvalues[1].real(), 0.0, 1e-8);
}

TEST(PlantStateMatrices, ClosedLoopAndChainKeepTheEigenSolutionsEigenvalues)
{
  // The states are a change of coordinates of the eigen solution's reduction: A has its
  // eigenvalues (each conjugate pair once there) in a four-bar (a closed loop) and a double pendulum.
  for (const char* name : {"four_bar", "double_pendulum_spring"}) {
    auto file = loadModel(std::string(MBS_RESOURCES_DIR) + "/models/" + name + ".mbs.json");
    ASSERT_TRUE(file.ok()) << name;
    Model model = *file.model;
    std::vector<MotionId> motions;  // the four-bar's crank drive: without it, it swings under gravity
    for (const Motion& m : model.motions())
      motions.push_back(m.id);
    for (const MotionId id : motions)
      model.remove(EntityRef(id));
    const Linearized l = linearize(model, 1.0, 1.0, false, false);
    ASSERT_TRUE(l.outcome.status.ok()) << name << ": " << l.outcome.status.message;
    const auto& modes = l.outcome.modes;
    ASSERT_FALSE(modes.empty()) << name;
    ASSERT_EQ(l.matrices.A.rows(), 2 * l.outcome.linearDegreesOfFreedom) << name;
    ASSERT_EQ(l.matrices.states.size(), std::size_t(l.matrices.A.rows())) << name;
    for (const auto& mode : modes) {
      double nearest = 1e300;
      for (const auto& s : l.matrices.eigenvalues)
        nearest = std::min(nearest, std::abs(s - mode.eigenvalue));
      EXPECT_LT(nearest, 1e-6 * std::max(1.0, std::abs(mode.eigenvalue)))
          << name << ": mode " << mode.eigenvalue << " is not an eigenvalue of A";
    }
  }
}
