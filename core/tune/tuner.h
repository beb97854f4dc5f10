#pragma once

// The tuner (issue 24 item 3): hill climbing over configurations, guided by the analysis. It
// measures the start as a trial (trial.h), then the start's neighbours (neighbours.h) best
// evidence first, and moves to the first whose speedup against the current tree is better
// beyond its interval (the bootstrap interval's lower bound above 1, metrics.md §13); from
// there it looks at the new tree's neighbours. It stops when no neighbour is faster beyond its
// interval, after maxTries trials, or when stop() is called. Every try is a run of the
// request's session, named "tune N: <change>".
//
// xylem-cli tune runs it and prints each try as it goes; the GUI runs it on a worker thread
// (stop() is thread-safe and ends the trial that is recording).

#include "core/model/configuration.h"
#include "core/model/result.h"
#include "core/record/recordingevents.h"
#include "core/record/recordrequest.h"
#include "core/tune/neighbours.h"
#include "core/tune/trial.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace xylem::tune {

struct TuneRequest
{
    // The session, workload and (unless `start` is set) the start's tree.
    record::RecordRequest request;
    std::optional<Configuration> start;
    std::string clusterLink; // as TrialSpec::clusterLink
    int maxTries = 12;       // trials in all, the start's included
    // A move needs the speedup's interval above this (1: faster at all). The interval comes from
    // resampling each run's calls, so it does not hold the noise from one run to the next; a
    // margin above 1 (1.05) keeps the climb from moving on a gain that noise could make.
    double minSpeedup = 1.0;
    NeighbourOptions neighbours;
    BootstrapOptions bootstrap;
};

// One trial of the tuner.
struct TuneTry
{
    int index = 0;                     // 1, 2, ... in the order tried
    std::string label;                 // the run's name: "tune 3: move gred gred to C"
    std::string heuristic;             // "start" or toString(Heuristic)
    std::string reason;                // the neighbour's reason; the start's: where it came from
    double evidence = 0;               // the neighbour's (neighbours.h); 1 for the start
    int from = 0;                      // the try it is a neighbour of (0 for the start)
    std::optional<TrialResult> result; // empty when the trial failed
    std::optional<Error> error;        // why it failed (or why it has no speedup)
    std::optional<Speedup> speedup;    // against the try it is a neighbour of
    double minSpeedup = 1.0;           // TuneRequest::minSpeedup when it was tried
    bool moved = false;                // the climb moved here

    // Better than `from` beyond the speedup's interval, by more than minSpeedup.
    bool improves() const { return speedup && speedup->interval.lower > minSpeedup; }
};

struct TuneOutcome
{
    std::vector<TuneTry> tries;
    std::vector<int> path;              // indices into tries: the start, then each move
    int best = 0;                       // index into tries: the last of the path
    std::optional<Speedup> bestSpeedup; // the best against the start; empty when it is the start
    std::string stopReason;             // why the climb ended, in words
    bool stopped = false;               // stop() ended it

    const TuneTry& bestTry() const { return tries[static_cast<size_t>(best)]; }
};

struct TunerCallbacks
{
    std::function<void(const TuneTry&)> tryStarted;  // label, heuristic, reason set
    std::function<void(const TuneTry&)> tryFinished; // with its result or error and speedup
    std::function<void(const TuneTry&)> moved;       // the climb moved to this try
    record::RecordingCallbacks recording;            // every trial's recording's callbacks
};

class Tuner
{
public:
    Tuner(TuneRequest request, TunerCallbacks callbacks);
    ~Tuner();
    Tuner(const Tuner&) = delete;
    Tuner& operator=(const Tuner&) = delete;

    // Once per tuner. An error when the start cannot be measured (its message names why) or the
    // request is bad; a neighbour's failed trial is a try with an error and the climb goes on.
    Result<TuneOutcome> run();
    // Thread-safe; ends the trial that is recording (its run is kept) and starts no other.
    void stop();
    void stopFromSignal() noexcept; // the same from a signal handler: async-signal-safe

private:
    struct State;
    TuneTry measure(TuneTry attempt, const std::optional<Configuration>& configuration);

    TuneRequest m_request;
    TunerCallbacks m_callbacks;
    std::unique_ptr<State> m_state;
};

} // namespace xylem::tune
