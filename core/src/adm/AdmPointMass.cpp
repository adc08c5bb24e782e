// POINT_MASS (docs/adams-interop.md, "Point masses"): a mass with three translational degrees of
// freedom (Part::pointMass), its markers (MARKER/POINT_MASS=), and the refusal of the elements
// Adams does not apply to a point mass.
#include "AdmImporter.hpp"

#include <sstream>
#include <utility>

namespace mbs::core::adm {

void Importer::pointMass(const Statement& st)
{
  if (!st.id) {
    error(st, 0, "POINT_MASS needs an id");
    return;
  }
  if (m_pointMasses.count(*st.id)) {
    error(st, 0, "duplicate POINT_MASS/" + std::to_string(*st.id));
    return;
  }
  Part p;
  p.pointMass = true;
  p.name = nameFor(st, "POINT_MASS");
  const auto mass = scalar(st, "MASS", m_u.mass, 0.0);
  if (!mass)
    return;
  if (!(*mass > 0.0)) {
    error(st, 0, label(st) + ": MASS must be positive (Adams' range for a point mass)");
    return;
  }
  p.mass = *mass;
  p.inertia = {0, 0, 0, 0, 0, 0};
  if (!partFrame(st, p))
    return;
  const char* velocity[] = {"VX", "VY", "VZ"};
  for (int a = 0; a < 3; ++a) {
    p.velocity[a] = scalar(st, velocity[a], m_u.velocity(), 0.0).value_or(0.0);
    p.velocityExact[a] = arg(st, velocity[a]) != nullptr;
  }
  if (const Argument* ex = arg(st, "EXACT")) {
    std::stringstream ss(ex->values[0]);
    std::string c;
    while (std::getline(ss, c, ':')) {
      if (c == "X" || c == "Y" || c == "Z")
        p.positionExact[c[0] - 'X'] = true;
      else
        error(st, ex->line, "EXACT: unknown coordinate '" + c + "' (a point mass has X, Y and Z)");
    }
  }
  arg(st, "CM");  // resolved after the markers (pointMassCm)
  p.id = add(p);
  m_pointMasses[*st.id] = p.id;
}

void Importer::pointMassCm(const Statement& st)
{
  if (!st.id || !m_pointMasses.count(*st.id))
    return;
  Part& p = *m_model.part(m_pointMasses[*st.id]);
  if (const auto cm = markerRef(st, "CM", false)) {
    if (std::as_const(m_model).marker(*cm)->part != p.id) {
      error(st, 0, "CM marker is not on " + label(st));
      return;
    }
    p.cmMarker = *cm;
  }
}

// Adams applies ACCGRAV, translational SFORCE, translational SPRINGDAMPER and VFORCE to a point mass
// (its reference); a joint, motion or any other force with a marker on one is refused, naming both.
void Importer::refuseLoadsOnPointMasses(const Deck& deck)
{
  if (m_pointMasses.empty())
    return;
  std::map<PartId, long> pointMassOf;
  for (const auto& [id, part] : m_pointMasses)
    pointMassOf[part] = id;
  static const char* const kMarkerKeys[] = {"I", "J", "JFLOAT", "IMARKERS"};
  for (const Statement& st : deck.statements) {
    const std::string& n = st.name;
    const bool translational = (n == "SFORCE" || n == "SPRINGDAMPER") && !flag(st, "ROTATIONAL");
    const bool element = n == "JOINT" || n == "JPRIM" || n == "MOTION" || n == "BUSHING" || n == "BEAM" ||
                         n == "FIELD" || n == "NFORCE" || n == "GFORCE" || n == "VTORQUE" || n == "CONTACT" ||
                         n == "SFORCE" || n == "SPRINGDAMPER" || n == "FRICTION";
    if (!element || translational || m_failed.count(&st))
      continue;
    bool refused = false;
    for (const char* key : kMarkerKeys) {
      const Argument* a = arg(st, key);
      for (std::size_t k = 0; a && !refused && k < a->values.size(); ++k) {
        const auto id = integer(st, *a, k);
        const auto marker = id ? m_markers.find(*id) : m_markers.end();
        if (marker == m_markers.end())
          continue;
        const Marker* m = std::as_const(m_model).marker(marker->second);
        const auto on = m ? pointMassOf.find(m->part) : pointMassOf.end();
        if (on == pointMassOf.end())
          continue;
        error(st, a->line,
              label(st) + " acts on POINT_MASS/" + std::to_string(on->second) + " (MARKER/" +
                  std::to_string(*id) +
                  "): Adams applies only ACCGRAV, translational SFORCE, translational SPRINGDAMPER and "
                  "VFORCE to "
                  "a point mass, which has no rotation");
        refused = true;
      }
    }
  }
}

}  // namespace mbs::core::adm
