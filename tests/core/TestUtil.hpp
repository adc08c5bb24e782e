#pragma once
// Shared helpers of the core tests: file access and small model builders.
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/Model.hpp"

namespace mbs::core::test {

inline std::string readFile(const std::string& path)
{
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The index of `name` in a result's column names (a failure naming it if absent: index 0).
inline int indexOf(const std::vector<std::string>& names, const std::string& name)
{
  for (std::size_t k = 0; k < names.size(); ++k)
    if (names[k] == name)
      return int(k);
  ADD_FAILURE() << "no " << name;
  return 0;
}

inline std::string modelPath(const std::string& name)
{
  return std::string(MBS_RESOURCES_DIR) + "/models/" + name + ".mbs.json";
}
inline std::string admPath(const std::string& name)
{
  return std::string(MBS_TEST_DATA_DIR) + "/core/adm/" + name;
}

// The errors of importing the dataset `deck`, one per line; the import must be refused (`what`
// names the case in the failure message).
inline std::string refusedImportErrors(const std::string& deck, const std::string& what)
{
  const auto r = importAdmFromString(deck, "refused.adm");
  std::string all;
  for (const auto& e : r.errors)
    all += e.toString() + "\n";
  EXPECT_FALSE(r.ok()) << what;
  return all;
}

inline const std::vector<std::string>& bundledModels()
{
  static const std::vector<std::string> names{"pendulum", "slider_crank", "four_bar", "spatial_slider_crank",
                                              "double_pendulum_spring"};
  return names;
}

// A part on ground with a marker at `at` (part frame = ground frame) and a unit inertia.
inline PartId addBar(Model& m, const std::string& name, const Vec3& at)
{
  Part p;
  p.name = name;
  p.mass = 1.0;
  p.inertia = {0.1, 0.1, 0.1, 0, 0, 0};
  p.position = at;
  return m.add(p);
}

inline MarkerId addMarker(Model& m, PartId part, const std::string& name, const Vec3& local)
{
  Marker k;
  k.name = name;
  k.part = part;
  k.position = local;
  return m.add(k);
}

// A revolute joint about z between two parts at a ground point.
inline JointId addRevolute(Model& m, PartId a, PartId b, const Vec3& at, const std::string& name)
{
  auto local = [&](PartId p) { return Vec3(at - m.part(p)->position); };
  const MarkerId i = addMarker(m, a, name + "_i", local(a));
  const MarkerId j = addMarker(m, b, name + "_j", local(b));
  Joint jt;
  jt.name = name;
  jt.kind = JointKind::Revolute;
  jt.iMarker = i;
  jt.jMarker = j;
  return m.add(jt);
}

// A model with one motion driven by `function` (a function of TIME), for evaluating expressions
// the way compile() binds them.
struct MotionModel {
  Model model;
  MotionModel()
  {
    const PartId p = addBar(model, "slider", Vec3::Zero());
    const MarkerId i = addMarker(model, p, "i", Vec3::Zero());
    const MarkerId j = addMarker(model, kGroundId, "j", Vec3::Zero());
    Motion m;
    m.name = "drive";
    m.iMarker = i;
    m.jMarker = j;
    m.axis = MotionAxis::X;
    model.add(m);
  }
  // The motion function's value at `time`, or NaN with the compile errors reported.
  double value(const std::string& function, double time)
  {
    model.motion(model.motions().front().id)->function = function;
    auto c = compile(model);
    if (!c.ok) {
      for (const auto& d : c.diagnostics)
        ADD_FAILURE() << function << ": " << d.toString();
      return std::nan("");
    }
    return c.model.motions.front().displacement->value(time);
  }
  std::string error(const std::string& function)
  {
    model.motion(model.motions().front().id)->function = function;
    std::string out;
    for (const auto& d : model.validate())
      out += d.reason + "\n";
    return out;
  }
};

}  // namespace mbs::core::test
