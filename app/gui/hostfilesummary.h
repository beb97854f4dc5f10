#pragma once

// What a host file names, for Live ▸ Record on a Cluster to show before anything starts. This
// file includes no Qt header: Qt's `slots` keyword is a macro that would rewrite HostEntry.

#include "core/model/result.h"

#include <string>

namespace xylem::gui {

struct HostFileSummary
{
    int hosts = 0;
    int clusters = 0;        // distinct cluster names; a file that names none is one cluster
    long long slotCount = 0; // over every host
    int remote = 0;          // hosts not of this machine, started through the launcher
};

// The file's own error (naming file, line and cause) when it cannot be read or parsed.
Result<HostFileSummary> summarizeHostFile(const std::string& path);

} // namespace xylem::gui
