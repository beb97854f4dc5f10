// Which system samples a live recording keeps with its run: those inside the tuples' span, one
// before and one after it per series, decided as the span grows; memory stays bounded.

#include "core/live/runsamplewindow.h"

#include <QtTest>

#include <algorithm>
#include <set>

using namespace xylem;
using xylem::live::RunSampleWindow;
using xylem::store::SystemSample;
using xylem::store::TupleSpan;

namespace {

// Samples of one series at the given times (ms).
std::vector<SystemSample> series(const std::string& host, const std::string& metric,
                                 std::initializer_list<std::int64_t> ms)
{
    std::vector<SystemSample> out;
    for (const std::int64_t t : ms) {
        out.push_back(SystemSample{host, metric, t * 1'000'000, double(t)});
    }
    return out;
}

std::multiset<std::int64_t> timesMs(const std::vector<SystemSample>& samples)
{
    std::multiset<std::int64_t> out;
    for (const SystemSample& s : samples) {
        out.insert(s.timeNs / 1'000'000);
    }
    return out;
}

TupleSpan spanMs(std::int64_t first, std::int64_t last)
{
    return TupleSpan{first * 1'000'000, last * 1'000'000};
}

} // namespace

class TestRunSampleWindow : public QObject
{
    Q_OBJECT

private slots:
    void keepsTheSpanAndOneSampleEachSide()
    {
        RunSampleWindow window;
        window.add(series("h0", "cpu_busy_pct", {100, 200, 300, 400}));
        QVERIFY(window.takeDecided(std::nullopt).empty()); // no tuple yet: nothing is decided
        window.add(series("h0", "cpu_busy_pct", {500, 600}));
        // tuples from 350 to 520: 300 is the last before, 400 and 500 inside; 600 may be inside
        // once more tuples come
        QCOMPARE(timesMs(window.takeDecided(spanMs(350, 520))),
                 (std::multiset<std::int64_t>{300, 400, 500}));
        window.add(series("h0", "cpu_busy_pct", {700, 800, 900}));
        QCOMPARE(timesMs(window.takeDecided(spanMs(350, 650))), (std::multiset<std::int64_t>{600}));
        // the end: the first after the span, nothing later
        QCOMPARE(timesMs(window.takeRest(spanMs(350, 650))), (std::multiset<std::int64_t>{700}));
        QCOMPARE(window.dropped(), std::int64_t(4)); // 100 and 200 before, 800 and 900 after
    }

    void seriesAreDecidedApart()
    {
        RunSampleWindow window;
        auto samples = series("h0", "cpu_busy_pct", {100, 200, 300});
        for (auto& s : series("h1", "cpu_busy_pct", {150, 250})) {
            samples.push_back(s);
        }
        for (auto& s : series("h0", "mem_used_bytes", {90, 400})) {
            samples.push_back(s);
        }
        window.add(samples);
        const auto kept = window.takeRest(spanMs(210, 220));
        // h0 cpu: 200 before, 300 after; h1: 150 before, 250 after; h0 mem: 90 and 400
        QCOMPARE(timesMs(kept), (std::multiset<std::int64_t>{90, 150, 200, 250, 300, 400}));
        QCOMPARE(window.dropped(), std::int64_t(1));
    }

    void aRunWithoutTuplesKeepsTheNewestFew()
    {
        RunSampleWindow window;
        window.add(series("h0", "cpu_busy_pct", {1, 2, 3, 4, 5, 6, 7}));
        QVERIFY(window.takeDecided(std::nullopt).empty());
        QCOMPARE(timesMs(window.takeRest(std::nullopt)), (std::multiset<std::int64_t>{4, 5, 6, 7}));
        QCOMPARE(window.dropped(), std::int64_t(3));
    }

    // A program that pauses (no tuples for a while) does not make the window hold every sample
    // of the pause: past the limit the oldest go to the run.
    void aPauseDoesNotHoldEverySample()
    {
        RunSampleWindow window;
        std::vector<SystemSample> many;
        for (std::int64_t t = 1; t <= 200; ++t) {
            many.push_back(SystemSample{"h0", "cpu_busy_pct", t * 1'000'000, 0});
        }
        window.add(many);
        const auto decided = window.takeDecided(spanMs(0, 10));
        QCOMPARE(decided.size(), size_t(200 - RunSampleWindow::kMaxWaiting));
        QCOMPARE(timesMs(window.takeRest(spanMs(0, 10))).size(), size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestRunSampleWindow)
#include "tst_runsamplewindow.moc"
