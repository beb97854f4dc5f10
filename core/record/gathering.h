#pragma once

// The recording's main loop: pulls the scope's streams every pull period while the program runs
// (and until the duration is up; with no program, for the duration), then drains what the rings
// still hold. A stop request interrupts the program and goes on to the drain.

#include "core/record/childprocess.h"
#include "core/record/livereporter.h"
#include "core/record/recordscope.h"
#include "core/record/stopflag.h"

#include <chrono>
#include <functional>

namespace xylem::record {

struct GatherContext
{
    RecordScope& scope;
    ChildProcess* workload; // null: the program was started by someone else
    const RecordPlan& plan;
    std::chrono::milliseconds slowAfter; // the tree's slow time-out
    LiveReporter& reporter;
    const StopFlag& stop;
    const RecordingCallbacks& callbacks;
    std::function<void()> between; // after each poll while the program runs
};

// Ends with the final status and report. An error: a poll failed (the tree gave up).
Result<Ok> gather(GatherContext& context);

} // namespace xylem::record
