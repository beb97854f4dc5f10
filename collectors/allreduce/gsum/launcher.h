#pragma once

// A local "cluster": one xylem-gsum process per host of the configuration, started together,
// watched together. When one fails, the others are stopped and the launch says which host and
// why; Ctrl-C, SIGTERM, SIGHUP or the end of the launch's own parent (its lifeline) stops them
// all. Each host's report line is collected for the summary.
//
// Each host gets a lifeline (core/model/lifeline.h) at $XYLEM_LIFELINE_FD: killed, the launch
// leaves no host behind, and the hosts remove its run directory (XYLEM_GSUM_LAUNCHED) and,
// when they were the launch's own (XYLEM_GSUM_OWN_RINGS), their rings.

#include "collectors/allreduce/gsum/gsumbenchmark.h"
#include "core/model/result.h"

#include <atomic>
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

// Runs the plan to the end; an error names the host that failed first. When *stop turns true
// (the launch's parent is gone) the hosts are stopped as on Ctrl-C.
Result<LaunchOutcome> launchCluster(const LaunchPlan& plan,
                                    const std::atomic<bool>* stop = nullptr);

// Shared with the launch through a launcher (stdiolauncher.h): Ctrl-C, SIGTERM and SIGHUP set
// a flag instead of ending the launch (it stops its hosts first), and how a child ended.
void catchInterrupts();
bool interrupted();
std::string describeExit(int status); // "exited with code 1", "was killed by signal ..."

} // namespace xylem::allreduce
