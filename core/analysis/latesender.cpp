#include "core/analysis/latesender.h"

#include "core/analysis/latereceiver.h"
#include "core/analysis/mpimessages.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace xylem {

namespace {

// The waits of one call: the one of each pattern that lasted longest.
struct CallWaits
{
    const P2pWait* lateSender = nullptr;
    const P2pWait* lateReceiver = nullptr;
};

// b bounds the call at least as late as a (ties: the higher waited-for rank, the tail).
bool atLeastAsLate(const MpiTrace& trace, const P2pWait& a, const P2pWait& b)
{
    return std::tie(b.until, trace.events[b.waitedFor].rank) >=
           std::tie(a.until, trace.events[a.waitedFor].rank);
}

void add(const MpiTrace& trace, WaitTally& tally, const P2pWait& w, std::int64_t from)
{
    const MpiEvent& waiter = trace.events[w.waiter];
    const MpiEvent& waitedFor = trace.events[w.waitedFor];
    tally.add(Wait{w.pattern, waiter.rank, waitedFor.rank, waiter.call, waiter.communicator,
                   w.until - from, &waiter, &waitedFor});
}

} // namespace

UnmatchedMessages findPointToPointWaits(const MpiTrace& trace, WaitTally& tally)
{
    UnmatchedMessages unmatched;
    for (const MpiEvent& e : trace.events) {
        if (sendsMessage(e)) {
            ++unmatched.sends;
        } else if (receivesMessage(e)) {
            ++unmatched.receives;
        }
    }
    const std::vector<MpiMessage> messages = matchMessages(trace);
    std::vector<P2pWait> waits;
    for (const MpiMessage& m : messages) {
        const MpiEvent& send = trace.events[m.send];
        const MpiEvent& recv = trace.events[m.receive];
        waits.push_back(
            P2pWait{WaitPattern::LateSender, m.receive, m.send, std::min(send.enter, recv.exit)});
        --unmatched.sends;
        --unmatched.receives;
    }
    lateReceiverWaits(trace, messages, waits);

    // Events of one call share rank, call, enter and exit (mpitrace.h): one wait per call.
    std::map<std::tuple<std::int32_t, std::int64_t, std::int64_t, MpiCall>, CallWaits> calls;
    for (const P2pWait& w : waits) {
        const MpiEvent& e = trace.events[w.waiter];
        CallWaits& c = calls[{e.rank, e.enter, e.exit, e.call}];
        const P2pWait*& slot = w.pattern == WaitPattern::LateSender ? c.lateSender : c.lateReceiver;
        if (!slot || atLeastAsLate(trace, *slot, w)) {
            slot = &w;
        }
    }
    for (const auto& [key, c] : calls) {
        const std::int64_t enter = std::get<1>(key);
        std::int64_t counted = enter; // the call's waiting already given to a pattern
        if (c.lateSender) {
            add(trace, tally, *c.lateSender, enter);
            counted = std::max(counted, c.lateSender->until);
        }
        if (c.lateReceiver) {
            add(trace, tally, *c.lateReceiver, counted);
        }
    }
    return unmatched;
}

} // namespace xylem
