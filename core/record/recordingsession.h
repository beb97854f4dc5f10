#pragma once

// A live recording, start to end, as a library: plan the request, open the session file, run
// the baseline, start the gather tree (or let attached collectors join it), deploy the scope or
// design, start the program, pull its streams into the streaming engine and the session while
// it runs (redeploying a changed design), stop, drain, and store the run with its scopes,
// accounting and clock models. xylem-cli record prints what it reports; the GUI runs it on a
// worker thread and shows it.
//
//   record::RecordingSession session(request, callbacks);
//   std::thread worker([&] { outcome = session.run(); });   // run() blocks until stored
//   ...  session.stop();                                    // from any thread, at any time
//
// run() reports through the callbacks (recordingevents.h) on the calling thread. It returns
// the outcome once the run is stored — with outcome.incomplete set when gathering failed after
// the run began (the run keeps what came before) — or an error when nothing was stored (a bad
// request, a tree that did not start, a session that cannot be written).

#include "core/record/recordingevents.h"
#include "core/record/recordrequest.h"
#include "core/record/stopflag.h"

namespace xylem::record {

class RecordingSession
{
public:
    RecordingSession(RecordRequest request, RecordingCallbacks callbacks);
    RecordingSession(const RecordingSession&) = delete;
    RecordingSession& operator=(const RecordingSession&) = delete;

    // Once per session.
    Result<RecordingOutcome> run();

    // Ends the recording cleanly: the program is interrupted, the rings drained, the run stored
    // (run() then returns). Before the program runs, the recording ends as soon as it can.
    // Thread-safe; may come before run() or after it ended.
    void stop() { m_stop.request(); }
    // The same from a signal handler (xylem-cli's Ctrl-C): async-signal-safe.
    void stopFromSignal() noexcept { m_stop.requestFromSignal(); }
    bool stopRequested() const { return m_stop.requested(); }

private:
    RecordRequest m_request;
    RecordingCallbacks m_callbacks;
    StopFlag m_stop;
    bool m_ran = false;
};

} // namespace xylem::record
