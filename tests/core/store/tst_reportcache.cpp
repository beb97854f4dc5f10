// A finished run's analysis document is made once and then read from the session; another
// engine version's is made again; a run still recording, or a session opened read-only, keeps
// nothing.

#include "core/analysis/analyzer.h"
#include "core/analysis/reportjson.h"
#include "core/store/attachments.h"
#include "core/store/reportcache.h"
#include "core/store/runwriter.h"
#include "core/store/storedclocks.h"
#include "tests/support/testdata.h"

#include <QTemporaryDir>
#include <QtTest>

#include "storetesthelpers.h"

using namespace xylem;
using namespace xylem::store;

namespace {

constexpr const char* kKind = "analyze.json buckets 16";

// The report of the stored run, counting how often it was made.
struct Maker
{
    Session& session;
    std::int64_t run;
    int made = 0;

    Result<std::string> operator()()
    {
        ++made;
        XYLEM_TRY(report, analyzeStoredRun(session, run));
        return reportToJson(report.value()).dump(1);
    }
};

} // namespace

class TestReportCache : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void madeOnceThenRead()
    {
        auto session = storetest::sessionWithExamples(m_dir.filePath("cache.xylem").toStdString());
        const std::string fresh = reportToJson(analyze(testing::exampleRun("two-hosts"))).dump(1);
        Maker make{session, 1};
        const auto call = [&] {
            return make();
        };
        QCOMPARE(keptAnalysis(session, 1, kKind, call).value(), fresh);
        QCOMPARE(make.made, 1);
        QCOMPARE(keptAnalysis(session, 1, kKind, call).value(), fresh);
        QCOMPARE(make.made, 1); // read, not made
        QCOMPARE(cachedResult(session, 1, kKind, kAnalysisEngineVersion).value().value_or(""),
                 fresh);
        // Another kind (say, other buckets) is a document of its own.
        QCOMPARE(keptAnalysis(session, 1, "analyze.json buckets 4", call).value(), fresh);
        QCOMPARE(make.made, 2);
        // A document of another engine version is not used.
        QVERIFY(
            storeCachedResult(session, 2, kKind, kAnalysisEngineVersion - 1, "{\"old\": 1}").ok());
        Maker second{session, 2};
        QVERIFY(keptAnalysis(session, 2, kKind, [&] { return second(); }).value() !=
                "{\"old\": 1}");
        QCOMPARE(second.made, 1);
    }

    void anErrorIsNotKept()
    {
        auto session = storetest::sessionWithExamples(m_dir.filePath("error.xylem").toStdString());
        const auto failing = [] {
            return Result<std::string>(makeError(ErrorCode::Corrupt, "no"));
        };
        QVERIFY(!keptAnalysis(session, 1, kKind, failing).ok());
        QVERIFY(!cachedResult(session, 1, kKind, kAnalysisEngineVersion).value().has_value());
        QVERIFY(!keptAnalysis(session, 99, kKind, failing).ok()); // no such run
    }

    void recordingRunsAreNotKept()
    {
        auto session = Session::create(m_dir.filePath("recording.xylem").toStdString());
        const Run run = testing::exampleRun("two-hosts");
        auto writer = RunWriter::begin(session.value(), run.configuration, {});
        QVERIFY(writer->append(run.tuples).ok());
        Maker make{session.value(), 1};
        QVERIFY(keptAnalysis(session.value(), 1, kKind, [&] { return make(); }).ok());
        QVERIFY(keptAnalysis(session.value(), 1, kKind, [&] { return make(); }).ok());
        QCOMPARE(make.made, 2);
        QVERIFY(!cachedResult(session.value(), 1, kKind, kAnalysisEngineVersion).value());
    }

    void readOnlySessionsMakeWithoutKeeping()
    {
        const std::string path = m_dir.filePath("ro.xylem").toStdString();
        (void)storetest::sessionWithExamples(path);
        auto session = Session::open(path, OpenMode::ReadOnly);
        Maker make{session.value(), 2};
        QVERIFY(keptAnalysis(session.value(), 2, kKind, [&] { return make(); }).ok());
        QVERIFY(!cachedResult(session.value(), 2, kKind, kAnalysisEngineVersion).value());
    }
};

QTEST_APPLESS_MAIN(TestReportCache)
#include "tst_reportcache.moc"
