#include "core/store/runloader.h"

#include "core/model/tuplecheck.h"
#include "core/store/callcodec.h"
#include "core/store/progress.h"
#include "core/store/runcatalog.h"
#include "core/store/tuplecodec.h"

#include <algorithm>

namespace xylem::store {

namespace {

Error chunkError(Session& session, const char* kind, std::int64_t chunk, const Error& e)
{
    return makeError(e.code, std::string(kind) + " " + std::to_string(chunk) + ": " + e.message,
                     session.path());
}

// Decodes every chunk the query returns (columns: id, data) with decode(bytes, out).
template <typename Item, typename Decode>
Result<std::vector<Item>> decodeChunks(Session& session, Statement& query, const char* kind,
                                       size_t expected, Decode&& decode,
                                       const Progress& progress = {})
{
    std::vector<Item> items;
    items.reserve(expected);
    for (;;) {
        auto row = query.step();
        if (!row) {
            return row.error();
        }
        if (!row.value()) {
            return items;
        }
        if (auto ok = decode(query.columnBlob(1), items); !ok) {
            return chunkError(session, kind, query.columnInt(0), ok.error());
        }
        if (progress) {
            progress(static_cast<std::int64_t>(items.size()), static_cast<std::int64_t>(expected));
        }
    }
}

Result<std::vector<Tuple>> tuplesFrom(Session& session, std::int64_t run, Statement& query,
                                      size_t expected, const Progress& progress = {})
{
    auto config = runConfiguration(session, run);
    if (!config) {
        return config.error();
    }
    const auto wrappers = static_cast<std::uint32_t>(config->wrapperCount());
    return decodeChunks<Tuple>(session, query, "tuple chunk", expected,
                               [&](std::span<const std::uint8_t> bytes, std::vector<Tuple>& out) {
                                   return decodeTupleChunk(bytes, wrappers, out);
                               },
                               progress);
}

Result<std::vector<CallTimes>> callsFrom(Session& session, std::int64_t run, Statement& query)
{
    auto config = runConfiguration(session, run);
    if (!config) {
        return config.error();
    }
    const auto threads = static_cast<std::uint32_t>(config->threads().size());
    auto calls = decodeChunks<CallTimes>(
        session, query, "call chunk", 0,
        [&](std::span<const std::uint8_t> bytes, std::vector<CallTimes>& out) {
            return decodeCallChunk(bytes, threads, out);
        });
    if (calls) {
        std::sort(calls.value().begin(), calls.value().end(),
                  [](const CallTimes& a, const CallTimes& b) { return a.seq < b.seq; });
    }
    return calls;
}

} // namespace

Result<std::vector<Tuple>> loadTuples(Session& session, std::int64_t run)
{
    return loadTuples(session, run, Progress{});
}

Result<std::vector<Tuple>> loadTuples(Session& session, std::int64_t run, const Progress& progress)
{
    auto info = runInfo(session, run);
    if (!info) {
        return info.error();
    }
    auto query = session.database().prepare(
        "SELECT id, data FROM tuple_chunks WHERE run_id = ? ORDER BY id");
    if (!query) {
        return query.error();
    }
    query.value().bind(1, run);
    // The count is a number in the file: it sizes the reservation only as far as the stored
    // bytes can hold that many tuples (a damaged 2^31 would exhaust memory, 2^62 throw).
    const std::int64_t fits = info->storedBytes / static_cast<std::int64_t>(kMinTupleBytes);
    const auto expected = std::clamp<std::int64_t>(info->tuples, 0, fits);
    auto tuples =
        tuplesFrom(session, run, query.value(), static_cast<size_t>(expected), progress);
    // The run's count is written in the same transaction as its chunks: a difference means
    // damage to the file (a lost chunk row, a broken index, an edit), not a partial write.
    if (tuples && static_cast<std::int64_t>(tuples->size()) != info->tuples) {
        return makeError(ErrorCode::Corrupt,
                         "damaged: run " + std::to_string(run) + " records " +
                             std::to_string(info->tuples) + " tuples but " +
                             std::to_string(tuples->size()) +
                             " are stored (use a copy of the session from before the damage)",
                         session.path());
    }
    return tuples;
}

Result<Run> loadRun(Session& session, std::int64_t run)
{
    return loadRun(session, run, Progress{});
}

Result<Run> loadRun(Session& session, std::int64_t run, const Progress& progress)
{
    auto config = runConfiguration(session, run);
    if (!config) {
        return config.error();
    }
    auto tuples = loadTuples(session, run, progress);
    if (!tuples) {
        return tuples.error();
    }
    // Stored tuples passed these rules when written; a file that breaks them was tampered with
    // or damaged, and the engine must not see it.
    if (const auto problem = findUnsafeTuple(config.value(), tuples.value())) {
        return makeError(ErrorCode::Corrupt,
                         "damaged: run " + std::to_string(run) + ", tuple " +
                             std::to_string(problem->index + 1) + ": " + problem->message,
                         session.path());
    }
    return Run{std::move(config).value(), std::move(tuples).value()};
}

Result<std::vector<Tuple>> loadTuplesIn(Session& session, std::int64_t run, TimeWindow window)
{
    auto query = session.database().prepare("SELECT id, data FROM tuple_chunks WHERE run_id = ? "
                                            "AND first_ns < ? AND last_ns >= ? ORDER BY id");
    if (!query) {
        return query.error();
    }
    query.value().bind(1, run).bind(2, window.toNs).bind(3, window.fromNs);
    auto tuples = tuplesFrom(session, run, query.value(), 0);
    if (tuples) {
        std::erase_if(tuples.value(), [&](const Tuple& t) {
            return t.down < window.fromNs || t.down >= window.toNs;
        });
    }
    return tuples;
}

Result<std::vector<CallTimes>> loadCalls(Session& session, std::int64_t run)
{
    auto query =
        session.database().prepare("SELECT id, data FROM call_chunks WHERE run_id = ? ORDER BY id");
    if (!query) {
        return query.error();
    }
    query.value().bind(1, run);
    return callsFrom(session, run, query.value());
}

Result<std::vector<CallTimes>> loadCallsIn(Session& session, std::int64_t run, TimeWindow window)
{
    auto query = session.database().prepare("SELECT id, data FROM call_chunks WHERE run_id = ? AND "
                                            "first_ns < ? AND last_ns >= ? ORDER BY id");
    if (!query) {
        return query.error();
    }
    query.value().bind(1, run).bind(2, window.toNs).bind(3, window.fromNs);
    auto calls = callsFrom(session, run, query.value());
    if (calls) {
        std::erase_if(calls.value(), [&](const CallTimes& c) {
            return c.startNs < window.fromNs || c.startNs >= window.toNs;
        });
    }
    return calls;
}

} // namespace xylem::store
