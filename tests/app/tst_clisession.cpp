// xylem-cli's session commands as a user runs them: import, info, analyze and compare from a
// session, recover; bad input leaves a session as it was.

#include "tests/app/clisessiontest.h"
#include "tests/support/jsoncompare.h"

using namespace xylem::testing;

class TestCliSession : public QObject
{
    Q_OBJECT

private slots:
    void importWithEitherSpelling()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("s.xylem");
        CliResult r =
            runCli(QStringList{"import"} + exampleFiles("two-hosts") + exampleFiles("flat-mpi") +
                   QStringList{"--name", "two hosts", "--name", "flat", "-o", path});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(path + ": run 1 \"two hosts\": 18 tuples, 3 calls, 0 incomplete\n"),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(path + ": run 2 \"flat\": 14 tuples, 3 calls, 1 incomplete\n"),
                 qPrintable(r.out));
        // --session adds to the existing file.
        r = runCli(QStringList{"import"} + exampleFiles("two-hosts") +
                   QStringList{"--name", "again", "--session", path});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(": run 3 \"again\": 18 tuples"), qPrintable(r.out));
        r = runCli({"info", "--session", path, "--json"});
        QCOMPARE(parseJson(r.out)["runs"].size(), size_t(3));

        r = runCli(QStringList{"import"} + exampleFiles("two-hosts") +
                   QStringList{"-o", path, "--session", path});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("name the session file once"), qPrintable(r.err));
        r = runCli(QStringList{"import"} + exampleFiles("two-hosts") + exampleFiles("flat-mpi") +
                   QStringList{"--name", "only one", "-o", path});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("give one --name for every run"), qPrintable(r.err));
    }

    void infoListsTheRuns()
    {
        QTemporaryDir dir;
        const QString path = examplesSession(dir);
        QVERIFY(!path.isEmpty());
        CliResult r = runCli({"info", "--session", path});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith(path + ": Xylem session, format 5, "), qPrintable(r.out));
        QVERIFY2(r.out.contains(" bytes, 2 runs\n"), qPrintable(r.out));
        QVERIFY(r.out.contains("two hosts"));
        QVERIFY(r.out.contains("flat"));
        QCOMPARE(r.out.count(" complete "), 2); // not "incomplete" in the header

        r = runCli({"info", "--session", path, "--json"});
        QCOMPARE(r.exitCode, 0);
        const auto doc = parseJson(r.out);
        QVERIFY2(!doc.is_discarded(), qPrintable(r.out));
        QCOMPARE(doc["format_version"].get<int>(), 5);
        QCOMPARE(doc["path"].get<std::string>(), path.toStdString());
        QCOMPARE(doc["runs"].size(), size_t(2));
        const auto& runs = doc["runs"];
        QCOMPARE(runs[0]["id"].get<int>(), 1);
        QCOMPARE(runs[0]["name"].get<std::string>(), std::string("two hosts"));
        QCOMPARE(runs[0]["tuples"].get<int>(), 18);
        QCOMPARE(runs[0]["calls"].get<int>(), 3);
        QCOMPARE(runs[0]["incomplete_calls"].get<int>(), 0);
        QCOMPARE(runs[0]["threads"].get<int>(), 3);
        QCOMPARE(runs[0]["status"].get<std::string>(), std::string("complete"));
        QCOMPARE(runs[0]["first_ns"].get<int>(), 1000);
        QCOMPARE(runs[0]["last_ns"].get<int>(), 53400);
        QCOMPARE(runs[1]["name"].get<std::string>(), std::string("flat"));
        QCOMPARE(runs[1]["tuples"].get<int>(), 14);
        QCOMPARE(runs[1]["calls"].get<int>(), 3);
        QCOMPARE(runs[1]["incomplete_calls"].get<int>(), 1);
        QCOMPARE(runs[1]["threads"].get<int>(), 4);
    }

    void analyzeFromTheSession_data()
    {
        QTest::addColumn<QString>("run");
        QTest::addColumn<QString>("example");
        QTest::newRow("run 1") << "1"
                               << "two-hosts";
        QTest::newRow("run 2") << "2"
                               << "flat-mpi";
    }
    void analyzeFromTheSession()
    {
        QFETCH(QString, run);
        QFETCH(QString, example);
        QTemporaryDir dir;
        const QString path = examplesSession(dir);
        QVERIFY(!path.isEmpty());
        const CliResult r = runCli({"analyze", "--session", path, "--run", run, "--json"});
        QCOMPARE(r.exitCode, 0);
        const auto expected =
            nlohmann::json::parse(readTestFile(example.toStdString() + ".expected.json"));
        bool insights = false;
        const auto differences =
            jsonDifferences(expected, reportWithoutInsights(parseJson(r.out), &insights));
        QVERIFY(insights);
        QVERIFY2(differences.empty(), differences.empty() ? "" : differences.front().c_str());
    }

    void analyzeNeedsARunWhenThereAreSeveral()
    {
        QTemporaryDir dir;
        const QString path = examplesSession(dir);
        QVERIFY(!path.isEmpty());
        CliResult r = runCli({"analyze", "--session", path, "--json"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.contains("the session has 2 runs; choose one: 1 (two hosts), 2 (flat)"),
                 qPrintable(r.err));
        r = runCli({"analyze", "--session", path, "--run", "9"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        r = runCli({"analyze", "--session", path, "--tree", data("two-hosts.tree.json")});
        QCOMPARE(r.exitCode, 2);
        // With one run, --run may be left out.
        const QString single = dir.filePath("single.xylem");
        QCOMPARE(
            runCli(QStringList{"import"} + exampleFiles("two-hosts") + QStringList{"-o", single})
                .exitCode,
            0);
        r = runCli({"analyze", "--session", single});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("C > gB > pA > gA > T2"));
    }

    void compareTwoRunsOfASession()
    {
        QTemporaryDir dir;
        const QString path = examplesSession(dir);
        QVERIFY(!path.isEmpty());
        const QStringList files = exampleFiles("two-hosts") + exampleFiles("flat-mpi");
        for (const QStringList& extra : {QStringList{}, QStringList{"--json"}}) {
            const CliResult fromSession =
                runCli(QStringList{"compare", "--session", path, "--runs", "1", "2"} + extra);
            const CliResult fromFiles = runCli(QStringList{"compare"} + files + extra);
            QCOMPARE(fromFiles.exitCode, 0);
            QCOMPARE(fromSession.exitCode, 0);
            QVERIFY(!fromSession.out.isEmpty());
            QCOMPARE(fromSession.out, fromFiles.out);
        }
        const auto doc =
            parseJson(runCli({"compare", "--session", path, "--runs", "1", "2", "--json"}).out);
        QVERIFY(!doc.is_discarded());
        QVERIFY(qAbs(doc["speedup"].get<double>() - 12233.333333333334 / 866.6666666666666) < 1e-9);
        CliResult r = runCli({"compare", "--session", path, "--runs", "1"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("give two run ids"), qPrintable(r.err));
        r = runCli({"compare", "--session", path, "--runs", "1", "5"});
        QCOMPARE(r.exitCode, 2);
    }

    void badImportLeavesTheSessionAsItWas()
    {
        QTemporaryDir dir;
        const QString path = examplesSession(dir);
        QVERIFY(!path.isEmpty());
        const QString bad = dir.filePath("bad.trace.csv");
        writeFile(bad, "collector,seq,down_ns,up_ns\nT1,0,1000,12700\nT2,0,12x00,13000\n");
        const CliResult before = runCli({"info", "--session", path, "--json"});
        const CliResult beforeText = runCli({"info", "--session", path});
        QCOMPARE(before.exitCode, 0);
        // The bad pair comes second: the first, good one must not be stored either.
        const CliResult r = runCli(
            QStringList{"import"} + exampleFiles("two-hosts") +
            QStringList{"--tree", data("two-hosts.tree.json"), "--trace", bad, "--session", path});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(bad + ": line 3, column 3 (down_ns): malformed number '12x00'"),
                 qPrintable(r.err));
        QCOMPARE(runCli({"info", "--session", path, "--json"}).out, before.out);
        QCOMPARE(runCli({"info", "--session", path}).out, beforeText.out);
    }

    void infoOnAFileThatIsNoSession_data()
    {
        QTest::addColumn<QByteArray>("contents");
        QTest::newRow("text file") << QByteArray("collector,seq,down_ns,up_ns\nT1,0,1,2\n");
        QTest::newRow("empty file") << QByteArray();
        QTest::newRow("binary junk") << QByteArray("SQLite format 2\0\x01\x02", 18);
    }
    void infoOnAFileThatIsNoSession()
    {
        QFETCH(QByteArray, contents);
        QTemporaryDir dir;
        const QString path = dir.filePath("not-a-session.xylem");
        writeFile(path, contents);
        for (const QStringList& extra : {QStringList{}, QStringList{"--json"}}) {
            const CliResult r = runCli(QStringList{"info", "--session", path} + extra);
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains("not a Xylem session"), qPrintable(r.err));
            QVERIFY(r.out.isEmpty());
        }
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), contents); // looked at, not touched
    }

    void recoverWithNothingToRecover()
    {
        QTemporaryDir dir;
        const QString path = examplesSession(dir);
        QVERIFY(!path.isEmpty());
        const CliResult before = runCli({"info", "--session", path, "--json"});
        const CliResult r = runCli({"recover", "--session", path});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, path + ": no interrupted runs\n");
        QCOMPARE(runCli({"info", "--session", path, "--json"}).out, before.out);
    }
};

QTEST_GUILESS_MAIN(TestCliSession)
#include "tst_clisession.moc"
