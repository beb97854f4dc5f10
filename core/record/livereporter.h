#pragma once

// What a gathering recording tells its callbacks after a poll: the status and the run's
// timeline so far about once a statusPeriod, the streaming engine's report about once a
// reportPeriod, and the troubled nodes whenever an episode begins or ends. Nothing is made for a
// callback that is not set (the engine's report costs time on the front-end).

#include "core/live/liverecorder.h"
#include "core/record/recordingevents.h"
#include "core/store/runwriter.h"

#include <chrono>

namespace xylem::record {

class LiveReporter
{
public:
    explicit LiveReporter(const RecordingCallbacks& callbacks)
        : m_callbacks(callbacks)
    {
    }

    // The run being written, whose summaries the timeline is made of (none: no timeline).
    void useWriter(const store::RunWriter* writer) { m_writer = writer; }
    // After a poll: what is due.
    void polled(live::LiveRecorder& recorder, Phase phase);
    // All gathered: the status (final), the timeline and the report, whether due or not.
    void finish(live::LiveRecorder& recorder);

private:
    void status(live::LiveRecorder& recorder, Phase phase, bool final);
    void report(live::LiveRecorder& recorder);
    void timeline();
    void troubles(const live::ScopeAccounting& accounting);

    using Clock = std::chrono::steady_clock;
    const RecordingCallbacks& m_callbacks;
    Clock::time_point m_lastStatus{};
    Clock::time_point m_lastReport{};
    Clock::time_point m_lastTimeline{};
    const store::RunWriter* m_writer = nullptr;
    std::size_t m_episodes = 0;    // troubles reported
    std::size_t m_ended = 0;       // of which over
    std::uint64_t m_notListed = 0; // troubles not listed, reported
};

} // namespace xylem::record
