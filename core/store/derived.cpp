#include "core/store/derived.h"

#include "core/analysis/callmatrix.h"
#include "core/analysis/topology.h"
#include "core/model/configurationjson.h"
#include "core/model/int128.h"
#include "core/model/timespan.h"
#include "core/model/tuplecheck.h"
#include "core/store/callassembler.h"
#include "core/store/callcodec.h"
#include "core/store/tuplecodec.h"

#include <algorithm>
#include <memory>
#include <optional>
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

// What the runs row says of its tuples and calls.
struct RunCounts
{
    std::int64_t tuples = 0;
    std::int64_t calls = 0;
    std::int64_t incomplete = 0;
    std::int64_t firstNs = 0; // of tuples > 0 only
    std::int64_t lastNs = 0;

    void addTuple(const Tuple& t)
    {
        firstNs = tuples == 0 ? t.down : std::min(firstNs, t.down);
        lastNs = tuples == 0 ? t.up : std::max(lastNs, t.up);
        ++tuples;
    }
};

Result<Ok> updateRun(Database& db, std::int64_t run, const RunCounts& counts, const char* status)
{
    XYLEM_TRY(update, db.prepare("UPDATE runs SET tuple_count = ?, call_count = ?, "
                                 "incomplete_calls = ?, first_ns = ?, last_ns = ?, "
                                 "status = coalesce(?, status) WHERE id = ?"));
    Statement& u = update.value();
    u.bind(1, counts.tuples).bind(2, counts.calls).bind(3, counts.incomplete);
    if (counts.tuples == 0) {
        u.bindNull(4).bindNull(5);
    } else {
        u.bind(4, counts.firstNs).bind(5, counts.lastNs);
    }
    if (status) {
        u.bind(6, std::string_view(status));
    } else {
        u.bindNull(6);
    }
    return u.bind(7, run).run();
}

Result<Configuration> storedConfiguration(Database& db, std::int64_t run)
{
    XYLEM_TRY(query, db.prepare("SELECT configuration FROM runs WHERE id = ?"));
    XYLEM_TRY(row, query.value().bind(1, run).step());
    auto config = parseConfigurationJson(row.value() ? query.value().columnText(0) : std::string());
    if (!config) {
        return makeError(ErrorCode::Corrupt, "damaged configuration of run " + std::to_string(run));
    }
    return std::move(config).value();
}

Result<Ok> clearCalls(Database& db, std::int64_t run)
{
    XYLEM_TRY(clear, db.prepare("DELETE FROM call_chunks WHERE run_id = ?"));
    return clear.value().bind(1, run).run();
}

// The stored tuples of a run, a chunk at a time in the order they were stored; each chunk
// checked as loadRun checks a whole run (findUnsafeTuple), the spread over all of them too.
class StoredTuples
{
public:
    StoredTuples(Database& db, std::int64_t run, const Configuration& config)
        : m_db(db)
        , m_run(run)
        , m_config(config)
    {
    }

    // Calls take(chunk) for each chunk.
    template <typename Take> Result<Ok> each(Take take)
    {
        XYLEM_TRY(query, m_db.prepare("SELECT id, data FROM tuple_chunks WHERE run_id = ? "
                                      "ORDER BY id"));
        query.value().bind(1, m_run);
        for (;;) {
            XYLEM_TRY(row, query.value().step());
            if (!row.value()) {
                return Ok{};
            }
            XYLEM_TRY(chunk, decode(query.value()));
            XYLEM_TRY(taken, take(std::span<const Tuple>(m_chunk)));
        }
    }

private:
    Result<Ok> decode(const Statement& row)
    {
        m_chunk.clear();
        const auto wrappers = static_cast<std::uint32_t>(m_config.wrapperCount());
        if (auto ok = decodeTupleChunk(row.columnBlob(1), wrappers, m_chunk); !ok) {
            return makeError(ok.error().code, "run " + std::to_string(m_run) + ", tuple chunk " +
                                                  std::to_string(row.columnInt(0)) + ": " +
                                                  ok.error().message);
        }
        auto problem = findUnsafeTuple(m_config, m_chunk);
        for (const Tuple& t : m_chunk) {
            m_earliest = std::min(m_earliest.value_or(t.down), t.down);
            m_latest = std::max(m_latest.value_or(t.up), t.up);
        }
        if (!problem && m_earliest &&
            static_cast<Int128>(*m_latest) - *m_earliest > kMaxRunSpanNs) {
            problem = TupleProblem{0, 0, "timestamps spread over more than 2^61 ns (73 years)"};
        }
        if (problem) {
            return makeError(ErrorCode::Corrupt, "damaged: run " + std::to_string(m_run) +
                                                     ", tuple " +
                                                     std::to_string(m_seen + problem->index + 1) +
                                                     ": " + problem->message);
        }
        m_seen += m_chunk.size();
        return Ok{};
    }

    Database& m_db;
    std::int64_t m_run;
    const Configuration& m_config;
    std::vector<Tuple> m_chunk;
    size_t m_seen = 0;
    std::optional<std::int64_t> m_earliest;
    std::optional<std::int64_t> m_latest;
};

} // namespace

Result<Ok> rebuildDerived(Database& db, std::int64_t run, const char* status)
{
    XYLEM_TRY(config, storedConfiguration(db, run));
    XYLEM_TRY(cleared, clearCalls(db, run));
    XYLEM_TRY(calls, CallAssembler::begin(db, run, std::make_shared<const Topology>(*config)));
    RunSummaryBuilder summaries(static_cast<size_t>(config->wrapperCount()));
    RunCounts counts;
    XYLEM_TRY(read, StoredTuples(db, run, config.value()).each([&](std::span<const Tuple> chunk) {
        for (const Tuple& t : chunk) {
            (void)calls->add(t, summaries); // a repeat is stored, but only its first tuple
                                            // makes the call
            summaries.addTuple(t);
            counts.addTuple(t);
        }
        return calls->store();
    }));
    XYLEM_TRY(finished, calls->finish(summaries));
    counts.calls = calls->calls();
    counts.incomplete = calls->incompleteCalls();
    XYLEM_TRY(written, writeSummaries(db, run, summaries));
    return updateRun(db, run, counts, status);
}

Result<Ok> writeDerived(Database& db, std::int64_t run, const Configuration& config,
                        std::span<const Tuple> tuples, const char* status)
{
    const CallRecords records = callRecords(config, tuples);
    RunSummaryBuilder summaries(static_cast<size_t>(config.wrapperCount()));
    RunCounts counts;
    for (const Tuple& t : tuples) {
        summaries.addTuple(t);
        counts.addTuple(t);
    }
    for (const CallTimes& c : records.calls) {
        summaries.addCall(c);
    }
    XYLEM_TRY(cleared, clearCalls(db, run));
    for (size_t at = 0; at < records.calls.size(); at += kCallsPerChunk) {
        const size_t n = std::min(kCallsPerChunk, records.calls.size() - at);
        XYLEM_TRY(chunk, writeCallChunk(db, run, std::span(records.calls).subspan(at, n)));
    }
    XYLEM_TRY(written, writeSummaries(db, run, summaries));
    counts.calls = static_cast<std::int64_t>(records.calls.size());
    counts.incomplete = records.incomplete;
    return updateRun(db, run, counts, status);
}

} // namespace xylem::store
