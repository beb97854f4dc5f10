// The report of a finished run is computed once and then read from the session.

#include "core/analysis/analyzer.h"
#include "core/analysis/reportjson.h"
#include "core/store/attachments.h"
#include "core/store/reportcache.h"
#include "core/store/runwriter.h"
#include "storetesthelpers.h"
#include "tests/support/testdata.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace xylem;
using namespace xylem::store;

class TestReportCache : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void computedOnceThenRead()
    {
        auto session = storetest::sessionWithExamples(m_dir.filePath("cache.xylem").toStdString());
        const std::string fresh = reportToJson(analyze(testing::exampleRun("two-hosts"))).dump(1);
        QCOMPARE(reportJson(session, 1).value(), fresh);
        QCOMPARE(cachedResult(session, 1, "report.json", kAnalysisEngineVersion).value().value_or(""), fresh);
        // Prove the second answer is the cached one: plant a marker in the cache.
        QVERIFY(storeCachedResult(session, 1, "report.json", kAnalysisEngineVersion, "{\"marker\": 1}").ok());
        QCOMPARE(reportJson(session, 1).value(), std::string("{\"marker\": 1}"));
        // A report of another engine version is not used.
        QVERIFY(storeCachedResult(session, 1, "report.json", kAnalysisEngineVersion + 1, "{\"old\": 1}").ok());
        QCOMPARE(reportJson(session, 1).value(), fresh);
    }

    void recordingRunsAreNotCached()
    {
        auto session = Session::create(m_dir.filePath("recording.xylem").toStdString());
        const Run run = testing::exampleRun("two-hosts");
        auto writer = RunWriter::begin(session.value(), run.configuration, {});
        QVERIFY(writer->append(run.tuples).ok());
        QVERIFY(reportJson(session.value(), 1).ok());
        QVERIFY(!cachedResult(session.value(), 1, "report.json", kAnalysisEngineVersion).value().has_value());
    }

    void readOnlySessionsComputeWithoutCaching()
    {
        const std::string path = m_dir.filePath("ro.xylem").toStdString();
        (void)storetest::sessionWithExamples(path);
        auto session = Session::open(path, OpenMode::ReadOnly);
        QVERIFY(reportJson(session.value(), 2).ok());
        QVERIFY(!cachedResult(session.value(), 2, "report.json", kAnalysisEngineVersion).value().has_value());
    }
};

QTEST_APPLESS_MAIN(TestReportCache)
#include "tst_reportcache.moc"
