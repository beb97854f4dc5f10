#pragma once

// A run's tuples, in the order they come, into its per-call records: exactly the calls the batch
// form finds in the same tuples (CallMatrix: one call per seq, the first tuple of each
// (collector, seq) kept), however late a tuple comes, in memory bounded by the window.
//
// A PendingCalls window assembles the calls that come in time; they leave it in seq order and
// are written in chunks as they leave. What the window cannot settle (a call that leaves it
// unfinished, a tuple that comes after its call left) waits on disk (stragglers.h) until
// finish(): there the late tuples of a call given up complete it, and a repeat of a call that
// left complete is known for one. Used by the live writer (runwriter.h) and by the rebuild of
// stored runs (derived.h).

#include "core/analysis/pendingcalls.h"
#include "core/analysis/topology.h"
#include "core/model/result.h"
#include "core/store/runsummary.h"
#include "core/store/stragglers.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace xylem::store {

// The window of a recording: as wide as the live engine's (LiveRecorder), so that the two
// settle the same calls in time.
inline constexpr size_t kAssemblyWindow = size_t(1) << 16;

class CallAssembler
{
public:
    // Makes its temporary tables: inside the caller's transaction, if any.
    static Result<CallAssembler> begin(Database& db, std::int64_t run,
                                       std::shared_ptr<const Topology> topology,
                                       size_t window = kAssemblyWindow);

    CallAssembler(CallAssembler&&) noexcept = default;
    CallAssembler& operator=(CallAssembler&&) noexcept = default;

    // One acceptable tuple (a known non-root collector, up >= down); false when it repeats a
    // (collector, seq) of a call still in the window: not to be stored.
    bool add(const Tuple& tuple);
    // Writes what add() made ready: whole chunks of calls, what waits aside. Every call
    // written goes to summaries. Inside the caller's transaction.
    Result<Ok> store(RunSummaryBuilder& summaries);
    // The rest: drains the window, merges what waited aside. Then calls() and
    // incompleteCalls() are the run's. Inside the caller's transaction.
    Result<Ok> finish(RunSummaryBuilder& summaries);

    std::int64_t calls() const { return m_calls; }                // complete, so far
    std::int64_t incompleteCalls() const { return m_incomplete; } // known only after finish()

private:
    CallAssembler(Database& db, std::int64_t run, std::shared_ptr<const Topology> topology,
                  size_t window, StragglerStore stragglers);

    // Hears the calls leaving the window; made for each add(), so the assembler stays movable.
    class Leaving final : public PendingCalls::Leaving
    {
    public:
        explicit Leaving(CallAssembler& to)
            : m_to(to)
        {
        }
        void left(std::int64_t seq, const EdgeTimes* row, bool complete) override
        {
            m_to.left(seq, row, complete);
        }

    private:
        CallAssembler& m_to;
    };

    void left(std::int64_t seq, const EdgeTimes* row, bool complete);
    void record(const CallTimes& call, RunSummaryBuilder& summaries);
    Result<Ok> writeChunks(bool all);

    Database* m_db;
    std::int64_t m_run;
    std::shared_ptr<const Topology> m_topology;
    PendingCalls m_window;
    StragglerStore m_stragglers;
    std::vector<CallTimes> m_ready;     // left the window complete, not yet summarised
    std::vector<CallTimes> m_unwritten; // less than a chunk's worth, till finish()
    std::int64_t m_calls = 0;
    std::int64_t m_incomplete = 0;
};

} // namespace xylem::store
