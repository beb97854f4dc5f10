#pragma once

// Ctrl-C (SIGINT) or SIGTERM during `xylem-cli tune` stops the tuner cleanly: the try that is
// recording ends as a stopped recording does (its run is stored) and no other starts; the path
// so far and the best are still printed (tune::Tuner::stopFromSignal, async-signal-safe). As
// stoprequest.h does for one recording; the tuner is the one piece of static state its handler
// reaches.

#include "app/cli/stopsignals.h"
#include "core/tune/tuner.h"

#include <optional>

namespace xylem::cli {

class TuneStopRequest
{
public:
    explicit TuneStopRequest(tune::Tuner& tuner);
    ~TuneStopRequest();
    TuneStopRequest(const TuneStopRequest&) = delete;
    TuneStopRequest& operator=(const TuneStopRequest&) = delete;

private:
    std::optional<StopSignals> m_signals; // installed once the tuner is in place
};

} // namespace xylem::cli
