#pragma once

// What `xylem-cli record` tells its user of a recording (core/record): a one-line live status
// about once a second (redrawn in place on a terminal, a line each otherwise), and the summary
// at the end.

#include "core/record/recordingevents.h"

#include <optional>
#include <ostream>

namespace xylem::cli {

class RecordStatus
{
public:
    RecordStatus(std::ostream& out, bool terminal)
        : m_out(out)
        , m_terminal(terminal)
    {
    }
    // The configuration names the culprit's thread.
    void setConfiguration(const Configuration& config) { m_config = config; }
    // A status from the session (about once a second, then a final one).
    void print(const record::RecordingStatus& status);

private:
    std::ostream& m_out;
    bool m_terminal;
    std::optional<Configuration> m_config;
};

void printSummary(std::ostream& out, const record::RecordingOutcome& outcome);

} // namespace xylem::cli
