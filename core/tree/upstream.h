#pragma once

// Where an inner node sends what it has gathered: its parent's connection (a relay) or the
// front-end's delivery to its user.

#include "core/tree/treemessages.h"

namespace xylem::tree {

class Upstream
{
public:
    virtual ~Upstream() = default;
    virtual void wave(WaveDataMessage message) = 0;
    virtual void subtreeReady(SubtreeReadyMessage message) = 0;
    virtual void nodesLost(NodesMessage message) = 0;
    virtual void nodesJoined(NodesMessage message) = 0;
    // Nodes that owe waves and have not answered for the node's slow time-out (innernode.h);
    // and the same nodes answering again.
    virtual void nodesSlow(NodesMessage message) = 0;
    virtual void nodesBack(NodesMessage message) = 0;
    virtual void clockReport(ClockReportMessage message) = 0;
};

} // namespace xylem::tree
