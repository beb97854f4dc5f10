// The tuple clock: CLOCK_REALTIME unless XYLEM_CLOCK=monotonic, and the choice is what a child
// process sees in its environment (read once per process).

#include "core/model/tupleclock.h"

#include <QProcess>
#include <QtTest>

#include <ctime>

using namespace xylem;

namespace {

std::int64_t now(clockid_t clock)
{
    timespec t{};
    ::clock_gettime(clock, &t);
    return static_cast<std::int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

} // namespace

class TestTupleClock : public QObject
{
    Q_OBJECT

private slots:
    void theVariableChoosesTheClock()
    {
        QVERIFY(tupleClockKindOf("monotonic") == TupleClockKind::Monotonic);
        for (const char* other : {"", "realtime", "tsc", "clock_gettime", "MONOTONIC"}) {
            QVERIFY2(tupleClockKindOf(other) == TupleClockKind::Realtime, other);
        }
        QCOMPARE(toString(TupleClockKind::Monotonic), std::string_view("monotonic"));
    }

    // This process and a child of it, one with XYLEM_CLOCK=monotonic: each reads its clock.
    void eachProcessReadsTheClockItWasGiven()
    {
        if (qEnvironmentVariable("XYLEM_TUPLECLOCK_CHILD") == "1") {
            return; // the child's half runs in childPrintsItsClock
        }
        const bool monotonic = tupleClockKind() == TupleClockKind::Monotonic;
        const std::int64_t reference = now(monotonic ? CLOCK_MONOTONIC : CLOCK_REALTIME);
        QVERIFY(std::llabs(tupleClockNowNs() - reference) < 1'000'000'000);

        QProcess child;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("XYLEM_CLOCK", "monotonic");
        env.insert("XYLEM_TUPLECLOCK_CHILD", "1");
        child.setProcessEnvironment(env);
        child.start(QCoreApplication::applicationFilePath(), {"childPrintsItsClock"});
        QVERIFY(child.waitForFinished(20000));
        const QString out = QString::fromLocal8Bit(child.readAllStandardOutput());
        const auto match = QRegularExpression("tuple clock monotonic (\\d+)").match(out);
        QVERIFY2(match.hasMatch(), qPrintable(out));
        // CLOCK_MONOTONIC counts from boot, CLOCK_REALTIME from 1970: decades apart.
        QVERIFY(std::llabs(match.captured(1).toLongLong() - now(CLOCK_MONOTONIC)) < 10'000'000'000);
    }

    void childPrintsItsClock()
    {
        if (qEnvironmentVariable("XYLEM_TUPLECLOCK_CHILD") != "1") {
            return;
        }
        std::printf("tuple clock %s %lld\n", std::string(toString(tupleClockKind())).c_str(),
                    static_cast<long long>(tupleClockNowNs()));
        std::fflush(stdout);
    }
};

QTEST_GUILESS_MAIN(TestTupleClock)
#include "tst_tupleclock.moc"
