// Adams CURVE (a B-spline from a MATRIX of points), PTCV (point-to-curve constraint) and CVCV
// (curve-to-curve constraint), read into point-to-curve and curve-to-curve joints
// (docs/adams-interop.md, "Curves and point-to-curve joints").
#include <cmath>
#include <tuple>

#include "AdmImporter.hpp"
#include "mbs/solver/Curve.hpp"

namespace mbs::core::adm {

// CURVE/id, MATRIX = m [, CURVE_POINTS] [, CLOSED] [, ORDER = k]: the MATRIX holds one point a row
// (x, y, z in the deck's length unit, the RM marker's axes of the joints using it).
void Importer::curve(const Statement& st)
{
  if (!st.id || m_curves.count(*st.id) || m_failedCurves.count(*st.id)) {
    error(st, 0, st.id ? "duplicate " + label(st) : "CURVE needs an id");
    return;
  }
  auto fail = [&](int line, const std::string& reason) {
    m_failedCurves.insert(*st.id);
    error(st, line, reason);
  };
  if (arg(st, "FUNCTION")) {
    m_failedCurves.insert(*st.id);
    refuse(st, 0,
           "CURVE with FUNCTION = USER(...) is computed by a user subroutine (CURSUB), which cannot be run");
    return;
  }
  const Argument* matrixArg = arg(st, "MATRIX");
  if (!matrixArg)
    return fail(0, "CURVE needs MATRIX = id (the curve's points)");
  const DataMatrix* m = elementMatrix(st, "MATRIX");
  if (!m) {
    m_failedCurves.insert(*st.id);
    return;
  }
  if (m->columns != 3)
    return fail(matrixArg->line, "MATRIX/" + matrixArg->values[0] +
                                     " must have three columns (x, y, z), not " + std::to_string(m->columns));
  JointCurve c;
  c.closed = flag(st, "CLOSED");
  c.throughPoints = flag(st, "CURVE_POINTS");
  if (const Argument* order = arg(st, "ORDER")) {
    const auto k = integer(st, *order, 0);
    if (!k) {
      m_failedCurves.insert(*st.id);
      return;
    }
    c.order = int(*k);
  }
  arg(st, "MINPAR");  // (ignored with a warning: the table's reason)
  arg(st, "MAXPAR");
  JointCurve asWritten = c;
  for (int r = 0; r < m->rows; ++r) {
    asWritten.points.push_back({m->at(r, 0), m->at(r, 1), m->at(r, 2)});
    c.points.push_back({m->at(r, 0) * m_u.length, m->at(r, 1) * m_u.length, m->at(r, 2) * m_u.length});
  }
  const solver::Curve check = makeCurve(c);
  if (!check.valid())
    return fail(0, check.problem());
  m_curveSources[*st.id] = {&st, m->name, false, std::move(asWritten), {}};
  m_curves[*st.id] = std::move(c);
}

// PTCV/id, I = i, JFLOAT = f, CURVE = c, RM = r [, DISP = x, y, z [, ICM = m]] [, VEL = v].
void Importer::pointCurve(const Statement& st)
{
  if (!st.id || m_elements.count(label(st))) {
    error(st, 0, st.id ? "duplicate " + label(st) : "PTCV needs an id");
    return;
  }
  Joint j;
  j.kind = JointKind::PointCurve;
  j.name = nameFor(st, "PTCV");
  const auto i = markerRef(st, "I", true);
  const auto rm = markerRef(st, "RM", true);
  const auto jfloat = markerRef(st, "JFLOAT", true);
  const JointCurve* curve = jointCurve(st, "CURVE");
  if (!i || !rm || !jfloat || !curve)
    return;
  if (m_model.partOf(*i) == m_model.partOf(*rm)) {
    error(st, 0, "the I and RM markers must belong to different parts");
    return;
  }
  const Marker* floating = m_model.marker(*jfloat);
  if (!floating || !floating->floating || m_model.partOf(*jfloat) != m_model.partOf(*rm)) {
    error(st, 0, "JFLOAT must be a floating marker (MARKER/…, FLOATING) on the RM marker's part");
    return;
  }
  j.iMarker = *i;
  j.jMarker = *rm;
  j.floatingMarker = *jfloat;
  j.curve = *curve;
  if (!contactStart(st, "DISP", "ICM", "RM", *rm, j.curveStart))
    return;
  if (const auto vel = scalar(st, "VEL", m_u.velocity(), std::nullopt))
    j.curveVelocity = *vel;
  j.id = add(j);
  m_elements[label(st)] = EntityRef(j.id);
}

// CVCV/id, ICURVE = c, IRM = r, IFLOAT = f, JCURVE = c, JRM = r, JFLOAT = f [, IDISP = x, y, z
// [, IICM = m]] [, JDISP = x, y, z [, JICM = m]] [, IVEL = v] [, JVEL = v].
void Importer::curveCurve(const Statement& st)
{
  if (!st.id || m_elements.count(label(st))) {
    error(st, 0, st.id ? "duplicate " + label(st) : "CVCV needs an id");
    return;
  }
  Joint j;
  j.kind = JointKind::CurveCurve;
  j.name = nameFor(st, "CVCV");
  const auto irm = markerRef(st, "IRM", true), jrm = markerRef(st, "JRM", true);
  const auto ifloat = markerRef(st, "IFLOAT", true), jfloat = markerRef(st, "JFLOAT", true);
  const JointCurve* iCurve = jointCurve(st, "ICURVE");
  const JointCurve* jCurve = jointCurve(st, "JCURVE");
  if (!irm || !jrm || !ifloat || !jfloat || !iCurve || !jCurve)
    return;
  if (m_model.partOf(*irm) == m_model.partOf(*jrm)) {
    error(st, 0, "the IRM and JRM markers must belong to different parts");
    return;
  }
  for (const auto& [floatId, rm, key] :
       {std::tuple{*ifloat, *irm, "IFLOAT"}, std::tuple{*jfloat, *jrm, "JFLOAT"}}) {
    const Marker* floating = m_model.marker(floatId);
    if (!floating || !floating->floating || m_model.partOf(floatId) != m_model.partOf(rm)) {
      error(st, 0,
            std::string(key) + " must be a floating marker (MARKER/…, FLOATING) on the " + key[0] +
                "RM marker's part");
      return;
    }
  }
  // Both curves lie in their RM marker's xy plane (Adams): a curve off it has no contact there.
  for (const auto& [curve, key] : {std::pair{iCurve, "ICURVE"}, std::pair{jCurve, "JCURVE"}})
    for (const auto& p : curve->points)
      if (std::abs(p[2]) > 1e-9 * (1.0 + std::abs(p[0]) + std::abs(p[1]))) {
        error(st, arg(st, key)->line,
              std::string(key) + ": a CVCV curve must lie in the xy plane of its " +
                  (key[0] == 'I' ? "IRM" : "JRM") + " marker (its points need z = 0)");
        return;
      }
  j.iMarker = *irm;
  j.jMarker = *jrm;
  j.iFloatingMarker = *ifloat;
  j.floatingMarker = *jfloat;
  j.iCurve = *iCurve;
  j.curve = *jCurve;
  if (!contactStart(st, "IDISP", "IICM", "IRM", *irm, j.iCurveStart) ||
      !contactStart(st, "JDISP", "JICM", "JRM", *jrm, j.curveStart))
    return;
  if (const auto vel = scalar(st, "IVEL", m_u.velocity(), std::nullopt))
    j.iCurveVelocity = *vel;
  if (const auto vel = scalar(st, "JVEL", m_u.velocity(), std::nullopt))
    j.curveVelocity = *vel;
  j.id = add(j);
  m_elements[label(st)] = EntityRef(j.id);
}

// The curve a PTCV or CVCV names by `key` (marked used), or null after an error.
const JointCurve* Importer::jointCurve(const Statement& st, const char* key)
{
  const Argument* curveArg = arg(st, key);
  if (!curveArg) {
    error(st, 0, st.name + " needs " + key + " = id");
    return nullptr;
  }
  const auto curveId = integer(st, *curveArg, 0);
  if (!curveId)
    return nullptr;
  if (m_failedCurves.count(*curveId)) {
    // Dropped with its curve (--allow-unsupported), or one more error.
    m_failed.insert(&st);
    refuse(st, curveArg->line,
           st.name + " cannot be imported: its curve was not (see CURVE/" + std::to_string(*curveId) + ")");
    return nullptr;
  }
  const auto found = m_curves.find(*curveId);
  if (found == m_curves.end()) {
    error(st, curveArg->line, std::string(key) + ": CURVE/" + std::to_string(*curveId) + " does not exist");
    return nullptr;
  }
  m_curveSources[*curveId].used = true;
  return &found->second;
}

// An initial contact point (DISP = x, y, z) in the RM marker's axes, or in the ICM marker's (on
// RM's part); false after an error.
bool Importer::contactStart(const Statement& st, const char* dispKey, const char* icmKey, const char* rmKey,
                            MarkerId rm, std::optional<std::array<double, 3>>& out)
{
  const auto disp = vector(st, dispKey, m_u.length);
  if (!disp) {
    if (arg(st, icmKey))
      warn(st, 0, std::string(icmKey) + " is not used without " + dispKey);
    return true;
  }
  Vec3 local = *disp;
  if (const auto icm = markerRef(st, icmKey, false)) {
    if (m_model.partOf(*icm) != m_model.partOf(rm)) {
      error(st, 0, "the " + std::string(icmKey) + " marker must be on the " + rmKey + " marker's part");
      return false;
    }
    // DISP in ICM's axes → RM's axes.
    const Vec3 global = m_model.markerGlobalPosition(*icm) + m_model.markerGlobalOrientation(*icm) * local;
    local = m_model.markerGlobalOrientation(rm).transpose() * (global - m_model.markerGlobalPosition(rm));
  }
  out = std::array<double, 3>{local.x(), local.y(), local.z()};
  return true;
}

// A function's CURVE(alpha, iord, comp, id) reads a data curve of the model with the deck's numbers
// (functions compute in the deck's units); a PTCV's curve is its joint's own, in metres.
std::optional<std::string> Importer::dataCurve(long id)
{
  const auto it = m_curveSources.find(id);
  if (it == m_curveSources.end())
    return std::nullopt;
  CurveSource& source = it->second;
  if (source.dataName.empty()) {
    source.dataName = nameFor(*source.statement, "CURVE");
    m_model.curves.push_back({source.dataName, source.asWritten, {}});
  }
  return source.dataName;
}

// A curve neither a PTCV nor a function uses is reference data nothing reads: a warning, and its
// MATRIX stays in the model's data. The MATRIX of a used one is part of its joints and data curve.
void Importer::unusedCurves()
{
  for (const auto& [id, source] : m_curveSources) {
    if (source.used || !source.dataName.empty())
      m_curveMatrices.insert(source.matrix);
    else
      warn(
          *source.statement, 0,
          "CURVE/" + std::to_string(id) + " is not used by a PTCV, a CVCV or a CURVE function: not imported");
  }
  std::erase_if(m_model.matrices, [&](const DataMatrix& m) { return m_curveMatrices.count(m.name) > 0; });
}

}  // namespace mbs::core::adm
