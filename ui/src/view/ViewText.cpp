#include "ViewText.hpp"

#include <vtkTextProperty.h>
#include <QCoreApplication>
#include <QFileInfo>
#include <algorithm>

namespace mbs::ui {
namespace {

// A font file with CJK glyphs (VTK reads TrueType/OpenType files and collections), or empty.
const QString& cjkFontFile()
{
  static const QString file = [] {
    for (const char* path : {"/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
                             "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc",
                             "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
                             "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"})
      if (QFileInfo::exists(QString::fromLatin1(path)))
        return QString::fromLatin1(path);
    return QString();
  }();
  return file;
}

bool latinOnly(const QString& text)
{
  return std::all_of(text.begin(), text.end(), [](QChar c) { return c.unicode() < 0x0250; });
}

}  // namespace

std::string viewText(const char* english, vtkTextProperty* text)
{
  const QString shown = QCoreApplication::translate("ViewText", english);
  if (latinOnly(shown)) {
    text->SetFontFamilyToArial();
    return shown.toStdString();
  }
  if (cjkFontFile().isEmpty())
    return english;
  text->SetFontFamily(VTK_FONT_FILE);
  text->SetFontFile(cjkFontFile().toLocal8Bit().constData());
  return shown.toStdString();
}

}  // namespace mbs::ui
