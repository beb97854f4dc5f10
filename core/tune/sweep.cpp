#include "core/tune/sweep.h"

#include "core/record/recordingsession.h"

#include <chrono>
#include <future>

namespace xylem::tune {

Sweep::Sweep(std::vector<TrialSpec> trials, SweepCallbacks callbacks)
    : m_trials(std::move(trials))
    , m_callbacks(std::move(callbacks))
{
}

Sweep::Sweep(std::vector<MpiTrialSpec> trials, SweepCallbacks callbacks)
    : m_mpiTrials(std::move(trials))
    , m_callbacks(std::move(callbacks))
{
}

const std::string& Sweep::labelOf(size_t index) const
{
    return m_trials.empty() ? m_mpiTrials[index].label : m_trials[index].label;
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

// The MPI recording runs on a thread of its own while this one passes a stop on: its stop() is
// not for a signal handler, which only sets m_stop.
SweepEntry Sweep::runOne(const MpiTrialSpec& spec)
{
    SweepEntry entry;
    entry.label = spec.label;
    record::MpiRecordingCallbacks callbacks;
    callbacks.phase = m_callbacks.recording.phase;
    callbacks.output = m_callbacks.programOutput ? m_callbacks.programOutput
                                                 : [](record::MpiStream, std::string_view) {};
    record::MpiRecording recording(spec.request, callbacks);
    auto outcome = std::async(std::launch::async, [&recording] { return recording.run(); });
    bool stopped = false;
    while (outcome.wait_for(std::chrono::milliseconds(50)) != std::future_status::ready) {
        if (m_stop.load() && !stopped) {
            recording.stop(); // the program is interrupted; what it recorded is stored
            stopped = true;
        }
    }
    auto done = outcome.get();
    if (!done) {
        entry.error = done.error();
        return entry;
    }
    auto result = mpiTrialResultOf(spec, done.value());
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
    const size_t count = m_trials.empty() ? m_mpiTrials.size() : m_trials.size();
    for (size_t i = 0; i < count; ++i) {
        if (m_stop.load()) {
            SweepEntry skipped;
            skipped.label = labelOf(i);
            skipped.ran = false;
            entries.push_back(std::move(skipped));
            continue;
        }
        if (m_callbacks.started) {
            m_callbacks.started(i, count, labelOf(i));
        }
        SweepEntry entry = m_trials.empty() ? runOne(m_mpiTrials[i]) : runOne(m_trials[i]);
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
