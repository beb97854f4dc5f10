#include "core/store/timeline.h"

#include "core/store/runcatalog.h"
#include "core/store/timebuckets.h"

#include <algorithm>
#include <map>

namespace xylem::store {

namespace {

struct StoredLevel
{
    std::int64_t rowid = 0;
    int level = 0;
    std::int64_t width = 1;
    std::int64_t first = 0;
    std::int64_t count = 0;
};

Result<std::vector<StoredLevel>> storedLevels(Database& db, std::int64_t run, int series)
{
    auto query =
        db.prepare("SELECT rowid, level, width_ns, first_bucket, length(data) FROM summaries "
                   "WHERE run_id = ? AND series = ? ORDER BY level");
    if (!query) {
        return query.error();
    }
    query.value().bind(1, run).bind(2, static_cast<std::int64_t>(series));
    std::vector<StoredLevel> levels;
    for (;;) {
        auto row = query.value().step();
        if (!row) {
            return row.error();
        }
        if (!row.value()) {
            return levels;
        }
        const Statement& r = query.value();
        levels.push_back(
            StoredLevel{r.columnInt(0), static_cast<int>(r.columnInt(1)),
                        std::max<std::int64_t>(1, r.columnInt(2)), r.columnInt(3),
                        r.columnInt(4) / static_cast<std::int64_t>(kBucketRecordSize)});
    }
}

Result<TimelineSlice> fromLevel(Database& db, const StoredLevel& level, int series,
                                TimeWindow window)
{
    TimelineSlice slice{series, level.width, level.level, {}};
    const std::int64_t from = std::max(floorDiv(window.fromNs, level.width), level.first);
    const std::int64_t to =
        std::min(floorDiv(window.toNs - 1, level.width), level.first + level.count - 1);
    if (from > to) {
        return slice;
    }
    auto bytes = db.readBlob("summaries", "data", level.rowid,
                             static_cast<size_t>(from - level.first) * kBucketRecordSize,
                             static_cast<size_t>(to - from + 1) * kBucketRecordSize);
    if (!bytes) {
        return bytes.error();
    }
    const std::vector<SummaryBucket> buckets = decodeBuckets(bytes.value());
    for (size_t i = 0; i < buckets.size(); ++i) {
        const SummaryBucket& b = buckets[i];
        if (b.count > 0) {
            const std::int64_t start = (from + static_cast<std::int64_t>(i)) * level.width;
            slice.buckets.push_back(TimelineBucket{start, start + level.width, b.count, b.min,
                                                   b.max, b.sum / static_cast<double>(b.count)});
        }
    }
    return slice;
}

// Raw values (time, value) reduced to buckets of the given width.
template <typename Values>
TimelineSlice bucketed(const Values& values, int series, TimeWindow window, std::int64_t width)
{
    std::map<std::int64_t, SummaryBucket> buckets;
    for (const auto& [time, value] : values) {
        buckets[floorDiv(time - window.fromNs, width)].add(value);
    }
    TimelineSlice slice{series, width, -1, {}};
    for (const auto& [k, b] : buckets) {
        const std::int64_t start = window.fromNs + k * width;
        slice.buckets.push_back(TimelineBucket{start, start + width, b.count, b.min, b.max,
                                               b.sum / static_cast<double>(b.count)});
    }
    return slice;
}

Result<TimelineSlice> fromRecords(Session& session, std::int64_t run, int series, TimeWindow window,
                                  std::int64_t width)
{
    std::vector<std::pair<std::int64_t, std::int64_t>> values;
    if (series < 0) {
        auto calls = loadCallsIn(session, run, window);
        if (!calls) {
            return calls.error();
        }
        for (const CallTimes& c : calls.value()) {
            values.emplace_back(c.startNs,
                                series == kOperationSeries ? c.operationTime : c.slowestThreadTime);
        }
    } else {
        auto tuples = loadTuplesIn(session, run, window);
        if (!tuples) {
            return tuples.error();
        }
        for (const Tuple& t : tuples.value()) {
            if (static_cast<int>(t.collector) == series) {
                values.emplace_back(t.down, t.up - t.down);
            }
        }
    }
    return bucketed(values, series, window, width);
}

} // namespace

Result<TimelineSlice> queryTimeline(Session& session, std::int64_t run, int series,
                                    TimeWindow window, size_t maxPoints)
{
    if (window.toNs <= window.fromNs || maxPoints == 0) {
        return makeError(ErrorCode::InvalidArgument, "an empty time window or no points asked for");
    }
    auto levels = storedLevels(session.database(), run, series);
    if (!levels) {
        return levels.error();
    }
    const auto span = static_cast<double>(window.toNs) - static_cast<double>(window.fromNs);
    const std::int64_t target =
        std::max<std::int64_t>(1, static_cast<std::int64_t>(span / static_cast<double>(maxPoints)));
    // The finest level whose buckets are at least `target` wide gives maxPoints / 8 to
    // maxPoints buckets. If even level 0 is more than a level step too coarse, the window is
    // narrow: the raw records are few, read them.
    const auto& all = levels.value();
    const auto fit = std::find_if(all.begin(), all.end(),
                                  [&](const StoredLevel& l) { return l.width >= target; });
    if (all.empty() || (fit == all.begin() && all.front().width >= target * kLevelFactor)) {
        return fromRecords(session, run, series, window, target);
    }
    return fromLevel(session.database(), fit == all.end() ? all.back() : *fit, series, window);
}

namespace {

TimelineSlice coarseSlice(const TimeBuckets& series, int id, size_t maxPoints)
{
    const TimeBuckets::Coarse coarse = series.coarse(maxPoints);
    TimelineSlice slice{id, coarse.width, -1, {}};
    for (size_t i = 0; i < coarse.buckets.size(); ++i) {
        const SummaryBucket& b = coarse.buckets[i];
        if (b.count > 0) {
            const std::int64_t start =
                (coarse.firstIndex + static_cast<std::int64_t>(i)) * coarse.width;
            slice.buckets.push_back(TimelineBucket{start, start + coarse.width, b.count, b.min,
                                                   b.max, b.sum / static_cast<double>(b.count)});
        }
    }
    return slice;
}

} // namespace

LiveTimeline liveTimeline(const RunSummaryBuilder& summaries, std::int64_t firstNs,
                          std::int64_t lastNs, size_t maxPoints)
{
    LiveTimeline live{firstNs, lastNs, 0,
                      coarseSlice(summaries.operation(), kOperationSeries, maxPoints),
                      coarseSlice(summaries.slowest(), kSlowestThreadSeries, maxPoints)};
    for (const TimelineBucket& b : live.operation.buckets) {
        live.calls += b.count;
    }
    return live;
}

Result<TimelineSlice> timelineOverview(Session& session, std::int64_t run, int series,
                                       size_t maxPoints)
{
    auto info = runInfo(session, run);
    if (!info) {
        return info.error();
    }
    if (!info->firstNs) {
        return TimelineSlice{series, 0, -1, {}};
    }
    return queryTimeline(session, run, series, TimeWindow{*info->firstNs, *info->lastNs + 1},
                         maxPoints);
}

} // namespace xylem::store
