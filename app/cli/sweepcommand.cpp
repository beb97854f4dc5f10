// xylem-cli sweep: xylem-gsum once per configuration — of a list of tree files, or of a family
// generated over one host list (shapes × arities × root kinds × message sizes) — each recorded
// as a run of one session and named by its label, then the table that compares them: mean
// operation time with its 95 % interval, speedup against the first with its bootstrap interval,
// the slowest class and its hottest stage (issue 24, item 2). The sweep itself is core/tune's;
// this parses, prints and stops it on Ctrl-C.

#include "app/cli/command.h"
#include "app/cli/stoprequest.h"
#include "app/cli/sweeptable.h"
#include "core/tune/clusterlinks.h"
#include "core/tune/sweep.h"
#include "core/tune/sweepplan.h"

#include <algorithm>
#include <mutex>
#include <variant>

namespace xylem::cli {

namespace {

constexpr const char* kUsage =
    "usage: xylem-cli sweep --hosts H [--threads T] --shapes S1,S2,... [--arities K1,K2,...]\n"
    "                       [--roots core,gred] [--elements N1,N2,...] [--iterations N]\n"
    "                       [--cluster-link LATENCY[/BANDWIDTH]] [--json] -o|--session S.xylem\n"
    "   or: xylem-cli sweep --configs A.tree.json,B.tree.json,... [--elements ...] ... -o S.xylem\n"
    "       runs xylem-gsum on a local cluster once per configuration, each recorded as a run of\n"
    "       the session named by its label (\"kary:4 elements=1024\"), and prints a line per\n"
    "       trial as it ends, then the table: mean operation time with its 95 % interval\n"
    "       (Student t over the calls), speedup against the first trial with its 95 % bootstrap\n"
    "       interval (\"≈\": the interval contains 1, no significant difference), the class\n"
    "       that is slowest most often and its representative's hottest stage\n"
    "   --shapes: flat, kary, binomial, hierarchy; --arities: the k of kary trees (the other\n"
    "       shapes take one); --roots: a core or a gred at the root; --elements: values per\n"
    "       call (xylem-gsum --elements)\n"
    "   --cluster-link: an emulated wide-area link (xylem-gsum --wan: one-way latency, optional\n"
    "       bandwidth) on every proxy whose hop joins two clusters, found anew for every tree\n"
    "   or: xylem-cli sweep --trees native,binomial,hierarchy [--kind MPI_Allreduce] -o S.xylem\n"
    "                       -- mpirun -np 4 PROGRAM ARGS\n"
    "       records the MPI program once per tree of xylem-cli mpi --tree (native, flat,\n"
    "       binomial, k-ary:K, hierarchy[:K], FILE.tree.json) and compares the runs of one\n"
    "       collective kind (MPI_Allreduce on MPI_COMM_WORLD unless --kind); the program's\n"
    "       output goes to standard error\n"
    "   a trial that fails is reported and the sweep goes on; Ctrl-C stops the trial that is\n"
    "   recording (its run is stored) and starts no other\n";

Result<std::string> sessionPathFrom(const Arguments& a)
{
    if (a.has("o") == a.has("session")) {
        return makeError(ErrorCode::InvalidArgument, "name the session once, with -o or --session");
    }
    return a.one(a.has("o") ? "o" : "session");
}

Result<record::RecordRequest> baseRequestFrom(const Arguments& a)
{
    record::RecordRequest base;
    XYLEM_TRY(path, sessionPathFrom(a));
    base.sessionPath = path.value();
    XYLEM_TRY(benchmark, a.oneOr("benchmark", "gsum"));
    base.workload.benchmark = benchmark.value();
    XYLEM_TRY(iterations, a.integer("iterations", 2000, 1, 1 << 30));
    base.workload.iterations = iterations.value();
    if (a.has("scope")) {
        XYLEM_TRY(scope, a.one("scope"));
        base.scopeFile = scope.value();
    }
    XYLEM_TRY(listen, a.oneOr("listen", "auto"));
    base.listen = listen.value();
    return base;
}

// The family's lists, or the tree files: exactly one of the two, each list checked.
Result<std::vector<tune::TrialSpec>> trialsFrom(const Arguments& a)
{
    XYLEM_TRY(base, baseRequestFrom(a));
    std::string link;
    if (a.has("cluster-link")) {
        XYLEM_TRY(given, a.one("cluster-link"));
        auto checked = tune::checkLink(given.value());
        if (!checked) {
            return makeError(ErrorCode::InvalidArgument,
                             "--cluster-link: " + checked.error().message);
        }
        link = checked.value();
    }
    std::vector<int> elements;
    if (a.has("elements")) {
        XYLEM_TRY(text, a.one("elements"));
        XYLEM_TRY(sizes, tune::parseIntegers(text.value(), "--elements", 1, 1 << 20));
        elements = sizes.value();
    }
    if (a.has("hosts") == a.has("configs")) {
        return makeError(ErrorCode::InvalidArgument,
                         "give either --hosts (a generated family) or --configs (tree files)");
    }
    if (a.has("configs")) {
        for (const char* family : {"shapes", "arities", "roots", "threads"}) {
            if (a.has(family)) {
                return makeError(ErrorCode::InvalidArgument,
                                 std::string("--") + family +
                                     " belongs to a family generated over --hosts, not to "
                                     "--configs");
            }
        }
        XYLEM_TRY(files, a.one("configs"));
        return tune::planConfigFiles(tune::splitList(files.value()), elements, base.value(), link);
    }
    if (!a.has("shapes")) {
        return makeError(ErrorCode::InvalidArgument,
                         "--shapes: name the family's shapes (flat,kary,binomial,hierarchy)");
    }
    tune::SweepFamily family;
    XYLEM_TRY(hostText, a.one("hosts"));
    XYLEM_TRY(hosts, parseHostList(hostText.value()));
    family.hosts = hosts.value();
    XYLEM_TRY(threads, a.integer("threads", 1, 1, 1024));
    family.threadsPerHost = threads.value();
    XYLEM_TRY(shapeText, a.one("shapes"));
    XYLEM_TRY(shapes, tune::parseShapes(shapeText.value()));
    family.shapes = shapes.value();
    XYLEM_TRY(arityText, a.oneOr("arities", "2"));
    XYLEM_TRY(arities, tune::parseIntegers(arityText.value(), "--arities", 2, 1024));
    family.arities = arities.value();
    XYLEM_TRY(rootText, a.oneOr("roots", "core"));
    XYLEM_TRY(roots, tune::parseRoots(rootText.value()));
    family.roots = roots.value();
    family.elements = elements;
    return tune::planFamily(family, base.value(), link);
}

// --trees over the command after --: no option of a gsum family or list.
Result<std::vector<tune::MpiTrialSpec>> mpiTrialsFrom(const Arguments& a,
                                                      const std::vector<std::string>& command)
{
    if (!a.has("trees")) {
        return makeError(ErrorCode::InvalidArgument,
                         "an MPI command after -- needs --trees (e.g. native,binomial)");
    }
    for (const char* gsum : {"hosts", "configs", "shapes", "arities", "roots", "threads",
                             "elements", "iterations", "benchmark", "cluster-link", "scope"}) {
        if (a.has(gsum)) {
            return makeError(ErrorCode::InvalidArgument,
                             std::string("--") + gsum +
                                 " is for xylem-gsum sweeps, not for an MPI command's --trees");
        }
    }
    record::MpiRecordRequest base;
    base.command = command;
    XYLEM_TRY(path, sessionPathFrom(a));
    base.sessionPath = path.value();
    XYLEM_TRY(listen, a.oneOr("listen", "auto"));
    base.listen = listen.value();
    XYLEM_TRY(trees, a.one("trees"));
    XYLEM_TRY(kind, a.oneOr("kind", "MPI_Allreduce"));
    return tune::planMpiTrees(tune::splitList(trees.value()), base, kind.value());
}

using AnyTrials = std::variant<std::vector<tune::TrialSpec>, std::vector<tune::MpiTrialSpec>>;

// The gsum trials, or those of the MPI command after --.
Result<AnyTrials> anyTrialsFrom(const Arguments& a, const std::vector<std::string>& command)
{
    if (!command.empty() || a.has("trees") || a.has("kind")) {
        if (command.empty()) {
            return makeError(ErrorCode::InvalidArgument,
                             "--trees and --kind sweep an MPI program: give its command after "
                             "-- (-- mpirun -np 4 PROGRAM)");
        }
        XYLEM_TRY(mpi, mpiTrialsFrom(a, command));
        return AnyTrials(std::move(mpi).value());
    }
    XYLEM_TRY(gsum, trialsFrom(a));
    return AnyTrials(std::move(gsum).value());
}

Result<Ok> sweep(const Arguments& a, const std::vector<std::string>& command, std::ostream& out,
                 std::ostream& err)
{
    XYLEM_TRY(trials, anyTrialsFrom(a, command));
    XYLEM_TRY(path, sessionPathFrom(a));
    const bool json = a.has("json");
    std::ostream& progress = json ? err : out; // --json keeps standard output for the document
    tune::SweepCallbacks callbacks;
    std::string current; // "sweep 2/4 kary:4", the trial now running
    callbacks.started = [&current](size_t index, size_t count, const std::string& label) {
        current = "sweep " + std::to_string(index + 1) + "/" + std::to_string(count) + " " + label;
    };
    callbacks.recording.phase = [&current, &err](record::Phase phase) {
        if (phase == record::Phase::Recording) {
            err << current << ": recording" << std::endl;
        }
    };
    callbacks.recording.status = [&current, &err](const record::RecordingStatus& s) {
        if (!s.final) { // about once a second while a gsum trial records
            err << current << ": " << s.completeCalls << " calls so far" << std::endl;
        }
    };
    callbacks.finished = [&progress](size_t index, size_t count, const tune::SweepEntry& e) {
        printSweepLine(progress, index, count, e);
    };
    std::mutex outputMutex; // the program's output comes from the relay's thread
    callbacks.programOutput = [&err, &outputMutex](record::MpiStream, std::string_view text) {
        const std::lock_guard lock(outputMutex);
        err << text;
        err.flush();
    };
    std::optional<tune::Sweep> made;
    std::visit([&](auto& list) { made.emplace(std::move(list), std::move(callbacks)); },
               trials.value());
    tune::Sweep& sweep = *made;
    std::vector<tune::SweepEntry> entries;
    {
        StopRequest stop(sweep); // Ctrl-C from here on ends the sweep cleanly
        entries = sweep.run();
    }
    if (json) {
        out << sweepToJson(path.value(), entries).dump(1) << '\n';
    } else {
        out << '\n';
        printSweepTable(out, entries);
    }
    size_t failed = 0;
    const tune::SweepEntry* firstFailure = nullptr;
    for (const tune::SweepEntry& e : entries) {
        if (e.error) {
            failed += 1;
            firstFailure = firstFailure ? firstFailure : &e;
        }
    }
    if (sweep.stopRequested()) {
        err << "xylem-cli sweep: stopped; the runs recorded so far are in " << path.value()
            << '\n';
    }
    if (firstFailure) {
        Error e = *firstFailure->error;
        e.message = std::to_string(failed) + " of " + std::to_string(entries.size()) +
                    " trials failed; the first, '" + firstFailure->label + "': " + e.message;
        return e;
    }
    return Ok{};
}

} // namespace

int runSweep(const Args& args, std::ostream& out, std::ostream& err)
{
    const auto dashes = std::find(args.begin(), args.end(), "--");
    const Args options(args.begin(), dashes);
    const std::vector<std::string> command(dashes == args.end() ? dashes : dashes + 1, args.end());
    static const CommandSpec spec{
        "sweep",
        kUsage,
        {valueOption("hosts", "generate the family over a number of hosts, or HOST:CLUSTER,...",
                     {}, {}, "N|A:c0,B:c1"),
         valueOption("threads", "threads per host", "1", integerIn(1, 1024), "T"),
         valueOption("shapes", "the family's shapes: flat, kary, binomial, hierarchy", {}, {},
                     "S1,S2"),
         valueOption("arities", "the k of its k-ary trees", "2", {}, "K1,K2"),
         valueOption("roots", "a core or a gred at the root", "core", {}, "core,gred"),
         valueOption("configs", "tree files (xylem-tree/1) instead of a family", {}, {},
                     "A.tree.json,B.tree.json"),
         valueOption("elements", "values per allreduce call, each a trial", "the benchmark's",
                     {}, "N1,N2"),
         valueOption("iterations", "allreduce calls per thread and trial", "2000",
                     integerIn(1, 1 << 30), "N"),
         valueOption("benchmark", "the program's work", "gsum", oneOf({"gsum", "compute-gsum"})),
         valueOption("cluster-link",
                     "an emulated link on every proxy that joins two clusters (2ms, "
                     "500us/100Mbit)",
                     "none", {}, "LATENCY[/BANDWIDTH]"),
         valueOption("scope", "the event scope (xylem-scope/1)", "every tuple", existingFile(),
                     "S.scope.json"),
         valueOption("listen", "where the front-end listens: an address, or auto", "auto", {},
                     "ADDRESS"),
         valueOption("trees", "an MPI program's trees (xylem-cli mpi --tree), each a trial", {},
                     {}, "SPEC1,SPEC2"),
         valueOption("kind", "the MPI program's collective compared", "MPI_Allreduce", {},
                     "KIND"),
         flagOption("json", "print the trials as JSON instead of the table"),
         valueOption("o", "the session file to add the runs to, created if missing", {}, {},
                     "S.xylem"),
         sessionOption(false)}};
    return runCommand(spec, options, out, err,
                      [&command](const Arguments& a, std::ostream& o, std::ostream& e) {
                          return sweep(a, command, o, e);
                      });
}

} // namespace xylem::cli
