#pragma once
// The 3-D view's symbol of each joint kind (DMBS §2.3.1): a polygonal glyph in the joint frame
// (local z = the joint axis) and a colour per family, so every kind the solver has can be told
// apart in the view. Couplers (gear, rack-and-pinion, coupler) are drawn at their first joint.
#include <vtkSmartPointer.h>
#include <QColor>

#include "mbs/core/Joint.hpp"

class vtkPolyData;

namespace mbs::ui {

// Glyph of `kind` whose axis is local z, about `size` long.
vtkSmartPointer<vtkPolyData> jointGlyph(core::JointKind kind, double size);
QColor jointColor(core::JointKind kind);

}  // namespace mbs::ui
