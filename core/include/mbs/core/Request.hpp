#pragma once
// An output request (Adams REQUEST): eight result components per output time, written as columns
// "<name>.<component>" by mbsolve and plotted by name in the GUI (docs/mbsolve.md).
#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "mbs/core/Ids.hpp"

namespace mbs::core {

enum class RequestKind { Displacement, Velocity, Acceleration, Force, Functions };
const char* toString(RequestKind kind);
std::optional<RequestKind> requestKindFromString(std::string_view name);

struct Request {
  std::string name;  // column prefix: REQUEST_3 for an imported REQUEST/3
  RequestKind kind = RequestKind::Displacement;
  // Displacement, velocity, acceleration: of I relative to J; force: the loads of the elements
  // between I and J (all the elements acting at I when J is invalid). Resolved in RM's axes
  // (ground when invalid).
  MarkerId iMarker, jMarker, referenceMarker;
  std::array<std::string, 8> functions{};  // Functions: F1..F8 expressions (SI); empty = not requested
  std::string comment;

  bool operator==(const Request&) const = default;
};

// The eight component names of a request kind, in Adams' order (F1..F8): for displacement mag,
// x, y, z, (none), psi, theta, phi; velocity mag, vx, vy, vz, wmag, wx, wy, wz; acceleration
// mag, ax, ay, az, wdmag, wdx, wdy, wdz; force fmag, fx, fy, fz, tmag, tx, ty, tz; functions
// f1..f8. An empty name is a component the kind does not have.
std::array<const char*, 8> requestComponents(RequestKind kind);

}  // namespace mbs::core
