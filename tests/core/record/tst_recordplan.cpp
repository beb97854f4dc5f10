// planRecording: a RecordRequest becomes the configuration, scope, gather tree and limits of a
// recording, or a clear refusal, before anything starts.

#include "core/record/recordplan.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace xylem;
using namespace std::chrono_literals;

namespace {

record::RecordRequest hosts(const std::string& list)
{
    record::RecordRequest r;
    r.tree.hosts = list;
    r.sessionPath = "unused.xylem";
    return r;
}

std::string refusal(const record::RecordRequest& request)
{
    auto plan = record::planRecording(request);
    return plan ? std::string("(planned)") : plan.error().describe();
}

} // namespace

class TestRecordPlan : public QObject
{
    Q_OBJECT

private slots:
    void generatesTheTreeAndTheGatherTree()
    {
        record::RecordRequest r = hosts("3");
        r.tree.threads = 2;
        r.tree.name = "three";
        auto plan = record::planRecording(r);
        QVERIFY2(plan, plan ? "" : plan.error().describe().c_str());
        QCOMPARE(plan->config.hosts().size(), size_t{3});
        QCOMPARE(plan->config.threads().size(), size_t{6});
        QCOMPARE(plan->config.name(), std::string("three"));
        QCOMPARE(plan->topology.leaves().size(), size_t{3});
        QCOMPARE(plan->iterations, std::int64_t{20000}); // the default
        QVERIFY(!plan->duration && plan->attachFile.empty() && plan->launcher.empty());
        QVERIFY(!plan->design);
    }

    void aDurationMakesTheIterationsUnbounded()
    {
        record::RecordRequest r = hosts("2");
        r.duration = 2s;
        auto plan = record::planRecording(r);
        QVERIFY(plan);
        QCOMPARE(plan->iterations, std::int64_t{1} << 30);
        r.workload.iterations = 50;
        QCOMPARE(record::planRecording(r)->iterations, std::int64_t{50});
    }

    void readsAHostFilesSlots()
    {
        QTemporaryDir dir;
        const std::string file = dir.filePath("hosts").toStdString();
        std::ofstream(file) << "localhost slots=3\n";
        record::RecordRequest r;
        r.tree.hostFile = file;
        auto plan = record::planRecording(r);
        QVERIFY2(plan, plan ? "" : plan.error().describe().c_str());
        QCOMPARE(plan->config.threads().size(), size_t{3});
        QCOMPARE(plan->launcher, std::string("ssh {host} {command}"));
        QVERIFY(plan->remoteHosts.empty());
        r.tree.threads = 1; // instead of the slots
        QCOMPARE(record::planRecording(r)->config.threads().size(), size_t{1});
    }

    void refusals_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("message");
        QTest::newRow("no tree") << 0 << "either --config";
        QTest::newRow("two trees") << 1 << "either --config";
        QTest::newRow("host file and hosts") << 2 << "names the hosts itself";
        QTest::newRow("launcher without host file") << 3 << "--launcher starts the hosts";
        QTest::newRow("attach without duration") << 4 << "for a --duration";
        QTest::newRow("attach with noise") << 5 << "for a --duration";
        QTest::newRow("scope and design") << 6 << "either --scope or --design";
        QTest::newRow("bad threads") << 7 << "threads per host";
        QTest::newRow("bad iterations") << 8 << "iterations are";
        QTest::newRow("missing scope file") << 9 << "no-such.scope.json";
    }
    void refusals()
    {
        QFETCH(int, kind);
        QFETCH(QString, message);
        record::RecordRequest r = hosts("2");
        switch (kind) {
        case 0:
            r.tree.hosts.reset();
            break;
        case 1:
            r.tree.configFile = "x.tree.json";
            break;
        case 2:
            r.tree.hostFile = "hosts";
            break;
        case 3:
            r.launcher = "ssh {host} {command}";
            break;
        case 4:
            r.attachFile = "tree.address";
            break;
        case 5:
            r.attachFile = "tree.address";
            r.duration = 1s;
            r.workload.noise = {"0:100"};
            break;
        case 6:
            r.scopeFile = "s.json";
            r.designFile = "d.json";
            break;
        case 7:
            r.tree.threads = 0;
            break;
        case 8:
            r.workload.iterations = 0;
            break;
        case 9:
            r.scopeFile = "no-such.scope.json";
            break;
        }
        const std::string said = refusal(r);
        QVERIFY2(said.find(message.toStdString()) != std::string::npos, said.c_str());
    }
};

QTEST_APPLESS_MAIN(TestRecordPlan)
#include "tst_recordplan.moc"
