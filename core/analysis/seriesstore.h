#pragma once

// Every per-call value of every metric that needs an exact median, for all calls so far: one
// series per metric (a gred's down latency, a contributor's arrival wait, a thread's call
// time, ...), each receiving exactly one value per call.
//
// A call writes its values into a small call-major staging block that stays in L1; every
// kBatch calls the block is moved into the per-series arrays a whole cache line at a time,
// with streaming stores that skip reading the line first. Writing hundreds of series one
// value at a time instead stalls on cache misses (measured: a quarter of the analysis time). Values
// stay in arrival order, so the sliding-window median is simply the median of each series' tail.
//
// A live engine runs for hours: past `exactValues` values (over all series) each series keeps
// running statistics (count, mean, min, max, deviation, the sliding window) and a
// MedianHistogram instead of its values, so memory stays bounded by the number of series; the
// median over all calls is then within 0.4 % of the exact one, everything else as before.

#include "core/analysis/alignedbuffer.h"
#include "core/analysis/medianhistogram.h"
#include "core/analysis/runningstats.h"
#include "core/analysis/slidingwindowmedian.h"
#include "core/analysis/stats.h"

#include <cstdint>
#include <limits>
#include <vector>

namespace xylem {

class SeriesStore
{
public:
    static constexpr size_t kBatch = 8; // 8 x 8 bytes: one cache line per series per flush
    static constexpr size_t kAllExact = std::numeric_limits<size_t>::max();

    SeriesStore(size_t seriesCount, size_t window = kDefaultMedianWindow, size_t expectedCalls = 0,
                size_t exactValues = kAllExact);

    size_t seriesCount() const { return m_series.size(); }
    size_t calls() const { return m_calls; }
    // Whether every value is still kept (medians exact).
    bool exact() const { return m_summaries.empty(); }

    // The current call's row: write one value per series, then commit().
    std::int64_t* row() { return m_staging.data() + m_staged * m_series.size(); }
    void commit()
    {
        ++m_calls;
        if (++m_staged == kBatch) {
            flush();
        }
    }

    // Stats of one series over every committed call, windowMedian included. Non-const only
    // because it first moves staged calls into place; the values are not reordered.
    Stats stats(size_t series);

private:
    struct Summary
    {
        RunningStats running;
        MedianHistogram histogram;
    };

    void flush();
    void summarise(); // from exact values to summaries, once

    std::vector<AlignedVector<std::int64_t>> m_series; // emptied by summarise()
    std::vector<Summary> m_summaries;
    std::vector<std::int64_t> m_staging; // kBatch rows of seriesCount values
    size_t m_staged = 0;
    size_t m_calls = 0;
    size_t m_window;
    size_t m_exactValues;
};

} // namespace xylem
