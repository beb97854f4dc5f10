#include "core/record/livereporter.h"

#include <algorithm>

namespace xylem::record {

void LiveReporter::polled(live::LiveRecorder& recorder, Phase phase)
{
    const auto now = Clock::now();
    if (m_callbacks.status && now - m_lastStatus >= m_callbacks.statusPeriod) {
        m_lastStatus = now;
        status(recorder, phase, false);
    }
    if (m_callbacks.timeline && now - m_lastTimeline >= m_callbacks.statusPeriod) {
        m_lastTimeline = now;
        timeline();
    }
    if (m_callbacks.liveReport && now - m_lastReport >= m_callbacks.reportPeriod) {
        m_lastReport = now;
        report(recorder);
    }
    troubles(recorder.accounting());
}

void LiveReporter::finish(live::LiveRecorder& recorder)
{
    if (m_callbacks.status) {
        status(recorder, Phase::Draining, true);
    }
    if (m_callbacks.timeline) {
        timeline();
    }
    if (m_callbacks.liveReport) {
        report(recorder);
    }
    troubles(recorder.accounting());
}

void LiveReporter::status(live::LiveRecorder& recorder, Phase phase, bool final)
{
    RecordingStatus s;
    s.phase = phase;
    s.final = final;
    s.accounting = recorder.accounting();
    s.completeCalls = recorder.completeCalls();
    s.imbalancePath = recorder.imbalancePath();
    s.collectorsOnly = recorder.scope().monitors.empty();
    m_callbacks.status(s);
}

void LiveReporter::report(live::LiveRecorder& recorder)
{
    m_callbacks.liveReport(recorder.report());
}

// On the recording's thread, which also appends to the writer: its summaries hold still.
void LiveReporter::timeline()
{
    if (!m_writer) {
        return;
    }
    const auto span = m_writer->tupleSpan();
    if (!span) {
        return; // nothing stored yet
    }
    m_callbacks.timeline(store::liveTimeline(m_writer->summaries(), span->firstNs, span->lastNs,
                                             m_callbacks.timelinePoints));
}

void LiveReporter::troubles(const live::ScopeAccounting& a)
{
    if (!m_callbacks.troubles) {
        return;
    }
    const auto ended = static_cast<std::size_t>(
        std::count_if(a.troubles.begin(), a.troubles.end(),
                      [](const live::NodeTrouble& t) { return t.until.has_value(); }));
    if (a.troubles.size() == m_episodes && ended == m_ended && a.troublesNotListed == m_notListed) {
        return;
    }
    m_episodes = a.troubles.size();
    m_ended = ended;
    m_notListed = a.troublesNotListed;
    m_callbacks.troubles(a.troubles);
}

} // namespace xylem::record
