#include "core/model/mpiassemble.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>

namespace xylem {

namespace {

// Communicators the trace does not know, each with the ranks seen calling it.
void addSeenCommunicators(MpiTrace& trace, const std::vector<MpiEvent>& events)
{
    std::map<std::int32_t, std::set<int>> seen;
    for (const MpiEvent& e : events) {
        if (!trace.communicator(e.communicator)) {
            seen[e.communicator].insert(e.rank);
        }
    }
    for (const auto& [id, members] : seen) {
        trace.communicators.push_back(MpiCommunicator{
            id, "comm " + std::to_string(id), std::vector<int>(members.begin(), members.end())});
    }
}

MpiTrace fromCallsAlone(const std::vector<MpiEvent>& events)
{
    MpiTrace trace;
    int highest = -1;
    for (const MpiEvent& e : events) {
        highest = std::max(highest, e.rank);
    }
    MpiCommunicator world{0, "MPI_COMM_WORLD", {}};
    for (int r = 0; r <= highest; ++r) {
        trace.ranks.push_back(MpiRank{r, "", ""});
        world.worldRanks.push_back(r);
    }
    trace.communicators.push_back(world);
    addSeenCommunicators(trace, events);
    return trace;
}

} // namespace

Result<MpiTrace> assembleMpiTrace(const std::optional<MpiRunInfo>& description,
                                  std::vector<MpiEvent> events,
                                  std::vector<MpiTreeEdge> treeEdges)
{
    MpiTrace trace = description ? description->trace : fromCallsAlone(events);
    if (description && !description->complete) {
        // Written at MPI_Init only (the program died before MPI_Finalize): communicators made
        // later are missing from it, so they are made from the calls, as without a description.
        addSeenCommunicators(trace, events);
    }
    for (const MpiEvent& e : events) {
        const auto* comm = trace.communicator(e.communicator);
        const bool knownRank = e.rank >= 0 && e.rank < static_cast<int>(trace.ranks.size());
        if (!knownRank || !comm) {
            return makeError(ErrorCode::InvalidTrace,
                             std::string(knownRank ? "communicator " : "rank ") +
                                 std::to_string(knownRank ? e.communicator : e.rank) +
                                 " is not in the run's description",
                             std::string(mpiCallName(e.call)) + " seq " + std::to_string(e.seq));
        }
    }
    trace.events = std::move(events);
    const auto n = static_cast<std::int32_t>(trace.ranks.size());
    std::erase_if(treeEdges, [n](const MpiTreeEdge& e) {
        return e.rank < 0 || e.rank >= n || e.parent < 0 || e.parent >= n;
    });
    trace.treeEdges = std::move(treeEdges);
    return trace;
}

} // namespace xylem
