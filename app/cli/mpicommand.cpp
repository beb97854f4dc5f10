// xylem-cli mpi: records an MPI program (core/record/mpirecording.h: a collector on each node
// of the job, the command run with the PMPI interposer preloaded, the ranks' tuples gathered
// live, and the trace stored with every host's clock model and a run per collective kind) and
// prints what the recording reports. The program is the user's as ever: its output reaches the
// terminal as it writes it, Ctrl-C goes to it, and its exit code is xylem-cli's.

#include "app/cli/command.h"
#include "app/cli/mpiconsole.h"
#include "app/cli/mpiinterrupts.h"
#include "app/cli/mpisummary.h"
#include "app/cli/progressline.h"
#include "core/model/launchertemplate.h"
#include "core/model/mpitracejson.h"
#include "core/model/ranktree.h"
#include "core/record/mpilaunch.h"
#include "core/record/mpirecording.h"
#include "core/tree/listenaddress.h"

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <future>
#include <iostream>
#include <unistd.h>

namespace xylem::cli {

using record::MpiNoCalls;
using record::MpiRecordingOutcome;
using record::MpiRecordRequest;

namespace {

constexpr const char* kUsage =
    "usage: xylem-cli mpi [--name NAME] [--notes TEXT] [--shape flat|hierarchy]\n"
    "                     [--ring-capacity N] [--listen ADDRESS|auto]\n"
    "                     [--hostfile FILE] [--launcher TEMPLATE] [--tree SPEC]\n"
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
    "       (128 + N for a signal N); Xylem's own failures exit 1, or 2 for bad input;\n"
    "       --tree: MPI_Allreduce, MPI_Reduce, MPI_Bcast and MPI_Barrier on MPI_COMM_WORLD\n"
    "       and its duplicates go through Xylem's spanning tree instead of MPI's own: native\n"
    "       (MPI's, the default), flat, binomial, k-ary:K, hierarchy[:K] (per host, then per\n"
    "       cluster; k-ary inside a host, K 4 by default) or FILE.tree.json\n"
    "       ({\"ranks\": N, \"parents\": [...]});\n"
    "       what the tree cannot do (user ops, derived types, other communicators) is MPI's\n"
    "       own, counted on the program's standard error at MPI_Finalize\n"
    "       --adapt auto|LIST (with --tree): the program's MPI_Allreduce on MPI_COMM_WORLD\n"
    "       tries each tree of LIST (comma-separated SPECs, native for MPI's own; auto:\n"
    "       native,flat,binomial,k-ary:4,hierarchy) for blocks of 32 calls\n"
    "       ($XYLEM_MPI_ADAPT_BLOCK), two rounds ($XYLEM_MPI_ADAPT_ROUNDS), then every rank\n"
    "       switches at the same call to the fastest; the blocks and the switch are said on\n"
    "       standard error at MPI_Finalize, the choice after the summary and in the run's\n"
    "       notes; the stored run holds the calls through the chosen tree\n";

constexpr const char* kAutoCandidates = "native,flat,binomial,k-ary:4,hierarchy";

// --tree SPEC, checked before anything is launched; a tree file's path made absolute, for the
// ranks. Empty: not given (an $XYLEM_MPI_TREE of the environment reaches the ranks as it is).
Result<std::string> treeOption(const Arguments& a)
{
    if (!a.has("tree")) {
        return std::string();
    }
    XYLEM_TRY(text, a.one("tree"));
    auto spec = parseRankTreeSpec(text.value());
    if (!spec) {
        return makeError(ErrorCode::InvalidArgument, "--tree: " + spec.error().describe());
    }
    if (spec->shape == RankTreeShape::File) {
        return std::filesystem::absolute(spec->path).string();
    }
    return text.value();
}

// --adapt auto|LIST, checked before anything is launched (every candidate, and that --tree
// chose a tree for the tuner to live in); tree files' paths made absolute. Empty: not given.
Result<std::string> adaptOption(const Arguments& a, const std::string& tree)
{
    if (!a.has("adapt")) {
        return std::string();
    }
    XYLEM_TRY(text, a.one("adapt"));
    const std::string list = text.value() == "auto" ? kAutoCandidates : text.value();
    auto specs = parseTreeCandidates(list);
    if (!specs) {
        return makeError(ErrorCode::InvalidArgument, "--adapt: " + specs.error().describe());
    }
    if (tree.empty() || tree == "native") {
        return makeError(ErrorCode::InvalidArgument,
                         "--adapt needs --tree SPEC with a tree (not native): the tuner runs in "
                         "the interposer's tree collectives, and Reduce, Bcast and Barrier keep "
                         "that tree");
    }
    std::string out;
    for (const RankTreeSpec& spec : specs.value()) {
        out += (out.empty() ? "" : ",") + (spec.shape == RankTreeShape::File
                                               ? std::filesystem::absolute(spec.path).string()
                                               : spec.text);
    }
    return out;
}

// The job's nodes: --hostfile, or those its launch command names.
Result<Ok> chooseHosts(const Arguments& a, const std::vector<std::string>& command,
                       MpiRecordRequest& request)
{
    XYLEM_TRY(launcher, a.oneOr("launcher", kDefaultLauncher));
    if (auto ok = checkLauncherTemplate(launcher.value()); !ok) {
        return makeError(ErrorCode::InvalidArgument, "--launcher " + ok.error().message);
    }
    request.launcher = launcher.value();
    std::string hostFile;
    if (a.has("hostfile")) {
        XYLEM_TRY(path, a.one("hostfile"));
        hostFile = path.value();
    }
    XYLEM_TRY(hosts, record::mpiJobHosts(command, hostFile));
    request.hosts = std::move(hosts).value();
    return Ok{};
}

Result<MpiRecordRequest> parseOptions(const Arguments& a, const std::vector<std::string>& command)
{
    if (a.has("o") == a.has("session")) {
        return makeError(ErrorCode::InvalidArgument, "name the session once, with -o or --session");
    }
    if (command.empty()) {
        return makeError(ErrorCode::InvalidArgument,
                         "give the MPI command after --, e.g. -- mpirun -np 4 xylem-mpiloop");
    }
    if (record::executable(command.front()).empty()) {
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
    XYLEM_TRY(name, a.oneOr("name", "mpi " + record::programName(command)));
    XYLEM_TRY(notes, a.oneOr("notes", ""));
    XYLEM_TRY(listen, a.oneOr("listen", "auto"));
    // Refused before anything is made.
    XYLEM_TRY(listenable, tree::chooseListen(listen.value(), {}));
    XYLEM_TRY(treeSpec, treeOption(a));
    XYLEM_TRY(adaptList, adaptOption(a, treeSpec.value()));
    MpiRecordRequest request;
    request.command = command;
    request.tree = treeSpec.value();
    request.adapt = adaptList.value();
    request.sessionPath = path.value();
    request.name = name.value();
    request.notes = notes.value();
    request.shape = shapeName.value() == "flat" ? RunShape::Flat : RunShape::Hierarchy;
    request.ringCapacity = capacity.value();
    request.listen = listen.value();
    XYLEM_TRY(hosts, chooseHosts(a, command, request));
    return request;
}

// Why nothing was recorded, as the user can act on it.
std::string noCallRecorded(const MpiRecordingOutcome& o)
{
    switch (*o.noCalls) {
    case MpiNoCalls::LauncherFailed:
        return o.launcher + " " + o.programExit +
               " and its ranks recorded no MPI call: its message above says why (an option it "
               "refused, a program it could not start, or one that failed at once); nothing was "
               "stored";
    case MpiNoCalls::FailedEarly:
        return o.program + " " + o.programExit +
               " and recorded no MPI call (it failed before MPI_Init, or is no MPI program); "
               "nothing was stored";
    case MpiNoCalls::NotVisible:
        break;
    }
    return o.program + " " + o.programExit +
           " but recorded no MPI call: it is no MPI program Xylem can see (it never called "
           "MPI_Init, or its MPI library is linked statically, which the preloaded interposer "
           "cannot reach); nothing was stored";
}

// Runs the recording on a thread of its own while this one turns Ctrl-C (or SIGTERM) into
// stops: the first is passed to the program and the recording goes on until it ends; a second
// ends the program's whole group; a third kills it at once. Once the program ended (the rings
// are drained, the run stored) they are counted and let be, so that what it recorded is stored.
Result<MpiRecordingOutcome> recordWithInterrupts(record::MpiRecording& recording,
                                                 MpiConsole& console,
                                                 const std::atomic<bool>& programEnded)
{
    const InterruptCount interrupts;
    auto outcome = std::async(std::launch::async, [&recording] { return recording.run(); });
    int handled = 0;
    while (outcome.wait_for(std::chrono::milliseconds(50)) != std::future_status::ready) {
        if (programEnded) {
            continue;
        }
        for (const int n = interrupts.count(); handled < n;) {
            ++handled;
            if (handled == 1) {
                console.say(std::string("mpi: interrupted (") +
                            (interrupts.lastSignal() == SIGTERM ? "SIGTERM" : "Ctrl-C") +
                            "): passed to the program; what it recorded will be stored (again "
                            "to end it now)");
            } else if (handled == 2) {
                console.say("mpi: ending the program");
            }
            recording.stop();
        }
    }
    return outcome.get();
}

// Records the command; the program's exit code goes to programCode. How the program ended is
// not Xylem's failure: it is said on err, and the exit code is the program's.
Result<Ok> mpiRecord(const Arguments& a, const std::vector<std::string>& command, std::ostream& out,
                     std::ostream& err, int& programCode)
{
    XYLEM_TRY(request, parseOptions(a, command));
    const bool terminal = &err == &std::cerr && ::isatty(STDERR_FILENO) == 1;
    MpiConsole console(terminal, a.has("status-lines"));
    record::MpiRecordingCallbacks callbacks;
    callbacks.statusPeriod = std::chrono::milliseconds(terminal ? 250 : 1000);
    callbacks.status = [&console](const record::MpiRecordingStatus& s) {
        console.status("mpi: " + formatCount(s.tuples) + " tuples gathered");
    };
    callbacks.output = [&console](record::MpiStream stream, std::string_view text) {
        console.output(stream, text);
    };
    std::atomic<bool> programEnded{false};
    callbacks.phase = [&console, &programEnded](record::Phase phase) {
        if (phase == record::Phase::Draining) {
            programEnded = true;
        } else if (phase == record::Phase::Storing) {
            console.clearStatus();
        }
    };
    const std::string path = request->sessionPath;
    record::MpiRecording recording(std::move(request).value(), std::move(callbacks));
    XYLEM_TRY(o, recordWithInterrupts(recording, console, programEnded));
    programCode = o->exitCode;
    if (o->runs.empty()) {
        err << "xylem-cli mpi: " << noCallRecorded(o.value()) << "\n";
        return Ok{};
    }
    printMpiSummary(out, o.value());
    if (o->adapt) {
        out << "adapt: " << describeAdapt(*o->adapt) << "\n";
    }
    out << std::flush;
    if (o->exitCode != 0 || o->interrupted) {
        err << "xylem-cli mpi: " << (o->interrupted ? "interrupted: " : "") << "the MPI program "
            << o->programExit << "; what it recorded is stored as run " << o->runs.front().id
            << " of " << path << " (" << o->events << " MPI calls of " << o->ranks << " ranks)\n";
    }
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
         valueOption("tree",
                     "MPI's Allreduce, Reduce, Bcast and Barrier through Xylem's spanning tree: "
                     "native, flat, binomial, k-ary:K, hierarchy[:K] or FILE.tree.json",
                     "native", {}, "SPEC"),
         valueOption("adapt",
                     "the world's MPI_Allreduce switches at run time to the fastest of these "
                     "trees (with --tree): auto or a comma list of SPECs",
                     {}, {}, "LIST"),
         flagOption("status-lines", "a status line a second on standard error even when it is "
                                    "no terminal (for a program that reads them)")}};
    int programCode = 0;
    const int code =
        runCommand(spec, options, out, err,
                   [&command, &programCode](const Arguments& a, std::ostream& o, std::ostream& e) {
                       return mpiRecord(a, command, o, e, programCode);
                   });
    // Xylem's own failure keeps its code (1, 2); else the program's exit code is xylem-cli's.
    return code != kExitOk ? code : programCode;
}

} // namespace xylem::cli
