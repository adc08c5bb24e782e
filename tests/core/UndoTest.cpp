#include <gtest/gtest.h>

#include "TestUtil.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/core/UndoStack.hpp"

using namespace mbs::core;
using namespace mbs::core::test;

namespace {

Model pendulum()
{
  auto r = loadModel(modelPath("pendulum"));
  EXPECT_TRUE(r.ok());
  return *r.model;
}

}  // namespace

TEST(Undo, AddPartUndoRedoIsByteIdentical)
{
  Model m = pendulum();
  UndoStack stack(m);
  const std::string before = modelToString(m);
  Part p;
  p.mass = 2.0;
  p.position = Vec3(1, 2, 3);
  ASSERT_TRUE(stack.push(makeAddPart(p)));
  const std::string after = modelToString(m);
  EXPECT_NE(after, before);
  EXPECT_TRUE(m.findPart("PART_1"));  // unique name generated
  ASSERT_TRUE(stack.undo());
  EXPECT_EQ(modelToString(m), before);
  ASSERT_TRUE(stack.redo());
  EXPECT_EQ(modelToString(m), after);
}

TEST(Undo, RemovePartRestoresDependentsWithTheirIds)
{
  Model m = pendulum();
  UndoStack stack(m);
  const std::string before = modelToString(m);
  const PartId bob = m.findPart("bob");
  std::vector<ChangeEvent> events;
  stack.subscribe([&](const ChangeEvent& e) { events.push_back(e); });
  ASSERT_TRUE(stack.push(std::make_unique<RemoveEntity>(EntityRef(bob))));
  EXPECT_FALSE(m.part(bob));
  EXPECT_TRUE(m.markersOf(bob).empty());
  EXPECT_TRUE(m.joints().empty());
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, ChangeKind::Removed);
  EXPECT_EQ(events[0].entities.size(), 4u);  // part, 2 markers, joint
  const std::string removed = modelToString(m);
  ASSERT_TRUE(stack.undo());
  EXPECT_EQ(modelToString(m), before);
  EXPECT_EQ(events.back().kind, ChangeKind::Added);
  ASSERT_TRUE(stack.redo());
  EXPECT_EQ(modelToString(m), removed);
  ASSERT_TRUE(stack.undo());
  EXPECT_EQ(modelToString(m), before);
}

TEST(Undo, RemovingACmMarkerClearsAndRestoresThePartsCm)
{
  Model m = pendulum();
  UndoStack stack(m);
  const std::string before = modelToString(m);
  ASSERT_TRUE(stack.push(std::make_unique<RemoveEntity>(EntityRef(m.findMarker("bob_cm")))));
  EXPECT_FALSE(m.part(m.findPart("bob"))->cmMarker);
  EXPECT_TRUE(m.validate().empty());
  stack.undo();
  EXPECT_EQ(modelToString(m), before);
}

TEST(Undo, SetPropertyMergesPerEntityAndProperty)
{
  Model m = pendulum();
  UndoStack stack(m);
  const std::string before = modelToString(m);
  const PartId bob = m.findPart("bob");
  // A drag: many sets of the same property are one undo step.
  for (double x : {-0.9, -0.8, -0.7}) {
    ASSERT_TRUE(stack.push(std::make_unique<SetProperty>(EntityRef(bob), "/position/0", x)));
  }
  EXPECT_EQ(stack.size(), 1u);
  EXPECT_DOUBLE_EQ(m.part(bob)->position.x(), -0.7);
  ASSERT_TRUE(stack.push(std::make_unique<SetProperty>(EntityRef(bob), "/mass", 3.0)));
  EXPECT_EQ(stack.size(), 2u);
  const std::string after = modelToString(m);
  stack.undo();
  EXPECT_DOUBLE_EQ(m.part(bob)->mass, 1.0);
  stack.undo();
  EXPECT_EQ(modelToString(m), before);
  stack.redo();
  stack.redo();
  EXPECT_EQ(modelToString(m), after);
  // Model-level properties.
  ASSERT_TRUE(stack.push(
      std::make_unique<SetProperty>(EntityRef(), "/gravity", nlohmann::ordered_json::array({0, 0, -9.81}))));
  EXPECT_TRUE(m.gravity.isApprox(Vec3(0, 0, -9.81)));
}

TEST(Undo, InvalidChangesAreRefusedWithAReason)
{
  Model m = pendulum();
  UndoStack stack(m);
  const std::string before = modelToString(m);
  const PartId bob = m.findPart("bob");
  Diagnostics errors;
  EXPECT_FALSE(stack.push(std::make_unique<SetProperty>(EntityRef(bob), "/mass", -1.0), &errors));
  ASSERT_FALSE(errors.empty());
  EXPECT_NE(errors[0].reason.find("mass must be positive"), std::string::npos);
  errors.clear();
  EXPECT_FALSE(stack.push(std::make_unique<SetProperty>(EntityRef(bob), "/name", "pivot"), &errors));
  EXPECT_NE(errors[0].reason.find("already used"), std::string::npos);
  errors.clear();
  EXPECT_FALSE(stack.push(std::make_unique<SetProperty>(EntityRef(bob), "/mass", "heavy"), &errors));
  EXPECT_FALSE(stack.push(std::make_unique<RemoveEntity>(EntityRef(kGroundId)), &errors));
  EXPECT_EQ(stack.size(), 0u);
  EXPECT_EQ(modelToString(m), before);
}

TEST(Undo, MacroIsOneStepAndCleanStateIsTracked)
{
  Model m = pendulum();
  UndoStack stack(m);
  stack.setClean();
  const std::string before = modelToString(m);
  // "Pick two points -> markers + revolute joint" on a new part.
  auto macro = std::make_unique<Macro>("Add hinged link");
  Part link;
  link.id = PartId(m.nextId());
  link.name = "link";
  link.position = Vec3(-2, 0, 0);
  macro->add(makeAddPart(link));
  Marker a, b;
  a.id = MarkerId(m.nextId() + 1);
  a.name = "hinge_on_bob";
  a.part = m.findPart("bob");
  b.id = MarkerId(m.nextId() + 2);
  b.name = "hinge_on_link";
  b.part = link.id;
  b.position = Vec3(1, 0, 0);
  macro->add(makeAddMarker(a));
  macro->add(makeAddMarker(b));
  Joint j;
  j.name = "hinge";
  j.iMarker = b.id;
  j.jMarker = a.id;
  macro->add(makeAddJoint(j));
  ASSERT_TRUE(stack.push(std::move(macro)));
  EXPECT_EQ(stack.size(), 1u);
  EXPECT_FALSE(stack.isClean());
  EXPECT_EQ(stack.undoText(), "Add hinged link");
  const std::string after = modelToString(m);
  stack.undo();
  EXPECT_TRUE(stack.isClean());
  EXPECT_EQ(modelToString(m), before);
  stack.redo();
  EXPECT_EQ(modelToString(m), after);
  // A macro whose last step fails leaves nothing behind.
  auto bad = std::make_unique<Macro>("bad");
  Part q;
  q.name = "q";
  bad->add(makeAddPart(q));
  Joint orphan;
  orphan.name = "orphan";
  orphan.iMarker = MarkerId(424242);
  orphan.jMarker = a.id;
  bad->add(makeAddJoint(orphan));
  EXPECT_FALSE(stack.push(std::move(bad)));
  EXPECT_EQ(modelToString(m), after);
}

TEST(Undo, ObserversCanUnsubscribe)
{
  Model m = pendulum();
  UndoStack stack(m);
  int calls = 0;
  const int token = stack.subscribe([&](const ChangeEvent&) { ++calls; });
  stack.push(std::make_unique<SetProperty>(EntityRef(m.findPart("bob")), "/mass", 2.0));
  stack.unsubscribe(token);
  stack.undo();
  EXPECT_EQ(calls, 1);
  stack.notifyReset();
  EXPECT_FALSE(stack.canUndo());
}

TEST(Undo, OutputRequestsAreSetAsOneStepAndRefusedWhenInvalid)
{
  Model m = pendulum();
  UndoStack stack(m);
  const std::string before = modelToString(m);
  Request swing;
  swing.name = "swing";
  swing.kind = RequestKind::Displacement;
  swing.iMarker = m.findMarker("bob_cm");
  swing.jMarker = m.findMarker("pivot");
  Request height;
  height.name = "height";
  height.kind = RequestKind::Functions;
  height.functions[0] = "DZ(bob_cm, pivot)";
  ASSERT_TRUE(stack.push(std::make_unique<SetRequests>(std::vector<Request>{swing, height})));
  ASSERT_EQ(m.requests.size(), 2u);
  EXPECT_EQ(stack.undoText(), "Set output requests");

  // An unknown marker in a function and a reused name are refused, the list untouched.
  Request broken = height;
  broken.functions[0] = "DZ(no_such_marker)";
  EXPECT_FALSE(stack.push(std::make_unique<SetRequests>(std::vector<Request>{swing, broken})));
  EXPECT_FALSE(stack.push(std::make_unique<SetRequests>(std::vector<Request>{swing, swing})));
  EXPECT_EQ(m.requests[1].functions[0], "DZ(bob_cm, pivot)");

  ASSERT_TRUE(stack.undo());
  EXPECT_EQ(modelToString(m), before);
}

TEST(Undo, RemovingAMarkerTakesTheRequestsThatMeasureItAndUndoBringsThemBack)
{
  Model m = pendulum();
  Request swing;
  swing.name = "swing";
  swing.iMarker = m.findMarker("bob_pivot");
  Request pivotHeight;
  pivotHeight.name = "pivot_height";
  pivotHeight.kind = RequestKind::Functions;
  pivotHeight.functions[2] = "DZ(pivot)";
  m.requests = {swing, pivotHeight};
  ASSERT_TRUE(m.validate().empty());
  UndoStack stack(m);
  const std::string before = modelToString(m);

  ASSERT_TRUE(stack.push(std::make_unique<RemoveEntity>(EntityRef(m.findMarker("bob_pivot")))));
  ASSERT_EQ(m.requests.size(), 1u);
  EXPECT_EQ(m.requests[0].name, "pivot_height");
  EXPECT_TRUE(m.validate().empty());
  ASSERT_TRUE(stack.undo());
  EXPECT_EQ(modelToString(m), before);
}
