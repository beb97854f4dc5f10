#pragma once

// The processes a test (or xylem-leakcheck) started, read from /proc: who descends from whom,
// whether one still runs (a pid reused by another process does not count), what its command
// line and environment say, which sockets it holds and which of those listen. For tests that
// must prove no process, descriptor or secret leaks, and kill what is left by pid, never by name.

#include <optional>
#include <set>
#include <string>
#include <sys/types.h>
#include <vector>

namespace xylem::testing {

// A process, told apart from a later one with its pid by its start time (clock ticks since boot).
struct ProcessId
{
    pid_t pid = -1;
    unsigned long long start = 0;

    bool operator<(const ProcessId& o) const
    {
        return pid != o.pid ? pid < o.pid : start < o.start;
    }
    bool operator==(const ProcessId&) const = default;
};

std::optional<ProcessId> processId(pid_t pid); // nullopt when there is no such process
bool isRunning(const ProcessId& process);      // same process, not a zombie

// Every process below root now, children before grandchildren (root itself not included).
std::vector<ProcessId> descendantsOf(pid_t root);
std::vector<ProcessId> childrenOf(pid_t parent);

std::vector<std::string> commandLineOf(pid_t pid);
std::string describeProcess(pid_t pid); // "1234 xylem-gsum run --host h0 ..."
// The value of NAME in the process's environment; nullopt when unset or unreadable.
std::optional<std::string> environmentValue(pid_t pid, const std::string& name);

// The inodes of the sockets the process holds (its /proc/PID/fd links "socket:[N]").
std::set<unsigned long> socketInodesOf(pid_t pid);
// The inodes of every listening socket on the machine (TCP over IPv4 and IPv6, UNIX).
std::set<unsigned long> listeningSocketInodes();

// SIGKILL to each process that still runs (by pid, checked against its start time), then
// waits until none runs (bounded). Returns how many were killed.
int killStillRunning(const std::vector<ProcessId>& processes);

} // namespace xylem::testing
