#include "core/store/callassembler.h"

#include "core/analysis/calltimes.h"
#include "core/store/derived.h"

#include <algorithm>
#include <bit>

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
    // PendingCalls' capacity: a call's slot there is its seq modulo it.
    , m_completed(std::bit_ceil(std::max<size_t>(window, 2)))
    , m_mask(m_completed.size() - 1)
{
}

bool CallAssembler::add(const Tuple& tuple, RunSummaryBuilder& summaries)
{
    Leaving leaving(*this);
    switch (m_window.add(tuple, &leaving)) {
    case PendingCalls::Outcome::Duplicate:
        return false;
    case PendingCalls::Outcome::Late:
        m_stragglers.addTuple(tuple);
        return true;
    case PendingCalls::Outcome::Stored:
        return true;
    case PendingCalls::Outcome::Completed:
        break;
    }
    // Its slot is not taken by another call before this one leaves the window (left()).
    CallTimes& call = m_completed[static_cast<std::uint64_t>(tuple.seq) & m_mask];
    call = callTimes(*m_topology, m_window.completedRow(), tuple.seq);
    summaries.addCall(call);
    return true;
}

void CallAssembler::left(std::int64_t seq, const EdgeTimes* row, bool complete)
{
    if (complete) {
        m_unwritten.push_back(m_completed[static_cast<std::uint64_t>(seq) & m_mask]);
        ++m_calls;
        m_stragglers.settled(seq);
    } else {
        m_stragglers.addPiece(seq, row);
    }
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

Result<Ok> CallAssembler::store()
{
    XYLEM_TRY(written, writeChunks(false));
    return m_stragglers.store();
}

Result<Ok> CallAssembler::finish(RunSummaryBuilder& summaries)
{
    Leaving leaving(*this);
    m_window.drain(&leaving);
    XYLEM_TRY(stored, store());
    // Calls completed by late tuples come in seq order, in chunks after the window's calls (the
    // readers order calls by seq, runloader.h).
    XYLEM_TRY(outcome,
              m_stragglers.resolve(static_cast<std::uint32_t>(m_topology->wrapperCount() - 1),
                                   [&](std::int64_t seq, const EdgeTimes* row) -> Result<Ok> {
                                       const CallTimes call = callTimes(*m_topology, row, seq);
                                       summaries.addCall(call);
                                       m_unwritten.push_back(call);
                                       ++m_calls;
                                       return writeChunks(false);
                                   }));
    m_incomplete = outcome->incomplete;
    return writeChunks(true);
}

} // namespace xylem::store
