// mbstudio._core: the C++ half of the mbstudio Python package (python/mbstudio/ is the other half).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "Document.hpp"
#include "Errors.hpp"
#include "FlexibleBinding.hpp"
#include "Run.hpp"
#include "StudyBinding.hpp"

namespace py = pybind11;
using mbs::python::Document;

PYBIND11_MODULE(_core, m)
{
  m.doc() = "mbstudio's core and solver libraries (use the mbstudio package, not this module)";
  mbs::python::registerErrors(m);

  py::class_<Document>(m, "_Document")
      .def(py::init<>())
      .def_static("load", &Document::load, py::arg("path"), py::arg("allow_unsupported") = false)
      .def_static("from_string", &Document::fromString, py::arg("text"), py::arg("name") = "")
      .def("copy", &Document::copy)
      .def_property_readonly("source", &Document::source)
      .def_property_readonly("warnings",
                             [](const Document& d) { return mbs::python::toPython(d.warnings()); })
      .def_property_readonly("commands", &Document::commands)
      .def("to_string", &Document::toString)
      .def("save", &Document::save, py::arg("path"))
      .def("export_adm", &Document::exportAdm)
      .def("add", &Document::add, py::arg("kind"), py::arg("form"))
      .def("remove", &Document::remove, py::arg("kind"), py::arg("name"))
      .def("set", &Document::set, py::arg("kind"), py::arg("name"), py::arg("pointer"), py::arg("value"))
      .def("set_parameter", &Document::setParameter, py::arg("name"), py::arg("value"),
           py::arg("description") = py::none())
      .def("remove_parameter", &Document::removeParameter, py::arg("name"))
      .def("bind", &Document::bind, py::arg("kind"), py::arg("name"), py::arg("field"), py::arg("expression"))
      .def("add_request", &Document::addRequest, py::arg("name"), py::arg("kind"), py::arg("i"), py::arg("j"),
           py::arg("reference"), py::arg("functions"), py::arg("comment"))
      .def("remove_request", &Document::removeRequest, py::arg("name"))
      .def("undo", &Document::undo)
      .def("redo", &Document::redo)
      .def("get", &Document::get, py::arg("kind"), py::arg("name"))
      .def("names", &Document::names, py::arg("kind"))
      .def("parameters", &Document::parameters)
      .def("bindings", &Document::bindings)
      .def("requests", &Document::requests)
      .def("validate", &Document::validate)
      .def("topology", &Document::topology);

  mbs::python::registerRun(m);
  mbs::python::registerStudy(m);
  mbs::python::registerFlexible(m);
}
