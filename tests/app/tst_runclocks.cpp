// What the GUI reads of a run's clocks (app/gui/runclocks): the stored models parsed, which
// hosts the analysis is told have one (a host stored as never measured has none; a run that
// stored no model at all, imported or still recording, is taken as one clock), what became
// of each host's timestamps, and a malformed model named by its host.

#include "app/gui/runclocks.h"
#include "core/analysis/clockmodeljson.h"
#include "core/analysis/reportjson.h"
#include "core/store/attachments.h"
#include "core/store/runwriter.h"
#include "core/store/storedclocks.h"
#include "tests/support/testdata.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace xylem;

namespace {

HostClock measured(const std::string& host, std::int64_t offset, std::int64_t bound)
{
    HostClock c;
    c.host = host;
    c.master = "front";
    c.measured = true;
    c.start = MpiClockSample{host, "front", 0, offset, 2 * bound};
    c.end = MpiClockSample{host, "front", 5'000'000, offset, 2 * bound};
    c.errorBoundNs = bound;
    return c;
}

} // namespace

class TestRunClocks : public QObject
{
    Q_OBJECT

private slots:
    void coverageCorrectionsAndResidual()
    {
        QTemporaryDir dir;
        auto session = store::Session::create(dir.filePath("c.xylem").toStdString());
        QVERIFY(session);
        const Run run = testing::exampleRun("two-hosts");
        const store::RunMetadata meta{"two hosts", "", "test", "", ""};
        QVERIFY(store::importRun(session.value(), run.configuration, run.tuples, meta));
        QVERIFY(store::importRun(session.value(), run.configuration, run.tuples, meta));
        HostClock never;
        never.host = "B";
        never.master = "front";
        QVERIFY(store::setClockModel(session.value(), 1, "A",
                                     clockModelJson(measured("A", 50'000, 1'000), "front")));
        QVERIFY(store::setClockModel(session.value(), 1, "B", clockModelJson(never, "front")));

        auto coverage = store::storedClockCoverage(session.value(), 1);
        QVERIFY(coverage);
        QVERIFY(coverage->known);
        QVERIFY(coverage->hasModel("A"));
        QVERIFY(!coverage->hasModel("B")); // stored, never measured
        auto none = store::storedClockCoverage(session.value(), 2);
        QVERIFY(none && !none->known); // no model at all: one clock, as the files analysed

        // The report every caller reads (xylem-cli analyze, export, the window) is told the same:
        // hops to B are estimated in run 1 only: run 2 stored no model (one clock), run 3 both.
        QVERIFY(store::importRun(session.value(), run.configuration, run.tuples, meta));
        QVERIFY(store::setClockModel(session.value(), 3, "A",
                                     clockModelJson(measured("A", 50'000, 1'000), "front")));
        QVERIFY(store::setClockModel(session.value(), 3, "B",
                                     clockModelJson(measured("B", 70'000, 1'000), "front")));
        for (const std::int64_t id : {1, 2, 3}) {
            auto report = store::analyzeStoredRun(session.value(), id);
            QVERIFY2(report, report ? "" : report.error().describe().c_str());
            const std::string json = reportToJson(report.value()).dump();
            QCOMPARE(json.find("half two-way") != std::string::npos, id == 1);
        }

        auto clocks = gui::loadRunClocks(session.value(), 1);
        QVERIFY2(clocks, clocks ? "" : clocks.error().describe().c_str());
        QVERIFY(clocks->treeRun);
        QCOMPARE(clocks->clocks.size(), size_t(2));
        QCOMPARE(clocks->corrections.size(), size_t(2));
        for (size_t i = 0; i < 2; ++i) {
            const HostClock& c = clocks->clocks[i];
            QCOMPARE(clocks->corrections[i],
                     c.host == "A" ? ClockCorrection::Corrected : ClockCorrection::NotMeasured);
            QCOMPARE(c.residual.checks, 6); // pA's down and up over 3 calls, on A and B
            QCOMPARE(c.residual.violations, 0);
        }

        // A run still being recorded has stored no model yet: taken as it is, and so after.
        auto writer = store::RunWriter::begin(session.value(), run.configuration, meta);
        QVERIFY(writer);
        QVERIFY(writer->append(run.tuples));
        auto recording = store::storedClockCoverage(session.value(), writer->run());
        QVERIFY(recording);
        QVERIFY(!recording->known);
        QVERIFY(writer->finish());
        auto finished = store::storedClockCoverage(session.value(), writer->run());
        QVERIFY(finished && !finished->known);

        // A malformed model is an error naming its host and run.
        QVERIFY(store::setClockModel(session.value(), 2, "B", "{\"format\": \"xylem-clock/1\"}"));
        auto broken = gui::loadRunClocks(session.value(), 2);
        QVERIFY(!broken);
        QVERIFY2(QString::fromStdString(broken.error().describe()).contains("host B in run 2"),
                 broken.error().describe().c_str());
    }
};

QTEST_APPLESS_MAIN(TestRunClocks)
#include "tst_runclocks.moc"
