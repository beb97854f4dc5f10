#include "core/analysis/seriesstore.h"

#include <algorithm>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <span>

namespace xylem {

SeriesStore::SeriesStore(size_t seriesCount, size_t window, size_t expectedCalls,
                         size_t exactValues)
    : m_series(seriesCount)
    , m_staging(kBatch * seriesCount)
    , m_window(std::max<size_t>(window, 1))
    , m_exactValues(exactValues)
{
    for (auto& s : m_series) {
        s.reserve(expectedCalls);
    }
}

namespace {

// Eight values into a cache line nobody reads soon: stream them past the cache.
void storeLine(std::int64_t* to, const std::int64_t* staging, size_t stride)
{
#if defined(__SSE2__)
    for (size_t c = 0; c < SeriesStore::kBatch; c += 2) {
        const __m128i pair = _mm_set_epi64x(staging[(c + 1) * stride], staging[c * stride]);
        _mm_stream_si128(reinterpret_cast<__m128i*>(to + c), pair);
    }
#else
    for (size_t c = 0; c < SeriesStore::kBatch; ++c) {
        to[c] = staging[c * stride];
    }
#endif
}

} // namespace

void SeriesStore::flush()
{
    const size_t width = m_series.size();
    if (!m_summaries.empty()) {
        for (size_t s = 0; s < width; ++s) {
            for (size_t c = 0; c < m_staged; ++c) {
                m_summaries[s].running.add(m_staging[c * width + s]);
                m_summaries[s].histogram.add(m_staging[c * width + s]);
            }
        }
        m_staged = 0;
        return;
    }
    for (size_t s = 0; s < width; ++s) {
        AlignedVector<std::int64_t>& series = m_series[s];
        const size_t at = series.size();
        series.resize(at + m_staged);
        if (m_staged == kBatch && at % kBatch == 0) { // a whole, aligned cache line
            storeLine(series.data() + at, m_staging.data() + s, width);
        } else {
            for (size_t c = 0; c < m_staged; ++c) {
                series[at + c] = m_staging[c * width + s];
            }
        }
    }
#if defined(__SSE2__)
    _mm_sfence(); // streaming stores are weakly ordered: publish them before anyone reads
#endif
    m_staged = 0;
    if (m_calls > m_exactValues / std::max<size_t>(width, 1)) {
        summarise();
    }
}

void SeriesStore::summarise()
{
    m_summaries.reserve(m_series.size());
    for (AlignedVector<std::int64_t>& values : m_series) {
        Summary& summary = m_summaries.emplace_back(Summary{RunningStats(m_window), {}});
        for (const std::int64_t v : values) {
            summary.running.add(v);
            summary.histogram.add(v);
        }
        AlignedVector<std::int64_t>().swap(values); // give the memory back
    }
}

Stats SeriesStore::stats(size_t series)
{
    if (m_staged > 0) {
        flush();
    }
    if (!m_summaries.empty()) {
        const Summary& summary = m_summaries[series];
        Stats s = summary.running.stats();
        s.median = summary.histogram.median(s.min, s.max);
        s.p90 = summary.histogram.quantile(0.90, s.min, s.max);
        s.p99 = summary.histogram.quantile(0.99, s.min, s.max);
        s.p999 = summary.histogram.quantile(0.999, s.min, s.max);
        return s;
    }
    const AlignedVector<std::int64_t>& values = m_series[series];
    Stats s = computeStats(values);
    const size_t tail = std::min(values.size(), m_window);
    s.windowMedian = medianOf(std::span(values).last(tail));
    return s;
}

} // namespace xylem
