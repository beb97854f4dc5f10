#pragma once

// What a RecordingSession (recordingsession.h) reports, as values: its phase, a status while it
// gathers, the streaming engine's live report, a design's figures and redeployments, the gather
// tree's troubled nodes, and the outcome. Words for a user are made by whoever shows them
// (xylem-cli record prints them, the GUI translates them).
//
// Threads: every callback but treeLog is called on the thread that runs the session (for the
// GUI a worker thread: hand the values over to the GUI thread, e.g. by a queued signal); treeLog
// comes from the gather tree's I/O thread. A callback that is not set is not called (and what
// only it needs, such as the live report, is not made). Callbacks must not call back into the
// session except stop().

#include "core/analysis/report.h"
#include "core/live/liverecorder.h"
#include "core/live/scopedeploy.h"
#include "core/live/scopefigures.h"
#include "core/model/configuration.h"
#include "core/record/childprocess.h"
#include "core/record/recordplan.h"
#include "core/store/timeline.h"

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace xylem::record {

enum class Phase
{
    Preparing,          // planning, opening the session
    Baseline,           // the program runs once without collectors (baseline)
    StartingTree,       // the gather tree's nodes start
    AwaitingCollectors, // attached: the collectors started elsewhere join (see AttachWait)
    Deploying,          // the scope's streams open, the clocks are measured
    Recording,          // the program runs; streams pulled, stored, analysed
    Draining,           // the program ended or was stopped: the rest of the rings is gathered
    Storing,            // the run is finished: scopes, accounting, clocks stored
};

// While attached collectors are awaited: where they join.
struct AttachWait
{
    std::string addressFile;
    std::string address; // "host:port" of the front-end, for those given the tree's token
};

struct TreeUp
{
    std::size_t nodes = 0;
    std::chrono::microseconds latency{0}; // until every node reported ready
};

// The clocks measured at the start or at the end failed (the run keeps the last models).
struct ClocksNotMeasured
{
    bool atEnd = false;
    Error error;
};

// About once a statusPeriod while gathering, and once more when all is gathered (final).
struct RecordingStatus
{
    Phase phase = Phase::Recording;
    bool final = false;
    // Tuples, tuples/s (tuplesPerSecond()), gather rate (gatherRatePct()), overwritten, delay,
    // seconds since the streams opened, lost and slow nodes with every episode (troubles).
    live::ScopeAccounting accounting;
    std::int64_t completeCalls = 0; // the live engine's
    std::vector<int> imbalancePath; // wrapper indices; the last is the thread everyone waits for
    bool collectorsOnly = false;    // a scope without monitors reads nothing: no gather rate
};

// A design's file changed while recording: redeployed (what changed), or refused (why: it does
// not parse, or its tree differs from the running one).
struct Redeployment
{
    std::string design; // the new design's name ("" when refused before it was read)
    std::optional<live::DeployChange> change;
    std::optional<Error> refused;
};

struct WorkloadOutcome
{
    ProcessExit exit;
    std::vector<std::string> output; // the program's lines
};

// What a recording stored, and how it went.
struct RecordingOutcome
{
    explicit RecordingOutcome(Configuration config)
        : configuration(std::move(config))
    {
    }

    std::string sessionPath;
    std::int64_t run = 0;
    store::WriterCounters stored; // the run's complete and incomplete calls, tuples stored
    live::ScopeAccounting accounting;
    std::int64_t liveCompleteCalls = 0;   // the live engine's: may be fewer (calls given up)
    Configuration configuration;          // the monitored allreduce, to name the paths' threads
    live::EventScope scope;               // the scope as last deployed
    std::optional<AnalysisReport> report; // raw tracing's, at the end
    // Each load-balance monitor's imbalance path (LoadBalance, LoadBalanceDistributed).
    std::vector<std::pair<live::Monitor, std::vector<int>>> loadBalancePaths;
    std::optional<WorkloadOutcome> workload; // the program the session started
    // Gathering or closing the streams failed after the run was stored: the run holds what
    // came before it.
    std::optional<Error> incomplete;
};

struct RecordingCallbacks
{
    std::function<void(const RecordPlan&)> planned; // the configuration, scope and tree
    std::function<void(Phase)> phase;
    std::function<void(double us)> baseline; // the program's time per iteration, no collectors
    std::function<void(const AttachWait&)> awaitingCollectors;
    std::function<void(const TreeUp&)> treeUp;
    std::function<void(const ClocksNotMeasured&)> clocksNotMeasured;
    std::function<void(const RecordingStatus&)> status;
    // The run's timeline so far (the stored calls' operation and slowest-thread time, at most
    // timelinePoints buckets each over the run's span), about once a statusPeriod while
    // gathering and once more when all is gathered; made from the writer's summaries, only
    // when set.
    std::function<void(const store::LiveTimeline&)> timeline;
    // The streaming engine's report, about once a reportPeriod while gathering.
    std::function<void(const AnalysisReport&)> liveReport;
    // A design's nodes' live figures and its filters' newest results, after every poll.
    std::function<void(const live::DesignFigures&, const live::FilterOutputs&)> figures;
    std::function<void(const Redeployment&)> redeployed;
    // Every episode of a node lost or slow, whenever one begins or ends.
    std::function<void(const std::vector<live::NodeTrouble>&)> troubles;
    // The gather tree's log lines (strangers refused: tree::kStrangerLogPrefix). I/O thread.
    std::function<void(const std::string&)> treeLog;

    std::chrono::milliseconds statusPeriod{1000};
    std::chrono::milliseconds reportPeriod{1000};
    std::size_t timelinePoints = 2048;
};

} // namespace xylem::record
