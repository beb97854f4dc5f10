#pragma once

// An MPI program recorded live, start to end, as a library: a collector on each node of the job
// (the hosts its mpirun or srun names, mpilaunch.h; others through the launcher), the command
// run with the PMPI interposer preloaded (and forwarded to the other nodes), the ranks' tuples
// gathered while it runs, and the decoded MpiTrace stored (store::addMpiTrace), corrected onto
// one host's clock, with every host's clock model and a run per collective kind
// (mpistoring.h). xylem-cli mpi prints what it reports; the GUI runs it on a worker thread.
//
//   record::MpiRecording recording(request, callbacks);
//   std::thread worker([&] { outcome = recording.run(); });   // blocks until stored
//   ...  recording.stop();                                    // from any thread
//
// Stopping is the user's Ctrl-C: the first stop() interrupts the program (SIGINT to the
// launcher, which forwards it to the ranks) and the recording goes on until it ends; a second
// ends the program's whole group (SIGTERM, SIGKILL after a grace); a third kills it at once.
// Whatever the program recorded is stored, however it ended.
//
// run() reports through the callbacks on the calling thread, except output, which comes from
// the thread that reads the program's pipes (mpioutputrelay.h). It returns the outcome once the
// program ended and what it recorded is stored — or, when it recorded no MPI call, with no runs
// and noCalls saying why (a session file made for it is removed again) — or an error when
// Xylem failed (a bad request, a tree that did not start, a session that cannot be written).

#include "core/model/mpitrace.h"
#include "core/model/mpitracejson.h"
#include "core/model/result.h"
#include "core/model/run.h"
#include "core/record/childprocess.h"
#include "core/record/mpioutputrelay.h"
#include "core/record/mpistoring.h"
#include "core/record/recordingevents.h"

#include <array>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace xylem::record {

class MpiGather;
class MpiProgram;

struct MpiRecordRequest
{
    std::vector<std::string> command; // mpirun and its arguments (a bare name found on $PATH)
    std::string sessionPath;          // created if missing
    std::string name;                 // the run's; empty: "mpi PROGRAM"
    std::string notes;
    RunShape shape = RunShape::Hierarchy;
    std::int64_t ringCapacity = 1 << 20; // tuples each rank's ring holds, 2 .. 2^26
    std::string listen = "auto";         // where the gather tree's front-end listens
    // The job's machines: hosts when given, else those of hostFile, else those the command names
    // (mpiJobHosts); none: this one.
    std::vector<std::string> hosts;
    std::string hostFile;
    std::string launcher = "ssh {host} {command}"; // starts a collector on other machines
    // XYLEM_MPI_TREE of the ranks (collectors/mpi/treecollectives.h; core/model/ranktree.h's
    // SPEC, a tree file's path absolute): set in the program's environment and forwarded to
    // other hosts. Empty: the ranks get what this process's environment has.
    std::string tree;
    // XYLEM_MPI_ADAPT of the ranks (collectors/mpi/treeadapt.h: the candidate trees of the
    // world's Allreduce, comma-separated, files' paths absolute); empty: not set here.
    std::string adapt;
};

struct MpiRecordingStatus
{
    std::int64_t tuples = 0;    // gathered so far
    double seconds = 0;         // since the program started
    double tuplesPerSecond = 0; // since the last status
};

// Why a program recorded no MPI call (nothing was stored).
enum class MpiNoCalls
{
    LauncherFailed, // a launcher that failed: its own message says why
    FailedEarly,    // the program failed before MPI_Init, or is no MPI program
    NotVisible,     // it ended well but never called MPI_Init, or links MPI statically
};

struct MpiRecordingOutcome
{
    std::string sessionPath;
    std::string program;               // the program the run is named after ("ring")
    std::string launcher;              // the command's first word ("mpirun")
    ProcessExit exit;                  // the program's
    int exitCode = 0;                  // its exit code, or 128 + signal as shells give it
    std::string programExit;           // "exited with code 0", "was killed by signal 9 (Killed)"
    bool interrupted = false;          // stop() came before it ended
    bool complete = false;             // rank 0 wrote the run's description at MPI_Finalize
    std::int64_t unmatchedDetails = 0; // calls lost to full rings
    std::size_t ranks = 0;
    std::size_t communicators = 0;
    std::size_t events = 0; // the trace's events
    std::int64_t calls = 0; // MPI calls (a Waitall finishing three requests is one)
    std::array<std::int64_t, kMpiCallCount> callsByKind{};
    std::vector<StoredMpiRun> runs; // as storeMpiRuns stored them; empty: nothing stored
    std::optional<MpiNoCalls> noCalls;
    // The run-time tuner's record (--adapt, collectors/mpi/treeadapt.h), from the description.
    std::optional<MpiTreeAdapt> adapt;
};

struct MpiRecordingCallbacks
{
    // StartingTree, Recording (the program runs), Draining, Storing.
    std::function<void(Phase)> phase;
    // About once a statusPeriod while the program runs.
    std::function<void(const MpiRecordingStatus&)> status;
    // The program's output as it writes it (the relay's thread).
    MpiOutputRelay::Sink output;

    std::chrono::milliseconds statusPeriod{1000};
};

class MpiRecording
{
public:
    MpiRecording(MpiRecordRequest request, MpiRecordingCallbacks callbacks);
    MpiRecording(const MpiRecording&) = delete;
    MpiRecording& operator=(const MpiRecording&) = delete;

    // Once per recording.
    Result<MpiRecordingOutcome> run();

    // Thread-safe; may come before run() (the program is interrupted once it runs) or after.
    void stop();
    int stops() const { return m_stops.load(); }

    // Waits until `deadline` or a stop beyond `seen`; the stops so far.
    int waitForStop(int seen, std::chrono::steady_clock::time_point deadline) const;

private:
    Result<bool> gatherWhileRunning(MpiGather& gather, MpiProgram& program, MpiOutputRelay& relay);
    void enter(Phase phase) const;

    MpiRecordRequest m_request;
    MpiRecordingCallbacks m_callbacks;
    std::atomic<int> m_stops{0};
    mutable std::mutex m_mutex;
    mutable std::condition_variable m_wake;
    bool m_ran = false;
};

} // namespace xylem::record
