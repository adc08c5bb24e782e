// Forces of the Adams dataset writer (AdmWriter.hpp): SFORCE, GFORCE, VFORCE, VTORQUE,
// SPRINGDAMPER, BUSHING, BEAM, FIELD, NFORCE and CONTACT with its solids' GRAPHICS.
#include <algorithm>

#include "AdmWriter.hpp"

namespace mbs::core::adm {

void Writer::forces()
{
  for (const Force& f : m_model.forces()) {
    const std::string i = "I = " + std::to_string(markerId(f.iMarker));
    const std::string j = "J = " + std::to_string(f.jMarker ? markerId(f.jMarker) : groundOrigin());
    switch (f.kind) {
      case ForceKind::SingleForce:
      case ForceKind::SingleTorque: {
        Statement s{
            f.name, head(f.name), {f.kind == ForceKind::SingleForce ? "TRANSLATIONAL" : "ROTATIONAL", i, j}};
        if (f.actionOnly)
          s.args.push_back("ACTIONONLY");
        s.args.push_back("FUNCTION = " + expression(f.functions[0]));
        m_rest.push_back(s);
        break;
      }
      case ForceKind::General:
      case ForceKind::VectorForce:
      case ForceKind::VectorTorque: {
        const int first = f.kind == ForceKind::VectorTorque ? 3 : 0;
        const int last = f.kind == ForceKind::VectorForce ? 3 : 6;
        static const char* names[] = {"FX", "FY", "FZ", "TX", "TY", "TZ"};
        std::string components;
        for (int c = first; c < last; ++c)
          components += std::string(c > first ? "\\ " : "") + names[c] + " = " + expression(f.functions[c]);
        m_rest.push_back(
            {f.name,
             head(f.name),
             {i, "JFLOAT = " + std::to_string(f.jMarker ? markerId(f.jMarker) : groundOrigin()),
              "RM = " + std::to_string(f.referenceMarker ? markerId(f.referenceMarker) : groundOrigin()),
              components}});
        break;
      }
      case ForceKind::TranslationalSpringDamper:
        m_rest.push_back({f.name,
                          head(f.name),
                          {"TRANSLATIONAL", i, j, "K = " + num(f.stiffness), "C = " + num(f.damping),
                           "LENGTH = " + num(f.freeLength), "FORCE = " + num(f.preload)}});
        break;
      case ForceKind::RotationalSpringDamper:
        m_rest.push_back({f.name,
                          head(f.name),
                          {"ROTATIONAL", i, j, "KT = " + num(f.stiffness), "CT = " + num(f.damping),
                           "ANGLE = " + num(f.freeLength), "TORQUE = " + num(f.preload)}});
        break;
      case ForceKind::Bushing:
        m_rest.push_back({f.name,
                          head(f.name),
                          {i, j, "K = " + vec(f.translationalStiffness), "C = " + vec(f.translationalDamping),
                           "KT = " + vec(f.rotationalStiffness), "CT = " + vec(f.rotationalDamping),
                           "FORCE = " + vec(f.preloadForce), "TORQUE = " + vec(f.preloadTorque)}});
        break;
      case ForceKind::Beam:
      case ForceKind::Field:
        linearField(f, i, j, head(f.name));
        break;
      case ForceKind::Contact:
        if (f.contact)
          contact(f, head(f.name));
        break;
      case ForceKind::MultiPoint:
        if (f.multiPoint)
          multiPoint(f, j, head(f.name));
        break;
    }
  }
}

// NFORCE in SI: its matrices as MATRIX statements numbered after the model's own; LENGTH as
// Adams' 3n translations (docs/adams-interop.md), so rotational references cannot be written.
void Writer::multiPoint(const Force& f, const std::string& j, const std::string& head)
{
  const MultiPointData& d = *f.multiPoint;
  const std::size_t n = d.iMarkers.size(), size = 6 * n;
  for (std::size_t k = 0; k < d.reference.size(); ++k)
    if (k % 6 >= 3 && d.reference[k] != 0.0) {
      error(f.name, "an NFORCE's LENGTH holds translations only; this one has rotational references");
      return;
    }
  auto matrix = [&](const std::vector<double>& values, std::size_t rows, std::size_t columns) {
    const long id = long(m_model.matrices.size()) + ++m_extraMatrices;
    m_rest.push_back({"",
                      "MATRIX/" + std::to_string(id),
                      {"FULL = RORDER", "ROWS = " + std::to_string(rows),
                       "COLUMNS = " + std::to_string(columns), numberList("VALUES", values)}});
    return std::to_string(id);
  };
  std::string markers = "IMARKERS = ";
  for (std::size_t k = 0; k < n; ++k)
    markers += (k > 0 ? (k % 8 == 0 ? "\n, " : ", ") : "") + std::to_string(markerId(d.iMarkers[k]));
  Statement s{f.name, head, {markers, j, "KMATRIX = " + matrix(d.stiffness, size, size)}};
  if (!d.damping.empty())
    s.args.push_back("CMATRIX = " + matrix(d.damping, size, size));
  if (f.dampingRatio != 0.0)
    s.args.push_back("CRATIO = " + num(f.dampingRatio));
  if (!d.reference.empty()) {
    std::vector<double> translations;
    for (std::size_t k = 0; k < d.reference.size(); ++k)
      if (k % 6 < 3)
        translations.push_back(d.reference[k]);
    s.args.push_back("LENGTH = " + matrix(translations, 3 * n, 1));
  }
  if (!d.preload.empty())
    s.args.push_back("FORCE = " + matrix(d.preload, size, 1));
  m_rest.push_back(s);
}

// BEAM and FIELD in SI: the matrices column by column (Adams' order); a
// BEAM's CMATRIX is the lower triangle of its symmetric damping matrix.
void Writer::linearField(const Force& f, const std::string& i, const std::string& j, const std::string& head)
{
  Statement s{f.name, head, {i, j}};
  // Adams reads 80 columns: two values on the key's line, three on each line after it.
  auto list = [&](const std::string& key, const std::vector<double>& values) {
    std::string line = key + " = ";
    for (std::size_t k = 0; k < values.size(); ++k) {
      line += num(values[k]);
      const bool full = k == 1 || (k > 1 && (k - 1) % 3 == 0);
      if (k + 1 < values.size() && full) {
        s.args.push_back(line);
        line.clear();
      } else if (k + 1 < values.size()) {
        line += ", ";
      }
    }
    s.args.push_back(line);
  };
  auto matrix = [&](const char* key, const Matrix6& m, bool lowerTriangle) {
    std::vector<double> values;
    for (int c = 0; c < 6; ++c)
      for (int r = lowerTriangle ? c : 0; r < 6; ++r)
        values.push_back(m[6 * r + c]);
    list(key, values);
  };
  const bool damped =
      std::any_of(f.dampingMatrix.begin(), f.dampingMatrix.end(), [](double v) { return v != 0.0; });
  if (f.kind == ForceKind::Beam) {
    const BeamSection& b = f.beam;
    s.args.insert(s.args.end(), {"LENGTH = " + num(b.length), "IXX = " + num(b.ixx), "IYY = " + num(b.iyy),
                                 "IZZ = " + num(b.izz), "AREA = " + num(b.area),
                                 "ASY = " + num(b.shearAreaRatioY), "ASZ = " + num(b.shearAreaRatioZ),
                                 "EMODULUS = " + num(b.youngsModulus), "GMODULUS = " + num(b.shearModulus)});
    for (int r = 0; r < 6 && damped; ++r)
      for (int c = 0; c < r; ++c)
        if (f.dampingMatrix[6 * r + c] != f.dampingMatrix[6 * c + r]) {
          error(f.name, "a BEAM's damping matrix (CMATRIX) is symmetric; this one is not");
          return;
        }
    if (damped)
      matrix("CMATRIX", f.dampingMatrix, true);
  } else {
    matrix("KMATRIX", f.stiffnessMatrix, false);
    if (damped)
      matrix("CMATRIX", f.dampingMatrix, false);
    list("LENGTH", std::vector<double>(f.reference.begin(), f.reference.end()));
    list("FORCE", std::vector<double>(f.preload6.begin(), f.preload6.end()));
  }
  if (f.dampingRatio != 0.0)
    s.args.push_back("CRATIO = " + num(f.dampingRatio));
  m_rest.push_back(s);
}

// A contact between solids: its solids as GRAPHICS on added markers (Adams' placement: cylinders
// and frusta from their base, boxes from a corner), then CONTACT with the law and friction (SI).
void Writer::contact(const Force& f, const std::string& label)
{
  const ContactParameters& c = *f.contact;
  std::string geometry[2];
  for (int side = 0; side < 2; ++side) {
    const PartId part = m_model.marker(side == 0 ? f.iMarker : f.jMarker)->part;
    for (const ContactSolid& solid : side == 0 ? c.iSolids : c.jSolids) {
      const Mat3 r = euler313ToMatrix(solid.orientation);
      const std::string base = f.name + "_solid";
      Statement g{"", "GRAPHICS/" + std::to_string(m_graphics.size() + 1), {}};
      switch (solid.kind) {
        case ContactSolidKind::Cylinder:
        case ContactSolidKind::Frustum: {
          const long cm = addMarker(part, base, solid.position - r * Vec3(0, 0, 0.5 * solid.length), r);
          if (solid.kind == ContactSolidKind::Cylinder)
            g.args = {"CYLINDER", "CM = " + std::to_string(cm), "LENGTH = " + num(solid.length),
                      "RADIUS = " + num(solid.radius)};
          else
            g.args = {"FRUSTUM", "CM = " + std::to_string(cm), "LENGTH = " + num(solid.length),
                      "TOP = " + num(solid.topRadius), "BOTTOM = " + num(solid.radius)};
          break;
        }
        case ContactSolidKind::Box:
          g.args = {
              "BOX",
              "CORNER = " + std::to_string(addMarker(part, base, solid.position - r * (0.5 * solid.size), r)),
              "X = " + num(solid.size.x()), "Y = " + num(solid.size.y()), "Z = " + num(solid.size.z())};
          break;
        case ContactSolidKind::Sphere:
        case ContactSolidKind::Ellipsoid: {
          const Vec3 d = solid.kind == ContactSolidKind::Sphere ? Vec3(Vec3::Constant(2 * solid.radius))
                                                                : Vec3(2 * solid.size);
          g.args = {"ELLIPSOID", "CM = " + std::to_string(addMarker(part, base, solid.position, r)),
                    "XSCALE = " + num(d.x()), "YSCALE = " + num(d.y()), "ZSCALE = " + num(d.z())};
          break;
        }
        case ContactSolidKind::Plane:
          g.args = {"PLANE", "RM = " + std::to_string(addMarker(part, base, solid.position, r))};
          break;
        case ContactSolidKind::Torus:
          g.args = {"TORUS", "CM = " + std::to_string(addMarker(part, base, solid.position, r)),
                    "MAJOR_RADIUS = " + num(solid.radius), "MINOR_RADIUS = " + num(solid.minorRadius)};
          break;
        default:
          m_out.errors.push_back({{},
                                  0,
                                  {},
                                  f.name,
                                  "contact '" + f.name + "': its " + toString(solid.kind) + " solid '" +
                                      solid.name + "' has no GRAPHICS form this export writes"});
          continue;
      }
      geometry[side] += (geometry[side].empty() ? "" : ", ") + g.head.substr(g.head.find('/') + 1);
      m_graphics.push_back(g);
    }
  }
  Statement s{f.name, label, {"IGEOM = " + geometry[0], "JGEOM = " + geometry[1]}};
  if (c.law == ContactLaw::Impact) {
    s.args.insert(s.args.end(), {"IMPACT", "STIFFNESS = " + num(c.stiffness), "EXPONENT = " + num(c.exponent),
                                 "DAMPING = " + num(c.damping), "DMAX = " + num(c.dmax)});
  } else {
    s.args.insert(s.args.end(), {"POISSON", "PENALTY = " + num(c.penalty),
                                 "RESTITUTION_COEFFICIENT = " + num(c.restitution)});
  }
  if (c.friction != ContactFriction::Off) {
    s.args.push_back(std::string("COULOMB_FRICTION = ") +
                     (c.friction == ContactFriction::On ? "ON" : "DYNAMICS_ONLY"));
    if (c.friction == ContactFriction::On) {
      s.args.push_back("MU_STATIC = " + num(c.muStatic));
      s.args.push_back("STICTION_TRANSITION_VELOCITY = " + num(c.stictionVelocity));
    }
    s.args.push_back("MU_DYNAMIC = " + num(c.muDynamic));
    s.args.push_back("FRICTION_TRANSITION_VELOCITY = " + num(c.frictionVelocity));
  }
  if (c.inactiveInStatics)
    s.args.push_back("INACTIVE_DURING = STATIC");
  m_rest.push_back(s);
}

}  // namespace mbs::core::adm
