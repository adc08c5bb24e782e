#include "mbs/core/AdmImport.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <map>
#include <numbers>
#include <set>
#include <span>
#include <sstream>

#include "../ExpressionScan.hpp"
#include "../ExpressionUnits.hpp"
#include "../NumberText.hpp"
#include "../TextEncoding.hpp"
#include "AdmStatement.hpp"
#include "mbs/core/Expression.hpp"

namespace mbs::core {
namespace {

using adm::Argument;
using adm::Statement;

// Adams accepts unique abbreviations of keywords; three letters are enough for ours.
bool keyIs(const std::string& given, const char* full)
{
  const std::string f(full);
  return given == f || (given.size() >= 3 && f.rfind(given, 0) == 0);
}

std::string sanitize(const std::string& s)
{
  std::string out;
  for (char c : s)
    out += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
  if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0])))
    out = "_" + out;
  return out;
}

// "30D" -> (30*DTOR) in expressions (Adams' degree suffix): a number token followed at once by the
// name D. Tokens, not a regex: std::regex recursed per character and overflowed on long literals.
std::string degreeLiterals(const std::string& text)
{
  const auto tokens = detail::tokenize(detail::toMuparserText(text));  // same positions as text
  std::string out;
  std::size_t last = 0;
  for (std::size_t k = 0; k + 1 < tokens.size(); ++k) {
    const auto &number = tokens[k], &suffix = tokens[k + 1];
    if (number.kind != detail::Token::Number || suffix.kind != detail::Token::Identifier ||
        suffix.text != "D" || suffix.position != number.position + number.length)
      continue;
    out.append(text, last, number.position - last);
    out.append("(").append(text, number.position, number.length).append("*DTOR)");
    last = suffix.position + suffix.length;
  }
  out.append(text, last);
  return out;
}

class Importer {
public:
  Importer(std::string file) : m_file(std::move(file)) {}

  AdmImportResult run(const std::string& text);

private:
  // Diagnostics.
  void error(const Statement& st, int line, const std::string& reason)
  {
    m_errors.push_back({m_file, line ? line : st.line, label(st), {}, reason});
  }
  void warn(const Statement& st, int line, const std::string& reason)
  {
    m_warnings.push_back({m_file, line ? line : st.line, label(st), {}, reason});
  }
  static std::string label(const Statement& st)
  {
    return st.id ? st.name + "/" + std::to_string(*st.id) : st.name;  // ACCGRAV, UNITS: no id
  }

  // Argument access: marks the argument used; unknown ones are warned about after processing.
  const Argument* arg(const Statement& st, const char* key)
  {
    for (const auto& a : st.args) {
      if (!a.flag && keyIs(a.key, key)) {
        m_used.insert(&a);
        return &a;
      }
    }
    return nullptr;
  }
  bool flag(const Statement& st, const char* word)
  {
    for (const auto& a : st.args) {
      if (a.flag && keyIs(a.key, word)) {
        m_used.insert(&a);
        return true;
      }
    }
    return false;
  }
  void warnUnused(const Statement& st)
  {
    for (const auto& a : st.args) {
      if (!m_used.count(&a)) {
        warn(st, a.line, "argument '" + a.key + "' is not supported and was ignored");
      }
    }
  }
  std::optional<double> number(const Statement& st, const Argument& a, std::size_t k, double scale,
                               bool angle = false);
  std::optional<double> scalar(const Statement& st, const char* key, double scale,
                               std::optional<double> fallback, bool angle = false);
  std::optional<Vec3> vector(const Statement& st, const char* key, double scale, bool angle = false);
  std::optional<long> integer(const Statement& st, const Argument& a, std::size_t k);
  std::optional<MarkerId> markerRef(const Statement& st, const char* key, bool required);
  std::string nameFor(const Statement& st, const char* prefix);
  // Adds an entity under its name, or under a numbered variant of it when an entity read earlier
  // has it: names made of ids and suffixes can meet (a view name 'MARKER_102_hooke_x').
  template <class T>
  auto add(T entity)
  {
    if (!entity.name.empty() && !m_model.isNameFree(entity.name))
      entity.name = m_model.uniqueName(entity.name);
    return m_model.add(std::move(entity));
  }
  // The FUNCTION text in SI (see expressionToSI); outputFactor: SI value of one unit of the result.
  std::optional<std::string> expression(const Statement& st, const std::string& text, int line,
                                        double outputFactor);

  void units(const Statement& st);
  void part(const Statement& st);
  void marker(const Statement& st);
  void partCm(const Statement& st);
  void graphics(const Statement& st);
  void joint(const Statement& st, bool primitive);
  MarkerId pinMarker(MarkerId marker, int axis);
  void gcon(const Statement& st);
  void coupler(const Statement& st);
  void motion(const Statement& st);
  void force(const Statement& st);
  void springDamper(const Statement& st);
  void bushing(const Statement& st);
  void accgrav(const Statement& st);
  void integrator(const Statement& st);
  void friction(const Statement& st);
  void jointInitialConditions(const Statement& st, Joint& j);
  void variable(const Statement& st);
  void dropUnsupportedVariables(const adm::Deck& deck);
  bool supported(const Statement& st, const std::string& text, int line);

  std::string m_file;
  Model m_model;
  UnitSystem m_u;
  Diagnostics m_errors, m_warnings;
  std::set<const Argument*> m_used;
  std::map<long, PartId> m_parts;
  std::map<long, MarkerId> m_markers;
  std::map<long, JointId> m_joints;
  std::map<long, VariableId> m_variables;
  std::set<long> m_gcons;
  std::map<std::string, int> m_lineOf;  // entity name -> line (for validation errors)
  std::vector<std::pair<const Statement*, Joint>> m_pendingRackPins;
};

std::optional<double> Importer::number(const Statement& st, const Argument& a, std::size_t k, double scale,
                                       bool angle)
{
  if (k >= a.values.size()) {
    error(st, a.line, a.key + ": expected " + std::to_string(k + 1) + " value(s)");
    return std::nullopt;
  }
  const std::string& s = a.values[k];
  char* end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  if (end == s.c_str()) {
    error(st, a.line, a.key + ": '" + s + "' is not a number");
    return std::nullopt;
  }
  if (*end == 'D' || *end == 'd') {
    v *= std::numbers::pi / 180.0;
    ++end;
  } else if (angle) {
    v *= m_u.angle;
  }
  if (*end != '\0' || !std::isfinite(v)) {
    error(st, a.line, a.key + ": '" + s + "' is not a number");
    return std::nullopt;
  }
  return angle ? v : v * scale;
}

std::optional<double> Importer::scalar(const Statement& st, const char* key, double scale,
                                       std::optional<double> fallback, bool angle)
{
  const Argument* a = arg(st, key);
  return a ? number(st, *a, 0, scale, angle) : fallback;
}

std::optional<Vec3> Importer::vector(const Statement& st, const char* key, double scale, bool angle)
{
  const Argument* a = arg(st, key);
  if (!a) {
    return std::nullopt;
  }
  Vec3 v;
  for (int k = 0; k < 3; ++k) {
    auto x = number(st, *a, k, scale, angle);
    if (!x)
      return std::nullopt;
    v[k] = *x;
  }
  return v;
}

std::optional<long> Importer::integer(const Statement& st, const Argument& a, std::size_t k)
{
  if (k >= a.values.size()) {
    error(st, a.line, a.key + ": missing id");
    return std::nullopt;
  }
  char* end = nullptr;
  const long v = std::strtol(a.values[k].c_str(), &end, 10);
  if (end == a.values[k].c_str() || *end != '\0') {
    error(st, a.line, a.key + ": '" + a.values[k] + "' is not an id");
    return std::nullopt;
  }
  return v;
}

std::optional<MarkerId> Importer::markerRef(const Statement& st, const char* key, bool required)
{
  const Argument* a = arg(st, key);
  if (!a) {
    if (required)
      error(st, 0, std::string("missing ") + key + "=marker");
    return std::nullopt;
  }
  auto id = integer(st, *a, 0);
  if (!id)
    return std::nullopt;
  auto it = m_markers.find(*id);
  if (it == m_markers.end()) {
    error(st, a->line, std::string(key) + ": MARKER/" + std::to_string(*id) + " does not exist");
    return std::nullopt;
  }
  return it->second;
}

std::string Importer::nameFor(const Statement& st, const char* prefix)
{
  std::string n = st.viewName.empty() ? "" : sanitize(st.viewName);
  if (n.empty() || !Model::isValidName(n) || !m_model.isNameFree(n)) {
    n = std::string(prefix) + "_" + (st.id ? std::to_string(*st.id) : "");
  }
  if (!Model::isValidName(n) || !m_model.isNameFree(n)) {
    n = m_model.uniqueName(prefix);
  }
  m_lineOf[n] = st.line;
  return n;
}

std::optional<std::string> Importer::expression(const Statement& st, const std::string& raw, int line,
                                                double outputFactor)
{
  auto markerName = [this](long id) -> std::optional<std::string> {
    auto it = m_markers.find(id);
    return it == m_markers.end() ? std::nullopt : std::optional(m_model.marker(it->second)->name);
  };
  auto variableName = [this](long id) -> std::optional<std::string> {
    auto it = m_variables.find(id);
    return it == m_variables.end() ? std::nullopt : std::optional(m_model.variable(it->second)->name);
  };
  auto r = rewriteIdArguments(degreeLiterals(raw), markerName, variableName);
  if (r.error) {
    error(st, line, "FUNCTION: " + r.error->message);
    return std::nullopt;
  }
  return expressionToSI(r.text, m_u, outputFactor);
}

void Importer::units(const Statement& st)
{
  if (const Argument* a = arg(st, "SYSTEM")) {
    auto u = unitSystem(a->values[0]);
    if (!u) {
      error(st, a->line, "unknown unit system '" + a->values[0] + "'");
      return;
    }
    m_u = *u;
  }
  auto one = [&](const char* key, auto lookup, double& factor) {
    if (const Argument* a = arg(st, key)) {
      auto f = lookup(a->values[0]);
      if (!f) {
        error(st, a->line, std::string("unknown ") + key + " unit '" + a->values[0] + "'");
      } else {
        factor = *f;
      }
    }
  };
  one("FORCE", forceUnit, m_u.force);
  one("MASS", massUnit, m_u.mass);
  one("LENGTH", lengthUnit, m_u.length);
  one("TIME", timeUnit, m_u.time);
  if (arg(st, "UCF")) {
    warn(st, 0, "UCF is ignored: units are converted from FORCE, MASS, LENGTH and TIME");
  }
}

void Importer::part(const Statement& st)
{
  if (!st.id) {
    error(st, 0, "PART needs an id");
    return;
  }
  if (m_parts.count(*st.id)) {
    error(st, 0, "duplicate PART/" + std::to_string(*st.id));
    return;
  }
  if (flag(st, "GROUND")) {
    if (m_parts.count(-1)) {
      error(st, 0, "a dataset may have only one GROUND part");
      return;
    }
    m_parts[-1] = kGroundId;
    m_parts[*st.id] = kGroundId;
    if (!st.viewName.empty() && Model::isValidName(sanitize(st.viewName))) {
      m_model.part(kGroundId)->name = sanitize(st.viewName);
    }
    m_lineOf[m_model.ground().name] = st.line;
    return;
  }
  Part p;
  p.name = nameFor(st, "PART");
  const auto mass = scalar(st, "MASS", m_u.mass, 0.0);
  if (!mass)
    return;
  if (!(*mass > 0.0)) {
    error(st, 0,
          "PART/" + std::to_string(*st.id) + ": mass must be positive (massless parts are not supported)");
    return;
  }
  p.mass = *mass;
  if (const Argument* ip = arg(st, "IP")) {
    double v[6] = {0, 0, 0, 0, 0, 0};
    if (ip->values.size() != 3 && ip->values.size() != 6) {
      error(st, ip->line, "IP needs 3 or 6 values");
      return;
    }
    for (std::size_t k = 0; k < ip->values.size(); ++k) {
      auto x = number(st, *ip, k, m_u.inertia());
      if (!x)
        return;
      v[k] = *x;
    }
    p.inertia = {v[0], v[1], v[2], v[3], v[4], v[5]};
  } else {
    error(st, 0, "PART/" + std::to_string(*st.id) + ": IP (inertia) is required for a part with mass");
    return;
  }
  if (auto qg = vector(st, "QG", m_u.length))
    p.position = *qg;
  if (auto re = vector(st, "REULER", 1.0, true))
    p.orientation = *re;
  const auto zg = vector(st, "ZG", m_u.length);
  const auto xg = vector(st, "XG", m_u.length);
  if (zg) {
    auto r = frameFromAxes(*zg - p.position, xg ? std::optional<Vec3>(*xg - p.position) : std::nullopt);
    if (!r) {
      error(st, 0, "ZG/XG do not define a frame");
      return;
    }
    p.orientation = matrixToEuler313(*r);
  }
  const Vec3 v(scalar(st, "VX", m_u.velocity(), 0.0).value_or(0),
               scalar(st, "VY", m_u.velocity(), 0.0).value_or(0),
               scalar(st, "VZ", m_u.velocity(), 0.0).value_or(0));
  p.velocity = v;
  // WX..WZ are about the CM marker axes: converted to ground once the CM marker is known.
  p.angularVelocity = Vec3(scalar(st, "WX", 1.0 / m_u.time, 0.0).value_or(0),
                           scalar(st, "WY", 1.0 / m_u.time, 0.0).value_or(0),
                           scalar(st, "WZ", 1.0 / m_u.time, 0.0).value_or(0));
  for (const char* k : {"VX", "VY", "VZ"}) {
    if (arg(st, k))
      p.velocityExact[k[1] - 'X'] = true;
  }
  for (const char* k : {"WX", "WY", "WZ"}) {
    if (arg(st, k))
      p.angularVelocityExact[k[1] - 'X'] = true;
  }
  if (const Argument* ex = arg(st, "EXACT")) {
    std::stringstream ss(ex->values[0]);
    std::string c;
    while (std::getline(ss, c, ':')) {
      if (c == "X" || c == "Y" || c == "Z")
        p.positionExact[c[0] - 'X'] = true;
      else if (c == "PSI" || c == "THETA" || c == "PHI")
        p.orientationExact = true;
      else
        warn(st, ex->line, "EXACT: unknown coordinate '" + c + "'");
    }
  }
  arg(st, "CM");  // CM and IM are resolved after the markers (partCm)
  arg(st, "IM");
  p.id = add(p);
  m_parts[*st.id] = p.id;
}

void Importer::partCm(const Statement& st)
{
  if (!st.id || flag(st, "GROUND") || !m_parts.count(*st.id))
    return;
  Part& p = *m_model.part(m_parts[*st.id]);
  Mat3 cmAxes = Mat3::Identity();
  if (const auto cm = markerRef(st, "CM", false)) {
    if (m_model.marker(*cm)->part != p.id) {
      error(st, 0, "CM marker is not on PART/" + std::to_string(*st.id));
      return;
    }
    p.cmMarker = *cm;
    cmAxes = m_model.markerGlobalOrientation(*cm);
  }
  p.angularVelocity = cmAxes * p.angularVelocity;
  // Adams: IP is the inertia tensor about the IM marker's origin in the IM marker's axes (IM
  // defaults to CM). The model keeps it about the CM in the CM marker's axes: rotate it into the
  // part frame, move it to the CM (parallel axes), rotate it into the CM axes.
  const auto im = markerRef(st, "IM", false);
  if (!im || *im == p.cmMarker)
    return;
  const Marker& imMarker = *m_model.marker(*im);
  if (imMarker.part != p.id) {
    error(st, 0, "IM marker is not on PART/" + std::to_string(*st.id));
    return;
  }
  Vec3 cmPosition = Vec3::Zero();  // part frame
  Mat3 cmRotation = Mat3::Identity();
  if (p.cmMarker) {
    const Marker& cmMarker = *m_model.marker(p.cmMarker);
    cmPosition = cmMarker.position;
    cmRotation = cmMarker.localOrientation().value_or(Mat3::Identity());
  }
  const Mat3 imRotation = imMarker.localOrientation().value_or(Mat3::Identity());
  const Vec3 d = imMarker.position - cmPosition;
  const Mat3 aboutIm = imRotation * p.inertia.matrix() * imRotation.transpose();
  const Mat3 aboutCm = aboutIm - p.mass * (d.squaredNorm() * Mat3::Identity() - d * d.transpose());
  const Mat3 inCmAxes = cmRotation.transpose() * aboutCm * cmRotation;
  p.inertia = {inCmAxes(0, 0),  inCmAxes(1, 1),  inCmAxes(2, 2),
               -inCmAxes(0, 1), -inCmAxes(0, 2), -inCmAxes(1, 2)};
}

void Importer::marker(const Statement& st)
{
  if (!st.id) {
    error(st, 0, "MARKER needs an id");
    return;
  }
  if (m_markers.count(*st.id)) {
    error(st, 0, "duplicate MARKER/" + std::to_string(*st.id));
    return;
  }
  Marker m;
  m.name = nameFor(st, "MARKER");
  const Argument* pa = arg(st, "PART");
  if (!pa) {
    error(st, 0,
          "MARKER/" + std::to_string(*st.id) +
              " is on no part (PART= missing; flexible bodies are not supported)");
    return;
  }
  const auto pid = integer(st, *pa, 0);
  if (!pid)
    return;
  if (!m_parts.count(*pid)) {
    error(st, pa->line, "PART/" + std::to_string(*pid) + " does not exist");
    return;
  }
  m.part = m_parts[*pid];
  if (auto qp = vector(st, "QP", m_u.length))
    m.position = *qp;
  if (auto re = vector(st, "REULER", 1.0, true))
    m.euler = *re;
  const auto zp = vector(st, "ZP", m_u.length);
  const auto xp = vector(st, "XP", m_u.length);
  if (zp || xp) {
    m.mode = OrientationMode::Points;
    m.zPoint = zp.value_or(m.position + Vec3::UnitZ());
    m.xPoint = xp.value_or(m.position + Vec3::UnitX());
    if (!zp)
      warn(st, 0, "XP without ZP: z axis taken along the part's z");
    if (!m.localOrientation()) {
      error(st, 0, "ZP/XP do not define a frame");
      return;
    }
  }
  flag(st, "USEXP");
  m.floating = flag(st, "FLOATING");
  m.id = add(m);
  m_markers[*st.id] = m.id;
}

void Importer::graphics(const Statement& st)
{
  Geometry g;
  std::optional<MarkerId> ref;
  if (flag(st, "CYLINDER")) {
    ref = markerRef(st, "CM", true);
    g.kind = GeometryKind::Cylinder;
    g.length = scalar(st, "LENGTH", m_u.length, 0.0).value_or(0.0);
    g.radius = scalar(st, "RADIUS", m_u.length, 0.0).value_or(0.0);
    arg(st, "SIDES");
    arg(st, "SEG");
  } else if (flag(st, "BOX")) {
    ref = markerRef(st, "CORNER", true);
    g.kind = GeometryKind::Box;
    g.size = Vec3(scalar(st, "X", m_u.length, 0.0).value_or(0), scalar(st, "Y", m_u.length, 0.0).value_or(0),
                  scalar(st, "Z", m_u.length, 0.0).value_or(0));
  } else if (flag(st, "ELLIPSOID")) {
    ref = markerRef(st, "CM", true);
    g.kind = GeometryKind::Sphere;
    const Vec3 s(scalar(st, "XSCALE", m_u.length, 0.0).value_or(0),
                 scalar(st, "YSCALE", m_u.length, 0.0).value_or(0),
                 scalar(st, "ZSCALE", m_u.length, 0.0).value_or(0));
    if (s.maxCoeff() - s.minCoeff() > 1e-12 * s.maxCoeff())
      warn(st, 0, "ellipsoid drawn as a sphere");
    g.radius = 0.5 * s.maxCoeff();
  } else {
    warn(st, 0, "only CYLINDER, BOX and ELLIPSOID graphics are imported; this one was ignored");
    for (const auto& a : st.args)
      m_used.insert(&a);
    return;
  }
  if (!ref)
    return;
  const Marker& m = *m_model.marker(*ref);
  const Mat3 r = m.localOrientation().value_or(Mat3::Identity());
  // Adams cylinders start at the CM marker along +z, boxes at their corner: store centres.
  const Vec3 offset = g.kind == GeometryKind::Cylinder ? Vec3(0, 0, 0.5 * g.length)
                      : g.kind == GeometryKind::Box    ? Vec3(0.5 * g.size)
                                                       : Vec3::Zero();
  g.position = m.position + r * offset;
  g.orientation = matrixToEuler313(r);
  if (m.part != kGroundId) {
    m_model.part(m.part)->geometry.push_back(g);
  } else {
    m_model.part(kGroundId)->geometry.push_back(g);
  }
}

// A copy of `marker` (same part and origin) whose z axis is the marker's x (axis 0) or y (axis 1)
// axis, the axes permuted cyclically so the frame stays right-handed.
MarkerId Importer::pinMarker(MarkerId marker, int axis)
{
  const Marker& src = *m_model.marker(marker);
  const Mat3 r = src.localOrientation().value_or(Mat3::Identity());
  Marker m;
  m.name = src.name + (axis == 0 ? "_hooke_x" : "_hooke_y");
  m.part = src.part;
  m.position = src.position;
  m.mode = OrientationMode::Axes;
  m.zAxis = r.col(axis);  // x -> z (y, z, x) or y -> z (z, x, y)
  m.xAxis = r.col(axis == 0 ? 1 : 2);
  return add(m);
}

void Importer::joint(const Statement& st, bool primitive)
{
  static const std::pair<const char*, JointKind> joints[] = {{"REVOLUTE", JointKind::Revolute},
                                                             {"TRANSLATIONAL", JointKind::Translational},
                                                             {"CYLINDRICAL", JointKind::Cylindrical},
                                                             {"SPHERICAL", JointKind::Spherical},
                                                             {"UNIVERSAL", JointKind::Universal},
                                                             {"HOOKE", JointKind::Universal},
                                                             {"FIXED", JointKind::Fixed},
                                                             {"PLANAR", JointKind::Planar},
                                                             {"SCREW", JointKind::Screw},
                                                             {"CONVEL", JointKind::ConstantVelocity},
                                                             {"RACKPIN", JointKind::RackPinion}};
  static const std::pair<const char*, JointKind> prims[] = {{"INLINE", JointKind::Inline},
                                                            {"INPLANE", JointKind::Inplane},
                                                            {"ORIENTATION", JointKind::Orientation},
                                                            {"PARALLEL_AXES", JointKind::ParallelAxes},
                                                            {"PERPENDICULAR", JointKind::Perpendicular},
                                                            {"ATPOINT", JointKind::AtPoint}};
  if (!st.id || m_joints.count(*st.id * (primitive ? -1 : 1))) {
    error(st, 0, st.id ? "duplicate " + label(st) : st.name + " needs an id");
    return;
  }
  std::optional<JointKind> kind;
  for (const auto& [word, k] : primitive ? std::span<const std::pair<const char*, JointKind>>(prims)
                                         : std::span<const std::pair<const char*, JointKind>>(joints)) {
    if (flag(st, word))
      kind = k;
  }
  if (!kind) {
    error(st, 0, "missing or unsupported " + std::string(primitive ? "JPRIM" : "JOINT") + " type");
    return;
  }
  Joint j;
  j.kind = *kind;
  j.name = nameFor(st, primitive ? "JPRIM" : "JOINT");
  const auto i = markerRef(st, "I", true);
  const auto jm = markerRef(st, "J", true);
  if (!i || !jm)
    return;
  if (j.kind == JointKind::RackPinion) {
    // Coupler of the pinion's revolute/cylindrical joint and the rack's translational joint:
    // x_rack = (PD / 2) * theta_pinion. Resolved when all joints are known (coupler pass).
    const auto pd = scalar(st, "PD", m_u.length, std::nullopt);
    if (!pd) {
      error(st, 0, "RACKPIN needs PD (pitch diameter)");
      return;
    }
    j.ratio = 0.5 * *pd;
    j.iMarker = *i;
    j.jMarker = *jm;
    m_pendingRackPins.push_back({&st, j});
    return;
  }
  j.iMarker = *i;
  j.jMarker = *jm;
  if (flag(st, "HOOKE")) {
    // Adams HOOKE: the cross pins are I's x axis and J's y axis (x_I ⟂ y_J; coincident markers
    // are valid), whereas UNIVERSAL (and the model's Universal joint) uses the z axes (z_I ⟂ z_J).
    // Equivalent markers at the same points with z along those pins carry the joint.
    j.iMarker = pinMarker(*i, 0);
    j.jMarker = pinMarker(*jm, 1);
  }
  if (j.kind == JointKind::Screw) {
    j.pitch = scalar(st, "PITCH", m_u.length, 0.0).value_or(0.0);
  }
  jointInitialConditions(st, j);
  for (const char* ignored : {"DELTA_V", "MAXIMUM_DEFORMATION"}) {
    if (const Argument* a = arg(st, ignored))
      warn(st, a->line,
           std::string(ignored) + " (initial-condition tolerances) is not supported and was ignored");
  }
  j.id = add(j);
  m_joints[*st.id * (primitive ? -1 : 1)] = j.id;
}

// GCON of the distance form FUNCTION = DM(a, b) - L: the model has no distance constraint, so it
// becomes what Adams users build with joints, a light link (1e-9 of the lightest part's mass) from
// a to b with a spherical joint at each end. The link's spin about a-b is free and unloaded. Other
// GCON functions are not supported.
void Importer::gcon(const Statement& st)
{
  markerRef(st, "I", false);
  const Argument* fn = arg(st, "FUNCTION");
  std::string text = fn ? fn->values[0] : std::string();
  text.erase(std::remove_if(text.begin(), text.end(),
                            [](char ch) { return std::isspace(static_cast<unsigned char>(ch)); }),
             text.end());
  for (auto& ch : text)
    ch = char(std::toupper(static_cast<unsigned char>(ch)));
  // DM(a,b)-L, parsed by hand: std::regex recurses per character of a long literal.
  std::optional<long> ida, idb;
  std::optional<double> given;
  if (text.starts_with("DM(")) {
    const auto comma = text.find(','), close = text.find(")-");
    if (comma != std::string::npos && close != std::string::npos && comma < close) {
      ida = detail::parseId(std::string_view(text).substr(3, comma - 3));
      idb = detail::parseId(std::string_view(text).substr(comma + 1, close - comma - 1));
      given = detail::parseFiniteDouble(std::string_view(text).substr(close + 2));
    }
  }
  if (!ida || !idb || !given) {
    warn(st, fn ? fn->line : 0, "GCON is supported only as a distance, FUNCTION = DM(I, J) - L; ignored");
    return;
  }
  if (!st.id || !m_gcons.insert(*st.id).second) {
    error(st, 0, st.id ? "duplicate " + label(st) : "GCON needs an id");
    return;
  }
  if (!m_markers.count(*ida) || !m_markers.count(*idb)) {
    error(st, fn->line,
          "GCON: MARKER/" + std::to_string(m_markers.count(*ida) ? *idb : *ida) + " does not exist");
    return;
  }
  const MarkerId a = m_markers[*ida], b = m_markers[*idb];
  const double length = *given * m_u.length;
  const Vec3 pa = m_model.markerGlobalPosition(a), pb = m_model.markerGlobalPosition(b);
  if (std::abs((pa - pb).norm() - length) > 1e-9 * std::max(1.0, length) || length <= 0.0) {
    error(st, fn->line, "GCON: the distance L must be positive and equal the markers' initial distance");
    return;
  }
  double lightest = 0.0;
  for (const Part& part : m_model.parts())
    if (!part.ground && (lightest == 0.0 || part.mass < lightest))
      lightest = part.mass;
  const double scale = 1e-9 * (lightest > 0.0 ? lightest : 1.0);
  Part link;
  link.name = nameFor(st, "GCON") + "_link";
  link.mass = scale;
  link.inertia = {scale * length * length, scale * length * length, scale * length * length, 0, 0, 0};
  link.position = 0.5 * (pa + pb);
  link.id = add(link);
  const MarkerId ends[2] = {a, b};
  for (int k = 0; k < 2; ++k) {
    Marker e;
    e.name = link.name + (k == 0 ? "_i" : "_j");
    e.part = link.id;
    e.position = (k == 0 ? pa : pb) - link.position;
    Joint j;
    j.kind = JointKind::Spherical;
    j.name = link.name + (k == 0 ? "_sph_i" : "_sph_j");
    j.iMarker = add(e);
    j.jMarker = ends[k];
    add(j);
  }
  warn(st, 0, "GCON distance constraint modelled as a light link with two spherical joints");
}

// GEAR, COUPLER and the pending RACKPIN statements (they refer to other joints).
void Importer::coupler(const Statement& st)
{
  Joint j;
  auto jointArg = [&](const Argument& a, std::size_t k) -> std::optional<JointId> {
    auto id = integer(st, a, k);
    if (!id)
      return std::nullopt;
    auto it = m_joints.find(*id);
    if (it == m_joints.end()) {
      error(st, a.line, "JOINT/" + std::to_string(*id) + " does not exist");
      return std::nullopt;
    }
    return it->second;
  };
  if (!st.id || m_joints.count(1000000000L + *st.id)) {
    error(st, 0, st.id ? "duplicate " + label(st) : st.name + " needs an id");
    return;
  }
  const Argument* js = arg(st, "JOINTS");
  if (!js || js->values.size() < 2) {
    error(st, js ? js->line : 0, "JOINTS= needs two joint ids");
    return;
  }
  if (js->values.size() > 2) {
    warn(st, js->line, "couplers of three joints are not supported; ignored");
    return;
  }
  const auto a = jointArg(*js, 0), b = jointArg(*js, 1);
  if (!a || !b)
    return;
  j.joints = {*a, *b};
  if (st.name == "GEAR") {
    // Ratio from the common-velocity marker: the pitch-point velocities of both gears along the
    // CV z axis must agree. w_k = s_k x_k' z_k (s_k = +1 if the gear part is the I side).
    j.kind = JointKind::Gear;
    const auto cv = markerRef(st, "CV", true);
    if (!cv)
      return;
    const Vec3 p = m_model.markerGlobalPosition(*cv);
    const Vec3 c = m_model.markerGlobalOrientation(*cv).col(2);
    const PartId carrier = m_model.partOf(*cv);
    double term[2];
    for (int k = 0; k < 2; ++k) {
      const Joint& g = *m_model.joint(j.joints[k]);
      const Vec3 z = m_model.markerGlobalOrientation(g.jMarker).col(2);
      const Vec3 d = p - m_model.markerGlobalPosition(g.jMarker);
      const double s = m_model.partOf(g.iMarker) != carrier ? 1.0 : -1.0;
      term[k] = s * z.cross(d).dot(c);
    }
    if (std::abs(term[1]) < 1e-12) {
      error(st, 0, "the CV marker does not give a gear ratio (it lies on the second joint's axis)");
      return;
    }
    j.ratio = term[0] / term[1];
  } else {
    j.kind = JointKind::Coupler;
    const Argument* sc = arg(st, "SCALES");
    if (!sc || sc->values.size() != 2) {
      error(st, sc ? sc->line : 0, "SCALES= needs two values (FUNCTION couplers are not supported)");
      return;
    }
    const auto s0 = number(st, *sc, 0, 1.0), s1 = number(st, *sc, 1, 1.0);
    if (!s0 || !s1)
      return;
    j.scales = {*s0, *s1};
    if (const Argument* t = arg(st, "TYPE")) {
      if (t->values[0].find('T') != std::string::npos && !m_u.isSI()) {
        warn(st, t->line, "scales of translational couplers are taken in SI units");
      }
    }
  }
  j.name = nameFor(st, st.name.c_str());
  j.id = add(j);
  m_joints[1000000000L + *st.id] = j.id;
}

void Importer::motion(const Statement& st)
{
  Motion m;
  m.name = nameFor(st, "MOTION");
  if (const Argument* ja = arg(st, "JOINT")) {
    auto id = integer(st, *ja, 0);
    if (!id)
      return;
    auto it = m_joints.find(*id);
    if (it == m_joints.end()) {
      error(st, ja->line, "JOINT/" + std::to_string(*id) + " does not exist");
      return;
    }
    m.joint = it->second;
    const JointKind k = m_model.joint(m.joint)->kind;
    const bool t = flag(st, "TRANSLATION"), r = flag(st, "ROTATION");
    m.axis = t   ? MotionAxis::Z
             : r ? MotionAxis::RotationZ
                 : (k == JointKind::Translational ? MotionAxis::Z : MotionAxis::RotationZ);
  } else {
    const auto i = markerRef(st, "I", true), j = markerRef(st, "J", true);
    if (!i || !j)
      return;
    m.iMarker = *i;
    m.jMarker = *j;
    static const std::pair<const char*, MotionAxis> axes[] = {
        {"X", MotionAxis::X},          {"Y", MotionAxis::Y},          {"Z", MotionAxis::Z},
        {"B1", MotionAxis::RotationX}, {"B2", MotionAxis::RotationY}, {"B3", MotionAxis::RotationZ}};
    bool found = false;
    for (const auto& [w, a] : axes) {
      if (flag(st, w)) {
        m.axis = a;
        found = true;
      }
    }
    if (!found) {
      error(st, 0, "MOTION on markers needs one of X, Y, Z, B1, B2, B3");
      return;
    }
  }
  if (flag(st, "VELOCITY"))
    m.quantity = MotionQuantity::Velocity;
  if (flag(st, "ACCELERATION"))
    m.quantity = MotionQuantity::Acceleration;
  flag(st, "DISPLACEMENT");
  const double scale = isRotation(m.axis) ? 1.0 : m_u.length;
  m.initialDisplacement = scalar(st, "ICDISP", scale, 0.0).value_or(0.0);
  m.initialVelocity = scalar(st, "ICVEL", scale / m_u.time, 0.0).value_or(0.0);
  const Argument* fn = arg(st, "FUNCTION");
  if (!fn) {
    error(st, 0, "MOTION needs FUNCTION=");
    return;
  }
  const int timePower = m.quantity == MotionQuantity::Displacement ? 0
                        : m.quantity == MotionQuantity::Velocity   ? 1
                                                                   : 2;
  auto text = expression(st, fn->values[0], fn->line, scale / std::pow(m_u.time, timePower));
  if (!text || !supported(st, *text, fn->line))
    return;
  m.function = *text;
  m.id = add(m);
}

void Importer::force(const Statement& st)
{
  Force f;
  const bool sforce = st.name == "SFORCE";
  f.name = nameFor(st, st.name.c_str());
  const auto i = markerRef(st, "I", true);
  if (!i)
    return;
  f.iMarker = *i;
  if (sforce) {
    f.kind = flag(st, "ROTATIONAL") ? ForceKind::SingleTorque : ForceKind::SingleForce;
    flag(st, "TRANSLATIONAL");
    f.actionOnly = flag(st, "ACTIONONLY");
    if (const auto j = markerRef(st, "J", true))
      f.jMarker = *j;
    else
      return;
    const Argument* fn = arg(st, "FUNCTION");
    if (!fn) {
      error(st, 0, "SFORCE needs FUNCTION=");
      return;
    }
    const double unit = f.kind == ForceKind::SingleTorque ? m_u.torque() : m_u.force;
    auto text = expression(st, fn->values[0], fn->line, unit);
    if (!text || !supported(st, *text, fn->line))
      return;
    f.functions[0] = *text;
  } else {
    f.kind = st.name == "GFORCE"   ? ForceKind::General
             : st.name == "VFORCE" ? ForceKind::VectorForce
                                   : ForceKind::VectorTorque;
    if (const auto j = markerRef(st, "JFLOAT", true))
      f.jMarker = *j;
    else
      return;
    if (const auto rm = markerRef(st, "RM", true))
      f.referenceMarker = *rm;
    else
      return;
    // The first component key holds the rest of the statement: "FX = e1\ FY = e2\ ...".
    static const char* comps[] = {"FX", "FY", "FZ", "TX", "TY", "TZ"};
    for (const auto& a : st.args) {
      if (a.flag || !adm::isFunctionKey(a.key) || a.key == "FUNCTION")
        continue;
      m_used.insert(&a);
      std::string all = a.key + "=" + a.values[0];
      std::stringstream ss(all);
      std::string part;
      while (std::getline(ss, part, '\\')) {
        const auto eq = part.find('=');
        if (eq == std::string::npos) {
          if (part.find_first_not_of(" \t") != std::string::npos)
            error(st, a.line, "expected COMPONENT = expression in '" + part + "'");
          continue;
        }
        std::string key = part.substr(0, eq);
        key.erase(0, key.find_first_not_of(" \t"));
        key.erase(key.find_last_not_of(" \t") + 1);
        for (auto& c : key)
          c = char(std::toupper(static_cast<unsigned char>(c)));
        int c = -1;
        for (int k = 0; k < 6; ++k)
          if (key == comps[k])
            c = k;
        const bool allowed =
            c >= 0 && (f.kind == ForceKind::General || (f.kind == ForceKind::VectorForce) == (c < 3));
        if (!allowed) {
          error(st, a.line, "component '" + key + "' is not valid for " + st.name);
          return;
        }
        auto text = expression(st, part.substr(eq + 1), a.line, c < 3 ? m_u.force : m_u.torque());
        if (!text || !supported(st, *text, a.line))
          return;
        f.functions[c] = *text;
      }
    }
  }
  f.id = add(f);
}

void Importer::springDamper(const Statement& st)
{
  Force f;
  f.name = nameFor(st, "SPRINGDAMPER");
  const auto i = markerRef(st, "I", true), j = markerRef(st, "J", true);
  if (!i || !j)
    return;
  f.iMarker = *i;
  f.jMarker = *j;
  if (flag(st, "ROTATION")) {
    f.kind = ForceKind::RotationalSpringDamper;
    f.stiffness = scalar(st, "KT", m_u.torque(), 0.0).value_or(0);
    f.damping = scalar(st, "CT", m_u.torque() * m_u.time, 0.0).value_or(0);
    f.freeLength = scalar(st, "ANGLE", 1.0, 0.0, true).value_or(0);
    f.preload = scalar(st, "TORQUE", m_u.torque(), 0.0).value_or(0);
  } else {
    flag(st, "TRANSLATION");
    f.kind = ForceKind::TranslationalSpringDamper;
    f.stiffness = scalar(st, "K", m_u.stiffness(), 0.0).value_or(0);
    f.damping = scalar(st, "C", m_u.damping(), 0.0).value_or(0);
    f.freeLength = scalar(st, "LENGTH", m_u.length, 0.0).value_or(0);
    f.preload = scalar(st, "FORCE", m_u.force, 0.0).value_or(0);
  }
  f.id = add(f);
}

void Importer::bushing(const Statement& st)
{
  Force f;
  f.kind = ForceKind::Bushing;
  f.name = nameFor(st, "BUSHING");
  const auto i = markerRef(st, "I", true), j = markerRef(st, "J", true);
  if (!i || !j)
    return;
  f.iMarker = *i;
  f.jMarker = *j;
  f.translationalStiffness = vector(st, "K", m_u.stiffness()).value_or(Vec3::Zero());
  f.translationalDamping = vector(st, "C", m_u.damping()).value_or(Vec3::Zero());
  f.rotationalStiffness = vector(st, "KT", m_u.torque()).value_or(Vec3::Zero());
  f.rotationalDamping = vector(st, "CT", m_u.torque() * m_u.time).value_or(Vec3::Zero());
  f.preloadForce = vector(st, "FORCE", m_u.force).value_or(Vec3::Zero());
  f.preloadTorque = vector(st, "TORQUE", m_u.torque()).value_or(Vec3::Zero());
  f.id = add(f);
}

void Importer::accgrav(const Statement& st)
{
  m_model.gravity = Vec3(scalar(st, "IGRAV", m_u.acceleration(), 0.0).value_or(0),
                         scalar(st, "JGRAV", m_u.acceleration(), 0.0).value_or(0),
                         scalar(st, "KGRAV", m_u.acceleration(), 0.0).value_or(0));
}

// INTEGRATOR/ GSTIFF|WSTIFF|HHT|..., I3|SI2 (or FORMULATION=), ERROR=, HMAX=, HINIT=, MAXIT=: the
// dynamic analysis settings. Integrators this solver lacks map to the nearest one with a warning.
void Importer::integrator(const Statement& st)
{
  AnalysisSettings& a = m_model.analysis;
  struct Choice {
    const char* adams;
    Integrator ours;
    const char* note;  // non-empty: mapped with a warning
  };
  static const Choice choices[] = {
      {"GSTIFF", Integrator::Gstiff, ""},
      {"WSTIFF", Integrator::Wstiff, ""},
      {"HHT", Integrator::HhtAlpha, ""},
      {"RKF45", Integrator::Rkf45, ""},
      {"CONSTANT_BDF", Integrator::Gstiff, "CONSTANT_BDF is integrated with GSTIFF (variable step)"},
      {"HASTIFF", Integrator::Gstiff, "HASTIFF is integrated with GSTIFF"},
      {"NEWMARK", Integrator::HhtAlpha, "NEWMARK is integrated with HHT-alpha"},
      {"ABAM", Integrator::Rkf45, "ABAM is integrated with RKF45 (non-stiff, coordinate partitioning)"},
  };
  for (const Choice& c : choices) {
    if (flag(st, c.adams)) {
      a.integrator = c.ours;
      if (*c.note)
        warn(st, 0, c.note);
    }
  }
  auto formulation = [&](const std::string& word, int line) {
    if (word == "I3") {
      a.formulation = Formulation::I3;
    } else if (word == "SI2" || word == "SI1") {
      a.formulation = Formulation::SI2;
      if (word == "SI1")
        warn(st, line, "SI1 is integrated in the SI2 formulation");
    } else {
      error(st, line, "FORMULATION must be I3, SI2 or SI1, not '" + word + "'");
    }
  };
  for (const char* word : {"I3", "SI2", "SI1"}) {
    if (flag(st, word))
      formulation(word, st.line);
  }
  if (const Argument* f = arg(st, "FORMULATION"); f && !f->values.empty())
    formulation(f->values[0], f->line);
  // ERROR is absolute in the deck's length unit; the solver's tolerance is in SI.
  if (auto e = scalar(st, "ERROR", m_u.length, std::nullopt)) {
    if (*e > 0)
      a.errorTolerance = *e;
    else
      error(st, 0, "ERROR must be positive");
  }
  if (auto h = scalar(st, "HMAX", m_u.time, std::nullopt))
    a.maxStepSize = *h;
  if (auto h = scalar(st, "HINIT", m_u.time, std::nullopt))
    a.initialStepSize = *h;
  if (const Argument* m = arg(st, "MAXIT")) {
    if (auto n = integer(st, *m, 0); n && *n > 0)
      a.maxIterations = static_cast<int>(*n);
  }
  // Accepted as Adams defaults of behaviour the solver has anyway (no effect here).
  for (const char* key : {"HMIN", "KMAX", "CORRECTOR", "INTERPOLATE", "PATTERN", "ALPHA"})
    if (const Argument* x = arg(st, key))
      warn(st, x->line, std::string(key) + " is not used by this solver and was ignored");
}

// IC = disp, vel of a revolute (rotation) or translational (translation) joint; ICTRAN and ICROT
// of a cylindrical joint. Either value may be left out ("IC = , 2" gives the velocity only).
void Importer::jointInitialConditions(const Statement& st, Joint& j)
{
  // Rotations are in the deck's angle unit (or with the D suffix), translations in its length.
  auto read = [&](const char* key, bool rotation, std::optional<double>& disp, std::optional<double>& vel) {
    const Argument* a = arg(st, key);
    if (!a)
      return;
    auto value = [&](std::size_t k) -> std::optional<double> {
      if (k >= a->values.size() || a->values[k].find_first_not_of(" \t") == std::string::npos)
        return std::nullopt;
      return number(st, *a, k, m_u.length, rotation);
    };
    disp = value(0);
    vel = value(1);
    if (vel)
      *vel /= m_u.time;
  };
  auto& ic = j.initial;
  const bool cylindrical = j.kind == JointKind::Cylindrical;
  if (j.kind == JointKind::Revolute)
    read("IC", true, ic.rotation, ic.angularVelocity);
  else if (j.kind == JointKind::Translational)
    read("IC", false, ic.translation, ic.velocity);
  else if (const Argument* a = arg(st, "IC"))
    warn(st, a->line, "IC applies to revolute and translational joints only; ignored");
  if (cylindrical) {
    read("ICTRAN", false, ic.translation, ic.velocity);
    read("ICROT", true, ic.rotation, ic.angularVelocity);
  } else {
    for (const char* key : {"ICTRAN", "ICROT"})
      if (const Argument* a = arg(st, key))
        warn(st, a->line, std::string(key) + " applies to cylindrical joints only; ignored");
  }
}

void Importer::friction(const Statement& st)
{
  const Argument* ja = arg(st, "JOINT");
  if (!ja) {
    error(st, 0, "FRICTION needs JOINT=");
    return;
  }
  auto id = integer(st, *ja, 0);
  if (!id)
    return;
  auto it = m_joints.find(*id);
  if (it == m_joints.end()) {
    error(st, ja->line, "JOINT/" + std::to_string(*id) + " does not exist");
    return;
  }
  FrictionParameters p;
  p.staticCoefficient = scalar(st, "MU_STATIC", 1.0, 0.0).value_or(0);
  p.dynamicCoefficient = scalar(st, "MU_DYNAMIC", 1.0, 0.0).value_or(0);
  p.stictionTransitionVelocity =
      scalar(st, "STICTION_TRANSITION_VELOCITY", m_u.velocity(), p.stictionTransitionVelocity).value_or(0);
  p.transitionVelocityFactor =
      scalar(st, "TRANSITION_VELOCITY_COEFFICIENT", 1.0, p.transitionVelocityFactor).value_or(0);
  p.maxStictionDeformation = scalar(st, "MAX_STICTION_DEFORMATION", m_u.length, 0.0).value_or(0);
  p.pinRadius = scalar(st, "PIN_RADIUS", m_u.length, 0.0).value_or(0);
  if (auto ball = scalar(st, "BALL_RADIUS", m_u.length, std::nullopt))
    p.pinRadius = *ball;
  p.frictionArm = scalar(st, "FRICTION_ARM", m_u.length, 0.0).value_or(0);
  p.bendingReflectArm = scalar(st, "BENDING_REFLECTION_ARM", m_u.length, 0.0).value_or(0);
  if (auto ra = scalar(st, "REACTION_ARM", m_u.length, std::nullopt))
    p.bendingReflectArm = *ra;
  p.preloadForce = scalar(st, "FRICTION_FORCE_PRELOAD", m_u.force, 0.0).value_or(0);
  p.preloadTorque = scalar(st, "FRICTION_TORQUE_PRELOAD", m_u.torque(), 0.0).value_or(0);
  if (const Argument* in = arg(st, "INPUTS")) {
    const std::string v = in->values[0];
    const bool all = v == "ALL", none = v == "NONE";
    p.usePreload = all || v.find("PRELOAD") != std::string::npos;
    p.useReactionForce = all || v.find("REACTION_FORCE") != std::string::npos;
    p.useBendingMoment = all || v.find("BENDING_MOMENT") != std::string::npos;
    p.useTorsionalMoment = all || v.find("TORSIONAL_MOMENT") != std::string::npos;
    (void)none;
  }
  if (const Argument* e = arg(st, "EFFECT")) {
    if (e->values[0] != "ALL")
      warn(st, e->line,
           "EFFECT=" + e->values[0] + " is not supported: friction acts in stiction and sliding");
  }
  m_model.joint(it->second)->friction = p;
}

void Importer::variable(const Statement& st)
{
  if (!st.id || m_variables.count(*st.id)) {
    error(st, 0, st.id ? "duplicate " + label(st) : "VARIABLE needs an id");
    return;
  }
  Variable v;
  v.name = nameFor(st, "VARIABLE");
  v.function = "0";
  v.id = add(v);  // registered first so VARVAL references resolve in any order
  m_variables[*st.id] = v.id;
}

// An element whose function calls something we do not have (USER subroutines, FX(), ...) is left
// out with a warning; other expression errors are reported by validation as errors.
bool Importer::supported(const Statement& st, const std::string& text, int line)
{
  ExpressionContext ctx;
  ctx.marker = [](std::string_view) -> std::optional<int> { return 0; };
  ctx.variable = [](std::string_view) -> std::optional<int> { return 0; };
  auto r = Expression::compile(text, ctx);
  if (!r.ok() && r.error->message.rfind("unknown function", 0) == 0) {
    warn(st, line, label(st) + " was not imported: " + r.error->message + " is not supported");
    return false;
  }
  return true;
}

// Adams/View writes VARIABLEs for its own plots, often with functions we do not have (FX, SFORCE
// ...). Such a variable is dropped with a warning; an expression that uses it fails later.
void Importer::dropUnsupportedVariables(const adm::Deck& deck)
{
  ExpressionContext ctx;
  ctx.marker = [this](std::string_view n) -> std::optional<int> {
    return m_model.findMarker(n) ? std::optional<int>(0) : std::nullopt;
  };
  ctx.variable = [this](std::string_view n) -> std::optional<int> {
    return m_model.findVariable(n) ? std::optional<int>(0) : std::nullopt;
  };
  for (const Statement& st : deck.statements) {
    if (st.name != "VARIABLE" || !st.id || !m_variables.count(*st.id))
      continue;
    const Variable& v = *m_model.variable(m_variables[*st.id]);
    auto r = Expression::compile(v.function, ctx);
    if (!r.ok()) {
      warn(st, 0, "VARIABLE/" + std::to_string(*st.id) + " was not imported: " + r.error->message);
      m_model.remove(EntityRef(v.id));
      m_variables.erase(*st.id);
    }
  }
}

AdmImportResult Importer::run(const std::string& text)
{
  AdmImportResult out;
  adm::Deck deck = adm::lex(text);
  for (auto& e : deck.errors)
    e.file = m_file;
  m_errors = deck.errors;
  {
    const auto colon = deck.title.rfind(':');
    std::string title = colon == std::string::npos ? deck.title : deck.title.substr(colon + 1);
    title.erase(0, title.find_first_not_of(' '));
    m_model.name = title.empty() ? "imported" : sanitize(title);
    m_model.description = detail::toValidUtf8(deck.title);  // a Latin-1 title, say
  }
  m_model.gravity = Vec3::Zero();  // Adams: no gravity unless ACCGRAV
  auto each = [&](std::initializer_list<const char*> names, auto fn) {
    for (const Statement& st : deck.statements) {
      for (const char* n : names) {
        if (st.name == n)
          fn(st);
      }
    }
  };
  // Pass order follows the references: units, parts, markers, then what refers to markers.
  each({"UNITS"}, [&](const Statement& st) { units(st); });
  each({"PART"}, [&](const Statement& st) { part(st); });
  each({"MARKER"}, [&](const Statement& st) { marker(st); });
  each({"PART"}, [&](const Statement& st) { partCm(st); });
  each({"GRAPHICS"}, [&](const Statement& st) { graphics(st); });
  each({"JOINT"}, [&](const Statement& st) { joint(st, false); });
  each({"JPRIM"}, [&](const Statement& st) { joint(st, true); });
  for (auto& [st, j] : m_pendingRackPins) {
    // Pinion joint: revolute/cylindrical on the I marker's part; rack joint: translational/cylindrical on
    // J's.
    const PartId pinion = m_model.partOf(j.iMarker), rack = m_model.partOf(j.jMarker);
    JointId rev, trans;
    for (const Joint& o : m_model.joints()) {
      const bool onPinion = m_model.partOf(o.iMarker) == pinion || m_model.partOf(o.jMarker) == pinion;
      const bool onRack = m_model.partOf(o.iMarker) == rack || m_model.partOf(o.jMarker) == rack;
      if (!rev && onPinion && (o.kind == JointKind::Revolute || o.kind == JointKind::Cylindrical))
        rev = o.id;
      if (!trans && onRack && (o.kind == JointKind::Translational || o.kind == JointKind::Cylindrical))
        trans = o.id;
    }
    if (!rev || !trans) {
      error(*st, 0, "RACKPIN needs a revolute joint on the pinion and a translational joint on the rack");
      continue;
    }
    j.joints = {rev, trans};
    j.iMarker = j.jMarker = MarkerId{};
    j.id = add(j);
    m_joints[*st->id] = j.id;
  }
  each({"GEAR", "COUPLER"}, [&](const Statement& st) { coupler(st); });
  each({"GCON"}, [&](const Statement& st) { gcon(st); });
  each({"VARIABLE"}, [&](const Statement& st) { variable(st); });
  each({"VARIABLE"}, [&](const Statement& st) {
    if (!st.id || !m_variables.count(*st.id))
      return;
    const Argument* fn = arg(st, "FUNCTION");
    if (!fn) {
      error(st, 0, "VARIABLE needs FUNCTION=");
      return;
    }
    if (auto text = expression(st, fn->values[0], fn->line, 1.0))  // stays in the deck's units
      m_model.variable(m_variables[*st.id])->function = *text;
    arg(st, "IC");
  });
  dropUnsupportedVariables(deck);
  each({"MOTION"}, [&](const Statement& st) { motion(st); });
  each({"SFORCE", "GFORCE", "VFORCE", "VTORQUE"}, [&](const Statement& st) { force(st); });
  each({"SPRINGDAMPER"}, [&](const Statement& st) { springDamper(st); });
  each({"BUSHING"}, [&](const Statement& st) { bushing(st); });
  each({"ACCGRAV"}, [&](const Statement& st) { accgrav(st); });
  each({"INTEGRATOR"}, [&](const Statement& st) { integrator(st); });
  each({"FRICTION"}, [&](const Statement& st) { friction(st); });
  static const std::set<std::string> known{
      "UNITS",        "PART",     "MARKER",  "GRAPHICS", "JOINT",  "JPRIM",  "GEAR",
      "COUPLER",      "VARIABLE", "MOTION",  "SFORCE",   "GFORCE", "VFORCE", "VTORQUE",
      "SPRINGDAMPER", "BUSHING",  "ACCGRAV", "FRICTION", "GCON",   "END",    "INTEGRATOR"};
  for (const Statement& st : deck.statements) {
    if (!known.count(st.name)) {
      warn(st, 0, "statement " + st.name + " is not supported and was ignored");
    } else if (st.name != "GRAPHICS" || !st.args.empty()) {
      warnUnused(st);
    }
  }
  if (m_errors.empty() && !m_parts.count(-1)) {
    // Located at the first PART statement (where GROUND is missing), or at the title line.
    const auto part = std::find_if(deck.statements.begin(), deck.statements.end(),
                                   [](const Statement& st) { return st.name == "PART"; });
    if (part != deck.statements.end())
      error(*part, 0, "the dataset has no GROUND part (no PART statement has the GROUND flag)");
    else
      m_errors.push_back({m_file, 1, {}, {}, "the dataset has no GROUND part (it has no PART statement)"});
  }
  if (m_errors.empty()) {
    // Validation problems (inertia, expressions, ...) are located at the entity's statement.
    for (auto d : m_model.validate()) {
      d.file = m_file;
      if (m_lineOf.count(d.entity))
        d.line = m_lineOf[d.entity];
      d.field.clear();
      m_errors.push_back(d);
    }
  }
  std::sort(m_warnings.begin(), m_warnings.end(),
            [](const Diagnostic& a, const Diagnostic& b) { return a.line < b.line; });
  out.warnings = std::move(m_warnings);
  if (!m_errors.empty()) {
    out.errors = std::move(m_errors);
    return out;
  }
  out.model = std::move(m_model);
  return out;
}

}  // namespace

AdmImportResult importAdmFromString(const std::string& text, const std::string& fileName)
{
  return Importer(fileName).run(text);
}

AdmImportResult importAdm(const std::string& path)
{
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    AdmImportResult r;
    r.errors.push_back({path, 0, {}, {}, "cannot open file"});
    return r;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  return importAdmFromString(ss.str(), path);
}

}  // namespace mbs::core
