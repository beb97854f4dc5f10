#pragma once

// Ctrl-C (SIGINT) or SIGTERM asks a recording to stop cleanly — the program is interrupted,
// what the rings still hold is drained, and the run is stored complete — instead of killing
// xylem-cli half-way. While a StopRequest lives, those signals only ask its session to stop
// (record::RecordingSession::stopFromSignal, async-signal-safe).
//
// A signal handler can reach nothing but static state: the session it stops is the one piece
// of it, and only this class touches it.

#include "app/cli/stopsignals.h"
#include "core/record/recordingsession.h"

#include <optional>

namespace xylem::cli {

class StopRequest
{
public:
    explicit StopRequest(record::RecordingSession& session);
    ~StopRequest();
    StopRequest(const StopRequest&) = delete;
    StopRequest& operator=(const StopRequest&) = delete;

private:
    std::optional<StopSignals> m_signals; // installed once the session is in place
};

} // namespace xylem::cli
