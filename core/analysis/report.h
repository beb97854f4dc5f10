#pragma once

// The analysis report of one run: every metric of metrics.md §2-6 as plain data. Wrappers are
// referred to by their index in the configuration the report carries.

#include "core/analysis/clockcoverage.h"
#include "core/analysis/stage.h"
#include "core/analysis/stats.h"
#include "core/model/configuration.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace xylem {

// How a stage's time was obtained. A proxy's one-way stages across two hosts of which one has
// no clock model are each half the hop's two-way latency (clockcoverage.h): their sum is
// measured, their split is not.
enum class StageEstimate
{
    Measured,
    HalfTwoWay
};

struct TimemapStage
{
    Stage stage = Stage::ArrivalWait;
    int wrapper = -1;
    Direction direction = Direction::Down;
    int depth = 0; // index of the wrapper along the path: 1..k, the root is k
    double meanNs = kNoValue;
    StageEstimate estimate = StageEstimate::Measured;
};

struct ThreadReport
{
    int wrapper = -1;
    Stats callTime;
    std::int64_t criticalArrivals = 0;
    double slowestShare = kNoValue;
    std::string signature;
    int pathLength = 0; // k: wrappers above the thread, the root included
    std::vector<TimemapStage> timemap;
};

struct ContributorReport
{
    int wrapper = -1;
    Stats totalLatency;
    Stats arrivalWait;
    Stats departureWait;
    std::vector<std::int64_t> arrivalOrder;   // [rank] = calls in which it arrived rank-th
    std::vector<std::int64_t> departureOrder; // [rank] = calls in which it departed rank-th
    std::int64_t lastArrivals = 0;
};

struct GredReport
{
    int wrapper = -1;
    Stats downLatency;
    Stats upLatency;
    std::vector<ContributorReport> contributors; // configuration order
    std::vector<double> serialization;           // mean t4_(r) - t3 per departure position r
};

struct ProxyReport
{
    int wrapper = -1;
    Stats twoWayLatency;
};

struct CoreReport
{
    int wrapper = -1;
    Stats storeLatency;
};

struct ThreadClass
{
    std::string signature;
    std::vector<int> threads;
    int representative = -1;
};

struct Hotspot
{
    int wrapper = -1;
    Stage stage = Stage::Down;
    int thread = -1;
    double meanNs = kNoValue;
};

struct AnalysisReport
{
    std::shared_ptr<const Configuration> configuration;
    std::int64_t calls = 0;
    std::int64_t incompleteCalls = 0;
    std::vector<ThreadReport> threads; // configuration order
    std::vector<GredReport> greds;
    std::vector<ProxyReport> proxies;
    std::vector<CoreReport> cores;
    Stats operationTime;
    Stats slowestThreadTime;
    std::vector<int> imbalancePath;   // from the root down to a thread
    std::vector<ThreadClass> classes; // in order of their first thread
    std::vector<Hotspot> hotspots;    // largest mean first
    ClockCoverage clocks;             // what the analysis was told about the run's clocks

    const ThreadReport* thread(int wrapper) const;
    const GredReport* gred(int wrapper) const;
    const std::string& idOf(int wrapper) const { return configuration->wrapper(wrapper).id; }
};

} // namespace xylem
