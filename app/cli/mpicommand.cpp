// xylem-cli mpi: records an MPI program. Starts a collector on each node of the job (the hosts
// its mpirun or srun names, app/cli/mpilaunch.h; others through the launcher), runs the given
// command with the PMPI interposer preloaded (and forwarded to the other nodes), gathers the ranks' tuples live, and stores
// the decoded MpiTrace (store::addMpiTrace), corrected onto one host's clock, with every host's
// clock model and the run of the world communicator's collectives (core/model/mpiruns), so that
// every analysis and view applies to it. The program is the user's as ever: its output reaches
// the terminal as it writes it, Ctrl-C goes to it, and its exit code is xylem-cli's.

#include "app/cli/command.h"
#include "app/cli/mpiconsole.h"
#include "app/cli/mpidescription.h"
#include "app/cli/mpigather.h"
#include "app/cli/mpilaunch.h"
#include "app/cli/mpiprogram.h"
#include "app/cli/mpistoring.h"
#include "app/cli/mpisummary.h"
#include "core/model/mpiassemble.h"
#include "core/model/mpiruns.h"
#include "core/model/mpituple.h"
#include "core/model/launchertemplate.h"
#include "core/model/textfile.h"
#include "core/model/tupleclock.h"
#include "core/tree/hostfile.h"
#include "core/tree/listenaddress.h"

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace xylem::cli {

namespace {

constexpr const char* kUsage =
    "usage: xylem-cli mpi [--name NAME] [--notes TEXT] [--shape flat|hierarchy]\n"
    "                     [--ring-capacity N] [--listen ADDRESS|auto]\n"
    "                     [--hostfile FILE] [--launcher TEMPLATE]\n"
    "                     -o|--session S.xylem -- mpirun -np 4 PROGRAM ARGS\n"
    "       runs the command with libxylem-mpi.so preloaded, gathers every rank's MPI calls\n"
    "       live and stores them, with the world communicator's collectives as a run;\n"
    "       a collector runs on each host the command names (mpirun -H a,b / --hostfile F,\n"
    "       srun -w a,b, $SLURM_JOB_NODELIST; --hostfile instead), those on other machines\n"
    "       started through --launcher (default 'ssh {host} {command}');\n"
    "       --listen: where the gather tree's front-end listens (auto: the interface that routes\n"
    "       to the other hosts, 127.0.0.1 when all are this one; 0.0.0.0 or :: only if given);\n"
    "       the program's output reaches the terminal as it writes it, Ctrl-C goes to it (what\n"
    "       it recorded is stored; a second Ctrl-C ends it), and its exit code is xylem-cli's\n"
    "       (128 + N for a signal N); Xylem's own failures exit 1, or 2 for bad input\n";

struct Scratch
{
    std::string folder;
    std::string ringBase;
    ~Scratch()
    {
        std::error_code ec;
        std::filesystem::remove_all(folder, ec);
        for (const auto& e : std::filesystem::directory_iterator("/dev/shm", ec)) {
            if (e.path().filename().string().starts_with(ringBase)) {
                std::filesystem::remove(e.path(), ec);
            }
        }
    }
};

Result<std::string> findInterposer()
{
    namespace fs = std::filesystem;
    if (const char* given = std::getenv("XYLEM_MPI_LIBRARY"); given && *given) {
        return fs::exists(given)
                   ? Result<std::string>(std::string(given))
                   : makeError(ErrorCode::NotFound,
                               "$XYLEM_MPI_LIBRARY names no file: " + std::string(given));
    }
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    // Installed: xylem/ in the package's library folder, seen from bin (XYLEM_LIBDIR_FROM_BINDIR,
    // e.g. ../lib/x86_64-linux-gnu); else where this build put it.
    for (const fs::path& p :
         {self.parent_path() / XYLEM_LIBDIR_FROM_BINDIR / "xylem" / "libxylem-mpi.so",
          fs::path(XYLEM_BUILT_MPI_LIBRARY)}) {
        if (fs::exists(p, ec)) {
            return p.string();
        }
    }
    return makeError(ErrorCode::NotFound, "cannot find libxylem-mpi.so (set $XYLEM_MPI_LIBRARY)");
}

std::vector<std::string> programEnvironment(const std::string& library, const Scratch& scratch,
                                            std::int64_t ringCapacity)
{
    const char* preload = std::getenv("LD_PRELOAD");
    std::vector<std::string> environment{
        "LD_PRELOAD=" + library + (preload && *preload ? ":" + std::string(preload) : ""),
        "XYLEM_RING_PREFIX=" + scratch.ringBase, "XYLEM_MPI_OUT=" + scratch.folder,
        "XYLEM_RING_CAPACITY=" + std::to_string(ringCapacity)};
    for (std::string& clock : tupleClockEnvironment()) {
        environment.push_back(std::move(clock));
    }
    return environment;
}

// The names of what programEnvironment sets: an OpenMPI mpirun forwards them to the ranks on
// other hosts only when told to (-x).
std::vector<std::string> namesOf(const std::vector<std::string>& environment)
{
    std::vector<std::string> names;
    for (const std::string& setting : environment) {
        names.push_back(setting.substr(0, setting.find('=')));
    }
    return names;
}

constexpr auto kPollTimeout = std::chrono::milliseconds(5000);
constexpr auto kEndGrace = std::chrono::seconds(5); // after a second Ctrl-C: SIGTERM, then SIGKILL
constexpr auto kStreamGrace = std::chrono::milliseconds(2000); // for the program's last output

struct Ending
{
    int code = 0;             // the program's exit code, or 128 + signal
    bool interrupted = false; // by Ctrl-C or SIGTERM (the GUI's Stop)
};

// Pulls while the program runs, then drains the rings. Ctrl-C (or SIGTERM) is passed to the
// program once and the recording goes on until it ends; a second ends the program's whole group
// (SIGTERM, SIGKILL after kEndGrace); a third kills it at once.
Result<Ending> runAndGather(MpiGather& gather, MpiProgram& program, MpiConsole& console,
                            bool terminal)
{
    using Clock = std::chrono::steady_clock;
    const InterruptCount interrupts;
    int handled = 0;
    std::optional<Clock::time_point> killAt;
    auto nextStatus = Clock::now();
    const auto statusEvery = std::chrono::milliseconds(terminal ? 250 : 1000);
    while (program.running()) {
        if (const int n = interrupts.count(); n > handled) {
            handled = n;
            if (n == 1) {
                console.say(std::string("mpi: interrupted (") +
                            (interrupts.lastSignal() == SIGTERM ? "SIGTERM" : "Ctrl-C") +
                            "): passed to the program; what it recorded will be stored (again "
                            "to end it now)");
                program.interrupt();
            } else if (n == 2) {
                console.say("mpi: ending the program");
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
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        XYLEM_TRY(polled, gather.poll(kPollTimeout));
        if (Clock::now() >= nextStatus) {
            console.status(gather.status());
            nextStatus = Clock::now() + statusEvery;
        }
    }
    const int code = program.wait();
    console.finishRelay(kStreamGrace);
    XYLEM_TRY(drained, gather.drain(kPollTimeout));
    console.clearStatus();
    return Ending{code, handled > 0};
}

Result<MpiTrace> traceOf(const MpiGather& gather, const Scratch& scratch,
                         const std::vector<std::string>& hosts, const std::string& launcher,
                         MpiSummary& summary)
{
    XYLEM_TRY(decoded, decodeMpiTuples(gather.tuples()));
    summary.unmatchedDetails = decoded->unmatchedDetails;
    std::optional<MpiRunInfo> description;
    XYLEM_TRY(text, fetchRunDescription(scratch.folder, hosts, launcher));
    if (text.value()) {
        XYLEM_TRY(info, mpiRunInfoFromJson(*text.value()));
        description = std::move(info).value();
        summary.complete = description->complete;
    }
    return assembleMpiTrace(description, std::move(decoded).value().events);
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

// The store has no flag for a run cut short, so its notes say it (info and the GUI show them).
std::string runNotes(const std::string& given, const MpiSummary& summary, const Ending& ending)
{
    if (summary.complete && ending.code == 0 && !ending.interrupted) {
        return given;
    }
    const std::string why = std::string(ending.interrupted ? "interrupted by the user" : "interrupted") +
                            ": the MPI program " + summary.programExit +
                            (summary.complete ? "" : " before MPI_Finalize") +
                            "; instances some rank never finished are incomplete";
    return given.empty() ? why : given + "\n" + why;
}

// Why nothing was recorded, as the user can act on it.
std::string noCallRecorded(const std::vector<std::string>& command, const MpiSummary& summary,
                           int code)
{
    const std::string program = programName(command);
    if (launcherKindOf(command) != MpiLauncherKind::None && code != 0) {
        return command.front() + " " + summary.programExit +
               " and its ranks recorded no MPI call: its message above says why (an option it "
               "refused, a program it could not start, or one that failed at once); nothing was "
               "stored";
    }
    if (code != 0) {
        return program + " " + summary.programExit +
               " and recorded no MPI call (it failed before MPI_Init, or is no MPI program); "
               "nothing was stored";
    }
    return program + " " + summary.programExit +
           " but recorded no MPI call: it is no MPI program Xylem can see (it never called "
           "MPI_Init, or its MPI library is linked statically, which the preloaded interposer "
           "cannot reach); nothing was stored";
}

struct MpiOptions
{
    std::string path;
    std::string name;
    std::string notes;
    RunShape shape = RunShape::Hierarchy;
    std::int64_t ringCapacity = 0;
    std::string listen; // the front-end's --listen
    std::vector<std::string> hosts; // the job's nodes (empty: this machine)
    std::string launcher;           // starts a collector on the nodes that are other machines
};

// The job's nodes: --hostfile, or those its launch command names.
Result<Ok> chooseHosts(const Arguments& a, const std::vector<std::string>& command,
                       MpiOptions& options)
{
    XYLEM_TRY(launcher, a.oneOr("launcher", kDefaultLauncher));
    if (auto ok = checkLauncherTemplate(launcher.value()); !ok) {
        return makeError(ErrorCode::InvalidArgument, "--launcher " + ok.error().message);
    }
    options.launcher = launcher.value();
    if (a.has("hostfile")) {
        XYLEM_TRY(path, a.one("hostfile"));
        XYLEM_TRY(entries, tree::readHostFile(path.value()));
        for (const tree::HostEntry& e : entries.value()) {
            options.hosts.push_back(e.host);
        }
        return Ok{};
    }
    const char* allocation = std::getenv("SLURM_JOB_NODELIST");
    XYLEM_TRY(hosts, mpiHostsOf(command, allocation ? allocation : ""));
    options.hosts = std::move(hosts).value();
    return Ok{};
}

Result<MpiOptions> parseOptions(const Arguments& a, const std::vector<std::string>& command)
{
    if (a.has("o") == a.has("session")) {
        return makeError(ErrorCode::InvalidArgument, "name the session once, with -o or --session");
    }
    if (command.empty()) {
        return makeError(ErrorCode::InvalidArgument,
                         "give the MPI command after --, e.g. -- mpirun -np 4 xylem-mpiloop");
    }
    if (executable(command.front()).empty()) {
        return makeError(ErrorCode::InvalidArgument,
                         "cannot run '" + command.front() + "': " +
                             (command.front().find('/') == std::string::npos
                                  ? "no such program on $PATH"
                                  : "no such executable file"));
    }
    XYLEM_TRY(path, a.one(a.has("o") ? "o" : "session"));
    XYLEM_TRY(shapeName, a.oneOr("shape", "hierarchy"));
    if (shapeName.value() != "flat" && shapeName.value() != "hierarchy") {
        return makeError(ErrorCode::InvalidArgument,
                         "--shape is flat or hierarchy, not '" + shapeName.value() + "'");
    }
    XYLEM_TRY(capacity, a.integer("ring-capacity", 1 << 20, 2, 1 << 26));
    XYLEM_TRY(name, a.oneOr("name", "mpi " + programName(command)));
    XYLEM_TRY(notes, a.oneOr("notes", ""));
    XYLEM_TRY(listen, a.oneOr("listen", "auto"));
    // Refused before anything is made.
    XYLEM_TRY(listenable, tree::chooseListen(listen.value(), {}));
    MpiOptions options{path.value(), name.value(), notes.value(),
                       shapeName.value() == "flat" ? RunShape::Flat : RunShape::Hierarchy,
                       capacity.value()};
    options.listen = listen.value();
    XYLEM_TRY(hosts, chooseHosts(a, command, options));
    return options;
}

// Stores what the program recorded, however it ended, and says how it ended. How the program
// ended is not Xylem's failure: it is said on err, and the exit code is the program's.
Result<bool> storeRecording(store::Session& session, MpiTrace& trace, const MpiOptions& o,
                            const MpiSummary& summary, const Ending& ending,
                            const std::vector<std::string>& command, std::ostream& out,
                            std::ostream& err)
{
    if (trace.events.empty()) {
        err << "xylem-cli mpi: " << noCallRecorded(command, summary, ending.code) << "\n";
        return false;
    }
    const store::RunMetadata meta{o.name, "", "live: mpi " + command.front(),
                                  std::string(toString(tupleClockKind())),
                                  runNotes(o.notes, summary, ending)};
    XYLEM_TRY(runs, storeTrace(session, trace, meta, o.shape));
    printMpiSummary(out, trace, summary, o.path, runs.value());
    out << std::flush;
    if (ending.code != 0 || ending.interrupted) {
        err << "xylem-cli mpi: " << (ending.interrupted ? "interrupted: " : "")
            << "the MPI program " << summary.programExit << "; what it recorded is stored as run "
            << runs->front().id << " of " << o.path << " (" << trace.events.size()
            << " MPI calls of " << trace.ranks.size() << " ranks)\n";
    }
    return true;
}

// A session file this command made is removed again when nothing was stored in it (after the
// session is closed: this is declared before it).
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

// Records the command; the program's exit code goes to programCode.
Result<Ok> mpiRecord(const Arguments& a, const std::vector<std::string>& command, std::ostream& out,
                     std::ostream& err, int& programCode)
{
    XYLEM_TRY(o, parseOptions(a, command));
    XYLEM_TRY(library, findInterposer());
    const char* tmp = std::getenv("TMPDIR");
    std::string folder = std::string(tmp && *tmp ? tmp : "/tmp") + "/xylem-mpi-XXXXXX";
    if (!::mkdtemp(folder.data())) {
        return makeError(ErrorCode::IoError, "cannot make a scratch folder",
                         std::filesystem::path(folder).parent_path().string());
    }
    const Scratch scratch{folder, "xylem-mpi-" + std::to_string(::getpid()) + "-"};
    // The nodes first: an unreachable one leaves no new session file behind.
    XYLEM_TRY(gather, MpiGather::start(scratch.ringBase, o->listen, o->hosts, o->launcher));
    NewSessionFile file{o->path, !std::filesystem::exists(o->path)};
    XYLEM_TRY(session, store::Session::openOrCreate(o->path));
    const auto environment = programEnvironment(library.value(), scratch, o->ringCapacity);
    const bool terminal = &err == &std::cerr && ::isatty(STDERR_FILENO) == 1;
    MpiConsole console(terminal, a.has("status-lines"));
    XYLEM_TRY(program, MpiProgram::start(forwardingEnvironment(resolvedCommand(command),
                                                               namesOf(environment)),
                                         environment));
    console.relay(program->takeStdout(), program->takeStderr());
    XYLEM_TRY(ending, runAndGather(gather.value(), program.value(), console, terminal));
    gather->shutdown();
    programCode = ending->code;
    MpiSummary summary;
    summary.programExit = program->describeExit();
    XYLEM_TRY(trace, traceOf(gather.value(), scratch, o->hosts, o->launcher, summary));
    XYLEM_TRY(stored, storeRecording(session.value(), trace.value(), o.value(), summary,
                                     ending.value(), command, out, err));
    file.used = stored.value();
    return Ok{};
}

} // namespace

int runMpi(const Args& args, std::ostream& out, std::ostream& err)
{
    const auto dashes = std::find(args.begin(), args.end(), "--");
    const Args options(args.begin(), dashes);
    const std::vector<std::string> command(dashes == args.end() ? dashes : dashes + 1, args.end());
    static const CommandSpec spec{
        "mpi",
        kUsage,
        {valueOption("o", "the session file to add the run to, created if missing", {}, {},
                     "S.xylem"),
         sessionOption(false), valueOption("name", "the run's name", "mpi PROGRAM", {}, "NAME"),
         valueOption("notes", "notes stored with the run", "none", {}, "TEXT"),
         valueOption("shape", "the run's tree: ranks under their hosts, or all under the root",
                     "hierarchy", oneOf({"flat", "hierarchy"})),
         valueOption("ring-capacity", "tuples each rank's shared-memory ring holds", "1048576",
                     integerIn(2, 1 << 26), "N"),
         valueOption("listen", "where the gather tree's front-end listens: an address, or auto",
                     "auto", {}, "ADDRESS"),
         valueOption("hostfile", "the job's machines, instead of those its command names", {},
                     existingFile()),
         valueOption("launcher", "starts a collector on the job's other machines",
                     "ssh {host} {command}", {}, "TEMPLATE"),
         flagOption("status-lines", "a status line a second on standard error even when it is "
                                    "no terminal (for a program that reads them)")}};
    int programCode = 0;
    const int code = runCommand(
        spec, options, out, err,
        [&command, &programCode](const Arguments& a, std::ostream& o, std::ostream& e) {
            return mpiRecord(a, command, o, e, programCode);
        });
    // Xylem's own failure keeps its code (1, 2); else the program's exit code is xylem-cli's.
    return code != kExitOk ? code : programCode;
}

} // namespace xylem::cli
