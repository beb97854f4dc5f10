#include "core/analysis/clockresidual.h"

#include "core/analysis/mpimessages.h"

#include <algorithm>
#include <map>
#include <utility>

namespace xylem {

namespace {

class SkewTally
{
public:
    SkewTally(const MpiTrace& trace, ClockModel& model)
        : m_trace(trace)
        , m_model(model)
    {
    }

    // `earlier` must not come after `later`; ranks on one host share a clock and are skipped.
    void check(const MpiEvent& first, std::int64_t earlier, const MpiEvent& second,
               std::int64_t later)
    {
        const std::string* a = hostOf(first.rank);
        const std::string* b = hostOf(second.rank);
        if (a == nullptr || b == nullptr || *a == *b)
            return;
        charge(*a, earlier - later);
        charge(*b, earlier - later);
    }

private:
    const std::string* hostOf(std::int32_t rank) const
    {
        if (rank < 0 || static_cast<std::size_t>(rank) >= m_trace.ranks.size())
            return nullptr;
        return &m_trace.ranks[rank].host;
    }

    void charge(const std::string& host, std::int64_t violation)
    {
        HostClock* clock = m_model.host(host);
        if (clock == nullptr)
            return;
        ++clock->residual.checks;
        if (violation > 0) {
            ++clock->residual.violations;
            clock->residual.maxViolationNs = std::max(clock->residual.maxViolationNs, violation);
        }
    }

    const MpiTrace& m_trace;
    ClockModel& m_model;
};

bool synchronizesAll(MpiCall call)
{
    return call == MpiCall::Barrier || call == MpiCall::Allreduce || call == MpiCall::Allgather ||
           call == MpiCall::Alltoall || call == MpiCall::ReduceScatter;
}

void checkInstance(const MpiTrace& trace, const std::vector<std::size_t>& members, SkewTally& tally)
{
    const MpiEvent& any = trace.events[members.front()];
    if (synchronizesAll(any.call)) {
        const MpiEvent& last =
            trace.events[*std::max_element(members.begin(), members.end(), [&](auto a, auto b) {
                return trace.events[a].enter < trace.events[b].enter;
            })];
        for (auto i : members)
            tally.check(last, last.enter, trace.events[i], trace.events[i].exit);
        return;
    }
    const auto root = std::find_if(members.begin(), members.end(),
                                   [&](auto i) { return trace.events[i].rank == any.partner; });
    if (!isRooted(any.call) || root == members.end())
        return;
    const MpiEvent& r = trace.events[*root];
    const bool rootSendsFirst = any.call == MpiCall::Bcast || any.call == MpiCall::Scatter;
    for (auto i : members) {
        const MpiEvent& m = trace.events[i];
        if (rootSendsFirst)
            tally.check(r, r.enter, m, m.exit);
        else
            tally.check(m, m.enter, r, r.exit);
    }
}

} // namespace

void measureResidualSkew(const MpiTrace& corrected, ClockModel& model)
{
    for (const auto& clock : model.hosts())
        model.host(clock.host)->residual = {};
    SkewTally tally(corrected, model);
    for (const auto& message : matchMessages(corrected)) {
        const MpiEvent& send = corrected.events[message.send];
        const MpiEvent& receive = corrected.events[message.receive];
        tally.check(send, send.enter, receive, receive.exit);
    }
    std::map<std::pair<std::int32_t, std::int64_t>, std::vector<std::size_t>> instances;
    for (std::size_t i = 0; i < corrected.events.size(); ++i) {
        const MpiEvent& e = corrected.events[i];
        if (isCollective(e.call))
            instances[{e.communicator, e.seq}].push_back(i);
    }
    for (const auto& [key, members] : instances)
        checkInstance(corrected, members, tally);
}

} // namespace xylem
