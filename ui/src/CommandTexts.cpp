#include "CommandTexts.hpp"

#include <QCoreApplication>

#include "PhraseTable.hpp"

namespace mbs::ui {
namespace {

// The names core's commands (Commands.cpp) and the GUI's macros give themselves; a joint kind is
// shown by its term ("Create revolute joint pin": 创建转动铰 pin). The catch-all "Set <property>"
// comes last: the property is the model file's field path.
const Phrase kPhrases[] = {
    {R"re(^Add part (.*)$)re", QT_TRANSLATE_NOOP("CommandTexts", "Add part %1")},
    {R"re(^Add marker (.*)$)re", QT_TRANSLATE_NOOP("CommandTexts", "Add marker %1")},
    {R"re(^Add joint (.*)$)re", QT_TRANSLATE_NOOP("CommandTexts", "Add joint %1")},
    {R"re(^Add motion (.*)$)re", QT_TRANSLATE_NOOP("CommandTexts", "Add motion %1")},
    {R"re(^Add force (.*)$)re", QT_TRANSLATE_NOOP("CommandTexts", "Add force %1")},
    {R"re(^Add variable (.*)$)re", QT_TRANSLATE_NOOP("CommandTexts", "Add variable %1")},
    {R"re(^Remove part$)re", QT_TRANSLATE_NOOP("CommandTexts", "Remove part")},
    {R"re(^Remove marker$)re", QT_TRANSLATE_NOOP("CommandTexts", "Remove marker")},
    {R"re(^Remove joint$)re", QT_TRANSLATE_NOOP("CommandTexts", "Remove joint")},
    {R"re(^Remove motion$)re", QT_TRANSLATE_NOOP("CommandTexts", "Remove motion")},
    {R"re(^Remove force$)re", QT_TRANSLATE_NOOP("CommandTexts", "Remove force")},
    {R"re(^Remove variable$)re", QT_TRANSLATE_NOOP("CommandTexts", "Remove variable")},
    {R"re(^Set properties$)re", QT_TRANSLATE_NOOP("CommandTexts", "Set properties")},
    {R"re(^Set output requests$)re", QT_TRANSLATE_NOOP("CommandTexts", "Set output requests")},
    {R"re(^Set system elements$)re", QT_TRANSLATE_NOOP("CommandTexts", "Set system elements")},
    {R"re(^Set parameters$)re", QT_TRANSLATE_NOOP("CommandTexts", "Set parameters")},
    {R"re(^Set friction of joint (.*)$)re", QT_TRANSLATE_NOOP("CommandTexts", "Set friction of joint %1")},
    {R"re(^Remove friction of joint (.*)$)re",
     QT_TRANSLATE_NOOP("CommandTexts", "Remove friction of joint %1")},
    {R"re(^Set initial velocities of (.*)$)re",
     QT_TRANSLATE_NOOP("CommandTexts", "Set initial velocities of %1")},
    {R"re(^Create part (.*)$)re", QT_TRANSLATE_NOOP("CommandTexts", "Create part %1")},
    {R"re(^Create marker (.*) on (.*)$)re", QT_TRANSLATE_NOOP("CommandTexts", "Create marker %1 on %2")},
    {R"re(^Create markers (.*) \.\.\. (.*) on a circle on (.*)$)re",
     QT_TRANSLATE_NOOP("CommandTexts", "Create markers %1 ... %2 on a circle on %3")},
    {R"re(^Create flexible link (.*)$)re", QT_TRANSLATE_NOOP("CommandTexts", "Create flexible link %1")},
    {R"re(^Create ([a-z_]+) joint (.*)$)re", QT_TRANSLATE_NOOP("CommandTexts", "Create %1 joint %2"), 1},
    {R"re(^Create ([a-z_]+) (.*)$)re", QT_TRANSLATE_NOOP("CommandTexts", "Create %1 %2"), 1},
    {R"re(^Add solid to (.*)$)re", QT_TRANSLATE_NOOP("CommandTexts", "Add solid to %1")},
    {R"re(^Make '(.*)' flexible$)re", QT_TRANSLATE_NOOP("CommandTexts", "Make '%1' flexible")},
    {R"re(^Delete (\d+) entities$)re", QT_TRANSLATE_NOOP("CommandTexts", "Delete %1 entities")},
    {R"re(^Delete (.*)$)re", QT_TRANSLATE_NOOP("CommandTexts", "Delete %1")},
    {R"re(^Set clearance of joint (.*)$)re", QT_TRANSLATE_NOOP("CommandTexts", "Set clearance of joint %1")},
    {R"re(^Remove clearance of joint (.*)$)re",
     QT_TRANSLATE_NOOP("CommandTexts", "Remove clearance of joint %1")},
    {R"re(^Set name$)re", QT_TRANSLATE_NOOP("CommandTexts", "Set name")},
    {R"re(^Set display_units$)re", QT_TRANSLATE_NOOP("CommandTexts", "Set units")},
    {R"re(^Set mass$)re", QT_TRANSLATE_NOOP("CommandTexts", "Set mass")},
    {R"re(^Set inertia(/\w+)?$)re", QT_TRANSLATE_NOOP("CommandTexts", "Set inertia%1")},
    {R"re(^Set position(/\d)?$)re", QT_TRANSLATE_NOOP("CommandTexts", "Set position%1")},
    {R"re(^Set orientation(/\w+)?$)re", QT_TRANSLATE_NOOP("CommandTexts", "Set orientation%1")},
    {R"re(^Set velocity(/\d)?$)re", QT_TRANSLATE_NOOP("CommandTexts", "Set velocity%1")},
    {R"re(^Set angular_velocity(/\d)?$)re", QT_TRANSLATE_NOOP("CommandTexts", "Set angular_velocity%1")},
    {R"re(^Set type$)re", QT_TRANSLATE_NOOP("CommandTexts", "Set type")},
    {R"re(^Set function$)re", QT_TRANSLATE_NOOP("CommandTexts", "Set function")},
    {R"re(^Set stiffness$)re", QT_TRANSLATE_NOOP("CommandTexts", "Set stiffness")},
    {R"re(^Set damping$)re", QT_TRANSLATE_NOOP("CommandTexts", "Set damping")},
    {R"re(^Set friction(/\w+)?$)re", QT_TRANSLATE_NOOP("CommandTexts", "Set friction%1")},
    {R"re(^Set clearance(/\w+)?$)re", QT_TRANSLATE_NOOP("CommandTexts", "Set clearance%1")},
    {R"re(^Set constraint_element$)re", QT_TRANSLATE_NOOP("CommandTexts", "Set constraint_element")},
    {R"re(^Set initial_conditions(/\w+)?$)re", QT_TRANSLATE_NOOP("CommandTexts", "Set initial_conditions%1")},
    {R"re(^Set (.+)$)re", QT_TRANSLATE_NOOP("CommandTexts", "Set %1")},
};

}  // namespace

QString commandText(const std::string& text)
{
  static const PhraseTable table("CommandTexts", kPhrases);
  return table.translate(QString::fromStdString(text));
}

}  // namespace mbs::ui
