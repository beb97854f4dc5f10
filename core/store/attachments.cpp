#include "core/store/attachments.h"

namespace xylem::store {

namespace {

// Steps a query to its end, handing each row to read(statement).
template <typename Read> Result<Ok> eachRow(Statement& query, Read&& read)
{
    for (;;) {
        auto row = query.step();
        if (!row) {
            return row.error();
        }
        if (!row.value()) {
            return Ok{};
        }
        read(query);
    }
}

// Every row of query, each as make(statement) makes it.
template <typename Make>
auto allRows(Statement& query, Make&& make) -> Result<std::vector<decltype(make(query))>>
{
    std::vector<decltype(make(query))> rows;
    auto ok = eachRow(query, [&](const Statement& r) { rows.push_back(make(r)); });
    if (!ok) {
        return ok.error();
    }
    return rows;
}

} // namespace

Result<Ok> addSystemSamples(Session& session, std::int64_t run,
                            std::span<const SystemSample> samples)
{
    if (auto ok = session.requireWritable(); !ok) {
        return ok.error();
    }
    auto tx = Transaction::begin(session.database());
    if (!tx) {
        return tx.error();
    }
    // Prepared once per session: a recording stores its samples about once a poll.
    auto insert = session.cachedStatement(
        "INSERT INTO system_samples (run_id, host, metric, t_ns, value) VALUES (?, ?, ?, ?, ?)");
    if (!insert) {
        return insert.error();
    }
    for (const SystemSample& s : samples) {
        auto ok = insert.value()
                      ->bind(1, run)
                      .bindUnowned(2, std::string_view(s.host))
                      .bindUnowned(3, std::string_view(s.metric))
                      .bind(4, s.timeNs)
                      .bind(5, s.value)
                      .run();
        if (!ok) {
            return ok.error(); // a run that does not exist fails its foreign key here
        }
    }
    return tx.value().commit();
}

Result<std::vector<SystemSample>> systemSamples(Session& session, std::int64_t run,
                                                const std::string& metric,
                                                std::optional<TimeWindow> window)
{
    auto query =
        session.database().prepare("SELECT host, metric, t_ns, value FROM system_samples WHERE "
                                   "run_id = ?1 AND (?2 = '' OR metric = ?2) "
                                   "AND t_ns >= ?3 AND t_ns < ?4 ORDER BY t_ns, host, metric");
    if (!query) {
        return query.error();
    }
    const TimeWindow w = window.value_or(TimeWindow{std::numeric_limits<std::int64_t>::min(),
                                                    std::numeric_limits<std::int64_t>::max()});
    query.value().bind(1, run).bind(2, std::string_view(metric)).bind(3, w.fromNs).bind(4, w.toNs);
    std::vector<SystemSample> samples;
    auto ok = eachRow(query.value(), [&](const Statement& r) {
        samples.push_back(
            SystemSample{r.columnText(0), r.columnText(1), r.columnInt(2), r.columnDouble(3)});
    });
    if (!ok) {
        return ok.error();
    }
    return samples;
}

Result<Ok> setClockModel(Session& session, std::int64_t run, const std::string& host,
                         const std::string& modelJson)
{
    if (auto ok = session.requireWritable(); !ok) {
        return ok.error();
    }
    auto upsert = session.database().prepare(
        "INSERT INTO clock_models (run_id, host, model) VALUES (?, ?, ?) "
        "ON CONFLICT (run_id, host) DO UPDATE SET model = excluded.model");
    if (!upsert) {
        return upsert.error();
    }
    return upsert.value()
        .bind(1, run)
        .bind(2, std::string_view(host))
        .bind(3, std::string_view(modelJson))
        .run();
}

Result<std::vector<ClockModelRecord>> clockModels(Session& session, std::int64_t run)
{
    auto query = session.database().prepare(
        "SELECT host, model FROM clock_models WHERE run_id = ? ORDER BY host");
    if (!query) {
        return query.error();
    }
    query.value().bind(1, run);
    std::vector<ClockModelRecord> models;
    auto ok = eachRow(query.value(), [&](const Statement& r) {
        models.push_back({r.columnText(0), r.columnText(1)});
    });
    if (!ok) {
        return ok.error();
    }
    return models;
}

Result<std::int64_t> saveScope(Session& session, const std::string& name,
                               const std::string& definitionJson)
{
    if (auto ok = session.requireWritable(); !ok) {
        return ok.error();
    }
    auto insert = session.database().prepare("INSERT INTO scopes (name, definition) VALUES (?, ?)");
    if (!insert) {
        return insert.error();
    }
    if (auto ok = insert.value()
                      .bind(1, std::string_view(name))
                      .bind(2, std::string_view(definitionJson))
                      .run();
        !ok) {
        return ok.error();
    }
    return session.database().lastInsertId();
}

Result<std::vector<ScopeRecord>> scopes(Session& session)
{
    auto query = session.database().prepare("SELECT id, name, definition FROM scopes ORDER BY id");
    if (!query) {
        return query.error();
    }
    return allRows(query.value(), [](const Statement& r) {
        return ScopeRecord{r.columnInt(0), r.columnText(1), r.columnText(2)};
    });
}

Result<Ok> linkRunToScope(Session& session, std::int64_t run, std::int64_t scope)
{
    if (auto ok = session.requireWritable(); !ok) {
        return ok.error();
    }
    auto insert = session.database().prepare(
        "INSERT OR IGNORE INTO run_scopes (run_id, scope_id) VALUES (?, ?)");
    if (!insert) {
        return insert.error();
    }
    return insert.value().bind(1, run).bind(2, scope).run();
}

Result<std::vector<std::int64_t>> scopesOfRun(Session& session, std::int64_t run)
{
    auto query = session.database().prepare(
        "SELECT scope_id FROM run_scopes WHERE run_id = ? ORDER BY scope_id");
    if (!query) {
        return query.error();
    }
    query.value().bind(1, run);
    std::vector<std::int64_t> ids;
    auto ok = eachRow(query.value(), [&](const Statement& r) { ids.push_back(r.columnInt(0)); });
    if (!ok) {
        return ok.error();
    }
    return ids;
}

Result<std::vector<RunScopeLink>> runScopeLinks(Session& session)
{
    auto query = session.database().prepare(
        "SELECT l.scope_id, l.run_id, r.name FROM run_scopes l JOIN runs r ON r.id = l.run_id "
        "ORDER BY l.scope_id, l.run_id");
    if (!query) {
        return query.error();
    }
    return allRows(query.value(), [](const Statement& r) {
        return RunScopeLink{r.columnInt(0), r.columnInt(1), r.columnText(2)};
    });
}

Result<Ok> storeCachedResult(Session& session, std::int64_t run, const std::string& kind,
                             int engineVersion, const std::string& data)
{
    if (auto ok = session.requireWritable(); !ok) {
        return ok.error();
    }
    auto upsert = session.database().prepare(
        "INSERT INTO cached_results (run_id, kind, engine_version, data) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (run_id, kind) DO UPDATE SET engine_version = excluded.engine_version, data = "
        "excluded.data");
    if (!upsert) {
        return upsert.error();
    }
    const std::span<const std::uint8_t> bytes(reinterpret_cast<const std::uint8_t*>(data.data()),
                                              data.size());
    return upsert.value()
        .bind(1, run)
        .bind(2, std::string_view(kind))
        .bind(3, static_cast<std::int64_t>(engineVersion))
        .bindBlob(4, bytes)
        .run();
}

Result<std::optional<std::string>> cachedResult(Session& session, std::int64_t run,
                                                const std::string& kind, int engineVersion)
{
    auto query = session.database().prepare(
        "SELECT data FROM cached_results WHERE run_id = ? AND kind = ? AND engine_version = ?");
    if (!query) {
        return query.error();
    }
    auto row = query.value()
                   .bind(1, run)
                   .bind(2, std::string_view(kind))
                   .bind(3, static_cast<std::int64_t>(engineVersion))
                   .step();
    if (!row) {
        return row.error();
    }
    if (!row.value()) {
        return std::optional<std::string>();
    }
    const auto bytes = query.value().columnBlob(0);
    return std::optional<std::string>(std::string(bytes.begin(), bytes.end()));
}

} // namespace xylem::store
