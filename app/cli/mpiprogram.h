#pragma once

// The MPI launch command as `xylem-cli mpi` runs it (mpirun and its ranks, or any program):
//
// - its standard output and error are pipes that MpiConsole (mpiconsole.h) passes on to
//   xylem-cli's own as the program writes them, so Xylem's status line can step aside for them;
// - it runs in a process group of its own: Ctrl-C at the terminal reaches xylem-cli alone, which
//   passes exactly one SIGINT on (mpirun forwards it to the ranks), and a second one can end the
//   whole group;
// - it dies with xylem-cli (PR_SET_PDEATHSIG: SIGTERM, on which mpirun ends its ranks), and
//   whatever is left of it when it ends (its group, and its descendants, looked up while it
//   runs: OpenMPI gives each rank a group of its own) is killed: never an orphan;
// - standard input is /dev/null (mpirun would otherwise forward the terminal to rank 0).

#include "core/model/result.h"

#include <chrono>
#include <csignal>
#include <cstdint>
#include <string>
#include <sys/types.h>
#include <utility>
#include <vector>

namespace xylem::cli {

class MpiProgram
{
public:
    // command.front() must name an executable file (mpilaunch.h's executable()).
    static Result<MpiProgram> start(const std::vector<std::string>& command,
                                    const std::vector<std::string>& environment);
    MpiProgram(MpiProgram&& other) noexcept;
    MpiProgram& operator=(MpiProgram&&) = delete;
    ~MpiProgram(); // still running: SIGTERM to its group, SIGKILL after a grace

    // The read ends of its standard output and error, for MpiConsole::relay (which owns them
    // once taken).
    int takeStdout() { return std::exchange(m_stdout, -1); }
    int takeStderr() { return std::exchange(m_stderr, -1); }

    bool running(); // false once it ended; what is left of its group is then killed
    void interrupt();  // SIGINT to the launcher (mpirun forwards it to the ranks)
    void terminate();  // SIGTERM to the whole group
    void kill();       // SIGKILL to the whole group
    int wait();        // exit code, or 128 + signal as shells give it
    std::string describeExit() const; // "exited with code 3", "was killed by signal 9 (Killed)"

private:
    MpiProgram(pid_t pid, int out, int err)
        : m_pid(pid)
        , m_stdout(out)
        , m_stderr(err)
    {
    }
    struct Member
    {
        pid_t pid = 0;
        std::uint64_t start = 0; // /proc's start time: a reused pid is not the member
    };
    void endGroup();    // after the launcher ended: what is left of its family is killed
    void noteFamily();  // looks up the launcher's descendants (the ranks) while it runs
    void signalFamily(int signal);

    pid_t m_pid = -1; // also its process group
    int m_status = 0;
    bool m_ended = false;
    int m_stdout = -1;
    int m_stderr = -1;
    std::vector<Member> m_family;
    std::chrono::steady_clock::time_point m_nextLookUp{};
};

// Counts SIGINT and SIGTERM while it lives, instead of letting them end xylem-cli: the first asks
// the program to stop (the recording is kept), a second ends it. A signal handler reaches only
// static state: the count is the one piece of it, and only this class touches it.
class InterruptCount
{
public:
    InterruptCount();
    ~InterruptCount();
    InterruptCount(const InterruptCount&) = delete;
    InterruptCount& operator=(const InterruptCount&) = delete;

    int count() const;
    int lastSignal() const; // SIGINT or SIGTERM (0 before any)

private:
    struct sigaction m_oldInt
    {
    };
    struct sigaction m_oldTerm
    {
    };
};

} // namespace xylem::cli
