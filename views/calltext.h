#pragma once

// The words and numbers of the one-call view (views/callview.h): durations in automatic units
// and the stages' names.

#include "core/analysis/stage.h"
#include "views/tablemodel.h" // formatNanoseconds: the one duration rule

#include <QString>

namespace xylem::views {

// The unit for a span: its size (1, 1e3, 1e6 or 1e9 ns) and its symbol.
double unitFor(double spanNs, QString* symbol);
// A stage's name as the view shows it (translated).
QString callStageName(Stage stage);

} // namespace xylem::views
