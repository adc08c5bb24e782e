// Export to Adams (issue 16): every bundled example written as an Adams dataset and read back gives
// the same results to 1e-9; what Adams syntax cannot express is refused naming the element.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "System.hpp"
#include "TestUtil.hpp"
#include "dynamics/DynamicAnalysis.hpp"
#include "mbs/core/AdmExport.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/AdmKeywords.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/solver/Results.hpp"

using namespace mbs;
using namespace mbs::core;

namespace {

std::vector<std::string> bundledExamples()
{
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(std::string(MBS_RESOURCES_DIR) + "/models"))
    if (e.path().string().ends_with(".mbs.json"))
      names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::unique_ptr<solver::ResultStore> simulate(const Model& model, const AnalysisSettings& a)
{
  const CompileResult compiled = compile(model);
  EXPECT_TRUE(compiled.ok);
  const solver::System system(compiled.model);
  solver::DynamicOptions options;
  // A model of many colliding bodies (the box of balls) is chaotic: the round-off of the round trip
  // grows without bound once they collide, so it is compared before the first collision.
  options.endTime = compiled.model.contacts.size() > 20 ? 0.05 : 1.0;
  options.outputStep = 0.05;
  options.integrator = a.integrator == Integrator::HhtAlpha ? solver::IntegratorType::Hht
                       : a.integrator == Integrator::Rkf45  ? solver::IntegratorType::Rkf45
                       : a.integrator == Integrator::Wstiff ? solver::IntegratorType::Wstiff
                                                            : solver::IntegratorType::Gstiff;
  options.integratorOptions.formulation =
      a.formulation == Formulation::I3 ? solver::Formulation::I3 : solver::Formulation::SI2;
  options.integratorOptions.tolerance = 1e-10;
  options.integratorOptions.hmax = 0.05;
  auto results = std::make_unique<solver::ResultStore>();
  const auto status = solver::runDynamics(system, options, nullptr, *results);
  EXPECT_TRUE(status.ok()) << status.message;
  return results;
}

// Every statement name and argument of `text` is a documented Adams keyword in its full spelling.
void expectDocumentedSyntax(const std::string& text)
{
  std::stringstream lines(text);
  std::string line;
  std::getline(lines, line);  // title
  const adm::StatementInfo* statement = nullptr;
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] == '!' || line == "END")
      continue;
    if (line[0] != ',') {
      const std::string name = line.substr(0, line.find('/'));
      statement = adm::statementInfo(name);
      EXPECT_TRUE(statement && statement->use == adm::Use::Read) << line;
      continue;
    }
    std::string word = line.substr(2, line.find_first_of(" =", 2) - 2);
    ASSERT_TRUE(statement) << line;
    EXPECT_EQ(adm::resolveArgument(*statement, word).name, word) << statement->name << ": " << line;
    EXPECT_EQ(adm::keyword(*statement, word)->use, adm::Use::Read) << line;
  }
}

class BundledExample : public testing::TestWithParam<std::string> {};

}  // namespace

TEST_P(BundledExample, WrittenToAdamsAndReadBackGivesTheSameResults)
{
  const auto loaded = loadModel(std::string(MBS_RESOURCES_DIR) + "/models/" + GetParam());
  ASSERT_TRUE(loaded.ok());
  const Model& original = *loaded.model;
  const AdmExportResult exported = exportAdm(original);
  // Refused, naming the element, where Adams has no syntax for the model's data.
  bool flexible = false, bearing = false, clearance = false, meshContact = false;
  for (const Part& p : original.parts())
    flexible |= bool(p.flexible);
  for (const Force& f : original.forces())
    if (f.contact)
      for (const auto* side : {&f.contact->iSolids, &f.contact->jSolids})
        for (const ContactSolid& s : *side)
          meshContact |= s.kind == ContactSolidKind::MeshFile;
  for (const Joint& j : original.joints()) {
    bearing |= j.friction && j.friction->halfLength > 0.0;
    clearance |= bool(j.clearance);
  }
  if (flexible || bearing || clearance || meshContact) {
    ASSERT_FALSE(exported.ok());
    EXPECT_NE(exported.errors[0].reason.find(flexible    ? "flexible parts"
                                             : bearing   ? "bearing half length"
                                             : clearance ? "radial clearance"
                                                         : "mesh_file solid"),
              std::string::npos)
        << exported.errors[0].reason;
    return;
  }
  for (const auto& e : exported.errors)
    ADD_FAILURE() << e.reason;
  ASSERT_TRUE(exported.ok());
  const auto imported = importAdmFromString(exported.text, GetParam() + ".adm");
  for (const auto& e : imported.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(imported.ok());
  EXPECT_TRUE(imported.dropped.empty());
  for (const auto& w : imported.warnings)
    ADD_FAILURE() << w.toString();
  expectDocumentedSyntax(exported.text);
  const Model& back = *imported.model;
  EXPECT_EQ(back.name, original.name);
  EXPECT_EQ(back.gravity, original.gravity);
  EXPECT_EQ(back.analysis.integrator, original.analysis.integrator);
  EXPECT_EQ(back.analysis.errorTolerance, original.analysis.errorTolerance);
  ASSERT_EQ(back.joints().size(), original.joints().size());
  for (const Joint& j : original.joints()) {
    const Joint* k = back.joint(back.findJoint(j.name));
    ASSERT_TRUE(k) << j.name;
    EXPECT_EQ(k->kind, j.kind);
    EXPECT_EQ(k->friction, j.friction) << j.name;
    EXPECT_EQ(k->initial, j.initial) << j.name;
  }

  const auto a = simulate(original, original.analysis), b = simulate(back, original.analysis);
  ASSERT_EQ(a->size(), b->size());
  ASSERT_GT(a->size(), 1u);
  const auto layoutA = a->layout(), layoutB = b->layout();
  ASSERT_EQ(layoutA.bodies, layoutB.bodies);  // the parts by name, in the same order
  ASSERT_EQ(layoutA.joints, layoutB.joints);
  double worst = 0.0;
  for (std::size_t f = 0; f < a->size(); ++f) {
    const auto fa = a->frame(f), fb = b->frame(f);
    EXPECT_DOUBLE_EQ(fa.state.t, fb.state.t);
    for (std::size_t k = 0; k < fa.bodies.size(); ++k) {
      worst = std::max(worst, (fa.bodies[k].position - fb.bodies[k].position).norm());
      worst = std::max(worst, (fa.bodies[k].velocity - fb.bodies[k].velocity).norm());
      worst = std::max(worst, (fa.bodies[k].angularVelocity - fb.bodies[k].angularVelocity).norm());
      worst = std::max(worst, fa.bodies[k].orientation.angularDistance(fb.bodies[k].orientation));
    }
    for (std::size_t k = 0; k < fa.joints.size(); ++k)
      worst = std::max(
          worst, (fa.joints[k].force - fb.joints[k].force).norm() / std::max(1.0, fa.joints[k].force.norm()));
  }
  EXPECT_LT(worst, 1e-9) << GetParam();
}

INSTANTIATE_TEST_SUITE_P(EveryBundledExample, BundledExample, testing::ValuesIn(bundledExamples()),
                         [](const testing::TestParamInfo<std::string>& p) {
                           std::string n = p.param.substr(0, p.param.find('.'));
                           return n;
                         });

// Elements the export adds markers for, and the statements it writes, read back as the same
// model entities: requests, a GFORCE on the ground frame, joint initial conditions.
TEST(AdmExport, RequestsForcesAndInitialConditionsSurviveTheRoundTrip)
{
  const auto deck = importAdmFromString(R"(round trip
PART/1, GROUND
MARKER/10, PART = 1
MARKER/13, PART = 1, FLOATING
PART/2, MASS = 2, IP = 3, 4, 5, 0.1, 0.2, 0.3, CM = 20, QG = 1, 2, 3, REULER = 10D, 20D, 30D, WZ = 2
MARKER/20, PART = 2
MARKER/21, PART = 2, QP = 0.5, 0, 0
JOINT/1, REVOLUTE, I = 20, J = 10, IC = 0.1, 0.5
GFORCE/1, I = 21, JFLOAT = 13, RM = 10, FX = -DX(21, 10)\ FY = 0\ FZ = VARVAL(1)\ TX = 0\ TY = 0\ TZ = 1
VARIABLE/1, FUNCTION = 2*TIME
REQUEST/1, VELOCITY, I = 21, J = 10, RM = 20, COMMENT = tip speed
REQUEST/2, F2 = DM(21, 10)\ F5 = VARVAL(1)
ACCGRAV/KGRAVITY = -9.81
INTEGRATOR/HHT, ERROR = 1E-5, HMAX = 0.01
END
)",
                                        "deck.adm");
  ASSERT_TRUE(deck.ok()) << deck.errors[0].toString();
  const auto exported = exportAdm(*deck.model);
  ASSERT_TRUE(exported.ok()) << exported.errors[0].reason;
  expectDocumentedSyntax(exported.text);
  const auto back = importAdmFromString(exported.text, "back.adm");
  ASSERT_TRUE(back.ok()) << back.errors[0].toString() << "\n" << exported.text;
  const Model &a = *deck.model, &b = *back.model;
  ASSERT_EQ(a.requests.size(), b.requests.size());
  for (std::size_t k = 0; k < a.requests.size(); ++k) {
    EXPECT_EQ(a.requests[k].functions, b.requests[k].functions);
    EXPECT_EQ(a.requests[k].comment, b.requests[k].comment);
    EXPECT_EQ(a.requests[k].iMarker, b.requests[k].iMarker);
    EXPECT_EQ(a.requests[k].referenceMarker, b.requests[k].referenceMarker);
  }
  EXPECT_EQ(a.forces()[0].functions, b.forces()[0].functions);
  EXPECT_EQ(a.forces(), b.forces());
  EXPECT_EQ(a.variables(), b.variables());
  EXPECT_EQ(a.joints(), b.joints());
  EXPECT_EQ(a.analysis, b.analysis);
  EXPECT_EQ(a.gravity, b.gravity);
  const Part &pa = *a.part(a.findPart("PART_2")), &pb = *b.part(b.findPart("PART_2"));
  EXPECT_EQ(pa.inertia, pb.inertia);
  EXPECT_TRUE(pa.angularVelocity.isApprox(pb.angularVelocity, 1e-15));
  for (const Marker& m : a.markers())
    EXPECT_TRUE(
        a.markerGlobalOrientation(m.id).isApprox(b.markerGlobalOrientation(b.findMarker(m.name)), 1e-15))
        << m.name;
}

// A DMBS constraint element (the user's cut joint) only chooses the spanning tree; Adams has none,
// so the joint is written and the export says that the mark is not.
TEST(AdmExport, AConstraintElementMarkIsNamedAsNotWritten)
{
  const auto deck = importAdmFromString(R"(pendulum
PART/1, GROUND
MARKER/10, PART = 1
PART/2, MASS = 1, IP = 1, 1, 1, CM = 20
MARKER/20, PART = 2
JOINT/1, REVOLUTE, I = 20, J = 10
END
)",
                                        "deck.adm");
  ASSERT_TRUE(deck.ok());
  Model model = *deck.model;
  const std::string name = model.joints().front().name;
  model.joint(model.findJoint(name))->constraintElement = true;
  const auto exported = exportAdm(model);
  ASSERT_TRUE(exported.ok());
  EXPECT_NE(exported.text.find("JOINT/"), std::string::npos);
  ASSERT_EQ(exported.warnings.size(), 1u);
  EXPECT_EQ(exported.warnings[0].entity, name);
  EXPECT_NE(exported.warnings[0].reason.find("constraint element (cut joint) mark is not written"),
            std::string::npos)
      << exported.warnings[0].reason;
}

// Load functions read elements by the ids of their own statements (JPRIM(id) reads JPRIM/id, SPDP(id)
// SPRINGDAMPER/id): the export renumbers statements, so it must write the new ids, never the
// entity names that Adams cannot read.
TEST(AdmExport, LoadFunctionsReadTheElementsByTheirWrittenIds)
{
  const auto deck = importAdmFromString(R"(load functions
UNITS/FORCE = NEWTON, MASS = KILOGRAM, LENGTH = MILLIMETER, TIME = SECOND
PART/1, GROUND
MARKER/10, PART = 1
MARKER/11, PART = 1, QP = 0, 0, 500
!                      adams_view_name='block'
PART/2, MASS = 2, IP = 1E3, 1E3, 1E3, CM = 20
MARKER/20, PART = 2
MARKER/21, PART = 2, QP = 0, 0, 10
!                      adams_view_name='crank'
PART/3, MASS = 1, IP = 1E3, 1E3, 1E3, CM = 30
MARKER/30, PART = 3
!                      adams_view_name='slide_line'
JPRIM/5, INLINE, I = 20, J = 10
!                      adams_view_name='slide_orientation'
JPRIM/7, ORIENTATION, I = 20, J = 10
!                      adams_view_name='crank_pin'
JOINT/4, REVOLUTE, I = 30, J = 10
!                      adams_view_name='crank_drive'
MOTION/8, JOINT = 4, ROTATION, FUNCTION = 360D*TIME
!                      adams_view_name='spring'
SPRINGDAMPER/3, TRANSLATIONAL, I = 21, J = 11, K = 2, C = 0.01, LENGTH = 490
!                      adams_view_name='push'
SFORCE/9, TRANSLATIONAL, I = 21, J = 11, FUNCTION = 5
!                      adams_view_name='pad'
BUSHING/6, I = 21, J = 11, K = 0.1, 0.1, 0.1, C = 0, 0, 0, KT = 0, 0, 0, CT = 0, 0, 0
VARIABLE/1, FUNCTION = JPRIM(7, 0, 8, 10) + JPRIM(5, 0, 3, 10)
, + SPDP(3, 0, 4, 10) + SFORCE(9, 0, 1, 0) + BUSH(6, 0, 4, 0) + MOTION(8, 0, 8, 10)
REQUEST/1, F2 = JPRIM(5, 0, 2, 0)\ F3 = JOINT(4, 0, 6, 0)
ACCGRAV/KGRAVITY = -9806.65
END
)",
                                        "deck.adm");
  ASSERT_TRUE(deck.ok()) << deck.errors[0].toString();
  // mbstudio's own JOINT() reads primitives too; Adams reads them with JPRIM().
  Model model = *deck.model;
  model.requests[0].functions[1] = "JOINT(slide_line, 0, 2, 0)";
  const auto exported = exportAdm(model);
  ASSERT_TRUE(exported.ok()) << exported.errors[0].reason;
  expectDocumentedSyntax(exported.text);
  // JPRIM/7 is the second primitive written, JOINT/4 the first joint, the others the first of theirs.
  const std::string& t = exported.text;
  for (const char* call : {"JPRIM(2, 0, 8,", "JPRIM(1, 0, 3,", "SPDP(1, 0, 4,", "SFORCE(1, 0, 1,",
                           "BUSH(1, 0, 4,", "MOTION(1, 0, 8,", "JPRIM(1, 0, 2,", "JOINT(1, 0, 6,"})
    EXPECT_NE(t.find(call), std::string::npos) << call << " not in\n" << t;
  for (const char* name : {"slide_line,", "slide_orientation,", "spring,", "push,", "pad,", "crank_drive,"})
    EXPECT_EQ(t.find(std::string("(") + name), std::string::npos) << name;
  const auto back = importAdmFromString(exported.text, "back.adm");
  ASSERT_TRUE(back.ok()) << back.errors[0].toString() << "\n" << exported.text;
  EXPECT_EQ(model.variables(), back.model->variables());
  EXPECT_EQ(back.model->requests[0].functions[1], "JPRIM(slide_line, 0, 2, 0)");
  EXPECT_EQ(model.requests[0].functions[2], back.model->requests[0].functions[2]);
}
