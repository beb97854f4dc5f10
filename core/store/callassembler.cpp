#include "core/store/callassembler.h"

#include "core/analysis/calltimes.h"
#include "core/store/derived.h"

#include <algorithm>

namespace xylem::store {

Result<CallAssembler> CallAssembler::begin(Database& db, std::int64_t run,
                                           std::shared_ptr<const Topology> topology, size_t window)
{
    const auto width = static_cast<size_t>(topology->wrapperCount());
    XYLEM_TRY(stragglers, StragglerStore::create(db, run, width));
    return CallAssembler(db, run, std::move(topology), window, std::move(stragglers).value());
}

CallAssembler::CallAssembler(Database& db, std::int64_t run,
                             std::shared_ptr<const Topology> topology, size_t window,
                             StragglerStore stragglers)
    : m_db(&db)
    , m_run(run)
    , m_topology(std::move(topology))
    , m_window(static_cast<size_t>(m_topology->wrapperCount()),
               static_cast<std::uint32_t>(m_topology->wrapperCount() - 1), window)
    , m_stragglers(std::move(stragglers))
{
}

bool CallAssembler::add(const Tuple& tuple)
{
    Leaving leaving(*this);
    switch (m_window.add(tuple, &leaving)) {
    case PendingCalls::Outcome::Duplicate:
        return false;
    case PendingCalls::Outcome::Late:
        m_stragglers.addTuple(tuple);
        return true;
    case PendingCalls::Outcome::Stored:
    case PendingCalls::Outcome::Completed:
        break;
    }
    return true;
}

void CallAssembler::left(std::int64_t seq, const EdgeTimes* row, bool complete)
{
    if (complete) {
        m_ready.push_back(callTimes(*m_topology, row, seq));
        m_stragglers.settled(seq);
    } else {
        m_stragglers.addPiece(seq, row);
    }
}

void CallAssembler::record(const CallTimes& call, RunSummaryBuilder& summaries)
{
    summaries.addCall(call);
    m_unwritten.push_back(call);
    ++m_calls;
}

// Whole chunks of kCallsPerChunk calls; with `all`, the last part-filled one too.
Result<Ok> CallAssembler::writeChunks(bool all)
{
    size_t at = 0;
    while (m_unwritten.size() - at >= kCallsPerChunk || (all && at < m_unwritten.size())) {
        const size_t n = std::min(kCallsPerChunk, m_unwritten.size() - at);
        XYLEM_TRY(ok, writeCallChunk(*m_db, m_run, std::span(m_unwritten).subspan(at, n)));
        at += n;
    }
    m_unwritten.erase(m_unwritten.begin(), m_unwritten.begin() + static_cast<long>(at));
    return Ok{};
}

Result<Ok> CallAssembler::store(RunSummaryBuilder& summaries)
{
    for (const CallTimes& call : m_ready) {
        record(call, summaries);
    }
    m_ready.clear();
    XYLEM_TRY(written, writeChunks(false));
    return m_stragglers.store();
}

Result<Ok> CallAssembler::finish(RunSummaryBuilder& summaries)
{
    Leaving leaving(*this);
    m_window.drain(&leaving);
    XYLEM_TRY(stored, store(summaries));
    // Calls completed by late tuples come in seq order, in chunks after the window's calls (the
    // readers order calls by seq, runloader.h).
    XYLEM_TRY(outcome,
              m_stragglers.resolve(static_cast<std::uint32_t>(m_topology->wrapperCount() - 1),
                                   [&](std::int64_t seq, const EdgeTimes* row) -> Result<Ok> {
                                       record(callTimes(*m_topology, row, seq), summaries);
                                       return writeChunks(false);
                                   }));
    m_incomplete = outcome->incomplete;
    return writeChunks(true);
}

} // namespace xylem::store
