// The CI soak: five minutes of xylem-cli record, raw tracing and the load-balance monitor,
// through the real tree (the front-end, a collector per host, any relay, the gsum launcher and
// its hosts). The resident set of every process of the recording, sampled every few seconds,
// ends (the median of the last quarter) within 5 % or 2 MiB, whichever is more, of where it stood
// late in the warm-up (the median there), however it breathes in between. The floor is for the
// small processes: a 10 MB collector's malloc arenas breathe by a megabyte (seen on CI: 10.3 to
// 11.6 MB and back), while the growth this guards against is per tuple (wave 1's front-end:
// 51 bytes a tuple, megabytes a second), and 2 MiB over the soak's tens of millions of tuples
// is under a tenth of a byte each. It also holds each process to giving back what a burst took
// (core/model/freedmemory.h: without it, beside a parallel build, a collector kept 5 MiB of one
// burst's batches for good, and the front-end 8-14 MiB of one wave's calls). The stored calls
// are those the live summary gives, and the live engine saw them all. XYLEM_SOAK_SECONDS
// shortens or lengthens it (at least 60).

#include "core/store/runcatalog.h"
#include "core/store/session.h"
#include "tests/support/processmemory.h"
#include "tests/support/processtree.h"
#include "tests/support/ringprefix.h"

#include <QDir>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <set>

using namespace xylem;
using namespace xylem::testing;

namespace {

constexpr auto kSamplePeriod = std::chrono::seconds(5);
constexpr double kGrowthPercent = 5.0;
constexpr long long kGrowthFloorKb = 2048;

bool staysFlat(const ProcessTreeRss::Growth& g)
{
    return g.endKb - g.warmKb < kGrowthFloorKb || g.percent() < kGrowthPercent;
}

std::chrono::seconds soakDuration()
{
    const int seconds = qEnvironmentVariableIntValue("XYLEM_SOAK_SECONDS");
    return std::chrono::seconds(seconds >= 60 ? seconds : 300);
}

// A fifth of the soak, at least 30 s: the front-end's SQLite cache, the rings' pages and the
// live engine's exact phase are all full well before.
std::chrono::seconds warmUp()
{
    return std::max(std::chrono::seconds(30), soakDuration() / 5);
}

// The recording, with its own TMPDIR; whatever a failed test leaves (the processes it started,
// by pid; the rings of the run) goes with it.
class Soak
{
public:
    bool start(const QStringList& arguments)
    {
        if (!m_dir.isValid() || !QDir(m_dir.path()).mkdir("tmp")) {
            return false;
        }
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("TMPDIR", m_dir.filePath("tmp"));
        m_cli.setProcessEnvironment(env);
        m_cli.start(QStringLiteral(XYLEM_CLI), arguments);
        if (!m_cli.waitForStarted(10000)) {
            return false;
        }
        m_pid = static_cast<pid_t>(m_cli.processId());
        return true;
    }

    ~Soak()
    {
        if (m_cli.state() != QProcess::NotRunning) {
            m_cli.kill();
            m_cli.waitForFinished(10000);
        }
        killStillRunning({m_seen.begin(), m_seen.end()});
        sweepShm("xylem-rec-" + std::to_string(m_pid) + "-");
    }

    // Samples every process of the recording each period until it ends (or the time-out);
    // false on the time-out.
    bool sampleUntilDone(ProcessTreeRss& rss, std::chrono::seconds timeout)
    {
        const auto deadline = std::chrono::steady_clock::now() + timeout;
        const auto period = std::chrono::duration_cast<std::chrono::milliseconds>(kSamplePeriod);
        while (std::chrono::steady_clock::now() < deadline) {
            const auto now = descendantsOf(m_pid);
            m_seen.insert(now.begin(), now.end());
            rss.sample();
            if (m_cli.waitForFinished(static_cast<int>(period.count()))) {
                return true;
            }
        }
        return false;
    }

    pid_t pid() const { return m_pid; }
    QProcess& cli() { return m_cli; }
    QString path(const QString& name) const { return m_dir.filePath(name); }

private:
    QTemporaryDir m_dir;
    QProcess m_cli;
    pid_t m_pid = -1;
    std::set<ProcessId> m_seen;
};

// Processes of the recording that were sampled through the warm-up and after it, by name.
std::multiset<std::string> namesOf(const std::vector<ProcessTreeRss::Growth>& growth)
{
    std::multiset<std::string> names;
    for (const auto& g : growth) {
        names.insert(g.name);
    }
    return names;
}

} // namespace

class TestRecordSoak : public QObject
{
    Q_OBJECT

private slots:
    void everyProcessStaysFlatAndEveryCallIsStored()
    {
        Soak soak;
        const QString scope = soak.path("soak.scope.json");
        QFile file(scope);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"format": "xylem-scope/1", "name": "soak",
                       "monitors": ["raw", "load-balance"]})");
        file.close();
        const QString session = soak.path("soak.xylem");
        const auto duration = soakDuration();
        QVERIFY(soak.start({"record", "--hosts", "2", "--threads", "2", "--duration",
                            QString::number(duration.count()), "--scope", scope, "-o", session}));
        ProcessTreeRss rss(soak.pid());
        QVERIFY2(soak.sampleUntilDone(rss, duration + std::chrono::seconds(180)),
                 "the recording did not end in time");
        const QString out = QString::fromLocal8Bit(soak.cli().readAllStandardOutput());
        QVERIFY2(soak.cli().exitStatus() == QProcess::NormalExit && soak.cli().exitCode() == 0,
                 qPrintable(out + QString::fromLocal8Bit(soak.cli().readAllStandardError())));
        qInfo("resident sets (KiB), a sample every %lld s:\n%s",
              static_cast<long long>(kSamplePeriod.count()), rss.describe().c_str());

        const auto growth = rss.growthAfter(warmUp());
        const auto names = namesOf(growth);
        QVERIFY2(names.count("xylem-cli") == 1 && names.count("xylem-collector") == 2 &&
                     names.count("xylem-gsum") == 3, // the launcher and two hosts
                 qPrintable(QString::fromStdString(rss.describe())));
        for (const auto& g : growth) {
            qInfo("%d %s: median %lld KiB late in the warm-up, %lld KiB at the end (%+.1f %%), "
                  "at most %lld KiB",
                  g.pid, g.name.c_str(), static_cast<long long>(g.warmKb),
                  static_cast<long long>(g.endKb), g.percent(),
                  static_cast<long long>(g.maxAfterKb));
            QVERIFY2(staysFlat(g), qPrintable(QString("%1 (%2) grew by %3 % (%4 KiB)")
                                                  .arg(g.pid)
                                                  .arg(QString::fromStdString(g.name))
                                                  .arg(g.percent())
                                                  .arg(g.endKb - g.warmKb)));
        }

        const auto summary =
            QRegularExpression("record: (\\d+) complete calls, (\\d+) incomplete").match(out);
        QVERIFY2(summary.hasMatch(), qPrintable(out));
        QVERIFY2(!out.contains("the live figures cover"), qPrintable(out)); // the engine saw all
        auto stored = store::Session::open(session.toStdString(), store::OpenMode::ReadOnly);
        QVERIFY(stored.ok());
        auto run = store::runInfo(stored.value(), 1);
        QVERIFY(run.ok());
        QCOMPARE(run->calls, summary.captured(1).toLongLong());
        QCOMPARE(run->incompleteCalls, summary.captured(2).toLongLong());
        QVERIFY2(run->calls > 1000 * duration.count(), qPrintable(out)); // it really ran
        qInfo("stored %lld calls and %lld incomplete, as the live summary says",
              static_cast<long long>(run->calls), static_cast<long long>(run->incompleteCalls));
    }
};

QTEST_GUILESS_MAIN(TestRecordSoak)
#include "tst_recordsoak.moc"
