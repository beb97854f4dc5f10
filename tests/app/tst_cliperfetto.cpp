// `xylem-cli export --perfetto`: the worked examples and an MPI run as Chrome trace events, each
// loaded by `python3 -m json.tool` and kept to the trace-event rules by
// tests/support/check_trace_events.py; what the file holds (tracks, calls, stages adding up to
// their call, edges, MPI calls, one flow per wait state); a run on unsynchronised clocks
// kept to the rules too, its shortened stages marked; the checker itself failing on files
// that break each rule; a file that cannot be written named, nothing left behind.

#include "tests/app/clisessiontest.h"
#include "tests/app/mpiexamplesession.h"

#include <QDir>
#include <QFileInfo>

#include <cmath>
#include <map>
#include <set>

using namespace xylem;
using namespace xylem::testing;

namespace {

CliResult runProgram(const QString& program, const QStringList& args)
{
    QProcess p;
    p.start(program, args);
    if (!p.waitForFinished(60000)) {
        p.kill();
        p.waitForFinished(5000);
        return {};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

CliResult checkTrace(const QString& file)
{
    return runProgram("python3", {"-S", XYLEM_TRACE_CHECKER, file}); // -S: no site, a quick start
}

nlohmann::json readJson(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        return {};
    }
    return nlohmann::json::parse(f.readAll().toStdString(), nullptr, false);
}

std::int64_t ns(const nlohmann::json& microseconds)
{
    return std::llround(microseconds.get<double>() * 1000.0);
}

// Events by phase and category, and the tracks' names by tid.
struct Summary
{
    std::map<std::string, std::vector<nlohmann::json>> byCat; // "X/call", "s/wait", ...
    std::map<int, std::string> trackNames;
    int processes = 0;

    size_t count(const std::string& key) const
    {
        const auto it = byCat.find(key);
        return it == byCat.end() ? 0 : it->second.size();
    }
    int tracksStarting(const std::string& prefix) const
    {
        int n = 0;
        for (const auto& [tid, name] : trackNames) {
            n += name.starts_with(prefix) ? 1 : 0;
        }
        return n;
    }
};

Summary summarise(const nlohmann::json& doc)
{
    Summary s;
    for (const auto& e : doc["traceEvents"]) {
        const std::string ph = e["ph"];
        if (ph == "M" && e["name"] == "thread_name") {
            s.trackNames[e["tid"].get<int>()] = e["args"]["name"];
        } else if (ph == "M" && e["name"] == "process_name") {
            ++s.processes;
        } else if (ph != "M") {
            s.byCat[ph + "/" + e["cat"].get<std::string>()].push_back(e);
        }
    }
    return s;
}

// Each call's stages add up to it (metrics.md §4: exactly the call time when no stage had to be
// shortened, as in these runs); the checker has made sure they lie inside it.
void stagesAddUpToTheirCall(const Summary& s)
{
    std::map<std::pair<int, std::int64_t>, std::int64_t> stageSum;
    for (const auto& e : s.byCat.at("X/stage")) {
        QVERIFY(!e["args"].contains("clamped"));
        stageSum[{e["tid"].get<int>(), e["args"]["seq"].get<std::int64_t>()}] += ns(e["dur"]);
    }
    QVERIFY(!s.byCat.at("X/call").empty());
    for (const auto& call : s.byCat.at("X/call")) {
        const std::pair key{call["tid"].get<int>(), call["args"]["seq"].get<std::int64_t>()};
        QCOMPARE(stageSum[key], ns(call["dur"]));
    }
}

// Exports, then loads the file with json.tool and the checker; the parsed file.
nlohmann::json exportChecked(const QString& session, const QString& run, const QString& file)
{
    const CliResult r = runCli({"export", "--session", session, "--run", run, "--perfetto", file});
    if (r.exitCode != 0 || !r.out.contains("slices")) {
        qWarning("export failed (%d): %s", r.exitCode, qPrintable(r.err));
        return {};
    }
    const CliResult tool = runProgram("python3", {"-m", "json.tool", file});
    const CliResult check = checkTrace(file);
    if (tool.exitCode != 0 || check.exitCode != 0 || !check.out.contains("every rule kept")) {
        qWarning("json.tool %d (%s), checker %d: %s", tool.exitCode, qPrintable(tool.err),
                 check.exitCode, qPrintable(check.err));
        return {};
    }
    return readJson(file);
}

} // namespace

class TestCliPerfetto : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_session; // the worked examples: run 1 two-hosts, run 2 flat-mpi

    QString brokenFile(const QString& name, const std::string& events)
    {
        const QString path = m_dir.filePath(name + ".json");
        writeFile(path, QByteArray::fromStdString(
                            R"({"traceEvents":[
{"ph":"M","name":"process_name","pid":1,"tid":0,"args":{"name":"host A"}},
{"ph":"M","name":"thread_name","pid":1,"tid":1,"args":{"name":"thread T"}},
{"ph":"M","name":"thread_name","pid":1,"tid":2,"args":{"name":"thread U"}},
{"ph":"X","name":"call","cat":"call","pid":1,"tid":1,"ts":0,"dur":10},
{"ph":"X","name":"call","cat":"call","pid":1,"tid":2,"ts":5,"dur":10})" +
                            events + "]}"));
        return path;
    }

private slots:
    void initTestCase()
    {
        m_session = examplesSession(m_dir);
        QVERIFY(!m_session.isEmpty());
    }

    void workedExampleWithTwoHosts()
    {
        const auto doc = exportChecked(m_session, "1", m_dir.filePath("two-hosts.json"));
        QVERIFY(doc.is_object());
        QVERIFY(doc["otherData"]["origin_ns"] == "1000");
        const Summary s = summarise(doc);
        QCOMPARE(s.processes, 2);                   // hosts A and B
        QCOMPARE(s.tracksStarting("thread "), 3);   // T1, T2, T3
        QCOMPARE(s.tracksStarting("edge "), 6);     // every wrapper but the root
        QCOMPARE(s.count("X/call"), size_t(3 * 3)); // 3 complete calls of 3 threads
        QCOMPARE(s.count("X/edge"), size_t(18));    // every tuple
        QCOMPARE(s.count("s/wait"), size_t(0));
        stagesAddUpToTheirCall(s);
        // T1's first call: 11.7 us from the origin, its first stage the arrival wait at gA.
        const auto& first = s.byCat.at("X/call").front();
        QCOMPARE(s.trackNames.at(first["tid"].get<int>()), std::string("thread T1"));
        QCOMPARE(ns(first["dur"]), std::int64_t(11700));
        QVERIFY(s.byCat.at("X/stage").front()["name"] == "arrival wait");
    }

    void mpiRunDrawsEveryWaitAsAFlow()
    {
        const QString session = mpiExampleSession(m_dir, "mpi");
        QVERIFY(!session.isEmpty());
        const auto doc = exportChecked(session, "1", m_dir.filePath("mpi.json"));
        QVERIFY(doc.is_object());
        const Summary s = summarise(doc);
        QCOMPARE(s.tracksStarting("rank "), 4);
        QCOMPARE(s.count("X/mpi"), size_t(40)); // 4 ranks x 10 MPI_Allreduce
        QVERIFY(s.byCat.at("X/mpi").front()["name"] == "MPI_Allreduce");
        // As many flows as analyze counts waits, every one from a rank to the late rank 2.
        const CliResult analyzed =
            runCli({"analyze", "--session", session, "--run", "1", "--json"});
        QCOMPARE(analyzed.exitCode, 0);
        const auto patterns = parseJson(analyzed.out)["wait_states"]["patterns"];
        std::int64_t waits = 0;
        for (const auto& pattern : patterns) {
            waits += pattern["waits"].get<std::int64_t>();
        }
        QVERIFY2(waits == 30, analyzed.out.toUtf8().left(3000).constData());
        QCOMPARE(s.count("s/wait"), size_t(waits));
        QCOMPARE(s.count("f/wait"), size_t(waits));
        for (const auto& f : s.byCat.at("f/wait")) {
            QCOMPARE(s.trackNames.at(f["tid"].get<int>()), std::string("rank 2 MPI"));
            QVERIFY(f["name"] == "Wait at N x N");
            QVERIFY(f["bp"] == "e");
        }
        for (const auto& f : s.byCat.at("s/wait")) {
            QVERIFY(s.trackNames.at(f["tid"].get<int>()) != "rank 2 MPI");
        }
        // The run without MPI data has its calls, and no rank tracks.
        const auto plain = exportChecked(session, "2", m_dir.filePath("plain.json"));
        QVERIFY(plain.is_object());
        QCOMPARE(summarise(plain).tracksStarting("rank "), 0);
        QCOMPARE(summarise(plain).count("X/call"), size_t(40));
        stagesAddUpToTheirCall(summarise(plain)); // a tree of greds up to a gred root
    }

    void lateRootAndLateSenderAreFlowsToTheLateRank()
    {
        // Rank 1 waits 800 ns in MPI_Bcast for the root 0, then 600 ns in MPI_Recv for 0's send.
        MpiTraceBuilder b;
        b.rank("h0", "c0").rank("h1", "c0").world();
        b.collective(0, MpiCall::Bcast, 0, 1000, 1500, 0)
            .collective(1, MpiCall::Bcast, 0, 200, 1500, 0);
        b.p2p(1, MpiCall::Recv, 0, 5, 2000, 3000).p2p(0, MpiCall::Send, 1, 5, 2600, 2700);
        const QString path = m_dir.filePath("p2p.xylem");
        {
            auto session = store::Session::create(path.toStdString());
            QVERIFY(session);
            const Run run = collectiveRun(b.trace(), 0, RunShape::Flat).value();
            QVERIFY(store::importRun(session.value(), run.configuration, run.tuples,
                                     store::RunMetadata{"p2p", "", "test", "", ""}));
            QVERIFY(store::addMpiTrace(session.value(), 1, b.trace()));
        }
        const auto doc = exportChecked(path, "1", m_dir.filePath("p2p.json"));
        QVERIFY(doc.is_object());
        const Summary s = summarise(doc);
        QCOMPARE(s.count("X/mpi"), size_t(4));
        QCOMPARE(s.count("s/wait"), size_t(2));
        std::set<std::string> patterns;
        for (const auto& f : s.byCat.at("s/wait")) {
            QCOMPARE(s.trackNames.at(f["tid"].get<int>()), std::string("rank 1 MPI"));
            patterns.insert(f["name"].get<std::string>());
        }
        for (const auto& f : s.byCat.at("f/wait")) {
            QCOMPARE(s.trackNames.at(f["tid"].get<int>()), std::string("rank 0 MPI"));
        }
        QCOMPARE(patterns, (std::set<std::string>{"Late Broadcast", "Late Sender"}));
    }

    void unsynchronisedClocksStillNest()
    {
        // Host B's clock 8 us behind A's: the proxy hop's down ends before it starts.
        QFile source(data("two-hosts.trace.csv"));
        QVERIFY(source.open(QIODevice::ReadOnly));
        QByteArray skewed = source.readLine();
        while (!source.atEnd()) {
            QList<QByteArray> f = source.readLine().trimmed().split(',');
            const int shift = QByteArrayList{"pA", "T3", "gB"}.contains(f[0]) ? 8000 : 0;
            f[2] = QByteArray::number(f[2].toLongLong() - shift);
            f[3] = QByteArray::number(f[3].toLongLong() - shift);
            skewed += f.join(',') + '\n';
        }
        writeFile(m_dir.filePath("skew.trace.csv"), skewed);
        const QString session = m_dir.filePath("skew.xylem");
        QCOMPARE(runCli({"import", "--tree", data("two-hosts.tree.json"), "--trace",
                         m_dir.filePath("skew.trace.csv"), "-o", session})
                     .exitCode,
                 0);
        const auto doc = exportChecked(session, "1", m_dir.filePath("skew.json"));
        QVERIFY(doc.is_object()); // the rules hold
        const Summary s = summarise(doc);
        QCOMPARE(s.count("X/call"), size_t(9)); // no call lost
        int clamped = 0;
        for (const auto& e : s.byCat.at("X/stage")) {
            clamped += e["args"].contains("clamped") ? 1 : 0;
        }
        QVERIFY(clamped > 0); // and the shortened stages say so
    }

    void checkerPassesTheBaseOfTheBrokenFiles()
    {
        // The broken files below are this one and their broken events: the complaint is theirs.
        QCOMPARE(checkTrace(brokenFile("base", "")).exitCode, 0);
    }

    void checkerFailsOnEachBrokenRule_data()
    {
        QTest::addColumn<QString>("events");
        QTest::addColumn<QString>("complaint");
        QTest::newRow("partial overlap")
            << R"(,{"ph":"X","name":"x","cat":"c","pid":1,"tid":1,"ts":5,"dur":10})"
            << "without nesting";
        QTest::newRow("negative dur")
            << R"(,{"ph":"X","name":"x","cat":"c","pid":1,"tid":1,"ts":1,"dur":-1})"
            << "'dur' must be a number >= 0";
        QTest::newRow("negative ts")
            << R"(,{"ph":"X","name":"x","cat":"c","pid":1,"tid":1,"ts":-2,"dur":1})"
            << "'ts' must be a number >= 0";
        QTest::newRow("pid as text")
            << R"(,{"ph":"X","name":"x","cat":"c","pid":"1","tid":1,"ts":1,"dur":1})"
            << "'pid' and 'tid' must be integers";
        QTest::newRow("unknown metadata")
            << R"(,{"ph":"M","name":"thread_title","pid":1,"tid":1,"args":{"name":"x"}})"
            << "unknown name 'thread_title'";
        QTest::newRow("flow without end")
            << R"(,{"ph":"s","name":"w","cat":"wait","id":7,"pid":1,"tid":1,"ts":1})"
            << "1 start(s) and 0 end(s)";
        QTest::newRow("flow ends in another category")
            << R"(,{"ph":"s","name":"w","cat":"wait","id":7,"pid":1,"tid":1,"ts":1},)"
               R"({"ph":"f","name":"w","cat":"other","id":7,"pid":1,"tid":2,"ts":6,"bp":"e"})"
            << "0 end(s)";
        QTest::newRow("flow backwards")
            << R"(,{"ph":"s","name":"w","cat":"wait","id":7,"pid":1,"tid":2,"ts":9},)"
               R"({"ph":"f","name":"w","cat":"wait","id":7,"pid":1,"tid":1,"ts":2,"bp":"e"})"
            << "before it starts";
        QTest::newRow("flow outside slices")
            << R"(,{"ph":"s","name":"w","cat":"wait","id":7,"pid":1,"tid":1,"ts":1},)"
               R"({"ph":"f","name":"w","cat":"wait","id":7,"pid":1,"tid":2,"ts":30,"bp":"e"})"
            << "is in no slice";
        QTest::newRow("unnamed track")
            << R"(,{"ph":"X","name":"x","cat":"c","pid":1,"tid":3,"ts":1,"dur":1})"
            << "no thread_name";
    }

    void checkerFailsOnEachBrokenRule()
    {
        QFETCH(QString, events);
        QFETCH(QString, complaint);
        const CliResult r = checkTrace(brokenFile(QTest::currentDataTag(), events.toStdString()));
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(complaint), qPrintable(r.err));
    }

    void checkerRefusesWhatIsNotJson()
    {
        const QString path = m_dir.filePath("cut.json");
        writeFile(path, R"({"traceEvents":[{"ph":"X")");
        const CliResult r = checkTrace(path);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("not a JSON file"), qPrintable(r.err));
    }

    void unwritableFileIsNamed()
    {
        const QString file = m_dir.filePath("no-such-folder/t.json");
        const CliResult r =
            runCli({"export", "--session", m_session, "--run", "1", "--perfetto", file});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("cannot write the file") && r.err.contains(file),
                 qPrintable(r.err));
        QVERIFY(!QFileInfo::exists(file));
    }
};

QTEST_GUILESS_MAIN(TestCliPerfetto)
#include "tst_cliperfetto.moc"
