#pragma once

// The colours of every series and stage the views draw, from the Okabe–Ito palette (Okabe and
// Ito, "Color Universal Design", 2008): eight colours that people with any of the common colour
// vision deficiencies still tell apart. Run A is the same blue in the comparison, the
// serialization curves and the distributions; a stage kind is the same colour in every timemap.

#include "core/analysis/stage.h"

#include <QColor>

#include <array>
#include <cstddef>

namespace xylem::views {

// The palette in its published order: black, orange, sky blue, bluish green, yellow, blue,
// vermillion, reddish purple.
const std::array<QColor, 8>& okabeIto();

// The i-th series: blue, orange, bluish green, vermillion, reddish purple, sky blue, yellow,
// black, then again (yellow and black last: the one is faint on white, the other reads as text).
QColor seriesColour(std::size_t index);

// A stage kind of a timemap (metrics.md §4): down stages blues, the root's warm, up stages
// green and orange, arrival waits a neutral grey (waiting, not work).
QColor stageColour(Stage stage);

} // namespace xylem::views
