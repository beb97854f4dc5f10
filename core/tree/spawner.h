#pragma once

// Starts the processes of a subtree: directly on this machine, or through a launcher command
// template such as "ssh {host} {command}" for other hosts. The tree's token goes to the child
// on its stdin, never on a command line others can read, and stdin then stays open as the
// child's lifeline (core/model/lifeline.h): when this process ends, however it ends, the child
// reads end-of-file and leaves (ssh forwards that too). No other descriptor of this process
// reaches the child. Children started here are stopped and reaped when the Spawner goes.

#include "core/model/launchertemplate.h"
#include "core/model/lifeline.h"
#include "core/model/result.h"

#include <string>
#include <sys/types.h>
#include <vector>

namespace xylem::tree {

struct SpawnRequest
{
    std::string host;                 // where; local names run directly
    std::vector<std::string> command; // argv
    std::string stdinText;            // written to the child's stdin, then closed
};

class Spawner
{
public:
    explicit Spawner(std::string launcherTemplate = {});
    ~Spawner();
    Spawner(const Spawner&) = delete;
    Spawner& operator=(const Spawner&) = delete;

    Result<pid_t> spawn(const SpawnRequest& request);
    // Asks every child to stop (SIGTERM), waits for them (one that is still there after a few
    // seconds is killed), and lets go of their lifelines.
    void stopAll();
    // Children that ended, reaped without waiting: (pid, a description of how it ended).
    std::vector<std::pair<pid_t, std::string>> reapEnded();

    // This machine: "", "localhost", its host name, or a loopback address.
    static bool isLocal(const std::string& host);

private:
    std::vector<std::string> argvFor(const SpawnRequest& request) const;

    struct Child
    {
        pid_t pid;
        Lifeline lifeline;
    };

    std::string m_template;
    std::vector<Child> m_children;
};

// The launcher template, one for the tree and xylem-gsum: core/model/launchertemplate.h.
using xylem::checkLauncherTemplate;
using xylem::launcherArgv;
using xylem::launcherIsRemoteShell;
using xylem::shellQuote;

} // namespace xylem::tree
