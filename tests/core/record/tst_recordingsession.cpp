// RecordingSession: a real recording of the local xylem-gsum cluster through the library, as the
// GUI runs it — on a worker thread, its callbacks collected — and stopped from another thread.

#include "core/record/recordingsession.h"
#include "core/store/attachments.h"
#include "core/store/callassembler.h"
#include "core/store/runcatalog.h"
#include "core/store/runloader.h"
#include "core/store/session.h"
#include "core/store/timeline.h"
#include "tests/support/waituntil.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <span>
#include <thread>

using namespace xylem;
using namespace std::chrono_literals;

namespace {

// What the callbacks reported, from the recording's thread.
struct Reports
{
    std::mutex mutex;
    std::vector<record::Phase> phases;
    std::vector<record::RecordingStatus> statuses;
    std::atomic<int> liveReports{0};
    std::atomic<std::int64_t> liveCalls{0}; // the newest live report's complete calls
    std::atomic<std::int64_t> tuples{0};    // the newest status's
    std::optional<Configuration> planned;
    std::optional<record::TreeUp> treeUp;

    record::RecordingCallbacks callbacks()
    {
        record::RecordingCallbacks c;
        c.planned = [this](const record::RecordPlan& plan) {
            std::lock_guard lock(mutex);
            planned = plan.config;
        };
        c.phase = [this](record::Phase p) {
            std::lock_guard lock(mutex);
            phases.push_back(p);
        };
        c.treeUp = [this](const record::TreeUp& up) {
            std::lock_guard lock(mutex);
            treeUp = up;
        };
        c.status = [this](const record::RecordingStatus& s) {
            std::lock_guard lock(mutex);
            statuses.push_back(s);
            tuples = s.accounting.tuples;
        };
        c.liveReport = [this](const AnalysisReport& r) {
            liveCalls = r.calls;
            ++liveReports;
        };
        c.statusPeriod = 0ms; // every poll
        c.reportPeriod = 0ms;
        return c;
    }
};

record::RecordRequest demo(const QString& session)
{
    record::RecordRequest r;
    r.tree.hosts = "2";
    r.tree.threads = 2;
    r.sessionPath = session.toStdString();
    r.runName = "library demo";
    return r;
}

// Runs the session on a worker thread, as the GUI does.
class Worker
{
public:
    explicit Worker(record::RecordingSession& session)
        : m_thread([this, &session] {
            m_outcome.emplace(session.run());
            m_done = true;
        })
    {
    }
    ~Worker() { m_thread.join(); }

    bool done() const { return m_done; }
    Result<record::RecordingOutcome>& outcome() { return *m_outcome; }

private:
    std::atomic<bool> m_done{false};
    std::optional<Result<record::RecordingOutcome>> m_outcome;
    std::thread m_thread;
};

store::RunInfo storedRun(const QString& path, std::int64_t run)
{
    auto session = store::Session::open(path.toStdString(), store::OpenMode::ReadOnly);
    if (!session) {
        qFatal("%s", session.error().describe().c_str());
    }
    auto info = store::runInfo(session.value(), run);
    if (!info) {
        qFatal("%s", info.error().describe().c_str());
    }
    return info.value();
}

} // namespace

class TestRecordingSession : public QObject
{
    Q_OBJECT

private slots:
    // A timed recording of 2 hosts x 2 threads: phases in order, statuses whose tuples rise, the
    // engine's live report, and a complete run stored with what the outcome says.
    void recordsTheDemoClusterThroughTheCallbacks()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("s.xylem");
        record::RecordRequest request = demo(path);
        request.duration = 1500ms;
        Reports reports;
        record::RecordingSession session(request, reports.callbacks());
        auto outcome = session.run();
        QVERIFY2(outcome, outcome ? "" : outcome.error().describe().c_str());
        QVERIFY(!outcome->incomplete);

        std::lock_guard lock(reports.mutex);
        using P = record::Phase;
        const std::vector<P> phases{P::Preparing, P::StartingTree, P::Deploying,
                                    P::Recording, P::Draining,     P::Storing};
        QVERIFY(reports.phases == phases);
        QVERIFY(reports.planned && reports.planned->threads().size() == 4);
        QVERIFY(reports.treeUp && reports.treeUp->nodes >= 3); // the front-end, 2 collectors
        QVERIFY2(reports.statuses.size() >= 3,
                 qPrintable(QString::number(reports.statuses.size())));
        QVERIFY(reports.statuses.back().final);
        QCOMPARE(reports.statuses.back().phase, P::Draining);
        for (size_t i = 1; i < reports.statuses.size(); ++i) {
            QVERIFY(reports.statuses[i].accounting.tuples >=
                    reports.statuses[i - 1].accounting.tuples);
            QVERIFY(reports.statuses[i].accounting.seconds >=
                    reports.statuses[i - 1].accounting.seconds);
        }
        const record::RecordingStatus& last = reports.statuses.back();
        QVERIFY(last.accounting.tuples > reports.statuses.front().accounting.tuples);
        QVERIFY(last.accounting.read > 0 && last.accounting.gatherRatePct() > 0);
        QVERIFY(last.completeCalls > 0 && !last.imbalancePath.empty());
        QVERIFY(reports.liveReports > 0);
        QVERIFY(reports.liveCalls > 0);

        QCOMPARE(outcome->run, std::int64_t{1});
        QVERIFY(outcome->stored.calls > 0);
        QVERIFY(outcome->report && !outcome->report->imbalancePath.empty());
        QVERIFY(outcome->workload && !outcome->workload->exit.signalled);
        const store::RunInfo run = storedRun(path, 1);
        QVERIFY(run.status == store::RunStatus::Complete);
        QCOMPARE(run.metadata.name, std::string("library demo"));
        QCOMPARE(run.calls, outcome->stored.calls);
        QCOMPARE(run.tuples, outcome->accounting.tuples);
        auto session2 = store::Session::open(path.toStdString(), store::OpenMode::ReadOnly);
        QVERIFY(session2);
        auto accounting = store::cachedResult(session2.value(), 1, "scope-accounting", 2);
        QVERIFY(accounting && accounting.value());
    }

    // The timeline callback: with every status a snapshot of the calls stored so far, at most
    // timelinePoints buckets per series over the run's span, growing; each bucket agrees with
    // the stored run's calls of its interval (no call counted that was not stored, none outside
    // the span), and the last one, made when all is gathered, holds the stored run's calls but
    // those still in the writer's assembly window (a call is summarised when it leaves it).
    void theTimelineCoversTheCallsSoFar()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("s.xylem");
        record::RecordRequest request = demo(path);
        request.duration = 1500ms;
        Reports reports;
        record::RecordingCallbacks callbacks = reports.callbacks();
        std::vector<store::LiveTimeline> snapshots;
        callbacks.timeline = [&](const store::LiveTimeline& t) {
            snapshots.push_back(t);
        };
        callbacks.timelinePoints = 64;
        record::RecordingSession session(request, callbacks);
        auto outcome = session.run();
        QVERIFY2(outcome, outcome ? "" : outcome.error().describe().c_str());
        QVERIFY(!outcome->incomplete);
        QVERIFY2(snapshots.size() >= 3, qPrintable(QString::number(snapshots.size())));

        auto stored = store::Session::open(path.toStdString(), store::OpenMode::ReadOnly);
        QVERIFY(stored);
        const store::RunInfo run = storedRun(path, outcome->run);
        QVERIFY(run.firstNs && run.lastNs);
        auto calls = store::loadCallsIn(stored.value(), outcome->run,
                                        store::TimeWindow{*run.firstNs, *run.lastNs + 1});
        QVERIFY(calls);
        QCOMPARE(static_cast<std::int64_t>(calls->size()), run.calls);
        std::sort(calls->begin(), calls->end(),
                  [](const CallTimes& a, const CallTimes& b) { return a.startNs < b.startNs; });
        const auto startingIn = [&](std::int64_t from, std::int64_t to) {
            const auto at = [&](std::int64_t ns) {
                return std::lower_bound(
                    calls->begin(), calls->end(), ns,
                    [](const CallTimes& c, std::int64_t t) { return c.startNs < t; });
            };
            return std::span<const CallTimes>(at(from), at(to));
        };

        const store::LiveTimeline* previous = nullptr;
        for (const store::LiveTimeline& t : snapshots) {
            QCOMPARE(t.firstNs, *run.firstNs); // the run's first tuple, as stored
            QVERIFY(t.lastNs <= *run.lastNs);
            QVERIFY(t.operation.buckets.size() <= 64 && t.slowest.buckets.size() <= 64);
            QCOMPARE(t.operation.series, store::kOperationSeries);
            QCOMPARE(t.slowest.series, store::kSlowestThreadSeries);
            std::int64_t counted = 0;
            for (const auto* slice : {&t.operation, &t.slowest}) {
                counted = 0;
                for (const store::TimelineBucket& b : slice->buckets) {
                    QVERIFY(b.count > 0 && b.min <= b.mean && b.mean <= b.max);
                    QCOMPARE(b.endNs - b.startNs, slice->widthNs);
                    std::int64_t inside = 0, min = INT64_MAX, max = INT64_MIN;
                    for (const CallTimes& c : startingIn(b.startNs, b.endNs)) {
                        const std::int64_t v =
                            slice == &t.operation ? c.operationTime : c.slowestThreadTime;
                        ++inside;
                        min = std::min(min, v);
                        max = std::max(max, v);
                    }
                    QVERIFY(b.count <= inside);
                    QVERIFY(min <= b.min && b.max <= max);
                    counted += b.count;
                }
                QCOMPARE(counted, t.calls);
            }
            if (previous) {
                QVERIFY(t.calls >= previous->calls);
                QVERIFY(t.lastNs >= previous->lastNs);
            }
            previous = &t;
        }
        QVERIFY(snapshots.front().calls < snapshots.back().calls);
        qInfo("snapshots %zu, calls %lld .. %lld, stored %lld", snapshots.size(),
              static_cast<long long>(snapshots.front().calls),
              static_cast<long long>(snapshots.back().calls), static_cast<long long>(run.calls));
        QVERIFY(snapshots.back().calls > 0 && snapshots.back().calls <= run.calls);
        QVERIFY(snapshots.back().calls >=
                run.calls - static_cast<std::int64_t>(store::kAssemblyWindow));
    }

    // stop() from another thread while the program would run for minutes: the program is
    // interrupted, the rings drained, the run stored, and run() returns soon.
    void stopEndsItWithinBoundedTime()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("s.xylem");
        record::RecordRequest request = demo(path);
        request.duration = std::chrono::minutes(10);
        Reports reports;
        record::RecordingSession session(request, reports.callbacks());
        std::chrono::steady_clock::time_point stopped;
        {
            Worker worker(session);
            QVERIFY(testing::waitUntil([&] { return reports.tuples > 0 || worker.done(); }, 60s));
            QVERIFY2(!worker.done(), worker.outcome()
                                         ? "ended early"
                                         : worker.outcome().error().describe().c_str());
            stopped = std::chrono::steady_clock::now();
            session.stop();
            QVERIFY(session.stopRequested());
            QVERIFY(testing::waitUntil([&] { return worker.done(); }, 30s));
            const auto took = std::chrono::steady_clock::now() - stopped;
            QVERIFY2(took < 20s,
                     qPrintable(QString::number(std::chrono::duration<double>(took).count())));
            auto& outcome = worker.outcome();
            QVERIFY2(outcome, outcome ? "" : outcome.error().describe().c_str());
            QVERIFY(!outcome->incomplete);
            QVERIFY(outcome->stored.calls > 0);
            QVERIFY(outcome->accounting.seconds < 300);
            const store::RunInfo run = storedRun(path, outcome->run);
            QVERIFY(run.status == store::RunStatus::Complete);
            QCOMPARE(run.calls, outcome->stored.calls);
        }
        std::lock_guard lock(reports.mutex);
        QVERIFY(reports.statuses.back().final);
    }

    // A stop before run(): nothing is started past the tree, and an empty run is stored.
    void stopBeforeRunEndsAtOnce()
    {
        QTemporaryDir dir;
        record::RecordRequest request = demo(dir.filePath("s.xylem"));
        request.duration = std::chrono::minutes(10);
        Reports reports;
        record::RecordingSession session(request, reports.callbacks());
        session.stop();
        auto outcome = session.run();
        QVERIFY2(outcome, outcome ? "" : outcome.error().describe().c_str());
        QVERIFY(!outcome->workload);
        QCOMPARE(outcome->stored.calls, std::int64_t{0});
        auto again = session.run();
        QVERIFY(!again);
    }

    // A request that cannot be recorded is refused before anything starts.
    void refusesABadRequest()
    {
        QTemporaryDir dir;
        record::RecordRequest request = demo(dir.filePath("s.xylem"));
        request.attachFile = dir.filePath("tree.address").toStdString(); // no duration
        Reports reports;
        record::RecordingSession session(request, reports.callbacks());
        auto outcome = session.run();
        QVERIFY(!outcome);
        QVERIFY2(outcome.error().message.find("--duration") != std::string::npos,
                 outcome.error().message.c_str());
        QVERIFY(!QFile::exists(dir.filePath("s.xylem")));
        std::lock_guard lock(reports.mutex);
        QCOMPARE(reports.phases.size(), size_t{1});
    }
};

QTEST_APPLESS_MAIN(TestRecordingSession)
#include "tst_recordingsession.moc"
