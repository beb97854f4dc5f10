#include "core/store/storetables.h"

#include "core/store/attachments.h"
#include "core/store/mpitables.h"
#include "core/store/runcatalog.h"
#include "core/store/runloader.h"
#include "core/store/runsummary.h"
#include "core/store/timebuckets.h"

#include <array>

namespace xylem::store {

namespace {

Cell optionalInt(const std::optional<std::int64_t>& v)
{
    return v ? Cell(*v) : Cell();
}

Result<Table> runsTable(Session& session)
{
    auto runs = listRuns(session);
    if (!runs) {
        return runs.error();
    }
    Table t{"runs",
            {"id", "name", "status", "recorded_at", "source", "clock", "configuration", "threads",
             "tuples", "calls", "incomplete_calls", "first_ns", "last_ns", "stored_bytes", "notes"},
            {}};
    for (const RunInfo& r : runs.value()) {
        t.rows.push_back({r.id, r.metadata.name, std::string(toString(r.status)),
                          r.metadata.recordedAt, r.metadata.source, r.metadata.clock,
                          r.configurationName, std::int64_t(r.threads), r.tuples, r.calls,
                          r.incompleteCalls, optionalInt(r.firstNs), optionalInt(r.lastNs),
                          r.storedBytes, r.metadata.notes});
    }
    return t;
}

Result<Table> callsTable(Session& session, std::int64_t run)
{
    auto config = runConfiguration(session, run);
    auto calls = loadCalls(session, run);
    if (!config || !calls) {
        return config ? calls.error() : config.error();
    }
    Table t{"calls",
            {"seq", "start_ns", "operation_time_ns", "slowest_thread_time_ns", "slowest_thread"},
            {}};
    const auto& threads = config->threads();
    for (const CallTimes& c : calls.value()) {
        t.rows.push_back({c.seq, c.startNs, c.operationTime, c.slowestThreadTime,
                          config->wrapper(threads[static_cast<size_t>(c.slowestThread)]).id});
    }
    return t;
}

std::string seriesName(const Configuration& config, std::int64_t series)
{
    if (series == kOperationSeries) {
        return "operation time";
    }
    if (series == kSlowestThreadSeries) {
        return "slowest-thread time";
    }
    return series < config.wrapperCount() ? config.wrapper(static_cast<int>(series)).id : "?";
}

Result<Table> summaryTable(Session& session, std::int64_t run)
{
    auto config = runConfiguration(session, run);
    if (!config) {
        return config.error();
    }
    auto query =
        session.database().prepare("SELECT series, level, width_ns, first_bucket, data FROM "
                                   "summaries WHERE run_id = ? ORDER BY series, level");
    if (!query) {
        return query.error();
    }
    query.value().bind(1, run);
    Table t{"summary",
            {"series", "level", "start_ns", "end_ns", "count", "min_ns", "max_ns", "mean_ns"},
            {}};
    for (;;) {
        auto row = query.value().step();
        if (!row) {
            return row.error();
        }
        if (!row.value()) {
            return t;
        }
        const Statement& r = query.value();
        const std::int64_t width = r.columnInt(2);
        const std::vector<SummaryBucket> buckets = decodeBuckets(r.columnBlob(4));
        for (size_t i = 0; i < buckets.size(); ++i) {
            if (buckets[i].count == 0) {
                continue;
            }
            const std::int64_t start = (r.columnInt(3) + static_cast<std::int64_t>(i)) * width;
            t.rows.push_back({seriesName(config.value(), r.columnInt(0)), r.columnInt(1), start,
                              start + width, buckets[i].count, buckets[i].min, buckets[i].max,
                              buckets[i].sum / static_cast<double>(buckets[i].count)});
        }
    }
}

Result<Table> samplesTable(Session& session, std::int64_t run)
{
    auto samples = systemSamples(session, run);
    if (!samples) {
        return samples.error();
    }
    Table t{"system_samples", {"host", "metric", "t_ns", "value"}, {}};
    for (const SystemSample& s : samples.value()) {
        t.rows.push_back({s.host, s.metric, s.timeNs, s.value});
    }
    return t;
}

Result<Table> clockModelsTable(Session& session, std::int64_t run)
{
    auto models = clockModels(session, run);
    if (!models) {
        return models.error();
    }
    Table t{"clock_models", {"host", "model"}, {}};
    for (const ClockModelRecord& m : models.value()) {
        t.rows.push_back({m.host, m.modelJson});
    }
    return t;
}

Result<Table> scopesTable(Session& session)
{
    auto records = scopes(session);
    if (!records) {
        return records.error();
    }
    Table t{"scopes", {"id", "name", "definition"}, {}};
    for (const ScopeRecord& s : records.value()) {
        t.rows.push_back({s.id, s.name, s.definitionJson});
    }
    return t;
}

constexpr std::array<std::string_view, 8> kNames{"runs",           "calls",        "summary",
                                                 "system_samples", "clock_models", "scopes",
                                                 "mpi_ranks",      "mpi_events"};

} // namespace

std::vector<std::string_view> storeTableNames()
{
    return {kNames.begin(), kNames.end()};
}

bool storeTableNeedsRun(std::string_view name)
{
    return name != "runs" && name != "scopes";
}

Result<Table> storeTable(Session& session, std::string_view name, std::optional<std::int64_t> run)
{
    if (name == "runs") {
        return runsTable(session);
    }
    if (name == "scopes") {
        return scopesTable(session);
    }
    auto resolved = resolveRun(session, run);
    if (!resolved) {
        return resolved.error();
    }
    if (name == "calls") {
        return callsTable(session, resolved.value());
    }
    if (name == "summary") {
        return summaryTable(session, resolved.value());
    }
    if (name == "system_samples") {
        return samplesTable(session, resolved.value());
    }
    if (name == "clock_models") {
        return clockModelsTable(session, resolved.value());
    }
    if (name == "mpi_ranks") {
        return mpiRanksTable(session, resolved.value());
    }
    if (name == "mpi_events") {
        return mpiEventsTable(session, resolved.value());
    }
    return makeError(ErrorCode::NotFound, "no table '" + std::string(name) + "'");
}

} // namespace xylem::store
