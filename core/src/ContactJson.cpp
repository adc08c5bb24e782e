// Contacts between solids in the native file: the solids of each side and the contact law.
#include <algorithm>

#include "EntityJsonCommon.hpp"

namespace mbs::core::detail {
namespace {

json contactSolidToJson(const ContactSolid& c)
{
  json j = {{"name", c.name}, {"kind", toString(c.kind)}};
  j["position"] = vec(c.position);
  j["orientation"] = vec(c.orientation);
  switch (c.kind) {
    case ContactSolidKind::Ellipsoid:
    case ContactSolidKind::Box:
      j["size"] = vec(c.size);
      break;
    case ContactSolidKind::Sphere:
      j["radius"] = c.radius;
      break;
    case ContactSolidKind::Cylinder:
      j["radius"] = c.radius;
      j["length"] = c.length;
      break;
    case ContactSolidKind::Frustum:
      j["radius"] = c.radius;
      j["top_radius"] = c.topRadius;
      j["length"] = c.length;
      break;
    case ContactSolidKind::Torus:
      j["radius"] = c.radius;
      j["minor_radius"] = c.minorRadius;
      break;
    case ContactSolidKind::Plane:
      break;
    case ContactSolidKind::Extrusion:
    case ContactSolidKind::Revolution: {
      json points = json::array();
      for (const Vec3& p : c.profile)
        points.push_back(vec(p));
      j["profile"] = points;
      if (c.kind == ContactSolidKind::Extrusion)
        j["length"] = c.length;
      break;
    }
    case ContactSolidKind::MeshFile:
      j["path"] = c.path;
      j["scale"] = c.scale;
      break;
  }
  return j;
}

ContactSolid contactSolidFromJson(const json& j, const std::string& at, const UnitSystem& u,
                                  Diagnostics& errors)
{
  JsonReader rd(j, at, errors);
  ContactSolid c;
  if (!rd.isObject())
    return c;
  c.name = rd.string("name", std::string());
  const auto kind = contactSolidKindFromString(rd.string("kind"));
  if (!kind) {
    rd.error("kind",
             "unknown contact solid (sphere, ellipsoid, box, cylinder, frustum, torus, plane, extrusion, "
             "revolution, mesh_file)");
    return c;
  }
  c.kind = *kind;
  c.position = rd.vec3("position", u.length, Vec3::Zero());
  c.orientation = rd.vec3("orientation", u.angle, Vec3::Zero());
  switch (c.kind) {
    case ContactSolidKind::Ellipsoid:
    case ContactSolidKind::Box:
      c.size = rd.vec3("size", u.length);
      break;
    case ContactSolidKind::Sphere:
      c.radius = rd.number("radius", u.length);
      break;
    case ContactSolidKind::Cylinder:
      c.radius = rd.number("radius", u.length);
      c.length = rd.number("length", u.length);
      break;
    case ContactSolidKind::Frustum:
      c.radius = rd.number("radius", u.length);
      c.topRadius = rd.number("top_radius", u.length);
      c.length = rd.number("length", u.length);
      break;
    case ContactSolidKind::Torus:
      c.radius = rd.number("radius", u.length);
      c.minorRadius = rd.number("minor_radius", u.length);
      break;
    case ContactSolidKind::Plane:
      break;
    case ContactSolidKind::Extrusion:
    case ContactSolidKind::Revolution: {
      if (const json* points = rd.child("profile")) {
        if (!points->is_array()) {
          rd.error("profile", "the profile is a list of [x, y, z] points");
        } else {
          for (const json& p : *points) {
            if (!p.is_array() || p.size() != 3 || !p[0].is_number() || !p[1].is_number() ||
                !p[2].is_number()) {
              rd.error("profile", "the profile is a list of [x, y, z] points");
              break;
            }
            c.profile.emplace_back(Vec3(p[0].get<double>(), p[1].get<double>(), p[2].get<double>()) *
                                   u.length);
          }
        }
      }
      if (c.kind == ContactSolidKind::Extrusion)
        c.length = rd.number("length", u.length);
      break;
    }
    case ContactSolidKind::MeshFile:
      c.path = rd.string("path");
      c.scale = rd.number("scale", u.length, u.length);
      break;
  }
  rd.finish();
  return c;
}

}  // namespace

json contactToJson(const ContactParameters& c)
{
  json j = json::object();
  for (const auto* side : {&c.iSolids, &c.jSolids}) {
    json solids = json::array();
    for (const ContactSolid& s : *side)
      solids.push_back(contactSolidToJson(s));
    j[side == &c.iSolids ? "i_solids" : "j_solids"] = solids;
  }
  if (c.law == ContactLaw::Impact) {
    j["law"] = "impact";
    j["stiffness"] = c.stiffness;
    j["exponent"] = c.exponent;
    j["damping"] = c.damping;
    j["dmax"] = c.dmax;
  } else {
    j["law"] = "poisson";
    j["penalty"] = c.penalty;
    j["restitution"] = c.restitution;
    j["normal_transition_velocity"] = c.normalTransitionVelocity;
  }
  j["friction"] = c.friction == ContactFriction::Off  ? "off"
                  : c.friction == ContactFriction::On ? "on"
                                                      : "dynamics_only";
  if (c.friction != ContactFriction::Off) {
    j["mu_static"] = c.muStatic;
    j["mu_dynamic"] = c.muDynamic;
    j["stiction_transition_velocity"] = c.stictionVelocity;
    j["friction_transition_velocity"] = c.frictionVelocity;
  }
  j["inactive_during_static"] = c.inactiveInStatics;
  return j;
}

ContactParameters contactFromJson(const json& j, const std::string& at, const UnitSystem& u,
                                  Diagnostics& errors)
{
  JsonReader rd(j, at, errors);
  ContactParameters c;
  if (!rd.isObject())
    return c;
  for (const char* key : {"i_solids", "j_solids"}) {
    const json* solids = rd.child(key);
    if (!solids)
      continue;
    if (!solids->is_array()) {
      rd.error(key, "a list of solids");
      continue;
    }
    for (std::size_t k = 0; k < solids->size(); ++k)
      (key[0] == 'i' ? c.iSolids : c.jSolids)
          .push_back(contactSolidFromJson((*solids)[k], at + "/" + key + "/" + std::to_string(k), u, errors));
  }
  const std::string law = rd.string("law");
  if (law == "impact") {
    c.law = ContactLaw::Impact;
    c.exponent = rd.number("exponent", 1.0, 1.5);
    c.stiffness = rd.number("stiffness", u.force / std::pow(u.length, c.exponent));
    c.damping = rd.number("damping", u.damping(), 0.0);
    c.dmax = rd.number("dmax", u.length);
  } else if (law == "poisson") {
    c.law = ContactLaw::Poisson;
    c.penalty = rd.number("penalty", u.stiffness());
    c.restitution = rd.number("restitution");
    c.normalTransitionVelocity = rd.number("normal_transition_velocity", u.velocity(), 1e-3);
  } else {
    rd.error("law", "the normal law is impact or poisson");
  }
  const std::string friction = rd.string("friction", std::string("off"));
  c.friction = friction == "on"              ? ContactFriction::On
               : friction == "dynamics_only" ? ContactFriction::DynamicsOnly
                                             : ContactFriction::Off;
  if (friction != "on" && friction != "off" && friction != "dynamics_only")
    rd.error("friction", "friction is on, off or dynamics_only");
  if (c.friction != ContactFriction::Off) {
    c.muStatic =
        rd.number("mu_static", 1.0, c.friction == ContactFriction::On ? std::nullopt : std::optional(0.0));
    c.muDynamic = rd.number("mu_dynamic");
    c.stictionVelocity = rd.number("stiction_transition_velocity", u.velocity(),
                                   c.friction == ContactFriction::On ? std::nullopt : std::optional(0.0));
    c.frictionVelocity = rd.number("friction_transition_velocity", u.velocity());
  }
  c.inactiveInStatics = rd.boolean("inactive_during_static", false);
  rd.finish();
  return c;
}

}  // namespace mbs::core::detail
