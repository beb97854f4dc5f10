#pragma once

// xylem-collector as a leaf of the gather tree: joins its parent (started by the tree, or
// attached through an address file), answers the tree's streams from its sources
// (leafsources.h) and, when attached, rejoins a tree that lost it.

#include "collectors/collector/collectorservice.h"
#include "core/tree/parentlink.h"

#include <optional>
#include <string>

namespace xylem::collector {

struct LeafModeOptions
{
    CollectorOptions collector;
    tree::ParentAddress parent;
    std::string token;
    std::uint32_t node = 0;
    bool attached = false; // started by someone else: on losing the parent, try to rejoin
    // Started by the tree with a ring prefix of the run's own: leaving, it removes the rings
    // whose writers are gone (nobody else will once the run's front-end was killed).
    bool ownsRings = false;
};

// Serves until the tree shuts down (0) or the parent is gone for good (1).
int runLeaf(const LeafModeOptions& options);

} // namespace xylem::collector
