#pragma once
// JSON form of a flexible part's modal record (docs/file-format.md, "flexible"): always SI, matrices
// as arrays of rows; doubles are written with round-trip precision, so save → load is exact.
#include "EntityJson.hpp"
#include "mbs/solver/FlexibleBody.hpp"

namespace mbs::core::detail {

json flexibleToJson(const solver::FlexibleBodyData& f);
// Errors (missing fields, wrong sizes, inconsistent data) go to `errors` at `at`.
void flexibleFromJson(const json& j, const std::string& at, const std::string& part,
                      solver::FlexibleBodyData& out, Diagnostics& errors);

// The same with the optional initial modal coordinates/rates ("initial_modal_coordinates",
// "initial_modal_velocities", m numbers each; written only when not empty).
json flexibleToJson(const solver::FlexibleBodyData& f, const solver::Vec& initialModal,
                    const solver::Vec& initialModalVelocity);
void flexibleFromJson(const json& j, const std::string& at, const std::string& part,
                      solver::FlexibleBodyData& out, solver::Vec& initialModal,
                      solver::Vec& initialModalVelocity, Diagnostics& errors);

}  // namespace mbs::core::detail
