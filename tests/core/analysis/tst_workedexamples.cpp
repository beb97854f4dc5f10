// The worked examples of metrics.md: the report must match the expected JSON exactly
// (relative tolerance 1e-9, key order free).

#include "core/analysis/analyzer.h"
#include "core/analysis/reportjson.h"
#include "core/model/configurationjson.h"
#include "core/model/tracecsv.h"
#include "tests/support/jsoncompare.h"
#include "tests/support/testdata.h"

#include <QtTest>

using namespace xylem;

class TestWorkedExamples : public QObject
{
    Q_OBJECT

private slots:
    void matchesExpectedReport_data()
    {
        QTest::addColumn<QString>("example");
        QTest::newRow("two-hosts") << "two-hosts";
        QTest::newRow("flat-mpi") << "flat-mpi";
    }

    void matchesExpectedReport()
    {
        QFETCH(QString, example);
        const std::string name = example.toStdString();
        auto config = readConfigurationFile(testing::testDataPath(name + ".tree.json"));
        QVERIFY2(config.ok(), config ? "" : config.error().describe().c_str());
        auto tuples = readTraceCsvFile(testing::testDataPath(name + ".trace.csv"), config.value());
        QVERIFY2(tuples.ok(), tuples ? "" : tuples.error().describe().c_str());
        const auto expected = nlohmann::json::parse(testing::readTestFile(name + ".expected.json"));
        const nlohmann::json actual =
            nlohmann::json::parse(reportToJson(analyze(config.value(), tuples.value())).dump());
        const auto differences = testing::jsonDifferences(expected, actual);
        for (const auto& d : differences) {
            qWarning("%s", d.c_str());
        }
        QCOMPARE(differences.size(), size_t(0));
    }

    // The comparison itself must be able to fail: a changed number is caught.
    void comparisonCatchesAChangedNumber()
    {
        auto expected = nlohmann::json::parse(testing::readTestFile("two-hosts.expected.json"));
        auto changed = expected;
        changed["greds"]["gA"]["serialization"][1] = 500.000001;
        QCOMPARE(testing::jsonDifferences(expected, changed).size(), size_t(1));
        changed = expected;
        changed["imbalance_path"][4] = "T1";
        QCOMPARE(testing::jsonDifferences(expected, changed).size(), size_t(1));
    }

    void rowOrderDoesNotMatter()
    {
        const Run run = testing::exampleRun("two-hosts");
        const std::vector<Tuple> reversed(run.tuples.rbegin(), run.tuples.rend());
        const auto a = reportToJson(analyze(run));
        const auto b = reportToJson(analyze(run.configuration, reversed));
        QCOMPARE(QString::fromStdString(b.dump()), QString::fromStdString(a.dump()));
    }
};

QTEST_APPLESS_MAIN(TestWorkedExamples)
#include "tst_workedexamples.moc"
