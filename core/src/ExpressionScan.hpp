#pragma once
// Lexical helpers shared by Expression.cpp: Adams text -> muparser text of the same length, and
// the table of function names with their argument counts.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mbs::core::detail {

// Math: numbers in, a number out. Measure: marker kinematics (DX ... ROLL, INCANG, ORIENT).
// VarVal: a VARIABLE's value. MarkerLoad: the net force or torque at a marker (FX ... TM).
// ElementLoad: the force or torque of one element (JOINT, MOTION, SFORCE, GFORCE, BUSH, SPDP,
// VFORCE, VTORQUE), Adams' (id, jflag, comp, rm) arguments. Spline: CUBSPL, AKISPL, INTERP read a
// SPLINE (`measure` holds the InterpolationMethod, -1 for INTERP's method argument). ArrayValue:
// ARYVAL reads a number of an ARRAY.
// Differential: DIF (`measure` 0, the state) and DIF1 (1, its derivative) of a DIFF.
enum class FunctionClass {
  Math,
  Measure,
  VarVal,
  MarkerLoad,
  ElementLoad,
  Spline,
  ArrayValue,
  SensorValue,
  Differential,
  Curve,         // CURVE(alpha, iord, comp, curve): a data curve's point or derivative
  PowerSpectrum  // INVPSD(x, spline, f0, f1, nf, linlog, seed): a signal of a spline's spectrum
};

// The kind of model element an ElementLoad function reads (its first argument).
enum class ElementKind {
  Joint,
  Motion,
  SingleForce,
  GeneralForce,
  VectorForce,
  VectorTorque,
  Bushing,
  SpringDamper,
  Beam,
  Field,
  MultiPoint,  // NFORCE(id, at_marker, comp, rm): the load at one of its markers
  Contact      // CONTACT(id, jflag, comp, rm): a contact between solids, about its parts' CMs
};

struct FunctionInfo {
  const char* name;
  FunctionClass cls;
  int minArgs;
  int maxArgs;  // -1: any
  int measure;  // index of the measure kind (Measure, MarkerLoad), or the ElementKind (ElementLoad)
  // What each argument must be (non-Math functions): 'm' a marker name or 0, 'v' a VARIABLE name,
  // 'e' an element name, 'i' an integer literal, 's' a SPLINE name, 'a' an ARRAY name, 'n' a SENSOR
  // name, 'f' a DIFF name, 'c' a CURVE name, 'x' any
  // expression (checked as the rest of the text); the last letter repeats.
  const char* arguments = "";
};

// Measure kinds past the 30 of DX ... ROLL.
constexpr int kMeasureIncang = 30;
constexpr int kMeasureOrient = 31;

// Nesting of parentheses an expression may have (docs/file-format.md, "Expressions"): deeper
// expressions are refused before any parsing, so no check or evaluation recurses past it.
constexpr int kMaxExpressionNesting = 256;
// Characters an expression may have (muparser's own limit).
constexpr std::size_t kMaxExpressionLength = 20000;

const FunctionInfo* findFunction(std::string_view upperName);
bool isConstantName(std::string_view upperName);  // TIME, PI, DTOR, RTOD

struct Token {
  enum Kind { Identifier, Number, Symbol } kind;
  int position;
  int length;
  std::string text;
};

// The postfix operator that stands for Adams' degree suffix ("60D") in muparser text.
inline constexpr char kDegreeSuffix = '#';
// Upper-cases, turns "**" into "^ ", the ':' of IF(a: b, c, d) into ',' and the D of "60D" into
// kDegreeSuffix — same length, so error positions map one to one.
std::string toMuparserText(std::string_view text);
std::vector<Token> tokenize(std::string_view upperText);

// Call structure of a token list in one pass: for each '(' the index of its ')' (or tokens.size()
// when unbalanced) and the indices of the ',' at its own depth; the deepest nesting.
struct Parentheses {
  std::vector<std::size_t> close;                // per token; meaningful at '(' tokens
  std::vector<std::vector<std::size_t>> commas;  // per token; meaningful at '(' tokens
  int maxDepth = 0;
  std::size_t deepest = 0;                    // the '(' that first reached maxDepth
  std::optional<std::size_t> unmatchedClose;  // a ')' with no '('
};
Parentheses matchParentheses(const std::vector<Token>& tokens);

// The argument tokens of the call whose '(' is tokens[open]: [first, last) token ranges.
std::vector<std::pair<std::size_t, std::size_t>> callArguments(const Parentheses& parens, std::size_t open);

}  // namespace mbs::core::detail
