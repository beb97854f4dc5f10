#pragma once

// The program a recording starts: xylem-gsum launching the plan's configuration (read from its
// stdin) with the rings of every host under one prefix, instrumented or not (the baseline).

#include "core/record/childprocess.h"
#include "core/record/recordplan.h"
#include "core/record/stopflag.h"

#include <string>

namespace xylem::record {

// The shared-memory prefix of a recording's rings, removed at the end whatever happened.
// (Killed, the recording removes nothing: its program and collectors, who outlive it, do,
// lifeline.h. The program's configuration and output are files without a name: nothing to
// leave behind.)
class RingScratch
{
public:
    RingScratch(); // "xylem-rec-PID-"
    ~RingScratch();
    RingScratch(const RingScratch&) = delete;
    RingScratch& operator=(const RingScratch&) = delete;

    const std::string& ringBase() const { return m_ringBase; } // every ring starts with it

private:
    std::string m_ringBase;
};

Result<ChildProcess> startWorkload(const RecordPlan& plan, const RingScratch& scratch,
                                   bool instrumented);

// The program's time per iteration without collectors, for the slowdown (baseline). A stop
// request interrupts it: an error, no baseline.
Result<double> runBaseline(const RecordPlan& plan, const RingScratch& scratch,
                           const StopFlag& stop);

} // namespace xylem::record
