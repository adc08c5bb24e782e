#include "JsonBridge.hpp"

#include <stdexcept>
#include <string>

namespace py = pybind11;

namespace mbs::python {

nlohmann::ordered_json toJson(py::handle value)
{
  // allow_nan=False: NaN and infinity are no JSON numbers (the file form would refuse them later
  // with a less clear message).
  const std::string text =
      py::module_::import("json").attr("dumps")(value, py::arg("allow_nan") = false).cast<std::string>();
  return nlohmann::ordered_json::parse(text);
}

py::object fromJson(const nlohmann::ordered_json& value)
{
  return py::module_::import("json").attr("loads")(value.dump());
}

py::object fromJson(const nlohmann::json& value)
{
  return py::module_::import("json").attr("loads")(value.dump());
}

}  // namespace mbs::python
