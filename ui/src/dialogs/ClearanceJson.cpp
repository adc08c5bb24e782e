#include "ClearanceJson.hpp"

#include <string>

#include "mbs/core/Friction.hpp"

namespace mbs::ui::clearance {

using json = nlohmann::ordered_json;

json withClearance(json joint)
{
  if (joint.contains("clearance"))
    return joint;
  const core::ClearanceParameters defaults;
  // The size that goes with the clearance: journal or ball radius, or a translational slider's length.
  const std::string type = joint.value("type", std::string());
  const bool slider = type == "translational";
  const char* sizeKey = slider ? "slider_length" : type == "spherical" ? "ball_radius" : "journal_radius";
  json c = {{"clearance", 5e-4},
            {sizeKey, slider ? 0.1 : 0.01},
            {"stiffness", 1e10},
            {"exponent", defaults.exponent},
            {"restitution", defaults.restitution},
            {"mu_static", 0.0},
            {"mu_dynamic", 0.0},
            {"transition_velocity", defaults.transitionVelocity}};
  if (joint.contains("friction") && joint["friction"].is_object()) {
    const json& f = joint["friction"];
    if (!slider && f.value("pin_radius", 0.0) > 0.0)
      c[sizeKey] = f["pin_radius"];
    else if (slider && f.value("half_length", 0.0) > 0.0)
      c[sizeKey] = 2.0 * f.value("half_length", 0.0);
    c["mu_static"] = f.value("mu_static", 0.0);
    c["mu_dynamic"] = f.value("mu_dynamic", 0.0);
    joint.erase("friction");
  }
  joint["clearance"] = c;
  return joint;
}

json withoutClearance(json joint)
{
  joint.erase("clearance");
  return joint;
}

}  // namespace mbs::ui::clearance
