// What a session keeps besides runs (attachments.h): system samples by metric and time, clock
// models replaced in place, scopes, cached results valid for one engine version; and a session
// opened read-only refuses every write. The tables that list them: storeTable().

#include "core/store/attachments.h"
#include "core/store/runcatalog.h"
#include "core/store/runwriter.h"
#include "core/store/storetables.h"
#include "tests/support/testdata.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace xylem;
using namespace xylem::store;

namespace {

Session examplesSession(const std::string& path)
{
    auto session = Session::create(path);
    if (!session) {
        qFatal("%s", session.error().describe().c_str());
    }
    for (const char* name : {"two-hosts", "flat-mpi"}) {
        const Run run = testing::exampleRun(name);
        auto id =
            importRun(session.value(), run.configuration, run.tuples, {name, "", "test", "", ""});
        if (!id) {
            qFatal("%s", id.error().describe().c_str());
        }
    }
    return std::move(session).value();
}

// "t:host:metric" for each sample, in order.
QStringList keys(const Result<std::vector<SystemSample>>& samples)
{
    QStringList out;
    if (!samples) {
        out << QString::fromStdString("error: " + samples.error().describe());
        return out;
    }
    for (const SystemSample& s : samples.value()) {
        out << QString("%1:%2:%3")
                   .arg(s.timeNs)
                   .arg(QString::fromStdString(s.host), QString::fromStdString(s.metric));
    }
    return out;
}

int code(const Error& e)
{
    return static_cast<int>(e.code);
}

} // namespace

class TestAttachments : public QObject
{
    Q_OBJECT

private slots:
    void samplesByMetricAndWindow()
    {
        QTemporaryDir dir;
        Session session = examplesSession(dir.filePath("s.xylem").toStdString());
        const std::vector<SystemSample> samples{
            {"A", "cpu_busy", 300, 0.9}, {"A", "cpu_busy", 100, 0.1},
            {"B", "cpu_busy", 150, 0.2}, {"A", "mem_used_bytes", 250, 4096},
            {"A", "cpu_busy", 200, 0.5}, {"A", "net_rx_bytes:eth0", -50, 1e12}};
        QVERIFY(addSystemSamples(session, 1, samples));
        QVERIFY(
            addSystemSamples(session, 2, std::vector<SystemSample>{{"n0", "cpu_busy", 120, 1}}));

        QCOMPARE(keys(systemSamples(session, 1)),
                 QStringList({"-50:A:net_rx_bytes:eth0", "100:A:cpu_busy", "150:B:cpu_busy",
                              "200:A:cpu_busy", "250:A:mem_used_bytes", "300:A:cpu_busy"}));
        QCOMPARE(
            keys(systemSamples(session, 1, "cpu_busy")),
            QStringList({"100:A:cpu_busy", "150:B:cpu_busy", "200:A:cpu_busy", "300:A:cpu_busy"}));
        // The window is [from, to): 150 is in, 300 is out.
        QCOMPARE(keys(systemSamples(session, 1, {}, TimeWindow{150, 300})),
                 QStringList({"150:B:cpu_busy", "200:A:cpu_busy", "250:A:mem_used_bytes"}));
        QCOMPARE(keys(systemSamples(session, 1, "cpu_busy", TimeWindow{150, 300})),
                 QStringList({"150:B:cpu_busy", "200:A:cpu_busy"}));
        QCOMPARE(keys(systemSamples(session, 1, "cpu", TimeWindow{0, 1000})), QStringList());
        QCOMPARE(keys(systemSamples(session, 2)), QStringList({"120:n0:cpu_busy"}));
        const auto values = systemSamples(session, 1, "net_rx_bytes:eth0");
        QVERIFY(values && values->size() == 1);
        QCOMPARE(values->front().value, 1e12);
        // Samples of a run that does not exist are refused, and nothing of them is kept; the
        // session's statement for samples is used again after that failure as before it.
        QVERIFY(!addSystemSamples(session, 99, samples));
        QCOMPARE(keys(systemSamples(session, 99)), QStringList());
        QVERIFY(
            addSystemSamples(session, 2, std::vector<SystemSample>{{"n1", "cpu_busy", 130, 2}}));
        QCOMPARE(keys(systemSamples(session, 2)),
                 QStringList({"120:n0:cpu_busy", "130:n1:cpu_busy"}));
    }

    void clockModelUpsertReplaces()
    {
        QTemporaryDir dir;
        Session session = examplesSession(dir.filePath("s.xylem").toStdString());
        QVERIFY(setClockModel(session, 1, "B", R"({"offset_ns": 10})"));
        QVERIFY(setClockModel(session, 1, "A", R"({"offset_ns": 0})"));
        QVERIFY(setClockModel(session, 1, "B", R"({"offset_ns": 25, "drift": 1e-6})"));
        QVERIFY(setClockModel(session, 2, "n1", "{}"));
        const auto models = clockModels(session, 1);
        QVERIFY(models);
        QCOMPARE(models->size(), size_t(2));
        QCOMPARE(QString::fromStdString(models.value()[0].host), QString("A"));
        QCOMPARE(QString::fromStdString(models.value()[1].host), QString("B"));
        QCOMPARE(QString::fromStdString(models.value()[1].modelJson),
                 QString(R"({"offset_ns": 25, "drift": 1e-6})"));
        QCOMPARE(clockModels(session, 2)->size(), size_t(1));
    }

    void scopesAndTheirRuns()
    {
        QTemporaryDir dir;
        Session session = examplesSession(dir.filePath("s.xylem").toStdString());
        auto a = saveScope(session, "load balance", R"({"collectors": "all"})");
        auto b = saveScope(session, "load balance", R"({"collectors": "A"})"); // names may repeat
        QVERIFY(a && b);
        QVERIFY(b.value() > a.value());
        QVERIFY(linkRunToScope(session, 1, a.value()));
        QVERIFY(linkRunToScope(session, 1, b.value()));
        QVERIFY(linkRunToScope(session, 1, a.value())); // twice is once
        QCOMPARE(scopesOfRun(session, 1).value(),
                 (std::vector<std::int64_t>{a.value(), b.value()}));
        QVERIFY(scopesOfRun(session, 2)->empty());
        QVERIFY(linkRunToScope(session, 2, a.value()));
        const auto links = runScopeLinks(session);
        QVERIFY(links);
        QCOMPARE(links->size(), size_t(3)); // by scope, then run
        QCOMPARE(links.value()[0].scopeId, a.value());
        QCOMPARE(links.value()[0].runId, std::int64_t(1));
        QCOMPARE(links.value()[1].runId, std::int64_t(2));
        QCOMPARE(links.value()[2].scopeId, b.value());
        QCOMPARE(QString::fromStdString(links.value()[1].runName),
                 QString::fromStdString(listRuns(session).value()[1].metadata.name));
        const auto all = scopes(session);
        QVERIFY(all && all->size() == 2);
        QCOMPARE(QString::fromStdString(all.value()[1].definitionJson),
                 QString(R"({"collectors": "A"})"));
    }

    void cachedResultsAreKeyedByEngineVersion()
    {
        QTemporaryDir dir;
        Session session = examplesSession(dir.filePath("s.xylem").toStdString());
        const std::string data("report\0with a NUL", 17);
        QVERIFY(storeCachedResult(session, 1, "report", 3, data));
        auto hit = cachedResult(session, 1, "report", 3);
        QVERIFY(hit && hit.value());
        QCOMPARE(hit.value()->size(), size_t(17));
        QVERIFY(*hit.value() == data);
        QVERIFY(!cachedResult(session, 1, "report", 4).value()); // another engine: recompute
        QVERIFY(!cachedResult(session, 1, "timemap", 3).value());
        QVERIFY(!cachedResult(session, 2, "report", 3).value());
        QVERIFY(storeCachedResult(session, 1, "report", 4, "newer"));
        QCOMPARE(QString::fromStdString(cachedResult(session, 1, "report", 4).value().value()),
                 QString("newer"));
        QVERIFY(!cachedResult(session, 1, "report", 3).value()); // replaced, not kept twice
    }

    // The session's tables list what was attached (storetables.h).
    void attachmentTables()
    {
        QTemporaryDir dir;
        Session session = examplesSession(dir.filePath("s.xylem").toStdString());
        const std::vector<SystemSample> samples{{"A", "cpu_busy", 2000, 0.5},
                                                {"B", "cpu_busy", 1000, 0.25}};
        QVERIFY(addSystemSamples(session, 1, samples));
        QVERIFY(setClockModel(session, 1, "B", R"({"offset_ns": -120})"));
        auto first = saveScope(session, "load balance", R"({"filters": ["last-arrival"]})");
        auto second = saveScope(session, "stats, every 10 ms", "{}");
        QVERIFY(first && second);

        auto t = storeTable(session, "system_samples", 1);
        QVERIFY(t);
        QCOMPARE(QString::fromStdString(toCsv(t.value())),
                 QString("host,metric,t_ns,value\nB,cpu_busy,1000,0.25\nA,cpu_busy,2000,0.5\n"));
        QCOMPARE(storeTable(session, "system_samples", 2)->rows.size(), size_t(0));
        t = storeTable(session, "clock_models", 1);
        QVERIFY(t);
        QCOMPARE(QString::fromStdString(toCsv(t.value())),
                 QString("host,model\nB,\"{\"\"offset_ns\"\": -120}\"\n"));
        t = storeTable(session, "scopes", std::nullopt);
        QVERIFY(t);
        QCOMPARE(QString::fromStdString(toCsv(t.value())),
                 QString("id,name,definition\n%1,load balance,\"{\"\"filters\"\": "
                         "[\"\"last-arrival\"\"]}\"\n%2,\"stats, every 10 ms\",{}\n")
                     .arg(first.value())
                     .arg(second.value()));
    }

    void readOnlySessionRefusesWrites()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("s.xylem").toStdString();
        {
            Session session = examplesSession(path);
            QVERIFY(saveScope(session, "scope", "{}"));
        }
        auto opened = Session::open(path, OpenMode::ReadOnly);
        QVERIFY(opened);
        Session& session = opened.value();
        QVERIFY(!session.writable());
        const int readOnly = static_cast<int>(ErrorCode::ReadOnly);
        QCOMPARE(
            code(addSystemSamples(session, 1, std::vector<SystemSample>{{"A", "cpu_busy", 1, 1}})
                     .error()),
            readOnly);
        QCOMPARE(code(setClockModel(session, 1, "A", "{}").error()), readOnly);
        QCOMPARE(code(saveScope(session, "x", "{}").error()), readOnly);
        QCOMPARE(code(linkRunToScope(session, 1, 1).error()), readOnly);
        QCOMPARE(code(storeCachedResult(session, 1, "report", 1, "x").error()), readOnly);
        QCOMPARE(code(renameRun(session, 1, "renamed").error()), readOnly);
        QCOMPARE(code(deleteRun(session, 2).error()), readOnly);
        const Run run = testing::exampleRun("two-hosts");
        QCOMPARE(
            code(importRun(session, run.configuration, run.tuples, {"x", "", "", "", ""}).error()),
            readOnly);
        // Reading still works and nothing changed.
        const auto runs = listRuns(session);
        QVERIFY(runs && runs->size() == 2);
        QCOMPARE(QString::fromStdString(runs.value()[0].metadata.name), QString("two-hosts"));
        QVERIFY(systemSamples(session, 1)->empty());
        QCOMPARE(scopes(session)->size(), size_t(1));
    }
};

QTEST_APPLESS_MAIN(TestAttachments)
#include "tst_attachments.moc"
