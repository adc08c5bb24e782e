#include "SolverMessages.hpp"

#include <QCoreApplication>

#include "PhraseTable.hpp"

namespace mbs::ui {
namespace {

const Phrase kPhrases[] = {
    // solver::toString(StatusCode) heading a failed run ("no convergence: ...").
    {R"(^bad input: )", QT_TRANSLATE_NOOP("SolverMessages", "bad input: ")},
    {R"(^no convergence: )", QT_TRANSLATE_NOOP("SolverMessages", "no convergence: ")},
    {R"(^singular Jacobian: )", QT_TRANSLATE_NOOP("SolverMessages", "singular Jacobian: ")},
    {R"(^redundant constraints: )", QT_TRANSLATE_NOOP("SolverMessages", "redundant constraints: ")},
    {R"(^step size too small: )", QT_TRANSLATE_NOOP("SolverMessages", "step size too small: ")},
    {R"(^cancelled: )", QT_TRANSLATE_NOOP("SolverMessages", "cancelled: ")},
    // Integrators (Integrator::fail): "<name>: <what> at t = <t> s (step <h> s)[, residual]".
    {R"(Newton iteration did not converge)",
     QT_TRANSLATE_NOOP("SolverMessages", "Newton iteration did not converge")},
    {R"(constraint Jacobian is rank deficient \(redundant constraints\))",
     QT_TRANSLATE_NOOP("SolverMessages", "constraint Jacobian is rank deficient (redundant constraints)")},
    {R"(constraint Jacobian lost rank)",
     QT_TRANSLATE_NOOP("SolverMessages", "constraint Jacobian lost rank")},
    {R"(corrector Newton iteration did not converge)",
     QT_TRANSLATE_NOOP("SolverMessages", "corrector Newton iteration did not converge")},
    {R"(dependent block of the constraint Jacobian is singular)",
     QT_TRANSLATE_NOOP("SolverMessages", "dependent block of the constraint Jacobian is singular")},
    {R"(dependent coordinates could not be recovered)",
     QT_TRANSLATE_NOOP("SolverMessages", "dependent coordinates could not be recovered")},
    {R"(singular Newton matrix)", QT_TRANSLATE_NOOP("SolverMessages", "singular Newton matrix")},
    {R"(step size fell below hmin)", QT_TRANSLATE_NOOP("SolverMessages", "step size fell below hmin")},
    {R"( at t = (\S+) s \(step (\S+) s\))", QT_TRANSLATE_NOOP("SolverMessages", " at t = %1 s (step %2 s)")},
    {R"(, largest constraint residual (\S+) in row (\d+))",
     QT_TRANSLATE_NOOP("SolverMessages", ", largest constraint residual %1 in row %2")},
    {R"(RKF45 \(coordinate partitioning\))",
     QT_TRANSLATE_NOOP("SolverMessages", "RKF45 (coordinate partitioning)")},
    {R"(ABAM \(coordinate partitioning\))",
     QT_TRANSLATE_NOOP("SolverMessages", "ABAM (coordinate partitioning)")},
    // Topology check (core::analyzeTopology issues).
    {R"(marker '([^']*)' is on no part)", QT_TRANSLATE_NOOP("SolverMessages", "marker '%1' is on no part")},
    {R"(coupler '([^']*)' misses a coupled joint)",
     QT_TRANSLATE_NOOP("SolverMessages", "coupler '%1' misses a coupled joint")},
    {R"(joint '([^']*)' is on a missing marker)",
     QT_TRANSLATE_NOOP("SolverMessages", "joint '%1' is on a missing marker")},
    {R"(joint '([^']*)' connects a part to itself)",
     QT_TRANSLATE_NOOP("SolverMessages", "joint '%1' connects a part to itself")},
    {R"(part '([^']*)' is not connected to ground)",
     QT_TRANSLATE_NOOP("SolverMessages", "part '%1' is not connected to ground")},
    // Model checks (core's validation): why an edit, a file or a compile was refused, after the
    // entity's name ("part 'rod': mass must be positive, not -1.000000").
    {R"(: mass must be positive, not (\S+))",
     QT_TRANSLATE_NOOP("SolverMessages", ": mass must be positive, not %1")},
    {R"(: inertia tensor is not positive definite)",
     QT_TRANSLATE_NOOP("SolverMessages", ": inertia tensor is not positive definite")},
    {R"(: principal moments violate the triangle inequality)",
     QT_TRANSLATE_NOOP("SolverMessages", ": principal moments violate the triangle inequality")},
    {R"(: non-finite position, orientation or velocity)",
     QT_TRANSLATE_NOOP("SolverMessages", ": non-finite position, orientation or velocity")},
    {R"(: CM marker is not a marker of this part)",
     QT_TRANSLATE_NOOP("SolverMessages", ": CM marker is not a marker of this part")},
    {R"(: orientation is undefined \(coincident or parallel axis points\))",
     QT_TRANSLATE_NOOP("SolverMessages", ": orientation is undefined (coincident or parallel axis points)")},
    {R"(: I marker is missing)", QT_TRANSLATE_NOOP("SolverMessages", ": I marker is missing")},
    {R"(: J marker is missing)", QT_TRANSLATE_NOOP("SolverMessages", ": J marker is missing")},
    {R"(: reference marker is missing)",
     QT_TRANSLATE_NOOP("SolverMessages", ": reference marker is missing")},
    {R"(: I and J markers are on the same part)",
     QT_TRANSLATE_NOOP("SolverMessages", ": I and J markers are on the same part")},
    {R"(: screw pitch must be non-zero)",
     QT_TRANSLATE_NOOP("SolverMessages", ": screw pitch must be non-zero")},
    {R"( must couple two different joints)",
     QT_TRANSLATE_NOOP("SolverMessages", " must couple two different joints")},
    {R"(: coupled joint is missing)", QT_TRANSLATE_NOOP("SolverMessages", ": coupled joint is missing")},
    {R"(: ratio must be finite and non-zero)",
     QT_TRANSLATE_NOOP("SolverMessages", ": ratio must be finite and non-zero")},
    {R"(: joint is missing)", QT_TRANSLATE_NOOP("SolverMessages", ": joint is missing")},
    {R"(: non-finite parameter)", QT_TRANSLATE_NOOP("SolverMessages", ": non-finite parameter")},
    {R"('([^']*)' is not a valid name \(letters, digits, '_'; not a function name\))",
     QT_TRANSLATE_NOOP("SolverMessages",
                       "'%1' is not a valid name (letters, digits, '_'; not a function name)")},
    {R"(duplicate name '([^']*)')", QT_TRANSLATE_NOOP("SolverMessages", "duplicate name '%1'")},
    {R"(only the part with id 1 is the ground)",
     QT_TRANSLATE_NOOP("SolverMessages", "only the part with id 1 is the ground")},
    {R"(: expression error at position (\d+): )",
     QT_TRANSLATE_NOOP("SolverMessages", ": expression error at position %1: ")},
    // Expression errors (core Expression: our checks, then muparser's, its position left out).
    {R"re(unknown function '([^']*)')re", QT_TRANSLATE_NOOP("SolverMessages", "unknown function '%1'")},
    {R"re(unknown name '([^']*)')re", QT_TRANSLATE_NOOP("SolverMessages", "unknown name '%1'")},
    {R"re(unknown variable '([^']*)')re", QT_TRANSLATE_NOOP("SolverMessages", "unknown variable '%1'")},
    {R"re(unknown marker '([^']*)')re", QT_TRANSLATE_NOOP("SolverMessages", "unknown marker '%1'")},
    {R"re(function '([^']*)' needs arguments in parentheses)re",
     QT_TRANSLATE_NOOP("SolverMessages", "function '%1' needs arguments in parentheses")},
    {R"re(unbalanced parenthesis after '([^']*)')re",
     QT_TRANSLATE_NOOP("SolverMessages", "unbalanced parenthesis after '%1'")},
    {R"re(function '([^']*)' takes (\d+) arguments, not (\d+))re",
     QT_TRANSLATE_NOOP("SolverMessages", "function '%1' takes %2 arguments, not %3")},
    {R"re(function '([^']*)' takes (\d+) or more arguments, not (\d+))re",
     QT_TRANSLATE_NOOP("SolverMessages", "function '%1' takes %2 or more arguments, not %3")},
    {R"re(function '([^']*)' takes (\d+) to (\d+) arguments, not (\d+))re",
     QT_TRANSLATE_NOOP("SolverMessages", "function '%1' takes %2 to %3 arguments, not %4")},
    {R"re(measure function '([^']*)' is not allowed here \(function of TIME only\))re",
     QT_TRANSLATE_NOOP("SolverMessages",
                       "measure function '%1' is not allowed here (function of TIME only)")},
    {R"re(argument of '([^']*)' must be a variable name)re",
     QT_TRANSLATE_NOOP("SolverMessages", "argument of '%1' must be a variable name")},
    {R"re(argument of '([^']*)' must be a marker name or 0)re",
     QT_TRANSLATE_NOOP("SolverMessages", "argument of '%1' must be a marker name or 0")},
    {R"re('([^']*)' may only be an argument of a measure function or VARVAL)re",
     QT_TRANSLATE_NOOP("SolverMessages", "'%1' may only be an argument of a measure function or VARVAL")},
    {R"re(empty expression)re", QT_TRANSLATE_NOOP("SolverMessages", "empty expression")},
    {R"re(number (\S+) is out of range \(larger than 1\.8e308\))re",
     QT_TRANSLATE_NOOP("SolverMessages", "number %1 is out of range (larger than 1.8e308)")},
    {R"re(Unexpected token "([^"]*)")re", QT_TRANSLATE_NOOP("SolverMessages", "Unexpected token \"%1\"")},
    {R"re(Unexpected operator "([^"]*)")re",
     QT_TRANSLATE_NOOP("SolverMessages", "Unexpected operator \"%1\"")},
    {R"re(Unexpected parenthesis "([^"]*)")re",
     QT_TRANSLATE_NOOP("SolverMessages", "Unexpected parenthesis \"%1\"")},
    {R"re(Unexpected function "([^"]*)")re",
     QT_TRANSLATE_NOOP("SolverMessages", "Unexpected function \"%1\"")},
    {R"re(Unexpected value "([^"]*)")re", QT_TRANSLATE_NOOP("SolverMessages", "Unexpected value \"%1\"")},
    {R"re(Unexpected variable "([^"]*)")re",
     QT_TRANSLATE_NOOP("SolverMessages", "Unexpected variable \"%1\"")},
    {R"re(Unexpected end of expression)re",
     QT_TRANSLATE_NOOP("SolverMessages", "Unexpected end of expression")},
    {R"re(Unexpected argument separator)re",
     QT_TRANSLATE_NOOP("SolverMessages", "Unexpected argument separator")},
    {R"re(Function arguments used without a function)re",
     QT_TRANSLATE_NOOP("SolverMessages", "Function arguments used without a function")},
    {R"re(Too many parameters for function "([^"]*)")re",
     QT_TRANSLATE_NOOP("SolverMessages", "Too many parameters for function \"%1\"")},
    {R"re(Too few parameters for function "([^"]*)")re",
     QT_TRANSLATE_NOOP("SolverMessages", "Too few parameters for function \"%1\"")},
    {R"re(Missing parenthesis)re", QT_TRANSLATE_NOOP("SolverMessages", "Missing parenthesis")},
    {R"re( in "(.*)"$)re", QT_TRANSLATE_NOOP("SolverMessages", " in \"%1\"")},
    {R"re( \(at position (\d+)\)$)re", QT_TRANSLATE_NOOP("SolverMessages", " (at position %1)")},
    // Entities named in a diagnostic ("joint 'pin' (revolute)", "body 'rod'").
    {R"(joint '([^']*)' \(([a-z_]+)\))", QT_TRANSLATE_NOOP("SolverMessages", "joint '%1' (%2)"), 2},
    {R"(flexible body '([^']*)')", QT_TRANSLATE_NOOP("SolverMessages", "flexible body '%1'")},
    {R"((?<!flexible )body '([^']*)')", QT_TRANSLATE_NOOP("SolverMessages", "body '%1'")},
    {R"(joint '([^']*)')", QT_TRANSLATE_NOOP("SolverMessages", "joint '%1'")},
    {R"(coupler '([^']*)')", QT_TRANSLATE_NOOP("SolverMessages", "coupler '%1'")},
    {R"(part '([^']*)')", QT_TRANSLATE_NOOP("SolverMessages", "part '%1'")},
    {R"(marker '([^']*)')", QT_TRANSLATE_NOOP("SolverMessages", "marker '%1'")},
    {R"(motion '([^']*)')", QT_TRANSLATE_NOOP("SolverMessages", "motion '%1'")},
    {R"(force '([^']*)')", QT_TRANSLATE_NOOP("SolverMessages", "force '%1'")},
    // Redundancy analysis (MobilityReport rows, RedundancyReport::warnings).
    {R"(, equation (\d+) of (\d+))", QT_TRANSLATE_NOOP("SolverMessages", ", equation %1 of %2")},
    {R"(: equations? ([0-9, ]+) redundant and removed \(its reaction is carried by the other constraints\))",
     QT_TRANSLATE_NOOP(
         "SolverMessages",
         ": equation(s) %1 redundant and removed (its reaction is carried by the other constraints)")},
    // Analyses (after the status heading, so not anchored).
    {R"(analysis cancelled by the user)",
     QT_TRANSLATE_NOOP("SolverMessages", "analysis cancelled by the user")},
    {R"(kinematics: cancelled)", QT_TRANSLATE_NOOP("SolverMessages", "kinematics: cancelled")},
    {R"(the equations of motion \[M Φ_qᵀ; Φ_q 0\] are singular at t = (\S+) s \(redundant constraints or a coordinate without mass\))",
     QT_TRANSLATE_NOOP(
         "SolverMessages",
         "the equations of motion [M Φ_qᵀ; Φ_q 0] are singular at t = %1 s (redundant constraints "
         "or a coordinate without mass)")},
    {R"(joint friction: accelerations, reactions and friction forces did not converge at t = (\S+) s)",
     QT_TRANSLATE_NOOP(
         "SolverMessages",
         "joint friction: accelerations, reactions and friction forces did not converge at t = %1 s")},
    {R"(initial conditions: positions did not converge; largest residuals: )",
     QT_TRANSLATE_NOOP("SolverMessages",
                       "initial conditions: positions did not converge; largest residuals: ")},
    {R"(initial conditions: singular assembly matrix; worst constraints: )",
     QT_TRANSLATE_NOOP("SolverMessages",
                       "initial conditions: singular assembly matrix; worst constraints: ")},
    {R"(initial conditions: singular velocity system)",
     QT_TRANSLATE_NOOP("SolverMessages", "initial conditions: singular velocity system")},
    {R"(initial conditions: a constraint cannot be evaluated \(not a finite number\): )",
     QT_TRANSLATE_NOOP("SolverMessages",
                       "initial conditions: a constraint cannot be evaluated (not a finite number): ")},
    {R"(kinematics: positions did not converge; largest residuals: )",
     QT_TRANSLATE_NOOP("SolverMessages", "kinematics: positions did not converge; largest residuals: ")},
    {R"(kinematics: singular Φ_q \(a lock-up or change of assembly branch\))",
     QT_TRANSLATE_NOOP("SolverMessages",
                       "kinematics: singular Φ_q (a lock-up or change of assembly branch)")},
    {R"(kinematics: singular Φ_qᵀ)", QT_TRANSLATE_NOOP("SolverMessages", "kinematics: singular Φ_qᵀ")},
    {R"(kinematics: joint friction and reactions did not converge at t = (\S+) s)",
     QT_TRANSLATE_NOOP("SolverMessages",
                       "kinematics: joint friction and reactions did not converge at t = %1 s")},
    {R"(kinematics: the model has (\d+) degrees of freedom; kinematic analysis needs motions on all of them)",
     QT_TRANSLATE_NOOP(
         "SolverMessages",
         "kinematics: the model has %1 degrees of freedom; kinematic analysis needs motions on all "
         "of them")},
    {R"(statics: no equilibrium found \(largest force residual )",
     QT_TRANSLATE_NOOP("SolverMessages", "statics: no equilibrium found (largest force residual ")},
    // First-order states (DIFF) in statics and kinematics (solver/src/analysis).
    {R"(statics: no equilibrium found \(differential equation \(DIFF\) '([^']*)' has no equilibrium: its derivative stays at ([^;]+))",
     QT_TRANSLATE_NOOP(
         "SolverMessages",
         "statics: no equilibrium found (differential equation (DIFF) '%1' has no equilibrium: its "
         "derivative stays at %2")},
    {R"(no derivative solves the implicit equation 0 = FUNCTION \(it must depend on DIF1 of itself\))",
     QT_TRANSLATE_NOOP("SolverMessages",
                       "no derivative solves the implicit equation 0 = FUNCTION (it must depend on DIF1 of "
                       "itself)")},
    {R"(kinematics: differential equation \(DIFF\) '([^']*)' has no finite derivative at t = (\S+) s)",
     QT_TRANSLATE_NOOP("SolverMessages",
                       "kinematics: differential equation (DIFF) '%1' has no finite derivative at t = %2 s")},
    {R"(kinematics: the differential equations \(DIFF\) need a step below (\S+) s at t = (\S+) s)",
     QT_TRANSLATE_NOOP("SolverMessages",
                       "kinematics: the differential equations (DIFF) need a step below %1 s at t = %2 s")},
    {R"(statics: singular tangent matrix \(a free motion with no stiffness, e.g. a body without spring or constraint along some direction\))",
     QT_TRANSLATE_NOOP(
         "SolverMessages",
         "statics: singular tangent matrix (a free motion with no stiffness, e.g. a body without "
         "spring or constraint along some direction)")},
    // Quasi-static series (solver/src/analysis/QuasiStaticAnalysis.cpp).
    {R"(no static equilibrium at t = (\S+) s \(the (\d+) equilibria up to t = (\S+) s are kept\))",
     QT_TRANSLATE_NOOP("SolverMessages",
                       "no static equilibrium at t = %1 s (the %2 equilibria up to t = %3 s are kept)")},
    {R"(no static equilibrium at t = (\S+) s)",
     QT_TRANSLATE_NOOP("SolverMessages", "no static equilibrium at t = %1 s")},
    {R"(quasi-static analysis: initial conditions at t = (\S+) s: )",
     QT_TRANSLATE_NOOP("SolverMessages", "quasi-static analysis: initial conditions at t = %1 s: ")},
    {R"(quasi-static analysis: cancelled)",
     QT_TRANSLATE_NOOP("SolverMessages", "quasi-static analysis: cancelled")},
    {R"(linearization: eigenvalue iteration failed)",
     QT_TRANSLATE_NOOP("SolverMessages", "linearization: eigenvalue iteration failed")},
    {R"(linearization: reduced mass matrix is not positive definite)",
     QT_TRANSLATE_NOOP("SolverMessages", "linearization: reduced mass matrix is not positive definite")},
    {R"(accelerations: an applied force is not a finite number \(a force function that cannot be evaluated here, e.g. a division by zero\))",
     QT_TRANSLATE_NOOP(
         "SolverMessages",
         "accelerations: an applied force is not a finite number (a force function that cannot be "
         "evaluated here, e.g. a division by zero)")},
    {R"(accelerations: the matrix \[M Φ_qᵀ; Φ_q 0\] is singular \(redundant or conflicting constraints, or a body without mass along a free direction\))",
     QT_TRANSLATE_NOOP("SolverMessages",
                       "accelerations: the matrix [M Φ_qᵀ; Φ_q 0] is singular (redundant or conflicting "
                       "constraints, or a body without mass along a free direction)")},
    {R"(dynamic analysis: end time must exceed start time and the output step be positive)",
     QT_TRANSLATE_NOOP("SolverMessages",
                       "dynamic analysis: end time must exceed start time and the output step be positive")},
    // DMBS constraint elements (cut joints): a run's cut set (Status::notes) and why a mark was refused
    // (core's model check, solver::dmbsTree); the entities in them are translated above.
    {R"(^DMBS spanning tree, cut joints: )",
     QT_TRANSLATE_NOOP("SolverMessages", "DMBS spanning tree, cut joints: ")},
    {R"(^DMBS spanning tree, no cut joints \(the model is a tree\))",
     QT_TRANSLATE_NOOP("SolverMessages", "DMBS spanning tree, no cut joints (the model is a tree)")},
    // The automatic formulation's choice (Status::notes, solver/src/analysis/AutoFormulation.cpp).
    {R"(^formulation \(automatic\): DMBS, joint coordinates — it covers every element of the model; O\(N\) tree dynamics, explicit steps until the model proves stiff)",
     QT_TRANSLATE_NOOP("SolverMessages",
                       "formulation (automatic): DMBS, joint coordinates — it covers every element of the "
                       "model; O(N) tree dynamics, explicit steps until the model proves stiff")},
    {R"(^formulation \(automatic\): DMBS, joint coordinates — it covers every element of the model; O\(N\) tree dynamics, the BDF from the start for the stiction bristles)",
     QT_TRANSLATE_NOOP("SolverMessages",
                       "formulation (automatic): DMBS, joint coordinates — it covers every element of the "
                       "model; O(N) tree dynamics, the BDF from the start for the stiction bristles")},
    {R"(^formulation \(automatic\): DMBS, joint coordinates — it covers every element of the model; Newton on the joint coordinates)",
     QT_TRANSLATE_NOOP("SolverMessages",
                       "formulation (automatic): DMBS, joint coordinates — it covers every element of the "
                       "model; Newton on the joint coordinates")},
    {R"(^formulation \(automatic\): I3, absolute coordinates — the HHT integrator was asked for, an index-3 method of the absolute coordinates)",
     QT_TRANSLATE_NOOP(
         "SolverMessages",
         "formulation (automatic): I3, absolute coordinates — the HHT integrator was asked for, "
         "an index-3 method of the absolute coordinates")},
    {R"(^joint '([^']*)': the point left the open curve at t = (\S+) s \(curve parameter (\S+), the curve runs from -1 to 1\): extend the curve or close it)",
     QT_TRANSLATE_NOOP("SolverMessages",
                       "joint '%1': the point left the open curve at t = %2 s (curve parameter %3, the curve "
                       "runs from -1 to 1): extend the curve or close it")},
    {R"(^joint '([^']*)': the contact point left the open (I|J) curve at t = (\S+) s \(curve parameter (\S+), the curve runs from -1 to 1\): extend the curve or close it)",
     QT_TRANSLATE_NOOP(
         "SolverMessages",
         "joint '%1': the contact point left the open %2 curve at t = %3 s (curve parameter %4, "
         "the curve runs from -1 to 1): extend the curve or close it")},
    {R"(^formulation \(automatic\): SI2, absolute coordinates — the joint-coordinate \(DMBS\) formulation does not cover )",
     QT_TRANSLATE_NOOP("SolverMessages",
                       "formulation (automatic): SI2, absolute coordinates — the joint-coordinate (DMBS) "
                       "formulation does not cover ")},
    {R"(^formulation \(automatic\): SI2, absolute coordinates — the joint-coordinate \(DMBS\) integrators do not evaluate sensors: )",
     QT_TRANSLATE_NOOP("SolverMessages",
                       "formulation (automatic): SI2, absolute coordinates — the joint-coordinate (DMBS) "
                       "integrators do not evaluate sensors: ")},
    // The DMBS run's integrator (Status::notes) and HHT's fallback warning.
    {R"(^DMBS integrator: Runge–Kutta 5\(4\) \(Dormand–Prince\), BDF \(fixed leading coefficient\) once stiff \(GSTIFF\) on the joint coordinates)",
     QT_TRANSLATE_NOOP(
         "SolverMessages",
         "DMBS integrator: Runge–Kutta 5(4) (Dormand–Prince), BDF (fixed leading coefficient) once "
         "stiff (GSTIFF) on the joint coordinates")},
    {R"(^DMBS integrator: Runge–Kutta 5\(4\) \(Dormand–Prince\), BDF \(variable coefficient\) once stiff \(WSTIFF\) on the joint coordinates)",
     QT_TRANSLATE_NOOP(
         "SolverMessages",
         "DMBS integrator: Runge–Kutta 5(4) (Dormand–Prince), BDF (variable coefficient) once stiff "
         "(WSTIFF) on the joint coordinates")},
    {R"(^DMBS integrator: BDF \(fixed leading coefficient\) \(GSTIFF\) on the joint coordinates)",
     QT_TRANSLATE_NOOP("SolverMessages",
                       "DMBS integrator: BDF (fixed leading coefficient) (GSTIFF) on the joint coordinates")},
    {R"(^DMBS integrator: BDF \(variable coefficient\) \(WSTIFF\) on the joint coordinates)",
     QT_TRANSLATE_NOOP("SolverMessages",
                       "DMBS integrator: BDF (variable coefficient) (WSTIFF) on the joint coordinates")},
    {R"(^DMBS: the model is stiff \(h·λ = (\S+) on the explicit method's steps\); BDF from t = (\S+) s)",
     QT_TRANSLATE_NOOP(
         "SolverMessages",
         "DMBS: the model is stiff (h·λ = %1 on the explicit method's steps); BDF from t = %2 s")},
    {R"(^DMBS integrator: Runge–Kutta 5\(4\) \(Dormand–Prince\) \((\S+)\) on the joint coordinates)",
     QT_TRANSLATE_NOOP("SolverMessages",
                       "DMBS integrator: Runge–Kutta 5(4) (Dormand–Prince) (%1) on the joint coordinates")},
    {R"(^DMBS formulation: (\S+) applies to the absolute formulations; the joint coordinates are integrated with Runge–Kutta 5\(4\))",
     QT_TRANSLATE_NOOP("SolverMessages",
                       "DMBS formulation: %1 applies to the absolute formulations; the joint coordinates are "
                       "integrated with Runge–Kutta 5(4)")},
    {R"( \(constraint element, marked by the user\))",
     QT_TRANSLATE_NOOP("SolverMessages", " (constraint element, marked by the user)")},
    {R"( \(closes a loop, chosen automatically\))",
     QT_TRANSLATE_NOOP("SolverMessages", " (closes a loop, chosen automatically)")},
    {R"( \(joint primitive, always cut\))",
     QT_TRANSLATE_NOOP("SolverMessages", " (joint primitive, always cut)")},
    {R"( cannot be a constraint element \(cut joint\): without it )",
     QT_TRANSLATE_NOOP("SolverMessages", " cannot be a constraint element (cut joint): without it ")},
    {R"(joints ('[^']*'(?:, '[^']*')*) cannot all be constraint elements \(cut joints\): without them )",
     QT_TRANSLATE_NOOP("SolverMessages",
                       "joints %1 cannot all be constraint elements (cut joints): without them ")},
    {R"( has no path of tree joints to ground, so DMBS has no spanning tree; unmark it)",
     QT_TRANSLATE_NOOP("SolverMessages",
                       " has no path of tree joints to ground, so DMBS has no spanning tree; unmark it")},
    {R"( has no path of tree joints to ground, so DMBS has no spanning tree; unmark one of them)",
     QT_TRANSLATE_NOOP(
         "SolverMessages",
         " has no path of tree joints to ground, so DMBS has no spanning tree; unmark one of them")},
    {R"(: a (\S+) joint cannot be a constraint element \(cut joint\): DMBS has no cut-joint equations for it)",
     QT_TRANSLATE_NOOP(
         "SolverMessages",
         ": a %1 joint cannot be a constraint element (cut joint): DMBS has no cut-joint equations for it"),
     1},
    {R"( cannot be a constraint element \(cut joint\): it couples two joints and is never in the DMBS tree)",
     QT_TRANSLATE_NOOP(
         "SolverMessages",
         " cannot be a constraint element (cut joint): it couples two joints and is never in the DMBS "
         "tree")},
    // The energy balance of a dynamic run (Status::notes, solver/src/dynamics/EnergyAccount.cpp).
    {R"(^Energy balance (\S+) → (\S+) s \[J\]: mechanical energy (\S+) → (\S+) \(kinetic (\S+) → (\S+), gravity (\S+) → (\S+), strain (\S+) → ([^)]+)\)$)",
     QT_TRANSLATE_NOOP(
         "SolverMessages",
         "Energy balance %1 → %2 s [J]: mechanical energy %3 → %4 (kinetic %5 → %6, gravity %7 → "
         "%8, strain %9 → %10)")},
    {R"(^Energy balance (\S+) → (\S+) s \[J\]: mechanical energy (\S+) → (\S+) \(kinetic (\S+) → (\S+), gravity (\S+) → ([^)]+)\)$)",
     QT_TRANSLATE_NOOP(
         "SolverMessages",
         "Energy balance %1 → %2 s [J]: mechanical energy %3 → %4 (kinetic %5 → %6, gravity %7 → "
         "%8)")},
    {R"(^Energy balance: work of motions (\S+) \((.*)\)$)",
     QT_TRANSLATE_NOOP("SolverMessages", "Energy balance: work of motions %1 (%2)")},
    {R"(^Energy balance: work of motions (\S+)$)",
     QT_TRANSLATE_NOOP("SolverMessages", "Energy balance: work of motions %1")},
    {R"(^Energy balance: work of forces (\S+): )",
     QT_TRANSLATE_NOOP("SolverMessages", "Energy balance: work of forces %1: ")},
    {R"(^Energy balance: work of forces (\S+)$)",
     QT_TRANSLATE_NOOP("SolverMessages", "Energy balance: work of forces %1")},
    {R"('([^']*)' contact ([-+]\S+))", QT_TRANSLATE_NOOP("SolverMessages", "'%1' contact %2")},
    {R"('([^']*)' friction ([-+]\S+))", QT_TRANSLATE_NOOP("SolverMessages", "'%1' friction %2")},
    {R"('([^']*)' material damping ([-+]\S+))",
     QT_TRANSLATE_NOOP("SolverMessages", "'%1' material damping %2")},
    {R"(, (\d+) more ([-+]\S+)$)", QT_TRANSLATE_NOOP("SolverMessages", ", %1 more %2")},
    {R"(^Energy balance error (\S+) J \((\S+) of the largest term\)$)",
     QT_TRANSLATE_NOOP(
         "SolverMessages",
         "Energy balance error %1 J (%2 of the largest term)")},  // Degrees of freedom and assembly moves
                                                                  // (core/ModelNotes.cpp), as mbsolve notes
                                                                  // them.
    {R"(^the model has no degrees of freedom: its constraints fix every part)",
     QT_TRANSLATE_NOOP("SolverMessages",
                       "the model has no degrees of freedom: its constraints fix every part")},
    {R"(^the model is kinematically determinate: its 1 degree of freedom is driven by a motion)",
     QT_TRANSLATE_NOOP(
         "SolverMessages",
         "the model is kinematically determinate: its 1 degree of freedom is driven by a motion")},
    {R"(^the model is kinematically determinate: its (\d+) degrees of freedom are driven by motions)",
     QT_TRANSLATE_NOOP(
         "SolverMessages",
         "the model is kinematically determinate: its %1 degrees of freedom are driven by motions")},
    {R"(^the model has (\d+) degrees? of freedom \((\d+) driven by motions, (\d+) free\))",
     QT_TRANSLATE_NOOP("SolverMessages",
                       "the model has %1 degrees of freedom (%2 driven by motions, %3 free)")},
    {R"(^the model has (\d+) degrees? of freedom)",
     QT_TRANSLATE_NOOP("SolverMessages", "the model has %1 degrees of freedom")},
    {R"(; (\d+) redundant constraint equations?: )",
     QT_TRANSLATE_NOOP("SolverMessages", "; %1 redundant constraint equations: ")},
    {R"( \(counted at the initial positions: the model does not assemble\))",
     QT_TRANSLATE_NOOP("SolverMessages", " (counted at the initial positions: the model does not assemble)")},
    {R"(^part '([^']*)' moved (\S+) m and (\S+) deg by the initial assembly$)",
     QT_TRANSLATE_NOOP("SolverMessages", "part '%1' moved %2 m and %3 deg by the initial assembly")},
    // Forces reading solved loads (solver/src/forces/LoadReadingForces.cpp, LinearAnalysis.cpp).
    {R"(its functions read solved loads that depend on its own \(through JOINT\(\), FX\(\) \.\.\. or another force's function\), and (\d+) passes found no consistent value)",
     QT_TRANSLATE_NOOP("SolverMessages",
                       "its functions read solved loads that depend on its own (through JOINT(), FX() ... or "
                       "another force's function), and %1 passes found no consistent value")},
    {R"(^linearization: force '([^']*)' reads solved loads \(JOINT\(\), FX\(\) \.\.\.\), which depend on the state through the reactions; the linearization does not include that dependence, so it is refused)",
     QT_TRANSLATE_NOOP(
         "SolverMessages",
         "linearization: force '%1' reads solved loads (JOINT(), FX() ...), which depend on the "
         "state through the reactions; the linearization does not include that dependence, so "
         "it is refused")},
};

}  // namespace

QString translateSolverMessage(const QString& message)
{
  static const PhraseTable table("SolverMessages", kPhrases);
  return table.translate(message);
}

}  // namespace mbs::ui
