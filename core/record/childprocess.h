#pragma once

// A program a recording runs beside itself (the monitored workload): started with extra
// environment, its output kept in a file to show afterwards, asked to stop with SIGINT, never
// left behind (the destructor stops what is still running).
//
// It dies with the process that started it (xylem-cli, the GUI): it gets a lifeline
// (core/model/lifeline.h) at descriptor 3, named by $XYLEM_LIFELINE_FD, whose end it reads when
// that process ends however it ends (kill -9 too); xylem-gsum then stops its hosts and removes
// their rings and its run directory. No other descriptor of the starter (the tree's sockets,
// other lifelines) reaches it.

#include "core/model/lifeline.h"
#include "core/model/result.h"

#include <string>
#include <sys/types.h>
#include <vector>

namespace xylem::record {

// How a program ended: its exit code, or the signal that killed it.
struct ProcessExit
{
    bool signalled = false;
    int number = 0; // the exit code, or the signal

    std::string describe() const; // "exited with code 3", "killed by signal 9"
};

class ChildProcess
{
public:
    // outputFile empty: the output goes to a file without a name (nothing to clean up if
    // the starter is killed), readable through output() while this object lives. input: what
    // the program reads on stdin (empty: /dev/null).
    static Result<ChildProcess> start(const std::vector<std::string>& command,
                                      const std::vector<std::string>& environment,
                                      const std::string& outputFile, const std::string& input = {});
    ChildProcess(ChildProcess&& other) noexcept;
    ChildProcess& operator=(ChildProcess&&) = delete;
    ~ChildProcess();

    bool running();   // false once it ended (its status is then kept)
    void interrupt(); // SIGINT: a clean stop
    int wait();       // exit code, or 128 + signal
    const std::string& output() const { return m_outputFile; } // a path to read it from
    ProcessExit exitStatus() const;
    std::string describeExit() const { return exitStatus().describe(); }

private:
    ChildProcess(pid_t pid, std::string outputFile, int outputFd, Lifeline lifeline)
        : m_pid(pid)
        , m_outputFile(std::move(outputFile))
        , m_outputFd(outputFd)
        , m_lifeline(std::move(lifeline))
    {
    }

    pid_t m_pid = -1;
    int m_status = 0;
    bool m_ended = false;
    std::string m_outputFile;
    int m_outputFd = -1; // the nameless output file, kept open (-1 for a named one)
    Lifeline m_lifeline;
};

} // namespace xylem::record
