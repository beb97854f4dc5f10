#include "core/analysis/overtime.h"

#include "core/analysis/callstages.h"
#include "core/analysis/stats.h"
#include "core/model/int128.h"

#include <algorithm>
#include <limits>

namespace xylem {

std::int64_t overTimeBucketWidth(std::int64_t lastStartNs, size_t limit)
{
    const auto most = static_cast<std::int64_t>(std::max<size_t>(limit, 1));
    std::int64_t width = kOverTimeBaseWidthNs;
    // Bucket count = lastStart / width + 1; a width of 2^62 holds any int64 span in 2 buckets.
    while (std::max<std::int64_t>(lastStartNs, 0) / width + 1 > most &&
           width < (std::int64_t(1) << 62)) {
        width *= 2;
    }
    return width;
}

size_t overTimeBucketLimit(size_t asked, size_t threads)
{
    const size_t byCells = kMaxOverTimeCells / std::max<size_t>(threads, 1);
    return std::max<size_t>(1, std::min({asked, kMaxOverTimeBuckets, byCells}));
}

namespace {

// Sums per (bucket, series), bucket-major so that one call touches one contiguous row.
struct Accumulator
{
    size_t series = 0;
    std::vector<Int128> sum;
    std::vector<std::int64_t> max;

    Accumulator(size_t buckets, size_t seriesCount)
        : series(seriesCount)
        , sum(buckets * seriesCount, 0)
        , max(buckets * seriesCount, std::numeric_limits<std::int64_t>::min())
    {
    }
    void add(size_t bucket, size_t s, std::int64_t v)
    {
        const size_t at = bucket * series + s;
        sum[at] += v;
        max[at] = std::max(max[at], v);
    }
    double mean(size_t bucket, size_t s, std::int64_t count) const
    {
        return count == 0
                   ? kNoValue
                   : static_cast<double>(sum[bucket * series + s]) / static_cast<double>(count);
    }
};

Direction directionOf(const StageSpan& span, int root, bool pastRoot)
{
    if (span.wrapper == root) {
        return Direction::Root;
    }
    return pastRoot ? Direction::Up : Direction::Down;
}

// The stage list of the path (same for every call): names and directions, no times.
std::vector<StageOverTime> stageShapes(const std::vector<StageSpan>& spans, int root)
{
    std::vector<StageOverTime> out;
    bool pastRoot = false;
    for (const StageSpan& s : spans) {
        out.push_back(StageOverTime{s.stage, s.wrapper, directionOf(s, root, pastRoot), {}});
        pastRoot = pastRoot || s.wrapper == root;
    }
    return out;
}

// The thread with the most critical arrivals in bucket b; ties to the later thread.
CulpritBucket culpritOf(const Topology& t, const std::vector<std::int64_t>& counts, size_t b,
                        std::int64_t calls)
{
    CulpritBucket c;
    if (calls == 0) {
        c.share = kNoValue;
        return c;
    }
    const size_t threads = t.threads().size();
    size_t best = 0;
    for (size_t i = 1; i < threads; ++i) {
        if (counts[b * threads + i] >= counts[b * threads + best]) {
            best = i;
        }
    }
    c.thread = t.threads()[best].wrapper;
    c.lastAtRoot = counts[b * threads + best];
    c.share = static_cast<double>(c.lastAtRoot) / static_cast<double>(calls);
    return c;
}

} // namespace

OverTime overTime(const Topology& topology, const CallMatrix& matrix, const RunCalls& calls,
                  const OverTimeOptions& options)
{
    OverTime out;
    out.firstDownNs = calls.firstDownNs;
    out.pathThread = options.pathThread >= 0 && options.pathThread < topology.wrapperCount() &&
                             topology.threadSlot(options.pathThread) >= 0
                         ? options.pathThread
                         : imbalanceThread(topology, matrix);
    const size_t threads = topology.threads().size();
    if (calls.calls.empty() || threads == 0) {
        return out;
    }
    std::int64_t lastStart = 0;
    for (const RunCall& c : calls.calls) {
        lastStart = std::max(lastStart, c.startNs);
    }
    out.widthNs = overTimeBucketWidth(lastStart, overTimeBucketLimit(options.maxBuckets, threads));
    const auto buckets = static_cast<size_t>(lastStart / out.widthNs + 1);
    const auto pathSlot = static_cast<size_t>(topology.threadSlot(out.pathThread));

    CallStages stages(topology);
    std::vector<StageSpan> spans;
    stages.evaluate(matrix.row(calls.calls.front().row));
    stages.stagesOf(pathSlot, spans);
    out.stages = stageShapes(spans, topology.root());

    out.calls.assign(buckets, 0);
    Accumulator callTime(buckets, threads);
    Accumulator stageTime(buckets, out.stages.size());
    std::vector<std::int64_t> critical(buckets * threads, 0);
    for (const RunCall& c : calls.calls) {
        const auto b = static_cast<size_t>(c.startNs / out.widthNs);
        const EdgeTimes* row = matrix.row(c.row);
        ++out.calls[b];
        for (size_t i = 0; i < threads; ++i) {
            const EdgeTimes& e = row[topology.threads()[i].wrapper];
            callTime.add(b, i, e.up - e.down);
        }
        ++critical[b * threads + static_cast<size_t>(topology.threadSlot(c.culprit))];
        stages.evaluate(row);
        stages.stagesOf(pathSlot, spans);
        for (size_t s = 0; s < spans.size(); ++s) {
            stageTime.add(b, s, spans[s].endNs - spans[s].startNs);
        }
    }

    for (size_t i = 0; i < threads; ++i) {
        ThreadOverTime t{topology.threads()[i].wrapper, {}, {}};
        for (size_t b = 0; b < buckets; ++b) {
            t.meanNs.push_back(callTime.mean(b, i, out.calls[b]));
            t.maxNs.push_back(
                out.calls[b] == 0 ? kNoValue : static_cast<double>(callTime.max[b * threads + i]));
        }
        out.threads.push_back(std::move(t));
    }
    for (size_t s = 0; s < out.stages.size(); ++s) {
        for (size_t b = 0; b < buckets; ++b) {
            out.stages[s].meanNs.push_back(stageTime.mean(b, s, out.calls[b]));
        }
    }
    for (size_t b = 0; b < buckets; ++b) {
        out.culprits.push_back(culpritOf(topology, critical, b, out.calls[b]));
    }
    return out;
}

std::vector<CulpritStretch> culpritStretches(const OverTime& series)
{
    std::vector<CulpritStretch> out;
    for (size_t i = 0; i < series.bucketCount(); ++i) {
        const CulpritBucket& b = series.culprits[i];
        if (b.thread < 0) {
            continue;
        }
        if (out.empty() || out.back().thread != b.thread) {
            out.push_back(CulpritStretch{i, i, b.thread, 0, 0});
        }
        out.back().lastBucket = i;
        out.back().lastAtRoot += b.lastAtRoot;
        out.back().calls += series.calls[i];
    }
    return out;
}

} // namespace xylem
