#include "core/store/eventdump.h"

#include "core/store/eventtables.h"
#include "core/store/storetables.h"

#include <cstdio>
#include <filesystem>

namespace xylem::store {

namespace {

constexpr const char* kPrefix = "session_";

Result<Ok> copyRuns(Session& session, Database& db)
{
    XYLEM_TRY(runs, storeTable(session, "runs", std::nullopt));
    std::string create = "CREATE TABLE runs (";
    std::string insert = "INSERT INTO runs VALUES (";
    for (size_t i = 0; i < runs->columns.size(); ++i) {
        create += (i ? ", \"" : "\"") + runs->columns[i] + "\"";
        insert += i ? ", ?" : "?";
    }
    XYLEM_TRY(created, db.exec(create + ")"));
    XYLEM_TRY(statement, db.prepare(insert + ")"));
    for (const auto& row : runs->rows) {
        Statement& s = statement.value();
        s.reset();
        for (size_t i = 0; i < row.size(); ++i) {
            const int at = static_cast<int>(i) + 1;
            if (const auto* v = std::get_if<std::int64_t>(&row[i])) {
                s.bind(at, *v);
            } else if (const auto* d = std::get_if<double>(&row[i])) {
                s.bind(at, *d);
            } else if (const auto* t = std::get_if<std::string>(&row[i])) {
                s.bind(at, std::string_view(*t));
            } else {
                s.bindNull(at);
            }
        }
        XYLEM_TRY(done, s.run());
    }
    return Ok{};
}

Result<DumpCounts> fill(Session& session, Database& db)
{
    XYLEM_TRY(registered, registerEventTables(session, db, kPrefix));
    XYLEM_TRY(began, db.exec("BEGIN"));
    XYLEM_TRY(runs, copyRuns(session, db));
    for (const EventTableInfo& t : eventTables()) {
        const std::string name(t.name);
        XYLEM_TRY(copied, db.exec("CREATE TABLE " + name + " AS SELECT * FROM " + kPrefix + name));
        XYLEM_TRY(indexed,
                  db.exec("CREATE INDEX " + name + "_by_run ON " + name + "(run_id, seq)"));
    }
    XYLEM_TRY(committed, db.exec("COMMIT"));
    DumpCounts counts;
    XYLEM_TRY(r, db.queryInt("SELECT COUNT(*) FROM runs"));
    XYLEM_TRY(t, db.queryInt("SELECT COUNT(*) FROM tuples"));
    XYLEM_TRY(c, db.queryInt("SELECT COUNT(*) FROM calls"));
    XYLEM_TRY(m, db.queryInt("SELECT COUNT(*) FROM mpi_events"));
    XYLEM_TRY(e, db.queryInt("SELECT COUNT(*) FROM mpi_tree_edges_decoded"));
    counts.runs = r.value();
    counts.tuples = t.value();
    counts.calls = c.value();
    counts.mpiEvents = m.value();
    counts.treeEdges = e.value();
    return counts;
}

} // namespace

Result<DumpCounts> dumpEventTables(Session& session, const std::string& target)
{
    std::error_code error;
    if (std::filesystem::exists(target, error)) {
        return makeError(ErrorCode::InvalidArgument, "exists already: give a new file", target);
    }
    Result<DumpCounts> counts = makeError(ErrorCode::IoError, "not written", target);
    {
        auto db = Database::open(target, Database::Mode::Create);
        if (!db) {
            return db.error();
        }
        counts = fill(session, db.value());
    } // closed before a failed file is removed
    if (!counts) {
        std::remove(target.c_str());
        std::remove((target + "-journal").c_str());
    }
    return counts;
}

} // namespace xylem::store
