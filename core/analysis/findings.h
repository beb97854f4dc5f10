#pragma once

// The overview of a run (issue 23, item 1): what an analysis found, as plain data — which
// wrapper, stage or rank, the numbers, how serious, and which view shows it. No text: the CLI
// (app/cli/findingstext.h) and the GUI (views/overviewpage.h) each word the findings their way.
//
// Definitions and thresholds (docs/metrics.md, "Findings"); calls = report.calls, op = the mean
// operation time:
// - Culprit: the thread T at the end of the imbalance path (metrics.md §3). criticalShare =
//   critical arrivals of T / calls. rootShare = last arrivals, at the root gred, of the root's
//   child on the path / calls. Its gred g = the lowest gred of the path with two or more
//   contributors; costNs = the smallest mean arrival wait at g among g's other contributors (in
//   a mean call every other contributor waited at least this for T's side), costShare =
//   costNs / op. T is named as the culprit only when criticalShare >= kCulpritMinShare,
//   criticalShare >= 1/N + kCulpritMarginOverFair (N threads: a fair share is 1/N) and
//   costShare >= kCulpritMinCost; otherwise the finding is Balanced, with T's numbers as the
//   most frequent last arrival.
// - Hotspot: the slowest class = the class whose representative has the largest mean call time;
//   its first entry in the hotspot ranking (§6: arrival wait excluded). shareOfCall = meanNs /
//   the representative's mean call time; shareOfPath = meanNs / the sum of the representative's
//   stage means other than arrival wait (its time in the tree without waiting for others, as
//   PATHS reads a path); hops = the proxies on the representative's path.
// - Serialization: per gred with P >= 2 departures, spreadNs = curve[P-1] - curve[0] (§5).
//   Steep when curve[P-1] >= kSteepRatio * curve[0] and spreadNs >= kSteepMinShareOfOp * op;
//   the finding is the steep gred with the largest spread (steepGreds counts them all). slope =
//   the least-squares slope of the curve per departure position (serialization.h fitLine).
// - Completeness: incomplete calls / (calls + incomplete calls); a Problem above
//   kIncompleteProblemShare, Notice above 0.
// - Gathering (runs recorded live): gather rate (core/model/recording.h gatherRatePct), tuples
//   overwritten before they were read, lost and slow gather-tree nodes, the recording slowdown.
//   Problem when anything was overwritten or a node was lost, Notice when a node was slow.
// - Clocks: hosts, hosts with a model, hosts whose clock was never measured, the largest error
//   bound and residual skew (treeclockcheck.h, clockresidual.h), the stage guard's negative
//   stage means (stageguard.h). Problem when a run of several hosts has a host without a
//   model, a residual above that host's error bound, or negative stage means.
// - WaitState (MPI runs): the pattern with the largest total waiting time; its share of the time
//   in MPI, its main cause (waitstates.h) and the share of the pattern's waiting it caused.
//   Problem when the share of MPI time is at least kWaitProblemShare, Fine when nobody waited.
// - Periodic (when the caller gives the run's periodic outliers, periodicity.h): the slow calls
//   and, when they recur, the period, the phase, the mean extra operation time of the matched
//   slow calls, the thread they hit most (victim) and its share. Problem when periodic, Notice
//   when there are slow calls without a period, Fine when there is no slow call.
// Suggestions follow the PATHS and EventSpace heuristics (findings.cpp says which from what).

#include "core/analysis/clockmodel.h"
#include "core/analysis/periodicity.h"
#include "core/analysis/report.h"
#include "core/analysis/stage.h"
#include "core/analysis/waitstates.h"
#include "core/model/configuration.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace xylem {

inline constexpr double kCulpritMinShare = 0.5;
inline constexpr double kCulpritMarginOverFair = 0.25;
inline constexpr double kCulpritMinCost = 0.05;
inline constexpr double kSteepRatio = 2.0;
inline constexpr double kSteepMinShareOfOp = 0.05;
inline constexpr double kIncompleteProblemShare = 0.01;
inline constexpr double kWaitProblemShare = 0.1;
inline constexpr double kCoscheduleSlowdownPct = 3.0;
inline constexpr double kHopShareOfPath = 0.2;

// Where a finding can be seen.
enum class FindingView
{
    WeightedTree,
    Timemap,
    Serialization,
    Timeline,
    Tables,
    WaitStates,
    Clocks,
    Monitors,
    OverTime // the run's calls over time: its slow calls and their period
};

enum class Severity
{
    Fine,   // nothing to do: the run is balanced, complete, its clocks hold
    Notice, // worth knowing
    Problem // costs time, or makes numbers unreliable
};

struct CulpritFinding
{
    int thread = -1;
    int gred = -1;      // the lowest gred of the path with two or more contributors; -1: none
    int rootChild = -1; // the root's child on the path
    double criticalShare = 0;
    double rootShare = 0;
    double costNs = kNoValue;
    double costShare = kNoValue;
};

// No single culprit: the most frequent last arrival (the end of the imbalance path) with its
// numbers, all below the culprit thresholds; thread -1 for a run without calls.
struct BalancedFinding
{
    CulpritFinding mostOftenLast;
};

struct HotspotFinding
{
    int wrapper = -1;
    Stage stage = Stage::Down;
    int thread = -1; // the slowest class's representative
    std::string signature;
    int classSize = 0;
    int hops = 0; // proxies on the representative's path
    double meanNs = kNoValue;
    double shareOfCall = kNoValue;
    double shareOfPath = kNoValue; // of the representative's stages but its arrival waits
};

struct SerializationFinding
{
    int gred = -1;
    int departures = 0; // P
    double firstNs = 0; // curve[0]: the introduced latency
    double lastNs = 0;  // curve[P-1]
    double spreadNs = 0;
    double slopeNs = 0; // per departure position
    double shareOfOp = 0;
    int steepGreds = 0;
    bool childrenAreThreads = false; // a host's own threads depart one after another
};

struct CompletenessFinding
{
    std::int64_t calls = 0;
    std::int64_t incomplete = 0;
    double incompleteShare = 0;
};

struct GatheringFinding
{
    std::optional<double> gatherRatePct;
    bool rateComplete = true; // false: lost collectors' counts stop at their loss
    std::uint64_t written = 0;
    std::uint64_t overwritten = 0;
    int lostNodes = 0;
    int slowNodes = 0;
    std::optional<double> slowdownPct;
};

struct ClockFinding
{
    int hosts = 0;
    bool modelsKnown = false; // the run's clock models were given (and it stored some)
    int modelled = 0;         // measured or the reference
    int unmeasured = 0;       // a stored model that says "not measured"
    std::string firstUnmeasured;
    std::int64_t worstErrorBoundNs = 0;
    std::int64_t worstResidualNs = 0;
    std::string residualHost;
    bool residualBeyondBound = false; // the residual exceeds that host's error bound
    int negativeStages = 0;
    double worstNegativeNs = 0;
    bool negativesExplained = false;
};

struct WaitStateFinding
{
    WaitPattern pattern = WaitPattern::WaitAtNxN;
    std::int64_t waitNs = 0;
    std::int64_t waits = 0;
    double shareOfMpiTime = 0;
    int mainCause = -1;    // world rank
    double causeShare = 0; // of the pattern's waiting time
    std::int64_t gridNs = 0;
    int wrapper = -1; // the main cause's thread in the run's tree ("r<rank>"), -1 when none
};

struct PeriodicFinding
{
    bool periodic = false;
    std::int64_t slowCalls = 0;
    std::int64_t strikes = 0;
    double thresholdNs = 0; // an operation time above this is slow
    double periodNs = 0;
    double phaseNs = 0;
    std::int64_t matchedCalls = 0;
    double meanExtraNs = 0;
    int victim = -1;
    double victimShare = 0;
};

using FindingDetail = std::variant<CulpritFinding, BalancedFinding, HotspotFinding,
                                   SerializationFinding, CompletenessFinding, GatheringFinding,
                                   ClockFinding, WaitStateFinding, PeriodicFinding>;

// In the order of FindingDetail's alternatives.
enum class FindingKind
{
    Culprit,
    Balanced,
    Hotspot,
    Serialization,
    Completeness,
    Gathering,
    Clocks,
    WaitState,
    Periodic
};

struct Finding
{
    Severity severity = Severity::Notice;
    FindingView view = FindingView::WeightedTree;
    FindingDetail detail;

    FindingKind kind() const { return static_cast<FindingKind>(detail.index()); }
};

// What to try next (PATHS §3-4, EventSpace's coscheduling).
enum class SuggestionKind
{
    BalanceCulprit,      // a thread's lateness costs the run: look at its work or its host
    SplitGred,           // steep serialization at a gred: one more tree level, fewer children
    FewerThreadsPerHost, // steep serialization among a host's own threads
    FewerHops,           // a proxy hop is the hottest stage: a hierarchy-aware tree
    BalanceRank,         // an MPI rank makes the others wait
    TuneTree,            // balanced: the tree itself is where time can be won; compare shapes
    GatherMore,          // tuples were overwritten: bigger rings or pull more often
    Coschedule,          // the monitor slowed the program: coschedule its filters
    MeasureClocks,       // hosts without a clock model: one-way times are estimates
    QuietHost            // a periodic disturbance hits one thread: a daemon or timer on its host
};

struct Suggestion
{
    SuggestionKind kind = SuggestionKind::TuneTree;
    int wrapper = -1; // the thread, gred or proxy concerned; -1 when none
    int rank = -1;    // BalanceRank
    std::string host; // the wrapper's host; MeasureClocks: the first host without a model
    int count = 0;    // SplitGred / FewerThreadsPerHost: the gred's children
    FindingView view = FindingView::Timemap;
};

// The run's parts beyond its report that a finding reads; each absent when not known.
struct RecordingHealth
{
    std::optional<double> gatherRatePct;
    bool rateComplete = true;
    std::uint64_t written = 0;
    std::uint64_t overwritten = 0;
    int lostNodes = 0;
    int slowNodes = 0;
    std::optional<double> slowdownPct;
};

// From a live recording's stored accounting (core/store/monitorresults.h StoredAccounting, or
// any type with its fields: core/analysis cannot include core/store, which builds on it).
// Lost and slow nodes are counted per node, however many episodes each had.
template <typename Accounting> RecordingHealth recordingHealthOf(const Accounting& a)
{
    RecordingHealth h{a.gatherRatePct, a.gatherRateComplete, a.written, a.overwritten, 0, 0,
                      a.slowdownPct};
    std::vector<std::uint32_t> lost;
    std::vector<std::uint32_t> slow;
    for (const auto& e : a.episodes) {
        auto& seen = e.lost ? lost : slow;
        if (std::find(seen.begin(), seen.end(), e.node) == seen.end()) {
            seen.push_back(e.node);
        }
    }
    h.lostNodes = static_cast<int>(lost.size());
    h.slowNodes = static_cast<int>(slow.size());
    return h;
}

struct FindingInputs
{
    const WaitStateReport* waitStates = nullptr;    // an MPI run's
    std::vector<int> wrapperOfRank;                 // rank -> thread wrapper, -1 for none
    const std::vector<HostClock>* clocks = nullptr; // the run's stored clock models
    std::optional<RecordingHealth> recording;       // a live recording's accounting
    const PeriodicOutliers* periodic = nullptr;     // overtimeanalysis.h's
};

struct Findings
{
    std::shared_ptr<const Configuration> configuration; // names the wrappers
    std::int64_t calls = 0;
    double meanOperationNs = kNoValue;
    std::vector<Finding> findings; // the culprit (or balance) first, then as listed above
    std::vector<Suggestion> suggestions;

    const std::string& idOf(int wrapper) const { return configuration->wrapper(wrapper).id; }
    const Finding* find(FindingKind kind) const;
};

Findings findFindings(const AnalysisReport& report, const FindingInputs& inputs = {});

// The suggestions that follow from a run's findings (findingsadvice.cpp); findFindings fills
// Findings::suggestions with them.
std::vector<Suggestion> suggestFromFindings(const Findings& findings);

} // namespace xylem
