// xylem-cli as a user runs it: exit codes, the JSON report, and messages for bad input.

#include "tests/support/jsoncompare.h"
#include "tests/support/testdata.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

namespace {

struct CliResult
{
    int exitCode = -1;
    QString out;
    QString err;
};

CliResult runCli(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(XYLEM_CLI), args);
    if (!p.waitForFinished(60000)) {
        return {};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

QString data(const char* name)
{
    return QString::fromStdString(xylem::testing::testDataPath(name));
}

void writeFile(const QString& path, const QByteArray& text)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private slots:
    void analyzeJsonMatchesTheWorkedExamples_data()
    {
        QTest::addColumn<QString>("example");
        QTest::newRow("two-hosts") << "two-hosts";
        QTest::newRow("flat-mpi") << "flat-mpi";
    }
    void analyzeJsonMatchesTheWorkedExamples()
    {
        QFETCH(QString, example);
        const CliResult r = runCli({"analyze", "--tree", data(qPrintable(example + ".tree.json")),
                                    "--trace", data(qPrintable(example + ".trace.csv")), "--json"});
        QCOMPARE(r.exitCode, 0);
        const auto expected = nlohmann::json::parse(
            xylem::testing::readTestFile(example.toStdString() + ".expected.json"));
        bool insights = false;
        const auto actual = xylem::testing::reportWithoutInsights(
            nlohmann::json::parse(r.out.toStdString()), &insights);
        QVERIFY(insights);
        QCOMPARE(xylem::testing::jsonDifferences(expected, actual).size(), size_t(0));
    }

    void analyzeTextNamesTheCulpritAndHotspots()
    {
        const CliResult r = runCli({"analyze", "--tree", data("two-hosts.tree.json"), "--trace",
                                    data("two-hosts.trace.csv")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains(
            "Imbalance path (most last arrivals at every gred): C > gB > pA > gA > T2"));
        QVERIFY(r.out.contains("Hotspots"));
        QVERIFY(r.out.contains("Gred gA"));
        QVERIFY(r.out.contains("thread>gred>proxy>gred>core: 2 threads, representative T1"));
    }

    // The findings come first; after the report, the culprit over time (T2 last at the root in
    // calls 0 and 1, T3 in call 2, 40 us later) and the slowest calls (call 2's 12.4 us).
    void analyzeTextStartsWithTheFindings()
    {
        const CliResult r = runCli({"analyze", "--tree", data("two-hosts.tree.json"), "--trace",
                                    data("two-hosts.trace.csv")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith("Findings (3 calls, mean operation time 12.23 µs):\n"),
                 qPrintable(r.out.left(200)));
        QVERIFY(r.out.contains("Balanced: no single culprit. The most frequent last arrival, T2,"));
        QVERIFY(r.out.indexOf("Findings") < r.out.indexOf("Imbalance path"));
        QVERIFY(r.out.contains("  0 to 20.48 µs: T2, last in 2 of 2 calls (100.0 %)\n"));
        QVERIFY(r.out.contains("  36.86 µs to 40.96 µs: T3, last in 1 of 1 calls (100.0 %)\n"));
        QVERIFY(r.out.contains("  operation time: #2 12.40 µs at"));
        const CliResult json = runCli({"analyze", "--json", "--tree", data("two-hosts.tree.json"),
                                       "--trace", data("two-hosts.trace.csv"), "--buckets", "4"});
        const auto j = nlohmann::json::parse(json.out.toStdString());
        QCOMPARE(j["findings"]["items"][0]["kind"].get<std::string>(), std::string("balanced"));
        QCOMPARE(j["over_time"]["culprit"].size(), size_t(3));
        QCOMPARE(j["over_time"]["culprit"][2]["thread"].get<std::string>(), std::string("T3"));
        QCOMPARE(j["outliers"]["operation_time"][0]["seq"].get<int>(), 2);
        QVERIFY(j.contains("periodic_outliers"));
        QCOMPARE(runCli({"analyze", "--buckets", "0", "--tree", data("two-hosts.tree.json"),
                         "--trace", data("two-hosts.trace.csv")})
                     .exitCode,
                 2);
    }

    void badInput_data()
    {
        QTest::addColumn<QByteArray>("tree");
        QTest::addColumn<QByteArray>("trace");
        QTest::addColumn<QString>("message");
        const QByteArray tree = xylem::testing::readTestFile("two-hosts.tree.json").c_str();
        const QByteArray header = "collector,seq,down_ns,up_ns\n";
        QTest::newRow("malformed number")
            << tree << header + "T1,0,1000,12700\nT2,0,12x00,13000\n"
            << "trace.csv: line 3, column 3 (down_ns): malformed number '12x00'";
        QTest::newRow("unknown collector")
            << tree << header + "T9,0,1,2\n"
            << "line 2, column 1 (collector): unknown collector 'T9'";
        QTest::newRow("up before down")
            << tree << header + "T1,0,5,4\n"
            << "line 2, column 4 (up_ns): up_ns (4) is before down_ns (5)";
        QTest::newRow("duplicate")
            << tree << header + "T1,0,1,2\nT2,0,1,2\nT1,0,1,2\n"
            << "line 4: duplicate tuple for collector 'T1', seq 0 (first on line 2)";
        QTest::newRow("bad header")
            << tree << QByteArray("who,when\n") << "trace.csv: line 1: header must be";
        QTest::newRow("tree not json") << QByteArray("{\n  \"format\": \n") << header
                                       << "tree.json: line 3, column 1: not valid JSON";
        QTest::newRow("tree rule")
            << QByteArray(R"({"format": "xylem-tree/1", "hosts": [{"id": "A"}],
            "wrappers": [{"id": "T", "kind": "thread", "host": "A", "parent": "g"},
                         {"id": "g", "kind": "gred", "host": "A", "parent": "p"},
                         {"id": "p", "kind": "proxy", "host": "A", "parent": null}]})")
            << header << "tree.json: wrapper 'p': proxy is the root";
    }
    void badInput()
    {
        QFETCH(QByteArray, tree);
        QFETCH(QByteArray, trace);
        QFETCH(QString, message);
        QTemporaryDir dir;
        writeFile(dir.filePath("tree.json"), tree);
        writeFile(dir.filePath("trace.csv"), trace);
        const CliResult r = runCli(
            {"analyze", "--tree", dir.filePath("tree.json"), "--trace", dir.filePath("trace.csv")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), qPrintable("stderr was: " + r.err));
        QVERIFY(r.out.isEmpty());
    }

    void missingFilesAndOptions()
    {
        CliResult r = runCli(
            {"analyze", "--tree", "/nonexistent/x.json", "--trace", data("two-hosts.trace.csv")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("/nonexistent/x.json"));
        r = runCli({"analyze", "--tree", data("two-hosts.tree.json")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("missing option --trace"));
        r = runCli({"analyze", "--bogus"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("unknown option --bogus"));
        r = runCli({"frobnicate"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("unknown command 'frobnicate'"));
    }

    void compareBothForms()
    {
        const QStringList runs{
            "--tree", data("two-hosts.tree.json"), "--trace", data("two-hosts.trace.csv"),
            "--tree", data("two-hosts.tree.json"), "--trace", data("two-hosts.trace.csv")};
        CliResult r = runCli(QStringList{"compare"} + runs);
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("Speedup (mean operation time A / B): 1.000"));
        r = runCli(QStringList{"compare"} + runs + QStringList{"--json", "--thread", "T3"});
        QCOMPARE(r.exitCode, 0);
        const auto doc = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(doc["speedup"].get<double>(), 1.0);
        QCOMPARE(doc["a"]["thread"].get<std::string>(), std::string("T3"));
        QCOMPARE(doc["stages"].size(), size_t(5));
        r = runCli({"compare", "--tree", data("two-hosts.tree.json"), "--trace",
                    data("two-hosts.trace.csv")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("exactly two --tree"));
    }

    void generatedTreeRoundTripsThroughAnalyze()
    {
        CliResult r = runCli(
            {"generate", "--hosts", "A:c0,B:c0,C:c1", "--threads", "2", "--shape", "hierarchy"});
        QCOMPARE(r.exitCode, 0);
        const auto tree = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(tree["format"].get<std::string>(), std::string("xylem-tree/1"));
        // 6 threads, 3 host greds, cluster.c0 (c1 has one host: no gred of its own), root,
        // proxies p.host.B and p.host.C, core.
        QCOMPARE(tree["wrappers"].size(), size_t(6 + 3 + 1 + 1 + 2 + 1));
        r = runCli({"generate", "--hosts", "2", "--shape", "spiral"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("unknown shape 'spiral'"));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
