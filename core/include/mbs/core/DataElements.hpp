#pragma once
// Reference data of a model (Adams' data elements): splines read by CUBSPL, AKISPL and INTERP,
// arrays of numbers read by ARYVAL, curves read by CURVE, and matrices. Not entities: nothing refers to them
// but expressions, by name (docs/file-format.md, "splines, arrays, matrices"). Their numbers are stored as
// written: an expression reads them in the units it computes in (a deck's functions are evaluated in the
// deck's units, see ExpressionUnits.hpp), so they carry no unit of their own.
#include <string>
#include <vector>

#include "mbs/core/Joint.hpp"

namespace mbs::core {

// A curve y(x) (z empty, one row of y) or a family of curves y(x, z): row k of y holds the values
// at z[k]. x strictly increasing with at least 4 values (Adams' SPLINE minimum), z strictly
// increasing with at least 2 values when given.
struct Spline {
  std::string name;  // a valid model name, unique among entities and data elements (ignoring case)
  std::vector<double> x;
  std::vector<double> z;
  std::vector<std::vector<double>> y;
  // Beyond the data: false continues the end piece of the interpolant (Adams' default), true the
  // tangent line at the end knot (LINEAR_EXTRAPOLATE).
  bool linearExtrapolate = false;
  std::string description;
  bool operator==(const Spline&) const = default;
};

// A list of numbers (Adams' ARRAY/id, IC or NUMBERS form); ARYVAL(name, k) reads values[k-1].
struct DataArray {
  std::string name;
  std::vector<double> values;
  std::string description;
  bool operator==(const DataArray&) const = default;
};

// A parametric B-spline curve (Adams CURVE read by the CURVE function): CURVE(alpha, iord, comp,
// name) is component comp of the curve point (iord 0) or of its derivative in alpha (1, 2), alpha
// over [-1, 1] (mbs/solver/Curve.hpp). The points are numbers as written, like a spline's; the
// curves of point-to-curve joints are their joints' own (Joint::curve), in metres.
struct DataCurve {
  std::string name;
  JointCurve shape;
  std::string description;
  bool operator==(const DataCurve&) const = default;
};

// A rows x columns matrix of numbers, stored by rows (values[r * columns + c]); entries a sparse
// definition leaves out are 0.
struct DataMatrix {
  std::string name;
  int rows = 0;
  int columns = 0;
  std::vector<double> values;
  std::string description;
  double at(int r, int c) const { return values[std::size_t(r) * std::size_t(columns) + std::size_t(c)]; }
  bool operator==(const DataMatrix&) const = default;
};

}  // namespace mbs::core
