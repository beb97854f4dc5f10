// xylem-cli export as a user runs it: a run back out as files (files -> session -> files gives
// the same analysis), and every table as CSV.

#include "tests/app/clisessiontest.h"
#include "tests/support/jsoncompare.h"

using namespace xylem::testing;

namespace {

QString readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString("(missing)");
}

} // namespace

class TestCliExport : public QObject
{
    Q_OBJECT

private slots:
    void filesThroughASessionBackToFiles_data()
    {
        QTest::addColumn<QString>("run");
        QTest::addColumn<QString>("example");
        QTest::newRow("run 1") << "1"
                               << "two-hosts";
        QTest::newRow("run 2") << "2"
                               << "flat-mpi";
    }
    void filesThroughASessionBackToFiles()
    {
        QFETCH(QString, run);
        QFETCH(QString, example);
        QTemporaryDir dir;
        const QString path = examplesSession(dir);
        QVERIFY(!path.isEmpty());
        const QString tree = dir.filePath("out.tree.json");
        const QString trace = dir.filePath("out.trace.csv");
        CliResult r =
            runCli({"export", "--session", path, "--run", run, "--tree", tree, "--trace", trace});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.isEmpty(), qPrintable(r.err));

        const CliResult original = runCli(QStringList{"analyze", "--json"} + exampleFiles(example));
        const CliResult exported = runCli({"analyze", "--json", "--tree", tree, "--trace", trace});
        QCOMPARE(original.exitCode, 0);
        QCOMPARE(exported.exitCode, 0);
        const auto differences =
            jsonDifferences(parseJson(original.out), parseJson(exported.out), 0.0);
        QVERIFY2(differences.empty(), differences.empty() ? "" : differences.front().c_str());
        // And the exported files go into a session again as the same run.
        r = runCli({"import", "--tree", tree, "--trace", trace, "-o", dir.filePath("again.xylem")});
        QCOMPARE(r.exitCode, 0);
        const CliResult fromAgain =
            runCli({"analyze", "--json", "--session", dir.filePath("again.xylem")});
        QCOMPARE(fromAgain.out, exported.out);
        // The exported tree is a configuration in its own right, with the original's name.
        const auto config = parseJson(readAll(tree));
        const auto originalConfig =
            parseJson(QString::fromStdString(readTestFile(example.toStdString() + ".tree.json")));
        QCOMPARE(config["format"].get<std::string>(), std::string("xylem-tree/1"));
        QCOMPARE(config["name"].get<std::string>(), originalConfig["name"].get<std::string>());
        QCOMPARE(config["wrappers"].size(), originalConfig["wrappers"].size());
    }

    void everyTableAsCsv_data()
    {
        QTest::addColumn<QString>("table");
        QTest::addColumn<QString>("header");
        QTest::addColumn<int>("rows"); // -1: at least one
        QTest::newRow("runs")
            << "runs"
            << "id,name,status,recorded_at,source,clock,configuration,threads,tuples,"
               "calls,incomplete_calls,first_ns,last_ns,stored_bytes,notes"
            << 2;
        QTest::newRow("calls")
            << "calls"
            << "seq,start_ns,operation_time_ns,slowest_thread_time_ns,slowest_thread" << 3;
        QTest::newRow("summary") << "summary"
                                 << "series,level,start_ns,end_ns,count,min_ns,max_ns,mean_ns"
                                 << -1;
        QTest::newRow("system_samples") << "system_samples"
                                        << "host,metric,t_ns,value" << 0;
        QTest::newRow("clock_models") << "clock_models"
                                      << "host,model" << 0;
        QTest::newRow("scopes") << "scopes"
                                << "id,name,definition" << 0;
        QTest::newRow("threads")
            << "threads"
            << "thread,host,class,call_time_count,call_time_mean_ns,call_time_median_ns,"
               "call_time_p90_ns,call_time_p99_ns,call_time_p999_ns,call_time_min_ns,"
               "call_time_max_ns,call_time_stddev_ns,critical_arrivals,slowest_share"
            << 3;
        QTest::newRow("contributors") << "contributors"
                                      << "gred,contributor,arrival_wait_count," << 4;
        QTest::newRow("wrappers") << "wrappers"
                                  << "wrapper,kind,host,metric,value_count,value_mean_ns," << 6;
        QTest::newRow("hotspots") << "hotspots"
                                  << "rank,stage,wrapper,thread,mean_ns" << 13;
        QTest::newRow("timemap") << "timemap"
                                 << "thread,position,stage,wrapper,direction,depth,mean_ns" << 27;
        QTest::newRow("classes") << "classes"
                                 << "class,threads,representative,members" << 2;
    }
    void everyTableAsCsv()
    {
        QFETCH(QString, table);
        QFETCH(QString, header);
        QFETCH(int, rows);
        QTemporaryDir dir;
        const QString path = examplesSession(dir);
        QVERIFY(!path.isEmpty());
        const CliResult r = runCli({"export", "--session", path, "--run", "1", "--table", table});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.endsWith('\n'));
        const QStringList lines = r.out.chopped(1).split('\n');
        QVERIFY2(lines.front().startsWith(header), qPrintable(lines.front()));
        if (header.endsWith(',')) {
            QVERIFY(lines.front().size() > header.size());
        } else {
            QCOMPARE(lines.front(), header);
        }
        if (rows >= 0) {
            QCOMPARE(lines.size() - 1, rows);
        } else {
            QVERIFY(lines.size() > 1);
        }
        // --output writes the same text to a file.
        const QString csv = dir.filePath(table + ".csv");
        const CliResult toFile =
            runCli({"export", "--session", path, "--run", "1", "--table", table, "--output", csv});
        QCOMPARE(toFile.exitCode, 0);
        QVERIFY(toFile.out.isEmpty());
        QCOMPARE(readAll(csv), r.out);
    }

    void tablesWithExactContents()
    {
        QTemporaryDir dir;
        const QString path = examplesSession(dir);
        QVERIFY(!path.isEmpty());
        CliResult r = runCli({"export", "--session", path, "--run", "1", "--table", "calls"});
        QCOMPARE(
            r.out,
            QString("seq,start_ns,operation_time_ns,slowest_thread_time_ns,slowest_thread\n"
                    "0,1000,12000,11800,T2\n1,21000,12300,12300,T1\n2,41000,12400,12300,T2\n"));
        r = runCli({"export", "--session", path, "--table", "hotspots", "--run", "1"});
        QVERIFY2(r.out.contains("\n1,down,pA,T1,5000\n2,up,pA,T1,5000\n"), qPrintable(r.out));
        // "runs" needs no run; "calls" of a two-run session does.
        r = runCli({"export", "--session", path, "--table", "runs"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("\n1,two hosts,complete,"));
        QVERIFY(r.out.contains("\n2,flat,complete,"));
        r = runCli({"export", "--session", path, "--table", "calls"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("choose one"), qPrintable(r.err));
        r = runCli({"export", "--session", path, "--table", "threads"});
        QCOMPARE(r.exitCode, 2);
    }

    void unknownTableListsTheNames()
    {
        QTemporaryDir dir;
        const QString path = examplesSession(dir);
        QVERIFY(!path.isEmpty());
        const CliResult r =
            runCli({"export", "--session", path, "--run", "1", "--table", "nonsense"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(
            r.err.contains("no table 'nonsense'; tables: runs, calls, summary, system_samples, "
                           "clock_models, scopes, mpi_ranks, mpi_events, threads, contributors, "
                           "wrappers, hotspots, "
                           "timemap, classes"),
            qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestCliExport)
#include "tst_cliexport.moc"
