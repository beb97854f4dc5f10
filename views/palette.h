#pragma once

// The colours every view gives the i-th series (a run, a thread class, a host), so run A is
// the same blue in the comparison, the serialization curves and the distributions.

#include <QColor>

#include <cstddef>

namespace xylem::views {

// Cycles through a fixed list of distinguishable colours.
QColor seriesColour(std::size_t index);

} // namespace xylem::views
