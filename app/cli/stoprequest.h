#pragma once

// Ctrl-C (SIGINT) or SIGTERM asks a recording to stop cleanly — the program is interrupted,
// what the rings still hold is drained, and the run is stored complete — instead of killing
// xylem-cli half-way. While a StopRequest lives, those signals only set its flag.
//
// A signal handler can reach nothing but static state: the flag is the one piece of it, and
// only this class touches it.

#include <csignal>

namespace xylem::cli {

class StopRequest
{
public:
    StopRequest();
    ~StopRequest();
    StopRequest(const StopRequest&) = delete;
    StopRequest& operator=(const StopRequest&) = delete;

    bool requested() const;

private:
    struct sigaction m_oldInt
    {
    };
    struct sigaction m_oldTerm
    {
    };
};

} // namespace xylem::cli
