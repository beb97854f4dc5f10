#pragma once

// Ctrl-C (SIGINT) or SIGTERM asks a long command to stop cleanly instead of killing xylem-cli
// half-way. While a StopRequest<Stoppable> lives, those signals only call stopFromSignal() on
// its object, which must be async-signal-safe:
//  - record::RecordingSession (`xylem-cli record`): the program is interrupted, what the rings
//    still hold is drained, and the run is stored complete;
//  - tune::Sweep (`xylem-cli sweep`): the trial that is recording ends as a stopped recording
//    does (its run is stored and summed up) and no further trial starts;
//  - tune::Tuner (`xylem-cli tune`): the try that is recording ends as a stopped recording does
//    (its run is stored) and no other starts; the path so far and the best are still printed.
//
// A signal handler can reach nothing but static state: the object it stops is the one piece of
// it, held type-erased (a function and the object's address) behind one lock-free atomic
// pointer, and only SignalStop touches it. One template, so the three commands share it.

#include "app/cli/stopsignals.h"

#include <optional>

namespace xylem::cli {

// What a signal stops: `stop(object)`, async-signal-safe.
struct StopTarget
{
    void (*stop)(void*);
    void* object;
};

// The part of StopRequest that does not depend on the type: while it lives, SIGINT and SIGTERM
// call target.stop(target.object). `target` must outlive it; one at a time.
class SignalStop
{
public:
    explicit SignalStop(const StopTarget& target);
    ~SignalStop();
    SignalStop(const SignalStop&) = delete;
    SignalStop& operator=(const SignalStop&) = delete;

private:
    std::optional<StopSignals> m_signals; // installed once the target is in place
};

template <class Stoppable> class StopRequest
{
public:
    explicit StopRequest(Stoppable& stoppable)
        : m_target{&stopThroughSignal, &stoppable}
        , m_signals(m_target)
    {
    }
    StopRequest(const StopRequest&) = delete;
    StopRequest& operator=(const StopRequest&) = delete;

private:
    static void stopThroughSignal(void* object)
    {
        static_cast<Stoppable*>(object)->stopFromSignal();
    }

    const StopTarget m_target;
    SignalStop m_signals; // after m_target: set up once it is in place, restored before it goes
};

} // namespace xylem::cli
