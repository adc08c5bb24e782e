#include "ClearanceJson.hpp"

#include "mbs/core/Friction.hpp"

namespace mbs::ui::clearance {

using json = nlohmann::ordered_json;

json withClearance(json joint)
{
  if (joint.contains("clearance"))
    return joint;
  const core::ClearanceParameters defaults;
  json c = {{"clearance", 5e-4},
            {"journal_radius", 0.01},
            {"stiffness", 1e10},
            {"exponent", defaults.exponent},
            {"restitution", defaults.restitution},
            {"mu_static", 0.0},
            {"mu_dynamic", 0.0},
            {"transition_velocity", defaults.transitionVelocity}};
  if (joint.contains("friction") && joint["friction"].is_object()) {
    const json& f = joint["friction"];
    if (f.value("pin_radius", 0.0) > 0.0)
      c["journal_radius"] = f["pin_radius"];
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
