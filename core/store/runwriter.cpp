#include "core/store/runwriter.h"

#include "core/analysis/calltimes.h"
#include "core/analysis/edgetimes.h"
#include "core/model/configurationjson.h"
#include "core/model/timespan.h"
#include "core/model/tuplecheck.h"
#include "core/store/derived.h"
#include "core/store/progress.h"
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

// What findUnsafeTuple() checks, tuple by tuple, but the span: a down of kEmptyDown would
// read as a slot no tuple filled.
bool wellFormed(const Tuple& t, const Topology& topology)
{
    return t.collector < static_cast<std::uint32_t>(topology.wrapperCount()) &&
           static_cast<int>(t.collector) != topology.root() && t.up >= t.down &&
           t.down != kEmptyDown;
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
    auto topology = std::make_shared<const Topology>(config);
    std::optional<CallAssembler> calls;
    if (pendingCalls > 0) {
        XYLEM_TRY(assembler,
                  CallAssembler::begin(session.database(), run.value(), topology, pendingCalls));
        calls.emplace(std::move(assembler).value());
    }
    return RunWriter(session, run.value(), std::move(topology), std::move(calls));
}

RunWriter::RunWriter(Session& session, std::int64_t run, std::shared_ptr<const Topology> topology,
                     std::optional<CallAssembler> calls)
    : m_session(&session)
    , m_run(run)
    , m_topology(std::move(topology))
    , m_calls(std::move(calls))
    , m_summaries(static_cast<size_t>(m_topology->wrapperCount()))
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
    XYLEM_TRY(insert, prepared(m_insertChunk, "INSERT INTO tuple_chunks (run_id, tuple_count, "
                                              "first_ns, last_ns, data) VALUES (?, ?, ?, ?, ?)"));
    auto ok = insert.value()
                  ->bind(1, m_run)
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

// A statement of every append, prepared at the first (preparing it anew was about a tenth of
// an append's own instructions).
Result<Statement*> RunWriter::prepared(std::optional<Statement>& statement, std::string_view sql)
{
    if (!statement) {
        XYLEM_TRY(made, m_session->database().prepare(sql));
        statement.emplace(std::move(made).value());
    }
    return &*statement;
}

// The tuples of a batch that are stored: acceptable ones, and (when calls are assembled here)
// not repeats of a (collector, seq) still assembling. Copies only when something is left out.
std::span<const Tuple> RunWriter::select(std::span<const Tuple> tuples, std::vector<Tuple>& kept)
{
    // The span is measured from the first well-formed tuple: one bad tuple first must not
    // make every later one look out of span.
    const auto isAcceptable = [&](const Tuple& t) {
        if (!wellFormed(t, *m_topology)) {
            return false;
        }
        m_reference = m_reference.value_or(t.down);
        return withinRunSpan(t, *m_reference);
    };
    kept.clear();
    if (!m_calls) {
        if (std::all_of(tuples.begin(), tuples.end(), isAcceptable)) {
            return tuples; // batches can be millions of tuples: no copy
        }
        for (const Tuple& t : tuples) {
            isAcceptable(t) ? kept.push_back(t) : void(++m_counters.rejected);
        }
        return kept;
    }
    for (const Tuple& t : tuples) {
        if (!isAcceptable(t)) {
            ++m_counters.rejected;
            continue;
        }
        if (!m_calls->add(t, m_summaries)) {
            ++m_counters.duplicates;
            continue;
        }
        m_summaries.addTuple(t);
        kept.push_back(t);
    }
    return kept;
}

// One transaction: the batch's tuples in chunks, the calls they completed, the run's counts.
// Taken a chunk at a time, so that what waits to be written stays bounded by the chunk.
Result<Ok> RunWriter::commit(std::span<const Tuple> tuples)
{
    Database& db = m_session->database();
    auto tx = Transaction::begin(db);
    if (!tx) {
        return tx.error();
    }
    for (size_t at = 0; at < tuples.size(); at += kTuplesPerChunk) {
        const auto slice = tuples.subspan(at, std::min(kTuplesPerChunk, tuples.size() - at));
        const std::span<const Tuple> stored = select(slice, m_kept);
        if (!stored.empty()) {
            XYLEM_TRY(chunk, storeChunk(stored));
        }
        if (m_calls) {
            XYLEM_TRY(calls, m_calls->store());
            m_counters.calls = m_calls->calls();
        }
    }
    XYLEM_TRY(update, prepared(m_updateRun, "UPDATE runs SET tuple_count = ?, first_ns = ?, "
                                            "last_ns = ? WHERE id = ?"));
    if (auto ok = update.value()
                      ->bind(1, m_counters.tuples)
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
    if (tuples.empty()) {
        return Ok{};
    }
    const WriterCounters before = m_counters;
    if (auto ok = commit(tuples); !ok) {
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
    // Rolled back on failure, but the assembly has been drained: the writer stops there too.
    if (auto ok = complete(); !ok) {
        m_failure = ok.error();
        return ok.error();
    }
    m_finished = true;
    return Ok{};
}

Result<Ok> RunWriter::complete()
{
    Database& db = m_session->database();
    XYLEM_TRY(tx, Transaction::begin(db));
    if (m_calls) {
        XYLEM_TRY(calls, m_calls->finish(m_summaries));
        m_counters.calls = m_calls->calls();
        m_counters.incomplete = m_calls->incompleteCalls();
    }
    XYLEM_TRY(summaries, writeSummaries(db, m_run, m_summaries));
    XYLEM_TRY(update, db.prepare("UPDATE runs SET status = 'complete', call_count = ?, "
                                 "incomplete_calls = ? WHERE id = ?"));
    XYLEM_TRY(updated, update.value()
                           .bind(1, m_counters.calls)
                           .bind(2, m_counters.incomplete)
                           .bind(3, m_run)
                           .run());
    return tx.value().commit();
}

Result<std::int64_t> importRun(Session& session, const Configuration& config,
                               std::span<const Tuple> tuples, const RunMetadata& metadata)
{
    return importRun(session, config, tuples, metadata, Progress{});
}

Result<std::int64_t> importRun(Session& session, const Configuration& config,
                               std::span<const Tuple> tuples, const RunMetadata& metadata,
                               const Progress& progress)
{
    if (const auto problem = findTupleProblem(config, tuples)) {
        return makeError(ErrorCode::InvalidTrace, problem->message,
                         "tuple " + std::to_string(problem->index + 1));
    }
    auto writer = RunWriter::begin(session, config, metadata, 0);
    if (!writer) {
        return writer.error();
    }
    // Watched imports commit in quarter batches: finer steps for a progress line, at the cost
    // of a few more commits.
    const size_t batch = progress ? kImportBatch / 4 : kImportBatch;
    const auto total = static_cast<std::int64_t>(tuples.size());
    for (size_t at = 0; at < tuples.size(); at += batch) {
        const size_t n = std::min(batch, tuples.size() - at);
        if (auto ok = writer.value().append(tuples.subspan(at, n)); !ok) {
            return ok.error();
        }
        if (progress) {
            progress(static_cast<std::int64_t>(at + n), total);
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
