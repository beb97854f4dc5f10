#include "core/tune/sweep.h"

#include "core/record/recordingsession.h"

namespace xylem::tune {

Sweep::Sweep(std::vector<TrialSpec> trials, SweepCallbacks callbacks)
    : m_trials(std::move(trials))
    , m_callbacks(std::move(callbacks))
{
}

void Sweep::stop()
{
    m_stop.store(true);
    if (record::RecordingSession* session = m_current.load()) {
        session->stop();
    }
}

void Sweep::stopFromSignal() noexcept
{
    m_stop.store(true);
    if (record::RecordingSession* session = m_current.load()) {
        session->stopFromSignal();
    }
}

SweepEntry Sweep::runOne(const TrialSpec& spec)
{
    SweepEntry entry;
    entry.label = spec.label;
    auto prepared = prepareTrial(spec);
    if (!prepared) {
        entry.error = prepared.error();
        return entry;
    }
    entry.label = prepared->label;
    Result<record::RecordingOutcome> outcome = makeError(ErrorCode::InvalidArgument, "not run");
    {
        record::RecordingSession session(prepared->request, m_callbacks.recording);
        m_current.store(&session);
        if (m_stop.load()) { // a stop that came before the session could be reached
            session.stop();
        }
        outcome = session.run();
        m_current.store(nullptr);
    }
    if (!outcome) {
        entry.error = outcome.error();
        return entry;
    }
    auto result = trialResultOf(prepared.value(), outcome.value());
    if (!result) {
        entry.error = result.error();
        return entry;
    }
    entry.result.emplace(std::move(result).value());
    return entry;
}

std::vector<SweepEntry> Sweep::run()
{
    std::vector<SweepEntry> entries;
    std::optional<size_t> reference;
    const size_t count = m_trials.size();
    for (size_t i = 0; i < count; ++i) {
        if (m_stop.load()) {
            SweepEntry skipped;
            skipped.label = m_trials[i].label;
            skipped.ran = false;
            entries.push_back(std::move(skipped));
            continue;
        }
        if (m_callbacks.started) {
            m_callbacks.started(i, count, m_trials[i].label);
        }
        SweepEntry entry = runOne(m_trials[i]);
        if (entry.result && !entry.result->operationTimes.empty()) {
            if (!reference) {
                reference = i;
                entry.reference = true;
            }
            const TrialResult& first =
                *reference == i ? *entry.result : *entries[*reference].result;
            auto speedup = speedupOf(first, *entry.result);
            if (speedup) {
                entry.speedup = speedup.value();
            }
        }
        if (m_callbacks.finished) {
            m_callbacks.finished(i, count, entry);
        }
        entries.push_back(std::move(entry));
    }
    return entries;
}

} // namespace xylem::tune
