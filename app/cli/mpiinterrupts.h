#pragma once

// xylem-cli mpi's Ctrl-C: counts SIGINT and SIGTERM while it lives, instead of letting them end
// xylem-cli; the command turns each new one into a stop of the recording (the first interrupts
// the program and the recording is kept, a second ends it, a third kills it). A signal handler
// reaches only static state: the count is the one piece of it, and only this class touches it.

#include "app/cli/stopsignals.h"

#include <optional>

namespace xylem::cli {

class InterruptCount
{
public:
    InterruptCount();
    ~InterruptCount();
    InterruptCount(const InterruptCount&) = delete;
    InterruptCount& operator=(const InterruptCount&) = delete;

    int count() const;
    int lastSignal() const; // SIGINT or SIGTERM (0 before any)

private:
    std::optional<StopSignals> m_signals; // installed once the count is reset
};

} // namespace xylem::cli
