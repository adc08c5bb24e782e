// REQUEST statements: output requests (mbs/core/Request.hpp). Outputs never change the physics,
// so what cannot be computed is skipped with a warning.
#include <algorithm>

#include "../ExpressionScan.hpp"
#include "../TextEncoding.hpp"
#include "AdmImporter.hpp"
#include "mbs/core/Expression.hpp"

namespace mbs::core::adm {

namespace {

// "e,KEY=value" (a comma outside parentheses, then a keyword and '='): cuts the text to e and
// returns the keyword (upper case) and the value.
std::optional<std::pair<std::string, std::string>> trailingArgument(std::string& text)
{
  const auto tokens = detail::tokenize(detail::toMuparserText(text));  // same positions as text
  int depth = 0;
  for (std::size_t k = 0; k + 2 < tokens.size(); ++k) {
    const auto& t = tokens[k];
    depth += t.text == "(" ? 1 : t.text == ")" ? -1 : 0;
    if (depth != 0 || t.text != "," || tokens[k + 1].kind != detail::Token::Identifier ||
        tokens[k + 2].text != "=")
      continue;
    std::string value = text.substr(std::size_t(tokens[k + 2].position) + 1);
    value.erase(0, value.find_first_not_of(" \t"));
    value.erase(value.find_last_not_of(" \t") + 1);
    auto out = std::make_pair(tokens[k + 1].text, value);
    text.erase(std::size_t(t.position));
    return out;
  }
  return std::nullopt;
}

}  // namespace

void Importer::request(const Statement& st)
{
  if (!st.id) {
    error(st, 0, "REQUEST needs an id");
    return;
  }
  Request r;
  r.name = nameFor(st, "REQUEST");
  for (const char* key : {"TITLE", "COMMENT"})
    if (const Argument* a = arg(st, key); a && !a->values.empty())
      r.comment = detail::toValidUtf8(a->values[0]);  // the model file holds UTF-8 only
  int kinds = 0;
  for (const auto& [word, kind] :
       {std::pair{"DISPLACEMENT", RequestKind::Displacement}, std::pair{"VELOCITY", RequestKind::Velocity},
        std::pair{"ACCELERATION", RequestKind::Acceleration}, std::pair{"FORCE", RequestKind::Force}}) {
    if (flag(st, word)) {
      r.kind = kind;
      ++kinds;
    }
  }
  // Marker 0 is Adams' "none" (J: the ground origin or action only; RM: ground axes).
  auto markerOrNone = [&](const char* key, MarkerId& out) {
    const Argument* a = arg(st, key);
    if (!a || a->values.empty() || a->values[0] == "0")
      return true;
    const auto id = markerRef(st, key, false);
    if (id)
      out = *id;
    return id.has_value();
  };
  const auto functions = components(st, "F1 F2 F3 F4 F5 F6 F7 F8");
  if (!functions)
    return;
  if (kinds + (functions->empty() ? 0 : 1) != 1) {
    if (kinds + !functions->empty() == 0)
      warn(st, 0,
           "REQUEST has no DISPLACEMENT, VELOCITY, ACCELERATION, FORCE or F1..F8 that can be computed; not "
           "written");
    else
      error(st, 0, "a REQUEST is one of DISPLACEMENT, VELOCITY, ACCELERATION, FORCE or F1..F8");
    return;
  }
  if (!functions->empty()) {
    r.kind = RequestKind::Functions;
    for (auto [key, text, line] : *functions) {
      // Adams/View ends the last function with the next argument: "F8=JOINT(1,0,8,0),C=RForce ...".
      if (auto rest = trailingArgument(text)) {
        const Resolution what = resolveArgument(*statementInfo(st.name), rest->first);
        if (what.name != "COMMENT" && what.name != "TITLE") {
          error(st, line, "'" + rest->first + "' after " + key + "'s function is not a REQUEST argument");
          return;
        }
        r.comment = detail::toValidUtf8(rest->second);
      }
      auto si = expression(st, text, line, 1.0);  // the value Adams prints, in the deck's units
      if (!si)
        return;
      ExpressionContext ctx;
      ctx.marker = [](std::string_view) -> std::optional<int> { return 0; };
      ctx.variable = [](std::string_view) -> std::optional<int> { return 0; };
      ctx.delayRecorded = false;  // as RequestOutputs compiles it
      if (auto c = Expression::compile(*si, ctx);
          !c.ok() && (c.error->message.rfind("unknown function", 0) == 0 ||
                      c.error->message.find(" is not supported") != std::string::npos)) {
        warn(st, line, key + " not written: " + c.error->message);
        continue;
      }
      r.functions[key[1] - '1'] = *si;
    }
    if (std::all_of(r.functions.begin(), r.functions.end(), [](const std::string& f) { return f.empty(); }))
      return;
  } else {
    const auto i = markerRef(st, "I", true);
    if (!i)
      return;
    r.iMarker = *i;
    if (!markerOrNone("J", r.jMarker) || !markerOrNone("RM", r.referenceMarker))
      return;
  }
  m_model.requests.push_back(std::move(r));
}

}  // namespace mbs::core::adm
