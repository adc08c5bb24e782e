#include "PhraseTable.hpp"

#include <QCoreApplication>

#include "Terms.hpp"

namespace mbs::ui {

PhraseTable::PhraseTable(const char* context, std::span<const Phrase> phrases) : m_context(context)
{
  for (const Phrase& p : phrases)
    m_phrases.push_back({QRegularExpression(QString::fromUtf8(p.pattern)), p.text, p.keywordCapture});
}

QString PhraseTable::translate(const QString& message) const
{
  QString text = message;
  for (const Compiled& c : m_phrases) {
    auto it = c.pattern.globalMatch(text);
    if (!it.hasNext())
      continue;
    QString out;
    qsizetype last = 0;
    while (it.hasNext()) {
      const QRegularExpressionMatch m = it.next();
      QString phrase = QCoreApplication::translate(m_context, c.text);
      for (int k = 1; k <= c.pattern.captureCount(); ++k)
        phrase = phrase.arg(k == c.keywordCapture ? term(m.captured(k).toUtf8().constData()) : m.captured(k));
      out += text.mid(last, m.capturedStart() - last) + phrase;
      last = m.capturedEnd();
    }
    text = out + text.mid(last);
  }
  return text;
}

}  // namespace mbs::ui
