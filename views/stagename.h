#pragma once

// A stage's name as the views write it in sentences and legends (translated; the timemap's
// labels use core's untranslated names, the One call view shorter ones for narrow bars).

#include "core/analysis/stage.h"

#include <QString>

namespace xylem::views {

QString stageName(Stage stage);

} // namespace xylem::views
