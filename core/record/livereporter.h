#pragma once

// What a gathering recording tells its callbacks after a poll: the status about once a
// statusPeriod, the streaming engine's report about once a reportPeriod, and the troubled nodes
// whenever an episode begins or ends. Nothing is made for a callback that is not set (the
// engine's report costs time on the front-end).

#include "core/live/liverecorder.h"
#include "core/record/recordingevents.h"

#include <chrono>

namespace xylem::record {

class LiveReporter
{
public:
    explicit LiveReporter(const RecordingCallbacks& callbacks)
        : m_callbacks(callbacks)
    {
    }

    // After a poll: what is due.
    void polled(live::LiveRecorder& recorder, Phase phase);
    // All gathered: the status (final) and the report, whether due or not.
    void finish(live::LiveRecorder& recorder);

private:
    void status(live::LiveRecorder& recorder, Phase phase, bool final);
    void report(live::LiveRecorder& recorder);
    void troubles(const live::ScopeAccounting& accounting);

    using Clock = std::chrono::steady_clock;
    const RecordingCallbacks& m_callbacks;
    Clock::time_point m_lastStatus{};
    Clock::time_point m_lastReport{};
    std::size_t m_episodes = 0;    // troubles reported
    std::size_t m_ended = 0;       // of which over
    std::uint64_t m_notListed = 0; // troubles not listed, reported
};

} // namespace xylem::record
