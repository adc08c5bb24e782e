#pragma once
// Helpers shared by the entity readers and writers of the native file (EntityJson.cpp,
// ContactJson.cpp, ForceJson.cpp).
#include "EntityJson.hpp"

namespace mbs::core::detail {

inline json vec(const Vec3& v)
{
  return json::array({v.x(), v.y(), v.z()});
}

// An entity's name in the file ("" for none).
inline std::string nameOf(const Model& m, EntityRef r)
{
  return r.id == 0 ? std::string() : m.entityName(r);
}

inline json nameOrNull(const Model& m, EntityRef r)
{
  return r.id == 0 ? json(nullptr) : json(m.entityName(r));
}

// Reads the id and name every entity has.
template <class T>
void header(JsonReader& rd, T& out)
{
  out.id = decltype(out.id)(std::uint32_t(rd.integer("id")));
  out.name = rd.string("name");
  if (out.id.value == 0) {
    rd.error("id", "id must be positive");
  }
}

// A contact's parameters and solids (ContactJson.cpp), part of a force's entry.
json contactToJson(const ContactParameters& c);
ContactParameters contactFromJson(const json& j, const std::string& at, const UnitSystem& u,
                                  Diagnostics& errors);

}  // namespace mbs::core::detail
