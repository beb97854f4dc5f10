#pragma once

// Series over time (issue 23, item 3): the run cut into buckets of time since its first down,
// and per bucket the mean of every stage of one thread's path, each thread's mean and largest
// call time, and the culprit: the thread most often reached from the root by following a
// call's last arrivals (metrics.md §3, critical arrivals), with its share of the bucket's calls.
//
// Buckets. A call belongs to the bucket of its start (min over threads of down) minus the run's
// first down (overtimecalls.h). Bucket i covers [i * width, (i + 1) * width). The width is the
// timeline's level-of-detail rule (core/store/timebuckets.h, runsummary.cpp: 1024 ns doubled
// as often as needed): the smallest kOverTimeBaseWidthNs * 2^j for which the buckets from 0 to
// the last call's start number at most the limit. The limit is the buckets asked for, at most
// kMaxOverTimeBuckets, and at most kMaxOverTimeCells / threads (at least 1), so that the
// per-thread series hold at most about kMaxOverTimeCells values whatever the run. (A span
// beyond 2^62 ns, 146 years, takes two buckets of the widest width, 2^62 ns, even when one
// was asked for.)
//
// Culprit per bucket: the thread with the most critical arrivals among the bucket's calls;
// ties go to the later thread in configuration order (metrics.md §1); share = its count / the
// bucket's calls. An empty bucket has no culprit (-1) and NaN means.

#include "core/analysis/callmatrix.h"
#include "core/analysis/overtimecalls.h"
#include "core/analysis/stage.h"
#include "core/analysis/topology.h"

#include <cstdint>
#include <vector>

namespace xylem {

// The finest width of the timeline's summaries (core/store/runsummary.cpp kInitialWidthNs);
// core/analysis cannot include the store, so the rule lives here once more, in one place.
inline constexpr std::int64_t kOverTimeBaseWidthNs = 1024;
inline constexpr size_t kMaxOverTimeBuckets = 4096;
inline constexpr size_t kMaxOverTimeCells = size_t(1) << 20; // threads x buckets

// The bucket width for calls starting in [0, lastStartNs] and at most `limit` buckets (>= 1).
std::int64_t overTimeBucketWidth(std::int64_t lastStartNs, size_t limit);
// The limit the width is chosen for: asked, capped by kMaxOverTimeBuckets and the cell budget.
size_t overTimeBucketLimit(size_t asked, size_t threads);

struct OverTimeOptions
{
    size_t maxBuckets = 256;
    // Wrapper of the thread whose stages are followed; -1: the end of the run's imbalance path,
    // found with one more pass over every gred of every call (a caller holding the report
    // passes report.imbalancePath.back()).
    int pathThread = -1;
};

struct StageOverTime
{
    Stage stage = Stage::Down;
    int wrapper = -1;
    Direction direction = Direction::Down;
    std::vector<double> meanNs; // per bucket, NaN when it has no call
};

struct ThreadOverTime
{
    int thread = -1;            // wrapper
    std::vector<double> meanNs; // call time (up - down) per bucket, NaN when empty
    std::vector<double> maxNs;  // NaN when empty
};

struct CulpritBucket
{
    int thread = -1;             // wrapper; -1 when the bucket has no call
    std::int64_t lastAtRoot = 0; // its critical arrivals in the bucket
    double share = 0;            // lastAtRoot / the bucket's calls (NaN when empty)
};

struct OverTime
{
    std::int64_t firstDownNs = 0;    // the origin, absolute
    std::int64_t widthNs = 0;        // 0 when the run has no complete call
    std::vector<std::int64_t> calls; // complete calls per bucket
    int pathThread = -1;
    std::vector<StageOverTime> stages;   // of pathThread's path, in the order they happen
    std::vector<ThreadOverTime> threads; // configuration order
    std::vector<CulpritBucket> culprits;

    size_t bucketCount() const { return calls.size(); }
    std::int64_t bucketStartNs(size_t i) const { return static_cast<std::int64_t>(i) * widthNs; }
};

// Consecutive non-empty buckets with the same culprit (empty buckets neither end nor start a
// stretch): its last-at-root count and calls summed over its buckets. One stretch: the same
// thread all run; the culprit changed stretches - 1 times.
struct CulpritStretch
{
    size_t firstBucket = 0;
    size_t lastBucket = 0;
    int thread = -1;
    std::int64_t lastAtRoot = 0;
    std::int64_t calls = 0;
};
std::vector<CulpritStretch> culpritStretches(const OverTime& series);

// calls: collectRunCalls(topology, matrix, ...) of the same matrix.
OverTime overTime(const Topology& topology, const CallMatrix& matrix, const RunCalls& calls,
                  const OverTimeOptions& options = {});

} // namespace xylem
