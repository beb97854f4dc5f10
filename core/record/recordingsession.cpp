#include "core/record/recordingsession.h"

#include "core/record/gathering.h"
#include "core/record/gathertree.h"
#include "core/record/gsumoutput.h"
#include "core/record/recordclocks.h"
#include "core/record/recordscope.h"
#include "core/record/remotehosts.h"
#include "core/record/workload.h"
#include "core/store/runwriter.h"
#include "core/tree/hostport.h"
#include "core/tree/listenaddress.h"

#include <fstream>

namespace xylem::record {

namespace {

// How long attached collectors have to join once the tree is up.
constexpr std::chrono::seconds kAttachTimeout{60};

std::vector<std::string> linesOf(const std::string& file)
{
    std::vector<std::string> lines;
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) {
        lines.push_back(std::move(line));
    }
    return lines;
}

// One recording's state, in the order it is made and (reversed) taken down: the rings' scratch
// outlives the tree and the program, the session outlives its writer.
class Recording
{
public:
    Recording(const RecordRequest& request, const RecordingCallbacks& callbacks,
              const StopFlag& stop, RecordPlan plan)
        : m_request(request)
        , m_callbacks(callbacks)
        , m_stop(stop)
        , m_plan(std::move(plan))
        , m_scope(callbacks)
        , m_reporter(callbacks)
    {
    }

    Result<Ok> prepare();
    Result<Ok> startTree();
    Result<Ok> deploy();
    Result<RecordingOutcome> gatherAndStore();

private:
    void enter(Phase phase) const
    {
        if (m_callbacks.phase) {
            m_callbacks.phase(phase);
        }
    }
    void clocksFailed(bool atEnd, const Error& e) const
    {
        if (m_callbacks.clocksNotMeasured) {
            m_callbacks.clocksNotMeasured(ClocksNotMeasured{atEnd, e});
        }
    }
    bool attached() const { return !m_plan.attachFile.empty(); }
    RecordingOutcome outcome(std::optional<Error> incomplete);

    const RecordRequest& m_request;
    const RecordingCallbacks& m_callbacks;
    const StopFlag& m_stop;
    RecordPlan m_plan;
    RingScratch m_scratch;
    std::unique_ptr<store::Session> m_session;
    std::optional<double> m_baselineUs;
    std::unique_ptr<tree::FrontEnd> m_tree;
    std::optional<RecordClocks> m_clocks;
    std::optional<store::RunWriter> m_writer;
    RecordScope m_scope;
    std::optional<ChildProcess> m_workload;
    LiveReporter m_reporter;
};

// Refused before anything is made; then the session, and the baseline.
Result<Ok> Recording::prepare()
{
    XYLEM_TRY(listenable, tree::chooseListen(m_request.listen, {}));
    XYLEM_TRY(reachable, checkRemoteHosts(m_plan, kRecordStartTimeout));
    XYLEM_TRY(session, store::Session::openOrCreate(m_request.sessionPath));
    m_session = std::make_unique<store::Session>(std::move(session).value());
    // A recording appends and reads nothing back: a small page cache (a session opens with 64 MB,
    // for browsing) keeps the front-end's memory where its own structures put it.
    XYLEM_TRY(cache, m_session->database().exec("PRAGMA cache_size = -8192"));
    if (m_plan.workload.baseline) {
        enter(Phase::Baseline);
        XYLEM_TRY(us, runBaseline(m_plan, m_scratch, m_stop));
        m_baselineUs = us.value();
        if (m_callbacks.baseline) {
            m_callbacks.baseline(us.value());
        }
    }
    return Ok{};
}

Result<Ok> Recording::startTree()
{
    enter(Phase::StartingTree);
    std::function<void(const std::string&)> log;
    if (m_callbacks.treeLog) {
        log = [&callbacks = m_callbacks](const std::string& line) {
            callbacks.treeLog(line);
        };
    }
    XYLEM_TRY(tree, startGatherTree(m_plan, m_scratch.ringBase(), m_request.listen, log));
    m_tree = std::move(tree).value();
    if (attached()) {
        enter(Phase::AwaitingCollectors);
        if (m_callbacks.awaitingCollectors) {
            m_callbacks.awaitingCollectors(
                AttachWait{m_plan.attachFile,
                           tree::toString({m_tree->listenAddress(), m_tree->listenPort()})});
        }
        XYLEM_TRY(joined, awaitAttachedLeaves(*m_tree, m_plan.attachFile, kAttachTimeout, m_stop));
    }
    if (m_callbacks.treeUp) {
        m_callbacks.treeUp(TreeUp{m_plan.topology.nodes.size(), m_tree->startup().latency});
    }
    return Ok{};
}

// The clocks, the run, the scope's streams.
Result<Ok> Recording::deploy()
{
    enter(Phase::Deploying);
    m_clocks.emplace(m_plan.topology, m_plan.config);
    if (auto measured = m_clocks->measure(*m_tree); !measured) {
        clocksFailed(false, measured.error());
    }
    const store::RunMetadata meta{
        m_request.runName.value_or("live " + m_plan.config.name()), "",
        std::string(attached() ? "live: attached collectors" : "live: xylem-gsum") + ", scope " +
            m_plan.scope.name,
        m_clocks->describe(), m_request.notes};
    XYLEM_TRY(writer, store::RunWriter::begin(*m_session, m_plan.config, meta));
    m_writer.emplace(std::move(writer).value());
    m_reporter.useWriter(&*m_writer);
    return m_scope.open(*m_tree, m_plan, *m_writer, m_clocks->clocks());
}

Result<RecordingOutcome> Recording::gatherAndStore()
{
    if (!attached() && !m_stop.requested()) {
        XYLEM_TRY(started, startWorkload(m_plan, m_scratch, true));
        m_workload.emplace(std::move(started).value());
    }
    GatherContext context{m_scope,
                          m_workload ? &*m_workload : nullptr,
                          m_plan,
                          m_tree->slowAfter(),
                          m_reporter,
                          m_stop,
                          m_callbacks,
                          [this] {
                              // A slow node would hold every measurement to its time-out.
                              if (m_scope.recorder().accounting().slow.empty()) {
                                  (void)m_clocks->measureWhenDue(*m_tree);
                              }
                          }};
    auto gathered = gather(context);
    // The end of the run's clock models (drift); a node that is gone keeps its last one.
    if (auto measured = m_clocks->measure(*m_tree); !measured) {
        clocksFailed(true, measured.error());
    }
    enter(Phase::Storing);
    live::LiveRecorder& recorder = m_scope.recorder();
    if (m_workload) {
        recorder.noteWorkload(m_baselineUs, gsumIterationUs(m_workload->output()));
    }
    auto closed = m_scope.close(); // stores the last system samples
    m_tree->shutdown();
    XYLEM_TRY(finished, m_writer->finish());
    XYLEM_TRY(stored, m_scope.store(*m_session, m_writer->run()));
    XYLEM_TRY(clocksStored, m_clocks->store(*m_session, m_writer->run()));
    if (!gathered) {
        return outcome(gathered.error());
    }
    return outcome(closed ? std::nullopt : std::optional<Error>(closed.error()));
}

RecordingOutcome Recording::outcome(std::optional<Error> incomplete)
{
    live::LiveRecorder& recorder = m_scope.recorder();
    RecordingOutcome o(recorder.configuration());
    o.sessionPath = m_request.sessionPath;
    o.run = m_writer->run();
    o.stored = m_writer->counters();
    o.accounting = recorder.accounting();
    o.liveCompleteCalls = recorder.completeCalls();
    o.scope = recorder.scope();
    if (recorder.has(live::Monitor::Raw)) {
        o.report = recorder.report();
    }
    for (const live::Monitor form :
         {live::Monitor::LoadBalance, live::Monitor::LoadBalanceDistributed}) {
        if (recorder.has(form)) {
            o.loadBalancePaths.emplace_back(form, recorder.loadBalance(form).imbalancePath());
        }
    }
    if (m_workload) {
        o.workload = WorkloadOutcome{m_workload->exitStatus(), linesOf(m_workload->output())};
    }
    o.incomplete = std::move(incomplete);
    return o;
}

} // namespace

RecordingSession::RecordingSession(RecordRequest request, RecordingCallbacks callbacks)
    : m_request(std::move(request))
    , m_callbacks(std::move(callbacks))
{
}

Result<RecordingOutcome> RecordingSession::run()
{
    if (m_ran) {
        return makeError(ErrorCode::InvalidArgument, "a recording session runs once");
    }
    m_ran = true;
    if (m_callbacks.phase) {
        m_callbacks.phase(Phase::Preparing);
    }
    XYLEM_TRY(plan, planRecording(m_request));
    if (m_callbacks.planned) {
        m_callbacks.planned(plan.value());
    }
    Recording recording(m_request, m_callbacks, m_stop, std::move(plan).value());
    XYLEM_TRY(prepared, recording.prepare());
    XYLEM_TRY(started, recording.startTree());
    XYLEM_TRY(deployed, recording.deploy());
    return recording.gatherAndStore();
}

} // namespace xylem::record
