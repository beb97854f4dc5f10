#include "core/otf2/otf2importevents.h"

#include "core/otf2/otf2status.h"

#include <memory>

namespace xylem::otf2 {

namespace {

EventImport& importOf(void* user)
{
    return *static_cast<EventImport*>(user);
}

OTF2_CallbackCode verdict(const EventImport& import)
{
    return import.failed() ? OTF2_CALLBACK_INTERRUPT : OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode onEnter(OTF2_LocationRef location, OTF2_TimeStamp time, void* user,
                          OTF2_AttributeList*, OTF2_RegionRef region)
{
    auto& import = importOf(user);
    import.enter(import.location(location), region, time);
    return verdict(import);
}

OTF2_CallbackCode onLeave(OTF2_LocationRef location, OTF2_TimeStamp time, void* user,
                          OTF2_AttributeList*, OTF2_RegionRef)
{
    auto& import = importOf(user);
    import.leave(import.location(location), time);
    return verdict(import);
}

bool makesSeveralEvents(MpiCall call)
{
    return mpiCallClass(call) == MpiCallClass::Completion || call == MpiCall::Sendrecv ||
           call == MpiCall::SendrecvReplace;
}

// Fills the message fields of the MPI call's event that an MpiSend/Isend/Recv/Irecv record
// belongs to (a new one per record inside a Wait*/Test* or Sendrecv); nullptr when there is
// none or the record names an unknown communicator or rank.
MpiEvent* message(OTF2_LocationRef location, void* user, const char* record, uint32_t peer,
                  OTF2_CommRef comm, uint32_t tag, uint64_t length, MpiCompletion completes)
{
    auto& import = importOf(user);
    auto& loc = import.location(location);
    const auto id = import.communicator(comm);
    if (!id)
        return nullptr;
    const auto partner = import.worldRank(loc, *id, peer);
    if (!partner)
        return nullptr;
    MpiEvent* e = import.part(loc, record);
    if (e == nullptr)
        return nullptr;
    e->communicator = *id;
    e->partner = *partner;
    e->tag = static_cast<std::int32_t>(tag);
    e->bytes = static_cast<std::int64_t>(length);
    e->completes = makesSeveralEvents(e->call) ? completes : MpiCompletion::None;
    return e;
}

OTF2_CallbackCode onSend(OTF2_LocationRef location, OTF2_TimeStamp, void* user, OTF2_AttributeList*,
                         uint32_t receiver, OTF2_CommRef comm, uint32_t tag, uint64_t length)
{
    message(location, user, "MpiSend", receiver, comm, tag, length, MpiCompletion::Send);
    return verdict(importOf(user));
}

OTF2_CallbackCode onIsend(OTF2_LocationRef location, OTF2_TimeStamp, void* user,
                          OTF2_AttributeList*, uint32_t receiver, OTF2_CommRef comm, uint32_t tag,
                          uint64_t length, uint64_t request)
{
    const MpiEvent* e =
        message(location, user, "MpiIsend", receiver, comm, tag, length, MpiCompletion::None);
    if (e != nullptr)
        importOf(user).location(location).isends[request] = {e->communicator, e->partner, e->tag,
                                                             e->bytes};
    return verdict(importOf(user));
}

OTF2_CallbackCode onRecv(OTF2_LocationRef location, OTF2_TimeStamp, void* user, OTF2_AttributeList*,
                         uint32_t sender, OTF2_CommRef comm, uint32_t tag, uint64_t length)
{
    message(location, user, "MpiRecv", sender, comm, tag, length, MpiCompletion::Receive);
    return verdict(importOf(user));
}

OTF2_CallbackCode onIrecvRequest(OTF2_LocationRef location, OTF2_TimeStamp, void* user,
                                 OTF2_AttributeList*, uint64_t request)
{
    auto& import = importOf(user);
    auto& loc = import.location(location);
    if (import.current(loc, "MpiIrecvRequest") != nullptr)
        loc.stack.back().request = request;
    return verdict(import);
}

OTF2_CallbackCode onCollectiveEnd(OTF2_LocationRef location, OTF2_TimeStamp, void* user,
                                  OTF2_AttributeList*, OTF2_CollectiveOp, OTF2_CommRef comm,
                                  uint32_t root, uint64_t sent, uint64_t)
{
    auto& import = importOf(user);
    auto& loc = import.location(location);
    MpiEvent* e = import.current(loc, "MpiCollectiveEnd");
    const auto id = import.communicator(comm);
    if (e == nullptr || !id)
        return verdict(import);
    e->communicator = *id;
    e->bytes = static_cast<std::int64_t>(sent);
    if (root != OTF2_UNDEFINED_UINT32) {
        const auto partner = import.worldRank(loc, *id, root);
        if (!partner)
            return verdict(import);
        e->partner = *partner;
    }
    return OTF2_CALLBACK_SUCCESS;
}

OTF2_CallbackCode onIrecv(OTF2_LocationRef location, OTF2_TimeStamp, void* user,
                          OTF2_AttributeList*, uint32_t sender, OTF2_CommRef comm, uint32_t tag,
                          uint64_t length, uint64_t request)
{
    const MpiEvent* e =
        message(location, user, "MpiIrecv", sender, comm, tag, length, MpiCompletion::Receive);
    auto& import = importOf(user);
    auto& loc = import.location(location);
    const auto posted = loc.irecvs.find(request);
    if (e == nullptr || posted == loc.irecvs.end())
        return verdict(import);
    // The Irecv takes what its completion resolved (see otf2import.h).
    import.resolveIrecv(posted->second, *e);
    loc.irecvs.erase(posted);
    return verdict(import);
}

OTF2_CallbackCode onIsendComplete(OTF2_LocationRef location, OTF2_TimeStamp, void* user,
                                  OTF2_AttributeList*, uint64_t request)
{
    auto& import = importOf(user);
    auto& loc = import.location(location);
    const auto sent = loc.isends.find(request);
    if (sent == loc.isends.end())
        return verdict(import); // an Isend before the trace began: the Wait stays bare
    const EventImport::Message m = sent->second;
    loc.isends.erase(sent);
    if (MpiEvent* e = import.part(loc, "MpiIsendComplete")) {
        e->communicator = m.communicator;
        e->partner = m.partner;
        e->tag = m.tag;
        e->bytes = m.bytes;
        e->completes = MpiCompletion::Send;
    }
    return verdict(import);
}

OTF2_CallbackCode onCollectiveRequest(OTF2_LocationRef location, OTF2_TimeStamp, void* user,
                                      OTF2_AttributeList*, uint64_t request)
{
    auto& import = importOf(user);
    auto& loc = import.location(location);
    if (import.current(loc, "NonBlockingCollectiveRequest") != nullptr)
        loc.stack.back().nbcRequest = request;
    return verdict(import);
}

OTF2_CallbackCode onCollectiveComplete(OTF2_LocationRef location, OTF2_TimeStamp, void* user,
                                       OTF2_AttributeList*, OTF2_CollectiveOp, OTF2_CommRef comm,
                                       uint32_t root, uint64_t sent, uint64_t received,
                                       uint64_t request)
{
    auto& import = importOf(user);
    auto& loc = import.location(location);
    const auto id = import.communicator(comm);
    if (!id)
        return verdict(import);
    std::int32_t partner = -1;
    if (root != OTF2_UNDEFINED_UINT32) {
        const auto r = import.worldRank(loc, *id, root);
        if (!r)
            return verdict(import);
        partner = *r;
    }
    MpiEvent* e = import.part(loc, "NonBlockingCollectiveComplete");
    if (e == nullptr || loc.stack.back().parts.empty())
        return verdict(import); // not inside a Wait or Test: nothing to attach it to
    e->communicator = *id;
    e->partner = partner;
    e->bytes = static_cast<std::int64_t>(received);
    e->completes = MpiCompletion::Collective;
    loc.stack.back().parts.back().collective = request;
    loc.stack.back().parts.back().sent = static_cast<std::int64_t>(sent);
    return verdict(import);
}

struct CallbacksDeleter
{
    void operator()(OTF2_GlobalEvtReaderCallbacks* c) const
    {
        OTF2_GlobalEvtReaderCallbacks_Delete(c);
    }
};

std::unique_ptr<OTF2_GlobalEvtReaderCallbacks, CallbacksDeleter> callbacks()
{
    std::unique_ptr<OTF2_GlobalEvtReaderCallbacks, CallbacksDeleter> c(
        OTF2_GlobalEvtReaderCallbacks_New());
    OTF2_GlobalEvtReaderCallbacks_SetEnterCallback(c.get(), onEnter);
    OTF2_GlobalEvtReaderCallbacks_SetLeaveCallback(c.get(), onLeave);
    OTF2_GlobalEvtReaderCallbacks_SetMpiSendCallback(c.get(), onSend);
    OTF2_GlobalEvtReaderCallbacks_SetMpiIsendCallback(c.get(), onIsend);
    OTF2_GlobalEvtReaderCallbacks_SetMpiRecvCallback(c.get(), onRecv);
    OTF2_GlobalEvtReaderCallbacks_SetMpiIrecvRequestCallback(c.get(), onIrecvRequest);
    OTF2_GlobalEvtReaderCallbacks_SetMpiIrecvCallback(c.get(), onIrecv);
    OTF2_GlobalEvtReaderCallbacks_SetMpiCollectiveEndCallback(c.get(), onCollectiveEnd);
    OTF2_GlobalEvtReaderCallbacks_SetMpiIsendCompleteCallback(c.get(), onIsendComplete);
    OTF2_GlobalEvtReaderCallbacks_SetNonBlockingCollectiveRequestCallback(c.get(),
                                                                          onCollectiveRequest);
    OTF2_GlobalEvtReaderCallbacks_SetNonBlockingCollectiveCompleteCallback(c.get(),
                                                                           onCollectiveComplete);
    return c;
}

} // namespace

EventImport::EventImport(const ImportDefs& defs, MpiTrace& trace,
                         std::map<std::uint32_t, std::int32_t> commIds,
                         std::map<std::uint64_t, std::int32_t> ranks)
    : m_defs(defs)
    , m_trace(trace)
    , m_commIds(std::move(commIds))
{
    for (const auto& [location, rank] : ranks)
        m_locations[location].rank = rank;
}

void EventImport::fail(const Location& loc, std::string message)
{
    if (!m_error)
        m_error = makeError(ErrorCode::MalformedInput, std::move(message),
                            "rank " + std::to_string(loc.rank));
}

MpiEvent* EventImport::current(Location& loc, const char* record)
{
    if (loc.stack.empty()) {
        fail(loc, std::string("an ") + record + " record outside any region");
        return nullptr;
    }
    auto& event = loc.stack.back().event;
    return event ? &*event : nullptr; // inside a region that is not an MPI call
}

MpiEvent* EventImport::part(Location& loc, const char* record)
{
    MpiEvent* e = current(loc, record);
    if (e == nullptr || !makesSeveralEvents(e->call))
        return e;
    Frame& frame = loc.stack.back();
    frame.parts.push_back(Part{*frame.event, std::nullopt, 0});
    return &frame.parts.back().event;
}

std::optional<std::int32_t> EventImport::communicator(OTF2_CommRef comm)
{
    const auto it = m_commIds.find(comm);
    if (it != m_commIds.end())
        return it->second;
    if (!m_error)
        m_error = makeError(ErrorCode::MalformedInput, "an event names communicator " +
                                                           std::to_string(comm) +
                                                           ", which the definitions lack");
    return std::nullopt;
}

std::optional<std::int32_t> EventImport::worldRank(const Location& loc, std::int32_t comm,
                                                   std::uint32_t local)
{
    const MpiCommunicator* c = m_trace.communicator(comm);
    if (c != nullptr && c->worldRanks.empty())
        return loc.rank; // MPI_COMM_SELF
    if (c != nullptr && local < c->worldRanks.size())
        return c->worldRanks[local];
    fail(loc, "rank " + std::to_string(local) + " is not in communicator " + std::to_string(comm));
    return std::nullopt;
}

void EventImport::enter(Location& loc, OTF2_RegionRef region, OTF2_TimeStamp time)
{
    Frame frame;
    const auto name = m_defs.regions.find(region);
    if (name == m_defs.regions.end()) {
        fail(loc, "an Enter of region " + std::to_string(region) + ", which is not defined");
        return;
    }
    if (const auto call = mpiCallFromName(m_defs.string(name->second))) {
        frame.event = MpiEvent{};
        frame.event->call = *call;
        frame.event->rank = loc.rank;
        frame.event->enter = ns(time);
    }
    loc.stack.push_back(std::move(frame));
}

void EventImport::leave(Location& loc, OTF2_TimeStamp time)
{
    if (loc.stack.empty()) {
        fail(loc, "a Leave without its Enter");
        return;
    }
    Frame frame = std::move(loc.stack.back());
    loc.stack.pop_back();
    if (!frame.event)
        return;
    if (frame.parts.empty())
        frame.parts.push_back(Part{*frame.event, std::nullopt, 0});
    for (Part& part : frame.parts) {
        MpiEvent& e = part.event;
        e.exit = std::max(e.enter, ns(time));
        const std::size_t index = m_trace.events.size();
        if (isCollective(e.call))
            loc.collectives.push_back(index); // seq: resolveCollectives
        else if (part.collective)
            loc.nbcCompletions.push_back({index, *part.collective, part.sent});
        else
            e.seq = loc.p2pSeq++;
        if (frame.request)
            loc.irecvs[*frame.request] = index;
        if (frame.nbcRequest)
            loc.nbcStarts[*frame.nbcRequest] = index;
        m_trace.events.push_back(e);
    }
}

void EventImport::resolveCollectives()
{
    for (auto& [ref, loc] : m_locations) {
        for (const auto& c : loc.nbcCompletions) {
            const auto start = loc.nbcStarts.find(c.request);
            if (start == loc.nbcStarts.end())
                continue; // started before the trace began
            MpiEvent& s = m_trace.events[start->second];
            s.communicator = m_trace.events[c.index].communicator;
            s.partner = m_trace.events[c.index].partner;
            s.bytes = c.sent;
        }
        std::map<std::int32_t, std::int64_t> seq;
        for (std::size_t index : loc.collectives) {
            MpiEvent& e = m_trace.events[index];
            e.seq = seq[e.communicator]++;
        }
        for (const auto& c : loc.nbcCompletions) {
            const auto start = loc.nbcStarts.find(c.request);
            if (start != loc.nbcStarts.end())
                m_trace.events[c.index].seq = m_trace.events[start->second].seq;
        }
    }
}

void EventImport::resolveIrecv(std::size_t index, const MpiEvent& completion)
{
    MpiEvent& irecv = m_trace.events[index];
    irecv.communicator = completion.communicator;
    irecv.partner = completion.partner;
    irecv.tag = completion.tag;
    irecv.bytes = completion.bytes;
}

Result<Ok> EventImport::read(OTF2_Reader* reader, const std::string& archive)
{
    for (const auto& [location, state] : m_locations)
        XYLEM_OTF2(OTF2_Reader_SelectLocation(reader, location), "selecting a location", archive);
    // Local definitions (Score-P's id mappings) are optional: read where present.
    if (OTF2_Reader_OpenDefFiles(reader) == OTF2_SUCCESS) {
        for (const auto& [location, state] : m_locations) {
            if (OTF2_DefReader* local = OTF2_Reader_GetDefReader(reader, location)) {
                std::uint64_t definitions = 0;
                OTF2_Reader_ReadAllLocalDefinitions(reader, local, &definitions);
                OTF2_Reader_CloseDefReader(reader, local);
            }
        }
        OTF2_Reader_CloseDefFiles(reader);
    }
    XYLEM_OTF2(OTF2_Reader_OpenEvtFiles(reader), "opening the event files", archive);
    for (const auto& [location, state] : m_locations) {
        if (OTF2_Reader_GetEvtReader(reader, location) == nullptr)
            return makeError(ErrorCode::MalformedInput,
                             "cannot open the events of rank " + std::to_string(state.rank),
                             archive);
    }
    OTF2_GlobalEvtReader* global = OTF2_Reader_GetGlobalEvtReader(reader);
    if (global == nullptr)
        return makeError(ErrorCode::MalformedInput, "cannot read the events", archive);
    const auto c = callbacks();
    XYLEM_OTF2(OTF2_Reader_RegisterGlobalEvtCallbacks(reader, global, c.get(), this),
               "reading the events", archive);
    std::uint64_t read = 0;
    const OTF2_ErrorCode status = OTF2_Reader_ReadAllGlobalEvents(reader, global, &read);
    OTF2_Reader_CloseGlobalEvtReader(reader, global);
    if (m_error) {
        m_error->where = archive + (m_error->where.empty() ? "" : ", " + m_error->where);
        return *m_error;
    }
    XYLEM_OTF2(status, "reading the events", archive);
    resolveCollectives();
    for (const auto& [location, state] : m_locations) {
        if (!state.stack.empty())
            return makeError(ErrorCode::MalformedInput,
                             "the events of rank " + std::to_string(state.rank) +
                                 " end inside a region (the event file is cut short?)",
                             archive);
    }
    return Ok{};
}

} // namespace xylem::otf2
