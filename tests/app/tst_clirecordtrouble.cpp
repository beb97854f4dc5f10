// xylem-cli record when nodes of its gather tree stop (issue 18): a collector paused (SIGSTOP,
// as a debugger or the OS would) for longer than the tree's slow time-out does not end the
// recording — the status and the summary name it slow, since when, and the stored calls are
// all there once it runs again; a collector or a relay killed is named, with when and its last
// counts, in the summary, in `xylem-cli info` and in the run's stored accounting, and the
// gather rate says what it does not cover instead of a silent 100 % of a shrunk total.
//
// The tree is a design's: the front-end over a relay (on h0, over the collectors of h0 and h1)
// and the collector of h2. The test signals only processes of the recording it started, found
// through /proc by their parent.

#include "core/store/attachments.h"
#include "core/store/session.h"
#include "tests/app/clisessiontest.h"
#include "tests/support/waituntil.h"

#include <QDir>
#include <QRegularExpression>

#include <csignal>
#include <fstream>
#include <sys/types.h>

using namespace xylem::testing;

namespace {

// Rings of 262144 tuples: the program records about 2 a call per ring, so a ring holds every
// tuple of the run even if the whole run happens while its collector is paused.
const QByteArray kDesign = R"({"format": "xylem-scope-design/1", "name": "relay", "nodes": [
    {"id": 1, "kind": "front-end", "host": "fe", "parent": null},
    {"id": 2, "kind": "relay", "host": "h0", "parent": 1},
    {"id": 3, "kind": "collector", "host": "h0", "parent": 2, "ring_capacity": 262144},
    {"id": 4, "kind": "collector", "host": "h1", "parent": 2, "ring_capacity": 262144},
    {"id": 5, "kind": "collector", "host": "h2", "parent": 1, "ring_capacity": 262144},
    {"id": 6, "kind": "filter", "filter": "concatenation", "parent": 1}]})";

// A status line of a recording whose program makes calls.
const QRegularExpression kCalling(R"(record: [\d.]+ s, [1-9]\d* calls, )");

// The child of parent whose command line holds `part` (0 if none), from /proc.
pid_t childOf(pid_t parent, const QByteArray& part)
{
    for (const QString& entry : QDir("/proc").entryList(QDir::Dirs)) {
        bool number = false;
        const pid_t pid = entry.toInt(&number);
        if (!number) {
            continue;
        }
        QFile statFile("/proc/" + entry + "/stat");
        QFile cmdFile("/proc/" + entry + "/cmdline");
        if (!statFile.open(QIODevice::ReadOnly) || !cmdFile.open(QIODevice::ReadOnly)) {
            continue;
        }
        const QByteArray stat = statFile.readAll();
        const auto fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
        QByteArray command = cmdFile.readAll();
        command.replace('\0', ' ');
        if (fields.size() > 1 && fields[1].toInt() == parent && command.contains(part)) {
            return pid;
        }
    }
    return 0;
}

// `xylem-cli record` over the design, its output collected as it comes.
class Recording
{
public:
    Recording(const QTemporaryDir& dir, int iterations)
        : m_session(dir.filePath("trouble.xylem"))
    {
        const QString design = dir.filePath("relay.design.json");
        writeFile(design, kDesign);
        m_process.start(XYLEM_CLI,
                        {"record", "--hosts", "3", "--threads", "1", "--iterations",
                         QString::number(iterations), "--design", design, "-o", m_session});
    }
    Recording(const Recording&) = delete;
    Recording& operator=(const Recording&) = delete;
    ~Recording()
    {
        for (const pid_t pid : m_stopped) {
            ::kill(pid, SIGCONT);
        }
        m_process.kill();
        m_process.waitForFinished(10000);
    }

    // Waits until standard error (the live status lines) holds text, or matches pattern.
    bool saysOnStderr(const QString& text, std::chrono::seconds timeout)
    {
        return saysOnStderr(QRegularExpression(QRegularExpression::escape(text)), timeout);
    }
    bool saysOnStderr(const QRegularExpression& pattern, std::chrono::seconds timeout)
    {
        return waitUntil(
            [&] {
                m_process.waitForReadyRead(50); // (QProcess reads only when asked to wait)
                m_err += QString::fromUtf8(m_process.readAllStandardError());
                return pattern.match(m_err).hasMatch();
            },
            timeout, std::chrono::milliseconds(1));
    }
    pid_t pid() const { return pid_t(m_process.processId()); }
    void stop(pid_t pid)
    {
        m_stopped.push_back(pid);
        ::kill(pid, SIGSTOP);
    }
    bool finish()
    {
        if (!m_process.waitForFinished(120000)) {
            return false;
        }
        m_out = QString::fromUtf8(m_process.readAllStandardOutput());
        m_err += QString::fromUtf8(m_process.readAllStandardError());
        return true;
    }
    int exitCode() const { return m_process.exitCode(); }
    const QString& out() const { return m_out; }
    const QString& err() const { return m_err; }
    QString all() const { return m_out + "\n---\n" + m_err; }
    const QString& session() const { return m_session; }

private:
    QString m_session;
    QProcess m_process;
    QString m_out;
    QString m_err;
    std::vector<pid_t> m_stopped;
};

nlohmann::json storedAccounting(const QString& session)
{
    namespace store = xylem::store;
    auto opened = store::Session::open(session.toStdString(), store::OpenMode::ReadOnly);
    if (!opened) {
        return nullptr;
    }
    auto stored = store::cachedResult(opened.value(), 1, "scope-accounting", 2);
    if (!stored || !stored.value()) {
        return nullptr;
    }
    return nlohmann::json::parse(**stored, nullptr, false);
}

} // namespace

class TestCliRecordTrouble : public QObject
{
    Q_OBJECT

private slots:
    void aPausedCollectorIsSlowAndTheRecordingGoesOn()
    {
        QTemporaryDir dir;
        Recording record(dir, 30000);
        QVERIFY2(record.saysOnStderr(kCalling, std::chrono::seconds(60)), qPrintable(record.all()));
        const pid_t relay = childOf(record.pid(), "xylem-relay");
        const pid_t h1 = relay ? childOf(relay, "--host h1") : 0;
        QVERIFY2(h1 > 0, "the collector of h1, under the relay");
        record.stop(h1);
        // The status names it, since when, once its relay's slow time-out (2 s) has passed.
        QVERIFY2(record.saysOnStderr("1 slow (h1 since ", std::chrono::seconds(30)),
                 qPrintable(record.all()));
        ::kill(h1, SIGCONT);
        QVERIFY(record.finish());
        QVERIFY2(record.exitCode() == 0, qPrintable(record.all()));
        // Every call of the program (30000 and 100 warm-up) stored whole: its late tuples came.
        QVERIFY2(record.out().contains("record: 30100 complete calls, 0 incomplete"),
                 qPrintable(record.all()));
        QVERIFY2(record.out().contains("gather rate 100.000 % (0 overwritten"),
                 qPrintable(record.all()));
        const QRegularExpression slow(
            R"(record: slow collector h1 \(node \d+\) from \d+\.\d s to \d+\.\d s: h1:0: no answer for )");
        QVERIFY2(slow.match(record.out()).hasMatch(), qPrintable(record.all()));
        QVERIFY2(record.out().contains("answering again after"), qPrintable(record.all()));
        const CliResult analyzed =
            runCli({"analyze", "--session", record.session(), "--run", "1", "--json"});
        const auto report = parseJson(analyzed.out);
        QCOMPARE(report["calls"].get<int>(), 30100);
        QCOMPARE(report["incomplete_calls"].get<int>(), 0);
        const CliResult info = runCli({"info", "--session", record.session()});
        QVERIFY2(info.out.contains("run 1: slow collector h1"), qPrintable(info.out));
        const auto accounting = storedAccounting(record.session());
        QVERIFY2(accounting.is_object() && accounting["slow_nodes"].size() == 1,
                 accounting.dump().c_str());
        QCOMPARE(accounting["slow_nodes"][0]["host"].get<std::string>(), std::string("h1"));
        QVERIFY(accounting["slow_nodes"][0]["until_s"].is_number());
        QVERIFY(accounting["lost_nodes"].empty());
    }

    void aKilledNodeIsNamedWithWhenAndItsLastCounts_data()
    {
        QTest::addColumn<QByteArray>("process");     // under the recording
        QTest::addColumn<QStringList>("lost");       // "role host", as the summary names them
        QTest::addColumn<QStringList>("collectors"); // the hosts of the lost collectors
        QTest::newRow("collector")
            << QByteArray("--host h2") << QStringList{"collector h2"} << QStringList{"h2"};
        QTest::newRow("relay") << QByteArray("xylem-relay")
                               << QStringList{"relay h0", "collector h0", "collector h1"}
                               << QStringList{"h0", "h1"};
    }
    void aKilledNodeIsNamedWithWhenAndItsLastCounts()
    {
        QFETCH(QByteArray, process);
        QFETCH(QStringList, lost);
        QFETCH(QStringList, collectors);
        QTemporaryDir dir;
        Recording record(dir, 30000);
        // Calls counted: the lost collectors have counts to report.
        QVERIFY2(record.saysOnStderr(kCalling, std::chrono::seconds(60)), qPrintable(record.all()));
        const pid_t victim = childOf(record.pid(), process);
        QVERIFY(victim > 0);
        QCOMPARE(::kill(victim, SIGKILL), 0);
        QVERIFY2(
            record.saysOnStderr(QString("%1 lost (").arg(lost.size()), std::chrono::seconds(30)),
            qPrintable(record.all()));
        QVERIFY(record.finish());
        QVERIFY2(record.exitCode() == 0, qPrintable(record.all()));
        for (const QString& node : lost) {
            const QRegularExpression line("record: lost " + node +
                                          R"( \(node \d+\) at \d+\.\d s: )");
            QVERIFY2(line.match(record.out()).hasMatch(), qPrintable(node + "\n" + record.all()));
        }
        QVERIFY2(record.out().contains(QString("of what was counted, %1 collector%2 lost")
                                           .arg(collectors.size())
                                           .arg(collectors.size() == 1 ? "" : "s")),
                 qPrintable(record.all()));
        QVERIFY2(!record.out().contains("gather rate 100.000 % (0 overwritten"),
                 qPrintable(record.all()));
        const CliResult info = runCli({"info", "--session", record.session()});
        for (const QString& node : lost) {
            QVERIFY2(info.out.contains("run 1: lost " + node), qPrintable(info.out));
        }
        // Stored: every lost node, when, its last counts; the totals keep those counts.
        const auto accounting = storedAccounting(record.session());
        QVERIFY2(accounting.is_object(), "no stored accounting of version 2");
        QCOMPARE(accounting["lost_nodes"].size(), size_t(lost.size()));
        QCOMPARE(accounting["gather_rate_complete"].get<bool>(), false);
        std::uint64_t written = 0;
        for (const auto& [host, counts] : accounting["collectors"].items()) {
            written += counts["written"].get<std::uint64_t>();
        }
        QCOMPARE(accounting["written"].get<std::uint64_t>(), written);
        for (const auto& node : accounting["lost_nodes"]) {
            QVERIFY(node["at_s"].get<double>() > 0);
            QVERIFY(!node["reason"].get<std::string>().empty());
            if (node["role"] == "collector") {
                QVERIFY2(collectors.contains(QString::fromStdString(node["host"])),
                         node.dump().c_str());
                QVERIFY2(node["last_counts"]["written"].get<std::uint64_t>() > 0,
                         node.dump().c_str());
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestCliRecordTrouble)
#include "tst_clirecordtrouble.moc"
