#include "core/analysis/mpimessages.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace xylem {

namespace {

using MessageKey = std::tuple<std::int32_t, std::int32_t, std::int32_t, std::int32_t>;

struct Endpoints
{
    std::vector<std::size_t> sends;
    std::vector<std::size_t> receives;
};

bool isReceive(const MpiEvent& event)
{
    return receivesMessage(event);
}

} // namespace

std::vector<MpiMessage> matchMessages(const MpiTrace& trace)
{
    std::map<MessageKey, Endpoints> keys; // (communicator, source, destination, tag)
    for (std::size_t i = 0; i < trace.events.size(); ++i) {
        const MpiEvent& e = trace.events[i];
        if (sendsMessage(e))
            keys[{e.communicator, e.rank, e.partner, e.tag}].sends.push_back(i);
        else if (isReceive(e))
            keys[{e.communicator, e.partner, e.rank, e.tag}].receives.push_back(i);
    }
    // All sends of a key come from one rank, all receives reach one rank: that rank's own
    // count of its p2p calls orders them, whatever its clock says.
    const auto bySeq = [&](std::size_t a, std::size_t b) {
        return trace.events[a].seq < trace.events[b].seq;
    };
    std::vector<MpiMessage> messages;
    for (auto& [key, ends] : keys) {
        std::sort(ends.sends.begin(), ends.sends.end(), bySeq);
        std::sort(ends.receives.begin(), ends.receives.end(), bySeq);
        const std::size_t n = std::min(ends.sends.size(), ends.receives.size());
        for (std::size_t i = 0; i < n; ++i)
            messages.push_back({ends.sends[i], ends.receives[i]});
    }
    return messages;
}

} // namespace xylem
