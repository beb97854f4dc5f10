#include "core/store/runcatalog.h"

#include "core/model/configurationjson.h"

namespace xylem::store {

namespace {

constexpr const char* kRunColumns = "SELECT r.id, r.name, r.recorded_at, r.source, r.clock, "
                                    "r.notes, r.status, r.configuration, r.tuple_count, "
                                    "r.call_count, r.incomplete_calls, r.first_ns, r.last_ns, "
                                    "(SELECT coalesce(sum(length(c.data)), 0) FROM tuple_chunks c "
                                    "WHERE c.run_id = r.id) FROM runs r";

RunStatus statusFrom(const std::string& text)
{
    return text == "complete"      ? RunStatus::Complete
           : text == "interrupted" ? RunStatus::Interrupted
                                   : RunStatus::Recording;
}

Result<RunInfo> readRun(Statement& row)
{
    RunInfo info;
    info.id = row.columnInt(0);
    info.metadata = RunMetadata{row.columnText(1), row.columnText(2), row.columnText(3),
                                row.columnText(4), row.columnText(5)};
    info.status = statusFrom(row.columnText(6));
    auto config = parseConfigurationJson(row.columnText(7));
    if (!config) {
        return makeError(ErrorCode::Corrupt, "damaged configuration of run " +
                                                 std::to_string(info.id) + ": " +
                                                 config.error().describe());
    }
    info.configurationName = config->name();
    info.wrappers = config->wrapperCount();
    info.threads = static_cast<int>(config->threads().size());
    info.tuples = row.columnInt(8);
    info.calls = row.columnInt(9);
    info.incompleteCalls = row.columnInt(10);
    if (!row.columnIsNull(11)) {
        info.firstNs = row.columnInt(11);
        info.lastNs = row.columnInt(12);
    }
    info.storedBytes = row.columnInt(13);
    return info;
}

Error noSuchRun(Session& session, std::int64_t run)
{
    return makeError(ErrorCode::NotFound, "no run " + std::to_string(run) + " in this session",
                     session.path());
}

Result<Ok> updateRun(Session& session, std::int64_t run, const char* sql, const std::string& value)
{
    if (auto ok = session.requireWritable(); !ok) {
        return ok.error();
    }
    auto stmt = session.database().prepare(sql);
    if (!stmt) {
        return stmt.error();
    }
    if (auto ok = stmt.value().bind(1, std::string_view(value)).bind(2, run).run(); !ok) {
        return ok.error();
    }
    auto changed = session.database().queryInt("SELECT changes()");
    if (!changed) {
        return changed.error();
    }
    if (changed.value() == 0) {
        return noSuchRun(session, run);
    }
    return Ok{};
}

} // namespace

std::string_view toString(RunStatus status)
{
    switch (status) {
    case RunStatus::Recording:
        return "recording";
    case RunStatus::Complete:
        return "complete";
    case RunStatus::Interrupted:
        return "interrupted";
    }
    return "unknown";
}

Result<std::vector<RunInfo>> listRuns(Session& session)
{
    auto stmt = session.database().prepare(std::string(kRunColumns) + " ORDER BY r.id");
    if (!stmt) {
        return stmt.error();
    }
    std::vector<RunInfo> runs;
    for (;;) {
        auto row = stmt.value().step();
        if (!row) {
            return row.error();
        }
        if (!row.value()) {
            return runs;
        }
        auto info = readRun(stmt.value());
        if (!info) {
            return info.error();
        }
        runs.push_back(std::move(info).value());
    }
}

Result<RunInfo> runInfo(Session& session, std::int64_t run)
{
    auto stmt = session.database().prepare(std::string(kRunColumns) + " WHERE r.id = ?");
    if (!stmt) {
        return stmt.error();
    }
    auto row = stmt.value().bind(1, run).step();
    if (!row) {
        return row.error();
    }
    if (!row.value()) {
        return noSuchRun(session, run);
    }
    return readRun(stmt.value());
}

Result<Configuration> runConfiguration(Session& session, std::int64_t run)
{
    auto stmt = session.database().prepare("SELECT configuration FROM runs WHERE id = ?");
    if (!stmt) {
        return stmt.error();
    }
    auto row = stmt.value().bind(1, run).step();
    if (!row) {
        return row.error();
    }
    if (!row.value()) {
        return noSuchRun(session, run);
    }
    auto config = parseConfigurationJson(stmt.value().columnText(0));
    if (!config) {
        return makeError(ErrorCode::Corrupt,
                         "damaged configuration of run " + std::to_string(run) + ": " +
                             config.error().describe(),
                         session.path());
    }
    return config;
}

Result<Ok> renameRun(Session& session, std::int64_t run, const std::string& name)
{
    return updateRun(session, run, "UPDATE runs SET name = ? WHERE id = ?", name);
}

Result<Ok> setRunNotes(Session& session, std::int64_t run, const std::string& notes)
{
    return updateRun(session, run, "UPDATE runs SET notes = ? WHERE id = ?", notes);
}

Result<Ok> deleteRun(Session& session, std::int64_t run)
{
    if (auto ok = session.requireWritable(); !ok) {
        return ok.error();
    }
    if (auto info = runInfo(session, run); !info) {
        return info.error();
    }
    auto stmt = session.database().prepare("DELETE FROM runs WHERE id = ?");
    if (!stmt) {
        return stmt.error();
    }
    return stmt.value().bind(1, run).run(); // chunks, summaries and the rest cascade
}

Result<std::int64_t> resolveRun(Session& session, std::optional<std::int64_t> run)
{
    if (run) {
        if (auto info = runInfo(session, *run); !info) {
            return info.error();
        }
        return *run;
    }
    auto runs = listRuns(session);
    if (!runs) {
        return runs.error();
    }
    if (runs->size() == 1) {
        return runs->front().id;
    }
    if (runs->empty()) {
        return makeError(ErrorCode::NotFound, "the session has no runs", session.path());
    }
    std::string ids;
    for (const RunInfo& r : runs.value()) {
        ids += (ids.empty() ? "" : ", ") + std::to_string(r.id) + " (" + r.metadata.name + ")";
    }
    return makeError(ErrorCode::InvalidArgument,
                     "the session has " + std::to_string(runs->size()) +
                         " runs; choose one: " + ids,
                     session.path());
}

} // namespace xylem::store
