#pragma once
// Sentences of Qt-free layers (solver, core, the Adams importer) rewritten in the interface
// language: each known phrase is a regular expression whose captures (numbers, names, Adams
// statements) are kept and placed into its translated text. Unknown text passes as is.
#include <QRegularExpression>
#include <QString>
#include <span>
#include <vector>

namespace mbs::ui {

struct Phrase {
  const char* pattern;
  const char* text;        // English with %1, %2, ... for the captures: the translation's source
  int keywordCapture = 0;  // a capture that is a model keyword ("revolute"), shown by its term
};

class PhraseTable {
public:
  // `context` is the translation context the texts were marked in (QT_TRANSLATE_NOOP).
  PhraseTable(const char* context, std::span<const Phrase> phrases);
  // Applies every phrase in table order, so a later phrase may translate what an earlier one kept.
  QString translate(const QString& message) const;

private:
  struct Compiled {
    QRegularExpression pattern;
    const char* text;
    int keywordCapture;
  };
  const char* m_context;
  std::vector<Compiled> m_phrases;
};

}  // namespace mbs::ui
