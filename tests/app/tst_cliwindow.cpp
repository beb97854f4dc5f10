// xylem-cli analyze, compare and export in a window (--skip-calls, --from, --to; metrics.md §9), as a user
// runs them: the same numbers as the analysis of a trace file cut by hand, from files and from a
// session (whose cached report of the whole run is neither read nor written), clear errors for
// bad values, and an export of only the window's calls.

#include "app/cli/sessioninput.h"
#include "core/analysis/reportjson.h"
#include "core/model/configurationjson.h"
#include "core/model/tracecsv.h"
#include "core/model/treegenerator.h"
#include "tests/app/clisessiontest.h"
#include "tests/app/mpiexamplesession.h"
#include "tests/support/jsoncompare.h"
#include "tests/support/tracesimulator.h"

#include <algorithm>
#include <map>
#include <set>

using namespace xylem;
using namespace xylem::testing;

namespace {

struct Bound
{
    bool isSeq = true;
    std::int64_t value = 0;
};

// The reference cut, written here: calls by seq, the first `skip` seqs dropped, times from the
// first down of all tuples, from inclusive, a seq `to` inclusive and a time `to` exclusive.
std::vector<Tuple> cutByHand(const std::vector<Tuple>& tuples, std::int64_t skip,
                             std::optional<Bound> from, std::optional<Bound> to)
{
    std::map<std::int64_t, std::int64_t> start; // seq -> earliest down
    std::int64_t origin = tuples.front().down;
    for (const Tuple& t : tuples) {
        auto [it, added] = start.emplace(t.seq, t.down);
        it->second = std::min(it->second, t.down);
        origin = std::min(origin, t.down);
    }
    std::set<std::int64_t> kept;
    std::int64_t index = 0;
    for (const auto& [seq, down] : start) {
        const std::int64_t since = down - origin;
        const bool afterFrom = !from || (from->isSeq ? seq >= from->value : since >= from->value);
        const bool beforeTo = !to || (to->isSeq ? seq <= to->value : since < to->value);
        if (index++ >= skip && afterFrom && beforeTo) {
            kept.insert(seq);
        }
    }
    std::vector<Tuple> out;
    std::copy_if(tuples.begin(), tuples.end(), std::back_inserter(out),
                 [&](const Tuple& t) { return kept.contains(t.seq); });
    return out;
}

struct Files
{
    QString tree;
    QString trace;
};

Files writeRun(const QTemporaryDir& dir, const QString& name, const Configuration& config,
               const std::vector<Tuple>& tuples)
{
    const Files f{dir.filePath(name + ".tree.json"), dir.filePath(name + ".trace.csv")};
    writeFile(f.tree, QByteArray::fromStdString(configurationToJson(config)));
    writeFile(f.trace, QByteArray::fromStdString(traceToCsv(tuples, config)));
    return f;
}

// 4 hosts x 2 threads, 80 calls a millisecond apart from seq 10 on, every seventh call missing
// one tuple.
std::pair<Configuration, std::vector<Tuple>> generatedRun()
{
    std::vector<Host> hosts;
    for (int i = 0; i < 4; ++i) {
        hosts.push_back(Host{"n" + std::to_string(i), "c0"});
    }
    Configuration config = generateTree({"windowed", hosts, 2}).value();
    SimulationSpec spec;
    spec.calls = 80;
    spec.firstSeq = 10;
    spec.period = 1'000'000;
    spec.seed = 5;
    std::vector<Tuple> tuples = simulateTrace(config, spec);
    std::erase_if(tuples, [](const Tuple& t) { return t.seq % 7 == 0 && t.collector == 0; });
    return {config, tuples};
}

nlohmann::json withoutWindow(nlohmann::json j)
{
    j.erase("window");
    return j;
}

} // namespace

class TestCliWindow : public QObject
{
    Q_OBJECT

private slots:
    void analyzeEqualsAHandCutTrace_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<qint64>("skip");
        QTest::addColumn<QString>("from"); // "#S" or ns, "" for none
        QTest::addColumn<QString>("to");
        QTest::newRow("skip") << QStringList{"--skip-calls", "12"} << qint64(12) << ""
                              << "";
        QTest::newRow("from #") << QStringList{"--from", "#30"} << qint64(0) << "#30"
                                << "";
        QTest::newRow("to #") << QStringList{"--to", "#40"} << qint64(0) << ""
                              << "#40";
        QTest::newRow("from time") << QStringList{"--from", "20.5ms"} << qint64(0) << "20500000"
                                   << "";
        QTest::newRow("to time") << QStringList{"--to", "0.05s"} << qint64(0) << ""
                                 << "50000000";
        QTest::newRow("from time to time")
            << QStringList{"--from", "15000us", "--to", "61ms"} << qint64(0) << "15000000"
            << "61000000";
        QTest::newRow("skip, from # to time")
            << QStringList{"--skip-calls", "5", "--from", "#12", "--to", "40ms"} << qint64(5)
            << "#12"
            << "40000000";
        QTest::newRow("skip past from")
            << QStringList{"--from", "#12", "--skip-calls", "20", "--to", "#70"} << qint64(20)
            << "#12"
            << "#70";
    }
    void analyzeEqualsAHandCutTrace()
    {
        QFETCH(QStringList, options);
        QFETCH(qint64, skip);
        QFETCH(QString, from);
        QFETCH(QString, to);
        const auto bound = [](const QString& text) -> std::optional<Bound> {
            if (text.isEmpty()) {
                return std::nullopt;
            }
            return text.startsWith('#') ? Bound{true, text.mid(1).toLongLong()}
                                        : Bound{false, text.toLongLong()};
        };
        QTemporaryDir dir;
        const auto [config, tuples] = generatedRun();
        const Files whole = writeRun(dir, "whole", config, tuples);
        const std::vector<Tuple> cut = cutByHand(tuples, skip, bound(from), bound(to));
        QVERIFY(!cut.empty());
        QVERIFY(cut.size() < tuples.size());
        const Files byHand = writeRun(dir, "cut", config, cut);

        const CliResult windowed =
            runCli(QStringList{"analyze", "--json", "--tree", whole.tree, "--trace", whole.trace} +
                   options);
        QVERIFY2(windowed.exitCode == 0, qPrintable(windowed.err));
        const CliResult reference =
            runCli({"analyze", "--json", "--tree", byHand.tree, "--trace", byHand.trace});
        QVERIFY2(reference.exitCode == 0, qPrintable(reference.err));
        const auto json = parseJson(windowed.out);
        QCOMPARE(withoutWindow(json).dump(), parseJson(reference.out).dump());
        QCOMPARE(json["window"]["skip_calls"].get<int>(), int(skip));
        QVERIFY(json["window"]["description"].is_string());

        // And in text, with the window said on the first line.
        const CliResult text =
            runCli(QStringList{"analyze", "--tree", whole.tree, "--trace", whole.trace} + options);
        QCOMPARE(text.exitCode, 0);
        const CliResult referenceText =
            runCli({"analyze", "--tree", byHand.tree, "--trace", byHand.trace});
        const QString firstLine = text.out.section('\n', 0, 0);
        QVERIFY2(firstLine.startsWith("window: "), qPrintable(firstLine));
        QVERIFY2(firstLine.contains(QString(" (%1 calls, ").arg(json["calls"].get<qint64>())),
                 qPrintable(firstLine));
        QCOMPARE(text.out.section('\n', 1), referenceText.out);
    }

    // compare: the one window applies to both runs, each timed from its own first down, and
    // the comparison (with its bootstrap interval) is that of the two runs cut by hand.
    void compareTakesTheWindowForBothRuns()
    {
        QTemporaryDir dir;
        const auto [config, tuples] = generatedRun();
        std::vector<Tuple> later = tuples; // run B: the same calls half a second later
        for (Tuple& t : later) {
            t.down += 500'000'000;
            t.up += 500'000'000;
        }
        const Files a = writeRun(dir, "a", config, tuples);
        const Files b = writeRun(dir, "b", config, later);
        const Files aCut =
            writeRun(dir, "acut", config, cutByHand(tuples, 3, Bound{false, 20'000'000}, {}));
        const Files bCut =
            writeRun(dir, "bcut", config, cutByHand(later, 3, Bound{false, 20'000'000}, {}));
        const QStringList window{"--skip-calls", "3", "--from", "20ms"};
        const CliResult windowed = runCli(QStringList{"compare", "--json", "--tree", a.tree,
                                                      "--trace", a.trace, "--tree", b.tree,
                                                      "--trace", b.trace} +
                                          window);
        QVERIFY2(windowed.exitCode == 0, qPrintable(windowed.err));
        const CliResult reference =
            runCli({"compare", "--json", "--tree", aCut.tree, "--trace", aCut.trace, "--tree",
                    bCut.tree, "--trace", bCut.trace});
        QVERIFY2(reference.exitCode == 0, qPrintable(reference.err));
        const auto json = parseJson(windowed.out);
        QCOMPARE(json["window"]["skip_calls"].get<int>(), 3);
        QCOMPARE(withoutWindow(json).dump(), parseJson(reference.out).dump());
        QVERIFY(json["a"]["calls"].get<int>() < 80);

        const CliResult text = runCli(QStringList{"compare", "--tree", a.tree, "--trace", a.trace,
                                                  "--tree", b.tree, "--trace", b.trace} +
                                      window);
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.startsWith("window: "), qPrintable(text.out));
        const CliResult bad = runCli(QStringList{"compare", "--tree", a.tree, "--trace", a.trace,
                                                 "--tree", b.tree, "--trace", b.trace,
                                                 "--from", "#500"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("run A: ") && bad.err.contains("keeps none"), qPrintable(bad.err));
    }

    // A session's run: the same as its files in the window, and the cached report of the whole
    // run is not what a window shows, nor is it replaced by the window's.
    void sessionWindowLeavesTheCacheAlone()
    {
        QTemporaryDir dir;
        const QString session = examplesSession(dir);
        QVERIFY(!session.isEmpty());
        const QStringList s{"analyze", "--json", "--session", session, "--run", "1"};
        CliResult r = runCli(s); // fills the cache
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(parseJson(r.out)["calls"].get<int>(), 3);
        r = runCli(s + QStringList{"--skip-calls", "1"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const auto windowed = parseJson(r.out);
        QCOMPARE(windowed["calls"].get<int>(), 2);
        const CliResult files = runCli(QStringList{"analyze", "--json", "--skip-calls", "1"} +
                                       exampleFiles("two-hosts"));
        QCOMPARE(windowed.dump(), parseJson(files.out).dump());
        r = runCli(s);
        QCOMPARE(parseJson(r.out)["calls"].get<int>(), 3);
        QVERIFY(!parseJson(r.out).contains("window"));
        // In text too.
        r = runCli(
            {"analyze", "--session", session, "--run", "1", "--from", "20us", "--to", "40us"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.startsWith("window: from 20us, to 40us (1 calls, 0 incomplete)\n"),
                 qPrintable(r.out));
    }

    void badValuesAreRefusedClearly_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("message");
        QTest::newRow("no unit") << QStringList{"--from", "250"}
                                 << "--from: '250' is not a window bound (no unit)";
        QTest::newRow("unknown unit") << QStringList{"--to", "3min"}
                                      << "--to: '3min' is not a window bound (unknown unit 'min')";
        QTest::newRow("bad seq") << QStringList{"--from", "#x"}
                                 << "--from: '#x' is not a window bound";
        QTest::newRow("negative skip") << QStringList{"--skip-calls", "-2"} << "--skip-calls";
        QTest::newRow("backwards") << QStringList{"--from", "#2", "--to", "#1"}
                                   << "the window from #2 to #1 keeps no call";
        QTest::newRow("keeps nothing")
            << QStringList{"--skip-calls", "3"} << "keeps none of the run's 3 calls (#0 to #2";
        QTest::newRow("after the run") << QStringList{"--from", "1s"}
                                       << "the window (from 1s) keeps none of the run's 3 calls";
    }
    void badValuesAreRefusedClearly()
    {
        QFETCH(QStringList, options);
        QFETCH(QString, message);
        for (const bool json : {false, true}) {
            const CliResult r = runCli(QStringList{"analyze"} + exampleFiles("two-hosts") +
                                       options + (json ? QStringList{"--json"} : QStringList{}));
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains(message), qPrintable(r.err));
            QVERIFY(r.out.isEmpty()); // nothing that looks like a report
        }
    }

    // An MPI kind's calls in a window: the same report as the stored run of the same tuples.
    void mpiKindInAWindow()
    {
        QTemporaryDir dir;
        const QString session = mpiExampleSession(dir, "mpi");
        QVERIFY(!session.isEmpty());
        const QStringList window{"--skip-calls", "4", "--to", "#8"};
        const CliResult kind = runCli(QStringList{"analyze", "--json", "--session", session,
                                                  "--run", "1", "--kind", "allreduce"} +
                                      window);
        QVERIFY2(kind.exitCode == 0, qPrintable(kind.err));
        auto j = parseJson(kind.out);
        QCOMPARE(j["calls"].get<int>(), 5); // #4 to #8 of #0..#9
        QCOMPARE(j["window"]["to"].get<std::string>(), std::string("#8"));
        QVERIFY(j.contains("mpi_kind"));
        QVERIFY(!j.contains("wait_states")); // of the whole run
        const CliResult stored =
            runCli(QStringList{"analyze", "--json", "--session", session, "--run", "2"} + window);
        QVERIFY2(stored.exitCode == 0, qPrintable(stored.err));
        j.erase("mpi_kind");
        QCOMPARE(j.dump(), parseJson(stored.out).dump());
        const CliResult text = runCli(
            QStringList{"analyze", "--session", session, "--run", "1", "--kind", "allreduce"} +
            window);
        QVERIFY2(text.out.startsWith("window: skip the first 4 calls, to #8 (5 calls, "),
                 qPrintable(text.out));
    }

    // A rooted kind (Bcast) has no stage tree whose calls a window could cut: refused, naming it.
    void rootedKindRefusesAWindow()
    {
        MpiTraceBuilder b;
        b.rank("h0").rank("h1").world();
        for (int s = 0; s < 3; ++s) {
            b.collective(0, MpiCall::Allreduce, s, s * 1000, s * 1000 + 500);
            b.collective(1, MpiCall::Allreduce, s, s * 1000 + 100, s * 1000 + 500);
            b.collective(0, MpiCall::Bcast, 3 + s, 9000 + s * 1000, 9000 + s * 1000 + 200, 0);
            b.collective(1, MpiCall::Bcast, 3 + s, 9000 + s * 1000 + 50, 9000 + s * 1000 + 300, 0);
        }
        QTemporaryDir dir;
        const QString path = dir.filePath("rooted.xylem");
        {
            auto session = store::Session::create(path.toStdString());
            QVERIFY(session.ok());
            const Run run = collectiveRun(b.trace(), 0, RunShape::Flat).value();
            QVERIFY(store::importRun(session.value(), run.configuration, run.tuples,
                                     store::RunMetadata{"mixed", "", "test", "", ""})
                        .ok());
            QVERIFY(store::addMpiTrace(session.value(), 1, b.trace()).ok());
        }
        CliResult r =
            runCli({"analyze", "--session", path, "--kind", "bcast", "--skip-calls", "1"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--skip-calls, --from and --to apply to collectives whose calls "
                                "form a stage tree"),
                 qPrintable(r.err));
        QVERIFY2(r.err.contains("MPI_Bcast"), qPrintable(r.err));
        r = runCli(
            {"analyze", "--json", "--session", path, "--kind", "allreduce", "--skip-calls", "1"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(parseJson(r.out)["calls"].get<int>(), 2);
    }

    // analyze --call S: one call as text, from files and from a session, in a window too.
    void oneCallInDetail()
    {
        CliResult r = runCli(QStringList{"analyze", "--call", "1"} + exampleFiles("two-hosts"));
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.startsWith("Call #1 of \"two hosts, three threads\""), qPrintable(r.out));
        QVERIFY2(r.out.contains("Next slower call: #2 ("), qPrintable(r.out));
        QVERIFY2(r.out.contains("; next faster call: #0 ("), qPrintable(r.out));
        // Call 1: T2 (21800) arrives last at gA, T3 (22000) before pA (26900) at gB.
        QVERIFY2(r.out.contains("Last arrivals from the root: C > gB > pA > gA > T2\n"),
                 qPrintable(r.out));
        for (const char* thread : {"Thread T1: ", "Thread T2: ", "Thread T3: "}) {
            QVERIFY2(r.out.contains(thread), qPrintable(r.out));
        }
        QTemporaryDir dir;
        const QString session = examplesSession(dir);
        const CliResult stored =
            runCli({"analyze", "--session", session, "--run", "1", "--call", "1"});
        QCOMPARE(stored.out, r.out);
        // In a window that keeps calls 1 and 2 only, call 1 is the fastest.
        r = runCli(QStringList{"analyze", "--call", "1", "--skip-calls", "1"} +
                   exampleFiles("two-hosts"));
        QVERIFY2(r.out.startsWith("window: skip the first call\n"), qPrintable(r.out));
        QVERIFY2(r.out.contains("; next faster call: none\n"), qPrintable(r.out));
        r = runCli(QStringList{"analyze", "--call", "0", "--skip-calls", "1"} +
                   exampleFiles("two-hosts"));
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("no call #0 in the run (its calls are #1 to #2)"),
                 qPrintable(r.err));
        r = runCli(QStringList{"analyze", "--call", "1", "--json"} + exampleFiles("two-hosts"));
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--call prints one call of the run as text"), qPrintable(r.err));
    }

    // What compare takes a window with (app/cli/sessioninput.h): a run's analysis and the
    // figures of its complete calls, from a session as from the same files.
    void analysesWithTheirCalls()
    {
        QTemporaryDir dir;
        const QString path = examplesSession(dir);
        QVERIFY(!path.isEmpty());
        auto session = store::Session::open(path.toStdString(), store::OpenMode::ReadOnly);
        QVERIFY(session.ok());
        const Run files = exampleRun("two-hosts");
        for (const CallWindow& w : {CallWindow{}, CallWindow{1, {}, {}},
                                    CallWindow{0, {}, WindowBound{WindowBound::Kind::Seq, 1}}}) {
            auto stored = cli::analyzeStoredRunWithCalls(session.value(), 1, w, "test");
            QVERIFY2(stored.ok(), stored ? "" : stored.error().describe().c_str());
            auto fromFiles = cli::analyzeRunWithCalls(files, w);
            QVERIFY(fromFiles.ok());
            QCOMPARE(reportToJson(stored->report).dump(), reportToJson(fromFiles->report).dump());
            QCOMPARE(std::int64_t(stored->calls.size()), stored->report.calls);
            QCOMPARE(stored->calls.size(), fromFiles->calls.size());
            for (size_t i = 0; i < stored->calls.size(); ++i) {
                QCOMPARE(stored->calls[i].seq, fromFiles->calls[i].seq);
                QCOMPARE(stored->calls[i].operationTime, fromFiles->calls[i].operationTime);
            }
            QCOMPARE(stored->calls.front().seq, w.skip);
        }
        QVERIFY(!cli::analyzeStoredRunWithCalls(session.value(), 1, CallWindow{3, {}, {}}, "test")
                     .ok());
    }

    void exportWritesOnlyTheWindowsCalls()
    {
        QTemporaryDir dir;
        const QString session = examplesSession(dir);
        QVERIFY(!session.isEmpty());
        const QString tree = dir.filePath("w.tree.json");
        const QString trace = dir.filePath("w.trace.csv");
        CliResult r = runCli({"export", "--session", session, "--run", "1", "--from", "#1", "--to",
                              "#1", "--tree", tree, "--trace", trace});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QFile file(trace);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(file.readAll()).trimmed().split('\n');
        QCOMPARE(lines.size(), 1 + 6); // the header and call 1's six tuples
        for (int i = 1; i < lines.size(); ++i) {
            QCOMPARE(lines[i].section(',', 1, 1), QString("1"));
        }
        const CliResult exported = runCli({"analyze", "--json", "--tree", tree, "--trace", trace});
        const CliResult windowed =
            runCli(QStringList{"analyze", "--json", "--from", "#1", "--to", "#1"} +
                   exampleFiles("two-hosts"));
        QCOMPARE(parseJson(exported.out).dump(), withoutWindow(parseJson(windowed.out)).dump());

        // An analysis table in the window; a stored table is refused.
        r = runCli({"export", "--session", session, "--run", "1", "--table", "threads",
                    "--skip-calls", "2"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const CliResult whole =
            runCli({"export", "--session", session, "--run", "1", "--table", "threads"});
        QVERIFY(r.out != whole.out);
        r = runCli({"export", "--session", session, "--run", "1", "--table", "calls",
                    "--skip-calls", "2"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("not to the stored table calls"), qPrintable(r.err));
        r = runCli({"export", "--session", session, "--run", "1", "--perfetto",
                    dir.filePath("p.json"), "--to", "#1"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("not to --perfetto"), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestCliWindow)
#include "tst_cliwindow.moc"
