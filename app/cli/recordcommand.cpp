// xylem-cli record: Xylem's main job from the command line. Starts a local cluster running
// xylem-gsum under a gather tree of collectors, pulls the event scope's streams while it runs
// (a one-line live status), stores every tuple into a session run, and ends with a summary.
// The recording itself is core/record's RecordingSession; this prints what it reports.

#include "app/cli/command.h"
#include "app/cli/durationformat.h"
#include "app/cli/recordsetup.h"
#include "app/cli/recordstatus.h"
#include "app/cli/refusallog.h"
#include "app/cli/stoprequest.h"
#include "core/live/scopefigures.h"
#include "core/record/recordingsession.h"

#include <functional>
#include <optional>
#include <unistd.h>

namespace xylem::cli {

namespace {

constexpr const char* kUsage =
    "usage: xylem-cli record (--config F.tree.json | --hosts H [--threads T] [--shape S]\n"
    "                        | --hostfile FILE [--launcher TEMPLATE] [--threads T] [--shape S])\n"
    "                        [--scope S.scope.json | --design D.json [--figures-json]]\n"
    "                        [--iterations N | --duration D]\n"
    "                        [--benchmark gsum|compute-gsum [--compute-us US]]\n"
    "                        [--noise THREAD:US[:EVERY]]...\n"
    "                        [--baseline | --interleave N] [--name NAME] [--notes TEXT] [--listen "
    "ADDRESS|auto]\n"
    "                        -o|--session S.xylem\n"
    "       runs xylem-gsum on a local cluster, gathers its tuples live through a tree of\n"
    "       collectors and stores them as a new run of the session; --baseline runs it once\n"
    "       without collectors first and reports the slowdown\n"
    "   or: xylem-cli record --attach TREE.address --config F.tree.json --duration D -o S.xylem\n"
    "       monitors a program started by someone else: its collectors (xylem-collector\n"
    "       --attach TREE.address --host H --ring-prefix P) join the tree this writes\n"
    "   --design D.json: the tree and streams of a scope design (xylem-scope-design/1); record\n"
    "       rereads the file at every poll and redeploys a changed design without restarting\n"
    "       the program; --figures-json prints every node's live figures as one JSON line\n"
    "       ({\"figures\": {...}}) per poll\n"
    "   --hostfile FILE: machines as OpenMPI and Slurm list them ('node01 slots=4',\n"
    "       'node[01-04]', 'node05:2', optional cluster=NAME); threads per host = slots unless\n"
    "       --threads. Other machines get their relays, collectors and program through\n"
    "       --launcher (default 'ssh {host} {command}'; {command} is required), each reached\n"
    "       first\n"
    "   --listen: where the gather tree's front-end listens: an address of this host, auto (the\n"
    "       default: the interface that routes to the collectors' hosts, 127.0.0.1 when all are\n"
    "       this one), or 0.0.0.0 / :: (every interface, only when given)\n";

// The session's reports as record prints them: progress to standard output, the live status
// to standard error, strangers on the tree's port to standard error (refusals).
record::RecordingCallbacks printing(const Arguments& a, std::ostream& out, RecordStatus& status,
                                    RefusalLog& refusals,
                                    const std::function<void(record::Phase)>& phase)
{
    record::RecordingCallbacks c;
    c.planned = [&status](const record::RecordPlan& plan) {
        status.setConfiguration(plan.config);
    };
    c.phase = phase;
    c.baseline = [&out](double us) {
        out << "record: baseline without collectors: " << us << " us per iteration\n";
    };
    c.treeLog = [&refusals](const std::string& line) {
        refusals(line);
    };
    c.awaitingCollectors = [&out](const record::AttachWait& w) {
        out << "record: waiting for the collectors to attach through " << w.addressFile
            << " (or at " << w.address << " with the tree's token)\n";
        out.flush();
    };
    c.treeUp = [&out](const record::TreeUp& up) {
        out << "record: gather tree of " << up.nodes << " nodes up in "
            << formatDuration(static_cast<double>(up.latency.count()) * 1e3) << "\n";
    };
    c.clocksNotMeasured = [&out](const record::ClocksNotMeasured& failed) {
        out << "record: clocks not measured at the " << (failed.atEnd ? "end" : "start") << ": "
            << failed.error.describe() << '\n';
    };
    c.status = [&status](const record::RecordingStatus& s) {
        status.print(s);
    };
    if (a.has("figures-json")) {
        c.figures = [&out](const live::DesignFigures& f, const live::FilterOutputs& o) {
            out << live::figuresToJson(f, o) << std::endl;
        };
    }
    c.redeployed = [&out](const record::Redeployment& r) {
        if (r.refused) {
            out << "record: redeploy refused: " << r.refused->describe() << std::endl;
        } else {
            out << "record: redeployed design \"" << r.design << "\": " << r.change->describe()
                << std::endl;
        }
    };
    return c;
}

Result<Ok> record(const Arguments& a, std::ostream& out, std::ostream& err)
{
    XYLEM_TRY(request, recordRequestFrom(a));
    RecordStatus status(err, ::isatty(STDERR_FILENO) != 0);
    RefusalLog refusals(err); // outlives the session's tree, whose thread calls it
    std::optional<record::RecordingSession> session;
    std::optional<StopRequest<record::RecordingSession>> stop;
    session.emplace(std::move(request).value(),
                    printing(a, out, status, refusals, [&](record::Phase phase) {
                        if (phase == record::Phase::Recording && !stop) {
                            stop.emplace(*session); // Ctrl-C from here on ends it cleanly
                        }
                    }));
    XYLEM_TRY(outcome, session->run());
    printSummary(out, outcome.value());
    if (outcome->incomplete) {
        return *outcome->incomplete;
    }
    return Ok{};
}

} // namespace

int runRecord(const Args& args, std::ostream& out, std::ostream& err)
{
    static const CommandSpec spec = [] {
        CommandSpec s{
            "record",
            kUsage,
            {valueOption("config", "the allreduce's tree (xylem-tree/1)", {}, {}, "F.tree.json"),
             valueOption("hosts", "generate the tree over a number of hosts, or HOST:CLUSTER,...",
                         {}, {}, "N|A:c0,B:c1"),
             valueOption("hostfile", "generate the tree over the machines of a host file", {},
                         existingFile()),
             valueOption("launcher", "starts the host file's other machines",
                         "ssh {host} {command}", {}, "TEMPLATE")}};
        for (OptionSpec& o : treeShapeOptions()) {
            s.options.push_back(std::move(o));
        }
        for (OptionSpec& o : std::vector<OptionSpec>{
                 valueOption("scope", "the event scope (xylem-scope/1)", "every tuple",
                             existingFile(), "S.scope.json"),
                 valueOption("design",
                             "a scope design (xylem-scope-design/1), reread at every poll", {},
                             existingFile(), "D.json"),
                 flagOption("figures-json", "print every node's live figures as JSON per poll"),
                 valueOption("iterations", "allreduce calls per thread",
                             "20000, or unbounded with --duration", integerIn(1, 1 << 30), "N"),
                 valueOption("duration", "stop the program after this long (500ms, 10s, 2m)",
                             "when the iterations are done", {}, "D"),
                 valueOption("benchmark", "the program's work", "gsum",
                             oneOf({"gsum", "compute-gsum"})),
                 valueOption("compute-us", "compute-gsum's work per call, in microseconds",
                             "the benchmark's", integerIn(0, 1 << 30), "US"),
                 valueOption("noise",
                             "delay a thread by US microseconds (every EVERY calls); "
                             "repeatable",
                             {}, {}, "THREAD:US[:EVERY]"),
                 flagOption("baseline", "run once without collectors first, report the slowdown"),
                 valueOption("interleave",
                             "alternate blocks of N calls with the monitor paused and gathering, "
                             "print the monitor's cost (median of block pairs)",
                             "off", integerIn(1, 1 << 30), "N"),
                 valueOption("attach",
                             "monitor a program started elsewhere; its collectors "
                             "join through this address file",
                             {}, {}, "TREE.address"),
                 valueOption("listen", "where the front-end listens: an address, or auto", "auto",
                             {}, "ADDRESS"),
                 valueOption("name", "the run's name", "live and the tree's name", {}, "NAME"),
                 valueOption("notes", "notes stored with the run", "none", {}, "TEXT"),
                 valueOption("o", "the session file to add the run to, created if missing", {}, {},
                             "S.xylem"),
                 sessionOption(false)}) {
            s.options.push_back(std::move(o));
        }
        return s;
    }();
    return runCommand(spec, args, out, err, record);
}

} // namespace xylem::cli
