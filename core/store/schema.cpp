#include "core/store/schema.h"

namespace xylem::store {

namespace {

constexpr const char* kVersion1 = R"sql(
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE runs (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    configuration TEXT NOT NULL,
    recorded_at TEXT NOT NULL,
    source TEXT NOT NULL DEFAULT '',
    notes TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'recording' CHECK (status IN ('recording', 'complete', 'interrupted')),
    tuple_count INTEGER NOT NULL DEFAULT 0,
    first_ns INTEGER,
    last_ns INTEGER
);
CREATE TABLE tuple_chunks (
    id INTEGER PRIMARY KEY,
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    tuple_count INTEGER NOT NULL,
    first_ns INTEGER NOT NULL,
    last_ns INTEGER NOT NULL,
    data BLOB NOT NULL
);
CREATE INDEX tuple_chunks_by_time ON tuple_chunks(run_id, first_ns);
)sql";

constexpr const char* kVersion2 = R"sql(
ALTER TABLE runs ADD COLUMN clock TEXT NOT NULL DEFAULT '';
ALTER TABLE runs ADD COLUMN call_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE runs ADD COLUMN incomplete_calls INTEGER NOT NULL DEFAULT 0;
CREATE TABLE call_chunks (
    id INTEGER PRIMARY KEY,
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    call_count INTEGER NOT NULL,
    first_ns INTEGER NOT NULL,
    last_ns INTEGER NOT NULL,
    data BLOB NOT NULL
);
CREATE INDEX call_chunks_by_time ON call_chunks(run_id, first_ns);
CREATE TABLE summaries (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    series INTEGER NOT NULL,
    level INTEGER NOT NULL,
    width_ns INTEGER NOT NULL,
    first_bucket INTEGER NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY (run_id, series, level)
);
CREATE TABLE scopes (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    definition TEXT NOT NULL
);
CREATE TABLE run_scopes (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    scope_id INTEGER NOT NULL REFERENCES scopes(id) ON DELETE CASCADE,
    PRIMARY KEY (run_id, scope_id)
);
CREATE TABLE system_samples (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    host TEXT NOT NULL,
    metric TEXT NOT NULL,
    t_ns INTEGER NOT NULL,
    value REAL NOT NULL
);
CREATE INDEX system_samples_by_metric ON system_samples(run_id, metric, host, t_ns);
CREATE TABLE clock_models (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    host TEXT NOT NULL,
    model TEXT NOT NULL,
    PRIMARY KEY (run_id, host)
);
CREATE TABLE cached_results (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    engine_version INTEGER NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY (run_id, kind)
);
)sql";

// MPI data (core/model/mpitrace.h) beside a run's tuples; events in framed chunks (mpicodec.h).
constexpr const char* kVersion3 = R"sql(
CREATE TABLE mpi_traces (
    run_id INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
    reference_host TEXT NOT NULL,
    event_count INTEGER NOT NULL
);
CREATE TABLE mpi_ranks (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    rank INTEGER NOT NULL,
    host TEXT NOT NULL,
    cluster TEXT NOT NULL,
    PRIMARY KEY (run_id, rank)
);
CREATE TABLE mpi_communicators (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    id INTEGER NOT NULL,
    name TEXT NOT NULL,
    world_ranks TEXT NOT NULL,
    PRIMARY KEY (run_id, id)
);
CREATE TABLE mpi_event_chunks (
    id INTEGER PRIMARY KEY,
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    event_count INTEGER NOT NULL,
    data BLOB NOT NULL
);
CREATE INDEX mpi_event_chunks_by_run ON mpi_event_chunks(run_id, id);
CREATE TABLE mpi_clock_samples (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    host TEXT NOT NULL,
    measured_against TEXT NOT NULL,
    local_ns INTEGER NOT NULL,
    offset_ns INTEGER NOT NULL,
    round_trip_ns INTEGER NOT NULL
);
)sql";

// The tree edges (MpiTreeEdge) of an MPI run through Xylem's tree, one frame per run
// (mpicodec.h, kind "XE"). Apart from mpi_event_chunks, whose every blob is a chunk of events.
constexpr const char* kVersion4 = R"sql(
CREATE TABLE mpi_tree_edges (
    run_id INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
    edge_count INTEGER NOT NULL,
    data BLOB NOT NULL
);
)sql";

// What --adapt's run-time tuner did in an MPI run (MpiTreeAdapt of mpitracejson.h): its
// settings, its trial blocks and the switches of the world's MPI_Allreduce tree, each switch with
// the start of its call on the run's clock (start_ns, NULL when no rank's event of it was kept).
constexpr const char* kVersion5 = R"sql(
CREATE TABLE mpi_tree_adapt (
    run_id INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
    candidates TEXT NOT NULL,
    block INTEGER NOT NULL,
    rounds INTEGER NOT NULL,
    settled TEXT NOT NULL,
    disagreements INTEGER NOT NULL
);
CREATE TABLE mpi_tree_adapt_blocks (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    tree TEXT NOT NULL,
    first_call INTEGER NOT NULL,
    mean_ns INTEGER NOT NULL
);
CREATE INDEX mpi_tree_adapt_blocks_by_run ON mpi_tree_adapt_blocks(run_id, first_call);
CREATE TABLE mpi_tree_switches (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    call INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    tree TEXT NOT NULL,
    settle INTEGER NOT NULL,
    start_ns INTEGER
);
CREATE INDEX mpi_tree_switches_by_run ON mpi_tree_switches(run_id, call);
)sql";

constexpr const char* kTables1[] = {"meta", "runs", "tuple_chunks", nullptr};
constexpr const char* kTables2[] = {
    "meta",       "runs",           "tuple_chunks", "call_chunks",    "summaries", "scopes",
    "run_scopes", "system_samples", "clock_models", "cached_results", nullptr};
constexpr const char* kTables3[] = {
    "meta",       "runs",       "tuple_chunks",      "call_chunks",      "summaries",
    "scopes",     "run_scopes", "system_samples",    "clock_models",     "cached_results",
    "mpi_traces", "mpi_ranks",  "mpi_communicators", "mpi_event_chunks", "mpi_clock_samples",
    nullptr};
constexpr const char* kTables4[] = {
    "meta",           "runs",       "tuple_chunks",      "call_chunks",      "summaries",
    "scopes",         "run_scopes", "system_samples",    "clock_models",     "cached_results",
    "mpi_traces",     "mpi_ranks",  "mpi_communicators", "mpi_event_chunks", "mpi_clock_samples",
    "mpi_tree_edges", nullptr};
constexpr const char* kTables5[] = {"meta",
                                    "runs",
                                    "tuple_chunks",
                                    "call_chunks",
                                    "summaries",
                                    "scopes",
                                    "run_scopes",
                                    "system_samples",
                                    "clock_models",
                                    "cached_results",
                                    "mpi_traces",
                                    "mpi_ranks",
                                    "mpi_communicators",
                                    "mpi_event_chunks",
                                    "mpi_clock_samples",
                                    "mpi_tree_edges",
                                    "mpi_tree_adapt",
                                    "mpi_tree_adapt_blocks",
                                    "mpi_tree_switches",
                                    nullptr};

} // namespace

Result<Ok> applySchemaStep(Database& db, int to)
{
    switch (to) {
    case 1:
        return db.exec(kVersion1);
    case 2:
        return db.exec(kVersion2);
    case 3:
        return db.exec(kVersion3);
    case 4:
        return db.exec(kVersion4);
    case 5:
        return db.exec(kVersion5);
    default:
        return makeError(ErrorCode::InvalidArgument,
                         "no schema step to format " + std::to_string(to));
    }
}

const char* const* requiredTables(int version)
{
    if (version >= 5) {
        return kTables5;
    }
    if (version >= 4) {
        return kTables4;
    }
    if (version >= 3) {
        return kTables3;
    }
    return version >= 2 ? kTables2 : kTables1;
}

} // namespace xylem::store
