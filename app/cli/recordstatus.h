#pragma once

// What `xylem-cli record` tells its user: a one-line live status about once a second (redrawn
// in place on a terminal, a line each otherwise), and the summary at the end.

#include "app/cli/childprocess.h"
#include "core/live/liverecorder.h"
#include "core/store/runwriter.h"

#include <chrono>
#include <ostream>
#include <string>

namespace xylem::cli {

class RecordStatus
{
public:
    RecordStatus(std::ostream& out, bool terminal)
        : m_out(out)
        , m_terminal(terminal)
    {
    }
    void maybePrint(live::LiveRecorder& recorder);
    void finish(live::LiveRecorder& recorder);

private:
    void print(live::LiveRecorder& recorder);

    std::ostream& m_out;
    bool m_terminal;
    std::chrono::steady_clock::time_point m_last{};
};

// The accounting as stored with the run (kind "scope-accounting").
std::string accountingJson(const live::ScopeAccounting& accounting);

// workload: null when the program was started by someone else; stored: the finished writer's
// counts, which are the run's (the live engine may have given up calls that came too late).
void printSummary(std::ostream& out, live::LiveRecorder& recorder, const ChildProcess* workload,
                  const store::WriterCounters& stored, const std::string& sessionPath,
                  std::int64_t run);

} // namespace xylem::cli
