#pragma once

// xylem-gsum launch --launcher 'ssh {host} {command}' (or --rendezvous stdio): one host process
// per host of the configuration, started through a launcher command template (hosts that are
// this machine directly), with nothing shared between the machines but the hosts' stdin and
// stdout. The launch is their rendezvous (collectors/allreduce/stdiorendezvous.h): it writes
// each host its token and configuration, gathers every host's address, hands the list to all,
// and says go when every host is ready; then the hosts run and their report lines come back as
// with a local launch. Each host's stdin stays open as its lifeline.
//
// Every step is bounded by the start time-out. A host whose launcher fails (unreachable, no
// xylem-gsum there), that says something else than expected, dies, or does not answer in time
// ends the launch: the others are stopped (their stdin closed, then SIGTERM, then SIGKILL) and
// the error names the host and why, with the last line it wrote on stderr.

#include "collectors/allreduce/gsum/launcher.h"
#include "collectors/allreduce/stdiorendezvous.h"

#include <atomic>
#include <chrono>
#include <string>
#include <vector>

namespace xylem::allreduce {

struct StdioLaunchPlan
{
    std::string executable;       // xylem-gsum, at the same path on every machine
    std::string launcherTemplate; // "ssh {host} {command}"; empty: every host on this machine
    std::vector<std::string> hosts;
    std::vector<std::string> runArguments; // forwarded options (not --host, --rendezvous)
    StdioPreamble preamble;                // environment entries may hold {host}
    std::chrono::milliseconds startTimeout{30000};
};

Result<LaunchOutcome> launchThroughStdio(const StdioLaunchPlan& plan,
                                         const std::atomic<bool>* stop = nullptr);

} // namespace xylem::allreduce
