#pragma once
// Design studies from Python (mbstudio.load_study, Model.study): a core::StudyPlan run on a pool
// of threads with the GIL released, optionally in mbsolve's resumable work directory.
#include <pybind11/pybind11.h>

namespace mbs::python {

void registerStudy(pybind11::module_& m);

}  // namespace mbs::python
