#pragma once

// While it lives, SIGINT (Ctrl-C) and SIGTERM go to `handler` instead of ending xylem-cli; the
// actions before it are restored when it goes. What the handler does is its owner's: it may
// reach only static state and async-signal-safe calls.

#include <csignal>

namespace xylem::cli {

class StopSignals
{
public:
    explicit StopSignals(void (*handler)(int))
    {
        struct sigaction action
        {
        };
        action.sa_handler = handler;
        sigemptyset(&action.sa_mask);
        sigaction(SIGINT, &action, &m_oldInt);
        sigaction(SIGTERM, &action, &m_oldTerm);
    }
    ~StopSignals()
    {
        sigaction(SIGINT, &m_oldInt, nullptr);
        sigaction(SIGTERM, &m_oldTerm, nullptr);
    }
    StopSignals(const StopSignals&) = delete;
    StopSignals& operator=(const StopSignals&) = delete;

private:
    struct sigaction m_oldInt
    {
    };
    struct sigaction m_oldTerm
    {
    };
};

} // namespace xylem::cli
