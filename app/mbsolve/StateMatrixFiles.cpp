#include "StateMatrixFiles.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <initializer_list>
#include <numbers>
#include <sstream>

#include "mbs/core/AtomicFile.hpp"

namespace mbs::app {
namespace {

std::string number(double v)
{
  char text[40];
  std::snprintf(text, sizeof text, "%.17g", v + 0.0);  // (no "-0")
  return text;
}

std::string csvName(const std::string& name)
{
  if (name.find_first_of(",\"\n") == std::string::npos)
    return name;
  std::string quoted = "\"";
  for (const char c : name)
    quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string csv(const solver::Mat& m, const std::vector<std::string>& rows,
                const std::vector<std::string>& cols)
{
  std::ostringstream out;
  out << "row";
  for (const auto& c : cols)
    out << ',' << csvName(c);
  out << '\n';
  for (int i = 0; i < m.rows(); ++i) {
    out << csvName(rows[std::size_t(i)]);
    for (int j = 0; j < m.cols(); ++j)
      out << ',' << number(m(i, j));
    out << '\n';
  }
  return out.str();
}

std::string matlab(const std::string& name, const solver::Mat& m)
{
  if (m.rows() == 0 || m.cols() == 0)
    return name + " = zeros(" + std::to_string(m.rows()) + ", " + std::to_string(m.cols()) + ");\n";
  std::string out = name + " = [\n";
  for (int i = 0; i < m.rows(); ++i) {
    out += " ";
    for (int j = 0; j < m.cols(); ++j)
      out += " " + number(m(i, j));
    out += "\n";
  }
  return out + "];\n";
}

std::string cell(const std::string& name, const std::vector<std::string>& names)
{
  std::string out = name + " = {";
  for (std::size_t k = 0; k < names.size(); ++k) {
    std::string quoted;
    for (const char c : names[k])
      quoted += c == '\'' ? std::string("''") : std::string(1, c);
    out += (k ? "; '" : "'") + quoted + "'";
  }
  return out + "};\n";
}

// One variable of a MATLAB Level 4 MAT-file (the format MATLAB, Octave and scipy.io.loadmat read
// without a library): five int32 (type = 0 for little-endian doubles, 1 for text; rows; columns;
// 1 if an imaginary part follows; name length with its NUL), the name, then the real parts column
// by column and the imaginary parts.
static_assert(std::endian::native == std::endian::little, "MAT type 0 is little-endian IEEE doubles");
void matVariable(std::string& out, const std::string& name, int rows, int cols, const std::vector<double>& re,
                 const std::vector<double>* im = nullptr, bool text = false)
{
  const std::int32_t header[5] = {text ? 1 : 0, rows, cols, im ? 1 : 0, std::int32_t(name.size() + 1)};
  out.append(reinterpret_cast<const char*>(header), sizeof header);
  out.append(name.c_str(), name.size() + 1);
  out.append(reinterpret_cast<const char*>(re.data()), re.size() * sizeof(double));
  if (im)
    out.append(reinterpret_cast<const char*>(im->data()), im->size() * sizeof(double));
}

void matMatrix(std::string& out, const std::string& name, const solver::Mat& m)
{
  std::vector<double> columns;  // column-major, as MATLAB stores them
  for (int j = 0; j < m.cols(); ++j)
    for (int i = 0; i < m.rows(); ++i)
      columns.push_back(m(i, j));
  matVariable(out, name, int(m.rows()), int(m.cols()), columns);
}

// Names as a text matrix, one per row, padded with blanks (Level 4 has no cell arrays).
void matNames(std::string& out, const std::string& name, const std::vector<std::string>& names)
{
  std::size_t width = 0;
  for (const auto& n : names)
    width = std::max(width, n.size());
  std::vector<double> codes(names.size() * width, double(' '));
  for (std::size_t r = 0; r < names.size(); ++r)
    for (std::size_t c = 0; c < names[r].size(); ++c)
      codes[c * names.size() + r] = double(static_cast<unsigned char>(names[r][c]));
  matVariable(out, name, int(names.size()), int(width), codes, nullptr, true);
}

std::string matFile(const solver::StateMatrices& m)
{
  std::string out;
  matMatrix(out, "A", m.A);
  matMatrix(out, "B", m.B);
  matMatrix(out, "C", m.C);
  matMatrix(out, "D", m.D);
  std::vector<double> re, im;
  for (const auto& s : m.eigenvalues) {
    re.push_back(s.real());
    im.push_back(s.imag());
  }
  matVariable(out, "eigenvalues", int(re.size()), 1, re, &im);
  matNames(out, "states", m.states);
  matNames(out, "inputs", m.inputs);
  matNames(out, "outputs", m.outputs);
  return out;
}

}  // namespace

std::string stateUnitsText(double lengthUnit, double timeUnit)
{
  const auto name = [](double factor, std::initializer_list<std::pair<double, const char*>> known,
                       const char* si) {
    for (const auto& [f, n] : known)
      if (std::abs(factor - f) <= 1e-12 * f)
        return std::string(n);
    return "(" + number(factor) + " " + si + ")";
  };
  const std::string l = name(
      lengthUnit, {{1.0, "m"}, {1e-3, "mm"}, {1e-2, "cm"}, {0.0254, "in"}, {0.3048, "ft"}, {1e3, "km"}}, "m");
  const std::string t = name(timeUnit, {{1.0, "s"}, {1e-3, "ms"}, {60.0, "min"}, {3600.0, "h"}}, "s");
  return "states in " + l + ", rad, " + l + "/" + t + " and rad/" + t + "; rates per " + t;
}

std::string stateMatrixPrefix(const std::string& file)
{
  const std::filesystem::path p(file);
  const std::string ext = p.extension().string();
  return ext.empty() ? file : (p.parent_path() / p.stem()).string();
}

std::optional<std::string> writeStateMatrices(const solver::StateMatrices& m, const std::string& prefix,
                                              const std::string& title, const std::string& units)
{
  std::ostringstream eig;
  eig << "k,real,imag,frequency_hz,damping_ratio\n";
  for (std::size_t k = 0; k < m.eigenvalues.size(); ++k) {
    const auto s = m.eigenvalues[k];
    const double magnitude = std::abs(s);
    eig << k + 1 << ',' << number(s.real()) << ',' << number(s.imag()) << ','
        << number(magnitude / (2.0 * std::numbers::pi)) << ','
        << number(magnitude > 0 ? -s.real() / magnitude : 0.0) << '\n';
  }
  std::string script = "% " + title + "\n% x' = A x + B u, y = C x + D u; " + units + "\n";
  script += cell("states", m.states) + cell("inputs", m.inputs) + cell("outputs", m.outputs);
  script += matlab("A", m.A) + matlab("B", m.B) + matlab("C", m.C) + matlab("D", m.D);
  if (m.eigenvalues.empty()) {
    script += "eigenvalues = zeros(0, 1);\n";
  } else {
    script += "eigenvalues = [\n";
    for (const auto& s : m.eigenvalues)
      script += "  " + number(s.real()) + (s.imag() < 0 ? " - " : " + ") + number(std::abs(s.imag())) + "i\n";
    script += "];\n";
  }
  const std::pair<std::string, std::string> files[] = {
      {prefix + "_A.csv", csv(m.A, m.states, m.states)},
      {prefix + "_B.csv", csv(m.B, m.states, m.inputs)},
      {prefix + "_C.csv", csv(m.C, m.outputs, m.states)},
      {prefix + "_D.csv", csv(m.D, m.outputs, m.inputs)},
      {prefix + "_eigenvalues.csv", eig.str()},
      {prefix + ".m", script},
      {prefix + ".mat", matFile(m)},
  };
  for (const auto& [path, text] : files)
    if (const auto error = core::writeFileAtomically(path, text))
      return *error;
  return std::nullopt;
}

}  // namespace mbs::app
