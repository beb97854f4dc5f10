#include "core/store/mpistore.h"

#include "core/store/mpicodec.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <set>
#include <string>

namespace xylem::store {

namespace {

constexpr size_t kEventsPerChunk = 65536;

std::string runName(std::int64_t run)
{
    return "run " + std::to_string(run);
}

// Any error met while reading or writing a run's MPI data, phrased with the run and the file.
Error aboutRun(Error error, std::int64_t run, const Session& session)
{
    error.message = runName(run) + ": " + error.message;
    if (error.where.empty()) {
        error.where = session.path();
    }
    return error;
}

std::string joinRanks(const std::vector<int>& ranks)
{
    std::string text;
    for (const int r : ranks) {
        text += (text.empty() ? "" : " ") + std::to_string(r);
    }
    return text;
}

Result<std::vector<int>> splitRanks(const std::string& text, std::int32_t communicator)
{
    std::vector<int> ranks;
    const char* p = text.data();
    const char* end = p + text.size();
    while (p < end) {
        int r = 0;
        auto [next, ec] = std::from_chars(p, end, r);
        if (ec != std::errc() || r < 0 || (next < end && *next != ' ')) {
            return makeError(ErrorCode::Corrupt, "communicator " + std::to_string(communicator) +
                                                     " has a damaged member list");
        }
        ranks.push_back(r);
        p = next < end ? next + 1 : next;
    }
    return ranks;
}

// Checked before anything is written: a call code outside MpiCall or a rank without an
// MpiRank would be unreadable later, and a second communicator with one id has no row.
Result<Ok> checkTrace(const MpiTrace& trace)
{
    for (size_t i = 0; i < trace.events.size(); ++i) {
        const MpiEvent& e = trace.events[i];
        if (static_cast<int>(e.call) >= kMpiCallCount) {
            return makeError(ErrorCode::InvalidTrace, "event " + std::to_string(i) +
                                                          " has unknown call code " +
                                                          std::to_string(static_cast<int>(e.call)));
        }
        if (e.rank < 0 || static_cast<size_t>(e.rank) >= trace.ranks.size()) {
            return makeError(ErrorCode::InvalidTrace, "event " + std::to_string(i) +
                                                          " is made by unknown rank " +
                                                          std::to_string(e.rank));
        }
    }
    std::set<std::int32_t> ids;
    for (const MpiCommunicator& c : trace.communicators) {
        if (!ids.insert(c.id).second) {
            return makeError(ErrorCode::InvalidTrace,
                             "communicator " + std::to_string(c.id) + " is defined twice");
        }
    }
    for (size_t i = 0; i < trace.treeEdges.size(); ++i) {
        const MpiTreeEdge& e = trace.treeEdges[i];
        if (static_cast<int>(e.call) >= kMpiCallCount || e.rank < 0 || e.parent < 0 ||
            static_cast<size_t>(std::max(e.rank, e.parent)) >= trace.ranks.size()) {
            return makeError(ErrorCode::InvalidTrace,
                             "tree edge " + std::to_string(i) + " names an unknown call or rank");
        }
    }
    for (size_t r = 0; r < trace.ranks.size(); ++r) {
        if (trace.ranks[r].rank != static_cast<int>(r)) {
            return makeError(ErrorCode::InvalidTrace, "rank entry " + std::to_string(r) +
                                                          " says it is rank " +
                                                          std::to_string(trace.ranks[r].rank));
        }
    }
    return Ok{};
}

Result<Ok> writeHeader(Database& db, std::int64_t run, const MpiTrace& trace)
{
    XYLEM_TRY(insert, db.prepare("INSERT INTO mpi_traces (run_id, reference_host, event_count) "
                                 "VALUES (?, ?, ?)"));
    XYLEM_TRY(done, insert.value()
                        .bind(1, run)
                        .bind(2, std::string_view(trace.referenceHost))
                        .bind(3, static_cast<std::int64_t>(trace.events.size()))
                        .run());
    XYLEM_TRY(rank, db.prepare("INSERT INTO mpi_ranks VALUES (?, ?, ?, ?)"));
    for (const MpiRank& r : trace.ranks) {
        XYLEM_TRY(ok, rank.value()
                          .bind(1, run)
                          .bind(2, std::int64_t(r.rank))
                          .bind(3, std::string_view(r.host))
                          .bind(4, std::string_view(r.cluster))
                          .run());
    }
    XYLEM_TRY(comm, db.prepare("INSERT INTO mpi_communicators VALUES (?, ?, ?, ?)"));
    for (const MpiCommunicator& c : trace.communicators) {
        XYLEM_TRY(ok, comm.value()
                          .bind(1, run)
                          .bind(2, std::int64_t(c.id))
                          .bind(3, std::string_view(c.name))
                          .bind(4, std::string_view(joinRanks(c.worldRanks)))
                          .run());
    }
    return Ok{};
}

Result<Ok> writeClockSamples(Database& db, std::int64_t run, const MpiTrace& trace)
{
    XYLEM_TRY(insert, db.prepare("INSERT INTO mpi_clock_samples VALUES (?, ?, ?, ?, ?, ?)"));
    for (const MpiClockSample& s : trace.clockSamples) {
        XYLEM_TRY(ok, insert.value()
                          .bind(1, run)
                          .bind(2, std::string_view(s.host))
                          .bind(3, std::string_view(s.measuredAgainst))
                          .bind(4, s.localNs)
                          .bind(5, s.offsetNs)
                          .bind(6, s.roundTripNs)
                          .run());
    }
    return Ok{};
}

Result<Ok> writeEvents(Database& db, std::int64_t run, std::vector<MpiEvent> events)
{
    std::sort(events.begin(), events.end(), [](const MpiEvent& a, const MpiEvent& b) {
        return a.rank != b.rank ? a.rank < b.rank : a.enter < b.enter;
    });
    XYLEM_TRY(insert, db.prepare("INSERT INTO mpi_event_chunks (run_id, event_count, data) "
                                 "VALUES (?, ?, ?)"));
    std::vector<std::uint8_t> bytes;
    for (size_t first = 0; first < events.size(); first += kEventsPerChunk) {
        const auto part =
            std::span(events).subspan(first, std::min(kEventsPerChunk, events.size() - first));
        encodeMpiEventChunk(part, bytes);
        XYLEM_TRY(ok, insert.value()
                          .bind(1, run)
                          .bind(2, static_cast<std::int64_t>(part.size()))
                          .bindBlob(3, bytes)
                          .run());
    }
    return Ok{};
}

// Only a run through Xylem's tree has edges; the others get no row.
Result<Ok> writeTreeEdges(Database& db, std::int64_t run, const MpiTrace& trace)
{
    if (trace.treeEdges.empty()) {
        return Ok{};
    }
    std::vector<std::uint8_t> bytes;
    encodeMpiTreeEdges(trace.treeEdges, bytes);
    XYLEM_TRY(insert, db.prepare("INSERT INTO mpi_tree_edges (run_id, edge_count, data) "
                                 "VALUES (?, ?, ?)"));
    XYLEM_TRY(ok, insert.value()
                      .bind(1, run)
                      .bind(2, static_cast<std::int64_t>(trace.treeEdges.size()))
                      .bindBlob(3, bytes)
                      .run());
    return Ok{};
}

Result<Ok> writeTrace(Session& session, std::int64_t run, const MpiTrace& trace)
{
    XYLEM_TRY(checked, checkTrace(trace));
    XYLEM_TRY(has, hasMpiTrace(session, run));
    if (has.value()) {
        return makeError(ErrorCode::InvalidArgument, "already holds MPI data");
    }
    XYLEM_TRY(exists, session.database().prepare("SELECT 1 FROM runs WHERE id = ?"));
    XYLEM_TRY(found, exists.value().bind(1, run).step());
    if (!found.value()) {
        return makeError(ErrorCode::NotFound, "no such run in this session");
    }
    XYLEM_TRY(tx, Transaction::begin(session.database()));
    XYLEM_TRY(header, writeHeader(session.database(), run, trace));
    XYLEM_TRY(clocks, writeClockSamples(session.database(), run, trace));
    XYLEM_TRY(events, writeEvents(session.database(), run, trace.events));
    XYLEM_TRY(edges, writeTreeEdges(session.database(), run, trace));
    return tx.value().commit();
}

Result<Ok> readRanks(Database& db, std::int64_t run, MpiTrace& trace)
{
    XYLEM_TRY(
        query,
        db.prepare("SELECT rank, host, cluster FROM mpi_ranks WHERE run_id = ? ORDER BY rank"));
    query.value().bind(1, run);
    for (;;) {
        XYLEM_TRY(row, query.value().step());
        if (!row.value()) {
            return Ok{};
        }
        if (query.value().columnInt(0) != static_cast<std::int64_t>(trace.ranks.size())) {
            return makeError(ErrorCode::Corrupt,
                             "rank " + std::to_string(trace.ranks.size()) + " is missing");
        }
        trace.ranks.push_back(MpiRank{static_cast<int>(query.value().columnInt(0)),
                                      query.value().columnText(1), query.value().columnText(2)});
    }
}

// Ids are 32-bit in the model and in the event chunks. A stored id that is no integer, or does
// not fit, is refused: truncated it would alias another communicator (2^32 reads as 0).
Result<std::int32_t> communicatorId(const Statement& query)
{
    if (!query.columnIsInteger(0)) {
        return makeError(ErrorCode::Corrupt,
                         "communicator id " + query.columnText(0) + " is not an integer");
    }
    const std::int64_t id = query.columnInt(0);
    if (id < std::numeric_limits<std::int32_t>::min() ||
        id > std::numeric_limits<std::int32_t>::max()) {
        return makeError(ErrorCode::Corrupt,
                         "communicator id " + std::to_string(id) + " does not fit in 32 bits");
    }
    return static_cast<std::int32_t>(id);
}

Result<Ok> readCommunicators(Database& db, std::int64_t run, MpiTrace& trace)
{
    XYLEM_TRY(query, db.prepare("SELECT id, name, world_ranks FROM mpi_communicators WHERE "
                                "run_id = ? ORDER BY id"));
    query.value().bind(1, run);
    for (;;) {
        XYLEM_TRY(row, query.value().step());
        if (!row.value()) {
            return Ok{};
        }
        XYLEM_TRY(id, communicatorId(query.value()));
        XYLEM_TRY(members, splitRanks(query.value().columnText(2), id.value()));
        trace.communicators.push_back(
            MpiCommunicator{id.value(), query.value().columnText(1), std::move(members).value()});
    }
}

Result<Ok> readClockSamples(Database& db, std::int64_t run, MpiTrace& trace)
{
    XYLEM_TRY(query, db.prepare("SELECT host, measured_against, local_ns, offset_ns, "
                                "round_trip_ns FROM mpi_clock_samples WHERE run_id = ? "
                                "ORDER BY rowid"));
    query.value().bind(1, run);
    for (;;) {
        XYLEM_TRY(row, query.value().step());
        if (!row.value()) {
            return Ok{};
        }
        const Statement& q = query.value();
        trace.clockSamples.push_back(MpiClockSample{
            q.columnText(0), q.columnText(1), q.columnInt(2), q.columnInt(3), q.columnInt(4)});
    }
}

// The count is a number in the file: it sizes the reservation only as far as the stored bytes
// can hold that many events (a damaged 2^62 would throw, 2^31 exhaust memory).
Result<size_t> eventsToReserve(Database& db, std::int64_t run, std::int64_t expected)
{
    XYLEM_TRY(stored, db.prepare("SELECT coalesce(sum(length(data)), 0) FROM mpi_event_chunks "
                                 "WHERE run_id = ?"));
    XYLEM_TRY(found, stored.value().bind(1, run).step());
    const std::int64_t fits =
        stored.value().columnInt(0) / static_cast<std::int64_t>(kMinMpiEventBytes);
    return static_cast<size_t>(std::clamp<std::int64_t>(expected, 0, fits));
}

Result<Ok> readEvents(Database& db, std::int64_t run, std::int64_t expected, MpiTrace& trace)
{
    XYLEM_TRY(query, db.prepare("SELECT id, data FROM mpi_event_chunks WHERE run_id = ? "
                                "ORDER BY id"));
    query.value().bind(1, run);
    XYLEM_TRY(reservable, eventsToReserve(db, run, expected));
    trace.events.reserve(reservable.value());
    for (;;) {
        XYLEM_TRY(row, query.value().step());
        if (!row.value()) {
            break;
        }
        if (auto ok = decodeMpiEventChunk(query.value().columnBlob(1), trace.events); !ok) {
            Error e = ok.error();
            e.message =
                "event chunk " + std::to_string(query.value().columnInt(0)) + ": " + e.message;
            return e;
        }
    }
    if (static_cast<std::int64_t>(trace.events.size()) != expected) {
        return makeError(ErrorCode::Corrupt, "holds " + std::to_string(trace.events.size()) +
                                                 " MPI events, expected " +
                                                 std::to_string(expected) +
                                                 " (use a copy of the session from before the "
                                                 "damage)");
    }
    for (const MpiEvent& e : trace.events) {
        if (static_cast<size_t>(e.rank) >= trace.ranks.size()) {
            return makeError(ErrorCode::Corrupt,
                             "an MPI event names unknown rank " + std::to_string(e.rank));
        }
    }
    return Ok{};
}

// After the ranks: an edge naming a rank the run does not have is damage, not a tree.
Result<Ok> readTreeEdges(Database& db, std::int64_t run, MpiTrace& trace)
{
    XYLEM_TRY(query, db.prepare("SELECT edge_count, data FROM mpi_tree_edges WHERE run_id = ?"));
    XYLEM_TRY(found, query.value().bind(1, run).step());
    if (!found.value()) {
        return Ok{};
    }
    if (auto ok = decodeMpiTreeEdges(query.value().columnBlob(1), trace.treeEdges); !ok) {
        Error e = ok.error();
        e.message = "tree edges: " + e.message;
        return e;
    }
    const std::int64_t expected = query.value().columnInt(0);
    if (static_cast<std::int64_t>(trace.treeEdges.size()) != expected) {
        return makeError(ErrorCode::Corrupt, "holds " + std::to_string(trace.treeEdges.size()) +
                                                 " tree edges, expected " +
                                                 std::to_string(expected));
    }
    for (const MpiTreeEdge& e : trace.treeEdges) {
        if (static_cast<size_t>(std::max(e.rank, e.parent)) >= trace.ranks.size()) {
            return makeError(ErrorCode::Corrupt, "a tree edge names unknown rank " +
                                                     std::to_string(std::max(e.rank, e.parent)));
        }
    }
    return Ok{};
}

Result<MpiTrace> readTrace(Session& session, std::int64_t run)
{
    Database& db = session.database();
    XYLEM_TRY(header,
              db.prepare("SELECT reference_host, event_count FROM mpi_traces WHERE run_id = ?"));
    XYLEM_TRY(found, header.value().bind(1, run).step());
    if (!found.value()) {
        return makeError(ErrorCode::NotFound, "has no MPI data");
    }
    MpiTrace trace;
    trace.referenceHost = header.value().columnText(0);
    const std::int64_t expected = header.value().columnInt(1);
    XYLEM_TRY(ranks, readRanks(db, run, trace));
    XYLEM_TRY(communicators, readCommunicators(db, run, trace));
    XYLEM_TRY(clocks, readClockSamples(db, run, trace));
    XYLEM_TRY(events, readEvents(db, run, expected, trace));
    XYLEM_TRY(edges, readTreeEdges(db, run, trace));
    return trace;
}

} // namespace

Result<Ok> addMpiTrace(Session& session, std::int64_t run, const MpiTrace& trace)
{
    if (auto ok = session.requireWritable(); !ok) {
        return ok.error();
    }
    auto ok = writeTrace(session, run, trace);
    return ok ? ok : Result<Ok>(aboutRun(ok.error(), run, session));
}

Result<MpiTrace> mpiTrace(Session& session, std::int64_t run)
{
    auto trace = readTrace(session, run);
    if (!trace) {
        return aboutRun(trace.error(), run, session);
    }
    return trace;
}

Result<bool> hasMpiTrace(Session& session, std::int64_t run)
{
    auto query = session.database().prepare("SELECT 1 FROM mpi_traces WHERE run_id = ?");
    if (!query) {
        return query.error();
    }
    auto row = query.value().bind(1, run).step();
    if (!row) {
        return row.error();
    }
    return row.value();
}

} // namespace xylem::store
