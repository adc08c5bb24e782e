#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "TestUtil.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelFile.hpp"

using namespace mbs::core;
using namespace mbs::core::test;
namespace sv = mbs::solver;

namespace {

// Ground-frame pose of a compiled marker.
Vec3 globalPosition(const sv::Model& m, int k)
{
  const sv::Marker& mk = m.markers[k];
  if (mk.body == sv::kGround)
    return mk.position;
  const sv::Body& b = m.bodies[mk.body];
  return b.position + b.orientation * mk.position;
}

Mat3 globalOrientation(const sv::Model& m, int k)
{
  const sv::Marker& mk = m.markers[k];
  if (mk.body == sv::kGround)
    return mk.orientation;
  return m.bodies[mk.body].orientation.toRotationMatrix() * mk.orientation;
}

Motion motionOf(const std::string& f, MotionQuantity q, double x0 = 0.0, double v0 = 0.0)
{
  Motion m;
  m.name = "drive";
  m.function = f;
  m.quantity = q;
  m.initialDisplacement = x0;
  m.initialVelocity = v0;
  return m;
}

}  // namespace

TEST(Compile, BundledExamplesCompileWithMarkersInTheCmFrame)
{
  for (const auto& name : bundledModels()) {
    SCOPED_TRACE(name);
    auto r = loadModel(modelPath(name));
    ASSERT_TRUE(r.ok());
    const Model& m = *r.model;
    auto c = compile(m);
    for (const auto& d : c.diagnostics)
      ADD_FAILURE() << d.toString();
    ASSERT_TRUE(c.ok);
    EXPECT_EQ(c.model.bodies.size(), m.parts().size() - 1);
    EXPECT_EQ(c.model.markers.size(), m.markers().size());
    EXPECT_EQ(c.model.joints.size(), m.joints().size());
    EXPECT_TRUE(c.model.gravity.isApprox(m.gravity));
    for (const Marker& k : m.markers()) {
      const int idx = c.map.marker(k.id);
      ASSERT_GE(idx, 0);
      EXPECT_EQ(c.map.markerIds[idx], k.id);
      EXPECT_LT((globalPosition(c.model, idx) - m.markerGlobalPosition(k.id)).norm(), 1e-12) << k.name;
      EXPECT_LT((globalOrientation(c.model, idx) - m.markerGlobalOrientation(k.id)).norm(), 1e-12) << k.name;
    }
    // Each body sits at its part's CM marker.
    for (const Part& p : m.parts()) {
      if (p.ground) {
        EXPECT_EQ(c.map.body(p.id), sv::kGround);
        continue;
      }
      const sv::Body& b = c.model.bodies[c.map.body(p.id)];
      EXPECT_EQ(b.name, p.name);
      EXPECT_TRUE(b.position.isApprox(m.markerGlobalPosition(p.cmMarker)));
      EXPECT_DOUBLE_EQ(b.mass, p.mass);
    }
  }
}

TEST(Compile, CmMarkerOffsetAndRotationAreApplied)
{
  Model m;
  Part p;
  p.name = "body";
  p.mass = 2.0;
  p.inertia = {0.1, 0.2, 0.25, 0, 0, 0.01};
  p.position = Vec3(1, 0, 0);
  p.orientation = Vec3(std::numbers::pi / 2, 0, 0);  // part x = ground y
  p.velocity = Vec3(0, 1, 0);
  p.angularVelocity = Vec3(0, 0, 3);
  const PartId pid = m.add(p);
  Marker cm;
  cm.name = "cm";
  cm.part = pid;
  cm.position = Vec3(0.5, 0, 0);
  cm.euler = Vec3(0, std::numbers::pi / 2, 0);  // cm z = part -y
  const MarkerId cmId = m.add(cm);
  m.part(pid)->cmMarker = cmId;
  Marker tip;
  tip.name = "tip";
  tip.part = pid;
  tip.position = Vec3(1, 0, 0);
  const MarkerId tipId = m.add(tip);
  auto c = compile(m);
  ASSERT_TRUE(c.ok);
  const sv::Body& b = c.model.bodies[0];
  EXPECT_TRUE(b.position.isApprox(Vec3(1, 0.5, 0)));  // part origin + part x (= ground y) * 0.5
  EXPECT_TRUE(b.orientation.toRotationMatrix().isApprox(m.markerGlobalOrientation(cmId)));
  // The tip is 0.5 along part x from the CM; in CM axes (x = part x, z = -part y) that is +x.
  const sv::Marker& t = c.model.markers[c.map.marker(tipId)];
  EXPECT_TRUE(t.position.isApprox(Vec3(0.5, 0, 0)));
  EXPECT_TRUE(b.inertia.isApprox(p.inertia.matrix()));
  EXPECT_DOUBLE_EQ(b.inertia(1, 2), -0.01);  // Adams products enter the tensor negated
  EXPECT_TRUE(b.angularVelocity.isApprox(Vec3(0, 0, 3)));
}

TEST(Compile, UnitsOfTheFileEndUpInSi)
{
  const std::string text = R"({"format": "mbstudio-model", "version": 1,
    "units": {"length": "mm", "mass": "g", "time": "ms", "force": "N", "angle": "deg"},
    "gravity": [0, -0.00981, 0],
    "parts": [{"id": 1, "name": "ground", "ground": true},
              {"id": 2, "name": "p", "mass": 1000, "inertia": {"ixx": 1e9, "iyy": 1e9, "izz": 1e9},
               "position": [0, 0, 500], "velocity": [2, 0, 0]}],
    "markers": [{"id": 3, "name": "a", "part": "p", "position": [10, 0, 0]},
                {"id": 4, "name": "b", "part": "ground", "position": [0, 0, 0]}],
    "forces": [{"id": 5, "name": "s", "type": "rotational_spring_damper", "i_marker": "a", "j_marker": "b",
                "stiffness": 1000, "free_length": 90}]})";
  auto r = modelFromString(text);
  for (const auto& e : r.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(r.ok());
  auto c = compile(*r.model);
  ASSERT_TRUE(c.ok);
  EXPECT_DOUBLE_EQ(c.model.bodies[0].mass, 1.0);
  EXPECT_NEAR(c.model.bodies[0].inertia(0, 0), 1.0, 1e-15);
  EXPECT_TRUE(c.model.bodies[0].position.isApprox(Vec3(0, 0, 0.5)));
  EXPECT_NEAR(c.model.bodies[0].velocity.x(), 2.0, 1e-12);  // 2 mm/ms = 2 m/s
  EXPECT_NEAR(c.model.gravity.y(), -9.81, 1e-12);           // 0.00981 mm/ms^2
  EXPECT_NEAR(c.model.markers[0].position.x(), 0.01, 1e-15);
  EXPECT_NEAR(c.model.forces[0].stiffness, 1000 * 1e-3 / (std::numbers::pi / 180),
              1e-9);  // N mm/deg -> N m/rad
  EXPECT_NEAR(c.model.forces[0].freeLength, std::numbers::pi / 2, 1e-15);
}

TEST(Compile, JointMotionsDriveTheJointMarkers)
{
  auto r = loadModel(modelPath("slider_crank"));
  ASSERT_TRUE(r.ok());
  auto c = compile(*r.model);
  ASSERT_TRUE(c.ok);
  ASSERT_EQ(c.model.motions.size(), 1u);
  const auto& mo = c.model.motions[0];
  const Joint& crank = *r.model->joint(r.model->findJoint("crank_bearing"));
  EXPECT_EQ(mo.iMarker, c.map.marker(crank.iMarker));
  EXPECT_EQ(mo.jMarker, c.map.marker(crank.jMarker));
  EXPECT_EQ(mo.axis, sv::MotionAxis::RotationZ);
  EXPECT_NEAR(mo.displacement->value(0.0), std::numbers::pi / 3, 1e-15);
  EXPECT_NEAR(mo.displacement->derivative(0.3, 1), 10.0, 1e-8);
}

TEST(Compile, DisplacementMotionDerivativesMatchClosedForm)
{
  Diagnostics d;
  auto f = motionFunction(motionOf("0.2*SIN(3*TIME)", MotionQuantity::Displacement), d);
  ASSERT_TRUE(f);
  for (double t : {0.0, 0.4, 1.3}) {
    EXPECT_NEAR(f->value(t), 0.2 * std::sin(3 * t), 1e-15);
    EXPECT_NEAR(f->derivative(t, 1), 0.6 * std::cos(3 * t), 1e-9);
    EXPECT_NEAR(f->derivative(t, 2), -1.8 * std::sin(3 * t), 1e-6);
  }
  // STEP from 0 to 1 over [0, 1]: x = 3 t^2 - 2 t^3, x' = 6 t - 6 t^2, x'' = 6 - 12 t.
  auto s = motionFunction(motionOf("STEP(TIME, 0, 0, 1, 1)", MotionQuantity::Displacement), d);
  ASSERT_TRUE(s);
  for (double t : {0.25, 0.5, 0.7}) {
    EXPECT_NEAR(s->value(t), 3 * t * t - 2 * t * t * t, 1e-15);
    EXPECT_NEAR(s->derivative(t, 1), 6 * t - 6 * t * t, 1e-9);
    EXPECT_NEAR(s->derivative(t, 2), 6 - 12 * t, 1e-6);
  }
}

TEST(Compile, VelocityAndAccelerationMotionsAreIntegrated)
{
  Diagnostics d;
  // v = cos t, x(0) = 0.5  =>  x = 0.5 + sin t.
  auto v = motionFunction(motionOf("COS(TIME)", MotionQuantity::Velocity, 0.5), d);
  ASSERT_TRUE(v);
  for (double t : {0.0, 0.03, 1.0, 7.77, 0.5}) {
    EXPECT_NEAR(v->value(t), 0.5 + std::sin(t), 1e-12) << t;
    EXPECT_NEAR(v->derivative(t, 1), std::cos(t), 1e-15);
    EXPECT_NEAR(v->derivative(t, 2), -std::sin(t), 1e-8);
  }
  // a = -sin t, x(0) = 0, v(0) = 1  =>  x = sin t, v = cos t.
  auto a = motionFunction(motionOf("-SIN(TIME)", MotionQuantity::Acceleration, 0.0, 1.0), d);
  ASSERT_TRUE(a);
  for (double t : {0.2, 2.5, 10.01}) {
    EXPECT_NEAR(a->value(t), std::sin(t), 1e-11) << t;
    EXPECT_NEAR(a->derivative(t, 1), std::cos(t), 1e-11);
    EXPECT_NEAR(a->derivative(t, 2), -std::sin(t), 1e-15);
  }
  // Velocity STEP: x = t^3 - t^4/2 on [0, 1], then 1/2 + (t - 1).
  auto s = motionFunction(motionOf("STEP(TIME, 0, 0, 1, 1)", MotionQuantity::Velocity), d);
  ASSERT_TRUE(s);
  for (double t : {0.3, 0.9, 1.0, 2.6}) {
    const double x = t <= 1 ? t * t * t - 0.5 * t * t * t * t : 0.5 + (t - 1);
    EXPECT_NEAR(s->value(t), x, 1e-12) << t;
  }
  EXPECT_NEAR(s->value(-0.5), 0.0, 1e-15);
  // Motions may not use measure functions.
  Diagnostics bad;
  EXPECT_FALSE(motionFunction(motionOf("DX(a)", MotionQuantity::Displacement), bad));
  ASSERT_FALSE(bad.empty());
  EXPECT_NE(bad[0].reason.find("drive"), std::string::npos);
}

TEST(Compile, InvalidModelsReportInsteadOfCompiling)
{
  auto r = loadModel(modelPath("pendulum"));
  ASSERT_TRUE(r.ok());
  Model m = *r.model;
  m.part(m.findPart("bob"))->mass = -1;
  auto c = compile(m);
  EXPECT_FALSE(c.ok);
  ASSERT_FALSE(c.diagnostics.empty());
  EXPECT_NE(c.diagnostics[0].reason.find("bob"), std::string::npos);
}
