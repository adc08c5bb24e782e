// Model parameters: bindings of numeric fields, parameters in expressions, file round trip, undo.
#include <gtest/gtest.h>

#include "TestUtil.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Commands.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/core/UndoStack.hpp"

using namespace mbs::core;
using namespace mbs::core::test;

namespace {

// The bundled pendulum with its length and mass as parameters.
Model parametricPendulum()
{
  auto r = loadModel(modelPath("pendulum"));
  EXPECT_TRUE(r.ok());
  Model m = *r.model;
  m.parameters = {{"L", 2.0, "length"}, {"m0", 3.0, ""}};
  m.bindings = {{EntityRef(m.findPart("bob")), "/position/0", "-L"},
                {EntityRef(m.findMarker("bob_pivot")), "/position/0", "L"},
                {EntityRef(m.findPart("bob")), "/mass", "m0"}};
  EXPECT_TRUE(applyBindings(m).empty());
  return m;
}

bool hasReason(const Diagnostics& d, const std::string& text)
{
  for (const auto& e : d)
    if (e.reason.find(text) != std::string::npos || e.field.find(text) != std::string::npos)
      return true;
  return false;
}

}  // namespace

TEST(Parameters, BindingsWriteTheirValuesIntoTheFields)
{
  Model m = parametricPendulum();
  EXPECT_DOUBLE_EQ(m.part(m.findPart("bob"))->position.x(), -2.0);
  EXPECT_DOUBLE_EQ(m.marker(m.findMarker("bob_pivot"))->position.x(), 2.0);
  EXPECT_DOUBLE_EQ(m.part(m.findPart("bob"))->mass, 3.0);
  EXPECT_TRUE(m.validate().empty());
}

TEST(Parameters, FileRoundTripKeepsParametersAndBindings)
{
  const Model m = parametricPendulum();
  const std::string text = modelToString(m);
  EXPECT_NE(text.find("\"parameters\""), std::string::npos);
  auto back = modelFromString(text, "p.mbs.json");
  ASSERT_TRUE(back.ok()) << back.errors.front().toString();
  EXPECT_EQ(back.model->parameters, m.parameters);
  EXPECT_EQ(back.model->bindings, m.bindings);
  EXPECT_EQ(modelToString(*back.model), text);
}

TEST(Parameters, LoadingRecomputesBoundFieldsFromTheParameters)
{
  Model m = parametricPendulum();
  std::string text = modelToString(m);
  // The file says L = 2 but a stale mass; the binding wins.
  const auto at = text.find("\"value\": 3.0");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 12, "\"value\": 5.0");
  auto back = modelFromString(text, "p.mbs.json");
  ASSERT_TRUE(back.ok());
  EXPECT_DOUBLE_EQ(back.model->part(back.model->findPart("bob"))->mass, 5.0);
}

TEST(Parameters, BadBindingsAreRefusedNamingTheField)
{
  Model m = parametricPendulum();
  std::string text = modelToString(m);
  const auto at = text.find("\"expression\": \"m0\"");
  ASSERT_NE(at, std::string::npos);
  auto broken = text;
  broken.replace(at, 18, "\"expression\": \"m1*2\"");
  auto r = modelFromString(broken, "p.mbs.json");
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(hasReason(r.errors, "bob /mass")) << r.errors.front().toString();
  EXPECT_TRUE(hasReason(r.errors, "unknown name 'M1'")) << r.errors.front().toString();
  EXPECT_TRUE(hasReason(r.errors, "/bindings/2/expression"));

  broken = text;
  broken.replace(text.find("\"field\": \"/mass\""), 16, "\"field\": \"/massx\"");
  r = modelFromString(broken, "p.mbs.json");
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(hasReason(r.errors, "'bob' has no numeric field '/massx'"));

  // A value the field does not accept (a negative mass) is refused by the model's own check.
  broken = text;
  broken.replace(text.find("\"value\": 3.0"), 12, "\"value\": -1.0");
  r = modelFromString(broken, "p.mbs.json");
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(hasReason(r.errors, "/parts/1/mass")) << r.errors.front().toString();

  broken = text;
  broken.replace(text.find("\"expression\": \"m0\""), 18, "\"expression\": \"TIME\"");
  EXPECT_TRUE(hasReason(modelFromString(broken, "p").errors, "depends on TIME"));
}

TEST(Parameters, NamesMustBeValidAndUnique)
{
  Model m = parametricPendulum();
  m.parameters.push_back({"bob", 1.0, ""});
  EXPECT_TRUE(hasReason(m.validate(), "also an entity's name"));
  m.parameters.back().name = "l";
  EXPECT_TRUE(hasReason(m.validate(), "used twice"));
  m.parameters.back().name = "SIN";
  EXPECT_TRUE(hasReason(m.validate(), "not valid"));
  m.parameters.pop_back();
  EXPECT_FALSE(m.isNameFree("L"));  // a new entity cannot take a parameter's name
}

TEST(Parameters, ExpressionsReadParametersByName)
{
  Model m = parametricPendulum();
  Force f;
  f.name = "push";
  f.kind = ForceKind::SingleForce;
  f.iMarker = m.findMarker("bob_cm");
  f.actionOnly = true;
  f.functions[0] = "m0*9.81*SIN(TIME)";
  m.add(f);
  EXPECT_TRUE(m.validate().empty());
  EXPECT_TRUE(compile(m).ok);
  EXPECT_EQ(evaluateParameterExpression(m, "2*L+m0").value, 7.0);
  EXPECT_DOUBLE_EQ(*evaluateParameterExpression(m, "L*cos(60d)").value, 1.0);
  EXPECT_EQ(substituteParameters(m, "L*SIN(TIME)"), "(2)*SIN(TIME)");
  m.parameters.clear();
  EXPECT_TRUE(hasReason(m.validate(), "unknown name 'M0'"));
}

TEST(Parameters, SetParameterValueIsOneUndoableStep)
{
  Model m = parametricPendulum();
  UndoStack stack(m);
  const std::string before = modelToString(m);
  ASSERT_TRUE(stack.push(makeSetParameterValue(m, "l", 1.5)));
  ASSERT_TRUE(stack.push(makeSetParameterValue(m, "L", 0.5)));  // merges with the previous step
  EXPECT_DOUBLE_EQ(m.marker(m.findMarker("bob_pivot"))->position.x(), 0.5);
  EXPECT_DOUBLE_EQ(m.part(m.findPart("bob"))->position.x(), -0.5);
  ASSERT_TRUE(stack.undo());
  EXPECT_EQ(modelToString(m), before);
  ASSERT_TRUE(stack.redo());
  EXPECT_DOUBLE_EQ(m.part(m.findPart("bob"))->position.x(), -0.5);
}

TEST(Parameters, RefusedChangesLeaveTheModelUntouched)
{
  Model m = parametricPendulum();
  UndoStack stack(m);
  const std::string before = modelToString(m);
  EXPECT_FALSE(stack.push(makeSetParameterValue(m, "m0", -2.0)));  // mass must be > 0
  EXPECT_EQ(modelToString(m), before);
  EXPECT_FALSE(stack.push(makeBindField(m, EntityRef(m.findPart("bob")), "/mass", "nope")));
  EXPECT_EQ(modelToString(m), before);
  // A bound field cannot be set directly.
  Diagnostics errors;
  EXPECT_FALSE(
      stack.push(std::make_unique<SetProperty>(EntityRef(m.findPart("bob")), "/mass", 4.0), &errors));
  EXPECT_EQ(modelToString(m), before);
}

TEST(Parameters, BindAndUnbindFieldAreUndoable)
{
  Model m = parametricPendulum();
  UndoStack stack(m);
  const EntityRef bob(m.findPart("bob"));
  ASSERT_TRUE(stack.push(makeBindField(m, bob, "/inertia/izz", "m0*0.5e-6")));
  EXPECT_DOUBLE_EQ(m.part(m.findPart("bob"))->inertia.izz, 1.5e-6);
  ASSERT_TRUE(stack.push(makeBindField(m, bob, "/mass", "")));
  EXPECT_EQ(findBinding(m, bob, "/mass"), nullptr);
  ASSERT_TRUE(stack.push(std::make_unique<SetProperty>(bob, "/mass", 4.0)));  // free again
  ASSERT_TRUE(stack.undo());
  ASSERT_TRUE(stack.undo());
  EXPECT_NE(findBinding(m, bob, "/mass"), nullptr);
  ASSERT_TRUE(stack.undo());
  EXPECT_DOUBLE_EQ(m.part(m.findPart("bob"))->inertia.izz, 1e-6);
}

TEST(Parameters, BindingsOfRemovedEntitiesComeBackWithUndo)
{
  Model m = parametricPendulum();
  UndoStack stack(m);
  ASSERT_TRUE(stack.push(std::make_unique<RemoveEntity>(EntityRef(m.findPart("bob")))));
  EXPECT_TRUE(m.validate().empty());
  EXPECT_EQ(modelToString(m).find("/mass"), std::string::npos);  // not written
  ASSERT_TRUE(stack.undo());
  EXPECT_TRUE(modelToString(m).find("\"/mass\"") != std::string::npos);
}

TEST(Parameters, AdamsConstantVariablesBecomeParameters)
{
  // VARIABLE/1 and /2 are constants (the second of the first): parameters that the SFORCE reads by
  // name; VARIABLE/3 depends on the state and stays a variable.
  const char* deck = R"(constant variables
PART/1, GROUND
MARKER/10, PART = 1
PART/2, MASS = 2, CM = 20, IP = 1, 1, 1
MARKER/20, PART = 2, QP = 0, 0, 1
!adams_view_name='k_spring'
VARIABLE/1, FUNCTION = 50*2
VARIABLE/2, FUNCTION = 0.5*VARVAL(1)
VARIABLE/3, FUNCTION = DZ(20, 10)
SFORCE/1, TRANSLATIONAL, I = 20, J = 10, FUNCTION = -VARVAL(2)*VARVAL(3) - varval(1)*0
END
)";
  auto r = importAdmFromString(deck, "c.adm");
  for (const auto& e : r.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(r.ok());
  const Model& m = *r.model;
  ASSERT_EQ(m.parameters.size(), 2u);
  EXPECT_EQ(m.parameters[0].name, "k_spring");
  EXPECT_EQ(m.parameters[0].value, 100.0);
  EXPECT_EQ(m.parameters[1].value, 50.0);
  ASSERT_EQ(m.variables().size(), 1u);
  EXPECT_EQ(m.forces()[0].functions[0],
            "-(" + m.parameters[1].name + ")*VARVAL(" + m.variables()[0].name + ") - (k_spring)*0");
  EXPECT_TRUE(m.validate().empty());
  EXPECT_TRUE(compile(m).ok);
}
