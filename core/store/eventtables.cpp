#include "core/store/eventtables.h"

#include "core/store/callcodec.h"
#include "core/store/mpicodec.h"
#include "core/store/runcatalog.h"
#include "core/store/tuplecodec.h"

#include <memory>
#include <optional>
#include <sqlite3.h>

namespace xylem::store {

namespace {

enum class Kind
{
    Tuples,
    Calls,
    MpiEvents,
    TreeEdges
};

struct Source
{
    Kind kind;
    const char* chunks; // the table of encoded chunks
    const char* id;     // its column that orders a run's chunks
    const char* schema;
};

const Source kSources[] = {
    {Kind::Tuples, "tuple_chunks", "id",
     "CREATE TABLE x(run_id INTEGER, seq INTEGER, collector TEXT, collector_index INTEGER, "
     "down_ns INTEGER, up_ns INTEGER, op INTEGER, ret INTEGER)"},
    {Kind::Calls, "call_chunks", "id",
     "CREATE TABLE x(run_id INTEGER, seq INTEGER, start_ns INTEGER, operation_time_ns INTEGER, "
     "slowest_thread_time_ns INTEGER, slowest_thread TEXT)"},
    {Kind::MpiEvents, "mpi_event_chunks", "id",
     "CREATE TABLE x(run_id INTEGER, rank INTEGER, call TEXT, communicator INTEGER, seq INTEGER, "
     "enter_ns INTEGER, exit_ns INTEGER, partner INTEGER, tag INTEGER, bytes INTEGER, "
     "completes INTEGER)"},
    // One frame per run (run_id is the key).
    {Kind::TreeEdges, "mpi_tree_edges", "run_id",
     "CREATE TABLE x(run_id INTEGER, rank INTEGER, parent INTEGER, call TEXT, communicator "
     "INTEGER, seq INTEGER, down_ns INTEGER, up_ns INTEGER, at_parent INTEGER)"},
};

struct Aux
{
    Session* session;
    const Source* source;
};

struct Table
{
    sqlite3_vtab base{};
    Aux aux;
};

// One chunk decoded at a time; the run's configuration is read once per run.
struct Cursor
{
    sqlite3_vtab_cursor base{};
    Statement chunks;
    bool eof = true;
    std::int64_t run = -1;
    std::optional<Configuration> config;
    std::vector<Tuple> tuples;
    std::vector<CallTimes> calls;
    std::vector<MpiEvent> events;
    std::vector<MpiTreeEdge> edges;
    size_t at = 0;
    sqlite3_int64 rowid = 0;

    size_t size(Kind k) const
    {
        switch (k) {
        case Kind::Tuples:
            return tuples.size();
        case Kind::Calls:
            return calls.size();
        case Kind::MpiEvents:
            return events.size();
        case Kind::TreeEdges:
            return edges.size();
        }
        return 0;
    }
};

Table& tableOf(sqlite3_vtab_cursor* c)
{
    return *reinterpret_cast<Table*>(c->pVtab);
}

int fail(sqlite3_vtab* vtab, const Error& e)
{
    sqlite3_free(vtab->zErrMsg);
    vtab->zErrMsg = sqlite3_mprintf("%s", e.describe().c_str());
    return e.code == ErrorCode::Corrupt ? SQLITE_CORRUPT : SQLITE_ERROR;
}

Result<Ok> decode(Cursor& c, const Table& t, std::span<const std::uint8_t> bytes)
{
    if (t.aux.source->kind == Kind::MpiEvents) {
        return decodeMpiEventChunk(bytes, c.events);
    }
    if (t.aux.source->kind == Kind::TreeEdges) {
        return decodeMpiTreeEdges(bytes, c.edges);
    }
    if (!c.config || c.chunks.columnInt(1) != c.run) {
        c.run = c.chunks.columnInt(1);
        XYLEM_TRY(config, runConfiguration(*t.aux.session, c.run));
        c.config = std::move(config).value();
    }
    if (t.aux.source->kind == Kind::Tuples) {
        return decodeTupleChunk(bytes, static_cast<std::uint32_t>(c.config->wrapperCount()),
                                c.tuples);
    }
    return decodeCallChunk(bytes, static_cast<std::uint32_t>(c.config->threads().size()), c.calls);
}

// Moves on to the next non-empty chunk, or to the end.
int nextChunk(Cursor& c, Table& t)
{
    for (;;) {
        c.tuples.clear();
        c.calls.clear();
        c.events.clear();
        c.edges.clear();
        c.at = 0;
        auto row = c.chunks.step();
        if (!row) {
            return fail(&t.base, row.error());
        }
        if (!row.value()) {
            c.eof = true;
            return SQLITE_OK;
        }
        const bool needsNoConfiguration =
            t.aux.source->kind == Kind::MpiEvents || t.aux.source->kind == Kind::TreeEdges;
        c.run = needsNoConfiguration ? c.chunks.columnInt(1) : c.run;
        if (auto ok = decode(c, t, c.chunks.columnBlob(2)); !ok) {
            return fail(&t.base,
                        makeError(ok.error().code, std::string(t.aux.source->chunks) + " row " +
                                                       std::to_string(c.chunks.columnInt(0)) +
                                                       ": " + ok.error().describe()));
        }
        if (c.size(t.aux.source->kind) > 0) {
            return SQLITE_OK;
        }
    }
}

int xConnect(sqlite3* db, void* aux, int, const char* const*, sqlite3_vtab** out, char**)
{
    const Aux& a = *static_cast<Aux*>(aux);
    if (const int rc = sqlite3_declare_vtab(db, a.source->schema); rc != SQLITE_OK) {
        return rc;
    }
    auto* t = new Table;
    t->aux = a;
    *out = &t->base;
    return SQLITE_OK;
}

int xDisconnect(sqlite3_vtab* vtab)
{
    delete reinterpret_cast<Table*>(vtab);
    return SQLITE_OK;
}

// `run_id = ?` is used to read one run's chunks only.
int xBestIndex(sqlite3_vtab*, sqlite3_index_info* info)
{
    info->idxNum = 0;
    info->estimatedCost = 1e6;
    for (int i = 0; i < info->nConstraint; ++i) {
        const auto& c = info->aConstraint[i];
        if (c.usable && c.iColumn == 0 && c.op == SQLITE_INDEX_CONSTRAINT_EQ) {
            info->idxNum = 1;
            info->aConstraintUsage[i].argvIndex = 1;
            info->aConstraintUsage[i].omit = 1;
            info->estimatedCost = 1e3;
            break;
        }
    }
    return SQLITE_OK;
}

int xOpen(sqlite3_vtab*, sqlite3_vtab_cursor** out)
{
    auto* c = new Cursor;
    *out = &c->base;
    return SQLITE_OK;
}

int xClose(sqlite3_vtab_cursor* cursor)
{
    delete reinterpret_cast<Cursor*>(cursor);
    return SQLITE_OK;
}

int xFilter(sqlite3_vtab_cursor* cursor, int idxNum, const char*, int argc, sqlite3_value** argv)
{
    Cursor& c = *reinterpret_cast<Cursor*>(cursor);
    Table& t = tableOf(cursor);
    const std::string id = t.aux.source->id;
    const std::string sql = "SELECT " + id + ", run_id, data FROM " + t.aux.source->chunks +
                            (idxNum == 1 ? " WHERE run_id = ?" : "") + " ORDER BY run_id, " + id;
    auto chunks = t.aux.session->database().prepare(sql);
    if (!chunks) {
        return fail(&t.base, chunks.error());
    }
    c.chunks = std::move(chunks).value();
    if (idxNum == 1 && argc == 1) {
        // Numeric affinity, as a real INTEGER column compares: '2' is run 2.
        if (sqlite3_value_numeric_type(argv[0]) != SQLITE_INTEGER) {
            c.eof = true; // run ids are integers: nothing else equals one
            return SQLITE_OK;
        }
        c.chunks.bind(1, static_cast<std::int64_t>(sqlite3_value_int64(argv[0])));
    }
    c.eof = false;
    c.rowid = 0;
    c.config.reset();
    return nextChunk(c, t);
}

int xNext(sqlite3_vtab_cursor* cursor)
{
    Cursor& c = *reinterpret_cast<Cursor*>(cursor);
    ++c.rowid;
    if (++c.at < c.size(tableOf(cursor).aux.source->kind)) {
        return SQLITE_OK;
    }
    return nextChunk(c, tableOf(cursor));
}

int xEof(sqlite3_vtab_cursor* cursor)
{
    return reinterpret_cast<Cursor*>(cursor)->eof ? 1 : 0;
}

void text(sqlite3_context* ctx, std::string_view s)
{
    sqlite3_result_text(ctx, s.data(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
}

int xColumn(sqlite3_vtab_cursor* cursor, sqlite3_context* ctx, int column)
{
    const Cursor& c = *reinterpret_cast<Cursor*>(cursor);
    const auto integer = [&](std::int64_t v) {
        sqlite3_result_int64(ctx, v);
    };
    if (column == 0) {
        integer(c.run);
        return SQLITE_OK;
    }
    switch (tableOf(cursor).aux.source->kind) {
    case Kind::Tuples: {
        const Tuple& t = c.tuples[c.at];
        const std::int64_t values[] = {t.seq, 0, t.collector, t.down, t.up, t.op, t.ret};
        if (column == 2) {
            text(ctx, c.config->wrapper(static_cast<int>(t.collector)).id);
        } else {
            integer(values[column - 1]);
        }
        break;
    }
    case Kind::Calls: {
        const CallTimes& k = c.calls[c.at];
        const std::int64_t values[] = {k.seq, k.startNs, k.operationTime, k.slowestThreadTime};
        if (column == 5) {
            const int w = c.config->threads()[static_cast<size_t>(k.slowestThread)];
            text(ctx, c.config->wrapper(w).id);
        } else {
            integer(values[column - 1]);
        }
        break;
    }
    case Kind::MpiEvents: {
        const MpiEvent& e = c.events[c.at];
        const std::int64_t values[] = {
            e.rank, 0,         e.communicator, e.seq,   e.enter,
            e.exit, e.partner, e.tag,          e.bytes, static_cast<std::int64_t>(e.completes)};
        if (column == 2) {
            text(ctx, mpiCallName(e.call));
        } else {
            integer(values[column - 1]);
        }
        break;
    }
    case Kind::TreeEdges: {
        const MpiTreeEdge& e = c.edges[c.at];
        const std::int64_t values[] = {e.rank, e.parent, 0,    e.communicator,
                                       e.seq,  e.down,   e.up, e.atParent ? 1 : 0};
        if (column == 3) {
            text(ctx, mpiCallName(e.call));
        } else {
            integer(values[column - 1]);
        }
        break;
    }
    }
    return SQLITE_OK;
}

int xRowid(sqlite3_vtab_cursor* cursor, sqlite3_int64* rowid)
{
    *rowid = reinterpret_cast<Cursor*>(cursor)->rowid;
    return SQLITE_OK;
}

// Eponymous only (no xCreate): the tables exist by their names, nothing goes into the schema;
// no xUpdate: they cannot be written.
const sqlite3_module kModule = {
    .iVersion = 0,
    .xCreate = nullptr,
    .xConnect = xConnect,
    .xBestIndex = xBestIndex,
    .xDisconnect = xDisconnect,
    .xDestroy = xDisconnect,
    .xOpen = xOpen,
    .xClose = xClose,
    .xFilter = xFilter,
    .xNext = xNext,
    .xEof = xEof,
    .xColumn = xColumn,
    .xRowid = xRowid,
    .xUpdate = nullptr,
    .xBegin = nullptr,
    .xSync = nullptr,
    .xCommit = nullptr,
    .xRollback = nullptr,
    .xFindFunction = nullptr,
    .xRename = nullptr,
    .xSavepoint = nullptr,
    .xRelease = nullptr,
    .xRollbackTo = nullptr,
    .xShadowName = nullptr,
};

} // namespace

const std::vector<EventTableInfo>& eventTables()
{
    static const std::vector<EventTableInfo> tables = {
        {"tuples", "run_id, seq, collector, collector_index, down_ns, up_ns, op, ret",
         "every stored tuple; collector: the wrapper id of the edge that recorded it"},
        {"calls",
         "run_id, seq, start_ns, operation_time_ns, slowest_thread_time_ns, "
         "slowest_thread",
         "every complete call; slowest_thread: a wrapper id"},
        {"mpi_events",
         "run_id, rank, call, communicator, seq, enter_ns, exit_ns, partner, tag, "
         "bytes, completes",
         "every MPI call of runs with MPI data; call: \"MPI_Allreduce\", ...; completes: what a "
         "Wait, Test or Sendrecv finished (0 none, 1 a receive, 2 a send, 3 a non-blocking "
         "collective)"},
        {"mpi_tree_edges_decoded",
         "run_id, rank, parent, call, communicator, seq, down_ns, up_ns, at_parent",
         "the edges of Xylem's tree in runs recorded with xylem-cli mpi --tree: rank's edge to "
         "its parent in the call (communicator, seq) of mpi_events, down_ns when rank handed its "
         "part up, up_ns when the parent's part was back (reference clock); at_parent 1: the "
         "parent's side of an edge between hosts (when the part arrived, when the result left)"},
    };
    return tables;
}

Result<Ok> registerEventTables(Session& session)
{
    return registerEventTables(session, session.database(), "");
}

Result<Ok> registerEventTables(Session& session, Database& on, std::string_view prefix)
{
    const auto& infos = eventTables();
    for (size_t i = 0; i < infos.size(); ++i) {
        auto* aux = new Aux{&session, &kSources[i]};
        const std::string name = std::string(prefix) + std::string(infos[i].name);
        const int rc = sqlite3_create_module_v2(on.handle(), name.c_str(), &kModule, aux,
                                                [](void* p) { delete static_cast<Aux*>(p); });
        if (rc != SQLITE_OK) {
            return on.lastError("registering the table " + name);
        }
    }
    return Ok{};
}

} // namespace xylem::store
