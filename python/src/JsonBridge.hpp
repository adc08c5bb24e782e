#pragma once
// Python objects <-> nlohmann JSON, through Python's json module (the entities' file form is small).
#include <pybind11/pybind11.h>

#include <nlohmann/json.hpp>

namespace mbs::python {

nlohmann::ordered_json toJson(pybind11::handle value);
pybind11::object fromJson(const nlohmann::ordered_json& value);
pybind11::object fromJson(const nlohmann::json& value);

}  // namespace mbs::python
