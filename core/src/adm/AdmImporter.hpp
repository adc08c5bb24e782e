#pragma once
// The .adm importer's state, shared by the files that read each statement family:
// AdmImport.cpp (argument access, expressions, variables, the pass order), AdmBodies.cpp (PART,
// MARKER, GRAPHICS), AdmConstraints.cpp (JOINT, JPRIM, GEAR, COUPLER, GCON, MOTION),
// AdmForces.cpp (SFORCE ... FRICTION), AdmSettings.cpp (UNITS, ACCGRAV, INTEGRATOR).
#include <array>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "AdmStatement.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/AdmKeywords.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/core/Units.hpp"

namespace mbs::core::adm {

std::string sanitize(const std::string& s);
// "30D" -> (30*DTOR) in expressions (Adams' degree suffix).
std::string degreeLiterals(const std::string& text);

class Importer {
public:
  Importer(std::string file, AdmImportOptions options) : m_file(std::move(file)), m_options(options) {}

  AdmImportResult run(const std::string& text);

  // Command files (AdmCommands.cpp) read their INTEGRATOR commands with the dataset's units: the
  // analysis settings after `command`, with the diagnostics it gives appended to the lists.
  AnalysisSettings integratorCommand(const Statement& command, const std::string& file,
                                     const AnalysisSettings& settings, Diagnostics& warnings,
                                     Diagnostics& errors, Diagnostics& dropped);
  const UnitSystem& units() const { return m_u; }
  // Command files (AdmRedefine.cpp): a command that respecifies a dataset element (ACCGRAV,
  // VARIABLE, MOTION, SFORCE, SPRINGDAMPER, GFORCE, VFORCE, VTORQUE) applied to `model`, the
  // dataset as the commands so far left it; diagnostics are located in `file`. Returns whether the
  // model changed in a way that needs the constraints solved again (a MOTION).
  bool redefineCommand(const Statement& command, const std::string& file, Model& model, Diagnostics& warnings,
                       Diagnostics& errors, Diagnostics& dropped);

private:
  // Diagnostics.
  void error(const Statement& st, int line, const std::string& reason)
  {
    m_failed.insert(&st);  // its unread arguments are not reported on top
    // "MARKER/21 does not exist" when MARKER/21's own statement failed is a follow-on error: the
    // cause was reported there (one error for a part that cannot be imported, not one per use).
    const bool followOn = refersToFailed(reason);
    m_failedLabels.insert(label(st));
    if (!followOn)
      m_errors.push_back({m_file, line ? line : st.line, label(st), {}, reason});
  }
  bool refersToFailed(const std::string& reason) const;  // AdmImport.cpp
  void warn(const Statement& st, int line, const std::string& reason)
  {
    m_warnings.push_back({m_file, line ? line : st.line, label(st), {}, reason});
  }
  // Something that changes the physics and cannot be imported exactly: an error, or with
  // AdmImportOptions::allowUnsupported a warning; listed in AdmImportResult::dropped either way.
  void refuse(const Statement& st, int line, const std::string& what)
  {
    const Diagnostic d{m_file, line ? line : st.line, label(st), {}, what};
    m_dropped.push_back(d);
    if (m_options.allowUnsupported)
      m_warnings.push_back({d.file, d.line, d.field, {}, what + " (dropped: --allow-unsupported)"});
    else
      m_errors.push_back({d.file, d.line, d.field, {}, what + " (use --allow-unsupported to drop it)"});
  }
  static std::string label(const Statement& st)
  {
    return st.id ? st.name + "/" + std::to_string(*st.id) : st.name;  // ACCGRAV, UNITS: no id
  }

  // Argument access by documented keyword (the lexer resolved abbreviations); marks the argument
  // used. Arguments left unused are reported after the statement (reportArguments).
  const Argument* arg(const Statement& st, const char* key)
  {
    for (const auto& a : st.args) {
      if (!a.flag && a.known && a.key == key) {
        m_used.insert(&a);
        return &a;
      }
    }
    return nullptr;
  }
  bool flag(const Statement& st, const char* word)
  {
    for (const auto& a : st.args) {
      if (a.flag && a.known && a.key == word) {
        m_used.insert(&a);
        return true;
      }
    }
    return false;
  }
  void reportStatement(const Statement& st);
  std::optional<double> number(const Statement& st, const Argument& a, std::size_t k, double scale,
                               bool angle = false);
  std::optional<double> scalar(const Statement& st, const char* key, double scale,
                               std::optional<double> fallback, bool angle = false);
  std::optional<Vec3> vector(const Statement& st, const char* key, double scale, bool angle = false);
  std::optional<long> integer(const Statement& st, const Argument& a, std::size_t k);
  std::optional<MarkerId> markerRef(const Statement& st, const char* key, bool required);
  std::string nameFor(const Statement& st, const char* prefix);
  // Adds an entity under its name, or under a numbered variant of it when an entity read earlier
  // has it: names made of ids and suffixes can meet (a view name 'MARKER_102_hooke_x').
  template <class T>
  auto add(T entity)
  {
    if (!entity.name.empty() && !m_model.isNameFree(entity.name))
      entity.name = m_model.uniqueName(entity.name);
    return m_model.add(std::move(entity));
  }
  // Expression components "K1 = e1\ K2 = e2 ..." (GFORCE FX..TZ, REQUEST F1..F8): the lexer keeps
  // them in the first component's argument. Keys are resolved as abbreviations; `allowed` lists
  // the documented keys (space separated) the statement accepts. nullopt after an error.
  struct Component {
    std::string key, text;
    int line;
  };
  std::optional<std::vector<Component>> components(const Statement& st, const std::string& allowed);
  // The FUNCTION text in SI (see expressionToSI); outputFactor: SI value of one unit of the result.
  std::optional<std::string> expression(const Statement& st, const std::string& text, int line,
                                        double outputFactor);

  void units(const Statement& st);
  void part(const Statement& st);
  bool partFrame(const Statement& st, Part& p);  // QG, REULER, ZG/XG; false after an error
  void marker(const Statement& st);
  void partCm(const Statement& st);
  void pointMass(const Statement& st);  // AdmPointMass.cpp
  void pointMassCm(const Statement& st);
  void refuseLoadsOnPointMasses(const Deck& deck);
  void graphics(const Statement& st);
  bool graphicsShape(const Statement& st);  // false: not drawn (said by graphicsNote)
  // A GRAPHICS warning given once per import (per form or reason), not once per statement.
  void graphicsNote(const Statement& st, int line, const std::string& note);
  bool graphicsOutline(const Statement& st, const Argument& outline);
  bool graphicsPlane(const Statement& st);
  bool graphicsTorus(const Statement& st);
  bool graphicsExternal(const Statement& st);
  void contact(const Statement& st);  // AdmContact.cpp
  void joint(const Statement& st, bool primitive);
  MarkerId pinMarker(MarkerId marker, int axis);
  void gcon(const Statement& st);
  void curve(const Statement& st);       // AdmCurves.cpp: CURVE (B-splines from a MATRIX)
  void pointCurve(const Statement& st);  // AdmCurves.cpp: PTCV
  void curveCurve(const Statement& st);  // AdmCurves.cpp: CVCV
  const JointCurve* jointCurve(const Statement& st, const char* key);
  bool contactStart(const Statement& st, const char* dispKey, const char* icmKey, const char* rmKey,
                    MarkerId rm, std::optional<std::array<double, 3>>& out);
  // AdmCurves.cpp: the data curve of CURVE/id that a CURVE() function reads (made at its first read).
  std::optional<std::string> dataCurve(long id);
  void unusedCurves();  // AdmCurves.cpp: a warning per CURVE nothing uses
  void coupler(const Statement& st);
  void motion(const Statement& st);
  void force(const Statement& st);
  void springDamper(const Statement& st);
  void bushing(const Statement& st);
  void beam(const Statement& st);    // AdmBeams.cpp
  void field(const Statement& st);   // AdmBeams.cpp
  void nforce(const Statement& st);  // AdmBeams.cpp
  std::optional<std::vector<double>> matrixArgument(const Statement& st, const char* key, std::size_t rows,
                                                    std::size_t columns);
  std::optional<std::vector<double>> values(const Statement& st, const char* key, std::size_t count);
  void accgrav(const Statement& st);
  void integrator(const Statement& st);
  void friction(const Statement& st);
  void jointInitialConditions(const Statement& st, Joint& j);
  void variable(const Statement& st);
  void request(const Statement& st);
  // AdmData.cpp: SPLINE, ARRAY, MATRIX; the numbers of `a` from value `from` on.
  void spline(const Statement& st);
  void array(const Statement& st);
  void matrix(const Statement& st);
  void sensor(const Statement& st);
  void sensorName(const Statement& st);
  void differentialName(const Statement& st);  // AdmSystemElements.cpp: DIFF
  void differential(const Statement& st);
  // AdmStateEquations.cpp: TFSISO and LSE as DIFFs and VARIABLEs, their X, U and Y arrays.
  struct StateArray {
    char kind = 'X';              // X, U or Y
    long size = -1;               // SIZE (−1: not given)
    std::vector<long> variables;  // U: the input VARIABLEs' ids
    int line = 0;
    long id = 0;
    std::string owner;               // X, Y: "TFSISO/3" once an element names it
    std::vector<std::string> reads;  // X, Y: what ARYVAL(id, k) reads (empty: refused)
  };
  struct LinearSystem {
    std::string label;
    std::vector<std::string> states, outputs;  // the DIFFs' and VARIABLEs' names
  };
  void stateArray(const Statement& st, char kind);
  StateArray* elementArray(const Statement& st, const char* key, char kind, bool required);
  const DataMatrix* elementMatrix(const Statement& st, const char* key);
  void linearSystemNames(const Statement& st);
  void linearSystem(const Statement& st);
  std::optional<std::string> stateArrayReads(const Statement& st, const std::string& text, int line);
  std::string uniqueDataName(const std::string& wanted);
  void plantPort(const Statement& st);   // PINPUT, POUTPUT
  void plantValueFunctions(Deck& deck);  // PINVAL, POUVAL -> VARVAL
  std::optional<std::vector<double>> numbers(const Statement& st, const Argument& a, std::size_t from);
  void dropUnsupportedVariables(const Deck& deck);
  void constantVariablesToParameters();  // AdmParameters.cpp
  bool supported(const Statement& st, const std::string& text, int line);

  void rackPins();

  std::string m_file;
  AdmImportOptions m_options;
  Model m_model;
  UnitSystem m_u;
  Diagnostics m_errors, m_warnings, m_dropped;
  std::set<const Argument*> m_used;
  std::set<const Statement*> m_failed;
  std::set<std::string> m_failedLabels;  // "PART/2": statements that gave an error
  std::map<long, PartId> m_parts;
  std::map<int, long> m_partLines;  // line of each PART statement -> its id (markers without PART=)
  std::map<long, MarkerId> m_markers;
  std::map<long, PartId> m_pointMasses;  // POINT_MASS id -> its part (Part::pointMass)
  std::map<long, JointId> m_joints;
  std::map<long, VariableId> m_variables;
  std::map<long, std::string> m_splineNames, m_arrayNames;  // SPLINE / ARRAY id -> data name
  std::map<long, std::string> m_sensorNames;
  std::map<long, std::string> m_differentialNames;  // DIFF id -> its name
  std::map<long, StateArray> m_stateArrays;         // ARRAY id -> an X, U or Y array
  std::map<long, LinearSystem> m_linearSystems;     // 2 id (+1 for a TFSISO) -> its states, outputs
  std::map<long, std::string> m_matrixNames;        // MATRIX id -> its name
  std::set<std::string> m_nforceMatrices;           // MATRIX names read by NFORCEs (not kept as data)
  std::map<long, JointCurve> m_curves;              // CURVE id -> its points (SI), order, closure
  std::set<long> m_failedCurves;                    // CURVE ids that gave an error
  std::set<std::string> m_curveMatrices;            // MATRIX names of CURVEs PTCVs use (part of their joints)
  struct CurveSource {
    const Statement* statement = nullptr;
    std::string matrix;
    bool used = false;     // by a PTCV
    JointCurve asWritten;  // the points in the deck's numbers (a data curve's)
    std::string dataName;  // the data curve a CURVE() function reads (made at its first read)
  };
  std::map<long, CurveSource>
      m_curveSources;  // CURVE id -> its statement, MATRIX name, whether a PTCV uses it
  std::map<long, std::string> m_plantInputNames, m_plantOutputNames;  // PINPUT / POUTPUT id -> name
  std::set<std::string> m_plantVariables;  // VARIABLEs a PINPUT or POUTPUT lists: never parameters
  // GRAPHICS a CONTACT can use (AdmContact.cpp), by GRAPHICS id; sizes in the deck's units.
  struct ContactGeometry {
    enum class Kind { Sphere, Cylinder, Plane } kind;
    long marker = 0;  // CM (sphere, cylinder) or RM (plane) marker id in the deck
    double radius = 0.0, length = 0.0;
    std::optional<std::array<double, 4>> bounds;  // plane: XMIN, XMAX, YMIN, YMAX
  };
  std::map<long, ContactGeometry> m_contactGeometry;
  // GRAPHICS a general CONTACT reads: the solid in its part's frame (SI) and its part.
  struct GraphicsSolid {
    PartId part;
    ContactSolid solid;
  };
  std::map<long, GraphicsSolid> m_graphicsSolids;
  // GRAPHICS/EXTERNAL file names by id: a CONTACT naming one is refused naming the file.
  std::map<long, std::string> m_externalGraphics;
  void recordGraphicsSolid(const Statement& st, MarkerId ref, ContactSolid solid);
  // A CONTACT's IMPACT law and Coulomb friction, in the deck's units.
  struct ContactLaw {
    double stiffness = 0.0, exponent = 1.5, damping = 0.0, depth = 0.0;
    bool poisson = false;
    double penalty = 0.0, restitution = 0.0;
    std::string friction = "OFF";  // ON, DYNAMICS_ONLY or OFF
    double muStatic = 0.0, muDynamic = 0.0, stictionVelocity = 0.0, frictionVelocity = 0.0;
  };
  void solidContact(const Statement& st, const ContactLaw& law);
  void sphereOnPlaneContact(const Statement& st, const ContactGeometry& sphere, const ContactGeometry& plane,
                            const ContactLaw& law);
  void pinInHoleContact(const Statement& st, const ContactGeometry& gi, const ContactGeometry& gj,
                        const bool flipped[2], const ContactLaw& law);
  std::set<std::string> m_graphicsNotes;
  std::set<long> m_gcons;
  std::set<long> m_sensors;
  std::map<long, std::string> m_variableNames;  // VARIABLE id -> its name (a parameter if constant)
  // A redefinition command, by statement (AdmRedefine.cpp).
  bool redefine(const Statement& st);
  std::set<long> m_droppedVariables;            // elements that use them are refused
  std::map<std::string, int> m_lineOf;          // entity name -> line (for validation errors)
  std::map<std::string, EntityRef> m_elements;  // "JOINT/3" -> what it became
  bool m_contactsImported = false;              // (forces and motions come before them)
  std::vector<std::pair<const Statement*, Joint>> m_pendingRackPins;
};

}  // namespace mbs::core::adm
