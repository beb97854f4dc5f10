#pragma once

// The MPI launch command as an MPI recording (mpirecording.h) runs it (mpirun and its ranks, or
// any program), in xylem-cli mpi or in the GUI's process alike (the recorder below):
//
// - its standard output and error are pipes that MpiOutputRelay (mpioutputrelay.h) reads as the
//   program writes them, so the recorder shows them as they come;
// - it runs in a process group of its own: Ctrl-C at the terminal reaches the recorder alone,
//   which passes exactly one SIGINT on (mpirun forwards it to the ranks), and a second stop can
//   end the whole group;
// - it dies with the recorder (PR_SET_PDEATHSIG: SIGTERM, on which mpirun ends its ranks), and
//   whatever is left of it when it ends (its group, and its descendants, looked up while it
//   runs: OpenMPI gives each rank a group of its own) is killed: never an orphan;
// - standard input is /dev/null (mpirun would otherwise forward the terminal to rank 0).

#include "core/model/result.h"
#include "core/record/childprocess.h"

#include <chrono>
#include <csignal>
#include <cstdint>
#include <string>
#include <sys/types.h>
#include <utility>
#include <vector>

namespace xylem::record {

class MpiProgram
{
public:
    // command.front() must name an executable file (mpilaunch.h's executable()).
    static Result<MpiProgram> start(const std::vector<std::string>& command,
                                    const std::vector<std::string>& environment);
    MpiProgram(MpiProgram&& other) noexcept;
    MpiProgram& operator=(MpiProgram&&) = delete;
    ~MpiProgram(); // still running: SIGTERM to its group, SIGKILL after a grace

    // The read ends of its standard output and error, for MpiOutputRelay (which owns them once
    // taken).
    int takeStdout() { return std::exchange(m_stdout, -1); }
    int takeStderr() { return std::exchange(m_stderr, -1); }

    bool running();   // false once it ended; what is left of its group is then killed
    void interrupt(); // SIGINT to the launcher (mpirun forwards it to the ranks)
    void terminate(); // SIGTERM to the whole group
    void kill();      // SIGKILL to the whole group
    int wait();       // exit code, or 128 + signal as shells give it
    std::string describeExit() const; // "exited with code 3", "was killed by signal 9 (Killed)"
    ProcessExit exitStatus() const;

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
    void endGroup();   // after the launcher ended: what is left of its family is killed
    void noteFamily(); // looks up the launcher's descendants (the ranks) while it runs
    void signalFamily(int signal);

    pid_t m_pid = -1; // also its process group
    int m_status = 0;
    bool m_ended = false;
    int m_stdout = -1;
    int m_stderr = -1;
    std::vector<Member> m_family;
    std::chrono::steady_clock::time_point m_nextLookUp{};
};

} // namespace xylem::record
