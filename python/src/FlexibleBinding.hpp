#pragma once
// Model.make_flexible: a part meshed with Gmsh, reduced by Craig-Bampton and made flexible, as the
// GUI's Build > Make Flexible does (3-D solids).
#include <pybind11/pybind11.h>

namespace mbs::python {

void registerFlexible(pybind11::module_& m);

}  // namespace mbs::python
