// xylem-cli mpi: records an MPI program. Starts this node's collector, runs the given command
// (mpirun ...) with the PMPI interposer preloaded, gathers the ranks' tuples live, and stores
// the decoded MpiTrace (store::addMpiTrace), corrected onto one host's clock, with every host's
// clock model and the run of the world communicator's collectives (core/model/mpiruns), so that
// every analysis and view applies to it.

#include "app/cli/childprocess.h"
#include "app/cli/command.h"
#include "app/cli/mpigather.h"
#include "app/cli/mpistoring.h"
#include "app/cli/mpisummary.h"
#include "app/cli/stoprequest.h"
#include "core/model/mpiassemble.h"
#include "core/model/mpiruns.h"
#include "core/model/mpituple.h"
#include "core/model/textfile.h"
#include "core/tree/listenaddress.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace xylem::cli {

namespace {

constexpr const char* kUsage =
    "usage: xylem-cli mpi [--name NAME] [--notes TEXT] [--shape flat|hierarchy]\n"
    "                     [--ring-capacity N] [--listen ADDRESS|auto]\n"
    "                     -o|--session S.xylem -- mpirun -np 4 PROGRAM ARGS\n"
    "       runs the command with libxylem-mpi.so preloaded, gathers every rank's MPI calls\n"
    "       live and stores them, with the world communicator's collectives as a run;\n"
    "       --listen: where the gather tree's front-end listens (auto: the interface that routes\n"
    "       to the other hosts, 127.0.0.1 when all are this one; 0.0.0.0 or :: only if given)\n";

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
    for (const fs::path& p :
         {self.parent_path() / "../lib/libxylem-mpi.so", fs::path(XYLEM_BUILT_MPI_LIBRARY)}) {
        if (fs::exists(p, ec)) {
            return p.string();
        }
    }
    return makeError(ErrorCode::NotFound, "cannot find libxylem-mpi.so (set $XYLEM_MPI_LIBRARY)");
}

// name as exec finds it: a name with a slash as it is, a bare one on $PATH; empty when it is no
// executable file.
std::string executable(const std::string& name)
{
    namespace fs = std::filesystem;
    std::error_code ignored; // unreadable: not one
    const auto runnable = [&](const fs::path& file) {
        return fs::is_regular_file(file, ignored) && ::access(file.c_str(), X_OK) == 0;
    };
    if (name.find('/') != std::string::npos) {
        return runnable(name) ? name : std::string();
    }
    const char* path = std::getenv("PATH");
    std::stringstream dirs(path ? path : "");
    for (std::string dir; std::getline(dirs, dir, ':');) {
        if (const fs::path candidate = fs::path(dir) / name; runnable(candidate)) {
            return candidate.string();
        }
    }
    return {};
}

// The command's program as exec needs it: a bare name is looked up on $PATH, as a shell would.
std::vector<std::string> resolved(std::vector<std::string> command)
{
    if (command.front().find('/') == std::string::npos) {
        if (std::string found = executable(command.front()); !found.empty()) {
            command.front() = std::move(found);
        }
    }
    return command;
}

// The program a run is named after: for "mpirun -np 4 ./ring --late-us 200", ring (after the
// launcher, the first argument that is no option and names an executable file); a command
// without a launcher names its own first argument.
std::string programName(const std::vector<std::string>& command)
{
    namespace fs = std::filesystem;
    const std::string first = fs::path(command.front()).filename().string();
    if (first == "mpirun" || first == "mpiexec" || first == "orterun" || first == "prterun") {
        for (auto a = command.begin() + 1; a != command.end(); ++a) {
            if (!a->starts_with('-') && !executable(*a).empty()) {
                return fs::path(*a).filename().string();
            }
        }
    }
    return first;
}

std::vector<std::string> programEnvironment(const std::string& library, const Scratch& scratch,
                                            std::int64_t ringCapacity)
{
    const char* preload = std::getenv("LD_PRELOAD");
    return {"LD_PRELOAD=" + library + (preload && *preload ? ":" + std::string(preload) : ""),
            "XYLEM_RING_PREFIX=" + scratch.ringBase, "XYLEM_MPI_OUT=" + scratch.folder,
            "XYLEM_RING_CAPACITY=" + std::to_string(ringCapacity)};
}

// Pulls while the program runs (Ctrl-C interrupts it), then drains the rings.
Result<int> runAndGather(MpiGather& gather, ChildProcess& program, std::ostream& err)
{
    const StopRequest stop;
    const bool terminal = ::isatty(STDERR_FILENO) != 0;
    const auto timeout = std::chrono::milliseconds(5000);
    while (program.running()) {
        if (stop.requested()) {
            program.interrupt();
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        XYLEM_TRY(polled, gather.poll(timeout));
        gather.printStatus(err, terminal);
    }
    const int code = program.wait();
    XYLEM_TRY(drained, gather.drain(timeout));
    if (terminal) {
        err << "\n";
    }
    return code;
}

Result<MpiTrace> traceOf(const MpiGather& gather, const Scratch& scratch, MpiSummary& summary)
{
    XYLEM_TRY(decoded, decodeMpiTuples(gather.tuples()));
    summary.unmatchedDetails = decoded->unmatchedDetails;
    std::optional<MpiRunInfo> description;
    if (auto text = readTextFile(scratch.folder + "/mpi-run.json")) {
        XYLEM_TRY(info, mpiRunInfoFromJson(text.value()));
        description = std::move(info).value();
        summary.complete = description->complete;
    }
    return assembleMpiTrace(description, std::move(decoded).value().events);
}

// Corrects the clocks, derives the world run and stores them with the clock models.
Result<std::int64_t> storeTrace(store::Session& session, MpiTrace& trace,
                                const store::RunMetadata& meta, RunShape shape)
{
    XYLEM_TRY(model, correctClocks(trace));
    XYLEM_TRY(run, collectiveRun(trace, 0, shape));
    store::RunMetadata corrected = meta;
    corrected.clock = "realtime, corrected to host " + model->referenceHost();
    return storeMpiRun(session, trace, run.value(), model.value(), corrected);
}

// The store has no flag for a run cut short, so its notes say it (info and the GUI show them).
std::string runNotes(const std::string& given, const MpiSummary& summary, int code)
{
    if (summary.complete && code == 0) {
        return given;
    }
    const std::string why = "interrupted: the MPI program " + summary.programExit +
                            (summary.complete ? "" : " before MPI_Finalize") +
                            "; instances some rank never finished are incomplete";
    return given.empty() ? why : given + "\n" + why;
}

struct MpiOptions
{
    std::string path;
    std::string name;
    std::string notes;
    RunShape shape = RunShape::Hierarchy;
    std::int64_t ringCapacity = 0;
    std::string listen; // the front-end's --listen
};

Result<MpiOptions> parseOptions(const Arguments& a, const std::vector<std::string>& command)
{
    if (a.has("o") == a.has("session")) {
        return makeError(ErrorCode::InvalidArgument, "name the session once, with -o or --session");
    }
    if (command.empty()) {
        return makeError(ErrorCode::InvalidArgument,
                         "give the MPI command after --, e.g. -- mpirun -np 4 xylem-mpiloop");
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
    return options;
}

// Stores what the program recorded, however it ended, and says how it ended.
Result<Ok> storeRecording(store::Session& session, MpiTrace& trace, const MpiOptions& o,
                          const MpiSummary& summary, int code, const std::string& program,
                          std::ostream& out, std::ostream& err)
{
    if (trace.events.empty()) {
        printProgramOutput(err, summary);
        return makeError(ErrorCode::IoError, "the MPI program " + summary.programExit +
                                                 " and recorded no MPI call; nothing was stored");
    }
    const store::RunMetadata meta{o.name, "", "live: mpi " + program, "realtime",
                                  runNotes(o.notes, summary, code)};
    XYLEM_TRY(run, storeTrace(session, trace, meta, o.shape));
    printMpiSummary(out, trace, summary, o.path, run.value());
    if (code != 0) {
        printProgramOutput(err, summary);
        return makeError(ErrorCode::IoError, "the MPI program " + summary.programExit +
                                                 "; what it recorded is stored as run " +
                                                 std::to_string(run.value()));
    }
    return Ok{};
}

Result<Ok> mpiRecord(const Arguments& a, const std::vector<std::string>& command, std::ostream& out,
                     std::ostream& err)
{
    XYLEM_TRY(o, parseOptions(a, command));
    XYLEM_TRY(library, findInterposer());
    char folder[] = "/tmp/xylem-mpi-XXXXXX";
    if (!::mkdtemp(folder)) {
        return makeError(ErrorCode::IoError, "cannot make a scratch folder in /tmp");
    }
    const Scratch scratch{folder, "xylem-mpi-" + std::to_string(::getpid()) + "-"};
    XYLEM_TRY(session, store::Session::openOrCreate(o->path));
    XYLEM_TRY(gather, MpiGather::start(scratch.ringBase, o->listen));
    XYLEM_TRY(program,
              ChildProcess::start(resolved(command),
                                  programEnvironment(library.value(), scratch, o->ringCapacity),
                                  scratch.folder + "/program.out"));
    XYLEM_TRY(code, runAndGather(gather.value(), program.value(), err));
    gather->shutdown();
    MpiSummary summary;
    summary.programExit = program->describeExit();
    summary.programOutput =
        readTextFile(program->output()).ok() ? readTextFile(program->output()).value() : "";
    XYLEM_TRY(trace, traceOf(gather.value(), scratch, summary));
    return storeRecording(session.value(), trace.value(), o.value(), summary, code.value(),
                          command.front(), out, err);
}

} // namespace

int runMpi(const Args& args, std::ostream& out, std::ostream& err)
{
    const auto dashes = std::find(args.begin(), args.end(), "--");
    const Args options(args.begin(), dashes);
    const std::vector<std::string> command(dashes == args.end() ? dashes : dashes + 1, args.end());
    static const CommandSpec spec{
        "mpi", kUsage, {"o", "session", "name", "notes", "shape", "ring-capacity", "listen"}, {}};
    return runCommand(spec, options, out, err,
                      [&command](const Arguments& a, std::ostream& o, std::ostream& e) {
                          return mpiRecord(a, command, o, e);
                      });
}

} // namespace xylem::cli
