#pragma once
// Why a model file, a study file or an Adams deck was refused, or what its import left out, in the
// interface language. core speaks English (mbsolve prints it as is); the known reasons are
// recognised here and translated with their names, numbers and Adams statements kept.
#include <QString>

namespace mbs::ui {

QString translateFileMessage(const QString& reason);

}  // namespace mbs::ui
