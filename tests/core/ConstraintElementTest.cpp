// A joint marked as a DMBS constraint element (cut joint, DMBS manual §2.4.2): stored in the model
// file only when set (older files read unchanged), toggled in one undo step, refused with a message
// naming the joint when it cannot be cut or leaves no spanning tree, and compiled to the solver.
#include <gtest/gtest.h>

#include "TestUtil.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/core/UndoStack.hpp"

namespace mbs::core {
namespace {

Model fourBar()
{
  auto loaded = loadModel(test::modelPath("four_bar"));
  EXPECT_TRUE(loaded.ok());
  return loaded.ok() ? *loaded.model : Model();
}

bool hasError(const Diagnostics& d, const std::string& text, const std::string& entity)
{
  for (const Diagnostic& e : d)
    if (e.reason.find(text) != std::string::npos && e.entity == entity)
      return true;
  return false;
}

std::string allMessages(const Diagnostics& d)
{
  std::string text;
  for (const Diagnostic& e : d)
    text += e.toString() + "\n";
  return text;
}

TEST(ConstraintElement, OlderFilesReadUnmarkedAndTheFlagIsWrittenOnlyWhenSet)
{
  Model m = fourBar();
  for (const Joint& j : m.joints())
    EXPECT_FALSE(j.constraintElement) << j.name;
  const std::string plain = modelToString(m);
  EXPECT_EQ(plain.find("constraint_element"), std::string::npos);

  m.joint(m.findJoint("joint_b"))->constraintElement = true;
  const std::string marked = modelToString(m);
  EXPECT_NE(marked.find("\"constraint_element\": true"), std::string::npos);
  auto again = modelFromString(marked);
  ASSERT_TRUE(again.ok()) << allMessages(again.errors);
  EXPECT_TRUE(again.model->joint(again.model->findJoint("joint_b"))->constraintElement);
  EXPECT_FALSE(again.model->joint(again.model->findJoint("joint_c"))->constraintElement);
  EXPECT_EQ(modelToString(*again.model), marked);

  // Compiled: the solver's joint carries the user's choice.
  const CompileResult compiled = compile(*again.model);
  ASSERT_TRUE(compiled.ok);
  for (const auto& j : compiled.model.joints)
    EXPECT_EQ(j.constraintElement, j.name == "joint_b") << j.name;
}

TEST(ConstraintElement, NotABooleanIsAFileErrorNamingTheField)
{
  Model m = fourBar();
  m.joint(m.findJoint("joint_b"))->constraintElement = true;
  std::string text = modelToString(m);
  text.replace(text.find("\"constraint_element\": true"), 26, "\"constraint_element\": \"yes\"");
  const auto r = modelFromString(text);
  EXPECT_FALSE(r.ok());
  bool named = false;
  for (const Diagnostic& e : r.errors)
    named |= e.field.find("constraint_element") != std::string::npos &&
             e.reason.find("expected true or false") != std::string::npos;
  EXPECT_TRUE(named) << allMessages(r.errors);
}

TEST(ConstraintElement, ToggleIsOneUndoStep)
{
  Model m = fourBar();
  UndoStack stack(m);
  const EntityRef joint(m.findJoint("joint_b"));
  Diagnostics errors;
  ASSERT_TRUE(stack.push(std::make_unique<SetProperty>(joint, "/constraint_element", true), &errors))
      << allMessages(errors);
  EXPECT_TRUE(m.joint(JointId(joint.id))->constraintElement);
  EXPECT_EQ(stack.size(), 1u);
  EXPECT_EQ(stack.undoText(), "Set constraint_element");
  ASSERT_TRUE(stack.undo());
  EXPECT_FALSE(m.joint(JointId(joint.id))->constraintElement);
  ASSERT_TRUE(stack.redo());
  EXPECT_TRUE(m.joint(JointId(joint.id))->constraintElement);
  ASSERT_TRUE(stack.push(std::make_unique<SetProperty>(joint, "/constraint_element", false), &errors));
  EXPECT_FALSE(m.joint(JointId(joint.id))->constraintElement);
  EXPECT_EQ(modelToString(m), modelToString(fourBar()));  // unmarked: the file as before
}

// joint_b and joint_c both cut would leave the coupler on no tree joint; the second mark is refused
// naming both joints and the part cut off, and the model is left as it was.
TEST(ConstraintElement, MarkingThatLeavesNoSpanningTreeIsRefusedNamingTheJoints)
{
  Model m = fourBar();
  UndoStack stack(m);
  Diagnostics errors;
  ASSERT_TRUE(stack.push(
      std::make_unique<SetProperty>(EntityRef(m.findJoint("joint_c")), "/constraint_element", true)));
  EXPECT_FALSE(stack.push(
      std::make_unique<SetProperty>(EntityRef(m.findJoint("joint_b")), "/constraint_element", true),
      &errors));
  EXPECT_TRUE(hasError(errors,
                       "joints 'joint_b', 'joint_c' cannot all be constraint elements (cut joints): without "
                       "them part 'coupler' has no path of tree joints to ground, so DMBS has no spanning "
                       "tree; unmark one of them",
                       "joint_b"))
      << allMessages(errors);
  EXPECT_FALSE(m.joint(m.findJoint("joint_b"))->constraintElement);
  EXPECT_EQ(stack.size(), 1u);

  // A ground pivot alone may be cut (the loop still reaches the crank) ...
  Model pivot = fourBar();
  pivot.joint(pivot.findJoint("joint_a"))->constraintElement = true;
  EXPECT_TRUE(pivot.validate().empty()) << allMessages(pivot.validate());
  // ... but in an open chain it is the part's only way to ground.
  Model chain = fourBar();
  UndoStack chainStack(chain);
  ASSERT_TRUE(chainStack.push(std::make_unique<RemoveEntity>(EntityRef(chain.findJoint("joint_c")))));
  errors.clear();
  EXPECT_FALSE(chainStack.push(
      std::make_unique<SetProperty>(EntityRef(chain.findJoint("joint_a")), "/constraint_element", true),
      &errors));
  EXPECT_TRUE(
      hasError(errors,
               "joint 'joint_a' cannot be a constraint element (cut joint): without it part 'crank' has "
               "no path of tree joints to ground, so DMBS has no spanning tree; unmark it",
               "joint_a"))
      << allMessages(errors);
}

TEST(ConstraintElement, JointsDmbsCannotCutAreRefusedNamingThem)
{
  Model m = fourBar();
  Joint* b = m.joint(m.findJoint("joint_b"));
  b->kind = JointKind::Screw;
  b->pitch = 0.01;
  b->constraintElement = true;
  EXPECT_TRUE(
      hasError(m.validate(),
               "joint 'joint_b': a screw joint cannot be a constraint element (cut joint): DMBS has no "
               "cut-joint equations for it",
               "joint_b"))
      << allMessages(m.validate());

  Model gear = fourBar();
  Joint g;
  g.name = "gear";
  g.kind = JointKind::Gear;
  g.joints = {gear.findJoint("joint_a"), gear.findJoint("joint_d")};
  g.ratio = 1.0;
  g.constraintElement = true;
  gear.add(g);
  EXPECT_TRUE(
      hasError(gear.validate(),
               "coupler 'gear' cannot be a constraint element (cut joint): it couples two joints and is "
               "never in the DMBS tree",
               "gear"))
      << allMessages(gear.validate());
}

}  // namespace
}  // namespace mbs::core
