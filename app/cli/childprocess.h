#pragma once

// A program xylem-cli runs beside itself (the monitored workload): started with extra
// environment, its output kept in a file to show afterwards, asked to stop with SIGINT, never
// left behind (the destructor kills what is still running).

#include "core/model/result.h"

#include <string>
#include <sys/types.h>
#include <vector>

namespace xylem::cli {

class ChildProcess
{
public:
    static Result<ChildProcess> start(const std::vector<std::string>& command,
                                      const std::vector<std::string>& environment,
                                      const std::string& outputFile);
    ChildProcess(ChildProcess&& other) noexcept;
    ChildProcess& operator=(ChildProcess&&) = delete;
    ~ChildProcess();

    bool running();   // false once it ended (its status is then kept)
    void interrupt(); // SIGINT: a clean stop
    int wait();       // exit code, or 128 + signal
    const std::string& output() const { return m_outputFile; }
    std::string describeExit() const; // "exited with code 3", "killed by signal 9"

private:
    ChildProcess(pid_t pid, std::string outputFile)
        : m_pid(pid)
        , m_outputFile(std::move(outputFile))
    {
    }

    pid_t m_pid = -1;
    int m_status = 0;
    bool m_ended = false;
    std::string m_outputFile;
};

} // namespace xylem::cli
