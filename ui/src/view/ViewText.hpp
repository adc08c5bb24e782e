#pragma once
// Text that VTK draws in the 3-D view (the contour colour bar's title) in the interface language.
// VTK's built-in fonts have Latin glyphs only, so a translated text is drawn with a CJK font file
// from Debian's fonts-noto-cjk; where no such font is installed it stays English (never boxes).
#include <string>

class vtkTextProperty;

namespace mbs::ui {

// `english` (a QT_TRANSLATE_NOOP("ViewText", …) text) as the view shows it, with `text`'s font
// set so that VTK can draw it. UTF-8.
std::string viewText(const char* english, vtkTextProperty* text);

}  // namespace mbs::ui
