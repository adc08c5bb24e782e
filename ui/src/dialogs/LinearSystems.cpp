#include "LinearSystems.hpp"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>
#include <QStringList>
#include <cmath>

#include "mbs/core/LinearSystems.hpp"

namespace mbs::ui::linear_systems {
namespace {

QString tr(const char* text)
{
  return QCoreApplication::translate("mbs::ui::linear_systems", text);  // lupdate's context for tr() here
}

std::string stateName(const std::string& element, std::size_t k)
{
  return element + "_x" + std::to_string(k + 1);
}

// The tag of state k of n: "TFSISO lag state 1/2", the first with " | " and the element's numbers.
const QRegularExpression kTag(R"(^(TFSISO|LSE) (\w+) state (\d+)/(\d+)(?: \| (.*))?$)");

std::string tagOf(const char* kind, const std::string& element, std::size_t k, std::size_t n)
{
  return std::string(kind) + " " + element + " state " + std::to_string(k + 1) + "/" + std::to_string(n);
}

}  // namespace

std::optional<std::vector<double>> parseNumbers(const QString& text, QString& error)
{
  std::vector<double> values;
  for (const QString& item : text.split(QRegularExpression("[,\\s]+"), Qt::SkipEmptyParts)) {
    bool ok = false;
    const double v = QLocale::c().toDouble(item, &ok);
    if (!ok || !std::isfinite(v)) {
      error = tr("'%1' is not a number.").arg(item);
      return std::nullopt;
    }
    values.push_back(v);
  }
  return values;
}

std::optional<core::DataMatrix> parseMatrix(const QString& text, QString& error)
{
  core::DataMatrix m;
  const QStringList rows = text.split(';', Qt::SkipEmptyParts);
  for (const QString& row : rows) {
    const auto values = parseNumbers(row, error);
    if (!values)
      return std::nullopt;
    if (values->empty())
      continue;
    if (m.rows > 0 && int(values->size()) != m.columns) {
      error =
          tr("row %1 has %2 numbers, the first row %3").arg(m.rows + 1).arg(values->size()).arg(m.columns);
      return std::nullopt;
    }
    m.columns = int(values->size());
    m.values.insert(m.values.end(), values->begin(), values->end());
    ++m.rows;
  }
  return m;
}

QString numbersText(const std::vector<double>& values)
{
  QStringList items;
  for (double v : values)
    items << QString::number(v, 'g', QLocale::FloatingPointShortest);
  return items.join(", ");
}

QString matrixText(const core::DataMatrix& m)
{
  QStringList rows;
  for (int r = 0; r < m.rows; ++r) {
    QStringList row;
    for (int c = 0; c < m.columns; ++c)
      row << QString::number(m.at(r, c), 'g', QLocale::FloatingPointShortest);
    rows << row.join(' ');
  }
  return rows.join("; ");
}

std::optional<Realization> realize(const TransferFunction& tf, QString& error)
{
  std::vector<double> a = tf.denominator, b = tf.numerator;
  while (a.size() > 1 && a.back() == 0.0)
    a.pop_back();
  while (b.size() > 1 && b.back() == 0.0)
    b.pop_back();
  if (a.size() < 2) {
    error =
        tr("The denominator needs at least two coefficients (a first-order term): the transfer function "
           "has no state otherwise.");
    return std::nullopt;
  }
  if (b.empty()) {
    error = tr("Type the numerator's coefficients.");
    return std::nullopt;
  }
  const std::size_t n = a.size() - 1;
  if (b.size() > n + 1) {
    error = tr("The numerator's degree (%1) is above the denominator's (%2): the transfer function is not "
               "proper.")
                .arg(b.size() - 1)
                .arg(n);
    return std::nullopt;
  }
  if (tf.input.empty()) {
    error = tr("Type the input u (an expression, e.g. VARVAL(command) or 1).");
    return std::nullopt;
  }
  const std::string u = "(" + tf.input + ")";
  Realization r;
  for (std::size_t k = 0; k < n; ++k) {
    core::DifferentialEquation d;
    d.name = stateName(tf.name, k);
    d.staticHold = tf.staticHold;
    d.description = tagOf("TFSISO", tf.name, k, n);
    r.states.push_back(d);
  }
  std::vector<std::string> x;
  for (const core::DifferentialEquation& d : r.states)
    x.push_back("DIF(" + d.name + ")");
  const core::LinearSystemFunctions f = core::transferFunctionFunctions(a, b, x, u);
  for (std::size_t k = 0; k < n; ++k)
    r.states[k].function = f.states[k];
  r.states[0].description += (" | NUMERATOR = " + numbersText(tf.numerator) +
                              "; DENOMINATOR = " + numbersText(tf.denominator) + "; U = ")
                                 .toStdString() +
                             tf.input;
  r.outputs.emplace_back(tf.name, f.outputs[0]);
  return r;
}

std::optional<Realization> realize(const StateEquations& lse, QString& error)
{
  const int n = lse.a.rows, nu = int(lse.inputs.size());
  if (n == 0 || lse.a.columns != n) {
    error = tr("A must be square with one row per state (it is %1 x %2).").arg(lse.a.rows).arg(lse.a.columns);
    return std::nullopt;
  }
  const int ny = lse.c.rows > 0 ? lse.c.rows : lse.d.rows;
  const auto shape = [&](const core::DataMatrix& m, const char* key, int rows, int columns) {
    if (m.rows == 0 || (m.rows == rows && m.columns == columns))
      return true;
    error = tr("%1 is %2 x %3; with %4 states, %5 inputs and %6 outputs it must be %7 x %8.")
                .arg(key)
                .arg(m.rows)
                .arg(m.columns)
                .arg(n)
                .arg(nu)
                .arg(ny)
                .arg(rows)
                .arg(columns);
    return false;
  };
  if ((lse.b.rows > 0 || lse.d.rows > 0) && nu == 0) {
    error = tr("B and D multiply the inputs u: type the inputs (one expression each, separated by ';').");
    return std::nullopt;
  }
  if (!shape(lse.b, "B", n, nu) || !shape(lse.c, "C", ny, n) || !shape(lse.d, "D", ny, nu))
    return std::nullopt;
  if (!lse.initial.empty() && int(lse.initial.size()) != n) {
    error =
        tr("The initial states are %1 numbers; the element has %2 states.").arg(lse.initial.size()).arg(n);
    return std::nullopt;
  }
  Realization r;
  for (int k = 0; k < n; ++k) {
    core::DifferentialEquation d;
    d.name = stateName(lse.name, std::size_t(k));
    d.staticHold = lse.staticHold;
    d.initialValue = lse.initial.empty() ? 0.0 : lse.initial[std::size_t(k)];
    d.description = tagOf("LSE", lse.name, std::size_t(k), std::size_t(n));
    r.states.push_back(d);
  }
  std::vector<std::string> u;
  for (const std::string& input : lse.inputs)
    u.push_back("(" + input + ")");
  std::vector<std::string> x;
  for (const core::DifferentialEquation& d : r.states)
    x.push_back("DIF(" + d.name + ")");
  const auto present = [](const core::DataMatrix& m) { return m.rows > 0 ? &m : nullptr; };
  const core::LinearSystemFunctions f = core::stateEquationFunctions(lse.a, present(lse.b), present(lse.c),
                                                                     present(lse.d), std::size_t(ny), x, u);
  for (int i = 0; i < n; ++i)
    r.states[std::size_t(i)].function = f.states[std::size_t(i)];
  for (int i = 0; i < ny; ++i)
    r.outputs.emplace_back(lse.name + "_y" + std::to_string(i + 1), f.outputs[std::size_t(i)]);
  QStringList inputs;
  for (const std::string& input : lse.inputs)
    inputs << QString::fromStdString(input);
  r.states[0].description += (" | U = " + inputs.join("; ")).toStdString();
  for (const auto& [m, key] : {std::pair{&lse.a, "A"}, {&lse.b, "B"}, {&lse.c, "C"}, {&lse.d, "D"}})
    if (m->rows > 0) {
      core::DataMatrix named = *m;
      named.name = lse.name + "_" + key;
      named.description = "LSE " + lse.name + " " + key;
      r.matrices.push_back(named);
    }
  return r;
}

bool isState(const core::DifferentialEquation& d, const std::string& element)
{
  const auto match = kTag.match(QString::fromStdString(d.description));
  return match.hasMatch() && match.captured(2).toStdString() == element;
}

std::vector<std::string> stateNames(const core::Model& model, const std::string& element)
{
  std::vector<std::string> names;
  for (const core::DifferentialEquation& d : model.differentials)
    if (isState(d, element))
      names.push_back(d.name);
  return names;
}

std::vector<TransferFunction> transferFunctions(const core::Model& model)
{
  std::vector<TransferFunction> out;
  static const QRegularExpression numbers(R"(^NUMERATOR = (.*); DENOMINATOR = (.*); U = (.*)$)");
  for (const core::DifferentialEquation& d : model.differentials) {
    const auto tag = kTag.match(QString::fromStdString(d.description));
    if (!tag.hasMatch() || tag.captured(1) != "TFSISO" || tag.captured(3) != "1")
      continue;
    const auto m = numbers.match(tag.captured(5));
    if (!m.hasMatch())
      continue;
    QString ignored;
    TransferFunction tf;
    tf.name = tag.captured(2).toStdString();
    tf.numerator = parseNumbers(m.captured(1), ignored).value_or(std::vector<double>{});
    tf.denominator = parseNumbers(m.captured(2), ignored).value_or(std::vector<double>{});
    tf.input = m.captured(3).toStdString();
    tf.staticHold = d.staticHold;
    out.push_back(tf);
  }
  return out;
}

std::vector<StateEquations> stateEquations(const core::Model& model)
{
  std::vector<StateEquations> out;
  for (const core::DifferentialEquation& d : model.differentials) {
    const auto tag = kTag.match(QString::fromStdString(d.description));
    if (!tag.hasMatch() || tag.captured(1) != "LSE" || tag.captured(3) != "1")
      continue;
    StateEquations lse;
    lse.name = tag.captured(2).toStdString();
    const QString rest = tag.captured(5);
    if (rest.startsWith("U = "))
      for (const QString& input : rest.mid(4).split("; ", Qt::SkipEmptyParts))
        lse.inputs.push_back(input.toStdString());
    for (const auto& [m, key] : {std::pair{&lse.a, "_A"}, {&lse.b, "_B"}, {&lse.c, "_C"}, {&lse.d, "_D"}})
      for (const core::DataMatrix& matrix : model.matrices)
        if (matrix.name == lse.name + key)
          *m = matrix;
    for (const core::DifferentialEquation& s : model.differentials)
      if (isState(s, lse.name))
        lse.initial.push_back(s.initialValue);
    lse.staticHold = d.staticHold;
    out.push_back(lse);
  }
  return out;
}

}  // namespace mbs::ui::linear_systems
