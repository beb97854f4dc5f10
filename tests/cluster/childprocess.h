#pragma once

// The harness's own children, without Qt: started with posix_spawn and an explicit descriptor
// plan (nothing else of this process leaks into them: a lifeline's write end held by a child
// would keep a host alive after the harness died), waited for with a bound (a pidfd wakes the
// wait when the child ends: no polling), and pipes read until a line or end-of-file.

#include "core/model/result.h"

#include <chrono>
#include <optional>
#include <string>
#include <sys/types.h>
#include <utility>
#include <vector>

namespace xylem::testing {

struct ChildPlan
{
    std::vector<std::string> argv;     // argv[0] is searched on PATH
    std::vector<std::string> extraEnv; // "NAME=VALUE", over this process's environment
    int stdinFd = -1;                  // -1: /dev/null
    int stdoutFd = -1;                 // -1: /dev/null
    int stderrFd = -1;                 // -1: where stdout goes
    std::vector<int> extraFds;         // descriptors here, put at 3, 4, ... in the child, in order
};

Result<pid_t> spawnChild(const ChildPlan& plan);

// The child's wait status once it ended (and is reaped); nullopt when it still runs at the
// time-out or is not a child of this process.
std::optional<int> waitChild(pid_t pid, std::chrono::milliseconds timeout);

// SIGKILL, then reaped; a child that already ended is only reaped.
void killChild(pid_t pid);

// "exit code 1", "killed by signal 9 (Killed)".
std::string describeStatus(int status);

// What fd gives until `stop` (included; nullopt: none) or end-of-file, waiting at most
// `timeout` in all; a time-out is an error (ErrorCode::TimedOut) carrying what came so far.
Result<std::string> readPipe(int fd, std::optional<char> stop, std::chrono::milliseconds timeout);

// Runs argv here (stdin /dev/null) and gives its stdout and stderr; an error naming the command
// and its status unless it exited with 0 within the time-out (then it is killed).
Result<std::string> runChild(const std::vector<std::string>& argv,
                             std::chrono::milliseconds timeout);

// The last `bytes` of a file (a log), for error messages; empty when unreadable.
std::string tailOfFile(const std::string& path, std::size_t bytes = 2000);

} // namespace xylem::testing
