#pragma once

// The Late Sender pattern (waitstates.h) over the messages of mpimessages.h.

#include "core/analysis/waittally.h"

namespace xylem {

struct UnmatchedMessages
{
    std::int64_t sends = 0;
    std::int64_t receives = 0;
};

// Events are assumed checked (ranks known, exit >= enter).
UnmatchedMessages findLateSenders(const MpiTrace& trace, WaitTally& tally);

} // namespace xylem
