#pragma once

// The weighted tree's filter: which nodes match a text such as "h17", "t3", "c0", "h1*" or
// "h17.t3, h200". The text is terms separated by commas or spaces; a node matches when a term
// (case-insensitive, * and ? as wildcards) equals its id, one of the id's dot-separated parts,
// or its host: "h17" is host.h17 and its threads h17.t0 ..., "t3" every host's thread t3,
// "c0" cluster.c0, "h1*" every host whose name starts with h1.

#include "core/model/configuration.h"
#include "views/weightedtreegraph.h"

#include <QString>

#include <vector>

namespace xylem::views {

// matches[node]; empty when the text has no terms (no filter).
std::vector<bool> matchNodes(const WeightedTreeGraph& graph, const Configuration& config,
                             const QString& text);

} // namespace xylem::views
