#pragma once

// Reads the event files of the MPI locations into MpiEvents (see otf2import.h for the rules).

#include "core/model/mpitrace.h"
#include "core/model/result.h"
#include "core/otf2/otf2importdefs.h"

#include <map>
#include <optional>
#include <otf2/otf2.h>
#include <string>
#include <vector>

namespace xylem::otf2 {

class EventImport
{
public:
    // commIds: OTF2 comm -> MpiCommunicator id; ranks: MPI location -> world rank.
    EventImport(const ImportDefs& defs, MpiTrace& trace,
                std::map<std::uint32_t, std::int32_t> commIds,
                std::map<std::uint64_t, std::int32_t> ranks);

    Result<Ok> read(OTF2_Reader* reader, const std::string& archive);

    // The callbacks' side (public for the C callbacks; not for other callers).
    // One event of a call that makes several (a Wait*/Test* record each, Sendrecv's halves).
    struct Part
    {
        MpiEvent event;
        std::optional<std::uint64_t> collective; // the non-blocking collective it finished
        std::int64_t sent = 0;                   // and that collective's bytes sent
    };
    struct CollectiveCompletion
    {
        std::size_t index = 0; // of the completion event
        std::uint64_t request = 0;
        std::int64_t sent = 0;
    };
    struct Frame
    {
        std::optional<MpiEvent> event;           // regions that are not MPI calls only nest
        std::optional<std::uint64_t> request;    // an Irecv's
        std::optional<std::uint64_t> nbcRequest; // a non-blocking collective start's
        std::vector<Part> parts; // when not empty, the call's events instead of `event`
    };
    struct Message // an Isend's, for the record that completes it
    {
        std::int32_t communicator = 0;
        std::int32_t partner = -1;
        std::int32_t tag = 0;
        std::int64_t bytes = 0;
    };
    struct Location
    {
        std::int32_t rank = 0;
        std::vector<Frame> stack;
        std::int64_t p2pSeq = 0;
        std::map<std::uint64_t, std::size_t> irecvs;    // request -> index of the Irecv event
        std::map<std::uint64_t, Message> isends;        // request -> the Isend's message
        std::map<std::uint64_t, std::size_t> nbcStarts; // request -> index of the start
        std::vector<CollectiveCompletion> nbcCompletions;
        std::vector<std::size_t> collectives; // indices, in call order
    };
    Location& location(OTF2_LocationRef ref) { return m_locations[ref]; }
    // The innermost frame's event if it is an MPI call; nullptr (and an error if outside any
    // region) otherwise.
    MpiEvent* current(Location& loc, const char* record);
    // For a record that is one event of its call: a new part of a Wait*/Test* or Sendrecv
    // frame (a copy of the call's event), else current().
    MpiEvent* part(Location& loc, const char* record);
    std::int64_t ns(OTF2_TimeStamp time) const { return m_defs.toNs(time); }
    std::optional<std::int32_t> communicator(OTF2_CommRef comm);
    std::optional<std::int32_t> worldRank(const Location& loc, std::int32_t comm,
                                          std::uint32_t local);
    void enter(Location& loc, OTF2_RegionRef region, OTF2_TimeStamp time);
    void leave(Location& loc, OTF2_TimeStamp time);
    void resolveIrecv(std::size_t index, const MpiEvent& completion);
    // After reading: non-blocking collective starts take communicator, root and bytes from
    // their completion, and every collective its seq per (rank, communicator) in call order.
    void resolveCollectives();
    void fail(const Location& loc, std::string message);
    bool failed() const { return m_error.has_value(); }

private:
    const ImportDefs& m_defs;
    MpiTrace& m_trace;
    std::map<std::uint32_t, std::int32_t> m_commIds;
    std::map<std::uint64_t, Location> m_locations;
    std::optional<Error> m_error;
};

} // namespace xylem::otf2
