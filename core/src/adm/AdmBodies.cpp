// PART, MARKER and GRAPHICS statements.
#include "AdmImporter.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>
#include <utility>

namespace mbs::core::adm {

// A PART's or POINT_MASS's frame from QG and REULER or ZG/XG; false after reporting an error.
bool Importer::partFrame(const Statement& st, Part& p)
{
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
      return false;
    }
    p.orientation = matrixToEuler313(*r);
  }
  return true;
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
    m_partLines[st.line] = *st.id;
    if (!st.viewName.empty() && Model::isValidName(sanitize(st.viewName))) {
      m_model.part(kGroundId)->name = sanitize(st.viewName);
    }
    m_lineOf[m_model.ground().name] = st.line;
    return;
  }
  Part p;
  p.name = nameFor(st, "PART");
  // Adams: MASS and IP default to 0. A part without mass (a dummy or connector part) or without
  // inertia is valid when constraints hold the degrees of freedom that have none; the solver
  // checks that and names the part otherwise.
  const auto mass = scalar(st, "MASS", m_u.mass, 0.0);
  if (!mass)
    return;
  if (!(*mass >= 0.0)) {
    error(st, 0, "PART/" + std::to_string(*st.id) + ": MASS must not be negative");
    return;
  }
  p.mass = *mass;
  p.inertia = {0, 0, 0, 0, 0, 0};
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
  }
  if (p.mass == 0.0 && !p.inertia.matrix().isZero(0.0)) {
    error(st, 0, "PART/" + std::to_string(*st.id) + ": a part without MASS cannot have inertia (IP)");
    return;
  }
  if (!partFrame(st, p))
    return;
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
        error(st, ex->line, "EXACT: unknown coordinate '" + c + "' (X, Y, Z, PSI, THETA or PHI)");
    }
  }
  arg(st, "CM");  // CM and IM are resolved after the markers (partCm)
  arg(st, "IM");
  p.id = add(p);
  m_parts[*st.id] = p.id;
  m_partLines[st.line] = *st.id;
}

void Importer::partCm(const Statement& st)
{
  if (!st.id || flag(st, "GROUND") || !m_parts.count(*st.id))
    return;
  Part& p = *m_model.part(m_parts[*st.id]);
  Mat3 cmAxes = Mat3::Identity();
  if (const auto cm = markerRef(st, "CM", false)) {
    if (std::as_const(m_model).marker(*cm)->part != p.id) {
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
  const Marker& imMarker = *std::as_const(m_model).marker(*im);
  if (imMarker.part != p.id) {
    error(st, 0, "IM marker is not on PART/" + std::to_string(*st.id));
    return;
  }
  Vec3 cmPosition = Vec3::Zero();  // part frame
  Mat3 cmRotation = Mat3::Identity();
  if (p.cmMarker) {
    const Marker& cmMarker = *std::as_const(m_model).marker(p.cmMarker);
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
  const Argument* onPointMass = arg(st, "POINT_MASS");
  const Argument* pa = arg(st, "PART");
  std::optional<long> pid;
  if (onPointMass) {
    // A marker on a POINT_MASS (PART= and POINT_MASS= exclude each other).
    const auto id = integer(st, *onPointMass, 0);
    if (!id)
      return;
    if (pa || !m_pointMasses.count(*id)) {
      error(st, onPointMass->line,
            pa ? "a marker is on a PART or on a POINT_MASS, not both"
               : "POINT_MASS/" + std::to_string(*id) + " does not exist");
      return;
    }
    m.part = m_pointMasses[*id];
  } else if (pa) {
    pid = integer(st, *pa, 0);
    if (!pid)
      return;
  } else {
    // Adams: without PART= a marker belongs to the PART statement before it in the dataset.
    for (const auto& [line, id] : m_partLines)
      if (line < st.line)
        pid = id;
    if (!pid) {
      error(st, 0,
            "MARKER/" + std::to_string(*st.id) + " is on no part (no PART= and no PART statement before it)");
      return;
    }
  }
  if (!onPointMass && !m_parts.count(*pid)) {
    error(st, pa ? pa->line : 0, "PART/" + std::to_string(*pid) + " does not exist");
    return;
  }
  if (!onPointMass)
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
    if (flag(st, "USEXP")) {
      // x exactly towards XP, ZP only in the positive x-z plane (the axes mode keeps z exact).
      const Vec3 x = (m.xPoint - m.position).normalized();
      const Vec3 towardsZ = m.zPoint - m.position;
      m.mode = OrientationMode::Axes;
      m.xAxis = x;
      m.zAxis = (towardsZ - towardsZ.dot(x) * x).normalized();
    }
  }
  m.floating = flag(st, "FLOATING");
  m.id = add(m);
  m_markers[*st.id] = m.id;
}

// GRAPHICS become part geometry, drawn on the part of their reference marker. The model's shapes
// are centred: Adams cylinders and frustums start at the CM marker along +z, boxes at their corner.
// Shapes the model lacks are drawn as the nearest one or not at all: graphics never change the
// physics, so each such case is one warning for the whole deck (graphicsNote), never an error.
void Importer::graphics(const Statement& st)
{
  const bool drawn = graphicsShape(st);
  for (const Argument& a : st.args) {
    // Arguments of a form that is not drawn at all were covered by its note.
    const bool unread = drawn && m_used.insert(&a).second;
    if (unread && !a.known)
      graphicsNote(st, a.line, "'" + a.given + "' is not a documented GRAPHICS argument; ignored");
    else if (unread && !a.flag)
      if (const Keyword* k = keyword(*statementInfo(st.name), a.key); k && k->use == Use::Ignored)
        graphicsNote(st, a.line, a.key + " is not used: " + k->why);
    m_used.insert(&a);
  }
}

void Importer::graphicsNote(const Statement& st, int line, const std::string& note)
{
  if (m_graphicsNotes.insert(note).second)
    warn(st, line, note + " (said once for all GRAPHICS statements)");
}

bool Importer::graphicsShape(const Statement& st)
{
  if (const Argument* outline = arg(st, "OUTLINE"))
    return graphicsOutline(st, *outline);
  Geometry g;
  std::optional<MarkerId> ref;
  Vec3 offset = Vec3::Zero();  // shape centre in the reference marker's frame
  bool frustum = false, ellipsoidIsSphere = false;
  ContactSolid solid;  // what a CONTACT naming this GRAPHICS touches
  if (flag(st, "CYLINDER") || flag(st, "FRUSTUM")) {
    ref = markerRef(st, "CM", true);
    g.kind = GeometryKind::Cylinder;
    g.length = scalar(st, "LENGTH", m_u.length, 0.0).value_or(0.0);
    g.radius = scalar(st, "RADIUS", m_u.length, 0.0).value_or(0.0);
    const auto top = scalar(st, "TOP", m_u.length, std::nullopt);
    const auto bottom = scalar(st, "BOTTOM", m_u.length, std::nullopt);
    if (top || bottom) {
      g.radius = std::max(top.value_or(0.0), bottom.value_or(0.0));
      frustum = std::abs(top.value_or(0.0) - bottom.value_or(0.0)) > 1e-12 * g.radius;
      if (frustum)
        graphicsNote(st, 0, "FRUSTUM graphics are drawn as a cylinder of the larger radius");
    }
    offset = Vec3(0, 0, 0.5 * g.length);
    solid.kind = frustum ? ContactSolidKind::Frustum : ContactSolidKind::Cylinder;
    solid.radius = frustum ? bottom.value_or(0.0) : g.radius;
    solid.topRadius = frustum ? top.value_or(0.0) : g.radius;
    solid.length = g.length;
  } else if (flag(st, "BOX")) {
    ref = markerRef(st, "CORNER", true);
    g.kind = GeometryKind::Box;
    g.size = Vec3(scalar(st, "X", m_u.length, 0.0).value_or(0), scalar(st, "Y", m_u.length, 0.0).value_or(0),
                  scalar(st, "Z", m_u.length, 0.0).value_or(0));
    offset = 0.5 * g.size;
    solid.kind = ContactSolidKind::Box;
    solid.size = g.size;
  } else if (flag(st, "PLANE")) {
    return graphicsPlane(st);
  } else if (flag(st, "EXTERNAL")) {
    return graphicsExternal(st);
  } else if (flag(st, "ELLIPSOID")) {
    ref = markerRef(st, "CM", true);
    g.kind = GeometryKind::Sphere;
    const Vec3 s(scalar(st, "XSCALE", m_u.length, 0.0).value_or(0),
                 scalar(st, "YSCALE", m_u.length, 0.0).value_or(0),
                 scalar(st, "ZSCALE", m_u.length, 0.0).value_or(0));
    ellipsoidIsSphere = s.maxCoeff() - s.minCoeff() <= 1e-12 * s.maxCoeff();
    if (!ellipsoidIsSphere)
      graphicsNote(st, 0, "ELLIPSOID graphics of unequal scales are drawn as a sphere");
    g.radius = 0.5 * s.maxCoeff();
    solid.kind = ellipsoidIsSphere ? ContactSolidKind::Sphere : ContactSolidKind::Ellipsoid;
    solid.radius = g.radius;
    solid.size = 0.5 * s;  // XSCALE, YSCALE, ZSCALE are the diameters
  } else if (flag(st, "TORUS")) {
    return graphicsTorus(st);
  } else {
    // CIRCLE, ARC, CURVE, FORCE, SPDP, POINT, ...: the form's reason, once.
    std::string why = "GRAPHICS without a form (CYLINDER, BOX, CIRCLE, ...) are not drawn";
    for (const Argument& a : st.args)
      if (a.flag && a.known)
        if (const Keyword* k = keyword(*statementInfo(st.name), a.key); k && k->use == Use::Ignored) {
          why = a.key + ": " + k->why;
          break;
        }
    graphicsNote(st, 0, why);
    return false;
  }
  if (!ref)
    return true;  // the missing marker is an error
  if (st.id && (g.kind == GeometryKind::Sphere || g.kind == GeometryKind::Cylinder)) {
    const double u = m_u.length;
    const bool sphere = g.kind == GeometryKind::Sphere;
    const bool round = !sphere || ellipsoidIsSphere;
    if (round && !frustum)
      m_contactGeometry[*st.id] = {sphere ? ContactGeometry::Kind::Sphere : ContactGeometry::Kind::Cylinder,
                                   *integer(st, *arg(st, "CM"), 0), g.radius / u, g.length / u, std::nullopt};
  }
  const Marker& m = *std::as_const(m_model).marker(*ref);
  const Mat3 r = m.localOrientation().value_or(Mat3::Identity());
  g.position = m.position + r * offset;
  g.orientation = matrixToEuler313(r);
  m_model.part(m.part)->geometry.push_back(g);
  solid.position = g.position;
  solid.orientation = g.orientation;
  recordGraphicsSolid(st, *ref, solid);
  return true;
}

// EXTERNAL, RM = m, FILE = name[, ELEMENT = e]: geometry in a file of its own. The reference is kept
// as a mesh-file shape at RM (a relative name resolved from the deck's folder), so that the model
// keeps it and the export writes it back; the view draws it when it is an STL or OBJ mesh. A CAD
// file (Parasolid, the Adams shell format) is not read: one note says so.
bool Importer::graphicsExternal(const Statement& st)
{
  const auto ref = markerRef(st, "RM", true);
  const Argument* file = arg(st, "FILE");
  if (!file || file->values.empty() || file->values.front().empty()) {
    error(st, 0, "EXTERNAL graphics need FILE = the geometry file");
    return true;
  }
  if (!ref)
    return true;
  std::string name = file->values.front();
  if (name.size() >= 2 && (name.front() == '"' || name.front() == '\'') && name.back() == name.front())
    name = name.substr(1, name.size() - 2);
  if (st.id)
    m_externalGraphics[*st.id] = name;
  std::filesystem::path path(name);
  if (path.is_relative() && !m_file.empty())
    path = std::filesystem::path(m_file).parent_path() / path;
  Geometry g;
  g.kind = GeometryKind::MeshFile;
  g.path = path.lexically_normal().string();
  const Marker& m = *std::as_const(m_model).marker(*ref);
  const Mat3 r = m.localOrientation().value_or(Mat3::Identity());
  g.position = m.position;
  g.orientation = matrixToEuler313(r);
  m_model.part(m.part)->geometry.push_back(g);
  const std::string ext = std::filesystem::path(name).extension().string();
  const bool mesh = ext == ".stl" || ext == ".STL" || ext == ".obj" || ext == ".OBJ";
  graphicsNote(st, 0,
               mesh ? "EXTERNAL graphics: STL and OBJ files are drawn with their coordinates in metres"
                    : "EXTERNAL graphics: the CAD file is not read (not drawn); its reference (FILE, not "
                      "ELEMENT) is kept and written back on export");
  arg(st, "ELEMENT");  // covered by the note
  return true;
}

// TORUS, CM = m, MAJOR_RADIUS = R, MINOR_RADIUS = r: the tube of radius r about the circle of
// radius R in CM's xy plane, centred on CM. Contact geometry for CONTACT; the view has no torus
// shape, so it is not drawn (one note).
bool Importer::graphicsTorus(const Statement& st)
{
  const auto ref = markerRef(st, "CM", true);
  const auto major = scalar(st, "MAJOR_RADIUS", m_u.length, std::nullopt);
  const auto minor = scalar(st, "MINOR_RADIUS", m_u.length, std::nullopt);
  if (!major || !minor) {
    error(st, 0, "TORUS needs MAJOR_RADIUS and MINOR_RADIUS");
    return true;
  }
  if (!(*minor > 0.0 && *major > *minor)) {
    error(st, 0, "TORUS needs 0 < MINOR_RADIUS < MAJOR_RADIUS (a torus that does not cut through itself)");
    return true;
  }
  if (!ref)
    return true;
  const Marker& m = *std::as_const(m_model).marker(*ref);
  ContactSolid solid;
  solid.kind = ContactSolidKind::Torus;
  solid.radius = *major;
  solid.minorRadius = *minor;
  solid.position = m.position;
  solid.orientation = matrixToEuler313(m.localOrientation().value_or(Mat3::Identity()));
  recordGraphicsSolid(st, *ref, solid);
  graphicsNote(st, 0, "TORUS graphics are contact geometry but are not drawn");
  return true;
}

void Importer::recordGraphicsSolid(const Statement& st, MarkerId ref, ContactSolid solid)
{
  if (!st.id)
    return;
  solid.name = "GRAPHICS/" + std::to_string(*st.id);
  m_graphicsSolids[*st.id] = {std::as_const(m_model).marker(ref)->part, std::move(solid)};
}

// PLANE, RM = m, XMIN, XMAX, YMIN, YMAX: the rectangle in RM's xy plane, a contact surface whose
// outward normal is RM's z (AdmContact.cpp); drawn as a thin plate under it. Without its bounds
// it is an unbounded plane, which is not drawn.
bool Importer::graphicsPlane(const Statement& st)
{
  const auto ref = markerRef(st, "RM", true);
  if (!ref)
    return true;
  const Argument* rm = arg(st, "RM");
  std::array<std::optional<double>, 4> b;
  const char* keys[] = {"XMIN", "XMAX", "YMIN", "YMAX"};
  int given = 0;
  for (int k = 0; k < 4; ++k) {
    b[k] = scalar(st, keys[k], 1.0, std::nullopt);  // the deck's units
    given += b[k].has_value();
  }
  if (given != 0 && given != 4) {
    error(st, 0, "PLANE needs all of XMIN, XMAX, YMIN and YMAX, or none (an unbounded plane)");
    return true;
  }
  ContactGeometry plane{ContactGeometry::Kind::Plane, *integer(st, *rm, 0), 0.0, 0.0, std::nullopt};
  const Marker& rmMarker = *std::as_const(m_model).marker(*ref);
  const Mat3 rmAxes = rmMarker.localOrientation().value_or(Mat3::Identity());
  if (given == 0) {
    graphicsNote(st, 0, "an unbounded PLANE is not drawn");
    ContactSolid half;  // the half-space under RM's xy plane
    half.kind = ContactSolidKind::Plane;
    half.position = rmMarker.position;
    half.orientation = matrixToEuler313(rmAxes);
    recordGraphicsSolid(st, *ref, half);
  } else {
    if (!(*b[0] < *b[1] && *b[2] < *b[3])) {
      error(st, 0, "PLANE needs XMIN < XMAX and YMIN < YMAX");
      return true;
    }
    plane.bounds = std::array<double, 4>{*b[0], *b[1], *b[2], *b[3]};
    const double u = m_u.length;
    Geometry g;
    g.kind = GeometryKind::Box;
    const double thickness = 0.01 * std::max(*b[1] - *b[0], *b[3] - *b[2]) * u;
    g.size = Vec3((*b[1] - *b[0]) * u, (*b[3] - *b[2]) * u, thickness);
    const Vec3 centre(0.5 * (*b[0] + *b[1]) * u, 0.5 * (*b[2] + *b[3]) * u, -0.5 * thickness);
    const Marker& m = *std::as_const(m_model).marker(*ref);
    const Mat3 r = m.localOrientation().value_or(Mat3::Identity());
    g.position = m.position + r * centre;
    g.orientation = matrixToEuler313(r);
    m_model.part(m.part)->geometry.push_back(g);
    // As contact geometry: the rectangle's slab, as deep as it is wide, its top face the plane.
    ContactSolid slab;
    slab.kind = ContactSolidKind::Box;
    const double depth = std::max(g.size.x(), g.size.y());
    slab.size = Vec3(g.size.x(), g.size.y(), depth);
    slab.position = m.position + r * Vec3(centre.x(), centre.y(), -0.5 * depth);
    slab.orientation = g.orientation;
    recordGraphicsSolid(st, *ref, slab);
  }
  if (st.id)
    m_contactGeometry[*st.id] = plane;
  return given != 0;
}

// OUTLINE = m1, m2, ...: a polyline through marker origins, drawn as thin links on their part.
bool Importer::graphicsOutline(const Statement& st, const Argument& outline)
{
  std::vector<Vec3> points;
  PartId part;
  for (std::size_t k = 0; k < outline.values.size(); ++k) {
    const auto id = integer(st, outline, k);
    if (!id)
      return true;
    const auto it = m_markers.find(*id);
    if (it == m_markers.end()) {
      error(st, outline.line, "OUTLINE: MARKER/" + std::to_string(*id) + " does not exist");
      return true;
    }
    const Marker& m = *std::as_const(m_model).marker(it->second);
    if (k > 0 && m.part != part) {
      graphicsNote(st, outline.line, "an OUTLINE over several parts is not drawn");
      return false;
    }
    part = m.part;
    points.push_back(m.position);
  }
  double length = 0.0;
  for (std::size_t k = 1; k < points.size(); ++k)
    length += (points[k] - points[k - 1]).norm();
  for (std::size_t k = 1; k < points.size(); ++k) {
    Geometry g;
    g.kind = GeometryKind::Link;
    g.point1 = points[k - 1];
    g.point2 = points[k];
    g.radius = 0.01 * length;  // a line: thin against the outline
    m_model.part(part)->geometry.push_back(g);
  }
  return true;
}

}  // namespace mbs::core::adm
