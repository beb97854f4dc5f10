// Loading one call of a stored run off the GUI thread (app/gui/calldetailjob.h): the call read
// from the chunks around it is the call core computes from the whole run, with its neighbours;
// unknown and incomplete calls report core's reason; only the newest request reports. With
// XYLEM_CALLJOB_CALLS=N a generated run of 64 hosts x 8 threads and N calls is stored and the
// time to show one call is printed beside the time to read the whole run.

#include "app/gui/calldetailjob.h"
#include "core/model/treegenerator.h"
#include "core/store/runloader.h"
#include "tests/support/storedrun.h"
#include "tests/support/tracesimulator.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QThreadPool>
#include <QtTest>

#include "examplesession.h"

using namespace xylem;
using namespace xylem::gui;

namespace {

void compareCalls(const CallDetail& a, const CallDetail& b)
{
    QCOMPARE(a.times.seq, b.times.seq);
    QCOMPARE(a.times.operationTime, b.times.operationTime);
    QCOMPARE(a.slowestThread, b.slowestThread);
    QCOMPARE(a.lastArrivalPath, b.lastArrivalPath);
    QCOMPARE(a.edges.size(), b.edges.size());
    for (size_t i = 0; i < a.edges.size(); ++i) {
        QCOMPARE(a.edges[i].downNs, b.edges[i].downNs);
        QCOMPARE(a.edges[i].upNs, b.edges[i].upNs);
    }
    QCOMPARE(a.threads.size(), b.threads.size());
    for (size_t i = 0; i < a.threads.size(); ++i) {
        QCOMPARE(a.threads[i].stages.size(), b.threads[i].stages.size());
        QCOMPARE(a.threads[i].callTimeNs, b.threads[i].callTimeNs);
    }
}

} // namespace

class TestCallDetailJob : public QObject
{
    Q_OBJECT

private slots:
    void readsOneCallAsCoreComputesIt()
    {
        QTemporaryDir dir;
        const QString path = testing::exampleSession(dir);
        QVERIFY(!path.isEmpty());
        CallDetailJob job;
        QSignalSpy available(&job, &CallDetailJob::available);
        job.request(path, 1, 1);
        QVERIFY(available.wait(10'000));
        const auto loaded = available[0][1].value<std::shared_ptr<const LoadedCall>>();
        QCOMPARE(available[0][0].value<qint64>(), 1);
        QVERIFY(!loaded->wholeRunRead); // read from the chunks around call #1
        const Run run = testing::exampleRun("two-hosts");
        compareCalls(*loaded->detail, callDetail(run.configuration, run.tuples, 1).value());
        QCOMPARE(loaded->neighbours.slower, std::optional<std::int64_t>(2));
        QCOMPARE(loaded->neighbours.faster, std::optional<std::int64_t>(0));
        QCOMPARE(loaded->firstSeq, 0);
        QCOMPARE(loaded->lastSeq, 2);
    }

    void unknownCallsSayWhy()
    {
        QTemporaryDir dir;
        const QString path = testing::exampleSession(dir);
        CallDetailJob job;
        QSignalSpy failed(&job, &CallDetailJob::failed);
        job.request(path, 1, 7);
        QVERIFY(failed.wait(10'000));
        QCOMPARE(failed[0][1].value<qint64>(), 7);
        QCOMPARE(failed[0][2].toString(), QString("Cannot show call #7 of run 1: no call #7 in "
                                                  "the run (its calls are #0 to #2)"));
        job.request(path, 9, 0);
        QVERIFY(failed.wait(10'000));
        QVERIFY(failed[1][2].toString().startsWith("Cannot show call #0 of run 9: "));
    }

    void incompleteCallsNameTheMissingCollectors()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("incomplete.xylem");
        Run run = testing::exampleRun("two-hosts");
        std::erase_if(run.tuples, [&](const Tuple& t) {
            return t.seq == 1 && static_cast<int>(t.collector) == run.configuration.indexOf("gA");
        });
        QVERIFY(testing::storeRun(path.toStdString(), run.configuration, run.tuples, "cut"));
        const auto loaded = loadCall(path.toStdString(), 1, 1);
        QVERIFY(!loaded.ok());
        QCOMPARE(loaded.error().message,
                 std::string("call #1 is incomplete: 1 of 6 collectors have no tuple for it (gA)"));
        QVERIFY(loadCall(path.toStdString(), 1, 2).ok());
    }

    void onlyTheNewestRequestReports()
    {
        QTemporaryDir dir;
        const QString path = testing::exampleSession(dir);
        CallDetailJob job;
        QSignalSpy available(&job, &CallDetailJob::available);
        job.request(path, 1, 0);
        job.request(path, 1, 1);
        job.request(path, 1, 2);
        QVERIFY(available.wait(10'000));
        QVERIFY(QThreadPool::globalInstance()->waitForDone(10'000));
        QCoreApplication::processEvents(); // any stale answer still queued
        QCOMPARE(available.count(), 1);
        QCOMPARE(available[0][1].value<std::shared_ptr<const LoadedCall>>()->detail->times.seq, 2);
    }

    void bigRunFigure()
    {
        const qint64 calls = qEnvironmentVariableIntValue("XYLEM_CALLJOB_CALLS");
        if (calls <= 0) {
            QSKIP("set XYLEM_CALLJOB_CALLS to time a generated run");
        }
        TreeSpec spec;
        spec.hosts = parseHostList("64").value();
        spec.threadsPerHost = 8;
        const Configuration config = generateTree(spec).value();
        testing::SimulationSpec sim;
        sim.calls = calls;
        const std::vector<Tuple> tuples = testing::simulateTrace(config, sim);
        QTemporaryDir dir;
        const QString path = dir.filePath("big.xylem");
        auto session = store::Session::create(path.toStdString());
        QVERIFY(store::importRun(session.value(), config, tuples,
                                 store::RunMetadata{"big", "", "test", "", ""})
                    .ok());
        QElapsedTimer one;
        one.start();
        const auto loaded = loadCall(path.toStdString(), 1, calls / 2);
        const qint64 oneMs = one.elapsed();
        QVERIFY(loaded.ok());
        QVERIFY(!loaded->wholeRunRead);
        QElapsedTimer whole;
        whole.start();
        QVERIFY(store::loadRun(session.value(), 1).ok());
        qInfo("figure: one call of %zu tuples (%lld calls, %d collectors): %lld ms; reading the "
              "whole run: %lld ms",
              tuples.size(), calls, config.collectorCount(), oneMs, whole.elapsed());
    }
};

QTEST_MAIN(TestCallDetailJob)
#include "tst_calldetailjob.moc"
