// Checks a Qt Linguist .ts file that lupdate has just refreshed from the sources: every message
// has a finished translation (no type="unfinished", "vanished" or "obsolete", no empty text) with
// the same placeholders (%1, %2, ..., %n) as its source. Prints each problem; exit code 1 if any.
#include <QCoreApplication>
#include <QFile>
#include <QRegularExpression>
#include <QSet>
#include <QTextStream>
#include <QXmlStreamReader>

namespace {

QSet<QString> placeholders(const QString& text)
{
  QSet<QString> found;
  static const QRegularExpression re(QStringLiteral("%(\\d+|n)"));
  for (auto it = re.globalMatch(text); it.hasNext();)
    found.insert(it.next().captured(0));
  return found;
}

}  // namespace

int main(int argc, char** argv)
{
  QCoreApplication app(argc, argv);
  QTextStream out(stdout);
  if (argc != 2) {
    out << "usage: check_translations FILE.ts\n";
    return 2;
  }
  QFile file(QString::fromLocal8Bit(argv[1]));
  if (!file.open(QIODevice::ReadOnly)) {
    out << "cannot read " << file.fileName() << "\n";
    return 2;
  }
  QXmlStreamReader xml(&file);
  int messages = 0;
  int problems = 0;
  QString context, source, type;
  QStringList translations;
  bool inTranslation = false;
  while (!xml.atEnd()) {
    xml.readNext();
    if (xml.isStartElement()) {
      const auto name = xml.name();
      if (name == QLatin1String("name") && !inTranslation) {
        context = xml.readElementText();
      } else if (name == QLatin1String("message")) {
        source.clear();
        type.clear();
        translations.clear();
      } else if (name == QLatin1String("source")) {
        source = xml.readElementText();
      } else if (name == QLatin1String("translation")) {
        type = xml.attributes().value(QLatin1String("type")).toString();
        inTranslation = true;
        translations << QString();
      } else if (name == QLatin1String("numerusform")) {
        translations.last() = xml.readElementText();
        translations << QString();
      }
    } else if (xml.isCharacters() && inTranslation && !xml.isWhitespace()) {
      translations.last() += xml.text();
    } else if (xml.isEndElement()) {
      if (xml.name() == QLatin1String("translation")) {
        inTranslation = false;
        if (translations.size() > 1 && translations.last().isEmpty())
          translations.removeLast();  // the slot opened after the last numerusform
      } else if (xml.name() == QLatin1String("message")) {
        ++messages;
        QString problem;
        if (!type.isEmpty())
          problem = type;  // unfinished, vanished or obsolete
        for (const QString& t : translations) {
          if (!problem.isEmpty())
            break;
          if (t.trimmed().isEmpty() && !source.trimmed().isEmpty())
            problem = QStringLiteral("empty translation");
          else if (placeholders(t) != placeholders(source))
            problem = QStringLiteral("placeholders differ from the source: \"%1\"").arg(t);
        }
        if (!problem.isEmpty()) {
          ++problems;
          out << file.fileName() << ": [" << context << "] " << problem << ": \"" << source << "\"\n";
        }
      }
    }
  }
  if (xml.hasError()) {
    out << file.fileName() << ": XML error: " << xml.errorString() << "\n";
    return 2;
  }
  out << file.fileName() << ": " << messages << " messages, " << problems
      << " without a finished translation\n";
  return problems == 0 ? 0 : 1;
}
