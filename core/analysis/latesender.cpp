#include "core/analysis/latesender.h"

#include "core/analysis/mpimessages.h"

#include <algorithm>

namespace xylem {

UnmatchedMessages findLateSenders(const MpiTrace& trace, WaitTally& tally)
{
    UnmatchedMessages unmatched;
    for (const MpiEvent& e : trace.events) {
        if (sendsMessage(e)) {
            ++unmatched.sends;
        } else if (receivesMessage(e)) {
            ++unmatched.receives;
        }
    }
    for (const MpiMessage& m : matchMessages(trace)) {
        const MpiEvent& send = trace.events[m.send];
        const MpiEvent& recv = trace.events[m.receive];
        tally.add(Wait{WaitPattern::LateSender, recv.rank, send.rank, recv.call, recv.communicator,
                       std::min(send.enter, recv.exit) - recv.enter, &recv, &send});
        --unmatched.sends;
        --unmatched.receives;
    }
    return unmatched;
}

} // namespace xylem
