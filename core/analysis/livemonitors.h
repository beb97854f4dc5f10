#pragma once

// The node-side monitors of EventSpace's distributed analysis, over a LocalView. Each keeps a
// small state that grows with the tree, not with time, and reports it as JSON: only the newest
// state needs to travel up the gather tree.
//
//   LastArrivalMonitor  per local gred and child: last arrivals and the arrival and departure
//                       order distributions (the weighted tree's edges).
//   StatisticsMonitor   per local gred: down, up and per-child total latency, arrival and
//                       departure wait; per local collector: up - down. Running statistics
//                       with the sliding-window median (RunningStats).

#include "core/analysis/gredcall.h"
#include "core/analysis/localview.h"
#include "core/analysis/runningstats.h"
#include "core/model/tuple.h"

#include <nlohmann/json.hpp>
#include <span>
#include <vector>

namespace xylem {

class LastArrivalMonitor
{
public:
    explicit LastArrivalMonitor(LocalView view);

    void add(std::span<const Tuple> tuples);
    std::int64_t calls() const { return m_stream.calls(); }
    // {"host", "calls", "greds": {g: {"contributors": [..], "last_arrivals": {c: n},
    //  "arrival_order": {c: [..]}, "departure_order": {c: [..]}}}}
    nlohmann::ordered_json result() const;

private:
    struct Counts
    {
        std::vector<std::int64_t> arrival;   // child * P + rank
        std::vector<std::int64_t> departure; // child * P + rank
    };

    LocalView m_view;
    LocalCallStream m_stream;
    GredCallEvaluator m_evaluator;
    std::vector<Counts> m_counts; // per local gred
};

class StatisticsMonitor
{
public:
    explicit StatisticsMonitor(LocalView view, size_t window = kDefaultMedianWindow);

    void add(std::span<const Tuple> tuples);
    std::int64_t calls() const { return m_stream.calls(); }
    // {"host", "calls", "greds": {g: {"down_latency": s, "up_latency": s (when the gred's own
    //  edge is recorded here), "contributors": {c: {"total_latency", "arrival_wait",
    //  "departure_wait"}}}}, "collectors": {c: {"edge_time": s}}}; s = {count, mean, min, max,
    //  stddev, window_median}
    nlohmann::ordered_json result() const;

private:
    struct GredStats
    {
        RunningStats down;
        RunningStats up;
        std::vector<RunningStats> total;         // per child
        std::vector<RunningStats> arrivalWait;   // per child
        std::vector<RunningStats> departureWait; // per child
    };

    LocalView m_view;
    LocalCallStream m_stream;
    GredCallEvaluator m_evaluator;
    std::vector<GredStats> m_greds;        // per local gred
    std::vector<RunningStats> m_edgeTimes; // per wrapper (used for local collectors only)
    // What the view says of every call, asked once: the wrappers whose edges are recorded here,
    // and per local gred its topology (the view shares it: the pointers outlive a move) and
    // whether its own edge is recorded here.
    std::vector<size_t> m_recorded;
    std::vector<const GredTopology*> m_gredTopologies;
    std::vector<char> m_ownEdges;
};

} // namespace xylem
