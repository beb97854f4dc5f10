#pragma once

// Configuration comparison (metrics.md §6): run A against run B. Built from two reports, so a
// comparison costs nothing beyond the analyses it compares; given the operation time of every
// call of both runs it also bootstraps the speedup's confidence interval (§9), which costs
// about 0.7 ns per call per resample (2.7 s for two runs of 1 M calls).

#include "core/analysis/report.h"
#include "core/analysis/speedupinterval.h"
#include "core/model/result.h"

#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace xylem {

struct RunSide
{
    std::string name;
    std::int64_t calls = 0;
    double meanOperationTime = kNoValue;
    double meanSlowestThreadTime = kNoValue;
    std::string thread; // the thread whose stages are compared
    std::vector<std::pair<std::string, double>> slowestShare; // per thread, configuration order
};

// One stage of the chosen thread's path; a stage only one path has leaves the other side empty.
struct StageComparison
{
    Stage stage = Stage::Down;
    Direction direction = Direction::Down;
    std::string wrapper;
    std::optional<double> meanA;
    std::optional<double> meanB;
    std::optional<double> scaledDepthA; // depth along the path scaled to [0, 1]
    std::optional<double> scaledDepthB;

    std::optional<double> difference() const // B - A
    {
        return meanA && meanB ? std::optional<double>(*meanB - *meanA) : std::nullopt;
    }
};

struct Comparison
{
    RunSide a;
    RunSide b;
    double speedup = kNoValue; // mean operation time of A / of B: > 1 means B is faster
    // The speedup's 95 % bootstrap interval; empty when the calls' operation times were not given.
    std::optional<SpeedupInterval> interval;
    std::vector<StageComparison> stages;
};

// The operation time of every call of run A and of run B (the store's per-call records, or
// store::callRecords of a run's tuples).
struct OperationTimes
{
    std::span<const std::int64_t> a;
    std::span<const std::int64_t> b;
};

// thread: compare this thread (it must be in A); in B the thread of the same id, else the
// representative of its class, else B's slowest thread. Without it: A's slowest thread.
// times: also bootstrap the speedup's interval from them (a run without calls has none).
Result<Comparison> compareRuns(const AnalysisReport& a, const AnalysisReport& b,
                               const std::optional<std::string>& thread = std::nullopt,
                               const std::optional<OperationTimes>& times = std::nullopt,
                               const BootstrapOptions& bootstrap = {});

} // namespace xylem
