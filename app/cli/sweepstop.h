#pragma once

// Ctrl-C (SIGINT) or SIGTERM during `xylem-cli sweep` stops the sweep cleanly: the trial that
// is recording ends as a stopped recording does (its run is stored and summed up) and no further
// trial starts (tune::Sweep::stopFromSignal, async-signal-safe). As stoprequest.h does for one
// recording; the sweep is the one piece of static state its handler reaches.

#include "app/cli/stopsignals.h"
#include "core/tune/sweep.h"

#include <optional>

namespace xylem::cli {

class SweepStopRequest
{
public:
    explicit SweepStopRequest(tune::Sweep& sweep);
    ~SweepStopRequest();
    SweepStopRequest(const SweepStopRequest&) = delete;
    SweepStopRequest& operator=(const SweepStopRequest&) = delete;

private:
    std::optional<StopSignals> m_signals; // installed once the sweep is in place
};

} // namespace xylem::cli
