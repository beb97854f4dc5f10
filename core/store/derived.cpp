#include "core/store/derived.h"

#include "core/analysis/callmatrix.h"
#include "core/analysis/topology.h"
#include "core/model/configurationjson.h"
#include "core/model/tuplecheck.h"
#include "core/store/callcodec.h"
#include "core/store/tuplecodec.h"

#include <algorithm>
#include <string>

namespace xylem::store {

CallRecords callRecords(const Configuration& config, std::span<const Tuple> tuples)
{
    const CallMatrix matrix = CallMatrix::build(config, tuples);
    const Topology topology(config);
    CallRecords records;
    records.calls.reserve(static_cast<size_t>(matrix.completeCalls()));
    for (size_t r = 0; r < matrix.rowCount(); ++r) {
        if (matrix.isComplete(r)) {
            records.calls.push_back(callTimes(topology, matrix.row(r), matrix.seq(r)));
        }
    }
    records.incomplete = matrix.incompleteCalls();
    return records;
}

Result<Ok> writeCallChunk(Database& db, std::int64_t run, std::span<const CallTimes> calls)
{
    if (calls.empty()) {
        return Ok{};
    }
    const auto [lo, hi] =
        std::minmax_element(calls.begin(), calls.end(), [](const CallTimes& a, const CallTimes& b) {
            return a.startNs < b.startNs;
        });
    std::vector<std::uint8_t> bytes;
    encodeCallChunk(calls, bytes);
    auto insert = db.prepare("INSERT INTO call_chunks (run_id, call_count, first_ns, last_ns, "
                             "data) VALUES (?, ?, ?, ?, ?)");
    if (!insert) {
        return insert.error();
    }
    return insert.value()
        .bind(1, run)
        .bind(2, static_cast<std::int64_t>(calls.size()))
        .bind(3, lo->startNs)
        .bind(4, hi->startNs)
        .bindBlob(5, bytes)
        .run();
}

Result<Ok> writeSummaries(Database& db, std::int64_t run, const RunSummaryBuilder& summaries)
{
    auto clear = db.prepare("DELETE FROM summaries WHERE run_id = ?");
    if (!clear) {
        return clear.error();
    }
    if (auto ok = clear.value().bind(1, run).run(); !ok) {
        return ok.error();
    }
    auto insert = db.prepare("INSERT INTO summaries (run_id, series, level, width_ns, "
                             "first_bucket, data) VALUES (?, ?, ?, ?, ?, ?)");
    if (!insert) {
        return insert.error();
    }
    for (const auto& [series, levels] : summaries.build()) {
        for (const SummaryLevel& level : levels) {
            const std::vector<std::uint8_t> bytes = encodeBuckets(level.buckets);
            auto ok = insert.value()
                          .bind(1, run)
                          .bind(2, static_cast<std::int64_t>(series))
                          .bind(3, static_cast<std::int64_t>(level.level))
                          .bind(4, level.width)
                          .bind(5, level.firstIndex)
                          .bindBlob(6, bytes)
                          .run();
            if (!ok) {
                return ok.error();
            }
        }
    }
    return Ok{};
}

namespace {

Result<std::vector<Tuple>> storedTuples(Database& db, std::int64_t run, std::uint32_t wrappers)
{
    auto query = db.prepare("SELECT id, data FROM tuple_chunks WHERE run_id = ? ORDER BY id");
    if (!query) {
        return query.error();
    }
    query.value().bind(1, run);
    std::vector<Tuple> tuples;
    for (;;) {
        auto row = query.value().step();
        if (!row) {
            return row.error();
        }
        if (!row.value()) {
            return tuples;
        }
        if (auto ok = decodeTupleChunk(query.value().columnBlob(1), wrappers, tuples); !ok) {
            return makeError(ok.error().code, "run " + std::to_string(run) + ", tuple chunk " +
                                                  std::to_string(query.value().columnInt(0)) +
                                                  ": " + ok.error().message);
        }
    }
}

} // namespace

Result<Ok> rebuildDerived(Database& db, std::int64_t run, const char* status)
{
    auto configText = db.prepare("SELECT configuration FROM runs WHERE id = ?");
    if (!configText) {
        return configText.error();
    }
    auto row = configText.value().bind(1, run).step();
    if (!row) {
        return row.error();
    }
    auto config =
        parseConfigurationJson(row.value() ? configText.value().columnText(0) : std::string());
    if (!config) {
        return makeError(ErrorCode::Corrupt, "damaged configuration of run " + std::to_string(run));
    }
    auto tuples = storedTuples(db, run, static_cast<std::uint32_t>(config->wrapperCount()));
    if (!tuples) {
        return tuples.error();
    }
    if (const auto problem = findUnsafeTuple(config.value(), tuples.value())) {
        return makeError(ErrorCode::Corrupt, "damaged: run " + std::to_string(run) + ", tuple " +
                                                 std::to_string(problem->index + 1) + ": " +
                                                 problem->message);
    }
    return writeDerived(db, run, config.value(), tuples.value(), status);
}

Result<Ok> writeDerived(Database& db, std::int64_t run, const Configuration& config,
                        std::span<const Tuple> tuples, const char* status)
{
    const CallRecords records = callRecords(config, tuples);
    RunSummaryBuilder summaries(static_cast<size_t>(config.wrapperCount()));
    std::int64_t first = 0, last = 0;
    for (size_t i = 0; i < tuples.size(); ++i) {
        const Tuple& t = tuples[i];
        summaries.addTuple(t);
        first = i == 0 ? t.down : std::min(first, t.down);
        last = i == 0 ? t.up : std::max(last, t.up);
    }
    for (const CallTimes& c : records.calls) {
        summaries.addCall(c);
    }
    auto clear = db.prepare("DELETE FROM call_chunks WHERE run_id = ?");
    if (!clear) {
        return clear.error();
    }
    if (auto ok = clear.value().bind(1, run).run(); !ok) {
        return ok.error();
    }
    for (size_t at = 0; at < records.calls.size(); at += kCallsPerChunk) {
        const size_t n = std::min(kCallsPerChunk, records.calls.size() - at);
        if (auto ok = writeCallChunk(db, run, std::span(records.calls).subspan(at, n)); !ok) {
            return ok.error();
        }
    }
    if (auto ok = writeSummaries(db, run, summaries); !ok) {
        return ok.error();
    }
    auto update = db.prepare(
        "UPDATE runs SET tuple_count = ?, call_count = ?, incomplete_calls = ?, first_ns = ?, "
        "last_ns = ?, status = coalesce(?, status) WHERE id = ?");
    if (!update) {
        return update.error();
    }
    Statement& u = update.value();
    u.bind(1, static_cast<std::int64_t>(tuples.size()))
        .bind(2, static_cast<std::int64_t>(records.calls.size()))
        .bind(3, records.incomplete);
    if (tuples.empty()) {
        u.bindNull(4).bindNull(5);
    } else {
        u.bind(4, first).bind(5, last);
    }
    if (status) {
        u.bind(6, std::string_view(status));
    } else {
        u.bindNull(6);
    }
    return u.bind(7, run).run();
}

} // namespace xylem::store
