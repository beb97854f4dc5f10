#pragma once

// The level at which a daemon logs a line the collector's service or a connection noted: the
// service keeps plain lines (its clients read them too), so their level is read off their start.

#include "collectors/nodelog/nodelog.h"

#include <string_view>

namespace xylem::collector {

// Refusals and failures are warnings (an operator should act), a closed connection is routine
// (debug), the rest (rings found, retired) is info.
nodelog::Level levelOfNote(std::string_view line);

} // namespace xylem::collector
