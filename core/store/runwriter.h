#pragma once

// Writing a run into a session, batch by batch. Each append() is one transaction: when it
// returns, its tuples are on disk, and a writer killed at any moment leaves every earlier
// batch intact (the run then reads as "recording" until recoverInterruptedRuns()). The
// per-call records are assembled as the tuples come (callassembler.h) and are exactly the calls
// of the stored tuples, however late some come; finish() stores the last of them and the
// level-of-detail summaries and marks the run complete. Memory stays bounded however long the
// run.

#include "core/analysis/topology.h"
#include "core/model/configuration.h"
#include "core/model/result.h"
#include "core/store/callassembler.h"
#include "core/store/runcatalog.h"
#include "core/store/runsummary.h"
#include "core/store/session.h"

#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace xylem::store {

inline constexpr size_t kTuplesPerChunk = 65536;

struct WriterCounters
{
    std::int64_t tuples = 0;     // stored
    std::int64_t rejected = 0;   // unknown or root collector, up < down, absurd times: not stored
    std::int64_t duplicates = 0; // a (collector, seq) seen before, while its call was assembling
    std::int64_t calls = 0;      // complete calls recorded; after finish(), the run's
    std::int64_t incomplete = 0; // calls missing a collector's tuple: known after finish()
};

// The earliest down and the latest up of a run's stored tuples.
struct TupleSpan
{
    std::int64_t firstNs = 0;
    std::int64_t lastNs = 0;
};

class RunWriter
{
public:
    // pendingCalls: how many calls may be assembling in memory at once (the window of
    // CallAssembler; later ones wait on disk); 0 stores the tuples only and leaves calls and
    // summaries to the caller (importRun matches calls over the whole run instead).
    static Result<RunWriter> begin(Session& session, const Configuration& config,
                                   const RunMetadata& metadata,
                                   size_t pendingCalls = kAssemblyWindow);

    RunWriter(RunWriter&&) noexcept = default;
    RunWriter& operator=(RunWriter&&) noexcept = default;

    std::int64_t run() const { return m_run; }
    // The session the run is in: what is stored beside the tuples (attachments.h) goes there.
    Session& session() const { return *m_session; }
    const WriterCounters& counters() const { return m_counters; }
    // Of the tuples stored so far; nullopt before the first.
    std::optional<TupleSpan> tupleSpan() const
    {
        return m_counters.tuples > 0 ? std::optional(TupleSpan{m_firstNs, m_lastNs}) : std::nullopt;
    }
    // The level-of-detail summaries of the tuples stored so far and of the calls complete so
    // far, each as soon as its last tuple is stored (a recording's live timeline reads them;
    // finish() stores them).
    const RunSummaryBuilder& summaries() const { return m_summaries; }

    // Stores the batch in one transaction. Tuples that break the rules of metrics.md §8 are
    // counted in counters() and not stored. After a failed append (a full disk, say) the
    // writer stops: every later call returns that failure.
    Result<Ok> append(std::span<const Tuple> tuples);
    Result<Ok> finish();

private:
    RunWriter(Session& session, std::int64_t run, std::shared_ptr<const Topology> topology,
              std::optional<CallAssembler> calls);

    std::span<const Tuple> select(std::span<const Tuple> tuples, std::vector<Tuple>& kept);
    Result<Ok> commit(std::span<const Tuple> tuples);
    Result<Ok> storeChunk(std::span<const Tuple> chunk);
    Result<Statement*> prepared(std::optional<Statement>& statement, std::string_view sql);
    Result<Ok> complete();

    Session* m_session;
    std::int64_t m_run;
    std::shared_ptr<const Topology> m_topology;
    std::optional<CallAssembler> m_calls; // none: tuples only
    RunSummaryBuilder m_summaries;
    std::vector<std::uint8_t> m_encoded;
    std::optional<Statement> m_insertChunk; // prepared at the first append
    std::optional<Statement> m_updateRun;
    std::vector<Tuple> m_kept;
    WriterCounters m_counters;
    std::int64_t m_firstNs = 0;
    std::int64_t m_lastNs = 0;
    std::optional<std::int64_t> m_reference; // first down: later tuples stay within the run span
    std::optional<Error> m_failure;          // set by a failed append: the writer stops there
    bool m_finished = false;
};

// A whole run at once (the import of a trace file): tuples in committed batches, calls
// matched over the whole run. The tuples must satisfy findTupleProblem().
Result<std::int64_t> importRun(Session& session, const Configuration& config,
                               std::span<const Tuple> tuples, const RunMetadata& metadata);

// Runs left "recording" by a writer that died: their committed tuples are summarised and the
// runs marked "interrupted". Returns their ids. Only call when no writer is active. Memory
// stays bounded whatever the size of the runs (rebuildDerived).
Result<std::vector<std::int64_t>> recoverInterruptedRuns(Session& session);

} // namespace xylem::store
