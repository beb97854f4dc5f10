// The timeline at every zoom answers from the summaries or the raw records, and every bucket
// it returns holds exactly the calls (or tuples) that fall into it.

#include "core/store/runcatalog.h"
#include "core/store/runloader.h"
#include "core/store/runwriter.h"
#include "core/store/timeline.h"
#include "tests/core/analysis/generatedcases.h"
#include "tests/support/tracesimulator.h"

#include <QTemporaryDir>
#include <QtTest>

#include <random>

using namespace xylem;
using namespace xylem::store;

namespace {

struct Brute
{
    std::int64_t count = 0;
    std::int64_t min = std::numeric_limits<std::int64_t>::max();
    std::int64_t max = std::numeric_limits<std::int64_t>::min();
};

Brute bruteForce(const std::vector<std::pair<std::int64_t, std::int64_t>>& values,
                 std::int64_t from, std::int64_t to)
{
    Brute b;
    for (const auto& [t, v] : values) {
        if (t >= from && t < to) {
            ++b.count;
            b.min = std::min(b.min, v);
            b.max = std::max(b.max, v);
        }
    }
    return b;
}

} // namespace

class TestTimeline : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::optional<Session> m_session;
    Configuration m_config = testing::makeTree(2, 1, 3, TreeShape::KAry, RootKind::Core);
    std::vector<std::pair<std::int64_t, std::int64_t>> m_operation; // (call start, operation time)
    std::vector<std::pair<std::int64_t, std::int64_t>>
        m_collector0; // (down, up - down) of wrapper 0
    std::int64_t m_first = 0;
    std::int64_t m_last = 0;

    void checkSlice(const TimelineSlice& slice,
                    const std::vector<std::pair<std::int64_t, std::int64_t>>& values,
                    TimeWindow window, size_t maxPoints)
    {
        QVERIFY(slice.buckets.size() <= maxPoints + 1);
        std::int64_t previousEnd = std::numeric_limits<std::int64_t>::min();
        for (const TimelineBucket& b : slice.buckets) {
            QVERIFY(b.startNs >= previousEnd);
            QCOMPARE(b.endNs - b.startNs, slice.widthNs);
            const Brute expected = bruteForce(values, b.startNs, b.endNs);
            QCOMPARE(b.count, expected.count);
            QCOMPARE(b.min, expected.min);
            QCOMPARE(b.max, expected.max);
            previousEnd = b.endNs;
        }
        // Every value in the window is in some bucket.
        std::int64_t inBuckets = 0;
        for (const TimelineBucket& b : slice.buckets) {
            inBuckets += b.count;
        }
        QVERIFY(inBuckets >= bruteForce(values, window.fromNs, window.toNs).count);
    }

private slots:
    void initTestCase()
    {
        auto session = Session::create(m_dir.filePath("timeline.xylem").toStdString());
        QVERIFY(session.ok());
        const auto tuples =
            testing::simulateTrace(m_config, {.calls = 200000, .seed = 3, .period = 50'000});
        QVERIFY(importRun(session.value(), m_config, tuples, {"timeline"}).ok());
        for (const CallTimes& c : loadCalls(session.value(), 1).value()) {
            m_operation.emplace_back(c.startNs, c.operationTime);
        }
        for (const Tuple& t : tuples) {
            if (t.collector == 0) {
                m_collector0.emplace_back(t.down, t.up - t.down);
            }
        }
        m_first = *runInfo(session.value(), 1)->firstNs;
        m_last = *runInfo(session.value(), 1)->lastNs;
        m_session = std::move(session).value();
    }

    void overviewUsesACoarseLevel()
    {
        auto slice = timelineOverview(*m_session, 1, kOperationSeries, 1000);
        QVERIFY(slice.ok());
        QVERIFY(slice->level >= 0);
        QVERIFY(slice->buckets.size() >= 1000 / 8 && slice->buckets.size() <= 1001);
        checkSlice(slice.value(), m_operation, {m_first, m_last + 1}, 1000);
        std::int64_t calls = 0;
        for (const auto& b : slice->buckets) {
            calls += b.count;
        }
        QCOMPARE(calls, 200000);
    }

    void everyZoomIsExact_data()
    {
        QTest::addColumn<double>("fraction");
        for (double f : {1.0, 0.3, 0.05, 0.01, 1e-3, 1e-4, 1e-5}) {
            QTest::addRow("%g of the run", f) << f;
        }
    }
    void everyZoomIsExact()
    {
        QFETCH(double, fraction);
        std::mt19937_64 rng(42);
        const auto span = static_cast<double>(m_last - m_first);
        const auto width = std::max<std::int64_t>(1, static_cast<std::int64_t>(span * fraction));
        for (int i = 0; i < 5; ++i) {
            const std::int64_t from =
                m_first +
                static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(span - width + 1));
            const TimeWindow window{from, from + width};
            auto slice = queryTimeline(*m_session, 1, kOperationSeries, window, 500);
            QVERIFY(slice.ok());
            checkSlice(slice.value(), m_operation, window, 500);
        }
    }

    void narrowWindowsReadRawRecords()
    {
        const TimeWindow window{m_first + 1'000'000, m_first + 1'200'000}; // about 4 calls
        auto slice = queryTimeline(*m_session, 1, kOperationSeries, window, 1000);
        QVERIFY(slice.ok());
        QCOMPARE(slice->level, -1);
        checkSlice(slice.value(), m_operation, window, 1000);
        QVERIFY(!slice->buckets.empty());
    }

    void collectorSeries()
    {
        auto overview = timelineOverview(*m_session, 1, 0, 200);
        QVERIFY(overview.ok());
        checkSlice(overview.value(), m_collector0, {m_first, m_last + 1}, 200);
        const TimeWindow narrow{m_first + 5'000'000, m_first + 5'400'000};
        auto zoomed = queryTimeline(*m_session, 1, 0, narrow, 200);
        QVERIFY(zoomed.ok());
        QCOMPARE(zoomed->level, -1);
        checkSlice(zoomed.value(), m_collector0, narrow, 200);
    }

    void badWindows()
    {
        QCOMPARE(queryTimeline(*m_session, 1, kOperationSeries, {10, 10}, 100).error().code,
                 ErrorCode::InvalidArgument);
        QCOMPARE(queryTimeline(*m_session, 1, kOperationSeries, {0, 10}, 0).error().code,
                 ErrorCode::InvalidArgument);
        auto outside = queryTimeline(*m_session, 1, kOperationSeries,
                                     {m_last + 1'000'000'000, m_last + 2'000'000'000}, 100);
        QVERIFY(outside.ok());
        QVERIFY(outside->buckets.empty());
    }
};

QTEST_APPLESS_MAIN(TestTimeline)
#include "tst_timeline.moc"
