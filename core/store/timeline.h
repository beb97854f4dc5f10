#pragma once

// The timeline of a run at any zoom: a series (operation time, slowest-thread time, or one
// collector's up - down) over a time window, reduced to at most about maxPoints buckets with
// count, min, max and mean. Wide windows read a level of the stored summaries (a slice of one
// blob); windows narrower than the finest level read the raw per-call records (or tuples).
// Either way the cost depends on maxPoints, not on the size of the run.

#include "core/model/result.h"
#include "core/store/runloader.h"
#include "core/store/runsummary.h"
#include "core/store/session.h"

#include <cstdint>
#include <vector>

namespace xylem::store {

struct TimelineBucket
{
    std::int64_t startNs = 0;
    std::int64_t endNs = 0;
    std::int64_t count = 0;
    std::int64_t min = 0;
    std::int64_t max = 0;
    double mean = 0;
};

struct TimelineSlice
{
    int series = kOperationSeries;
    std::int64_t widthNs = 0;
    int level = -1;                      // the summary level read; -1 for raw records
    std::vector<TimelineBucket> buckets; // non-empty buckets only, in time order
};

// A recording's timeline so far, made from its writer's summaries (runwriter.h) rather than
// read from the session: the run's span and both call series, each at most maxPoints buckets
// over the whole span (so its size does not grow with the run), drawn like a stored run's.
struct LiveTimeline
{
    std::int64_t firstNs = 0; // the run's span so far (RunWriter::tupleSpan)
    std::int64_t lastNs = 0;
    std::int64_t calls = 0; // complete calls in the series
    TimelineSlice operation{kOperationSeries, 0, -1, {}};
    TimelineSlice slowest{kSlowestThreadSeries, 0, -1, {}};
};

LiveTimeline liveTimeline(const RunSummaryBuilder& summaries, std::int64_t firstNs,
                          std::int64_t lastNs, size_t maxPoints);

Result<TimelineSlice> queryTimeline(Session& session, std::int64_t run, int series,
                                    TimeWindow window, size_t maxPoints);
// The whole run.
Result<TimelineSlice> timelineOverview(Session& session, std::int64_t run, int series,
                                       size_t maxPoints);

} // namespace xylem::store
