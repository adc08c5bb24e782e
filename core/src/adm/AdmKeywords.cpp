#include "mbs/core/AdmKeywords.hpp"

#include <algorithm>

namespace mbs::core::adm {
namespace {

constexpr Form F = Form::Flag, V = Form::Value, E = Form::Expression;
constexpr Use R = Use::Read, I = Use::Ignored, X = Use::Refused;

constexpr const char* kSubroutine = "user subroutines cannot be run";

// Arguments per statement, spelled as in the Adams/Solver (C++) statement reference.
constexpr Keyword kAccgrav[] = {{"IGRAVITY", V, R}, {"JGRAVITY", V, R}, {"KGRAVITY", V, R}};
constexpr Keyword kUnits[] = {{"FORCE", V, R}, {"MASS", V, R},   {"LENGTH", V, R},
                              {"TIME", V, R},  {"SYSTEM", V, R}, {"UCF", V, R}};
constexpr Keyword kPart[] = {
    {"MASS", V, R},
    {"CM", V, R},
    {"IM", V, R},
    {"IP", V, R},
    {"QG", V, R},
    {"REULER", V, R},
    {"XG", V, R},
    {"ZG", V, R},
    {"VX", V, R},
    {"VY", V, R},
    {"VZ", V, R},
    {"WX", V, R},
    {"WY", V, R},
    {"WZ", V, R},
    {"EXACT", V, R},
    {"GROUND", F, R},
    {"VM", V, X, "initial velocities about a velocity marker (VM) are not supported"},
    {"WM", V, X, "initial angular velocities about a marker (WM) are not supported"},
    {"PLANAR", F, X, "planar parts are not supported"},
};
// POINT_MASS: three translations; no inertia, no angular velocity (Adams has no IP, WX ... for it).
constexpr Keyword kPointMass[] = {{"MASS", V, R}, {"CM", V, R},   {"QG", V, R}, {"REULER", V, R},
                                  {"XG", V, R},   {"ZG", V, R},   {"VX", V, R}, {"VY", V, R},
                                  {"VZ", V, R},   {"EXACT", V, R}};
constexpr Keyword kMarker[] = {
    {"PART", V, R},
    {"QP", V, R},
    {"REULER", V, R},
    {"XP", V, R},
    {"ZP", V, R},
    {"USEXP", F, R},
    {"FLOATING", F, R},
    {"RM", V, X, "marker positions relative to a reference marker (RM) are not supported"},
    {"FLEX_BODY", V, X, "flexible bodies are imported from mbstudio's own format only"},
    {"NODE_ID", V, X, "flexible bodies are imported from mbstudio's own format only"},
    {"FE_PART", V, X, "FE beam parts (FE_PART) are read from mbstudio's own format only"},
    {"POINT_MASS", V, R},
    {"CURVE", V, X, "markers on curves are not supported"},
    {"SURFACE", V, X, "markers on surfaces are not supported"},
};
constexpr Keyword kJoint[] = {
    {"I", V, R},
    {"J", V, R},
    {"CONVEL", F, R},
    {"CYLINDRICAL", F, R},
    {"FIXED", F, R},
    {"HOOKE", F, R},
    {"PLANAR", F, R},
    {"RACKPIN", F, R},
    {"REVOLUTE", F, R},
    {"SCREW", F, R},
    {"SPHERICAL", F, R},
    {"TRANSLATIONAL", F, R},
    {"UNIVERSAL", F, R},
    {"PD", V, R},
    {"PITCH", V, R},
    {"IC", V, R},
    {"ICROT", V, R},
    {"ICTRAN", V, R},
    {"DELTA_V", V, I, "an initial-condition tolerance; the solver uses its own"},
    {"MAXIMUM_DEFORMATION", V, I, "an initial-condition tolerance; the solver uses its own"},
};
constexpr Keyword kJprim[] = {
    {"I", V, R},       {"J", V, R},           {"ATPOINT", F, R},       {"INLINE", F, R},
    {"INPLANE", F, R}, {"ORIENTATION", F, R}, {"PARALLEL_AXES", F, R}, {"PERPENDICULAR", F, R}};
// CURVE from a MATRIX of points (AdmCurves.cpp); a B-spline's parameter always runs from -1 to 1.
constexpr Keyword kCurve[] = {
    {"CLOSED", F, R},
    {"CURVE_POINTS", F, R},
    {"MATRIX", V, R},
    {"ORDER", V, R},
    {"MINPAR", V, I, "a B-spline curve's parameter runs from -1 to 1 (MINPAR is for user-written curves)"},
    {"MAXPAR", V, I, "a B-spline curve's parameter runs from -1 to 1 (MAXPAR is for user-written curves)"},
    {"FUNCTION", E, X, "curves computed by a user subroutine (CURSUB) cannot be evaluated"},
    {"ROUTINE", V, X, kSubroutine},
};
constexpr Keyword kPtcv[] = {{"I", V, R},    {"JFLOAT", V, R}, {"CURVE", V, R}, {"RM", V, R},
                             {"DISP", V, R}, {"ICM", V, R},    {"VEL", V, R}};
constexpr Keyword kCvcv[] = {{"ICURVE", V, R}, {"IRM", V, R},    {"IFLOAT", V, R}, {"JCURVE", V, R},
                             {"JRM", V, R},    {"JFLOAT", V, R}, {"IDISP", V, R},  {"IICM", V, R},
                             {"JDISP", V, R},  {"JICM", V, R},   {"IVEL", V, R},   {"JVEL", V, R}};
constexpr Keyword kGear[] = {{"JOINTS", V, R}, {"CV", V, R}};
constexpr Keyword kCoupler[] = {
    {"JOINTS", V, R},
    {"TYPE", V, R},
    {"SCALES", V, R},
    {"FUNCTION", E, X, "couplers defined by functions are not supported"},
    {"ROUTINE", V, X, kSubroutine},
};
// TRANSLATIONAL and ROTATIONAL (what Adams/View writes for a joint motion) mean TRANSLATION and
// ROTATION; only in full, so that TRANS and ROT stay abbreviations of the documented words.
constexpr Keyword kMotion[] = {
    {"JOINT", V, R},
    {"I", V, R},
    {"J", V, R},
    {"TRANSLATION", F, R},
    {"ROTATION", F, R},
    {"TRANSLATIONAL", F, R, "", 13},
    {"ROTATIONAL", F, R, "", 10},
    {"X", F, R},
    {"Y", F, R},
    {"Z", F, R},
    {"B1", F, R},
    {"B2", F, R},
    {"B3", F, R},
    {"DISPLACEMENT", F, R},
    {"VELOCITY", F, R},
    {"ACCELERATION", F, R},
    {"FUNCTION", E, R},
    {"ICDISP", V, R},
    {"ICVEL", V, R},
    {"ROUTINE", V, X, kSubroutine},
};
constexpr Keyword kSforce[] = {
    {"I", V, R},          {"J", V, R},        {"TRANSLATIONAL", F, R},       {"ROTATIONAL", F, R},
    {"ACTIONONLY", F, R}, {"FUNCTION", E, R}, {"ROUTINE", V, X, kSubroutine}};
// The reference spells the kinds TRANSLATIONAL and ROTATIONAL (TRANSLATION, ROTATION abbreviate them).
constexpr Keyword kSpringDamper[] = {{"I", V, R},          {"J", V, R},     {"TRANSLATIONAL", F, R},
                                     {"ROTATIONAL", F, R}, {"K", V, R},     {"C", V, R},
                                     {"LENGTH", V, R},     {"FORCE", V, R}, {"KT", V, R},
                                     {"CT", V, R},         {"ANGLE", V, R}, {"TORQUE", V, R}};
constexpr Keyword kBushing[] = {{"I", V, R},  {"J", V, R},  {"K", V, R},     {"C", V, R},
                                {"KT", V, R}, {"CT", V, R}, {"FORCE", V, R}, {"TORQUE", V, R}};
// BEAM: the linear (Timoshenko) formulation; FORMULATION other than LINEAR is refused by the reader.
constexpr Keyword kBeam[] = {{"I", V, R},      {"J", V, R},          {"LENGTH", V, R},   {"IXX", V, R},
                             {"IYY", V, R},    {"IZZ", V, R},        {"AREA", V, R},     {"ASY", V, R},
                             {"ASZ", V, R},    {"EMODULUS", V, R},   {"GMODULUS", V, R}, {"CMATRIX", V, R},
                             {"CRATIO", V, R}, {"FORMULATION", V, R}};
constexpr Keyword kField[] = {
    {"I", V, R},
    {"J", V, R},
    {"KMATRIX", V, R},
    {"CMATRIX", V, R},
    {"CRATIO", V, R},
    {"LENGTH", V, R},
    {"FORCE", V, R},
    {"FUNCTION", E, X,
     "a nonlinear FIELD (FUNCTION = USER(...)) calls the user subroutine FIESUB, which cannot be run"},
    {"ROUTINE", V, X, kSubroutine}};
// NFORCE: IMARKERS (I abbreviates it), J, the MATRIX ids; LENGTH and FORCE are MATRIX ids too.
constexpr Keyword kNforce[] = {
    {"IMARKERS", V, R}, {"J", V, R},
    {"KMATRIX", V, R},  {"CMATRIX", V, R},
    {"CRATIO", V, R},   {"LENGTH", V, R},
    {"FORCE", V, R},    {"JFLOAT", V, X, "a floating J marker (JFLOAT) is not supported for NFORCE"}};
constexpr Keyword kGforce[] = {{"I", V, R},
                               {"JFLOAT", V, R},
                               {"RM", V, R},
                               {"FX", E, R},
                               {"FY", E, R},
                               {"FZ", E, R},
                               {"TX", E, R},
                               {"TY", E, R},
                               {"TZ", E, R},
                               {"FUNCTION", E, X, kSubroutine},
                               {"ROUTINE", V, X, kSubroutine}};
constexpr Keyword kVforce[] = {{"I", V, R},
                               {"JFLOAT", V, R},
                               {"RM", V, R},
                               {"FX", E, R},
                               {"FY", E, R},
                               {"FZ", E, R},
                               {"FUNCTION", E, X, kSubroutine},
                               {"ROUTINE", V, X, kSubroutine}};
constexpr Keyword kVtorque[] = {{"I", V, R},
                                {"JFLOAT", V, R},
                                {"RM", V, R},
                                {"TX", E, R},
                                {"TY", E, R},
                                {"TZ", E, R},
                                {"FUNCTION", E, X, kSubroutine},
                                {"ROUTINE", V, X, kSubroutine}};
constexpr Keyword kFriction[] = {
    {"JOINT", V, R},
    {"MU_STATIC", V, R},
    {"MU_DYNAMIC", V, R},
    {"STICTION_TRANSITION_VELOCITY", V, R},
    {"TRANSITION_VELOCITY_COEFFICIENT", V, R},
    {"MAX_STICTION_DEFORMATION", V, R},
    {"FRICTION_FORCE_PRELOAD", V, R},
    {"FRICTION_TORQUE_PRELOAD", V, R},
    {"PIN_RADIUS", V, R},
    {"BALL_RADIUS", V, R},
    {"FRICTION_ARM", V, R},
    {"BENDING_REACTION_ARM", V, R},
    {"REACTION_ARM", V, R},
    {"INPUTS", V, R},
    {"EFFECT", V, R},
    {"INITIAL_OVERLAP", V, X, "the overlap of sliding joints is not modelled"},
    {"OVERLAP_DELTA", V, X, "the overlap of sliding joints is not modelled"},
    {"INACTIVE", V, R},
    {"MAX_FRICTION_FORCE", V, X, "a friction force limit is not supported"},
    {"MAX_FRICTION_TORQUE", V, X, "a friction torque limit is not supported"},
    {"FRICTION_MODEL", V, X, "only the stick-slip friction model is supported"},
};
constexpr Keyword kGcon[] = {{"I", V, R}, {"FUNCTION", E, R}};
// Reference data (AdmData.cpp).
constexpr const char* kDataFile = "data read from files (DAC, RPC III or user files) is not read";
constexpr Keyword kSpline[] = {{"X", V, R},
                               {"Y", V, R},
                               {"LINEAR_EXTRAPOLATE", F, R},
                               {"FILE", V, X, kDataFile},
                               {"CHANNEL", V, X, kDataFile},
                               {"BLOCK", V, X, kDataFile},
                               {"ROUTINE", V, X, kSubroutine}};
// X, U and Y arrays: the states, inputs and outputs of LSE and TFSISO (AdmStateEquations.cpp).
constexpr Keyword kArray[] = {{"IC", F, R}, {"NUMBERS", V, R}, {"SIZE", V, R},     {"U", F, R},
                              {"X", F, R},  {"Y", F, R},       {"VARIABLES", V, R}};
constexpr Keyword kTfsiso[] = {{"NUMERATOR", V, R}, {"DENOMINATOR", V, R}, {"U", V, R},
                               {"X", V, R},         {"Y", V, R},           {"STATIC_HOLD", F, R}};
constexpr Keyword kLse[] = {{"A", V, R}, {"B", V, R}, {"C", V, R},  {"D", V, R},          {"X", V, R},
                            {"U", V, R}, {"Y", V, R}, {"IC", V, R}, {"STATIC_HOLD", F, R}};
// DIFF (AdmSystemElements.cpp): explicit equations ẋ = FUNCTION.
constexpr Keyword kDiff[] = {
    {"FUNCTION", E, R},
    {"IC", V, R},
    {"STATIC_HOLD", F, R},
    {"IMPLICIT", F, X, "implicit differential equations (0 = f(x, x', ...)) are not supported"},
    {"ROUTINE", V, X, kSubroutine}};
constexpr Keyword kMatrix[] = {{"FULL", V, R},
                               {"SPARSE", F, R},
                               {"ROWS", V, R},
                               {"COLUMNS", V, R},
                               {"I", V, R},
                               {"J", V, R},
                               {"VALUES", V, R},
                               {"FILE", V, X, kDataFile},
                               {"NAME", V, X, kDataFile}};
constexpr Keyword kSensor[] = {
    {"FUNCTION", E, R},
    {"VALUE", V, R},
    {"ERROR", V, R},
    {"EQ", F, R},
    {"GE", F, R},
    {"LE", F, R},
    {"HALT", F, R},
    {"RETURN", F, R},
    {"PRINT", F, R},
    {"RESTART", F, R},
    {"STEPSIZE", V, R},
    {"EVALUATE", E, R},
    {"DT", V, X, "changing the output step during a run is not supported"},
    {"CODGEN", F, I, "a new pivot sequence; no effect on the results"},
    {"YYDUMP", F, I, "a debug dump of the state"},
    {"BISECTION", F, I, "the firing time is found by regula falsi (Illinois) to 1e-13 of the time"},
    {"ROUTINE", V, X, kSubroutine},
    {"EVALUATE_ROUTINE", V, X, kSubroutine},
};
constexpr Keyword kPlantPort[] = {{"VARIABLES", V, R}};
constexpr Keyword kVariable[] = {{"FUNCTION", E, R}, {"IC", V, R}, {"ROUTINE", V, X, kSubroutine}};
constexpr const char* kTuning = "an integrator setting this solver does not use";
constexpr Keyword kIntegrator[] = {
    {"GSTIFF", F, R},
    {"WSTIFF", F, R},
    {"HHT", F, R},
    {"RKF45", F, R},
    {"CONSTANT_BDF", F, R},
    {"DSTIFF", F, R},
    {"HASTIFF", F, R},
    {"NEWMARK", F, R},
    {"ABAM", F, R},
    {"I3", F, R},
    {"SI2", F, R},
    {"SI1", F, R},
    {"FORMULATION", V, R},
    {"ERROR", V, R},
    {"HMAX", V, R},
    {"HINIT", V, R},
    {"MAXIT", V, R},
    {"HMIN", V, I, kTuning},
    {"KMAX", V, R},
    {"CORRECTOR", V, I, kTuning},
    {"INTERPOLATE", V, I, kTuning},
    {"PATTERN", V, I, kTuning},
    {"ALPHA", V, I, kTuning},
    {"BETA", V, I, kTuning},
    {"GAMMA", V, I, kTuning},
    {"ADAPTIVITY", V, I, kTuning},
    {"SCALE", V, I, kTuning},
};
constexpr Keyword kContact[] = {
    {"IGEOM", V, R},
    {"JGEOM", V, R},
    {"IFLIP_GEOMETRY", V, R},
    {"JFLIP_GEOMETRY", V, R},
    {"IMPACT", F, R},
    {"POISSON", F, R},
    {"STIFFNESS", V, R},
    {"EXPONENT", V, R},
    {"DAMPING", V, R},
    {"DMAX", V, R},
    {"PENALTY", V, R},
    {"RESTITUTION_COEFFICIENT", V, R},
    {"NORMAL_FUNCTION", V, X, kSubroutine},
    {"NORMAL_ROUTINE", V, X, kSubroutine},
    {"FRICTION_FUNCTION", V, X, kSubroutine},
    {"FRICTION_ROUTINE", V, X, kSubroutine},
    {"COULOMB_FRICTION", V, R},
    {"MU_STATIC", V, R},
    {"MU_DYNAMIC", V, R},
    {"STICTION_TRANSITION_VELOCITY", V, R},
    {"FRICTION_TRANSITION_VELOCITY", V, R},
    {"AUGMENTED_LAGRANGIAN_FORMULATION", F, X,
     "the augmented Lagrangian refinement of POISSON is not supported (the contact force is a penalty "
     "force)"},
    {"FACETING_TOLERANCE", V, I, "sphere and plane are exact"},
    {"INACTIVE_DURING", V, R},
};
constexpr Keyword kGraphics[] = {
    {"CYLINDER", F, R},
    {"FRUSTUM", F, R},
    {"BOX", F, R},
    {"ELLIPSOID", F, R},
    {"PLANE", F, R},
    {"XMIN", V, R},
    {"XMAX", V, R},
    {"YMIN", V, R},
    {"YMAX", V, R},
    {"OUTLINE", V, R},
    {"CM", V, R},
    {"LENGTH", V, R},
    {"RADIUS", V, R},
    {"TOP", V, R},
    {"BOTTOM", V, R},
    {"CORNER", V, R},
    {"X", V, R},
    {"Y", V, R},
    {"Z", V, R},
    {"XSCALE", V, R},
    {"YSCALE", V, R},
    {"ZSCALE", V, R},
    {"SIDES", V, I, "drawn smooth"},
    {"SEG", V, I, "drawn smooth"},
    {"RANGLE", V, I, "drawn as a full revolution"},
    {"CIRCLE", F, I, "circle graphics are not drawn"},
    {"ARC", F, I, "arc graphics are not drawn"},
    {"CURVE", F, I, "curve graphics are not drawn"},
    {"CID", V, I, "curve graphics are not drawn"},
    {"CRM", V, I, "curve graphics are not drawn"},
    {"FORCE", F, I, "force graphics are not drawn"},
    {"SPDP", F, I, "spring-damper graphics are not drawn"},
    {"POINT", F, I, "point graphics are not drawn"},
    {"TORUS", F, R},
    {"MAJOR_RADIUS", V, R},
    {"MINOR_RADIUS", V, R},
    {"LINK", F, I, "link graphics are not drawn"},
    {"REVOLUTION", F, I, "revolution graphics are not drawn"},
    {"EXTRUSION", F, I, "extrusion graphics are not drawn"},
    {"EXTERNAL", F, I, "geometry in an external CAD file: its reference is kept, the file is not read"},
    {"FILE", V, I, "geometry in an external CAD file: its reference is kept, the file is not read"},
    {"ELEMENT", V, I, "geometry in an external CAD file: its reference is kept, the file is not read"},
    {"RM", V, I, "graphics detail not drawn"},
    {"ETYPE", V, I, "graphics detail not drawn"},
    {"EID", V, I, "graphics detail not drawn"},
    {"EMARKER", V, I, "graphics detail not drawn"},
    {"I", V, I, "graphics detail not drawn"},
    {"J", V, I, "graphics detail not drawn"},
    {"DA", V, I, "graphics detail not drawn"},
    {"DB", V, I, "graphics detail not drawn"},
    {"DC", V, I, "graphics detail not drawn"},
    {"DD", V, I, "graphics detail not drawn"},
    {"COILS", V, I, "graphics detail not drawn"},
    {"LA", V, I, "graphics detail not drawn"},
    {"LB", V, I, "graphics detail not drawn"},
    {"LC", V, I, "graphics detail not drawn"},
    {"LD", V, I, "graphics detail not drawn"},
};
constexpr Keyword kRequest[] = {
    {"DISPLACEMENT", F, R, "", 1},
    {"VELOCITY", F, R, "", 1},
    {"ACCELERATION", F, R, "", 1},
    {"FORCE", F, R, "", 1},
    {"I", V, R},
    {"J", V, R},
    {"RM", V, R},
    {"F1", E, R},
    {"F2", E, R},
    {"F3", E, R},
    {"F4", E, R},
    {"F5", E, R},
    {"F6", E, R},
    {"F7", E, R},
    {"F8", E, R},
    {"TITLE", V, R},
    {"COMMENT", V, R, "", 1},
    {"CNAMES", V, I, "column names come from the request id", 2},
    {"CUNITS", V, I, "results are in SI units", 2},
    {"CLABELS", V, I, "column names come from the request id", 2},
    {"RESULTS_NAME", V, I, "column names come from the request id"},
    {"FUNCTION", E, I, kSubroutine, 2},
    {"ROUTINE", V, I, kSubroutine},
};

constexpr const char* kOutputOnly = "an output setting; results go to the CSV file";
constexpr const char* kSolverSetting = "a solver setting this solver does not use";
constexpr const char* kData = "reference data; an element that uses it is refused";

constexpr StatementInfo kStatements[] = {
    {"ACCGRAV", R, "", kAccgrav},
    {"ARRAY", R, "", kArray},
    {"BEAM", R, "", kBeam},
    {"BUSHING", R, "", kBushing},
    {"CLEARANCE", X, "clearance elements are not supported", {}},
    {"CONTACT", R, "", kContact},
    {"COUPLER", R, "", kCoupler},
    {"CURVE", R, "", kCurve},
    {"CVCV", R, "", kCvcv},
    {"DEBUG", I, kSolverSetting, {}},
    {"DIFF", R, "", kDiff},
    {"END", R, "", {}},
    {"ENVIRONMENT", I, kSolverSetting, {}},
    {"EQUILIBRIUM", I, kSolverSetting, {}},
    {"FEMDATA", I, kOutputOnly, {}},
    {"FE_LOAD", X, "FE beam parts (FE_PART) are read from mbstudio's own format only", {}},
    {"FE_NODE", X, "FE beam parts (FE_PART) are read from mbstudio's own format only", {}},
    {"FE_PART",
     X,
     "FE beam parts are read from mbstudio's own format only (its FE beam is co-rotational, Adams' is "
     "ANCF; the deck's node and section syntax is not mapped yet)",
     {}},
    {"FIELD", R, "", kField},
    {"FLEX_BODY", X, "flexible bodies are imported from mbstudio's own format only", {}},
    {"FRICTION", R, "", kFriction},
    {"GCON", R, "", kGcon},
    {"GEAR", R, "", kGear},
    {"GFORCE", R, "", kGforce},
    {"GRAPHICS", R, "", kGraphics},
    {"GSE",
     X,
     "a GSE's equations are defined by user subroutines (GSE_DERIV, GSE_OUTPUT ... or GSESUB), which cannot "
     "be "
     "run",
     {}},
    {"IC", I, kSolverSetting, {}},
    {"INTEGRATOR", R, "", kIntegrator},
    {"JOINT", R, "", kJoint},
    {"JPRIM", R, "", kJprim},
    {"KINEMATICS", I, kSolverSetting, {}},
    {"LSE", R, "", kLse},
    {"LSOLVER", I, kSolverSetting, {}},
    {"MARKER", R, "", kMarker},
    {"MATRIX", R, "", kMatrix},
    {"MFORCE", X, "modal forces are not supported", {}},
    {"MOTION", R, "", kMotion},
    {"MREQUEST", I, kOutputOnly, {}},
    {"NFORCE", R, "", kNforce},
    {"OUTPUT", I, kOutputOnly, {}},
    {"PART", R, "", kPart},
    {"PINPUT", R, "", kPlantPort},
    {"POINT_MASS", R, "", kPointMass},
    {"POUTPUT", R, "", kPlantPort},
    {"PREFERENCES", I, kSolverSetting, {}},
    {"PTCV", R, "", kPtcv},
    {"REQUEST", R, "", kRequest},
    {"RESULTS", I, kOutputOnly, {}},
    {"SENSOR", R, "", kSensor},
    {"SFORCE", R, "", kSforce},
    {"SPLINE", R, "", kSpline},
    {"SPRINGDAMPER", R, "", kSpringDamper},
    {"STRING", I, kData, {}},
    {"SURFACE", I, kData, {}},
    {"TFSISO", R, "", kTfsiso},
    {"UCON", X, "user constraints are not supported", {}},
    {"UNITS", R, "", kUnits},
    {"VARIABLE", R, "", kVariable},
    {"VFORCE", R, "", kVforce},
    {"VTORQUE", R, "", kVtorque},
};

// The documented spellings (DYNAMICS, KINEMATICS, STATICS): DYNAMIC, STATIC ... are prefixes.
constexpr Keyword kSimulate[] = {
    {"STATICS", F, R},
    {"KINEMATICS", F, R},
    {"DYNAMICS", F, R},
    {"TRANSIENT", F, R},
    {"INITIAL_CONDITIONS", F, R},
    {"DISPLACEMENT", F, I, "the initial-conditions analysis always solves all three"},
    {"VELOCITY", F, I, "the initial-conditions analysis always solves all three"},
    {"ACCELERATION", F, I, "the initial-conditions analysis always solves all three"},
    {"END", V, R},
    {"DURATION", V, R},
    {"STEPS", V, R},
    {"DTOUT", V, R}};
constexpr Keyword kActivate[] = {
    {"JOINT", F, R},   {"JPRIM", F, R},   {"MOTION", F, R}, {"SFORCE", F, R},  {"SPRINGDAMPER", F, R},
    {"BUSHING", F, R}, {"GFORCE", F, R},  {"VFORCE", F, R}, {"VTORQUE", F, R}, {"COUPLER", F, R},
    {"GEAR", F, R},    {"CONTACT", F, R}, {"SENSOR", F, R}, {"ID", V, R},      {"RANGE", V, R}};
constexpr const char* kRedefine = "redefining elements from a command file is not supported";
constexpr const char* kNoEffect = "a command without effect on the results here";
constexpr const char* kList = "listing is not done (mbsolve prints no element data)";
constexpr const char* kRetarget =
    "moving an element to other markers, joints or axes from a command file is not supported";

// Redefinition commands (Adams/Solver (C++) command reference): what they respecify.
constexpr Keyword kAccgravCommand[] = {
    {"IGRAVITY", V, R}, {"JGRAVITY", V, R}, {"KGRAVITY", V, R}, {"LIST", F, I, kList}};
constexpr Keyword kVariableCommand[] = {{"FUNCTION", E, R},
                                        {"IC", V, I, "an initial guess; the solver computes the value"},
                                        {"LIST", F, I, kList},
                                        {"ROUTINE", V, X, kSubroutine}};
constexpr Keyword kMotionCommand[] = {{"FUNCTION", E, R},
                                      {"DISPLACEMENT", F, R},
                                      {"VELOCITY", F, R},
                                      {"ACCELERATION", F, R},
                                      {"ICDISP", V, R},
                                      {"ICVEL", V, R},
                                      {"LIST", F, I, kList},
                                      {"JOINT", V, X, kRetarget},
                                      {"I", V, X, kRetarget},
                                      {"J", V, X, kRetarget},
                                      {"X", F, X, kRetarget},
                                      {"Y", F, X, kRetarget},
                                      {"Z", F, X, kRetarget},
                                      {"B1", F, X, kRetarget},
                                      {"B2", F, X, kRetarget},
                                      {"B3", F, X, kRetarget},
                                      {"ROTATION", F, X, kRetarget},
                                      {"TRANSLATION", F, X, kRetarget},
                                      {"ROUTINE", V, X, kSubroutine}};
constexpr Keyword kSforceCommand[] = {{"FUNCTION", E, R},
                                      {"I", V, X, kRetarget},
                                      {"J", V, X, kRetarget},
                                      {"LIST", F, I, kList},
                                      {"ROUTINE", V, X, kSubroutine}};
constexpr Keyword kSpringDamperCommand[] = {
    {"K", V, R},          {"C", V, R},     {"LENGTH", V, R}, {"FORCE", V, R},        {"KT", V, R},
    {"CT", V, R},         {"ANGLE", V, R}, {"TORQUE", V, R}, {"I", V, X, kRetarget}, {"J", V, X, kRetarget},
    {"LIST", F, I, kList}};
constexpr Keyword kGforceCommand[] = {{"FX", E, R},
                                      {"FY", E, R},
                                      {"FZ", E, R},
                                      {"TX", E, R},
                                      {"TY", E, R},
                                      {"TZ", E, R},
                                      {"I", V, X, kRetarget},
                                      {"JFLOAT", V, X, kRetarget},
                                      {"RM", V, X, kRetarget},
                                      {"LIST", F, I, kList},
                                      {"FUNCTION", E, X, kSubroutine},
                                      {"ROUTINE", V, X, kSubroutine}};
constexpr Keyword kVforceCommand[] = {{"FX", E, R},
                                      {"FY", E, R},
                                      {"FZ", E, R},
                                      {"I", V, X, kRetarget},
                                      {"JFLOAT", V, X, kRetarget},
                                      {"RM", V, X, kRetarget},
                                      {"LIST", F, I, kList},
                                      {"FUNCTION", E, X, kSubroutine},
                                      {"ROUTINE", V, X, kSubroutine}};
constexpr Keyword kVtorqueCommand[] = {{"TX", E, R},
                                       {"TY", E, R},
                                       {"TZ", E, R},
                                       {"I", V, X, kRetarget},
                                       {"JFLOAT", V, X, kRetarget},
                                       {"RM", V, X, kRetarget},
                                       {"LIST", F, I, kList},
                                       {"FUNCTION", E, X, kSubroutine},
                                       {"ROUTINE", V, X, kSubroutine}};
// FILE/MODEL= loads the dataset (Adams/View's command files start so), COMMAND= reads commands.
constexpr Keyword kFile[] = {{"MODEL", V, R}, {"COMMAND", V, R}, {"OUTPUT_PREFIX", V, R}};
constexpr Keyword kEnvironmentCommand[] = {
    {"NAME", V, R}, {"VALUE", V, R}, {"UNSET", F, R}, {"LIST", F, I, kList}};

// LINEAR: EIGENSOL (the modes) and STATEMAT (A, B, C, D of a PINPUT and a POUTPUT) about the
// static equilibrium of the SIMULATE/STATICS before it.
constexpr const char* kLinearOutput = "an output of the eigen solution mbsolve does not write";
constexpr Keyword kLinear[] = {
    {"EIGENSOL", F, R},
    {"STATEMAT", F, R},
    {"PINPUT", V, R},
    {"POUTPUT", V, R},
    {"FILE", V, R},
    {"FORMAT", V, R},
    {"NOVECTOR", F, I, "mode shapes are not written by mbsolve"},
    {"COORDS", V, I, kLinearOutput},
    {"ENERGY", V, I, kLinearOutput},
    {"KINETIC", V, I, kLinearOutput},
    {"STRAIN", V, I, kLinearOutput},
    {"DISSIPAT", V, I, kLinearOutput},
    {"NODAMPIN", F, X, "an eigen solution without damping is not supported"},
    {"PSTATE", V, X,
     "user-chosen states (PSTATE) are not supported: the states are the independent part "
     "coordinates the linearization keeps"},
    {"RM", V, X, "states relative to a reference marker are not supported"},
    {"MKB", F, X, "the M, K, B matrix export is not supported"},
    {"EXPORT", F, X, "the linear model export (Nastran) is not supported"},
};

constexpr StatementInfo kCommands[] = {
    {"ACCGRAV", R, "", kAccgravCommand},
    {"ACTIVATE", R, "", kActivate},
    {"ARRAY", X, kRedefine, {}},
    {"BUSHING", X, kRedefine, {}},
    {"CONTROL", X, "CONTROL runs a user subroutine", {}},
    {"DEACTIVATE", R, "", kActivate},
    {"DEBUG", I, kNoEffect, {}},
    {"ENVIRONMENT", R, "", kEnvironmentCommand},
    {"EQUILIBRIUM", I, "static solver settings this solver does not use", {}},
    {"FILE", R, "", kFile},
    {"FRICTION", X, kRedefine, {}},
    {"GCON", X, kRedefine, {}},
    {"GFORCE", R, "", kGforceCommand},
    {"HELP", I, kNoEffect, {}},
    {"IC", I, "initial-condition solver settings this solver does not use", {}},
    {"INFO", I, kNoEffect, {}},
    {"INTEGRATOR", R, "", kIntegrator},
    {"JOINT", X, kRedefine, {}},
    {"KINEMATICS", I, "kinematic solver settings this solver does not use", {}},
    {"LINEAR", R, "", kLinear},
    {"LSOLVER", I, kNoEffect, {}},
    {"MARKER", X, kRedefine, {}},
    {"MENU", I, kNoEffect, {}},
    {"MOTION", R, "", kMotionCommand},
    {"OUTPUT", I, kOutputOnly, {}},
    {"PART", X, kRedefine, {}},
    {"PREFERENCES",
     I,
     "Adams Solver preferences (threads, contact geometry library, status messages, failure "
     "handling) with no counterpart here: mbsolve stops at the first failed simulation",
     {}},
    {"RELOAD", X, "reloading saved states is not supported", {}},
    {"REQUEST", X, kRedefine, {}},
    {"SAVE", I, kNoEffect, {}},
    {"SENSOR", X, kRedefine, {}},
    {"SFORCE", R, "", kSforceCommand},
    {"SHOW", I, kNoEffect, {}},
    {"SIMULATE", R, "", kSimulate},
    {"SPLINE", X, kRedefine, {}},
    {"SPRINGDAMPER", R, "", kSpringDamperCommand},
    {"STOP", R, "", {}},
    {"STRING", X, kRedefine, {}},
    {"TIME", I, kNoEffect, {}},
    {"VARIABLE", R, "", kVariableCommand},
    {"VFORCE", R, "", kVforceCommand},
    {"VTORQUE", R, "", kVtorqueCommand},
};

}  // namespace

std::span<const StatementInfo> commands()
{
  return kCommands;
}

std::span<const StatementInfo> statements()
{
  return kStatements;
}

const StatementInfo* statementInfo(std::string_view name, std::span<const StatementInfo> table)
{
  for (const StatementInfo& s : table)
    if (name == s.name)
      return &s;
  return nullptr;
}

Resolution resolve(std::string_view given, std::span<const Keyword> keywords)
{
  Resolution r;
  if (given.empty())
    return r;
  std::vector<std::string> documented;  // matched through a documented minimum abbreviation
  for (const Keyword& k : keywords) {
    const std::string_view name(k.name);
    if (name == given)
      return {std::string(name), {std::string(name)}};  // exact beats the longer keywords
    if (!name.starts_with(given) || (k.minimum > 0 && int(given.size()) < k.minimum))
      continue;
    r.candidates.emplace_back(name);
    if (k.minimum > 0)
      documented.emplace_back(name);
  }
  if (documented.size() == 1)
    r.name = documented.front();
  else if (r.candidates.size() == 1)
    r.name = r.candidates.front();
  return r;
}

namespace {

std::vector<Keyword> namesOf(std::span<const StatementInfo> table)
{
  std::vector<Keyword> names;
  for (const StatementInfo& s : table)
    names.push_back({s.name, Form::Value, s.use});
  return names;
}

}  // namespace

Resolution resolveStatement(std::string_view given, std::span<const StatementInfo> table)
{
  return resolve(given, namesOf(table));
}

Resolution resolveArgument(const StatementInfo& statement, std::string_view given)
{
  return resolve(given, statement.keywords);
}

const Keyword* keyword(const StatementInfo& statement, std::string_view name)
{
  for (const Keyword& k : statement.keywords)
    if (name == k.name)
      return &k;
  return nullptr;
}

std::string candidateList(const std::vector<std::string>& names)
{
  std::string out;
  for (std::size_t k = 0; k < names.size(); ++k) {
    if (k > 0)
      out += k + 1 == names.size() ? " or " : ", ";
    out += names[k];
  }
  return out;
}

}  // namespace mbs::core::adm
