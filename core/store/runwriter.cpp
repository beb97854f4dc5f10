#include "core/store/runwriter.h"

#include "core/analysis/calltimes.h"
#include "core/model/configurationjson.h"
#include "core/model/timespan.h"
#include "core/model/tuplecheck.h"
#include "core/store/derived.h"
#include "core/store/tuplecodec.h"

#include <algorithm>
#include <chrono>
#include <ctime>

namespace xylem::store {

namespace {

constexpr size_t kImportBatch = 1 << 20; // tuples per committed transaction when importing

std::string nowIso8601()
{
    const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm utc{};
    gmtime_r(&now, &utc);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return buf;
}

Result<std::int64_t> insertRun(Database& db, const Configuration& config, const RunMetadata& m)
{
    auto insert = db.prepare(
        "INSERT INTO runs (name, configuration, recorded_at, source, clock, notes, status) "
        "VALUES (?, ?, ?, ?, ?, ?, 'recording')");
    if (!insert) {
        return insert.error();
    }
    const std::string name = m.name.empty() ? config.name() : m.name;
    const std::string when = m.recordedAt.empty() ? nowIso8601() : m.recordedAt;
    auto ok = insert.value()
                  .bind(1, std::string_view(name))
                  .bind(2, std::string_view(configurationToJson(config)))
                  .bind(3, std::string_view(when))
                  .bind(4, std::string_view(m.source))
                  .bind(5, std::string_view(m.clock))
                  .bind(6, std::string_view(m.notes))
                  .run();
    if (!ok) {
        return ok.error();
    }
    return db.lastInsertId();
}

bool acceptable(const Tuple& t, const Topology& topology, std::int64_t reference)
{
    return t.collector < static_cast<std::uint32_t>(topology.wrapperCount()) &&
           static_cast<int>(t.collector) != topology.root() && t.up >= t.down &&
           withinRunSpan(t, reference);
}

} // namespace

Result<RunWriter> RunWriter::begin(Session& session, const Configuration& config,
                                   const RunMetadata& metadata, size_t pendingCalls)
{
    if (auto ok = session.requireWritable(); !ok) {
        return ok.error();
    }
    auto run =
        insertRun(session.database(), config, metadata); // autocommit: the run exists at once
    if (!run) {
        return run.error();
    }
    return RunWriter(session, run.value(), config, pendingCalls);
}

RunWriter::RunWriter(Session& session, std::int64_t run, const Configuration& config,
                     size_t pendingCalls)
    : m_session(&session)
    , m_run(run)
    , m_topology(std::make_shared<const Topology>(config))
    , m_pending(static_cast<size_t>(config.wrapperCount()),
                static_cast<std::uint32_t>(config.collectorCount()), pendingCalls)
    , m_summaries(static_cast<size_t>(config.wrapperCount()))
    , m_assembleCalls(pendingCalls > 0)
{
}

Result<Ok> RunWriter::storeChunk(std::span<const Tuple> chunk)
{
    std::int64_t first = chunk.front().down;
    std::int64_t last = chunk.front().up;
    for (const Tuple& t : chunk) {
        first = std::min(first, t.down);
        last = std::max(last, t.up);
    }
    encodeTupleChunk(chunk, m_encoded);
    auto insert = m_session->database().prepare("INSERT INTO tuple_chunks (run_id, tuple_count, "
                                                "first_ns, last_ns, data) VALUES (?, ?, ?, ?, ?)");
    if (!insert) {
        return insert.error();
    }
    auto ok = insert.value()
                  .bind(1, m_run)
                  .bind(2, static_cast<std::int64_t>(chunk.size()))
                  .bind(3, first)
                  .bind(4, last)
                  .bindBlob(5, m_encoded)
                  .run();
    if (!ok) {
        return ok.error();
    }
    m_firstNs = m_counters.tuples == 0 ? first : std::min(m_firstNs, first);
    m_lastNs = m_counters.tuples == 0 ? last : std::max(m_lastNs, last);
    m_counters.tuples += static_cast<std::int64_t>(chunk.size());
    return Ok{};
}

// The tuples of a batch that are stored: acceptable ones, and (when calls are assembled here)
// not repeats of a (collector, seq) already seen. Copies only when something is left out.
std::span<const Tuple> RunWriter::select(std::span<const Tuple> tuples, std::vector<Tuple>& kept)
{
    if (!m_reference && !tuples.empty()) {
        m_reference = tuples.front().down;
    }
    const auto isAcceptable = [&](const Tuple& t) {
        return acceptable(t, *m_topology, *m_reference);
    };
    if (!m_assembleCalls) {
        if (std::all_of(tuples.begin(), tuples.end(), isAcceptable)) {
            return tuples; // batches can be millions of tuples: no copy
        }
        for (const Tuple& t : tuples) {
            isAcceptable(t) ? kept.push_back(t) : void(++m_counters.rejected);
        }
        return kept;
    }
    kept.reserve(tuples.size());
    for (const Tuple& t : tuples) {
        if (!isAcceptable(t)) {
            ++m_counters.rejected;
            continue;
        }
        const PendingCalls::Outcome outcome = m_pending.add(t);
        if (outcome == PendingCalls::Outcome::Duplicate) {
            ++m_counters.duplicates;
            continue;
        }
        if (outcome == PendingCalls::Outcome::Completed) {
            m_unwrittenCalls.push_back(callTimes(*m_topology, m_pending.completedRow(), t.seq));
            m_summaries.addCall(m_unwrittenCalls.back());
            ++m_counters.calls;
        }
        m_summaries.addTuple(t);
        kept.push_back(t);
    }
    return kept;
}

Result<Ok> RunWriter::commit(std::span<const Tuple> tuples)
{
    Database& db = m_session->database();
    auto tx = Transaction::begin(db);
    if (!tx) {
        return tx.error();
    }
    for (size_t at = 0; at < tuples.size(); at += kTuplesPerChunk) {
        if (auto ok = storeChunk(tuples.subspan(at, std::min(kTuplesPerChunk, tuples.size() - at)));
            !ok) {
            return ok.error();
        }
    }
    auto update =
        db.prepare("UPDATE runs SET tuple_count = ?, first_ns = ?, last_ns = ? WHERE id = ?");
    if (!update) {
        return update.error();
    }
    if (auto ok = update.value()
                      .bind(1, m_counters.tuples)
                      .bind(2, m_firstNs)
                      .bind(3, m_lastNs)
                      .bind(4, m_run)
                      .run();
        !ok) {
        return ok.error();
    }
    return tx.value().commit();
}

Result<Ok> RunWriter::append(std::span<const Tuple> tuples)
{
    if (m_finished) {
        return makeError(ErrorCode::InvalidArgument,
                         "run " + std::to_string(m_run) + " is already finished");
    }
    if (m_failure) {
        return *m_failure;
    }
    std::vector<Tuple> kept;
    const std::span<const Tuple> stored = select(tuples, kept);
    if (stored.empty()) {
        return Ok{};
    }
    const WriterCounters before = m_counters;
    if (auto ok = commit(stored); !ok) {
        // Rolled back: nothing of this batch is in the file. The calls assembled from it are,
        // though, in memory: stop here rather than record calls whose tuples were lost.
        m_counters = before;
        Error e = ok.error();
        e.message = "run " + std::to_string(m_run) + ": " + e.message;
        m_failure = makeError(
            e.code, "the recording stopped after an earlier failure: " + e.message, e.where);
        return e;
    }
    return Ok{};
}

Result<Ok> RunWriter::finish()
{
    if (m_finished) {
        return Ok{};
    }
    if (m_failure) {
        return *m_failure; // the run stays "recording"; recoverInterruptedRuns() keeps what was
                           // stored
    }
    Database& db = m_session->database();
    auto tx = Transaction::begin(db);
    if (!tx) {
        return tx.error();
    }
    std::sort(m_unwrittenCalls.begin(), m_unwrittenCalls.end(),
              [](const CallTimes& a, const CallTimes& b) { return a.seq < b.seq; });
    for (size_t at = 0; at < m_unwrittenCalls.size(); at += kCallsPerChunk) {
        const size_t n = std::min(kCallsPerChunk, m_unwrittenCalls.size() - at);
        if (auto ok = writeCallChunk(db, m_run, std::span(m_unwrittenCalls).subspan(at, n)); !ok) {
            return ok.error();
        }
    }
    if (auto ok = writeSummaries(db, m_run, m_summaries); !ok) {
        return ok.error();
    }
    auto update = db.prepare(
        "UPDATE runs SET status = 'complete', call_count = ?, incomplete_calls = ? WHERE id = ?");
    if (!update) {
        return update.error();
    }
    const std::int64_t incomplete = m_pending.evictedCalls() + m_pending.pendingCalls();
    if (auto ok = update.value().bind(1, m_counters.calls).bind(2, incomplete).bind(3, m_run).run();
        !ok) {
        return ok.error();
    }
    if (auto ok = tx.value().commit(); !ok) {
        return ok.error();
    }
    m_unwrittenCalls.clear();
    m_finished = true;
    return Ok{};
}

Result<std::int64_t> importRun(Session& session, const Configuration& config,
                               std::span<const Tuple> tuples, const RunMetadata& metadata)
{
    if (const auto problem = findTupleProblem(config, tuples)) {
        return makeError(ErrorCode::InvalidTrace, problem->message,
                         "tuple " + std::to_string(problem->index + 1));
    }
    auto writer = RunWriter::begin(session, config, metadata, 0);
    if (!writer) {
        return writer.error();
    }
    for (size_t at = 0; at < tuples.size(); at += kImportBatch) {
        if (auto ok = writer.value().append(
                tuples.subspan(at, std::min(kImportBatch, tuples.size() - at)));
            !ok) {
            return ok.error();
        }
    }
    // Calls are matched over the whole run, whatever the order of the rows.
    auto tx = Transaction::begin(session.database());
    if (!tx) {
        return tx.error();
    }
    if (auto ok = writeDerived(session.database(), writer->run(), config, tuples, "complete");
        !ok) {
        return ok.error();
    }
    if (auto ok = tx.value().commit(); !ok) {
        return ok.error();
    }
    return writer->run();
}

Result<std::vector<std::int64_t>> recoverInterruptedRuns(Session& session)
{
    if (auto ok = session.requireWritable(); !ok) {
        return ok.error();
    }
    auto query =
        session.database().prepare("SELECT id FROM runs WHERE status = 'recording' ORDER BY id");
    if (!query) {
        return query.error();
    }
    std::vector<std::int64_t> runs;
    for (;;) {
        auto row = query.value().step();
        if (!row) {
            return row.error();
        }
        if (!row.value()) {
            break;
        }
        runs.push_back(query.value().columnInt(0));
    }
    for (const std::int64_t run : runs) {
        auto tx = Transaction::begin(session.database());
        if (!tx) {
            return tx.error();
        }
        if (auto ok = rebuildDerived(session.database(), run, "interrupted"); !ok) {
            return ok.error();
        }
        if (auto ok = tx.value().commit(); !ok) {
            return ok.error();
        }
    }
    return runs;
}

} // namespace xylem::store
