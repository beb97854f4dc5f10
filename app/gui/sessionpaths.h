#pragma once

// Where the GUI proposes to keep a new recording (or its address file) unless the user picks
// another place: the Documents folder, named after the moment, so that no earlier one is reused.

#include <QString>

namespace xylem::gui {

// "<Documents>/<prefix>-<yyyyMMdd-HHmmss><suffix>", e.g. newSessionPath("xylem-mpi").
QString newSessionPath(const QString& prefix, const QString& suffix = QStringLiteral(".xylem"));

} // namespace xylem::gui
