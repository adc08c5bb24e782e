// Adams CURVE (a B-spline from a MATRIX of points) and PTCV (point-to-curve constraint), read into
// point-to-curve joints (docs/adams-interop.md, "Curves and point-to-curve joints").
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
  const Argument* curveArg = arg(st, "CURVE");
  if (!curveArg) {
    error(st, 0, "PTCV needs CURVE = id");
    return;
  }
  const auto curveId = integer(st, *curveArg, 0);
  if (!i || !rm || !jfloat || !curveId)
    return;
  if (m_failedCurves.count(*curveId)) {
    // Dropped with its curve (--allow-unsupported), or one more error.
    m_failed.insert(&st);
    refuse(st, curveArg->line,
           "PTCV cannot be imported: its curve was not (see CURVE/" + std::to_string(*curveId) + ")");
    return;
  }
  const auto found = m_curves.find(*curveId);
  if (found == m_curves.end()) {
    error(st, curveArg->line, "CURVE: CURVE/" + std::to_string(*curveId) + " does not exist");
    return;
  }
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
  j.curve = found->second;
  m_curveSources[*curveId].used = true;
  if (const auto disp = vector(st, "DISP", m_u.length)) {
    Vec3 local = *disp;
    if (const auto icm = markerRef(st, "ICM", false)) {
      if (m_model.partOf(*icm) != m_model.partOf(*rm)) {
        error(st, 0, "the ICM marker must be on the RM marker's part");
        return;
      }
      // DISP in ICM's axes → RM's axes.
      const Vec3 global = m_model.markerGlobalPosition(*icm) + m_model.markerGlobalOrientation(*icm) * local;
      local = m_model.markerGlobalOrientation(*rm).transpose() * (global - m_model.markerGlobalPosition(*rm));
    }
    j.curveStart = std::array<double, 3>{local.x(), local.y(), local.z()};
  } else if (arg(st, "ICM")) {
    warn(st, 0, "ICM is not used without DISP");
  }
  if (const auto vel = scalar(st, "VEL", m_u.velocity(), std::nullopt))
    j.curveVelocity = *vel;
  j.id = add(j);
  m_elements[label(st)] = EntityRef(j.id);
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
      warn(*source.statement, 0,
           "CURVE/" + std::to_string(id) + " is not used by a PTCV or a CURVE function: not imported");
  }
  std::erase_if(m_model.matrices, [&](const DataMatrix& m) { return m_curveMatrices.count(m.name) > 0; });
}

}  // namespace mbs::core::adm
