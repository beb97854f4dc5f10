// The collector's TSC calibration (clockcalibration.h): a span of TSC ticks converts to the
// same span of CLOCK_REALTIME nanoseconds, and a timestamp lands at the right moment.

#include "collectors/collector/clockcalibration.h"

#include <QtTest>

#include <cmath>
#include <ctime>
#include <x86intrin.h>

using namespace xylem;
using namespace xylem::collector;

namespace {

std::int64_t realtimeNs()
{
    timespec t{};
    ::clock_gettime(CLOCK_REALTIME, &t);
    return std::int64_t(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

} // namespace

class TestClockCalibration : public QObject
{
    Q_OBJECT

private slots:
    void tscSpansMatchRealTime()
    {
        auto calibration = ClockCalibration::measure(std::chrono::milliseconds(20));
        QVERIFY(calibration.ticksPerNs() > 0.1 && calibration.ticksPerNs() < 10);
        // 60 ms timed by both clocks, a busy wait so that no sleep blurs the ends.
        const std::int64_t realStart = realtimeNs();
        const auto tscStart = static_cast<std::int64_t>(__rdtsc());
        while (realtimeNs() - realStart < 60'000'000) {
        }
        const auto tscEnd = static_cast<std::int64_t>(__rdtsc());
        const std::int64_t realEnd = realtimeNs();
        calibration.refine();
        const std::int64_t converted =
            calibration.toNs(ClockKind::Tsc, tscEnd) - calibration.toNs(ClockKind::Tsc, tscStart);
        const double error =
            std::fabs(double(converted - (realEnd - realStart))) / double(realEnd - realStart);
        QVERIFY2(error < 0.005, qPrintable(QString("a 60 ms span converted to %1 ns (%2 %% off)")
                                               .arg(converted)
                                               .arg(error * 100)));
        // And the moment itself: a TSC reading converts to within 1 ms of the real time.
        const std::int64_t now = calibration.toNs(ClockKind::Tsc, std::int64_t(__rdtsc()));
        QVERIFY2(std::llabs(now - realtimeNs()) < 1'000'000,
                 qPrintable(QString("off by %1 ns").arg(now - realtimeNs())));
    }
};

QTEST_GUILESS_MAIN(TestClockCalibration)
#include "tst_clockcalibration.moc"
