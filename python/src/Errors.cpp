#include "Errors.hpp"

namespace py = pybind11;

namespace mbs::python {
namespace {

std::string messageOf(const std::string& summary, const core::Diagnostics& diagnostics)
{
  std::string text = summary;
  for (const auto& d : diagnostics)
    text += "\n  " + d.toString();
  return text;
}

}  // namespace

DiagnosticsError::DiagnosticsError(std::string kind, std::string summary, core::Diagnostics diagnostics)
    : std::runtime_error(messageOf(summary, diagnostics)),
      m_kind(std::move(kind)),
      m_diagnostics(std::move(diagnostics))
{
}

void throwIfAny(const std::string& kind, const std::string& summary, const core::Diagnostics& diagnostics)
{
  if (!diagnostics.empty())
    throw DiagnosticsError(kind, summary, diagnostics);
}

py::dict toPython(const core::Diagnostic& d)
{
  py::dict out;
  out["file"] = d.file;
  out["line"] = d.line;
  out["field"] = d.field;
  out["entity"] = d.entity;
  out["reason"] = d.reason;
  out["message"] = d.toString();
  return out;
}

py::list toPython(const core::Diagnostics& diagnostics)
{
  py::list out;
  for (const auto& d : diagnostics)
    out.append(toPython(d));
  return out;
}

void registerErrors(py::module_& m)
{
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p)
        std::rethrow_exception(p);
    } catch (const DiagnosticsError& e) {
      const py::object errors = py::module_::import("mbstudio.errors");
      const py::object cls = errors.attr(e.kind().c_str());
      const py::object instance = cls(e.what(), toPython(e.diagnostics()));
      PyErr_SetObject(cls.ptr(), instance.ptr());
    }
  });
}

}  // namespace mbs::python
