#pragma once

// The Late Receiver pattern (waitstates.h) over the messages of mpimessages.h: for each message,
// the call on the sending rank that blocked for it (the send, or the Wait/Test that finished an
// Isend/Issend) and when its receive was posted (the Recv, or the Irecv a completion finished).

#include "core/analysis/mpimessages.h"
#include "core/analysis/waitstates.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace xylem {

// A point-to-point wait before the rule "one call waits once" (waitstates.h) is applied: the
// event `waiter` waited from its enter until `until` for the event `waitedFor`.
struct P2pWait
{
    WaitPattern pattern = WaitPattern::LateSender;
    std::size_t waiter = 0;    // index into trace.events
    std::size_t waitedFor = 0; // index into trace.events
    std::int64_t until = 0;
};

// Appends one P2pWait per message whose send blocked for its receiver (none for Bsend, Rsend,
// an eager standard send, or where the blocking call or the post is not in the trace).
void lateReceiverWaits(const MpiTrace& trace, const std::vector<MpiMessage>& messages,
                       std::vector<P2pWait>& out);

} // namespace xylem
