#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "TestUtil.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/Topology.hpp"

using namespace mbs::core;
using namespace mbs::core::test;

namespace {

AdmImportResult importOk(const std::string& file)
{
  auto r = importAdm(admPath(file));
  for (const auto& e : r.errors)
    ADD_FAILURE() << e.toString();
  EXPECT_TRUE(r.ok()) << file;
  return r;
}

bool hasWarning(const AdmImportResult& r, int line, const std::string& text)
{
  for (const auto& w : r.warnings) {
    if (w.line == line && w.toString().find(text) != std::string::npos)
      return true;
  }
  return false;
}

const Marker& markerNamed(const Model& m, const std::string& name)
{
  const MarkerId id = m.findMarker(name);
  EXPECT_TRUE(id) << name;
  static Marker none;
  return id ? *m.marker(id) : none;
}

class ForceState : public mbs::solver::StateView {
public:
  Vec3 p[2], v[2];
  Mat3 r[2] = {Mat3::Identity(), Mat3::Identity()};
  Vec3 w[2] = {Vec3::Zero(), Vec3::Zero()};
  double time() const override { return 0.0; }
  Vec3 position(int m) const override { return m < 0 ? Vec3::Zero() : p[m % 2]; }
  Mat3 orientation(int m) const override { return m < 0 ? Mat3::Identity() : r[m % 2]; }
  Vec3 velocity(int m) const override { return m < 0 ? Vec3::Zero() : v[m % 2]; }
  Vec3 angularVelocity(int m) const override { return m < 0 ? Vec3::Zero() : w[m % 2]; }
  Vec3 acceleration(int) const override { return Vec3::Zero(); }
  Vec3 angularAcceleration(int) const override { return Vec3::Zero(); }
};

}  // namespace

TEST(AdmImport, ChronoRevoluteCase02)
{
  auto r = importOk("test_Revolute_Case02.adm");
  ASSERT_TRUE(r.ok());
  const Model& m = *r.model;
  EXPECT_EQ(m.name, "test_Revolute_Case02");
  ASSERT_EQ(m.parts().size(), 2u);
  EXPECT_EQ(m.markers().size(), 7u);
  ASSERT_EQ(m.joints().size(), 1u);
  const Joint& j = m.joints()[0];
  EXPECT_EQ(j.kind, JointKind::Revolute);
  EXPECT_EQ(m.marker(j.iMarker)->name, "MARKER_102");
  EXPECT_EQ(m.marker(j.jMarker)->name, "MARKER_202");
  const Part& pend = m.parts()[1];
  EXPECT_DOUBLE_EQ(pend.mass, 1.0);
  EXPECT_DOUBLE_EQ(pend.inertia.ixx, 0.04);
  EXPECT_DOUBLE_EQ(pend.inertia.izz, 0.1);
  EXPECT_EQ(m.marker(pend.cmMarker)->name, "MARKER_201");
  EXPECT_TRUE(m.gravity.isApprox(Vec3(0, 0, -9.80665)));
  EXPECT_EQ(pend.geometry.size(), 2u);
  // The joint axis is (0, 1, 1)/sqrt(2) at (1, 2, 3) (CASES.md), the CM at (3, 2, 3).
  const Vec3 axis = m.markerGlobalOrientation(j.jMarker).col(2);
  EXPECT_TRUE(axis.isApprox(Vec3(0, 1, 1).normalized(), 1e-12)) << axis.transpose();
  EXPECT_TRUE(m.markerGlobalPosition(j.iMarker).isApprox(Vec3(1, 2, 3)));
  auto c = compile(m);
  ASSERT_TRUE(c.ok);
  EXPECT_TRUE(c.model.bodies[0].position.isApprox(Vec3(3, 2, 3)));
  // What is not used is reported with its line, never dropped silently: OUTPUT, and the request
  // components that use what the expression language lacks (ORIENT's Euler parameters, system 27).
  EXPECT_TRUE(hasWarning(r, 96, "F2 not written")) << (r.warnings.empty() ? "" : r.warnings[0].toString());
  EXPECT_TRUE(hasWarning(r, 101, "OUTPUT"));
  // REQUEST/01..03 (D, V, A with I, J) and 05 (the joint's reaction, JOINT(1, 0, comp, 0), with its
  // ",C=" comment after the last function) become requests; 04 has nothing computable.
  ASSERT_EQ(m.requests.size(), 4u);
  EXPECT_EQ(m.requests[3].kind, RequestKind::Functions);
  EXPECT_EQ(m.requests[3].functions[7], "JOINT(JOINT_1,0,8,0)");
  EXPECT_EQ(m.requests[3].comment, "RForce X Y Z RTorque X Y Z");
  EXPECT_EQ(m.requests[1].kind, RequestKind::Velocity);
  EXPECT_EQ(m.marker(m.requests[1].iMarker)->name, "MARKER_201");
}

TEST(AdmImport, ChronoUniversalCase03HookeJoint)
{
  auto r = importOk("test_Universal_Case03.adm");
  ASSERT_TRUE(r.ok());
  const Model& m = *r.model;
  ASSERT_EQ(m.joints().size(), 1u);
  EXPECT_EQ(m.joints()[0].kind, JointKind::Universal);
  const Part& pend = m.parts()[1];
  EXPECT_DOUBLE_EQ(pend.inertia.izz, 0.04);
  EXPECT_TRUE(m.markerGlobalPosition(pend.cmMarker).isApprox(Vec3(std::sqrt(2.0), std::sqrt(2.0), 0), 1e-12));
  // Box graphics: the corner marker plus half the extents along its axes.
  ASSERT_EQ(pend.geometry.size(), 2u);
  EXPECT_EQ(pend.geometry[0].kind, GeometryKind::Box);
  EXPECT_TRUE(pend.geometry[0].size.isApprox(Vec3(0.2, 0.2, 4)));
  const auto t = analyzeTopology(m);
  EXPECT_EQ(t.spatialDof, 2);
  EXPECT_TRUE(t.loops.empty());
}

TEST(AdmImport, ChronoTranslationalSpringExpressionAndVariables)
{
  auto r = importOk("test_TransSpring_Case01.adm");
  ASSERT_TRUE(r.ok());
  const Model& m = *r.model;
  EXPECT_EQ(m.ground().name, "PART_1");  // adams_view_name comments give the names
  ASSERT_EQ(m.forces().size(), 1u);
  const Force& f = m.forces()[0];
  EXPECT_EQ(f.name, "SPRING_1_sforce");
  EXPECT_EQ(f.kind, ForceKind::SingleForce);
  EXPECT_EQ(m.marker(f.iMarker)->name, "MARKER_204");
  EXPECT_EQ(f.functions[0],
            "- 100.0*(dm(MARKER_204,MARKER_205)-2.0)  - 1.0*vr(MARKER_204,MARKER_205)  + 0.0");
  // VARIABLE/3 (the spring force through FX(), FY(), FZ()) is read; load functions are evaluated in
  // VARIABLEs and REQUESTs.
  EXPECT_EQ(m.variables().size(), 3u);
  EXPECT_FALSE(hasWarning(r, 137, "VARIABLE/3"));
  EXPECT_TRUE(hasWarning(r, 144, "GRAPHICS"));  // SPDP graphics are not imported
  // The compiled force evaluates -100 (DM - 2) - 1 VR.
  auto c = compile(m);
  ASSERT_TRUE(c.ok);
  ASSERT_TRUE(c.model.forces[0].functions[0]);
  const int i = c.map.marker(f.iMarker), j = c.map.marker(f.jMarker);
  ForceState s;
  s.p[i % 2] = Vec3(0, 0, 0);
  s.p[j % 2] = Vec3(0, 2.5, 0);
  s.v[i % 2] = Vec3::Zero();
  s.v[j % 2] = Vec3(0, 0.3, 0);
  ASSERT_NE(i % 2, j % 2);
  EXPECT_NEAR(c.model.forces[0].functions[0]->evaluate(s), -100.0 * 0.5 - 1.0 * 0.3, 1e-12);
}

TEST(AdmImport, ChronoRotationalSpringUsesAngleMeasures)
{
  auto r = importOk("test_RotSpring_Case01.adm");
  ASSERT_TRUE(r.ok());
  const Model& m = *r.model;
  ASSERT_EQ(m.forces().size(), 1u);
  EXPECT_EQ(m.forces()[0].kind, ForceKind::SingleTorque);
  EXPECT_NE(m.forces()[0].functions[0].find("wz(MARKER_207,MARKER_208,MARKER_208)"), std::string::npos);
  EXPECT_EQ(m.variables().size(), 3u);  // VARIABLE/3 = SFORCE(...) too: a load function
  auto c = compile(m);
  ASSERT_TRUE(c.ok);
  // Torque = -RTOD*AZ - 0.05*RTOD*WZ: with I rotated 0.1 rad about J's z and no rate, -0.1*RTOD.
  const int i = c.map.marker(m.forces()[0].iMarker), j = c.map.marker(m.forces()[0].jMarker);
  ASSERT_NE(i % 2, j % 2);
  ForceState s;
  s.r[j % 2] = m.markerGlobalOrientation(m.forces()[0].jMarker);
  s.r[i % 2] = s.r[j % 2] * euler313ToMatrix(Vec3(0.1, 0, 0));
  EXPECT_NEAR(c.model.forces[0].functions[0]->evaluate(s), -0.1 * 180.0 / std::numbers::pi, 1e-9);
}

TEST(AdmImport, ChronoRackPinionBecomesCoupler)
{
  auto r = importOk("test_RackPinion_Case01.adm");
  ASSERT_TRUE(r.ok());
  const Model& m = *r.model;
  ASSERT_EQ(m.joints().size(), 3u);
  const Joint& rp = m.joints()[2];
  EXPECT_EQ(rp.kind, JointKind::RackPinion);
  EXPECT_DOUBLE_EQ(rp.ratio, 0.05);
  EXPECT_EQ(m.joint(rp.joints[0])->kind, JointKind::Revolute);
  EXPECT_EQ(m.joint(rp.joints[1])->kind, JointKind::Translational);
  auto c = compile(m);
  ASSERT_TRUE(c.ok);
  const auto& sj = c.model.joints[c.map.joint(rp.id)];
  EXPECT_EQ(sj.type, mbs::solver::JointType::Coupler);
  EXPECT_EQ(sj.coupledJoints[0], c.map.joint(rp.joints[0]));
  EXPECT_DOUBLE_EQ(sj.couplerScales[0], 0.05);
  EXPECT_DOUBLE_EQ(sj.couplerScales[1], -1.0);
  EXPECT_EQ(analyzeTopology(m).spatialDof, 12 - 5 - 5 - 1);
}

// Adams PART IM: IP is the inertia tensor about the IM marker's origin in the IM marker's axes.
// A rod of 2 kg and 1 m along the part's x: about its CM (0.01, 1/6, 1/6); about its end, in axes
// turned 90° about z (IM x = part y, IM y = -part x), (1/6 + 2·0.25, 0.01, 1/6 + 2·0.25). The import
// used to keep IP as if it were about the CM (with a warning), a wrong model.
TEST(AdmImport, PartInertiaAboutImMarkerIsMovedToTheCm)
{
  const std::string deck = R"(inertia marker
PART/1, GROUND
PART/2, MASS = 2, CM = 20, IM = 21
, IP = 0.6666666666666667, 0.01, 0.6666666666666667
MARKER/20, PART = 2, QP = 0, 0, 0
MARKER/21, PART = 2, QP = 0.5, 0, 0, REULER = 90D, 0, 0
!  IM = CM: IP is taken as given
PART/3, MASS = 1, CM = 30, IM = 30, IP = 0.3, 0.2, 0.4, 0.01, 0.02, 0.03
MARKER/30, PART = 3, QP = 1, 2, 3
END
)";
  auto r = importAdmFromString(deck, "im.adm");
  for (const auto& e : r.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.warnings.empty()) << r.warnings.front().toString();
  const Inertia& rod = r.model->parts()[1].inertia;
  EXPECT_NEAR(rod.ixx, 0.01, 1e-12);
  EXPECT_NEAR(rod.iyy, 2.0 / 12.0, 1e-12);
  EXPECT_NEAR(rod.izz, 2.0 / 12.0, 1e-12);
  EXPECT_NEAR(rod.ixy, 0.0, 1e-12);
  EXPECT_NEAR(rod.ixz, 0.0, 1e-12);
  EXPECT_NEAR(rod.iyz, 0.0, 1e-12);
  EXPECT_EQ(r.model->parts()[2].inertia, (Inertia{0.3, 0.2, 0.4, 0.01, 0.02, 0.03}));

  // A CM marker turned 90° about z, the IM marker 1 m off the CM along the part's y with a product of
  // inertia: CM tensor (part axes) [2 -0.5 0; -0.5 3 0; 0 0 4], plus 3·diag(1, 0, 1) about IM gives
  // IP = 5, 3, 7, 0.5, 0, 0; in the CM marker's axes (x' = part y, y' = -part x) the CM tensor is
  // ixx 3, iyy 2, izz 4, ixy -0.5.
  const std::string rotated = R"(inertia marker, rotated CM
PART/1, GROUND
PART/2, MASS = 3, CM = 20, IM = 21, IP = 5, 3, 7, 0.5, 0, 0
MARKER/20, PART = 2, QP = 1, 0, 0, REULER = 90D, 0, 0
MARKER/21, PART = 2, QP = 1, 1, 0
END
)";
  auto q = importAdmFromString(rotated, "im_rotated.adm");
  ASSERT_TRUE(q.ok());
  const Inertia& in = q.model->parts()[1].inertia;
  EXPECT_NEAR(in.ixx, 3.0, 1e-12);
  EXPECT_NEAR(in.iyy, 2.0, 1e-12);
  EXPECT_NEAR(in.izz, 4.0, 1e-12);
  EXPECT_NEAR(in.ixy, -0.5, 1e-12);
  EXPECT_NEAR(in.ixz, 0.0, 1e-12);
  EXPECT_NEAR(in.iyz, 0.0, 1e-12);

  // The IM marker must be on the part.
  const std::string wrong = R"(inertia marker on another part
PART/1, GROUND
MARKER/10, PART = 1
PART/2, MASS = 1, CM = 20, IM = 10, IP = 1, 1, 1
MARKER/20, PART = 2
END
)";
  auto w = importAdmFromString(wrong, "im_wrong.adm");
  ASSERT_FALSE(w.ok());
  EXPECT_NE(w.errors.front().toString().find("IM marker is not on PART/2"), std::string::npos)
      << w.errors.front().toString();
}
