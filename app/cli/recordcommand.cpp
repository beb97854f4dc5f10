// xylem-cli record: Xylem's main job from the command line. Starts a local cluster running
// xylem-gsum under a gather tree of collectors, pulls the event scope's streams while it runs
// (a one-line live status), stores every tuple into a session run, and ends with a summary.

#include "app/cli/childprocess.h"
#include "app/cli/command.h"
#include "app/cli/durationformat.h"
#include "app/cli/gsumoutput.h"
#include "app/cli/nodetroubles.h"
#include "app/cli/recordclocks.h"
#include "app/cli/recordsetup.h"
#include "app/cli/recordstatus.h"
#include "app/cli/recordtree.h"
#include "app/cli/refusallog.h"
#include "app/cli/siblingprogram.h"
#include "app/cli/stoprequest.h"
#include "core/live/designfilewatch.h"
#include "core/live/designstore.h"
#include "core/live/liverecorder.h"
#include "core/live/scopedeployment.h"
#include "core/model/configurationjson.h"
#include "core/store/attachments.h"
#include "core/store/runwriter.h"
#include "core/tree/hostport.h"
#include "core/tree/listenaddress.h"

#include <filesystem>
#include <functional>
#include <optional>
#include <set>
#include <thread>
#include <unistd.h>

namespace xylem::cli {

namespace {

using Clock = std::chrono::steady_clock;

constexpr const char* kUsage =
    "usage: xylem-cli record (--config F.tree.json | --hosts H [--threads T] [--shape S]\n"
    "                        | --hostfile FILE [--launcher TEMPLATE] [--threads T] [--shape S])\n"
    "                        [--scope S.scope.json | --design D.json [--figures-json]]\n"
    "                        [--iterations N | --duration D]\n"
    "                        [--benchmark gsum|compute-gsum [--compute-us US]]\n"
    "                        [--noise THREAD:US[:EVERY]]...\n"
    "                        [--baseline] [--name NAME] [--notes TEXT] [--listen ADDRESS|auto]\n"
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

// The shared-memory prefix of the run's rings, removed at the end whatever happened. (Killed,
// xylem-cli removes nothing: its program and collectors, who outlive it, do, lifeline.h. The
// program's configuration and output are files without a name: nothing to leave behind.)
struct Scratch
{
    std::string ringBase; // every ring of this recording starts with it

    ~Scratch()
    {
        std::error_code ec;
        for (const auto& e : std::filesystem::directory_iterator("/dev/shm", ec)) {
            if (e.path().filename().string().starts_with(ringBase)) {
                std::filesystem::remove(e.path(), ec);
            }
        }
    }
};

Result<ChildProcess> startWorkload(const Arguments& a, const RecordPlan& plan,
                                   const Scratch& scratch, bool instrumented)
{
    XYLEM_TRY(gsum, findSiblingProgram("xylem-gsum"));
    XYLEM_TRY(benchmark, a.oneOr("benchmark", "gsum"));
    std::vector<std::string> command{gsum.value(),   "launch",
                                     "--config",     "-",
                                     "--iterations", std::to_string(plan.iterations),
                                     "--benchmark",  benchmark.value()};
    if (a.has("compute-us")) {
        XYLEM_TRY(computeUs, a.integer("compute-us", 0, 0, 1 << 30));
        command.insert(command.end(), {"--compute-us", std::to_string(computeUs.value())});
    }
    for (const std::string& noise : a.all("noise")) {
        command.insert(command.end(), {"--noise", noise});
    }
    if (!instrumented) {
        command.push_back("--no-collectors");
    }
    if (!plan.remoteHosts.empty()) { // their hosts start through it, this machine's here
        command.insert(command.end(), {"--launcher", plan.launcher});
    }
    return ChildProcess::start(command,
                               {"XYLEM_RING_PREFIX=" + scratch.ringBase + "{host}-",
                                "XYLEM_RING_CAPACITY=" + std::to_string(plan.scope.ringCapacity)},
                               "", configurationToJson(plan.config)); // --config - reads stdin
}

// The program's time per iteration without collectors, for the slowdown (--baseline).
Result<double> runBaseline(const Arguments& a, const RecordPlan& plan, const Scratch& scratch,
                           std::ostream& out)
{
    XYLEM_TRY(baseline, startWorkload(a, plan, scratch, false));
    const int code = baseline->wait();
    const auto us = gsumIterationUs(baseline->output());
    if (code != 0 || !us) {
        return makeError(ErrorCode::IoError, "the baseline run without collectors " +
                                                 baseline->describeExit() + ", see its output");
    }
    out << "record: baseline without collectors: " << *us << " us per iteration\n";
    return *us;
}

// What gather() polls: one LiveRecorder, or a deployed design (whose redeployments reopen its
// recorder's streams and may change the pull period).
struct Polling
{
    std::function<Result<Ok>(std::chrono::milliseconds)> poll;
    std::function<live::LiveRecorder&()> recorder;
};

Polling pollingOf(live::LiveRecorder& recorder)
{
    return {[&recorder](std::chrono::milliseconds t) { return recorder.poll(t); },
            [&recorder]() -> live::LiveRecorder& {
                return recorder;
            }};
}

// How long the drain waits for a slow collector: past the tree's idle time-out, by which a node
// that never answers again is lost.
constexpr auto kSlowWait = 2 * tree::kTreeIdleTimeout;

// Drains what the rings still hold: waves until two bring nothing new and no collector is slow
// (its backlog comes when it answers again; unless stopped by the user, record waits until it
// does or is lost).
Result<Ok> drain(const Polling& polling, std::chrono::milliseconds timeout, RecordStatus& status,
                 const StopRequest& stop)
{
    const auto giveUp = Clock::now() + kSlowWait;
    for (int quiet = 0;;) {
        const live::ScopeAccounting& a = polling.recorder().accounting();
        const bool slow = !a.slow.empty() && !stop.requested() && Clock::now() < giveUp;
        if (quiet >= 2 && !slow) {
            return Ok{};
        }
        if (slow) {
            std::this_thread::sleep_for(polling.recorder().scope().pullPeriod);
            status.maybePrint(polling.recorder());
        }
        const auto before = a.tuples;
        XYLEM_TRY(polled, polling.poll(timeout));
        quiet = polling.recorder().accounting().tuples == before ? quiet + 1 : 0;
    }
}

// Pulls while the program runs (and until the duration is up; with no program, for the
// duration), then drains. A wave comes within the tree's slow time-out (frontend.h) even with
// a node paused, so a poll waits well beyond that before it gives up on the tree.
Result<Ok> gather(const Polling& polling, ChildProcess* workload, const RecordPlan& plan,
                  std::chrono::milliseconds slowAfter, RecordStatus& status,
                  const StopRequest& stop, const std::function<void()>& between)
{
    const auto started = Clock::now();
    const auto timeout = std::max({std::chrono::milliseconds(5000), 4 * plan.scope.pullPeriod,
                                   2 * slowAfter + std::chrono::milliseconds(1000)});
    auto next = started;
    while (workload ? workload->running() : true) {
        if (stop.requested() || (plan.duration && Clock::now() - started >= *plan.duration)) {
            if (workload) {
                workload->interrupt();
            }
            break;
        }
        next += polling.recorder().scope().pullPeriod;
        std::this_thread::sleep_until(next);
        XYLEM_TRY(polled, polling.poll(timeout));
        status.maybePrint(polling.recorder());
        between();
    }
    if (workload) {
        workload->wait();
    }
    XYLEM_TRY(drained, drain(polling, timeout, status, stop));
    status.finish(polling.recorder());
    return Ok{};
}

// A deployed scope design: each poll prints the nodes' figures (--figures-json) and, when the
// design file changed, redeploys it and says what changed (or why it could not).
class DesignRun
{
public:
    DesignRun(std::unique_ptr<live::ScopeDeployment> deployment, const RecordPlan& plan,
              bool figuresJson, std::ostream& out)
        : m_deployment(std::move(deployment))
        , m_watch(plan.designFile, plan.designText)
        , m_used{*plan.design}
        , m_figuresJson(figuresJson)
        , m_out(out)
    {
    }

    Polling polling()
    {
        return {[this](std::chrono::milliseconds t) { return poll(t); },
                [this]() -> live::LiveRecorder& {
                    return m_deployment->recorder();
                }};
    }
    live::ScopeDeployment& deployment() { return *m_deployment; }
    const std::vector<live::ScopeDesign>& used() const { return m_used; }

private:
    Result<Ok> poll(std::chrono::milliseconds timeout)
    {
        XYLEM_TRY(polled, m_deployment->poll(timeout));
        if (m_figuresJson) {
            m_out << live::figuresToJson(m_deployment->figures(), m_deployment->filterOutputs())
                  << std::endl;
        }
        auto changed = m_watch.changed();
        if (!changed) {
            m_out << "record: redeploy refused: " << changed.error().describe() << std::endl;
        } else if (changed.value()) {
            redeploy(std::move(*changed.value()));
        }
        return Ok{};
    }

    void redeploy(live::ScopeDesign design)
    {
        const std::string name = design.name;
        auto applied = m_deployment->redeploy(design);
        if (!applied) {
            m_out << "record: redeploy refused: " << applied.error().describe() << std::endl;
            return;
        }
        m_used.push_back(std::move(design));
        m_out << "record: redeployed design \"" << name << "\": " << applied->describe()
              << std::endl;
    }

    std::unique_ptr<live::ScopeDeployment> m_deployment;
    live::DesignFileWatch m_watch;
    std::vector<live::ScopeDesign> m_used; // every design deployed, the first one first
    bool m_figuresJson;
    std::ostream& m_out;
};

// The session's scopes table keeps what the run used: the event scope, or each design deployed.
Result<Ok> storeScopes(store::Session& session, std::int64_t run, live::LiveRecorder& recorder,
                       const DesignRun* designs)
{
    if (designs) {
        for (const live::ScopeDesign& d : designs->used()) {
            XYLEM_TRY(saved, live::saveDesign(session, d, run));
        }
        return Ok{};
    }
    XYLEM_TRY(scope, store::saveScope(session, recorder.scope().name,
                                      live::scopeToJson(recorder.scope())));
    return store::linkRunToScope(session, run, scope.value());
}

Result<Ok> storeScopeAndAccounting(store::Session& session, std::int64_t run,
                                   live::LiveRecorder& recorder, const DesignRun* designs)
{
    XYLEM_TRY(scopes, storeScopes(session, run, recorder, designs));
    XYLEM_TRY(accounted,
              store::storeCachedResult(session, run, "scope-accounting", kAccountingVersion,
                                       accountingJson(recorder.accounting())));
    return store::storeCachedResult(session, run, "monitor-results", 1,
                                    recorder.monitorResultsJson());
}

// The recording's scope: a design deployed (redeployed as its file changes) or one recorder.
struct Scope
{
    std::optional<live::LiveRecorder> single;
    std::unique_ptr<DesignRun> design;
    Polling polling;

    Result<Ok> open(tree::FrontEnd& tree, const RecordPlan& plan, store::RunWriter& writer,
                    const live::TreeClocks& clocks, bool figuresJson, std::ostream& out)
    {
        if (plan.design) {
            XYLEM_TRY(deployment,
                      live::ScopeDeployment::deploy(tree, plan.config, *plan.design, &writer));
            design =
                std::make_unique<DesignRun>(std::move(deployment).value(), plan, figuresJson, out);
            polling = design->polling();
        } else {
            single.emplace(tree, plan.config, plan.scope, &writer);
            XYLEM_TRY(opened, single->open());
            polling = pollingOf(*single);
        }
        polling.recorder().useClocks(&clocks);
        // One wave first: every collector has made its sources (and calibrated its clock)
        // before the program starts, so the scope's start-up is not counted as its slowdown.
        return polling.poll(std::chrono::seconds(10));
    }
};

Result<Ok> record(const Arguments& a, std::ostream& out, std::ostream& err)
{
    if (a.has("o") == a.has("session")) {
        return makeError(ErrorCode::InvalidArgument, "name the session once, with -o or --session");
    }
    XYLEM_TRY(path, a.one(a.has("o") ? "o" : "session"));
    XYLEM_TRY(plan, planRecording(a));
    const bool attached = !plan->attachFile.empty();
    XYLEM_TRY(name, a.oneOr("name", "live " + plan->config.name()));
    XYLEM_TRY(notes, a.oneOr("notes", ""));
    XYLEM_TRY(listen, a.oneOr("listen", "auto"));
    // Refused before anything is made.
    XYLEM_TRY(listenable, tree::chooseListen(listen.value(), {}));
    XYLEM_TRY(reachable, checkRemoteHosts(plan.value(), kRecordStartTimeout));
    const Scratch scratch{"xylem-rec-" + std::to_string(::getpid()) + "-"};
    XYLEM_TRY(session, store::Session::openOrCreate(path.value()));
    // A recording appends and reads nothing back: a small page cache (a session opens with 64 MB,
    // for browsing) keeps the front-end's memory where its own structures put it.
    XYLEM_TRY(cache, session->database().exec("PRAGMA cache_size = -8192"));
    std::optional<double> baselineUs;
    if (a.has("baseline")) {
        XYLEM_TRY(us, runBaseline(a, plan.value(), scratch, out));
        baselineUs = us.value();
    }
    RefusalLog refusals(err); // outlives the tree, whose thread calls it
    XYLEM_TRY(tree, startGatherTree(plan.value(), scratch.ringBase, listen.value(), refusals));
    if (attached) {
        out << "record: waiting for the collectors to attach through " << plan->attachFile
            << " (or at "
            << tree::toString({tree.value()->listenAddress(), tree.value()->listenPort()})
            << " with the tree's token)\n";
        out.flush();
        XYLEM_TRY(joined,
                  awaitAttachedLeaves(*tree.value(), plan->attachFile, std::chrono::seconds(60)));
    }
    out << "record: gather tree of " << plan->topology.nodes.size() << " nodes up in "
        << formatDuration(static_cast<double>(tree.value()->startup().latency.count()) * 1e3)
        << "\n";
    RecordClocks clocks(plan->topology, plan->config);
    if (auto measured = clocks.measure(*tree.value()); !measured) {
        out << "record: clocks not measured at the start: " << measured.error().describe() << '\n';
    }
    const store::RunMetadata meta{
        name.value(), "",
        std::string(attached ? "live: attached collectors" : "live: xylem-gsum") + ", scope " +
            plan->scope.name,
        clocks.describe(), notes.value()};
    XYLEM_TRY(writer, store::RunWriter::begin(session.value(), plan->config, meta));
    Scope scope;
    XYLEM_TRY(deployed, scope.open(*tree.value(), plan.value(), writer.value(), clocks.clocks(),
                                   a.has("figures-json"), out));
    const Polling& polling = scope.polling;
    std::optional<ChildProcess> workload;
    if (!attached) {
        XYLEM_TRY(started, startWorkload(a, plan.value(), scratch, true));
        workload.emplace(std::move(started).value());
    }
    RecordStatus status(err, ::isatty(STDERR_FILENO) != 0);
    const StopRequest stop; // Ctrl-C from here on ends the recording cleanly
    auto gathered = gather(polling, workload ? &*workload : nullptr, plan.value(),
                           tree.value()->slowAfter(), status, stop, [&] {
                               // A slow node would hold every measurement to its time-out.
                               if (polling.recorder().accounting().slow.empty()) {
                                   (void)clocks.measureWhenDue(*tree.value());
                               }
                           });
    // The end of the run's clock models (drift); a node that is gone keeps its last one.
    if (auto measured = clocks.measure(*tree.value()); !measured) {
        out << "record: clocks not measured at the end: " << measured.error().describe() << '\n';
    }
    live::LiveRecorder& recorder = polling.recorder();
    if (workload) {
        recorder.noteWorkload(baselineUs, gsumIterationUs(workload->output()));
    }
    // Stores the last system samples.
    auto closed = scope.design ? scope.design->deployment().close() : recorder.close();
    tree.value()->shutdown();
    XYLEM_TRY(finished, writer->finish());
    XYLEM_TRY(stored, storeScopeAndAccounting(session.value(), writer->run(), recorder,
                                              scope.design.get()));
    XYLEM_TRY(clocksStored, clocks.store(session.value(), writer->run()));
    printSummary(out, recorder, workload ? &*workload : nullptr, writer->counters(), path.value(),
                 writer->run());
    if (!gathered) {
        return gathered.error();
    }
    if (!closed) {
        return closed.error();
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
