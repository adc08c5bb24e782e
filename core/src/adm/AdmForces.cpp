// SFORCE, GFORCE, VFORCE, VTORQUE, SPRINGDAMPER, BUSHING and FRICTION statements.
#include "AdmImporter.hpp"

#include <algorithm>
#include <iterator>

namespace mbs::core::adm {

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
    static const char* comps[] = {"FX", "FY", "FZ", "TX", "TY", "TZ"};
    const auto given = components(st, "FX FY FZ TX TY TZ");
    if (!given)
      return;
    for (const auto& [key, text, line] : *given) {
      const int c = int(std::find(std::begin(comps), std::end(comps), key) - std::begin(comps));
      auto si = expression(st, text, line, c < 3 ? m_u.force : m_u.torque());
      if (!si || !supported(st, *si, line))
        return;
      f.functions[c] = *si;
    }
  }
  f.id = add(f);
  m_elements[label(st)] = EntityRef(f.id);
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
  const bool rotational = flag(st, "ROTATIONAL"), translational = flag(st, "TRANSLATIONAL");
  if (rotational == translational) {
    error(st, 0,
          rotational ? "SPRINGDAMPER is ROTATIONAL or TRANSLATIONAL, not both"
                     : "SPRINGDAMPER needs ROTATIONAL or TRANSLATIONAL");
    return;
  }
  if (rotational) {
    f.kind = ForceKind::RotationalSpringDamper;
    f.stiffness = scalar(st, "KT", m_u.torque(), 0.0).value_or(0);
    f.damping = scalar(st, "CT", m_u.torque() * m_u.time, 0.0).value_or(0);
    f.freeLength = scalar(st, "ANGLE", 1.0, 0.0, true).value_or(0);
    f.preload = scalar(st, "TORQUE", m_u.torque(), 0.0).value_or(0);
  } else {
    f.kind = ForceKind::TranslationalSpringDamper;
    f.stiffness = scalar(st, "K", m_u.stiffness(), 0.0).value_or(0);
    f.damping = scalar(st, "C", m_u.damping(), 0.0).value_or(0);
    f.freeLength = scalar(st, "LENGTH", m_u.length, 0.0).value_or(0);
    f.preload = scalar(st, "FORCE", m_u.force, 0.0).value_or(0);
  }
  f.id = add(f);
  m_elements[label(st)] = EntityRef(f.id);
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
  m_elements[label(st)] = EntityRef(f.id);
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
  // Adams' defaults (FRICTION statement reference), in the deck's units: radii and arms 1 length
  // unit, stiction deformation 0.01 length unit, stiction transition velocity 0.1 length/time,
  // dynamic friction above 1.5 times it.
  FrictionParameters p;
  const double unit = m_u.length;
  p.staticCoefficient = scalar(st, "MU_STATIC", 1.0, 0.0).value_or(0);
  p.dynamicCoefficient = scalar(st, "MU_DYNAMIC", 1.0, 0.0).value_or(0);
  p.stictionTransitionVelocity =
      scalar(st, "STICTION_TRANSITION_VELOCITY", m_u.velocity(), 0.1 * m_u.velocity()).value_or(0);
  p.transitionVelocityFactor = scalar(st, "TRANSITION_VELOCITY_COEFFICIENT", 1.0, 1.5).value_or(0);
  p.maxStictionDeformation = scalar(st, "MAX_STICTION_DEFORMATION", unit, 0.01 * unit).value_or(0);
  p.pinRadius = scalar(st, "PIN_RADIUS", unit, unit).value_or(0);
  if (auto ball = scalar(st, "BALL_RADIUS", unit, std::nullopt))
    p.pinRadius = *ball;
  p.frictionArm = scalar(st, "FRICTION_ARM", unit, unit).value_or(0);
  p.bendingReflectArm = scalar(st, "BENDING_REACTION_ARM", unit, unit).value_or(0);
  if (auto ra = scalar(st, "REACTION_ARM", unit, std::nullopt))
    p.bendingReflectArm = *ra;
  if (const Argument* in = arg(st, "INACTIVE")) {
    std::string value = in->values.empty() ? std::string() : in->values[0];
    std::transform(value.begin(), value.end(), value.begin(),
                   [](unsigned char c) { return char(std::toupper(c)); });
    if (in->values.size() != 1 || value != "STATIC") {
      error(st, in->line, "INACTIVE takes STATIC only");
      return;
    }
    p.inactiveInStatics = true;
  }
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
      refuse(st, e->line,
             "EFFECT=" + e->values[0] + " cannot be imported: friction here always has stiction and sliding");
  }
  m_model.joint(it->second)->friction = p;
}

}  // namespace mbs::core::adm
