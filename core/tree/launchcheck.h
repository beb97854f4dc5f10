#pragma once

// Before a tree starts on other machines, each of their hosts is reached once through the
// launcher ("ssh {host} {command}"), all at once, to check that the programs the tree will
// start there exist. An unreachable host, a launcher that cannot log in, or a missing program
// is then named with its host and the launcher's own words ("ssh: Could not resolve hostname
// ...") within the time-out, instead of as a node that never joined. The checks run in a
// session of their own, without a terminal: a launcher that would ask for a password fails
// instead of waiting for an answer nobody gives.

#include "core/model/result.h"

#include <chrono>
#include <string>
#include <vector>

namespace xylem::tree {

struct LaunchCheck
{
    std::string host;
    std::vector<std::string> programs; // absolute paths that must be executable there
};

// Ok, or one error naming every host that failed and why (TimedOut when the only trouble is
// hosts that did not answer in time).
Result<Ok> checkLaunches(const std::string& launcherTemplate,
                         const std::vector<LaunchCheck>& checks, std::chrono::milliseconds timeout);

} // namespace xylem::tree
