// The window records in its own process (core/record on a worker thread), xylem-cli record in
// its: the same request must store the same run — the same calls and tuples, configuration,
// scope, accounting of what the rings held, and clock models per host. Only the times differ
// (two runs of a program).

#include "app/gui/livecontroller.h"
#include "core/model/configurationjson.h"
#include "core/record/accountingjson.h"
#include "core/store/attachments.h"
#include "core/store/runcatalog.h"
#include "core/store/session.h"

#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <set>

using namespace xylem;

namespace {

struct StoredRun
{
    store::RunInfo info;
    std::string configuration;
    std::vector<std::string> scopes;
    nlohmann::json accounting;
    std::set<std::string> clockHosts;
};

StoredRun readRun(const QString& path)
{
    StoredRun r;
    auto session = store::Session::open(path.toStdString(), store::OpenMode::ReadOnly);
    if (!session) {
        qFatal("%s: %s", qPrintable(path), session.error().describe().c_str());
    }
    auto runs = store::listRuns(session.value());
    if (!runs || runs->size() != 1) {
        qFatal("%s: not one run", qPrintable(path));
    }
    r.info = runs->front();
    r.configuration = configurationToJson(store::runConfiguration(session.value(), r.info.id).value());
    auto links = store::scopesOfRun(session.value(), r.info.id).value();
    for (const store::ScopeRecord& s : store::scopes(session.value()).value()) {
        if (std::find(links.begin(), links.end(), s.id) != links.end()) {
            r.scopes.push_back(s.definitionJson);
        }
    }
    const auto accounting =
        store::cachedResult(session.value(), r.info.id, "scope-accounting",
                            record::kAccountingVersion)
            .value();
    r.accounting = nlohmann::json::parse(accounting.value_or("null"));
    for (const store::ClockModelRecord& m : store::clockModels(session.value(), r.info.id).value()) {
        r.clockHosts.insert(m.host);
    }
    return r;
}

} // namespace

class TestLiveRecordingSame : public QObject
{
    Q_OBJECT

private slots:
    void theWindowAndTheCommandLineStoreTheSameRun()
    {
        QTemporaryDir dir;
        const QString inWindow = dir.filePath(QStringLiteral("window.xylem"));
        const QString byCli = dir.filePath(QStringLiteral("cli.xylem"));

        gui::LiveController live;
        QSignalSpy finished(&live, &gui::LiveController::finished);
        QSignalSpy reports(&live, &gui::LiveController::liveReport);
        gui::DemoSettings demo;
        demo.hosts = 2;
        demo.threadsPerHost = 2;
        demo.noise.clear();
        demo.iterations = 3000;
        demo.session = inWindow;
        QVERIFY(live.start(demo));
        QVERIFY(finished.wait(120000));
        QVERIFY2(finished.first().at(1).toBool(), qPrintable(finished.first().at(2).toString()));
        QVERIFY(!live.running());

        QProcess cli;
        cli.start(QStringLiteral(XYLEM_CLI),
                  {"record", "--hosts", "2", "--threads", "2", "--iterations", "3000", "--name",
                   "live demo", "-o", byCli});
        QVERIFY(cli.waitForFinished(120000));
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());

        const StoredRun a = readRun(inWindow);
        const StoredRun b = readRun(byCli);
        QVERIFY(a.info.calls >= 3000); // and xylem-gsum's warm-up calls
        QCOMPARE(a.info.calls, b.info.calls);
        QCOMPARE(a.info.tuples, b.info.tuples);
        QCOMPARE(a.info.metadata.name, b.info.metadata.name);
        QCOMPARE(a.info.metadata.source, b.info.metadata.source);
        QCOMPARE(store::toString(a.info.status), store::toString(b.info.status));
        QCOMPARE(a.configuration, b.configuration);
        QCOMPARE(a.scopes, b.scopes);
        QCOMPARE(a.clockHosts, b.clockHosts);
        for (const char* count : {"tuples", "written", "read", "overwritten", "rings"}) {
            QVERIFY2(a.accounting.value(count, -1) == b.accounting.value(count, -2), count);
        }
        QCOMPARE(a.accounting.value("overwritten", -1), 0);
    }
};

QTEST_MAIN(TestLiveRecordingSame)
#include "tst_liverecordingsame.moc"
