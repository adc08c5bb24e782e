#include "AdmStatement.hpp"

#include <cctype>

#include "NumberText.hpp"
#include "mbs/core/AdmKeywords.hpp"

namespace mbs::core::adm {
namespace {

std::string trim(const std::string& s)
{
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) {
    return {};
  }
  const auto e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

std::string upper(std::string s)
{
  for (auto& c : s)
    c = char(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

bool isNumberLike(const std::string& s)
{
  if (s.empty())
    return false;
  char* end = nullptr;
  std::strtod(s.c_str(), &end);
  return end != s.c_str() && (*end == '\0' || ((*end == 'D' || *end == 'd') && end[1] == '\0'));
}

// Separator between the physical lines of one statement (a continuation line's leading comma).
constexpr char kContinuation = '\x01';

}  // namespace

namespace {

// Whether `key` (as given) is an expression argument, whose value runs to the end of the statement.
// Statements without an argument table (refused or ignored ones) take FUNCTION and its prefixes.
bool isExpressionKey(const StatementInfo* info, const std::string& key)
{
  if (!info || info->keywords.empty())
    return key.size() >= 3 && std::string_view("FUNCTION").starts_with(key);
  const Resolution r = resolveArgument(*info, key);
  return r.name && keyword(*info, *r.name)->form == Form::Expression;
}

// The statement name written before the first '/' (or the whole head), resolved if possible.
const StatementInfo* headInfo(const std::string& text, std::span<const StatementInfo> table)
{
  const std::string head = upper(trim(text.substr(0, text.find_first_of("/,"))));
  const Resolution r = resolveStatement(head, table);
  return r.name ? statementInfo(*r.name, table) : nullptr;
}

// Replaces each given statement name and argument by the documented keyword it abbreviates.
void resolveKeywords(Statement& st, Diagnostics& errors, std::span<const StatementInfo> table)
{
  const Resolution name = resolveStatement(st.given, table);
  if (name.candidates.size() > 1 && !name.name) {
    errors.push_back({{},
                      st.line,
                      st.given,
                      {},
                      "statement name '" + st.given + "' is ambiguous: " + candidateList(name.candidates)});
    st.known = false;
    return;
  }
  st.known = name.name.has_value();
  if (!st.known)
    return;
  st.name = *name.name;
  const StatementInfo& info = *statementInfo(st.name, table);
  if (info.keywords.empty())
    return;  // an ignored or refused statement: its arguments are not read
  const std::string label = st.id ? st.name + "/" + std::to_string(*st.id) : st.name;
  for (Argument& a : st.args) {
    a.given = a.key;
    const Resolution r = resolveArgument(info, a.key);
    if (!r.name) {
      if (r.candidates.size() > 1)
        errors.push_back({{},
                          a.line,
                          label,
                          {},
                          "argument '" + a.given + "' is ambiguous: " + candidateList(r.candidates)});
      a.known = false;
      continue;
    }
    a.key = *r.name;
    const Form form = keyword(info, a.key)->form;
    if (a.flag && form != Form::Flag)
      errors.push_back({{}, a.line, label, {}, a.key + " needs a value (" + a.key + " = ...)"});
    else if (!a.flag && form == Form::Flag)
      errors.push_back({{}, a.line, label, {}, a.key + " takes no value"});
  }
}

}  // namespace

Deck lex(const std::string& text, std::span<const StatementInfo> table)
{
  Deck deck;
  struct Raw {
    std::string text;        // statement text with continuation separators
    std::vector<int> lines;  // physical line of each segment
    std::string viewName;
  };
  std::vector<Raw> raws;
  std::string pendingView;
  int lineNo = 0;
  std::size_t pos = 0;
  bool first = true;
  bool ampersandPending = false;  // the previous line ended with '&'
  while (pos <= text.size()) {
    const std::size_t nl = text.find('\n', pos);
    std::string line = text.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
    pos = nl == std::string::npos ? text.size() + 1 : nl + 1;
    ++lineNo;
    if (first) {  // Adams: the first line is the title
      deck.title = trim(line);
      first = false;
      continue;
    }
    if (line.find_first_not_of(" \t\r") != std::string::npos)
      deck.lastLine = lineNo;
    const auto bang = line.find('!');
    if (bang != std::string::npos) {
      const std::string comment = line.substr(bang + 1);
      const auto v = comment.find("adams_view_name='");
      if (v != std::string::npos) {
        const auto start = v + 17;
        const auto stop = comment.find('\'', start);
        if (stop != std::string::npos)
          pendingView = comment.substr(start, stop - start);
      }
      line = line.substr(0, bang);
    }
    line = trim(line);
    if (line.empty()) {
      continue;
    }
    // An '&' ending a line continues the statement on the next line (the command language's
    // continuation; Adams/View writes "INTEGRATOR/ &" then ", HHT &" ...); a leading comma then
    // separates arguments as on any continuation line.
    const bool continues = line.back() == '&';
    if (continues)
      line = trim(line.substr(0, line.size() - 1));
    if (line.empty() || line[0] == ',' || ampersandPending) {
      if (raws.empty()) {
        deck.errors.push_back({{}, lineNo, {}, {}, "continuation line without a statement"});
        ampersandPending = continues;
        continue;
      }
      raws.back().text += kContinuation + (!line.empty() && line[0] == ',' ? line.substr(1) : line);
      raws.back().lines.push_back(lineNo);
      ampersandPending = continues;
      continue;
    }
    raws.push_back({line, {lineNo}, pendingView});
    pendingView.clear();
    ampersandPending = continues;
  }
  if (ampersandPending && !raws.empty())
    deck.errors.push_back(
        {{}, raws.back().lines.back(), {}, {}, "the last line ends with '&' but no line follows"});

  for (const Raw& raw : raws) {
    Statement st;
    st.line = raw.lines.front();
    st.viewName = raw.viewName;
    // Split into comma/continuation separated items, remembering each item's line.
    std::vector<std::pair<std::string, int>> items;
    std::string cur;
    int segment = 0, depth = 0;
    int itemLine = raw.lines[0];
    bool inFunction = false;
    const StatementInfo* info = headInfo(raw.text, table);
    for (std::size_t k = 0; k < raw.text.size(); ++k) {
      const char c = raw.text[k];
      if (c == kContinuation) {
        ++segment;
        if (inFunction) {
          cur += ' ';  // a function continues over the line break; the comma is not part of it
          continue;
        }
        items.emplace_back(cur, itemLine);
        cur.clear();
        itemLine = raw.lines[std::min<std::size_t>(segment, raw.lines.size() - 1)];
        continue;
      }
      if (!inFunction && c == ',' && depth == 0) {
        items.emplace_back(cur, itemLine);
        cur.clear();
        itemLine = raw.lines[std::min<std::size_t>(segment, raw.lines.size() - 1)];
        continue;
      }
      if (c == '(')
        ++depth;
      if (c == ')')
        --depth;
      cur += c;
      if (!inFunction && c == '=') {
        std::string key = cur.substr(0, cur.size() - 1);
        key = key.substr(key.find('/') == std::string::npos ? 0 : key.find('/') + 1);  // "NAME/ KEY="
        inFunction = isExpressionKey(info, upper(trim(key)));
      }
    }
    items.emplace_back(cur, itemLine);

    // Head: NAME/id or NAME/ or END.
    std::string head = trim(items.front().first);
    const auto slash = head.find('/');
    if (slash == std::string::npos) {
      if (upper(head) == "END") {
        st.name = st.given = "END";
        deck.statements.push_back(st);
        deck.ended = true;
        break;
      }
      if (const StatementInfo* bare = headInfo(head, table);
          bare && bare->keywords.empty() && bare->use == Use::Read) {
        st.name = bare->name;  // a word alone: STOP in a command file
        st.given = upper(head);
        deck.statements.push_back(st);
        continue;
      }
      deck.errors.push_back({{}, st.line, {}, {}, "syntax error: expected NAME/id, found '" + head + "'"});
      continue;
    }
    st.name = st.given = upper(trim(head.substr(0, slash)));
    const std::string rest = trim(head.substr(slash + 1));
    if (!rest.empty()) {
      // "PART/01" or "UNITS/ FORCE = NEWTON" (first argument on the head)
      if (std::isdigit(static_cast<unsigned char>(rest[0]))) {
        st.id = detail::parseId(rest);
        if (!st.id) {
          deck.errors.push_back({{},
                                 st.line,
                                 st.name,
                                 {},
                                 "bad id '" + rest + "' (an id is a whole number from 0 to 2147483647)"});
          continue;
        }
      } else {
        items.front().first = rest;
        items.insert(items.begin(), {"", st.line});
      }
    }
    for (std::size_t k = 1; k < items.size(); ++k) {
      const std::string item = trim(items[k].first);
      if (item.empty()) {
        continue;
      }
      const auto eq = item.find('=');
      if (eq != std::string::npos) {
        Argument a;
        a.key = upper(trim(item.substr(0, eq)));
        a.values.push_back(trim(item.substr(eq + 1)));
        a.line = items[k].second;
        st.args.push_back(std::move(a));
      } else if (isNumberLike(item) && !st.args.empty() && !st.args.back().flag) {
        st.args.back().values.push_back(item);  // further values of the previous key
      } else {
        st.args.push_back({upper(item), {}, true, items[k].second, {}, true});
      }
    }
    resolveKeywords(st, deck.errors, table);
    deck.statements.push_back(std::move(st));
  }
  return deck;
}

}  // namespace mbs::core::adm
