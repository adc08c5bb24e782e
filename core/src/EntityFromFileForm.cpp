// New entities from their file form (Commands.hpp: entityFromFileForm).
#include "EntityJson.hpp"
#include "mbs/core/Commands.hpp"

namespace mbs::core {

std::optional<AnyEntity> entityFromFileForm(const Model& model, EntityKind kind,
                                            const nlohmann::ordered_json& value, Diagnostics& errors)
{
  if (!value.is_object()) {
    errors.push_back(
        {{}, 0, {}, {}, std::string("the file form of a ") + toString(kind) + " must be an object"});
    return std::nullopt;
  }
  // The readers want a positive id; an entity without one gets a fresh id from AddEntity.
  nlohmann::ordered_json form = value;
  const bool freshId = !form.contains("id");
  if (freshId)
    form["id"] = model.nextId();
  const UnitSystem si;
  const detail::Resolver resolve = [&model](std::string_view n) { return model.findEntity(n); };
  const std::size_t before = errors.size();
  auto finish = [&](auto entity) -> std::optional<AnyEntity> {
    if (errors.size() != before)
      return std::nullopt;
    if (freshId)
      entity.id = {};
    return AnyEntity(std::move(entity));
  };
  switch (kind) {
    case EntityKind::Part: {
      Part p;
      detail::partFromJson(form, {}, si, resolve, p, errors);
      if (p.ground)
        errors.push_back({{}, 0, "/ground", p.name, "a model has one ground part; it cannot be added"});
      return finish(std::move(p));
    }
    case EntityKind::Marker: {
      Marker m;
      detail::markerFromJson(form, {}, si, resolve, m, errors);
      return finish(std::move(m));
    }
    case EntityKind::Joint: {
      Joint j;
      detail::jointFromJson(form, {}, si, resolve, j, errors);
      return finish(std::move(j));
    }
    case EntityKind::Motion: {
      Motion m;
      detail::motionFromJson(form, {}, si, resolve, m, errors);
      return finish(std::move(m));
    }
    case EntityKind::Force: {
      Force f;
      detail::forceFromJson(form, {}, si, resolve, f, errors);
      return finish(std::move(f));
    }
    case EntityKind::Variable: {
      Variable v;
      detail::variableFromJson(form, {}, si, v, errors);
      return finish(std::move(v));
    }
    case EntityKind::Model:
      break;
  }
  errors.push_back({{}, 0, {}, {}, "the model itself is not an entity that can be added"});
  return std::nullopt;
}

}  // namespace mbs::core
