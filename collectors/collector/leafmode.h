#pragma once

// xylem-collector as a leaf of the gather tree: joins its parent (started by the tree, or
// attached through an address file) and answers the tree's streams. Besides the tree's built-in
// sources it serves this node's own data:
//
//   ring-tuples [max]   tuples read from the node's rings since the last wave (at most max)
//   ring-counts         Numbers {written, read, overwritten, rings}: the rings' accounting
//
// The node's service (rings, clock calibration) is made when a stream first needs it, so a tree
// of hundreds of leaves starts without calibrating clocks it never reads.

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
};

// Serves until the tree shuts down (0) or the parent is gone for good (1).
int runLeaf(const LeafModeOptions& options);

} // namespace xylem::collector
