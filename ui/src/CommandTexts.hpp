#pragma once
// What an undo step did ("Add marker B", "Set friction of joint pin"), in the interface language.
// Commands are Qt-free and name themselves in English; the undo menu, the log and the dialogs show
// that name through here, with the entity names kept.
#include <QString>
#include <string>

namespace mbs::ui {

QString commandText(const std::string& text);

}  // namespace mbs::ui
