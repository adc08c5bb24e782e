// BEAM and FIELD statements (docs/adams-interop.md; the force law: docs/solver-notes.md,
// "Beams and fields").
#include "AdmImporter.hpp"

#include <algorithm>
#include <cctype>

namespace mbs::core::adm {
namespace {

// SI factor of entry (r, c) of a 6×6 matrix in the deck's units: rows force/torque, columns
// length/angle, damping per time as well.
double matrixScale(const UnitSystem& u, int r, int c, bool damping)
{
  return (r < 3 ? u.force : u.torque()) / (c < 3 ? u.length : u.angle) * (damping ? u.time : 1.0);
}

std::string upperCase(std::string s)
{
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::toupper(c)); });
  return s;
}

}  // namespace

// The n values of a matrix argument in the deck's units, or nullopt after an error.
std::optional<std::vector<double>> Importer::values(const Statement& st, const char* key, std::size_t count)
{
  const Argument* a = arg(st, key);
  if (!a)
    return std::vector<double>();
  if (a->values.size() != count) {
    error(st, a->line,
          std::string(key) + ": expected " + std::to_string(count) + " values, got " +
              std::to_string(a->values.size()));
    return std::nullopt;
  }
  std::vector<double> out(count);
  for (std::size_t k = 0; k < count; ++k) {
    const auto v = number(st, *a, k, 1.0);
    if (!v)
      return std::nullopt;
    out[k] = *v;
  }
  return out;
}

void Importer::beam(const Statement& st)
{
  Force f;
  f.kind = ForceKind::Beam;
  f.name = nameFor(st, "BEAM");
  const auto i = markerRef(st, "I", true), j = markerRef(st, "J", true);
  if (!i || !j)
    return;
  f.iMarker = *i;
  f.jMarker = *j;
  if (const Argument* form = arg(st, "FORMULATION")) {
    const std::string value = form->values.empty() ? std::string() : upperCase(form->values[0]);
    if (value != "LINEAR") {
      refuse(st, form->line,
             label(st) + ": FORMULATION = " + value +
                 " (a nonlinear beam) cannot be imported: only the linear Timoshenko beam is modelled");
      return;
    }
  }
  const double l = m_u.length, pressure = m_u.force / (l * l);
  struct Required {
    const char* key;
    double scale;
    double* out;
  };
  const Required required[] = {{"LENGTH", l, &f.beam.length},
                               {"AREA", l * l, &f.beam.area},
                               {"IXX", l * l * l * l, &f.beam.ixx},
                               {"IYY", l * l * l * l, &f.beam.iyy},
                               {"IZZ", l * l * l * l, &f.beam.izz},
                               {"EMODULUS", pressure, &f.beam.youngsModulus},
                               {"GMODULUS", pressure, &f.beam.shearModulus}};
  bool complete = true;
  for (const Required& r : required) {
    const auto v = scalar(st, r.key, r.scale, std::nullopt);
    if (!v) {
      if (!arg(st, r.key))
        error(st, 0, "BEAM needs " + std::string(r.key) + "=");
      complete = false;
      continue;
    }
    *r.out = *v;
  }
  f.beam.shearAreaRatioY = scalar(st, "ASY", 1.0, 0.0).value_or(0.0);
  f.beam.shearAreaRatioZ = scalar(st, "ASZ", 1.0, 0.0).value_or(0.0);
  f.dampingRatio = scalar(st, "CRATIO", m_u.time, 0.0).value_or(0.0);
  // CMATRIX: the 21 entries of the symmetric matrix's lower triangle, column by column.
  const auto c = values(st, "CMATRIX", 21);
  if (!c || !complete)
    return;
  if (!c->empty()) {
    if (arg(st, "CRATIO")) {
      error(st, 0, "BEAM takes CMATRIX or CRATIO, not both");
      return;
    }
    std::size_t n = 0;
    for (int col = 0; col < 6; ++col)
      for (int row = col; row < 6; ++row) {
        const double v = (*c)[n++] * matrixScale(m_u, row, col, true);
        f.dampingMatrix[6 * row + col] = f.dampingMatrix[6 * col + row] = v;
      }
  }
  f.id = add(f);
  m_elements[label(st)] = EntityRef(f.id);
}

void Importer::field(const Statement& st)
{
  Force f;
  f.kind = ForceKind::Field;
  f.name = nameFor(st, "FIELD");
  const auto i = markerRef(st, "I", true), j = markerRef(st, "J", true);
  if (!i || !j)
    return;
  f.iMarker = *i;
  f.jMarker = *j;
  // KMATRIX and CMATRIX: 36 entries, column by column.
  const auto k = values(st, "KMATRIX", 36), c = values(st, "CMATRIX", 36);
  if (!k || !c)
    return;
  for (int n = 0; n < 36 && !k->empty(); ++n)
    f.stiffnessMatrix[6 * (n % 6) + n / 6] = (*k)[n] * matrixScale(m_u, n % 6, n / 6, false);
  for (int n = 0; n < 36 && !c->empty(); ++n)
    f.dampingMatrix[6 * (n % 6) + n / 6] = (*c)[n] * matrixScale(m_u, n % 6, n / 6, true);
  if (arg(st, "CRATIO")) {
    if (k->empty() || !c->empty()) {
      error(st, 0,
            k->empty() ? "FIELD: CRATIO needs KMATRIX (the damping is CRATIO × KMATRIX)"
                       : "FIELD takes CMATRIX or CRATIO, not both");
      return;
    }
    f.dampingRatio = scalar(st, "CRATIO", m_u.time, 0.0).value_or(0.0);
  }
  // LENGTH: x, y, z in lengths, a, b, c in radians (or degrees with D); FORCE: 3 forces, 3 torques.
  for (const char* key : {"LENGTH", "FORCE"}) {
    const Argument* a = arg(st, key);
    if (!a)
      continue;
    if (a->values.size() != 6) {
      error(st, a->line, std::string(key) + ": expected 6 values, got " + std::to_string(a->values.size()));
      return;
    }
    const bool length = std::string(key) == "LENGTH";
    for (int n = 0; n < 6; ++n) {
      const double scale = length ? m_u.length : (n < 3 ? m_u.force : m_u.torque());
      const auto v = number(st, *a, n, scale, length && n >= 3);
      if (!v)
        return;
      (length ? f.reference : f.preload6)[n] = *v;
    }
  }
  f.id = add(f);
  m_elements[label(st)] = EntityRef(f.id);
}

}  // namespace mbs::core::adm

namespace mbs::core::adm {

// The MATRIX named by argument `key` (its id), row-major in the deck's units: empty if the
// argument is absent, nullopt after an error. A vector (columns = 1) may be given as a row too.
std::optional<std::vector<double>> Importer::matrixArgument(const Statement& st, const char* key,
                                                            std::size_t rows, std::size_t columns)
{
  const Argument* a = arg(st, key);
  if (!a)
    return std::vector<double>();
  const auto id = integer(st, *a, 0);
  if (!id)
    return std::nullopt;
  const auto name = m_matrixNames.find(*id);
  const DataMatrix* m = nullptr;
  for (const DataMatrix& candidate : m_model.matrices)
    if (name != m_matrixNames.end() && candidate.name == name->second)
      m = &candidate;
  if (!m) {
    error(st, a->line, std::string(key) + ": MATRIX/" + std::to_string(*id) + " does not exist");
    return std::nullopt;
  }
  const bool vectorForm = columns == 1 && std::size_t(m->rows) * std::size_t(m->columns) == rows &&
                          (m->rows == 1 || m->columns == 1);
  if (!vectorForm && (std::size_t(m->rows) != rows || std::size_t(m->columns) != columns)) {
    error(st, a->line,
          std::string(key) + ": MATRIX/" + std::to_string(*id) + " is " + std::to_string(m->rows) + " x " +
              std::to_string(m->columns) + "; this NFORCE needs " + std::to_string(rows) + " x " +
              std::to_string(columns));
    return std::nullopt;
  }
  m_nforceMatrices.insert(m->name);
  return m->values;
}

// NFORCE (docs/adams-interop.md): IMARKERS, J, KMATRIX (6n × 6n), CMATRIX or CRATIO, LENGTH (the
// I markers' reference translations from J, 3n × 1 as Adams documents it; a 6n × 1 matrix with
// the reference angles too is read as well) and FORCE (the preloads, 6n × 1), all in J's axes.
void Importer::nforce(const Statement& st)
{
  Force f;
  f.kind = ForceKind::MultiPoint;
  f.name = nameFor(st, "NFORCE");
  const Argument* list = arg(st, "IMARKERS");
  const auto j = markerRef(st, "J", true);
  if (!list) {
    error(st, 0, "NFORCE needs IMARKERS=");
    return;
  }
  if (!j)
    return;
  if (list->values.empty() || list->values.size() > 350) {
    error(st, list->line, "IMARKERS: 1 to 350 markers, not " + std::to_string(list->values.size()));
    return;
  }
  MultiPointData d;
  for (std::size_t k = 0; k < list->values.size(); ++k) {
    const auto id = integer(st, *list, k);
    if (!id)
      return;
    const auto it = m_markers.find(*id);
    if (it == m_markers.end()) {
      error(st, list->line, "IMARKERS: MARKER/" + std::to_string(*id) + " does not exist");
      return;
    }
    if (it->second == *j) {
      error(st, list->line, "IMARKERS: MARKER/" + std::to_string(*id) + " is the J marker");
      return;
    }
    d.iMarkers.push_back(it->second);
  }
  const std::size_t n = d.iMarkers.size(), size = 6 * n;
  if (!arg(st, "KMATRIX")) {
    error(st, 0, "NFORCE needs KMATRIX=");
    return;
  }
  const auto k = matrixArgument(st, "KMATRIX", size, size), c = matrixArgument(st, "CMATRIX", size, size);
  const auto p = matrixArgument(st, "FORCE", size, 1);
  if (!k || !c || !p)
    return;
  if (!c->empty() && arg(st, "CRATIO")) {
    error(st, 0, "NFORCE takes CMATRIX or CRATIO, not both");
    return;
  }
  f.dampingRatio = scalar(st, "CRATIO", m_u.time, 0.0).value_or(0.0);
  d.stiffness.resize(size * size);
  for (std::size_t r = 0; r < size; ++r)
    for (std::size_t col = 0; col < size; ++col)
      d.stiffness[size * r + col] = (*k)[size * r + col] * matrixScale(m_u, int(r % 6), int(col % 6), false);
  if (!c->empty()) {
    d.damping.resize(size * size);
    for (std::size_t r = 0; r < size; ++r)
      for (std::size_t col = 0; col < size; ++col)
        d.damping[size * r + col] = (*c)[size * r + col] * matrixScale(m_u, int(r % 6), int(col % 6), true);
  }
  for (std::size_t r = 0; r < p->size(); ++r)
    d.preload.push_back((*p)[r] * (r % 6 < 3 ? m_u.force : m_u.torque()));
  if (const Argument* length = arg(st, "LENGTH")) {
    // 3n translations (Adams' form) or 6n translations and angles.
    const auto id = integer(st, *length, 0);
    const auto name = id ? m_matrixNames.find(*id) : m_matrixNames.end();
    std::size_t entries = 3 * n;
    for (const DataMatrix& m : m_model.matrices)
      if (name != m_matrixNames.end() && m.name == name->second &&
          std::size_t(m.rows) * std::size_t(m.columns) == size)
        entries = size;
    const auto l = matrixArgument(st, "LENGTH", entries, 1);
    if (!l)
      return;
    d.reference.assign(size, 0.0);
    for (std::size_t r = 0; r < size; ++r) {
      const bool translation = r % 6 < 3;
      if (entries == size)
        d.reference[r] = (*l)[r] * (translation ? m_u.length : m_u.angle);
      else if (translation)
        d.reference[r] = (*l)[3 * (r / 6) + r % 6] * m_u.length;
    }
  }
  f.iMarker = d.iMarkers.front();
  f.jMarker = *j;
  f.multiPoint = std::move(d);
  f.id = add(f);
  m_elements[label(st)] = EntityRef(f.id);
}

}  // namespace mbs::core::adm
