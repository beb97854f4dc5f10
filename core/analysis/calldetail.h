#pragma once

// One call of a run in detail, as plain data for a Gantt of its path through the tree
// (issue 23, item 2): every edge's down and up, every thread's stages of metrics.md §4 for this
// call alone, and who arrived last and left first at each gred; and the navigation from a call to
// the next slower and the next faster one.
//
// Clocks: tuples are stored on the front-end's clock (a recording maps each host's timestamps as
// they arrive, live/treeclocks.h), so edges are given as stored. A proxy hop across two hosts of
// which one has no clock model (clockcoverage.h) has one-way stages that mean nothing: each is
// then the hop's two-way latency halved, as in the timemap (down gets the smaller half when it is
// odd, so that the stages still add up exactly), flagged HalfTwoWay. A thread's stages are laid
// end to end from its own down: when all of them are measured their ends are exactly the stored
// timestamps; after an estimated hop they are placed where the estimate puts them.

#include "core/analysis/calltimes.h"
#include "core/analysis/clockcoverage.h"
#include "core/analysis/report.h"
#include "core/analysis/stage.h"
#include "core/model/configuration.h"
#include "core/model/result.h"
#include "core/model/tuple.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace xylem {

struct CallEdge
{
    int wrapper = -1; // the edge wrapper -> parent(wrapper)
    std::int64_t downNs = 0;
    std::int64_t upNs = 0;
};

struct CallStageSpan
{
    Stage stage = Stage::Down;
    int wrapper = -1; // where it happens
    Direction direction = Direction::Down;
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
    StageEstimate estimate = StageEstimate::Measured;
};

struct CallThread
{
    int wrapper = -1;
    std::int64_t callTimeNs = 0;       // up - down of its edge
    std::vector<CallStageSpan> stages; // in the order they happen; durations sum to callTimeNs
};

struct CallGred
{
    int wrapper = -1;
    int lastArrival = -1;              // l: the child with the largest t1 (tie rule of §1)
    int firstDeparture = -1;           // f: the child with the smallest t4
    std::int64_t lastArrivalNs = 0;    // t1[l]
    std::int64_t firstDepartureNs = 0; // t4[f]
    std::vector<int> arrivals;         // the children, first arrival first (tie rule)
    std::vector<int> departures;       // the children, first departure first
};

struct CallDetail
{
    std::shared_ptr<const Configuration> configuration;
    CallTimes times;             // seq, start, operation and slowest-thread time
    int slowestThread = -1;      // wrapper of the thread with the largest call time (ties: later)
    std::vector<CallEdge> edges; // every non-root wrapper, configuration order
    std::vector<CallThread> threads; // configuration order
    std::vector<CallGred> greds;     // configuration order
    // From the root, following this call's last arrival at every gred, down to a thread: the
    // thread whose critical arrival this call is (metrics.md §3).
    std::vector<int> lastArrivalPath;
};

// The call `seq` of a run. Errors: no tuple has that seq (the message gives the run's seq
// range), or the call is incomplete (it names the collectors without a tuple).
Result<CallDetail> callDetail(const Configuration& config, std::span<const Tuple> tuples,
                              std::int64_t seq, const ClockCoverage& clocks = {});

// The per-call figures of every complete call, ascending by seq (as the store keeps them).
std::vector<CallTimes> completeCallTimes(const Configuration& config,
                                         std::span<const Tuple> tuples);

// Navigation among complete calls ordered by (operation time, seq): the next slower call is
// the one after `seq` in that order, the next faster the one before; nullopt at either end.
struct CallNeighbours
{
    std::optional<std::int64_t> slower;
    std::optional<std::int64_t> faster;
};
// An error when `seq` is not among `calls`.
Result<CallNeighbours> callNeighbours(std::span<const CallTimes> calls, std::int64_t seq);
// The last of `calls` in that order (the largest operation time, the later of equal ones);
// nullopt for none.
std::optional<std::int64_t> slowestCall(std::span<const CallTimes> calls);

} // namespace xylem
