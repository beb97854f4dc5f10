#include "core/store/sloweststoredcall.h"

#include "core/analysis/calldetail.h"
#include "core/store/timeline.h"

#include <algorithm>
#include <vector>

namespace xylem::store {

namespace {

constexpr size_t kBuckets = 256; // few records per bucket for a run of millions of calls

struct Slowest
{
    std::int64_t seq = 0;
    std::int64_t operationTime = 0;
};

// The slowest call starting in [from, to), by the records of that span.
Result<std::optional<Slowest>> slowestIn(Session& session, std::int64_t run, TimeWindow span)
{
    XYLEM_TRY(calls, loadCallsIn(session, run, span));
    const std::optional<std::int64_t> seq = slowestCall(calls.value());
    if (!seq) {
        return std::optional<Slowest>();
    }
    const auto it = std::find_if(calls->begin(), calls->end(),
                                 [&](const CallTimes& c) { return c.seq == *seq; });
    return std::optional(Slowest{it->seq, it->operationTime});
}

bool beats(const Slowest& a, const std::optional<Slowest>& b)
{
    return !b || a.operationTime > b->operationTime ||
           (a.operationTime == b->operationTime && a.seq > b->seq);
}

} // namespace

Result<std::optional<std::int64_t>> slowestStoredCall(Session& session, std::int64_t run,
                                                      std::optional<TimeWindow> window)
{
    XYLEM_TRY(timeline, window ? queryTimeline(session, run, kOperationSeries, *window, kBuckets)
                               : timelineOverview(session, run, kOperationSeries, kBuckets));
    std::vector<TimelineBucket> buckets = std::move(timeline->buckets);
    std::sort(buckets.begin(), buckets.end(),
              [](const TimelineBucket& a, const TimelineBucket& b) { return a.max > b.max; });
    // A bucket's max is its slowest call's operation time, or more when the bucket reaches past
    // the window's edge (its slowest call may start outside): a bound, never less than what
    // the bucket holds inside the window. Buckets are read while one could still hold a call
    // as slow as the slowest found (equal: a later seq wins the tie).
    std::optional<Slowest> best;
    for (const TimelineBucket& b : buckets) {
        if (best && b.max < best->operationTime) {
            break;
        }
        TimeWindow span{b.startNs, b.endNs};
        if (window) {
            span = {std::max(span.fromNs, window->fromNs), std::min(span.toNs, window->toNs)};
        }
        if (span.fromNs >= span.toNs) {
            continue;
        }
        XYLEM_TRY(found, slowestIn(session, run, span));
        if (found.value() && beats(*found.value(), best)) {
            best = found.value();
        }
    }
    return best ? std::optional(best->seq) : std::nullopt;
}

} // namespace xylem::store
