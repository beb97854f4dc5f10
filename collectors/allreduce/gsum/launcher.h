#pragma once

// A local "cluster": one xylem-gsum process per host of the configuration, started together,
// watched together. When one fails, the others are stopped and the launch says which host and
// why; Ctrl-C stops them all. Each host's report line is collected for the summary.

#include "collectors/allreduce/gsum/gsumbenchmark.h"
#include "core/model/result.h"

#include <string>
#include <vector>

namespace xylem::allreduce {

struct LaunchPlan
{
    std::string executable; // xylem-gsum itself
    std::vector<std::string> hosts;
    std::vector<std::string> runArguments; // everything but --host
    std::vector<std::string> environment;  // extra NAME=VALUE for every host; {host} is its id
};

struct LaunchOutcome
{
    std::vector<HostReport> reports;
    bool interrupted = false;
};

// Runs the plan to the end; an error names the host that failed first.
Result<LaunchOutcome> launchCluster(const LaunchPlan& plan);

} // namespace xylem::allreduce
