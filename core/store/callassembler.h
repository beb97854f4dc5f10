#pragma once

// A run's tuples, in the order they come, into its per-call records: exactly the calls the batch
// form finds in the same tuples (CallMatrix: one call per seq, the first tuple of each
// (collector, seq) kept), however late a tuple comes, in memory bounded by the window.
//
// A PendingCalls window assembles the calls that come in time: a call is summarised as soon as
// its last tuple comes (a recording's live timeline follows the calls as they complete), and
// written in chunks, in seq order, as it leaves the window. What the window cannot settle (a
// call that leaves it unfinished, a tuple that comes after its call left) waits on disk
// (stragglers.h) until finish(): there the late tuples of a call given up complete it (it is
// summarised then), and a repeat of a call that left complete is known for one. Every call is
// summarised once, so the summaries are those of the stored calls whatever the order (a
// bucket's sum of integer nanoseconds is exact in a double). Used by the live writer
// (runwriter.h) and by the rebuild of stored runs (derived.h).

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
    // (collector, seq) of a call still in the window: not to be stored. A call it completes
    // goes to summaries at once.
    bool add(const Tuple& tuple, RunSummaryBuilder& summaries);
    // Writes what add() made ready: whole chunks of calls, what waits aside. Inside the
    // caller's transaction.
    Result<Ok> store();
    // The rest: drains the window, merges what waited aside (a call completed there goes to
    // summaries). Then calls() and incompleteCalls() are the run's. Inside the caller's
    // transaction.
    Result<Ok> finish(RunSummaryBuilder& summaries);

    std::int64_t calls() const { return m_calls; }                // complete and written, so far
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
    Result<Ok> writeChunks(bool all);

    Database* m_db;
    std::int64_t m_run;
    std::shared_ptr<const Topology> m_topology;
    PendingCalls m_window;
    StragglerStore m_stragglers;
    // The calls completed in the window, by seq modulo its capacity: summarised when they
    // complete, written from here when they leave.
    std::vector<CallTimes> m_completed;
    std::uint64_t m_mask;
    std::vector<CallTimes> m_unwritten; // left the window complete, less than a chunk's worth
    std::int64_t m_calls = 0;
    std::int64_t m_incomplete = 0;
};

} // namespace xylem::store
