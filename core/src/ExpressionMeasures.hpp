#pragma once
// Values of the state-reading Adams functions for Expression.cpp: the measures (DX ... ROLL,
// INCANG, ORIENT) and the loads (FX ... TM, JOINT, MOTION, SFORCE ...). Marker and element
// arguments arrive as muparser numbers: a marker as its solver index + 1 (0: the ground origin
// frame), an element as its solver index + 1.
#include <map>
#include <tuple>

#include "ExpressionScan.hpp"
#include "mbs/solver/Functions.hpp"

namespace mbs::core::detail {

using mbs::solver::StateView;

// Marker index from argument k (kGround when absent or 0).
int markerArgument(const double* a, int n, int k);

// DX ... ROLL (kinds 0-29 of ExpressionScan's table).
double measureValue(int kind, const StateView& s, const double* a, int n);

// INCANG(i, j, k): the angle between the lines J->I and J->K, about the axis fixed by the first
// evaluation where the lines are not parallel (so the first non-zero value is positive), and
// continued past pi from the previous value, as Adams/View's included-angle measure does.
struct IncludedAngle {
  bool haveAxis = false;
  mbs::solver::Vec3 axis = mbs::solver::Vec3::Zero();
  double last = 0.0;
};
double includedAngle(const StateView& s, const double* a, int n,
                     std::map<std::tuple<int, int, int>, IncludedAngle>& memory);

// ORIENT(system, component, i[, j]): an Euler angle of the rotation of I relative to J, systems 1-12
// the body-fixed sequences 1-2-3, 2-3-1, 3-1-2, 1-3-2, 2-1-3, 3-2-1, 1-2-1, 1-3-1, 2-1-2, 2-3-2,
// 3-1-3, 3-2-3 (NaN for another system or component; compile() refuses literal ones).
double orientValue(const StateView& s, const double* a, int n);
// The three angles of a body-fixed sequence (axes 0 = x, 1 = y, 2 = z) with R = R_a R_b R_c.
mbs::solver::Vec3 eulerAngles(const mbs::solver::Mat3& r, int a, int b, int c);
// The axis sequence of an ORIENT system (1-12 body-fixed, 13-24 space-fixed), or false.
bool orientSequence(int system, int& a, int& b, int& c, bool& spaceFixed);

// FX(i[,j][,k]) ... TM(i[,j]): `kind` 0 FM, 1-3 FX FY FZ, 4 TM, 5-7 TX TY TZ.
double markerLoadValue(int kind, const StateView& s, const double* a, int n);
// JOINT(id, jflag, comp[, rm]) and the other element functions.
double elementLoadValue(ElementKind kind, const StateView& s, const double* a, int n);

}  // namespace mbs::core::detail
