#include "core/live/runsamplewindow.h"

namespace xylem::live {

void RunSampleWindow::add(std::vector<store::SystemSample> samples)
{
    for (store::SystemSample& s : samples) {
        Series& series = m_series[{s.host, s.metric}];
        series.waiting.push_back(std::move(s));
    }
}

void RunSampleWindow::decide(Series& series, const store::TupleSpan& span,
                             std::vector<store::SystemSample>& out)
{
    auto& waiting = series.waiting;
    while (!waiting.empty() && waiting.front().timeNs < span.firstNs) {
        m_dropped += series.before ? 1 : 0;
        series.before = std::move(waiting.front());
        waiting.pop_front();
    }
    if (series.before && !waiting.empty()) { // a later sample is in or past the span
        out.push_back(std::move(*series.before));
        series.before.reset();
    }
    while (!waiting.empty() &&
           (waiting.front().timeNs <= span.lastNs || waiting.size() > kMaxWaiting)) {
        out.push_back(std::move(waiting.front()));
        waiting.pop_front();
    }
}

std::vector<store::SystemSample> RunSampleWindow::takeDecided(std::optional<store::TupleSpan> span)
{
    std::vector<store::SystemSample> out;
    for (auto& [key, series] : m_series) {
        if (span) {
            decide(series, *span, out);
            continue;
        }
        while (series.waiting.size() > kKeptBeforeSpan) {
            series.waiting.pop_front();
            ++m_dropped;
        }
    }
    return out;
}

std::vector<store::SystemSample> RunSampleWindow::takeRest(std::optional<store::TupleSpan> span)
{
    std::vector<store::SystemSample> out = takeDecided(span);
    for (auto& [key, series] : m_series) {
        if (series.before) { // the series never reached the span: its nearest sample
            out.push_back(std::move(*series.before));
        }
        if (!series.waiting.empty()) {
            // With a span, the first after its end; without one (no tuple ever stored), the
            // few newest kept.
            const size_t keep = span ? 1 : series.waiting.size();
            out.insert(out.end(), std::make_move_iterator(series.waiting.begin()),
                       std::make_move_iterator(series.waiting.begin() + keep));
            m_dropped += static_cast<std::int64_t>(series.waiting.size() - keep);
        }
    }
    m_series.clear();
    return out;
}

} // namespace xylem::live
