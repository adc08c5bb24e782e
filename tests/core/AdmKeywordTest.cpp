// Adams keywords (issue 16): every statement and argument in its full documented spelling and in
// its shortest unambiguous abbreviation gives the same model; an ambiguous abbreviation is an
// error naming the candidates. Driven from the keyword table (mbs/core/AdmKeywords.hpp) and a
// sample deck that uses every argument the importer reads, written in full.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "mbs/core/AdmImport.hpp"
#include "mbs/core/AdmKeywords.hpp"

using namespace mbs::core;

namespace {

struct Arg {
  std::string key;
  std::string value;  // empty: a flag
};
struct Sample {
  std::string name;
  std::string id;  // may be empty (ACCGRAV, UNITS, INTEGRATOR)
  std::vector<Arg> args;
};

// Every argument the importer reads appears at least once (checked by EveryReadArgumentIsSampled).
const std::vector<Sample> kSamples = {
    {"UNITS",
     "",
     {{"SYSTEM", "SI"},
      {"FORCE", "NEWTON"},
      {"MASS", "KILOGRAM"},
      {"LENGTH", "METER"},
      {"TIME", "SECOND"},
      {"UCF", "1"}}},
    {"PART", "1", {{"GROUND", ""}}},
    {"PART",
     "2",
     {{"MASS", "2"},
      {"CM", "20"},
      {"IP", "2, 3, 4, 0.1, 0.2, 0.3"},
      {"QG", "0, 0, 0"},
      {"REULER", "10D, 20D, 30D"},
      {"VX", "1"},
      {"VY", "2"},
      {"VZ", "3"},
      {"WX", "0.1"},
      {"WY", "0.2"},
      {"WZ", "0.3"},
      {"EXACT", "X:Y:PSI"}}},
    {"PART",
     "3",
     {{"MASS", "1"},
      {"CM", "30"},
      {"IM", "31"},
      {"IP", "1, 1, 1"},
      {"QG", "1, 0, 0"},
      {"ZG", "1, 0, 1"},
      {"XG", "2, 0, 0"}}},
    {"MARKER", "10", {{"PART", "1"}}},
    {"MARKER", "11", {{"PART", "1"}, {"QP", "0, 1, 0"}, {"ZP", "0, 2, 1"}, {"XP", "1, 1, 0"}, {"USEXP", ""}}},
    {"MARKER", "12", {{"PART", "1"}, {"QP", "2, 0, 0"}}},
    {"MARKER", "13", {{"PART", "1"}, {"FLOATING", ""}}},
    {"MARKER", "14", {{"PART", "1"}, {"QP", "1, 0, 0"}, {"REULER", "0, -90D, 0"}}},
    {"MARKER", "15", {{"PART", "1"}, {"REULER", "10D, 20D, 30D"}}},  // parallel to part 2's markers
    {"MARKER", "20", {{"PART", "2"}}},
    {"MARKER", "21", {{"PART", "2"}, {"QP", "0.5, 0, 0"}, {"REULER", "0, 90D, 0"}}},
    {"MARKER", "22", {{"PART", "2"}, {"QP", "1, 0, 0"}}},
    {"MARKER", "30", {{"PART", "3"}}},
    {"MARKER", "31", {{"PART", "3"}, {"QP", "0.1, 0, 0"}}},
    {"MARKER", "32", {{"PART", "3"}}},
    {"MARKER", "33", {{"PART", "3"}, {"FLOATING", ""}}},
    {"JOINT", "1", {{"REVOLUTE", ""}, {"I", "20"}, {"J", "10"}, {"IC", "0.1, 0.2"}}},
    {"JOINT", "2", {{"TRANSLATIONAL", ""}, {"I", "30"}, {"J", "12"}, {"IC", "0.01, 0.02"}}},
    {"JOINT",
     "3",
     {{"CYLINDRICAL", ""}, {"I", "32"}, {"J", "12"}, {"ICROT", "0.1, 0.2"}, {"ICTRAN", "0.01, 0.02"}}},
    {"JOINT", "4", {{"SPHERICAL", ""}, {"I", "21"}, {"J", "11"}}},
    {"JOINT", "5", {{"UNIVERSAL", ""}, {"I", "21"}, {"J", "11"}}},
    {"JOINT", "6", {{"HOOKE", ""}, {"I", "21"}, {"J", "11"}}},
    {"JOINT", "7", {{"FIXED", ""}, {"I", "22"}, {"J", "12"}}},
    {"JOINT", "8", {{"PLANAR", ""}, {"I", "22"}, {"J", "12"}}},
    {"JOINT", "9", {{"SCREW", ""}, {"I", "22"}, {"J", "12"}, {"PITCH", "0.01"}}},
    {"JOINT", "10", {{"CONVEL", ""}, {"I", "22"}, {"J", "12"}}},
    {"JOINT", "11", {{"RACKPIN", ""}, {"I", "20"}, {"J", "30"}, {"PD", "0.2"}}},
    {"JPRIM", "1", {{"ATPOINT", ""}, {"I", "21"}, {"J", "11"}}},
    {"JPRIM", "2", {{"INLINE", ""}, {"I", "21"}, {"J", "11"}}},
    {"JPRIM", "3", {{"INPLANE", ""}, {"I", "21"}, {"J", "11"}}},
    {"JPRIM", "4", {{"ORIENTATION", ""}, {"I", "21"}, {"J", "11"}}},
    {"JPRIM", "5", {{"PARALLEL_AXES", ""}, {"I", "21"}, {"J", "11"}}},
    {"JPRIM", "6", {{"PERPENDICULAR", ""}, {"I", "21"}, {"J", "11"}}},
    {"GEAR", "1", {{"JOINTS", "1, 3"}, {"CV", "14"}}},
    {"COUPLER", "1", {{"JOINTS", "1, 2"}, {"TYPE", "R:T"}, {"SCALES", "1, -0.5"}}},
    {"MOTION", "1", {{"JOINT", "1"}, {"ROTATION", ""}, {"DISPLACEMENT", ""}, {"FUNCTION", "TIME"}}},
    {"MOTION",
     "2",
     {{"JOINT", "2"}, {"TRANSLATION", ""}, {"VELOCITY", ""}, {"ICDISP", "0.01"}, {"FUNCTION", "0.1"}}},
    {"MOTION",
     "3",
     {{"I", "21"},
      {"J", "11"},
      {"X", ""},
      {"ACCELERATION", ""},
      {"ICDISP", "0"},
      {"ICVEL", "0.2"},
      {"FUNCTION", "0.1"}}},
    {"MOTION", "4", {{"I", "21"}, {"J", "11"}, {"Y", ""}, {"FUNCTION", "0"}}},
    {"MOTION", "5", {{"I", "21"}, {"J", "11"}, {"Z", ""}, {"FUNCTION", "0"}}},
    {"MOTION", "6", {{"I", "21"}, {"J", "11"}, {"B1", ""}, {"FUNCTION", "0"}}},
    {"MOTION", "7", {{"I", "21"}, {"J", "11"}, {"B2", ""}, {"FUNCTION", "0"}}},
    {"MOTION", "8", {{"I", "21"}, {"J", "11"}, {"B3", ""}, {"FUNCTION", "0"}}},
    {"MOTION", "9", {{"JOINT", "3"}, {"TRANSLATIONAL", ""}, {"FUNCTION", "0"}}},
    {"MOTION", "10", {{"JOINT", "3"}, {"ROTATIONAL", ""}, {"FUNCTION", "0"}}},
    {"SFORCE", "1", {{"I", "20"}, {"J", "10"}, {"TRANSLATIONAL", ""}, {"FUNCTION", "-DM(20, 10)"}}},
    {"SFORCE", "2", {{"I", "20"}, {"J", "10"}, {"ROTATIONAL", ""}, {"ACTIONONLY", ""}, {"FUNCTION", "1"}}},
    {"SPRINGDAMPER",
     "1",
     {{"I", "20"},
      {"J", "10"},
      {"TRANSLATIONAL", ""},
      {"K", "10"},
      {"C", "1"},
      {"LENGTH", "0.5"},
      {"FORCE", "2"}}},
    {"SPRINGDAMPER",
     "2",
     {{"I", "20"},
      {"J", "10"},
      {"ROTATIONAL", ""},
      {"KT", "10"},
      {"CT", "1"},
      {"ANGLE", "10D"},
      {"TORQUE", "2"}}},
    {"BUSHING",
     "1",
     {{"I", "22"},
      {"J", "12"},
      {"K", "1, 2, 3"},
      {"C", "0.1, 0.2, 0.3"},
      {"KT", "4, 5, 6"},
      {"CT", "0.4, 0.5, 0.6"},
      {"FORCE", "1, 1, 1"},
      {"TORQUE", "2, 2, 2"}}},
    {"BEAM",
     "1",
     {{"I", "22"},
      {"J", "12"},
      {"LENGTH", "1"},
      {"IXX", "2e-8"},
      {"IYY", "1e-8"},
      {"IZZ", "1e-8"},
      {"AREA", "3e-4"},
      {"ASY", "1.2"},
      {"ASZ", "1.2"},
      {"EMODULUS", "2e11"},
      {"GMODULUS", "8e10"},
      {"CMATRIX",
       "0.2, 0.01, 0.01, 0.01, 0.01, 0.01, 0.2, 0.01, 0.01, 0.01, 0.01, 0.2, 0.01, 0.01, 0.01, 0.2, 0.01, "
       "0.01, 0.2, 0.01, 0.2"}}},
    {"BEAM",
     "2",
     {{"I", "31"},
      {"J", "12"},
      {"LENGTH", "1"},
      {"IXX", "2e-8"},
      {"IYY", "1e-8"},
      {"IZZ", "1e-8"},
      {"AREA", "3e-4"},
      {"EMODULUS", "2e11"},
      {"GMODULUS", "8e10"},
      {"CRATIO", "1e-3"},
      {"FORMULATION", "LINEAR"}}},
    {"FIELD",
     "1",
     {{"I", "22"},
      {"J", "12"},
      {"KMATRIX",
       "10, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 10, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 10, 0.5, 0.5, 0.5, 0.5, 0.5, "
       "0.5, 10, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 10, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 10"},
      {"CMATRIX",
       "0.1, 0, 0, 0, 0, 0, 0, 0.1, 0, 0, 0, 0, 0, 0, 0.1, 0, 0, 0, 0, 0, 0, 0.1, 0, 0, 0, 0, 0, 0, 0.1, 0, "
       "0, 0, 0, 0, 0, 0.1"},
      {"LENGTH", "1, 0, 0, 0D, 0D, 10D"},
      {"FORCE", "1, 2, 3, 4, 5, 6"}}},
    {"FIELD",
     "2",
     {{"I", "31"},
      {"J", "12"},
      {"KMATRIX",
       "10, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 10, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 10, 0.5, 0.5, 0.5, 0.5, 0.5, "
       "0.5, 10, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 10, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 10"},
      {"CRATIO", "0.01"}}},
    {"GFORCE",
     "1",
     {{"I", "20"}, {"JFLOAT", "13"}, {"RM", "10"}, {"FX", "1\\ FY = 2\\ FZ = 3\\ TX = 4\\ TY = 5\\ TZ = 6"}}},
    {"VFORCE", "1", {{"I", "20"}, {"JFLOAT", "13"}, {"RM", "10"}, {"FX", "1\\ FY = 2\\ FZ = 3"}}},
    {"VTORQUE", "1", {{"I", "20"}, {"JFLOAT", "13"}, {"RM", "10"}, {"TX", "1\\ TY = 2\\ TZ = 3"}}},
    {"FRICTION",
     "1",
     {{"JOINT", "1"},
      {"MU_STATIC", "0.3"},
      {"MU_DYNAMIC", "0.2"},
      {"STICTION_TRANSITION_VELOCITY", "0.05"},
      {"TRANSITION_VELOCITY_COEFFICIENT", "2"},
      {"MAX_STICTION_DEFORMATION", "0.001"},
      {"FRICTION_FORCE_PRELOAD", "1"},
      {"FRICTION_TORQUE_PRELOAD", "0.5"},
      {"PIN_RADIUS", "0.02"},
      {"BENDING_REACTION_ARM", "0.03"},
      {"INPUTS", "PRELOAD:REACTION_FORCE"},
      {"EFFECT", "ALL"}}},
    {"FRICTION",
     "2",
     {{"JOINT", "4"}, {"MU_STATIC", "0.1"}, {"BALL_RADIUS", "0.05"}, {"REACTION_ARM", "0.04"}}},
    {"FRICTION",
     "3",
     {{"JOINT", "2"}, {"MU_DYNAMIC", "0.1"}, {"FRICTION_ARM", "0.06"}, {"INACTIVE", "STATIC"}}},
    {"GCON", "1", {{"I", "12"}, {"FUNCTION", "DM(12, 10) - 2"}}},
    {"VARIABLE", "1", {{"IC", "0"}, {"FUNCTION", "2*TIME"}}},
    {"SPLINE", "1", {{"X", "0, 1, 2, 3"}, {"Y", "0, 1, 4, 9"}, {"LINEAR_EXTRAPOLATE", ""}}},
    {"ARRAY", "1", {{"IC", ""}, {"SIZE", "2"}, {"NUMBERS", "1, 2"}}},
    {"PINPUT", "1", {{"VARIABLES", "1"}}},
    {"POUTPUT", "1", {{"VARIABLES", "1"}}},
    {"SENSOR",
     "1",
     {{"VALUE", "100"},
      {"ERROR", "0.001"},
      {"GE", ""},
      {"PRINT", ""},
      {"RESTART", ""},
      {"STEPSIZE", "1E-4"},
      {"FUNCTION", "TIME"}}},
    {"SENSOR", "2", {{"VALUE", "100"}, {"LE", ""}, {"HALT", ""}, {"FUNCTION", "TIME"}}},
    {"SENSOR", "3", {{"VALUE", "100"}, {"EQ", ""}, {"RETURN", ""}, {"EVALUATE", "TIME\\ FUNCTION = TIME"}}},
    {"MATRIX", "1", {{"FULL", "RORDER"}, {"ROWS", "1"}, {"COLUMNS", "2"}, {"VALUES", "1, 2"}}},
    {"MATRIX",
     "2",
     {{"SPARSE", ""}, {"ROWS", "2"}, {"COLUMNS", "2"}, {"I", "1"}, {"J", "2"}, {"VALUES", "3"}}},
    // A point-to-curve joint on a closed quadratic curve through four points (ground's RM).
    {"MATRIX",
     "15",
     {{"FULL", "RORDER"},
      {"ROWS", "5"},
      {"COLUMNS", "3"},
      {"VALUES", "0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0"}}},
    {"CURVE", "1", {{"CURVE_POINTS", ""}, {"CLOSED", ""}, {"MATRIX", "15"}, {"ORDER", "3"}}},
    {"PTCV",
     "1",
     {{"I", "31"},
      {"JFLOAT", "13"},
      {"CURVE", "1"},
      {"RM", "12"},
      {"DISP", "0.5, 0, 0"},
      {"ICM", "14"},
      {"VEL", "0.2"}}},
    // A curve-to-curve joint: a straight open curve on part 3 against the closed curve on ground.
    {"MATRIX", "16", {{"FULL", "RORDER"}, {"ROWS", "2"}, {"COLUMNS", "3"}, {"VALUES", "-1, 0, 0, 1, 0, 0"}}},
    {"CURVE", "2", {{"MATRIX", "16"}, {"ORDER", "2"}}},
    {"CVCV",
     "1",
     {{"ICURVE", "2"},
      {"IRM", "32"},
      {"IFLOAT", "33"},
      {"JCURVE", "1"},
      {"JRM", "12"},
      {"JFLOAT", "13"},
      {"IDISP", "0.5, 0, 0"},
      {"IICM", "31"},
      {"JDISP", "1, 0.5, 0"},
      {"JICM", "14"},
      {"IVEL", "0.1"},
      {"JVEL", "-0.3"}}},
    // First-order states: DIFF, TFSISO and LSE with their X, U and Y arrays and matrices.
    {"DIFF", "1", {{"IC", "0.5"}, {"STATIC_HOLD", ""}, {"FUNCTION", "-DIF(1) + VARVAL(1)"}}},
    {"ARRAY", "2", {{"U", ""}, {"SIZE", "1"}, {"VARIABLES", "1"}}},
    {"ARRAY", "3", {{"X", ""}, {"SIZE", "1"}}},
    {"ARRAY", "4", {{"Y", ""}, {"SIZE", "1"}}},
    {"TFSISO",
     "1",
     {{"NUMERATOR", "1"},
      {"DENOMINATOR", "1, 0.5"},
      {"U", "2"},
      {"X", "3"},
      {"Y", "4"},
      {"STATIC_HOLD", ""}}},
    {"ARRAY", "5", {{"X", ""}, {"SIZE", "2"}}},
    {"ARRAY", "6", {{"Y", ""}, {"SIZE", "1"}}},
    {"MATRIX", "11", {{"FULL", "RORDER"}, {"ROWS", "2"}, {"COLUMNS", "2"}, {"VALUES", "0, 1, -4, 0"}}},
    {"MATRIX", "12", {{"FULL", "RORDER"}, {"ROWS", "2"}, {"COLUMNS", "1"}, {"VALUES", "0, 1"}}},
    {"MATRIX", "13", {{"FULL", "RORDER"}, {"ROWS", "1"}, {"COLUMNS", "2"}, {"VALUES", "1, 0"}}},
    {"MATRIX", "14", {{"FULL", "RORDER"}, {"ROWS", "1"}, {"COLUMNS", "1"}, {"VALUES", "0.5"}}},
    {"LSE",
     "1",
     {{"A", "11"},
      {"B", "12"},
      {"C", "13"},
      {"D", "14"},
      {"X", "5"},
      {"U", "2"},
      {"Y", "6"},
      {"IC", "1"},
      {"STATIC_HOLD", ""}}},
    // NFORCE matrices: a 6 × 6 stiffness, its damping, 3 × 1 and 6 × 1 LENGTHs, a 6 × 1 preload.
    {"MATRIX",
     "5",
     {{"FULL", "RORDER"},
      {"ROWS", "6"},
      {"COLUMNS", "6"},
      {"VALUES",
       "1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, "
       "0, 0, 1"}}},
    {"MATRIX",
     "6",
     {{"FULL", "CORDER"},
      {"ROWS", "6"},
      {"COLUMNS", "6"},
      {"VALUES",
       "1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, "
       "0, 0, 1"}}},
    {"MATRIX", "7", {{"FULL", "RORDER"}, {"ROWS", "3"}, {"COLUMNS", "1"}, {"VALUES", "1, 0, 0"}}},
    {"MATRIX", "8", {{"FULL", "RORDER"}, {"ROWS", "6"}, {"COLUMNS", "1"}, {"VALUES", "1, 0, 0, 0, 0, 0.1"}}},
    {"MATRIX", "9", {{"FULL", "RORDER"}, {"ROWS", "6"}, {"COLUMNS", "1"}, {"VALUES", "5, 0, 0, 0, 0, 0"}}},
    {"NFORCE",
     "1",
     {{"IMARKERS", "20"}, {"J", "10"}, {"KMATRIX", "5"}, {"CMATRIX", "6"}, {"LENGTH", "7"}, {"FORCE", "9"}}},
    {"NFORCE", "2", {{"IMARKERS", "30"}, {"J", "10"}, {"KMATRIX", "5"}, {"CRATIO", "0.01"}, {"LENGTH", "8"}}},
    {"POINT_MASS",
     "1",
     {{"MASS", "0.5"},
      {"CM", "60"},
      {"QG", "3, 0, 0"},
      {"REULER", "10D, 0D, 0D"},
      {"VX", "1"},
      {"VY", "2"},
      {"VZ", "3"},
      {"EXACT", "X:Z"}}},
    {"POINT_MASS",
     "2",
     {{"MASS", "0.5"}, {"CM", "61"}, {"QG", "4, 0, 0"}, {"ZG", "4, 0, 1"}, {"XG", "5, 0, 0"}}},
    {"MARKER", "60", {{"POINT_MASS", "1"}, {"QP", "0, 0, 0"}}},
    {"MARKER", "61", {{"POINT_MASS", "2"}}},
    {"INTEGRATOR", "", {{"WSTIFF", ""}, {"SI1", ""}}},
    {"INTEGRATOR", "", {{"HHT", ""}, {"I3", ""}}},
    {"INTEGRATOR", "", {{"RKF45", ""}}},
    {"INTEGRATOR", "", {{"CONSTANT_BDF", ""}}},
    {"INTEGRATOR", "", {{"HASTIFF", ""}}},
    {"INTEGRATOR", "", {{"NEWMARK", ""}}},
    {"INTEGRATOR", "", {{"ABAM", ""}}},
    {"INTEGRATOR", "", {{"DSTIFF", ""}, {"I3", ""}}},
    {"INTEGRATOR",
     "",
     {{"GSTIFF", ""},
      {"SI2", ""},
      {"FORMULATION", "SI2"},
      {"ERROR", "1E-3"},
      {"HMAX", "0.01"},
      {"HINIT", "1E-4"},
      {"MAXIT", "8"},
      {"KMAX", "4"}}},
    {"GRAPHICS", "1", {{"CYLINDER", ""}, {"CM", "20"}, {"LENGTH", "1"}, {"RADIUS", "0.1"}}},
    {"GRAPHICS", "2", {{"BOX", ""}, {"CORNER", "20"}, {"X", "1"}, {"Y", "2"}, {"Z", "3"}}},
    {"GRAPHICS", "3", {{"ELLIPSOID", ""}, {"CM", "20"}, {"XSCALE", "1"}, {"YSCALE", "1"}, {"ZSCALE", "1"}}},
    {"GRAPHICS", "9", {{"TORUS", ""}, {"CM", "20"}, {"MAJOR_RADIUS", "1"}, {"MINOR_RADIUS", "0.1"}}},
    {"GRAPHICS",
     "4",
     {{"FRUSTUM", ""}, {"CM", "20"}, {"LENGTH", "1"}, {"TOP", "0.1"}, {"BOTTOM", "0.1"}, {"SIDES", "20"}}},
    {"GRAPHICS", "5", {{"OUTLINE", "10, 12, 14"}}},
    {"GRAPHICS",
     "6",
     {{"PLANE", ""}, {"RM", "10"}, {"XMIN", "-5"}, {"XMAX", "5"}, {"YMIN", "-5"}, {"YMAX", "5"}}},
    {"CONTACT",
     "1",
     {{"IGEOM", "3"},
      {"JGEOM", "6"},
      {"IMPACT", ""},
      {"STIFFNESS", "1E5"},
      {"EXPONENT", "1.5"},
      {"DAMPING", "10"},
      {"DMAX", "1E-3"},
      {"COULOMB_FRICTION", "ON"},
      {"MU_STATIC", "0.3"},
      {"MU_DYNAMIC", "0.2"},
      {"STICTION_TRANSITION_VELOCITY", "0.1"},
      {"FRICTION_TRANSITION_VELOCITY", "1"}}},
    {"GRAPHICS", "7", {{"CYLINDER", ""}, {"CM", "15"}, {"LENGTH", "1"}, {"RADIUS", "0.2"}}},
    {"CONTACT",
     "2",
     {{"IGEOM", "1"},
      {"JGEOM", "7"},
      {"JFLIP_GEOMETRY", "7"},
      {"IMPACT", ""},
      {"STIFFNESS", "1E5"},
      {"EXPONENT", "1.5"},
      {"DAMPING", "10"},
      {"DMAX", "1E-3"}}},
    {"CONTACT",
     "3",
     {{"IGEOM", "7"},
      {"JGEOM", "1"},
      {"IFLIP_GEOMETRY", "7"},
      {"IMPACT", ""},
      {"STIFFNESS", "1E5"},
      {"EXPONENT", "1.5"},
      {"DAMPING", "10"},
      {"DMAX", "1E-3"}}},
    {"GRAPHICS", "8", {{"BOX", ""}, {"CORNER", "30"}, {"X", "1"}, {"Y", "1"}, {"Z", "1"}}},
    {"CONTACT",
     "4",
     {{"IGEOM", "2"},
      {"JGEOM", "8"},
      {"POISSON", ""},
      {"PENALTY", "1E5"},
      {"RESTITUTION_COEFFICIENT", "0.5"},
      {"INACTIVE_DURING", "STATIC"}}},
    {"ACCGRAV", "", {{"IGRAVITY", "0"}, {"JGRAVITY", "-9.81"}, {"KGRAVITY", "0"}}},
    {"REQUEST", "1", {{"DISPLACEMENT", ""}, {"I", "21"}, {"J", "11"}, {"RM", "14"}, {"COMMENT", "tip"}}},
    {"REQUEST", "2", {{"VELOCITY", ""}, {"I", "21"}, {"TITLE", "speed"}}},
    {"REQUEST", "3", {{"ACCELERATION", ""}, {"I", "21"}, {"J", "11"}}},
    {"REQUEST", "4", {{"FORCE", ""}, {"I", "20"}, {"J", "10"}}},
    {"REQUEST",
     "5",
     {{"F1", "DX(21, 11)\\ F2 = DY(21)\\ F3 = TIME\\ F4 = 1\\ F5 = 2\\ F6 = 3\\ F7 = 4\\ F8 = VARVAL(1)"}}},
};

const adm::StatementInfo& info(const std::string& name)
{
  const adm::StatementInfo* s = adm::statementInfo(name);
  EXPECT_TRUE(s) << name;
  return *s;
}

// The shortest prefix that the rule resolves to `name` (among the statement's keywords, or among
// statement names when `statement` is null).
std::string shortest(const std::string& name, const adm::StatementInfo* statement)
{
  for (std::size_t n = 1; n <= name.size(); ++n) {
    const std::string p = name.substr(0, n);
    const auto r = statement ? adm::resolveArgument(*statement, p) : adm::resolveStatement(p);
    if (r.name == name)
      return p;
  }
  ADD_FAILURE() << name << " does not resolve to itself";
  return name;
}

// The longest prefix of `name` that is ambiguous (empty if every prefix resolves or is unknown).
adm::Resolution ambiguousPrefix(const std::string& name, const adm::StatementInfo& statement,
                                std::string& prefix)
{
  for (std::size_t n = name.size(); n >= 1; --n) {
    prefix = name.substr(0, n);
    const auto r = adm::resolveArgument(statement, prefix);
    if (!r.name && r.candidates.size() > 1)
      return r;
  }
  prefix.clear();
  return {};
}

std::string render(const Sample& s, const std::string& name, const std::map<std::string, std::string>& keys)
{
  std::string line = name + "/" + s.id;
  bool first = s.id.empty();
  for (const Arg& a : s.args) {
    const auto k = keys.find(a.key);
    line += first ? "" : ", ";
    first = false;
    line += (k == keys.end() ? a.key : k->second) + (a.value.empty() ? "" : " = " + a.value);
  }
  return line + "\n";
}

// The sample deck with the statements named `abbreviated` written with the shortest keywords.
std::string deck(const std::string& abbreviated = {}, const std::string& keyword = {},
                 const std::string& replacement = {})
{
  std::string text = "keyword test deck\n";
  for (const Sample& s : kSamples) {
    std::map<std::string, std::string> keys;
    std::string name = s.name;
    if (s.name == abbreviated) {
      name = shortest(s.name, nullptr);
      for (const Arg& a : s.args)
        keys[a.key] = shortest(a.key, &info(s.name));
    }
    if (s.name == abbreviated && !keyword.empty())
      keys = {{keyword, replacement}};
    text += render(s, name, keys);
  }
  return text + "END\n";
}

void expectSameModel(const Model& a, const Model& b)
{
  EXPECT_EQ(a.parts(), b.parts());
  EXPECT_EQ(a.markers(), b.markers());
  EXPECT_EQ(a.joints(), b.joints());
  EXPECT_EQ(a.motions(), b.motions());
  EXPECT_EQ(a.forces(), b.forces());
  EXPECT_EQ(a.variables(), b.variables());
  EXPECT_EQ(a.gravity, b.gravity);
  EXPECT_EQ(a.analysis, b.analysis);
  EXPECT_EQ(a.requests, b.requests);
}

std::vector<std::string> sampledStatements()
{
  std::set<std::string> names;
  for (const Sample& s : kSamples)
    names.insert(s.name);
  return {names.begin(), names.end()};
}

class AdmKeywords : public testing::TestWithParam<std::string> {};

}  // namespace

TEST(AdmKeywords, EveryReadArgumentIsSampled)
{
  std::set<std::pair<std::string, std::string>> sampled;
  for (const Sample& s : kSamples) {
    for (const Arg& a : s.args) {
      sampled.insert({s.name, a.key});
      // Further expression components: "FX = 1\ FY = 2 ..." holds FY.
      for (auto slash = a.value.find('\\'); slash != std::string::npos;
           slash = a.value.find('\\', slash + 1)) {
        const auto eq = a.value.find('=', slash);
        std::string key = a.value.substr(slash + 1, eq - slash - 1);
        key.erase(0, key.find_first_not_of(' '));
        key.erase(key.find_last_not_of(' ') + 1);
        sampled.insert({s.name, key});
      }
    }
  }
  for (const adm::StatementInfo& s : adm::statements()) {
    if (s.use != adm::Use::Read)
      continue;
    for (const adm::Keyword& k : s.keywords)
      if (k.use == adm::Use::Read)
        EXPECT_TRUE(sampled.count({s.name, k.name}))
            << s.name << " " << k.name << " is not in the sample deck";
  }
}

TEST(AdmKeywords, TheSampleDeckWrittenInFullImports)
{
  const auto r = importAdmFromString(deck(), "full.adm");
  for (const auto& e : r.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.dropped.empty());
}

TEST_P(AdmKeywords, ShortestAbbreviationsGiveTheSameModel)
{
  const std::string statement = GetParam();
  const auto full = importAdmFromString(deck(), "full.adm");
  const auto abbreviated = importAdmFromString(deck(statement), "short.adm");
  for (const auto& e : abbreviated.errors)
    ADD_FAILURE() << e.toString() << "\n" << deck(statement);
  ASSERT_TRUE(full.ok() && abbreviated.ok());
  expectSameModel(*full.model, *abbreviated.model);
  EXPECT_EQ(full.warnings.size(), abbreviated.warnings.size());
}

TEST_P(AdmKeywords, AmbiguousAbbreviationsAreErrorsNamingTheCandidates)
{
  const std::string statement = GetParam();
  std::set<std::string> tried;
  for (const Sample& s : kSamples) {
    if (s.name != statement)
      continue;
    for (const Arg& a : s.args) {
      std::string prefix;
      const auto r = ambiguousPrefix(a.key, info(statement), prefix);
      if (prefix.empty() || !tried.insert(a.key).second)
        continue;
      const auto result = importAdmFromString(deck(statement, a.key, prefix), "ambiguous.adm");
      EXPECT_FALSE(result.ok()) << statement << " " << prefix;
      bool named = false;
      for (const auto& e : result.errors) {
        bool all = e.reason.find("argument '" + prefix + "' is ambiguous") != std::string::npos;
        for (const auto& c : r.candidates)
          all = all && e.reason.find(c) != std::string::npos;
        named |= all;
      }
      EXPECT_TRUE(named) << statement << " " << prefix << ": "
                         << (result.errors.empty() ? "no error" : result.errors[0].toString());
    }
  }
}

INSTANTIATE_TEST_SUITE_P(EveryStatement, AdmKeywords, testing::ValuesIn(sampledStatements()),
                         [](const testing::TestParamInfo<std::string>& p) { return p.param; });

TEST(AdmKeywordRule, ExactSpellingWinsAndDocumentedMinimumsResolve)
{
  const adm::StatementInfo& joint = *adm::statementInfo("JOINT");
  EXPECT_EQ(adm::resolveArgument(joint, "I").name, "I");    // although IC, ICROT, ICTRAN start so
  EXPECT_EQ(adm::resolveArgument(joint, "IC").name, "IC");  // although ICROT, ICTRAN start so
  EXPECT_EQ(adm::resolveArgument(joint, "ICR").name, "ICROT");
  EXPECT_FALSE(adm::resolveArgument(joint, "C").name);  // CONVEL or CYLINDRICAL
  EXPECT_EQ(adm::resolveArgument(joint, "C").candidates, (std::vector<std::string>{"CONVEL", "CYLINDRICAL"}));
  EXPECT_TRUE(adm::resolveArgument(joint, "BOGUS").candidates.empty());
  // REQUEST's documented one-letter abbreviations (Adams/View writes them: D, V, A, F, C=).
  const adm::StatementInfo& request = *adm::statementInfo("REQUEST");
  EXPECT_EQ(adm::resolveArgument(request, "D").name, "DISPLACEMENT");
  EXPECT_EQ(adm::resolveArgument(request, "F").name, "FORCE");
  EXPECT_EQ(adm::resolveArgument(request, "C").name, "COMMENT");
  EXPECT_EQ(adm::resolveArgument(request, "CN").name, "CNAMES");
  EXPECT_EQ(adm::resolveStatement("SF").name, "SFORCE");
  EXPECT_EQ(adm::resolveStatement("J").candidates, (std::vector<std::string>{"JOINT", "JPRIM"}));
}

// The report of issue 16: the documented full keywords lost gravity.
TEST(AdmKeywordRule, AccgravInFullKeywordsGivesGravity)
{
  const auto r = importAdmFromString(
      "g\nPART/1, GROUND\nPART/2, MASS = 1, IP = 1, 1, 1\nACCGRAV/IGRAVITY=0, JGRAVITY=-9.81, "
      "KGRAVITY=0\nEND\n");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.model->gravity, Vec3(0, -9.81, 0));
  EXPECT_TRUE(r.warnings.empty()) << r.warnings[0].toString();
}

TEST(AdmKeywordRule, AmbiguousStatementNamesAndBadFormsAreErrors)
{
  const std::string head =
      "t\nPART/1, GROUND\nPART/2, MASS = 1, IP = 1, 1, 1\nMARKER/3, PART = 1\nMARKER/4, PART = 2\n";
  auto r = importAdmFromString(head + "J/1, REVOLUTE, I = 4, J = 3\n", "s.adm");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.errors[0].toString(), "s.adm:6: J: statement name 'J' is ambiguous: JOINT or JPRIM");
  r = importAdmFromString(head + "JOINT/1, REVOLUTE = 1, I = 4, J = 3\n", "s.adm");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.errors[0].toString(), "s.adm:6: JOINT/1: REVOLUTE takes no value");
  r = importAdmFromString(head + "JOINT/1, REVOLUTE, I, J = 3\n", "s.adm");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.errors[0].toString(), "s.adm:6: JOINT/1: I needs a value (I = ...)");
}
