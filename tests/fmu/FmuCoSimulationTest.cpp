// The co-simulation plant export (issue 31): an FMI 2.0 Co-Simulation FMU built from an Adams/View
// deck with PINPUT/POUTPUT, loaded through the FMI C API (dlopen, fmi2Instantiate, fmi2SetReal,
// fmi2DoStep, fmi2GetReal) with a PD controller computed here each communication step, against the
// same loop run inside the solver (as mbsolve runs it) with the controller as the input VARIABLE's
// FUNCTION; both against the closed-loop equilibrium m g L sin(a) = KP (REF - a).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <optional>
#include <sstream>

#include "FmuHost.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/FrameView.hpp"
#include "mbs/core/Parameters.hpp"
#include "mbs/core/SolverSettings.hpp"
#include "mbs/fmu/FmuExport.hpp"
#include "mbs/solver/Analysis.hpp"

namespace mbs::fmu {
namespace {

namespace fs = std::filesystem;
using test::FmuHost;

// The deck's plant (MMKS: N-mm, rad) and the controller of the test.
constexpr double kMass = 1.0, kLength = 500.0, kGravity = 9806.65;  // kg, mm, mm/s^2
constexpr double KP = 20000.0, KD = 2000.0, REF = 0.3;              // N-mm/rad, N-mm-s/rad, rad
constexpr double kEnd = 3.0;                                        // s
constexpr unsigned kTorqueIn = 1, kAngleOut = 2, kOmegaOut = 3, kHingeDamping = 4;  // value references

std::string deckPath()
{
  return std::string(MBS_TEST_DATA_DIR) + "/fmu/pendulum_plant_mmks.adm";
}

std::string readText(const std::string& path)
{
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string all(const core::Diagnostics& ds)
{
  std::string out;
  for (const auto& d : ds)
    out += d.toString() + "\n";
  return out;
}

// The plant deck, optionally with the PD law as the input VARIABLE's FUNCTION (the loop closed in
// the model), at a tight integration tolerance.
core::Model plantModel(bool closedInside)
{
  std::string text = readText(deckPath());
  if (closedInside) {
    const std::string open = "VARIABLE/10\n, FUNCTION = 0.0\n";
    const auto at = text.find(open);
    EXPECT_NE(at, std::string::npos);
    std::ostringstream law;
    law.precision(17);
    law << "VARIABLE/10\n, FUNCTION = " << KP << " * (" << REF << " - VARVAL(20)) - " << KD
        << " * VARVAL(21)\n";
    text.replace(at, open.size(), law.str());
  }
  auto r = core::importAdmFromString(text, "pendulum_plant_mmks.adm");
  EXPECT_TRUE(r.ok()) << all(r.errors);
  core::Model model = *r.model;
  model.analysis.errorTolerance = 1e-8;
  return model;
}

void setDamping(core::Model& model, double damping)
{
  core::Parameter* p = core::findParameter(model, "hinge_damping");
  ASSERT_NE(p, nullptr);
  p->value = damping;
  ASSERT_TRUE(core::applyBindings(model).empty());
}

// The loop inside the solver: angle_out at t = 0, 0.01, ..., kEnd.
std::vector<double> loopInsideSolver(std::optional<double> damping = {})
{
  core::Model model = plantModel(true);
  if (damping)
    setDamping(model, *damping);
  core::CompileResult compiled = core::compile(model);
  EXPECT_TRUE(compiled.ok) << all(compiled.diagnostics);
  solver::AnalysisSettings settings = core::toSolverSettings(model.analysis);
  settings.kind = solver::AnalysisKind::Dynamic;
  settings.endTime = kEnd;
  settings.outputStep = 0.01;
  solver::ResultStore results;
  const auto outcome = solver::runAnalysis(compiled.model, settings, nullptr, results);
  EXPECT_TRUE(outcome.status.ok()) << outcome.status.message;
  std::vector<double> angle;
  for (std::size_t k = 0; k < results.size(); ++k) {
    const solver::ResultFrame frame = results.frame(k);
    angle.push_back(compiled.plantOutputs[0].outputs[0]->evaluate(core::FrameView(compiled.model, frame)));
  }
  return angle;
}

// The angle where the closed loop rests: m g L sin(a) = KP (REF - a) (Newton).
double equilibrium()
{
  double a = REF;
  for (int k = 0; k < 50; ++k)
    a -= (kMass * kGravity * kLength * 1e-3 * std::sin(a) - KP * (REF - a)) /
         (kMass * kGravity * kLength * 1e-3 * std::cos(a) + KP);
  return a;
}

fs::path scratchRoot()
{
  return fs::temp_directory_path() / ("mbs_fmu_test_" + std::to_string(::getpid()));
}

fs::path scratch(const std::string& name)
{
  const fs::path dir = scratchRoot() / name;
  fs::create_directories(dir);
  return dir;
}

// The unzipped FMUs go when the tests end.
class RemoveScratch : public ::testing::Environment {
public:
  void TearDown() override
  {
    std::error_code ec;
    fs::remove_all(scratchRoot(), ec);
  }
};
const auto* const removeScratch = ::testing::AddGlobalTestEnvironment(new RemoveScratch);

// The FMU of the plant deck (optionally changed), written once per name.
std::string exportPlant(const std::string& name, const core::Model& model)
{
  const std::string path = (scratch("fmus") / (name + ".fmu")).string();
  const std::string error = exportFmu(model, path, {MBS_FMU_BINARY, {}});
  EXPECT_EQ(error, "");
  return path;
}

std::string guidOf(const FmuHost& host)
{
  const std::string xml = readText((host.dir / "modelDescription.xml").string());
  const auto at = xml.find("guid=\"");
  return at == std::string::npos ? std::string() : xml.substr(at + 6, xml.find('"', at + 6) - at - 6);
}

// The loop through the FMI API: angle_out at every communication point 0, h, 2h, ..., kEnd.
std::vector<double> loopThroughFmu(FmuHost& host, double h, std::optional<double> damping = {})
{
  fmi2Component c = host.instantiate("pendulum", fmi2CoSimulation, guidOf(host).c_str(),
                                     host.resourceUri().c_str(), &host.callbacks, fmi2False, fmi2False);
  EXPECT_NE(c, nullptr) << host.allMessages();
  if (!c)
    return {};
  EXPECT_EQ(host.setupExperiment(c, fmi2False, 0.0, 0.0, fmi2True, kEnd), fmi2OK);
  EXPECT_EQ(host.enterInitializationMode(c), fmi2OK);
  if (damping) {
    const fmi2ValueReference vr = kHingeDamping;
    EXPECT_EQ(host.setReal(c, &vr, 1, &*damping), fmi2OK) << host.allMessages();
  }
  EXPECT_EQ(host.exitInitializationMode(c), fmi2OK) << host.allMessages();
  std::vector<double> angle;
  const int steps = int(std::lround(kEnd / h));
  for (int k = 0; k <= steps; ++k) {
    const fmi2ValueReference outputs[2] = {kAngleOut, kOmegaOut};
    double y[2] = {0.0, 0.0};
    EXPECT_EQ(host.getReal(c, outputs, 2, y), fmi2OK) << host.allMessages();
    angle.push_back(y[0]);
    if (k == steps)
      break;
    const double u = KP * (REF - y[0]) - KD * y[1];  // the controller, held over the step
    const fmi2ValueReference input = kTorqueIn;
    EXPECT_EQ(host.setReal(c, &input, 1, &u), fmi2OK) << host.allMessages();
    const fmi2Status status = host.doStep(c, k * h, h, fmi2True);
    EXPECT_EQ(status, fmi2OK) << host.allMessages();
    if (status != fmi2OK)
      break;
  }
  EXPECT_EQ(host.terminate(c), fmi2OK);
  host.freeInstance(c);
  return angle;
}

// Largest difference at t = 0, 0.05, ..., kEnd (reference every 0.01 s, FMU every h).
double largestDifference(const std::vector<double>& fmu, double h, const std::vector<double>& reference)
{
  double largest = 0.0;
  for (int k = 0; k <= int(std::lround(kEnd / 0.05)); ++k) {
    const auto i = std::size_t(std::lround(k * 0.05 / h)), j = std::size_t(std::lround(k * 0.05 / 0.01));
    if (i >= fmu.size() || j >= reference.size())
      return std::numeric_limits<double>::infinity();
    largest = std::max(largest, std::abs(fmu[i] - reference[j]));
  }
  return largest;
}

TEST(FmuCoSimulation, ClosedLoopThroughTheFmiApiConvergesToTheLoopInsideTheSolver)
{
  const std::vector<double> reference = loopInsideSolver();
  ASSERT_EQ(reference.size(), 301u);
  const double rest = equilibrium();
  EXPECT_NEAR(reference.back(), rest, 1e-5);  // the loop inside the solver settles where it must
  EXPECT_GT(*std::max_element(reference.begin(), reference.end()), rest * 1.05);  // (and overshoots first)

  FmuHost host(exportPlant("pendulum", plantModel(false)), scratch("pendulum"), "pendulum");
  EXPECT_STREQ(host.getVersion(), "2.0");
  std::vector<double> errors;
  for (const double h : {0.01, 0.005, 0.0025}) {
    const std::vector<double> fmu = loopThroughFmu(host, h);
    ASSERT_EQ(fmu.size(), std::size_t(std::lround(kEnd / h)) + 1) << "h = " << h;
    EXPECT_DOUBLE_EQ(fmu.front(), 0.0);
    EXPECT_NEAR(fmu.back(), rest, 1e-5) << "h = " << h;  // a held input at rest is exact
    errors.push_back(largestDifference(fmu, h, reference));
  }
  // Inputs held over a step lag the controller by h/2 on average: the difference is first order
  // in h (it halves with h: 6.7e-3, 3.3e-3, 1.7e-3 rad here) and small at the smallest step.
  for (std::size_t k = 1; k < errors.size(); ++k) {
    const double ratio = errors[k - 1] / errors[k];
    EXPECT_GT(ratio, 1.8) << "h = " << 0.01 / std::pow(2.0, double(k)) << ": " << errors[k - 1] << " -> "
                          << errors[k];
    EXPECT_LT(ratio, 2.2) << "h = " << 0.01 / std::pow(2.0, double(k)) << ": " << errors[k - 1] << " -> "
                          << errors[k];
  }
  EXPECT_LT(errors.back(), 1e-2 * REF) << errors.back();
}

TEST(FmuCoSimulation, ParametersAreSetBeforeInitializationAndFixedAfter)
{
  // The hinge damping (a constant VARIABLE of the deck: a model parameter) at ten times its value,
  // through the FMI API, against the loop inside the solver with the same change.
  const std::vector<double> reference = loopInsideSolver(1500.0), usual = loopInsideSolver();
  FmuHost host(exportPlant("pendulum_parameter", plantModel(false)), scratch("parameter"),
               "pendulum_parameter");
  const std::vector<double> fmu = loopThroughFmu(host, 0.0025, 1500.0);
  EXPECT_LT(largestDifference(fmu, 0.0025, reference), 1e-2 * REF);
  EXPECT_GT(largestDifference(fmu, 0.0025, usual), 2e-2 * REF);  // the parameter changed the motion

  fmi2Component c = host.instantiate("p", fmi2CoSimulation, guidOf(host).c_str(), host.resourceUri().c_str(),
                                     &host.callbacks, fmi2False, fmi2False);
  ASSERT_NE(c, nullptr) << host.allMessages();
  const fmi2ValueReference vr = kHingeDamping;
  double value = 0.0;
  ASSERT_EQ(host.getReal(c, &vr, 1, &value), fmi2OK);
  EXPECT_DOUBLE_EQ(value, 150.0);  // its start value, as in the deck
  ASSERT_EQ(host.enterInitializationMode(c), fmi2OK);
  ASSERT_EQ(host.exitInitializationMode(c), fmi2OK);
  const double changed = 300.0;
  EXPECT_EQ(host.setReal(c, &vr, 1, &changed), fmi2Error);
  EXPECT_TRUE(host.logged("parameter 'hinge_damping' is fixed")) << host.allMessages();
  // fmi2Reset: back to the start values, parameters settable again.
  ASSERT_EQ(host.reset(c), fmi2OK);
  ASSERT_EQ(host.enterInitializationMode(c), fmi2OK);
  EXPECT_EQ(host.setReal(c, &vr, 1, &changed), fmi2OK) << host.allMessages();
  host.freeInstance(c);
}

TEST(FmuCoSimulation, WrongCallsFailWithTheirReasonLogged)
{
  FmuHost host(exportPlant("pendulum_calls", plantModel(false)), scratch("calls"), "pendulum_calls");
  const std::string guid = guidOf(host);
  fmi2Component c = host.instantiate("p", fmi2CoSimulation, guid.c_str(), host.resourceUri().c_str(),
                                     &host.callbacks, fmi2False, fmi2False);
  ASSERT_NE(c, nullptr) << host.allMessages();
  EXPECT_EQ(host.doStep(c, 0.0, 0.01, fmi2True), fmi2Error);
  EXPECT_TRUE(host.logged("fmi2DoStep: only after fmi2ExitInitializationMode")) << host.allMessages();
  ASSERT_EQ(host.enterInitializationMode(c), fmi2OK);
  ASSERT_EQ(host.exitInitializationMode(c), fmi2OK);
  const fmi2ValueReference output = kAngleOut, input = kTorqueIn, nothing = 99;
  const double one = 1.0, nan = std::nan("");
  EXPECT_EQ(host.setReal(c, &output, 1, &one), fmi2Error);
  EXPECT_TRUE(host.logged("'angle_out' is an output (POUTPUT)")) << host.allMessages();
  EXPECT_EQ(host.setReal(c, &nothing, 1, &one), fmi2Error);
  EXPECT_TRUE(host.logged("no variable has value reference 99")) << host.allMessages();
  EXPECT_EQ(host.setReal(c, &input, 1, &nan), fmi2Error);
  EXPECT_TRUE(host.logged("'torque_in': the value nan is not a finite number")) << host.allMessages();
  fmi2FMUstate state = nullptr;
  EXPECT_EQ(host.getFMUstate(c, &state), fmi2Error);
  EXPECT_TRUE(host.logged("canGetAndSetFMUstate=\"false\"")) << host.allMessages();
  EXPECT_EQ(host.doStep(c, 0.0, -0.01, fmi2True), fmi2Error);
  EXPECT_TRUE(host.logged("the communication step -0.01 s is not a positive number")) << host.allMessages();
  host.freeInstance(c);

  c = host.instantiate("p", fmi2CoSimulation, guid.c_str(), host.resourceUri().c_str(), &host.callbacks,
                       fmi2False, fmi2False);
  ASSERT_EQ(host.enterInitializationMode(c), fmi2OK);
  ASSERT_EQ(host.exitInitializationMode(c), fmi2OK);
  EXPECT_EQ(host.doStep(c, 0.5, 0.01, fmi2True), fmi2Error);  // the plant is at 0: no jump, no rollback
  EXPECT_TRUE(host.logged("doStep from t = 0.5 s, but the plant is at t = 0 s")) << host.allMessages();
  host.freeInstance(c);

  // Instantiation: only Co-Simulation, a file URI, the model file present, the matching GUID.
  EXPECT_EQ(host.instantiate("p", fmi2ModelExchange, guid.c_str(), host.resourceUri().c_str(),
                             &host.callbacks, fmi2False, fmi2False),
            nullptr);
  EXPECT_TRUE(host.logged("this FMU is for Co-Simulation only")) << host.allMessages();
  EXPECT_EQ(host.instantiate("p", fmi2CoSimulation, guid.c_str(), "http://example.com/resources",
                             &host.callbacks, fmi2False, fmi2False),
            nullptr);
  EXPECT_TRUE(host.logged("the resource location 'http://example.com/resources' is not a file URI"))
      << host.allMessages();
  const fs::path empty = scratch("empty_resources");
  EXPECT_EQ(host.instantiate("p", fmi2CoSimulation, guid.c_str(), ("file://" + empty.string()).c_str(),
                             &host.callbacks, fmi2False, fmi2False),
            nullptr);
  EXPECT_TRUE(host.logged("no model file '" + (empty / kFmuModelFile).string() + "' in the FMU's resources"))
      << host.allMessages();
  EXPECT_EQ(host.instantiate("p", fmi2CoSimulation, "{not-this-one}", host.resourceUri().c_str(),
                             &host.callbacks, fmi2False, fmi2False),
            nullptr);
  EXPECT_TRUE(host.logged("GUID {not-this-one} does not match the model in the resources"))
      << host.allMessages();
  // A resource folder written by hand that holds no plant: refused naming the reason.
  const fs::path bad = scratch("bad_resources");
  {
    std::ofstream(bad / kFmuModelFile) << "{ not json";
  }
  const std::string badGuid = fmuGuid("{ not json");
  EXPECT_EQ(host.instantiate("p", fmi2CoSimulation, badGuid.c_str(), ("file://" + bad.string()).c_str(),
                             &host.callbacks, fmi2False, fmi2False),
            nullptr);
  EXPECT_TRUE(host.logged("cannot read the plant's model")) << host.allMessages();
  // Percent-encoded and file:/ forms of the same folder are the same location.
  fmi2Component short_ = host.instantiate("p", fmi2CoSimulation, guid.c_str(),
                                          ("file:" + (host.dir / "resources").string()).c_str(),
                                          &host.callbacks, fmi2False, fmi2False);
  EXPECT_NE(short_, nullptr) << host.allMessages();
  host.freeInstance(short_);
}

// A SENSOR that halts the plant inside a communication step: fmi2DoStep returns fmi2Discard, the
// plant stays at the firing time (fmi2LastSuccessfulTime) with its outputs there, fmi2Terminated
// is true and a further step is refused. A constant torque u from rest, checked against the same
// run inside the solver (stopped by the same sensor) and, for the small angle reached, against
// the damped pendulum's linear step response.
TEST(FmuCoSimulation, SensorHaltInsideAStepIsADiscardAtTheFiringTime)
{
  constexpr double kTorque = 1000.0, kFiring = 0.125, kStep = 0.05;  // N-mm, s, s
  // (FUNCTION comes last: an Adams function runs to the end of its statement.)
  const std::string sensor = "SENSOR/1\n, VALUE = 0.125\n, EQ\n, ERROR = 1E-7\n, HALT\n, FUNCTION = TIME\n";
  auto withSensor = [&](core::Model model) {
    std::string text = readText(deckPath());
    text.insert(text.rfind("END"), sensor);
    const std::string open = "VARIABLE/10\n, FUNCTION = 0.0\n";
    text.replace(text.find(open), open.size(), "VARIABLE/10\n, FUNCTION = " + std::to_string(kTorque) + "\n");
    auto r = core::importAdmFromString(text, "pendulum_plant_mmks.adm");
    EXPECT_TRUE(r.ok()) << all(r.errors);
    if (r.model)
      model = *r.model;
    model.analysis.errorTolerance = 1e-8;
    return model;
  };
  // Inside the solver: the run stops at the firing.
  const core::Model inside = withSensor({});
  core::CompileResult compiled = core::compile(inside);
  ASSERT_TRUE(compiled.ok) << all(compiled.diagnostics);
  solver::AnalysisSettings settings = core::toSolverSettings(inside.analysis);
  settings.kind = solver::AnalysisKind::Dynamic;
  settings.endTime = 1.0;
  settings.outputStep = 0.01;
  solver::ResultStore results;
  const auto outcome = solver::runAnalysis(compiled.model, settings, nullptr, results);
  ASSERT_EQ(outcome.status.stoppedBySensor, "SENSOR_1") << outcome.status.message;
  const solver::ResultFrame last = results.frame(results.size() - 1);
  const double angleInside =
      compiled.plantOutputs[0].outputs[0]->evaluate(core::FrameView(compiled.model, last));
  EXPECT_NEAR(last.state.t, kFiring, 1e-6);
  // Small angles: J θ'' + c θ' + m g L θ = u from rest (N-mm = 1000 kg-mm²/s²), the step response
  // of the damped oscillator; sin θ ≈ θ costs θ²/6 ≈ 1.5e-4 of it.
  const double inertia = 1000.0 + kMass * kLength * kLength, damping = 150.0 * 1000.0, u = kTorque * 1000.0;
  const double w2 = kMass * kGravity * kLength / inertia, a = damping / (2 * inertia),
               wd = std::sqrt(w2 - a * a);
  const double closedForm =
      u / (inertia * w2) *
      (1 - std::exp(-a * kFiring) * (std::cos(wd * kFiring) + a / wd * std::sin(wd * kFiring)));
  EXPECT_NEAR(angleInside, closedForm, 1e-3 * closedForm);

  // Through the FMU, the input held at the same torque.
  FmuHost host(exportPlant("pendulum_sensor", withSensor({})), scratch("sensor"), "pendulum_sensor");
  fmi2Component c = host.instantiate("p", fmi2CoSimulation, guidOf(host).c_str(), host.resourceUri().c_str(),
                                     &host.callbacks, fmi2False, fmi2False);
  ASSERT_NE(c, nullptr) << host.allMessages();
  ASSERT_EQ(host.enterInitializationMode(c), fmi2OK);
  const fmi2ValueReference input = kTorqueIn, output = kAngleOut;
  ASSERT_EQ(host.setReal(c, &input, 1, &kTorque), fmi2OK) << host.allMessages();
  ASSERT_EQ(host.exitInitializationMode(c), fmi2OK) << host.allMessages();
  EXPECT_EQ(host.doStep(c, 0.0, kStep, fmi2True), fmi2OK) << host.allMessages();
  EXPECT_EQ(host.doStep(c, kStep, kStep, fmi2True), fmi2OK) << host.allMessages();
  EXPECT_EQ(host.doStep(c, 2 * kStep, kStep, fmi2True), fmi2Discard) << host.allMessages();
  EXPECT_TRUE(host.logged("logStatusDiscard: fmi2DoStep: SENSOR 'SENSOR_1' ended the run at t = 0.1249999"))
      << host.allMessages();
  double lastTime = 0.0, angle = 0.0;
  ASSERT_EQ(host.getRealStatus(c, fmi2LastSuccessfulTime, &lastTime), fmi2OK);
  EXPECT_NEAR(lastTime, kFiring, 1e-6);
  fmi2Boolean terminated = fmi2False;
  ASSERT_EQ(host.getBooleanStatus(c, fmi2Terminated, &terminated), fmi2OK);
  EXPECT_EQ(terminated, fmi2True);
  ASSERT_EQ(host.getReal(c, &output, 1, &angle), fmi2OK) << host.allMessages();
  EXPECT_NEAR(angle, angleInside, 1e-6 * angleInside);
  EXPECT_EQ(host.doStep(c, lastTime, kStep, fmi2True), fmi2Error);
  EXPECT_TRUE(host.logged("fmi2DoStep: the run has ended: SENSOR 'SENSOR_1'")) << host.allMessages();
  EXPECT_EQ(host.terminate(c), fmi2OK);
  host.freeInstance(c);
}

TEST(FmuExport, RefusesModelsThatAreNoPlantAndAMissingBinary)
{
  const std::string out = (scratch("refused") / "plant.fmu").string();
  core::Model noInputs = plantModel(false);
  noInputs.plantInputs.clear();
  EXPECT_NE(exportFmu(noInputs, out, {MBS_FMU_BINARY, {}}).find("the model has no plant input (PINPUT)"),
            std::string::npos);
  core::Model noOutputs = plantModel(false);
  noOutputs.plantOutputs.clear();
  EXPECT_NE(exportFmu(noOutputs, out, {MBS_FMU_BINARY, {}}).find("the model has no plant output (POUTPUT)"),
            std::string::npos);
  core::Model both = plantModel(false);
  both.plantOutputs[0].variables.push_back("torque_in");
  EXPECT_NE(exportFmu(both, out, {MBS_FMU_BINARY, {}})
                .find("VARIABLE 'torque_in' is listed by a plant input and again by plant output 'ctrl_out'"),
            std::string::npos);
  EXPECT_NE(exportFmu(plantModel(false), out, {}).find("the FMU binary mbs_fmu_plant.so was not found"),
            std::string::npos);
  EXPECT_NE(exportFmu(plantModel(false), out, {"/nonexistent/mbs_fmu_plant.so", {}})
                .find("cannot read '/nonexistent/mbs_fmu_plant.so'"),
            std::string::npos);
  EXPECT_FALSE(fs::exists(out));  // nothing half-written
  EXPECT_NE(exportFmu(plantModel(false), (scratch("refused") / "no_such_folder" / "p.fmu").string(),
                      {MBS_FMU_BINARY, {}})
                .find("does its folder exist"),
            std::string::npos);
}

TEST(FmuExport, ModelIdentifiersAreCIdentifiersAndTheXmlIsEscaped)
{
  EXPECT_EQ(modelIdentifierFor("/tmp/my plant-2.fmu"), "my_plant_2");
  EXPECT_EQ(modelIdentifierFor("2nd.fmu"), "plant_2nd");
  core::Model model = plantModel(false);
  model.name = "a<b>&\"c'";
  const PlantVariables variables = plantVariables(model);
  ASSERT_TRUE(variables.ok()) << variables.error;
  ASSERT_EQ(variables.variables.size(), 4u);
  EXPECT_EQ(variables.variables[0].causality, Causality::Input);
  EXPECT_EQ(variables.variables[3].causality, Causality::Parameter);
  const std::string xml = modelDescriptionXml(model, variables, "id", "{g}");
  EXPECT_NE(xml.find("modelName=\"a&lt;b&gt;&amp;&quot;c&apos;\""), std::string::npos) << xml;
  EXPECT_EQ(xml.find("a<b"), std::string::npos);
  // Same model text, same GUID; any change, another.
  EXPECT_EQ(fmuGuid("abc"), fmuGuid("abc"));
  EXPECT_NE(fmuGuid("abc"), fmuGuid("abd"));
}

}  // namespace
}  // namespace mbs::fmu
