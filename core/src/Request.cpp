#include "mbs/core/Request.hpp"

#include <cctype>

namespace mbs::core {

namespace {

constexpr std::array<RequestKind, 5> kKinds{RequestKind::Displacement, RequestKind::Velocity,
                                            RequestKind::Acceleration, RequestKind::Force,
                                            RequestKind::Functions};

}  // namespace

const char* toString(RequestKind kind)
{
  switch (kind) {
    case RequestKind::Displacement:
      return "displacement";
    case RequestKind::Velocity:
      return "velocity";
    case RequestKind::Acceleration:
      return "acceleration";
    case RequestKind::Force:
      return "force";
    case RequestKind::Functions:
      return "functions";
  }
  return "?";
}

std::optional<RequestKind> requestKindFromString(std::string_view name)
{
  for (const RequestKind k : kKinds)
    if (name == toString(k))
      return k;
  return std::nullopt;
}

std::array<const char*, 8> requestComponents(RequestKind kind)
{
  switch (kind) {
    case RequestKind::Displacement:
      return {"mag", "x", "y", "z", "", "psi", "theta", "phi"};
    case RequestKind::Velocity:
      return {"mag", "vx", "vy", "vz", "wmag", "wx", "wy", "wz"};
    case RequestKind::Acceleration:
      return {"mag", "ax", "ay", "az", "wdmag", "wdx", "wdy", "wdz"};
    case RequestKind::Force:
      return {"fmag", "fx", "fy", "fz", "tmag", "tx", "ty", "tz"};
    case RequestKind::Functions:
      return {"f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8"};
  }
  return {};
}

}  // namespace mbs::core
