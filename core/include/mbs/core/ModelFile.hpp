#pragma once
// The native model file (*.mbs.json): versioned JSON, every field named, SI units unless the
// file's "units" block says otherwise (values are then converted on input). See
// docs/file-format.md. A model is loaded whole or not at all.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "mbs/core/Diagnostics.hpp"
#include "mbs/core/Model.hpp"

namespace mbs::core {

inline constexpr int kModelFileVersion = 1;

struct LoadResult {
  std::optional<Model> model;
  Diagnostics errors;
  bool ok() const { return model.has_value(); }
};

LoadResult loadModel(const std::string& path);
LoadResult modelFromString(const std::string& text, const std::string& fileName = {});
// Always written in SI, entities sorted by id, 2-space indentation, trailing newline.
std::string modelToString(const Model& model);
// Returns the error (empty on success).
std::optional<Diagnostic> saveModel(const Model& model, const std::string& path);

// Entity (de)serialization, also used by SetProperty (JSON-pointer property paths). Errors are
// appended to `errors` with `at` as the JSON-pointer prefix.
nlohmann::ordered_json toJson(const Model& model, const EntityRef& ref);
bool entityFromJson(Model& model, const EntityRef& ref, const nlohmann::ordered_json& value,
                    Diagnostics& errors, const std::string& at = {});

}  // namespace mbs::core
