#pragma once

// Where the scope canvas draws a big design (more than kCompactAbove collectors): the stored
// positions of a generated 512-host design are one row of 512 collectors 210 px apart, a line
// at any zoom that shows it whole. Instead, per host: a collector's filters are folded into it
// (foldedFilters); the collectors are laid out in a grid of rows about as wide as a 16:10
// window, each relay that gathers only collectors heading its own group in the grid; the
// front-end and the other relays in rows above, by depth. Display only: the design keeps its
// positions (the canvas does not let nodes be dragged in this layout).

#include "core/live/scopedesign.h"

#include <QPointF>

#include <map>
#include <vector>

namespace xylem::views {

inline constexpr int kCompactAbove = 64; // collectors

bool isBigDesign(const live::ScopeDesign& design);
// Filter id -> the collector it is folded into (filters attached to a collector, or to such a
// filter).
std::map<int, int> foldedFilters(const live::ScopeDesign& design);
// Node id -> position, for every node not folded away.
std::map<int, QPointF> compactPlaces(const live::ScopeDesign& design,
                                     const std::map<int, int>& folded);

} // namespace xylem::views
