#include "core/record/mpirecording.h"

#include "core/model/launchertemplate.h"
#include "core/model/mpiassemble.h"
#include "core/model/mpikinds.h"
#include "core/model/mpitracejson.h"
#include "core/model/mpituple.h"
#include "core/model/tupleclock.h"
#include "core/record/mpidescription.h"
#include "core/record/mpienvironment.h"
#include "core/record/mpigather.h"
#include "core/record/mpilaunch.h"
#include "core/record/mpiprogram.h"
#include "core/store/mpitreeadapt.h"
#include "core/tree/listenaddress.h"

#include <filesystem>
#include <set>
#include <tuple>

namespace xylem::record {

namespace {

constexpr auto kPollTimeout = std::chrono::milliseconds(5000);
constexpr auto kLoopPeriod = std::chrono::milliseconds(100); // a stop is acted on at once
constexpr auto kEndGrace = std::chrono::seconds(5); // after a second stop: SIGTERM, then SIGKILL
constexpr auto kStreamGrace = std::chrono::milliseconds(2000); // for the program's last output

// A session file this recording made is removed again when nothing was stored in it (after
// the session is closed: this is declared before it).
struct NewSessionFile
{
    std::string path;
    bool made = false;
    bool used = false;
    ~NewSessionFile()
    {
        if (made && !used) {
            std::error_code ec;
            for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
                std::filesystem::remove(path + suffix, ec);
            }
        }
    }
};

// What xylem-cli mpi refuses before anything is made; the GUI's request is checked the same.
Result<Ok> checkRequest(const MpiRecordRequest& r)
{
    if (r.command.empty()) {
        return makeError(ErrorCode::InvalidArgument,
                         "give the MPI command, e.g. mpirun -np 4 xylem-mpiloop");
    }
    if (executable(r.command.front()).empty()) {
        return makeError(ErrorCode::InvalidArgument,
                         "cannot run '" + r.command.front() + "': " +
                             (r.command.front().find('/') == std::string::npos
                                  ? "no such program on $PATH"
                                  : "no such executable file"));
    }
    if (r.sessionPath.empty()) {
        return makeError(ErrorCode::InvalidArgument, "name the session file to record into");
    }
    if (r.ringCapacity < 2 || r.ringCapacity > (1 << 26)) {
        return makeError(ErrorCode::InvalidArgument,
                         "the ring capacity is 2 to 67108864 tuples, not " +
                             std::to_string(r.ringCapacity));
    }
    if (auto ok = checkLauncherTemplate(r.launcher); !ok) {
        return makeError(ErrorCode::InvalidArgument, "--launcher " + ok.error().message);
    }
    XYLEM_TRY(listenable, tree::chooseListen(r.listen, {}));
    return Ok{};
}

// Calls, not events: a Waitall that finished three requests is three events of one call
// (mpitrace.h), which share rank, call, enter and exit.
void countCalls(const MpiTrace& trace, MpiRecordingOutcome& o)
{
    std::set<std::tuple<std::int32_t, MpiCall, std::int64_t, std::int64_t>> several;
    for (const MpiEvent& e : trace.events) {
        if (e.completes == MpiCompletion::None ||
            several.insert({e.rank, e.call, e.enter, e.exit}).second) {
            ++o.callsByKind[static_cast<size_t>(e.call)];
            ++o.calls;
        }
    }
    o.ranks = trace.ranks.size();
    o.communicators = trace.communicators.size();
    o.events = trace.events.size();
}

// The store has no flag for a run cut short, so its notes say it (info and the GUI show them).
std::string runNotes(const std::string& given, const MpiRecordingOutcome& o)
{
    if (o.complete && o.exitCode == 0 && !o.interrupted) {
        return given;
    }
    const std::string why = std::string(o.interrupted ? "interrupted by the user" : "interrupted") +
                            ": the MPI program " + o.programExit +
                            (o.complete ? "" : " before MPI_Finalize") +
                            "; instances some rank never finished are incomplete";
    return given.empty() ? why : given + "\n" + why;
}

// Nor does it keep the run's description, so the notes say what --adapt's tuner did too.
std::string withAdaptNotes(const std::string& notes, const MpiRecordingOutcome& o)
{
    if (!o.adapt) {
        return notes;
    }
    const std::string adapted = describeAdapt(*o.adapt);
    return notes.empty() ? adapted : notes + "\n" + adapted;
}

MpiNoCalls whyNoCalls(const std::vector<std::string>& command, int code)
{
    if (launcherKindOf(command) != MpiLauncherKind::None && code != 0) {
        return MpiNoCalls::LauncherFailed;
    }
    return code != 0 ? MpiNoCalls::FailedEarly : MpiNoCalls::NotVisible;
}

Result<MpiTrace> traceOf(const MpiGather& gather, const MpiScratch& scratch,
                         const std::vector<std::string>& hosts, const std::string& launcher,
                         MpiRecordingOutcome& o)
{
    XYLEM_TRY(decoded, decodeMpiTuples(gather.tuples()));
    o.unmatchedDetails = decoded->unmatchedDetails;
    std::optional<MpiRunInfo> description;
    XYLEM_TRY(text, fetchRunDescription(scratch.folder(), hosts, launcher));
    if (text.value()) {
        XYLEM_TRY(info, mpiRunInfoFromJson(*text.value()));
        description = std::move(info).value();
        o.complete = description->complete;
        if (description->tree) {
            o.adapt = description->tree->adapt;
        }
    }
    return assembleMpiTrace(description, std::move(decoded->events),
                            std::move(decoded->treeEdges));
}

// Corrects the clocks, derives a run per collective kind and stores them with the clock models.
Result<std::vector<StoredMpiRun>> storeTrace(store::Session& session, MpiTrace& trace,
                                             const store::RunMetadata& meta, RunShape shape)
{
    XYLEM_TRY(model, correctClocks(trace));
    store::RunMetadata corrected = meta;
    corrected.clock =
        std::string(toString(tupleClockKind())) + ", corrected to host " + model->referenceHost();
    return storeMpiRuns(session, trace, model.value(), corrected, shape);
}

// The tuner's record (--adapt) goes with the run it tuned, the world's MPI_Allreduce (or, when
// the program has none complete, the one run stored), so the timeline marks its switches there.
Result<Ok> storeAdapt(store::Session& session, const MpiTrace& trace, const MpiRecordingOutcome& o)
{
    if (!o.adapt) {
        return Ok{};
    }
    const std::string tuned = kindLabel(trace, 0, MpiCall::Allreduce);
    for (const StoredMpiRun& run : o.runs) {
        if (run.label == tuned || o.runs.size() == 1) {
            return store::addMpiTreeAdapt(session, run.id, *o.adapt, trace);
        }
    }
    return Ok{};
}

} // namespace

MpiRecording::MpiRecording(MpiRecordRequest request, MpiRecordingCallbacks callbacks)
    : m_request(std::move(request))
    , m_callbacks(std::move(callbacks))
{
}

void MpiRecording::stop()
{
    {
        const std::lock_guard lock(m_mutex);
        m_stops.fetch_add(1);
    }
    m_wake.notify_all();
}

int MpiRecording::waitForStop(int seen, std::chrono::steady_clock::time_point deadline) const
{
    std::unique_lock lock(m_mutex);
    m_wake.wait_until(lock, deadline, [&] { return m_stops.load() > seen; });
    return m_stops.load();
}

// Pulls while the program runs, then drains the rings. The first stop is passed to the program
// and the recording goes on until it ends; a second ends the program's whole group (SIGTERM,
// SIGKILL after kEndGrace); a third kills it at once. True when a stop came.
Result<bool> MpiRecording::gatherWhileRunning(MpiGather& gather, MpiProgram& program,
                                              MpiOutputRelay& relay)
{
    using Clock = std::chrono::steady_clock;
    int handled = 0;
    std::optional<Clock::time_point> killAt;
    const auto started = Clock::now();
    auto nextStatus = started;
    auto lastStatus = started;
    std::int64_t lastTuples = 0;
    while (program.running()) {
        if (const int n = m_stops.load(); n > handled) {
            handled = n;
            if (n == 1) {
                program.interrupt();
            } else if (n == 2) {
                program.terminate();
                killAt = Clock::now() + kEndGrace;
            } else {
                program.kill();
            }
        }
        if (killAt && Clock::now() >= *killAt) {
            program.kill();
            killAt.reset();
        }
        waitForStop(handled, Clock::now() + kLoopPeriod);
        XYLEM_TRY(polled, gather.poll(kPollTimeout));
        if (const auto now = Clock::now(); now >= nextStatus) {
            const auto tuples = static_cast<std::int64_t>(gather.tuples().size());
            const double span = std::chrono::duration<double>(now - lastStatus).count();
            if (m_callbacks.status) {
                m_callbacks.status(MpiRecordingStatus{
                    tuples, std::chrono::duration<double>(now - started).count(),
                    span > 0 ? static_cast<double>(tuples - lastTuples) / span : 0.0});
            }
            lastTuples = tuples;
            lastStatus = now;
            nextStatus = now + m_callbacks.statusPeriod;
        }
    }
    program.wait();
    enter(Phase::Draining);
    relay.finish(kStreamGrace);
    XYLEM_TRY(drained, gather.drain(kPollTimeout));
    return handled > 0;
}

void MpiRecording::enter(Phase phase) const
{
    if (m_callbacks.phase) {
        m_callbacks.phase(phase);
    }
}

Result<MpiRecordingOutcome> MpiRecording::run()
{
    if (m_ran) {
        return makeError(ErrorCode::InvalidArgument, "an MPI recording runs once");
    }
    m_ran = true;
    const MpiRecordRequest& r = m_request;
    XYLEM_TRY(checked, checkRequest(r));
    XYLEM_TRY(hosts, r.hosts.empty() ? mpiJobHosts(r.command, r.hostFile)
                                     : Result<std::vector<std::string>>(r.hosts));
    XYLEM_TRY(library, findMpiInterposer());
    XYLEM_TRY(scratch, MpiScratch::make());
    enter(Phase::StartingTree);
    // The nodes first: an unreachable one leaves no new session file behind.
    XYLEM_TRY(gather, MpiGather::start(scratch->ringBase(), r.listen, hosts.value(), r.launcher));
    NewSessionFile file{r.sessionPath, !std::filesystem::exists(r.sessionPath)};
    XYLEM_TRY(session, store::Session::openOrCreate(r.sessionPath));
    auto environment = mpiProgramEnvironment(library.value(), scratch.value(), r.ringCapacity);
    if (!r.tree.empty()) {
        environment.push_back("XYLEM_MPI_TREE=" + r.tree);
    }
    if (!r.adapt.empty()) {
        environment.push_back("XYLEM_MPI_ADAPT=" + r.adapt);
    }
    RankLaunch launch = rankLaunch(resolvedCommand(r.command), std::move(environment));
    XYLEM_TRY(program, MpiProgram::start(launch.command, launch.environment));
    MpiOutputRelay relay;
    relay.start(program->takeStdout(), program->takeStderr(), m_callbacks.output);
    enter(Phase::Recording);
    XYLEM_TRY(interrupted, gatherWhileRunning(gather.value(), program.value(), relay));
    gather->shutdown();
    enter(Phase::Storing);
    MpiRecordingOutcome o;
    o.sessionPath = r.sessionPath;
    o.program = programName(r.command);
    o.launcher = r.command.front();
    o.exit = program->exitStatus();
    o.exitCode = program->wait();
    o.programExit = program->describeExit();
    o.interrupted = interrupted.value();
    XYLEM_TRY(trace, traceOf(gather.value(), scratch.value(), hosts.value(), r.launcher, o));
    if (trace->events.empty()) {
        o.noCalls = whyNoCalls(r.command, o.exitCode);
        return o;
    }
    countCalls(trace.value(), o);
    const store::RunMetadata meta{r.name.empty() ? "mpi " + o.program : r.name, "",
                                  "live: mpi " + r.command.front(),
                                  std::string(toString(tupleClockKind())),
                                  withAdaptNotes(runNotes(r.notes, o), o)};
    XYLEM_TRY(runs, storeTrace(session.value(), trace.value(), meta, r.shape));
    o.runs = std::move(runs).value();
    XYLEM_TRY(adapted, storeAdapt(session.value(), trace.value(), o));
    file.used = true;
    return o;
}

} // namespace xylem::record
