#pragma once
// Typed entity ids: strong types over an integer so a MarkerId cannot be passed where a JointId
// is expected. Ids are unique across all entity kinds of one model and never reused by undo.
#include <compare>
#include <cstdint>
#include <functional>
#include <string>

namespace mbs::core {

template <class Tag>
struct Id {
  std::uint32_t value = 0;  // 0 = invalid / none

  constexpr Id() = default;
  constexpr explicit Id(std::uint32_t v) : value(v) {}
  constexpr bool valid() const { return value != 0; }
  constexpr explicit operator bool() const { return valid(); }
  constexpr auto operator<=>(const Id&) const = default;
};

using PartId = Id<struct PartTag>;
using MarkerId = Id<struct MarkerTag>;
using JointId = Id<struct JointTag>;
using MotionId = Id<struct MotionTag>;
using ForceId = Id<struct ForceTag>;
using VariableId = Id<struct VariableTag>;

// Ground is a part with a fixed id in every model.
inline constexpr PartId kGroundId{1};

enum class EntityKind { Model, Part, Marker, Joint, Motion, Force, Variable };
const char* toString(EntityKind kind);

// A reference to any entity (commands, notifications, selection in the GUI).
struct EntityRef {
  EntityKind kind = EntityKind::Model;
  std::uint32_t id = 0;

  EntityRef() = default;
  EntityRef(EntityKind k, std::uint32_t i) : kind(k), id(i) {}
  EntityRef(PartId i) : kind(EntityKind::Part), id(i.value) {}
  EntityRef(MarkerId i) : kind(EntityKind::Marker), id(i.value) {}
  EntityRef(JointId i) : kind(EntityKind::Joint), id(i.value) {}
  EntityRef(MotionId i) : kind(EntityKind::Motion), id(i.value) {}
  EntityRef(ForceId i) : kind(EntityKind::Force), id(i.value) {}
  EntityRef(VariableId i) : kind(EntityKind::Variable), id(i.value) {}
  auto operator<=>(const EntityRef&) const = default;
};

}  // namespace mbs::core

template <class Tag>
struct std::hash<mbs::core::Id<Tag>> {
  std::size_t operator()(const mbs::core::Id<Tag>& id) const noexcept
  {
    return std::hash<std::uint32_t>{}(id.value);
  }
};
