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
