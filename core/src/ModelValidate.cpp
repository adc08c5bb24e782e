// Model::validate: structural and physical consistency. Fields are JSON pointers into the native
// file (arrays are saved sorted by id, as held in memory).
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>

#include "ExpressionBindings.hpp"
#include "VariableOrder.hpp"
#include "mbs/core/Expression.hpp"
#include "mbs/core/Interpolation.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/solver/Curve.hpp"

namespace mbs::core {
namespace {

class Validator {
public:
  explicit Validator(const Model& m) : m_model(m), m_names(m, nullptr)
  {
    // The VARIABLEs compiled in dependency order, so that an expression reading one knows what it
    // depends on (a force may not read a solved load through a VARIABLE); errors come later.
    m_variables = std::make_shared<VariableTable>(m.variables().size());
    ExpressionContext c = context(true, true, true);
    c.storedInVariables = true;
    compileVariables(m.variables(), orderVariables(m.variables()), *m_variables, [&](int k) {
      return Expression::compile(m.variables()[std::size_t(k)].function, c).expression;
    });
    for (std::size_t k = 0; k < m.markers().size(); ++k) {
      m_markerIndex[upper(m.markers()[k].name)] = int(k);
    }
    for (std::size_t k = 0; k < m.variables().size(); ++k) {
      m_variableIndex[upper(m.variables()[k].name)] = int(k);
    }
  }

  Diagnostics run()
  {
    names();
    parts();
    markers();
    joints();
    constraintElements();
    motions();
    forces();
    variables();
    dataElements();
    sensors();
    differentials();
    plants();
    requests();
    validateParameters(m_model, m_out);
    return std::move(m_out);
  }

private:
  static std::string upper(std::string s)
  {
    for (auto& c : s)
      c = char(std::toupper(static_cast<unsigned char>(c)));
    return s;
  }

  void error(std::string field, const std::string& entity, std::string reason)
  {
    m_out.push_back({{}, 0, std::move(field), entity, std::move(reason)});
  }

  template <class T>
  void checkNames(const std::vector<T>& v, const char* array)
  {
    for (std::size_t k = 0; k < v.size(); ++k) {
      const std::string field = std::string("/") + array + "/" + std::to_string(k) + "/name";
      if (!Model::isValidName(v[k].name)) {
        error(field, v[k].name,
              "'" + v[k].name + "' is not a valid name (letters, digits, '_'; not a function name)");
      } else if (!m_seen.insert(upper(v[k].name)).second) {
        error(field, v[k].name, "duplicate name '" + v[k].name + "'");
      }
    }
  }

  void names()
  {
    checkNames(m_model.parts(), "parts");
    checkNames(m_model.markers(), "markers");
    checkNames(m_model.joints(), "joints");
    checkNames(m_model.motions(), "motions");
    checkNames(m_model.forces(), "forces");
    checkNames(m_model.variables(), "variables");
    checkNames(m_model.splines, "splines");
    checkNames(m_model.arrays, "arrays");
    checkNames(m_model.curves, "curves");
    checkNames(m_model.matrices, "matrices");
    checkNames(m_model.sensors, "sensors");
    checkNames(m_model.differentials, "differentials");
    checkNames(m_model.plantInputs, "plant_inputs");
    checkNames(m_model.plantOutputs, "plant_outputs");
  }

  // Plant inputs and outputs (Plant.hpp): non-empty lists of distinct VARIABLEs of the model.
  void plants()
  {
    for (const bool inputs : {true, false}) {
      const auto& ports = inputs ? m_model.plantInputs : m_model.plantOutputs;
      const std::string list = inputs ? "plant_inputs" : "plant_outputs";
      const std::string kind = inputs ? "plant input" : "plant output";
      for (std::size_t k = 0; k < ports.size(); ++k) {
        const PlantPort& p = ports[k];
        const std::string at = "/" + list + "/" + std::to_string(k) + "/variables";
        if (p.variables.empty())
          error(at, p.name, kind + " '" + p.name + "' lists no VARIABLE");
        std::set<std::string> seen;
        for (std::size_t j = 0; j < p.variables.size(); ++j) {
          const std::string& v = p.variables[j];
          const std::string here = at + "/" + std::to_string(j);
          if (m_variableIndex.count(upper(v))) {
            if (!seen.insert(upper(v)).second)
              error(here, p.name, kind + " '" + p.name + "' lists VARIABLE '" + v + "' twice");
            continue;
          }
          std::string what = "no VARIABLE of the model has that name";
          if (findParameter(m_model, v))
            what = "it is a parameter (a constant)";
          else if (const auto ref = m_model.findEntity(v))
            what = std::string("it is a ") + toString(ref->kind);
          else
            for (const Sensor& s : m_model.sensors)
              if (upper(s.name) == upper(v))
                what = "it is a sensor";
          error(here, p.name, kind + " '" + p.name + "': '" + v + "' is not a VARIABLE: " + what);
        }
      }
    }
  }

  // Sensors: functions of the state as force functions are (no solved loads), positive tolerances.
  void sensors()
  {
    for (std::size_t k = 0; k < m_model.sensors.size(); ++k) {
      const Sensor& s = m_model.sensors[k];
      const std::string at = "/sensors/" + std::to_string(k);
      expression(s.function, at + "/function", s.name, true);
      if (!s.evaluate.empty())
        expression(s.evaluate, at + "/evaluate", s.name, true);
      if (!(s.error >= 0.0) || !std::isfinite(s.error))
        error(at + "/error", s.name, "sensor '" + s.name + "': error must be 0 or positive");
      if (!std::isfinite(s.value))
        error(at + "/value", s.name, "sensor '" + s.name + "': value must be finite");
      if (!(s.stepSize >= 0.0) || !std::isfinite(s.stepSize))
        error(at + "/step_size", s.name, "sensor '" + s.name + "': step_size must be 0 (none) or positive");
    }
  }

  // Differential equations: a function of the state (no solved loads) and a finite initial value.
  void differentials()
  {
    for (std::size_t k = 0; k < m_model.differentials.size(); ++k) {
      const DifferentialEquation& d = m_model.differentials[k];
      const std::string at = "/differentials/" + std::to_string(k);
      if (d.function.empty())
        error(at + "/function", d.name, "differential equation '" + d.name + "' has no function");
      else
        expression(d.function, at + "/function", d.name, true);
      if (!std::isfinite(d.initialValue))
        error(at + "/ic", d.name, "differential equation '" + d.name + "': ic must be finite");
      if (!std::isfinite(d.initialRate))
        error(at + "/ic_rate", d.name, "differential equation '" + d.name + "': ic_rate must be finite");
    }
  }

  // Splines, arrays and matrices (DataElements.hpp).
  void dataElements()
  {
    for (std::size_t k = 0; k < m_model.splines.size(); ++k) {
      const Spline& s = m_model.splines[k];
      if (const std::string why = checkSpline(s); !why.empty())
        error("/splines/" + std::to_string(k), s.name, "spline '" + s.name + "': " + why);
    }
    for (std::size_t k = 0; k < m_model.arrays.size(); ++k) {
      const DataArray& a = m_model.arrays[k];
      if (a.values.empty())
        error("/arrays/" + std::to_string(k) + "/values", a.name, "array '" + a.name + "' has no values");
      for (const double v : a.values)
        if (!std::isfinite(v)) {
          error("/arrays/" + std::to_string(k) + "/values", a.name,
                "array '" + a.name + "': values must be finite");
          break;
        }
    }
    for (std::size_t k = 0; k < m_model.curves.size(); ++k) {
      const DataCurve& c = m_model.curves[k];
      bool finite = true;
      for (const auto& p : c.shape.points)
        finite = finite && std::isfinite(p[0]) && std::isfinite(p[1]) && std::isfinite(p[2]);
      const std::string at = "/curves/" + std::to_string(k);
      if (!finite)
        error(at + "/points", c.name, "curve '" + c.name + "': the points must be finite numbers");
      else if (const solver::Curve curve = makeCurve(c.shape); !curve.valid())
        error(at + "/points", c.name, "curve '" + c.name + "': " + curve.problem());
    }
    for (std::size_t k = 0; k < m_model.matrices.size(); ++k) {
      const DataMatrix& m = m_model.matrices[k];
      const std::string at = "/matrices/" + std::to_string(k);
      if (m.rows < 1 || m.columns < 1)
        error(at, m.name, "matrix '" + m.name + "' needs at least 1 row and 1 column");
      else if (m.values.size() != std::size_t(m.rows) * std::size_t(m.columns))
        error(at + "/values", m.name,
              "matrix '" + m.name + "' is " + std::to_string(m.rows) + " x " + std::to_string(m.columns) +
                  " but has " + std::to_string(m.values.size()) + " values");
      for (const double v : m.values)
        if (!std::isfinite(v)) {
          error(at + "/values", m.name, "matrix '" + m.name + "': values must be finite");
          break;
        }
    }
  }

  static bool finite(const Vec3& v) { return v.allFinite(); }

  void parts()
  {
    const auto& v = m_model.parts();
    for (std::size_t k = 0; k < v.size(); ++k) {
      const Part& p = v[k];
      const std::string at = "/parts/" + std::to_string(k);
      if (p.ground != (p.id == kGroundId)) {
        error(at + "/ground", p.name, "only the part with id 1 is the ground");
      }
      if (p.ground) {
        continue;
      }
      // Mass 0 with no inertia (a massless part) and no inertia with mass are allowed: the solver
      // checks that constraints hold the degrees of freedom without inertia.
      const Mat3 inertia = p.inertia.matrix();
      const bool noInertia = inertia.isZero(0.0);
      if (!(p.mass > 0.0 || (p.mass == 0.0 && noInertia)) || !std::isfinite(p.mass)) {
        error(at + "/mass", p.name,
              "part '" + p.name + "': mass must be positive, not " + std::to_string(p.mass));
      }
      const Eigen::SelfAdjointEigenSolver<Mat3> eig(inertia);
      if (!noInertia && (!inertia.allFinite() || eig.eigenvalues().minCoeff() <= 0.0)) {
        error(at + "/inertia", p.name, "part '" + p.name + "': inertia tensor is not positive definite");
      } else if (!noInertia) {
        const auto& e = eig.eigenvalues();  // principal moments must satisfy the triangle inequality
        if (e[0] + e[1] < e[2] * (1.0 - 1e-9)) {
          error(at + "/inertia", p.name,
                "part '" + p.name + "': principal moments violate the triangle inequality");
        }
      }
      if (p.pointMass && (!(p.mass > 0.0) || !noInertia || !p.angularVelocity.isZero(0.0) || p.flexible)) {
        error(at + "/point_mass", p.name,
              "point mass '" + p.name +
                  "': it needs a positive mass and has no inertia, angular velocity or flexibility");
      }
      if (p.feBeam) {
        std::string problem = p.feBeam->problem();
        if (problem.empty() && (p.flexible || p.pointMass || p.cmMarker))
          problem = "an FE beam has no modal data, point mass or CM marker (its nodes carry its mass)";
        if (problem.empty())
          for (const Marker& mk : m_model.markers())
            if (mk.part == p.id && mk.interfaceNode > p.feBeam->elements)
              problem = "marker '" + mk.name + "' follows node " + std::to_string(mk.interfaceNode) +
                        ", but the beam has nodes 0 to " + std::to_string(p.feBeam->elements);
        if (!problem.empty())
          error(at + "/fe_beam", p.name, "FE beam '" + p.name + "': " + problem);
      }
      if (!finite(p.position) || !finite(p.orientation) || !finite(p.velocity) ||
          !finite(p.angularVelocity)) {
        error(at, p.name, "part '" + p.name + "': non-finite position, orientation or velocity");
      }
      if (p.cmMarker) {
        const Marker* cm = m_model.marker(p.cmMarker);
        if (!cm || cm->part != p.id) {
          error(at + "/cm_marker", p.name, "part '" + p.name + "': CM marker is not a marker of this part");
        }
      }
    }
  }

  void markers()
  {
    const auto& v = m_model.markers();
    for (std::size_t k = 0; k < v.size(); ++k) {
      const Marker& m = v[k];
      const std::string at = "/markers/" + std::to_string(k);
      if (!m_model.part(m.part)) {
        error(at + "/part", m.name, "marker '" + m.name + "' is on no part");
      }
      if (!finite(m.position) || !m.localOrientation()) {
        error(at + "/orientation", m.name,
              "marker '" + m.name + "': orientation is undefined (coincident or parallel axis points)");
      }
    }
  }

  void jointMarkers(const Joint& j, const std::string& at)
  {
    const Marker* i = m_model.marker(j.iMarker);
    const Marker* jm = m_model.marker(j.jMarker);
    if (!i) {
      error(at + "/i_marker", j.name, "joint '" + j.name + "': I marker is missing");
    }
    if (!jm) {
      error(at + "/j_marker", j.name, "joint '" + j.name + "': J marker is missing");
    }
    if (i && jm && i->part == jm->part) {
      error(at, j.name, "joint '" + j.name + "': I and J markers are on the same part");
    }
  }

  // Only the coordinates the joint has: rotation (revolute, cylindrical), translation
  // (translational, cylindrical).
  void initialConditions(const Joint& j, const std::string& at)
  {
    const JointInitialConditions& ic = j.initial;
    const bool rotates = j.kind == JointKind::Revolute || j.kind == JointKind::Cylindrical;
    const bool slides = j.kind == JointKind::Translational || j.kind == JointKind::Cylindrical;
    auto check = [&](const std::optional<double>& v, bool allowed, const char* key) {
      if (!v) {
        return;
      }
      if (!allowed) {
        error(at + "/" + key, j.name,
              "joint '" + j.name + "': a " + toString(j.kind) + " joint has no initial " + key);
      } else if (!std::isfinite(*v)) {
        error(at + "/" + key, j.name, "joint '" + j.name + "': initial " + key + " must be finite");
      }
    };
    check(ic.rotation, rotates, "rotation");
    check(ic.angularVelocity, rotates, "angular_velocity");
    check(ic.translation, slides, "translation");
    check(ic.velocity, slides, "velocity");
  }

  // A point-to-curve joint's curve must make a B-spline (mbs/solver/Curve.hpp says why not); a
  // curve-to-curve joint's two curves must, and lie in their markers' xy planes.
  void curve(const Joint& j, const std::string& at)
  {
    const bool pair = j.kind == JointKind::CurveCurve;
    auto check = [&](const std::optional<JointCurve>& shape, const std::optional<double>& speed,
                     const std::string& key) {
      if (!shape) {
        error(at + "/" + key, j.name,
              "joint '" + j.name + "': a " + toString(j.kind) + " joint needs " +
                  (pair ? (key == "i_curve" ? "an I curve (i_curve)" : "a J curve (curve)") : "a curve"));
        return;
      }
      const solver::Curve c = makeCurve(*shape);
      if (!c.valid())
        error(at + "/" + key, j.name, "joint '" + j.name + "': " + c.problem());
      else if (pair && !std::all_of(shape->points.begin(), shape->points.end(), [&](const auto& p) {
                 return std::abs(p[2]) <= 1e-9 * (1.0 + c.controlPoints().cwiseAbs().maxCoeff());
               }))
        error(at + "/" + key, j.name,
              "joint '" + j.name + "': a curve_curve joint's curves lie in their markers' xy planes (z = 0 " +
                  "at every point of " + key + ")");
      if (speed && !std::isfinite(*speed))
        error(at + "/" + (key == "i_curve" ? std::string("i_curve_velocity") : std::string("curve_velocity")),
              j.name, "joint '" + j.name + "': the initial speed must be a finite number");
    };
    check(j.curve, j.curveVelocity, "curve");
    if (pair)
      check(j.iCurve, j.iCurveVelocity, "i_curve");
  }

  void joints()
  {
    const auto& v = m_model.joints();
    for (std::size_t k = 0; k < v.size(); ++k) {
      const Joint& j = v[k];
      const std::string at = "/joints/" + std::to_string(k);
      if (!isCoupler(j.kind)) {
        jointMarkers(j, at);
        if (j.kind == JointKind::Screw && !(std::isfinite(j.pitch) && j.pitch != 0.0)) {
          error(at + "/pitch", j.name, "joint '" + j.name + "': screw pitch must be non-zero");
        }
        initialConditions(j, at + "/initial_conditions");
        if (j.kind == JointKind::PointCurve || j.kind == JointKind::CurveCurve) {
          curve(j, at);
        }
        if (j.constraintElement && !canBeConstraintElement(j.kind)) {
          error(at + "/constraint_element", j.name,
                "joint '" + j.name + "': a " + toString(j.kind) +
                    " joint cannot be a constraint element (cut joint): DMBS has no cut-joint equations for "
                    "it");
        }
        continue;
      }
      if (j.constraintElement) {
        error(at + "/constraint_element", j.name,
              "coupler '" + j.name +
                  "' cannot be a constraint element (cut joint): it couples two joints and is never in the "
                  "DMBS tree");
      }
      if (j.joints[0] == j.joints[1]) {
        error(at + "/joints", j.name, "coupler '" + j.name + "' must couple two different joints");
      }
      for (int c = 0; c < 2; ++c) {
        const Joint* cj = m_model.joint(j.joints[c]);
        const std::string f = at + "/joints/" + std::to_string(c);
        if (!cj) {
          error(f, j.name, "coupler '" + j.name + "': coupled joint is missing");
          continue;
        }
        const bool rotational = cj->kind == JointKind::Revolute || cj->kind == JointKind::Cylindrical;
        const bool sliding = cj->kind == JointKind::Translational || cj->kind == JointKind::Cylindrical;
        const bool ok = j.kind == JointKind::Gear         ? rotational
                        : j.kind == JointKind::RackPinion ? (c == 0 ? rotational : sliding)
                                                          : (rotational || sliding);
        if (!ok) {
          error(f, j.name,
                std::string("coupler '") + j.name + "': joint '" + cj->name + "' (" + toString(cj->kind) +
                    ") cannot be coupled this way");
        }
      }
      const bool scalesOk = j.kind == JointKind::Coupler
                                ? std::isfinite(j.scales[0]) && std::isfinite(j.scales[1]) &&
                                      (j.scales[0] != 0.0 || j.scales[1] != 0.0)
                                : std::isfinite(j.ratio) && j.ratio != 0.0;
      if (!scalesOk) {
        error(at + (j.kind == JointKind::Coupler ? "/scales" : "/ratio"), j.name,
              "coupler '" + j.name + "': ratio must be finite and non-zero");
      }
    }
  }

  // The joints marked as constraint elements (DMBS cut joints) must leave a spanning tree: the
  // unmarked joints that can be tree joints must connect every part that all of them connect.
  // Blamed: the marked joints joining parts the unmarked ones leave apart.
  void constraintElements()
  {
    std::map<PartId, PartId> root;
    std::function<PartId(PartId)> find = [&](PartId p) {
      auto it = root.find(p);
      if (it == root.end() || it->second == p)
        return p;
      return it->second = find(it->second);
    };
    struct Edge {
      std::size_t index;
      PartId a, b;
    };
    std::vector<Edge> marked;
    const auto& v = m_model.joints();
    for (std::size_t k = 0; k < v.size(); ++k) {
      const Joint& j = v[k];
      if (!canBeTreeJoint(j.kind) || !m_model.marker(j.iMarker) || !m_model.marker(j.jMarker))
        continue;
      const PartId a = m_model.partOf(j.iMarker), b = m_model.partOf(j.jMarker);
      if (a == b)
        continue;
      if (j.constraintElement)
        marked.push_back({k, a, b});
      else if (find(a) != find(b))
        root[find(a)] = find(b);
    }
    std::vector<const Edge*> blamed;
    for (const Edge& e : marked)
      if (find(e.a) != find(e.b))
        blamed.push_back(&e);
    if (blamed.empty())
      return;
    const Edge& first = *blamed.front();
    const PartId cutOff = find(first.a) == find(kGroundId) ? first.b : first.a;
    const Part* part = m_model.part(cutOff);
    std::string names;
    for (const Edge* e : blamed)
      names += (names.empty() ? "'" : ", '") + v[e->index].name + "'";
    const std::string partText = "part '" + (part ? part->name : std::string("?")) + "'";
    const std::string& name = v[first.index].name;
    error("/joints/" + std::to_string(first.index) + "/constraint_element", name,
          blamed.size() == 1
              ? "joint " + names + " cannot be a constraint element (cut joint): without it " + partText +
                    " has no path of tree joints to ground, so DMBS has no spanning tree; unmark it"
              : "joints " + names + " cannot all be constraint elements (cut joints): without them " +
                    partText +
                    " has no path of tree joints to ground, so DMBS has no spanning tree; unmark one "
                    "of them");
  }

  // Measures: false for motions (functions of TIME only). Loads: forces, VARIABLEs and REQUESTs.
  ExpressionContext context(bool measures, bool loads, bool contactLoads) const
  {
    ExpressionContext c;
    c.allowMeasures = measures;
    c.allowLoads = loads;
    c.allowContactLoads = contactLoads;
    bindParameters(c, m_model);
    m_names.bind(c);
    c.variables = m_variables;
    return c;
  }

  void expression(const std::string& text, const std::string& field, const std::string& entity, bool measures,
                  bool loads = false, bool contactLoads = true)
  {
    auto r = Expression::compile(text, context(measures, loads, contactLoads));
    if (!r.ok()) {
      // A long expression is quoted by its start; the position says where the error is.
      const std::string quoted = text.size() > 120 ? text.substr(0, 120) + "..." : text;
      error(field, entity,
            "'" + entity + "': expression error at position " + std::to_string(r.error->position + 1) + ": " +
                r.error->message + " in \"" + quoted + "\"");
    }
  }

  void motions()
  {
    const auto& v = m_model.motions();
    for (std::size_t k = 0; k < v.size(); ++k) {
      const Motion& m = v[k];
      const std::string at = "/motions/" + std::to_string(k);
      if (m.joint) {
        const Joint* j = m_model.joint(m.joint);
        if (!j) {
          error(at + "/joint", m.name, "motion '" + m.name + "': joint is missing");
        } else {
          const bool rot = m.axis == MotionAxis::RotationZ;
          const bool ok = (rot && (j->kind == JointKind::Revolute || j->kind == JointKind::Cylindrical)) ||
                          (m.axis == MotionAxis::Z &&
                           (j->kind == JointKind::Translational || j->kind == JointKind::Cylindrical));
          if (!ok) {
            error(at + "/axis", m.name,
                  std::string("motion '") + m.name + "': a " + toString(j->kind) +
                      " joint cannot be driven along " + toString(m.axis));
          }
        }
      } else {
        if (!m_model.marker(m.iMarker))
          error(at + "/i_marker", m.name, "motion '" + m.name + "': I marker is missing");
        if (!m_model.marker(m.jMarker))
          error(at + "/j_marker", m.name, "motion '" + m.name + "': J marker is missing");
      }
      expression(m.function, at + "/function", m.name, false);
    }
  }

  void forces()
  {
    static const char* comp[] = {"fx", "fy", "fz", "tx", "ty", "tz"};
    const auto& v = m_model.forces();
    for (std::size_t k = 0; k < v.size(); ++k) {
      const Force& f = v[k];
      const std::string at = "/forces/" + std::to_string(k);
      if (!m_model.marker(f.iMarker)) {
        error(at + "/i_marker", f.name, "force '" + f.name + "': I marker is missing");
      }
      const bool needsJ =
          f.kind == ForceKind::TranslationalSpringDamper || f.kind == ForceKind::RotationalSpringDamper ||
          f.kind == ForceKind::Bushing || f.kind == ForceKind::Beam || f.kind == ForceKind::Field ||
          f.kind == ForceKind::Contact || f.kind == ForceKind::MultiPoint ||
          ((f.kind == ForceKind::SingleForce || f.kind == ForceKind::SingleTorque) && !f.actionOnly);
      if ((needsJ || f.jMarker) && !m_model.marker(f.jMarker)) {
        error(at + "/j_marker", f.name, "force '" + f.name + "': J marker is missing");
      }
      if (f.referenceMarker && !m_model.marker(f.referenceMarker)) {
        error(at + "/reference_marker", f.name, "force '" + f.name + "': reference marker is missing");
      }
      if (f.kind == ForceKind::SingleForce || f.kind == ForceKind::SingleTorque) {
        expression(f.functions[0].empty() ? "0" : f.functions[0], at + "/function", f.name, true, true,
                   false);
      } else if (f.kind == ForceKind::General || f.kind == ForceKind::VectorForce ||
                 f.kind == ForceKind::VectorTorque) {
        for (int c = 0; c < 6; ++c) {
          if (!f.functions[c].empty()) {
            expression(f.functions[c], at + "/functions/" + comp[c], f.name, true, true, false);
          }
        }
      }
      const bool finiteParams = std::isfinite(f.stiffness) && std::isfinite(f.damping) &&
                                std::isfinite(f.freeLength) && std::isfinite(f.preload) &&
                                finite(f.translationalStiffness) && finite(f.translationalDamping) &&
                                finite(f.rotationalStiffness) && finite(f.rotationalDamping) &&
                                finite(f.preloadForce) && finite(f.preloadTorque);
      if (!finiteParams) {
        error(at, f.name, "force '" + f.name + "': non-finite parameter");
      }
      if ((f.kind == ForceKind::Contact) != f.contact.has_value()) {
        error(at, f.name,
              "force '" + f.name + "': " +
                  (f.contact ? "contact parameters on a force that is not a contact"
                             : "a contact without its solids and law"));
      } else if (f.contact) {
        const std::string problem = contactProblem(*f.contact);
        if (!problem.empty())
          error(at + "/contact", f.name, "contact '" + f.name + "': " + problem);
      }
      if (f.kind == ForceKind::Beam || f.kind == ForceKind::Field) {
        linearField(f, at);
      }
      if ((f.kind == ForceKind::MultiPoint) != f.multiPoint.has_value()) {
        error(at, f.name,
              "force '" + f.name + "': " +
                  (f.multiPoint ? "multi-point data on a force that is not a multi-point force"
                                : "a multi-point force without its I markers and matrices"));
      } else if (f.multiPoint) {
        multiPoint(f, at);
      }
    }
  }

  // NFORCE: its I markers (the first is the force's I marker) and the sizes of its matrices.
  void multiPoint(const Force& f, const std::string& at)
  {
    const MultiPointData& d = *f.multiPoint;
    const std::size_t size = 6 * d.iMarkers.size();
    const std::string what = "multi-point force '" + f.name + "': ";
    if (d.iMarkers.empty() || d.iMarkers.front() != f.iMarker) {
      error(at + "/i_markers", f.name, what + "its first I marker must be its I marker");
    }
    for (std::size_t k = 0; k < d.iMarkers.size(); ++k) {
      if (!m_model.marker(d.iMarkers[k])) {
        error(at + "/i_markers/" + std::to_string(k), f.name,
              what + "I marker " + std::to_string(k + 1) + " is missing");
      } else if (d.iMarkers[k] == f.jMarker) {
        error(at + "/i_markers/" + std::to_string(k), f.name,
              what + "the J marker cannot also be an I marker");
      }
    }
    auto sized = [&](const std::vector<double>& v, std::size_t n, bool optional) {
      return (optional && v.empty()) || v.size() == n;
    };
    if (!sized(d.stiffness, size * size, false) || !sized(d.damping, size * size, true)) {
      error(at, f.name, what + "its matrices must be " + std::to_string(size) + " × " + std::to_string(size));
    }
    if (!sized(d.reference, size, true) || !sized(d.preload, size, true)) {
      error(at, f.name, what + "its reference and preload must have " + std::to_string(size) + " entries");
    }
    const auto finiteAll = [](const std::vector<double>& v) {
      return std::all_of(v.begin(), v.end(), [](double x) { return std::isfinite(x); });
    };
    if (!finiteAll(d.stiffness) || !finiteAll(d.damping) || !finiteAll(d.reference) ||
        !finiteAll(d.preload) || !std::isfinite(f.dampingRatio)) {
      error(at, f.name, what + "non-finite parameter");
    }
    if (!(f.dampingRatio >= 0.0)) {
      error(at + "/damping_ratio", f.name, what + "the damping ratio must not be negative");
    }
    if (f.dampingRatio > 0.0 && !d.damping.empty()) {
      error(at + "/damping_matrix", f.name, what + "give a damping matrix or a damping ratio, not both");
    }
  }

  // Beam and field parameters (Adams' ranges: the section and moduli > 0, ASY, ASZ, CRATIO ≥ 0).
  void linearField(const Force& f, const std::string& at)
  {
    const auto allFinite = [](const auto& a) {
      return std::all_of(a.begin(), a.end(), [](double v) { return std::isfinite(v); });
    };
    const bool anyDamping =
        std::any_of(f.dampingMatrix.begin(), f.dampingMatrix.end(), [](double v) { return v != 0.0; });
    if (!allFinite(f.stiffnessMatrix) || !allFinite(f.dampingMatrix) || !allFinite(f.reference) ||
        !allFinite(f.preload6) || !std::isfinite(f.dampingRatio)) {
      error(at, f.name, "force '" + f.name + "': non-finite parameter");
    }
    if (!(f.dampingRatio >= 0.0)) {
      error(at + "/damping_ratio", f.name, "force '" + f.name + "': the damping ratio must not be negative");
    }
    if (f.dampingRatio > 0.0 && anyDamping) {
      error(at + "/damping_matrix", f.name,
            "force '" + f.name + "': give a damping matrix or a damping ratio, not both");
    }
    if (f.kind != ForceKind::Beam) {
      return;
    }
    const BeamSection& b = f.beam;
    const std::pair<const char*, double> positive[] = {{"length", b.length},
                                                       {"area", b.area},
                                                       {"ixx", b.ixx},
                                                       {"iyy", b.iyy},
                                                       {"izz", b.izz},
                                                       {"youngs_modulus", b.youngsModulus},
                                                       {"shear_modulus", b.shearModulus}};
    for (const auto& [key, value] : positive) {
      if (!(value > 0.0) || !std::isfinite(value)) {
        error(at + "/" + key, f.name, "force '" + f.name + "': the beam's " + key + " must be positive");
      }
    }
    for (const auto& [key, value] : {std::pair{"shear_area_ratio_y", b.shearAreaRatioY},
                                     std::pair{"shear_area_ratio_z", b.shearAreaRatioZ}}) {
      if (!(value >= 0.0) || !std::isfinite(value)) {
        error(at + "/" + key, f.name, "force '" + f.name + "': the beam's " + key + " must not be negative");
      }
    }
  }

  void variables()
  {
    const auto& v = m_model.variables();
    for (std::size_t k = 0; k < v.size(); ++k) {
      expression(v[k].function, "/variables/" + std::to_string(k) + "/function", v[k].name, true, true);
    }
    // (VARIABLEs are evaluated in dependency order, whatever their order in the file; those reading
    // each other in a loop are solved together: Expression.cpp, "Algebraic loops".)
  }

  // Output requests: a valid name unique among requests, markers that exist, functions that compile.
  void requests()
  {
    std::set<std::string> seen;
    for (std::size_t k = 0; k < m_model.requests.size(); ++k) {
      const Request& r = m_model.requests[k];
      const std::string at = "/requests/" + std::to_string(k);
      if (!Model::isValidName(r.name) || !seen.insert(upper(r.name)).second)
        error(at + "/name", r.name, "request name '" + r.name + "' is invalid or used twice");
      const bool needsI = r.kind != RequestKind::Functions;
      if ((needsI || r.iMarker) && !m_model.marker(r.iMarker))
        error(at + "/i_marker", r.name, "request '" + r.name + "': I marker missing or unknown");
      for (const MarkerId m : {r.jMarker, r.referenceMarker})
        if (m && !m_model.marker(m))
          error(at, r.name, "request '" + r.name + "' refers to a marker that does not exist");
      if (r.kind == RequestKind::Functions)
        for (std::size_t f = 0; f < r.functions.size(); ++f)
          if (!r.functions[f].empty())
            expression(r.functions[f], at + "/functions/" + std::to_string(f), r.name, true, true);
    }
  }

  const Model& m_model;
  Diagnostics m_out;
  std::set<std::string> m_seen;
  std::map<std::string, int> m_markerIndex, m_variableIndex;
  ModelNames m_names;
  std::shared_ptr<VariableTable> m_variables;
};

}  // namespace

Diagnostics Model::validate() const
{
  return Validator(*this).run();
}

}  // namespace mbs::core
