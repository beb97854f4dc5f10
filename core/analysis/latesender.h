#pragma once

// The point-to-point patterns (waitstates.h): Late Sender, and Late Receiver with
// latereceiver.h, over the messages of mpimessages.h, each call counted once.

#include "core/analysis/waittally.h"

namespace xylem {

struct UnmatchedMessages
{
    std::int64_t sends = 0;
    std::int64_t receives = 0;
};

// Events are assumed checked (ranks known, exit >= enter).
UnmatchedMessages findPointToPointWaits(const MpiTrace& trace, WaitTally& tally);

} // namespace xylem
