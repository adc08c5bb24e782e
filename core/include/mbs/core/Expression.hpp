#pragma once
// Adams function expressions (FUNCTION = ...) compiled with muparser: arithmetic, TIME, the
// Adams math functions (SIN ... STEP, STEP5, HAVSIN, IF, POLY, SHF, CHEBY, FORCOS, FORSIN, SWEEP, IMPACT,
// BISTOP ...), constants PI, DTOR,
// RTOD, measure functions between markers (DX DY DZ DM, VX VY VZ VM VR, WX WY WZ WM, ACCX ACCY ACCZ ACCM,
// WDTX WDTY WDTZ WDTM, AX AY AZ, PSI THETA PHI, YAW PITCH ROLL, INCANG, ORIENT), load functions
// (FX FY FZ FM TX TY TZ TM at a marker; JOINT MOTION SFORCE GFORCE VFORCE VTORQUE BUSH SPDP of an
// element, Adams' (id, jflag, comp, rm)), VARVAL(variable), the spline functions CUBSPL(x, z, spline
// [, iord]), AKISPL(x, z, spline [, iord]), INTERP(x, method, spline [, iord]) and ARYVAL(array, k)
// (Interpolation.hpp), CURVE(alpha, iord, comp, curve) (a data curve, DataElements.hpp), DIF(diff)
// and DIF1(diff) (a DIFF's state and its derivative), DELAY(e_delayed, e_delay, e_history [, 0]) (the
// value of e_delayed at TIME − e_delay: ExpressionContext::recordedSignals).
// Case-insensitive as Adams; "**" is a
// power; IF(e: neg, zero, pos) as in Adams; chains of signs ("- -x") as Adams reads them.
// Limits: detail::kMaxExpressionLength characters, detail::kMaxExpressionNesting parentheses deep.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "mbs/solver/Functions.hpp"

namespace mbs::core {

struct ExpressionError {
  int position = 0;  // 0-based character offset into the expression text
  std::string message;
};

class Expression;
struct DataTables;
using VariableTable = std::vector<std::shared_ptr<const Expression>>;

// How names in an expression are bound.
struct ExpressionContext {
  // Marker name (upper case) -> index passed to the StateView, or nullopt if not a marker.
  std::function<std::optional<int>(std::string_view)> marker;
  // Element name (upper case) -> its index in the solver model's joints (JOINT), motions (MOTION)
  // or forces (the force functions) when it is an element the function reads, else nullopt;
  // `what` says what it is otherwise ("a joint", "a spring-damper", ...). Unset: no element reads.
  // The function name is upper case: "JOINT", "SFORCE", ...
  std::function<std::optional<int>(std::string_view function, std::string_view name, std::string& what)>
      element;
  // Variable name (upper case) -> index into `variables`, or nullopt.
  std::function<std::optional<int>(std::string_view)> variable;
  // Filled by the caller (possibly after compiling); VARVAL reads it at evaluation.
  std::shared_ptr<const VariableTable> variables;
  // The expression is stored in `variables` itself (a VARIABLE's function): it refers to the table
  // weakly, so that the table and its expressions do not keep each other alive.
  bool storedInVariables = false;
  bool allowMeasures = true;  // false: a function of TIME only (motions)
  // Load functions (FX ..., JOINT ...) read the solved loads of a frame: allowed in VARIABLEs and
  // REQUESTs, not in force and motion functions (the solver has no loads while it solves).
  bool allowLoads = true;
  // CONTACT(): a contact's load, read from solved frames only (false in force functions, whose
  // loads the solver iterates with the reactions: a contact is not part of that loop).
  bool allowContactLoads = true;
  // The element whose function this is ("force 'F'", "motion 'M'", "VARIABLE 'V'"): a non-finite
  // value is reported to the solver under it (mbs::solver::reportNonFiniteFunction). Empty: none.
  std::string owner;
  // Model parameter name (upper case) -> its value, or nullopt: a bare parameter name reads as a
  // constant (docs/file-format.md, "parameters").
  std::function<std::optional<double>(std::string_view)> parameter;
  // SPLINE, ARRAY, SENSOR and CURVE names (upper case) -> their index in `data`, or nullopt
  // (ModelNames binds them).
  std::function<std::optional<int>(std::string_view)> spline, array, sensor, curve;
  // DIFF names (upper case) -> their index in the model's differentials (and the solver model's),
  // or nullopt: DIF(name) and DIF1(name) read StateView::differential / differentialRate.
  std::function<std::optional<int>(std::string_view)> differential;
  std::shared_ptr<const DataTables> data;
  // DELAY(e_delayed, e_delay, e_history [, 0]): a delayed expression of the state (or of VARIABLEs)
  // is a signal whose past the dynamic run records (solver::RecordedSignal); each is appended here
  // for solver::Model::recordedSignals (unset: not collected, e.g. validation). `delayRecorded`
  // false: evaluated where no run keeps a record (requests, from saved frames): such a DELAY is
  // refused. A delayed function of TIME only is evaluated at the delayed time directly.
  std::shared_ptr<std::vector<std::shared_ptr<const mbs::solver::RecordedSignal>>> recordedSignals;
  bool delayRecorded = true;
};

class Expression {
public:
  struct Result {
    std::shared_ptr<Expression> expression;
    std::optional<ExpressionError> error;
    bool ok() const { return expression != nullptr; }
  };

  static Result compile(std::string_view text, const ExpressionContext& context);
  ~Expression();

  // Thread-safe (one evaluation at a time per expression). `state` may be null for functions of
  // TIME only; measure functions then read zero.
  double evaluate(double time, const mbs::solver::StateView* state = nullptr) const;
  // Evaluates and lists the contact functions (IMPACT, BISTOP) called, in call order, for the
  // integrators' step control at contact onset (solver::Dae::contactStepLimit).
  void evaluateContacts(double time, const mbs::solver::StateView* state,
                        std::vector<mbs::solver::ContactSample>& out) const;
  // Whether it calls IMPACT or BISTOP, or a variable that may.
  bool mayCallContacts() const;
  const std::string& text() const;
  bool dependsOnState() const;  // uses a measure or load function, or a variable that does
  bool readsLoads() const;      // uses a load function, or a variable that does
  // Calls DELAY of an expression of the state or of VARIABLEs itself (not through VARVAL): it reads
  // the run's record of the past (ExpressionContext::recordedSignals).
  bool readsPast() const;
  // The first load function it calls, directly or through VARVAL ("JOINT", "FX", ...), else empty.
  const std::string& firstLoadFunction() const;
  bool readsContactLoads() const;  // CONTACT(), directly or through a VARIABLE
  // Indices (in the context's variable table) of the VARIABLEs it reads with VARVAL.
  const std::vector<int>& variableReads() const;
  // The element it belongs to, for messages ("VARIABLE 'v'"; ExpressionContext::owner).
  const std::string& owner() const;

  struct Impl;  // muparser state (defined in Expression.cpp)

private:
  explicit Expression(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> m_impl;
};

// Identifier tokens of an expression (upper case, in order, duplicates removed).
std::vector<std::string> expressionIdentifiers(std::string_view text);

// VARIABLE k of `table` at (time, state) as VARVAL reads it: its dependencies evaluated first and,
// when it is in an algebraic loop (VARIABLEs reading each other), the loop solved. NaN when it
// has no finite value (reported as Expression::evaluate reports one).
double evaluateVariable(const VariableTable& table, int k, double time, const mbs::solver::StateView* state);
// Replaces whole-word identifier `from` by `to` (case-insensitive), e.g. after a rename.
std::string renameIdentifier(std::string_view text, std::string_view from, std::string_view to);
// Rewrites integer arguments of measure functions (marker ids) and of VARVAL (variable ids) with
// names, as needed when importing Adams decks ("DM(204,205)" -> "DM(MARKER_204,MARKER_205)").
// An id the callback does not know is an error; 0 stays 0 (ground).
struct IdRewrite {
  std::string text;
  std::optional<ExpressionError> error;
};
// `elementName` names the element ids of the load functions (function name upper case, e.g.
// "JOINT", and the id); unset, they are left as they are (and refused when compiled). `dataName`
// names SPLINE ('s'), ARRAY ('a'), SENSOR ('n'), DIFF ('f') and CURVE ('c') ids of the spline
// functions, ARYVAL, SENVAL, DIF, DIF1 and CURVE;
// unset, they stay.
IdRewrite rewriteIdArguments(
    std::string_view text, const std::function<std::optional<std::string>(long)>& markerName,
    const std::function<std::optional<std::string>(long)>& variableName,
    const std::function<std::optional<std::string>(std::string_view, long)>& elementName = {},
    const std::function<std::optional<std::string>(char, long)>& dataName = {});
// The inverse, for exports: rewrites the element names that load functions read
// ("JOINT(pin, 0, 2, 0)") with the function and id of the element's own statement ("JPRIM(3, 0, 2, 0)").
// `statement` is given the function called (upper case) and the name as written; a name it returns
// nothing for stays as it is.
struct ElementStatement {
  std::string function;
  long id = 0;
};
std::string rewriteElementNames(
    std::string_view text,
    const std::function<std::optional<ElementStatement>(std::string_view function, std::string_view name)>&
        statement);
// True if `name` (any case) is an Adams function or constant name reserved by expressions.
bool isReservedExpressionName(std::string_view name);

}  // namespace mbs::core
