// Level-of-detail buckets (timebuckets.h): however often they coarsen, every value is counted
// once, in the bucket whose time range holds it, and the buckets stay within their capacity.

#include "core/store/timebuckets.h"

#include "core/model/int128.h"

#include <QtTest>

#include <bit>
#include <deque>
#include <limits>
#include <map>
#include <random>

using namespace xylem::store;

namespace {

struct Sample
{
    std::int64_t t;
    std::int64_t v;
};

std::vector<Sample> randomSamples(std::uint64_t seed, int n, std::int64_t from, std::int64_t to)
{
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<std::int64_t> time(from, to);
    std::uniform_int_distribution<std::int64_t> value(-1'000'000, 1'000'000);
    std::vector<Sample> samples;
    for (int i = 0; i < n; ++i) {
        samples.push_back({time(rng), value(rng)}); // random times: arrival out of order
    }
    return samples;
}

// Brute force: the samples in each bucket of the given width, by bucket index.
std::map<std::int64_t, SummaryBucket> bucketsOf(const std::vector<Sample>& samples,
                                                std::int64_t width)
{
    std::map<std::int64_t, SummaryBucket> buckets;
    for (const Sample& s : samples) {
        buckets[floorDiv(s.t, width)].add(s.v);
    }
    return buckets;
}

SummaryBucket total(const std::vector<SummaryBucket>& buckets)
{
    SummaryBucket t;
    for (const SummaryBucket& b : buckets) {
        t.merge(b);
    }
    return t;
}

bool same(const SummaryBucket& a, const SummaryBucket& b)
{
    return a.count == b.count && a.min == b.min && a.max == b.max && a.sum == b.sum;
}

// Buckets grown one at a time in a deque and coarsened whenever they exceed the capacity, in
// the simplest way (what TimeBuckets did before it grew in place): it must give the same
// width, first index and buckets, byte for byte, whatever the order of the values.
class GrowingBuckets
{
public:
    GrowingBuckets(size_t capacity, std::int64_t width)
        : m_capacity(std::max<size_t>(capacity, 4))
        , m_width(width)
    {
    }
    void add(std::int64_t t, std::int64_t v)
    {
        std::int64_t k = floorDiv(t, m_width);
        if (m_buckets.empty()) {
            m_first = k;
            m_buckets.emplace_back();
        }
        const auto cap = static_cast<xylem::Int128>(m_capacity);
        while (k < m_first - cap || k >= m_first + 2 * cap) {
            coarsen();
            k = floorDiv(t, m_width);
        }
        while (k < m_first) {
            m_buckets.emplace_front();
            --m_first;
        }
        while (k >= m_first + static_cast<xylem::Int128>(m_buckets.size())) {
            m_buckets.emplace_back();
        }
        m_buckets[static_cast<size_t>(k - m_first)].add(v);
        while (m_buckets.size() > m_capacity) {
            coarsen();
        }
    }
    void coarsen()
    {
        std::deque<SummaryBucket> merged;
        const std::int64_t first = floorDiv(m_first, 2);
        for (size_t i = 0; i < m_buckets.size(); ++i) {
            const auto at =
                static_cast<size_t>(floorDiv(m_first + static_cast<std::int64_t>(i), 2) - first);
            if (at >= merged.size()) {
                merged.resize(at + 1);
            }
            merged[at].merge(m_buckets[i]);
        }
        m_buckets = std::move(merged);
        m_first = first;
        m_width *= 2;
    }

    size_t m_capacity;
    std::int64_t m_width;
    std::int64_t m_first = 0;
    std::deque<SummaryBucket> m_buckets;
};

QString describe(const SummaryBucket& b)
{
    return QString("count %1 min %2 max %3 sum %4")
        .arg(b.count)
        .arg(b.min)
        .arg(b.max)
        .arg(b.sum, 0, 'g', 17);
}

// Every bucket equals the brute-force bucket of the same index; no sample falls outside.
bool matchesBruteForce(const std::vector<Sample>& samples, std::int64_t width, std::int64_t first,
                       const std::vector<SummaryBucket>& buckets, QString& why)
{
    const auto expected = bucketsOf(samples, width);
    for (const auto& [k, b] : expected) {
        const std::int64_t i = k - first;
        if (i < 0 || i >= static_cast<std::int64_t>(buckets.size())) {
            why = QString("bucket %1 lies outside [%2, %3)")
                      .arg(k)
                      .arg(first)
                      .arg(first + static_cast<std::int64_t>(buckets.size()));
            return false;
        }
    }
    for (size_t i = 0; i < buckets.size(); ++i) {
        const auto it = expected.find(first + static_cast<std::int64_t>(i));
        const SummaryBucket want = it == expected.end() ? SummaryBucket{} : it->second;
        if (!same(buckets[i], want)) {
            why = QString("bucket %1: %2, expected %3")
                      .arg(first + static_cast<std::int64_t>(i))
                      .arg(describe(buckets[i]), describe(want));
            return false;
        }
    }
    return true;
}

} // namespace

class TestTimeBuckets : public QObject
{
    Q_OBJECT

private slots:
    void floorDivRoundsDown()
    {
        QCOMPARE(floorDiv(7, 8), qint64(0));
        QCOMPARE(floorDiv(8, 8), qint64(1));
        QCOMPARE(floorDiv(0, 8), qint64(0));
        QCOMPARE(floorDiv(-1, 8), qint64(-1));
        QCOMPARE(floorDiv(-8, 8), qint64(-1));
        QCOMPARE(floorDiv(-9, 8), qint64(-2));
        QCOMPARE(floorDiv(-7, -2), qint64(3));
        QCOMPARE(floorDiv(7, -2), qint64(-4));
        QCOMPARE(floorDiv(std::numeric_limits<std::int64_t>::min(), 8),
                 std::numeric_limits<qint64>::min() / 8);
        QCOMPARE(floorDiv(std::numeric_limits<std::int64_t>::min() + 1, 2),
                 std::numeric_limits<qint64>::min() / 2);
    }

    void bucketCoversItsHalfOpenRange()
    {
        TimeBuckets b(16, 4);
        b.add(-1, 10); // [-4, 0)
        b.add(-4, 20);
        b.add(0, 30); // [0, 4)
        b.add(3, 40);
        b.add(4, 50); // [4, 8)
        QCOMPARE(b.width(), qint64(4));
        QCOMPARE(b.firstIndex(), qint64(-1));
        const auto buckets = b.buckets();
        QCOMPARE(buckets.size(), size_t(3));
        QVERIFY2(same(buckets[0], {2, 10, 20, 30.0}), qPrintable(describe(buckets[0])));
        QVERIFY2(same(buckets[1], {2, 30, 40, 70.0}), qPrintable(describe(buckets[1])));
        QVERIFY2(same(buckets[2], {1, 50, 50, 50.0}), qPrintable(describe(buckets[2])));
        b.add(60, 1); // needs 16 buckets of 4 from -4: coarsen once to width 8
        QCOMPARE(b.width(), qint64(8));
        QCOMPARE(b.firstIndex(), qint64(-1));
        QVERIFY2(same(b.buckets()[1], {3, 30, 50, 120.0}), qPrintable(describe(b.buckets()[1])));
    }

    void smallCapacitiesAreRaisedToFour()
    {
        TimeBuckets b(2);
        for (std::int64_t t : {0, 1000, 2000, 3000, 4000}) {
            b.add(t, 1);
        }
        QVERIFY(b.buckets().size() <= 4);
        QVERIFY(b.buckets().size() > 2); // room for four, not two
    }

    void randomDataSurvivesCoarsening_data()
    {
        QTest::addColumn<int>("capacity");
        QTest::addColumn<qint64>("initialWidth");
        QTest::addColumn<qint64>("from");
        QTest::addColumn<qint64>("to");
        QTest::newRow("cap 4") << 4 << qint64(1) << qint64(0) << qint64(1'000'000);
        QTest::newRow("cap 5, negative") << 5 << qint64(1) << qint64(-1'000'000) << qint64(-5);
        QTest::newRow("cap 16, around 0") << 16 << qint64(1) << qint64(-50'000) << qint64(50'000);
        QTest::newRow("cap 64, width 1000")
            << 64 << qint64(1000) << qint64(-7) << qint64(1'000'000'000);
        QTest::newRow("cap 1024, narrow") << 1024 << qint64(1) << qint64(100) << qint64(900);
        QTest::newRow("cap 1024, wide") << 1024 << qint64(1) << qint64(-4'000'000'000'000'000'000)
                                        << qint64(4'000'000'000'000'000'000);
    }
    void randomDataSurvivesCoarsening()
    {
        QFETCH(int, capacity);
        QFETCH(qint64, initialWidth);
        QFETCH(qint64, from);
        QFETCH(qint64, to);
        const auto samples = randomSamples(static_cast<std::uint64_t>(capacity), 4000, from, to);
        TimeBuckets b(static_cast<size_t>(capacity), initialWidth);
        std::vector<Sample> added;
        for (const Sample& s : samples) {
            b.add(s.t, s.v);
            added.push_back(s);
            QVERIFY2(b.buckets().size() <= static_cast<size_t>(capacity),
                     qPrintable(QString("%1 buckets after %2 values")
                                    .arg(b.buckets().size())
                                    .arg(added.size())));
            if (added.size() % 500 == 1) { // and the totals hold at every stage, not only the end
                QString why;
                QVERIFY2(matchesBruteForce(added, b.width(), b.firstIndex(), b.buckets(), why),
                         qPrintable(why));
            }
        }
        // The width is the initial width times a power of two.
        QCOMPARE(b.width() % initialWidth, qint64(0));
        QVERIFY(std::has_single_bit(static_cast<std::uint64_t>(b.width() / initialWidth)));
        QString why;
        QVERIFY2(matchesBruteForce(samples, b.width(), b.firstIndex(), b.buckets(), why),
                 qPrintable(why));
        SummaryBucket expected;
        for (const Sample& s : samples) {
            expected.add(s.v);
        }
        QVERIFY2(same(total(b.buckets()), expected), qPrintable(describe(total(b.buckets()))));
    }

    // Growing in place gives what growing one bucket at a time and merging gives: times in
    // order (a recording), nearly in order, at random, and at the ends of the axis; checked
    // after every value, byte for byte.
    void theSameBucketsAsGrowingOneAtATime_data()
    {
        QTest::addColumn<int>("capacity");
        QTest::addColumn<qint64>("initialWidth");
        QTest::addColumn<int>("order"); // 0 rising, 1 nearly rising, 2 random, 3 extremes
        for (const int order : {0, 1, 2, 3}) {
            for (const auto& [capacity, width] :
                 {std::pair{4, qint64(1)}, {16, qint64(1024)}, {64, qint64(3)}, {1024, qint64(1024)}}) {
                QTest::addRow("order %d, cap %d, width %lld", order, capacity,
                              static_cast<long long>(width))
                    << capacity << width << order;
            }
        }
    }
    void theSameBucketsAsGrowingOneAtATime()
    {
        QFETCH(int, capacity);
        QFETCH(qint64, initialWidth);
        QFETCH(int, order);
        std::vector<Sample> samples;
        std::mt19937_64 rng(static_cast<std::uint64_t>(capacity * 7 + order));
        std::uniform_int_distribution<std::int64_t> value(0, 5'000'000);
        std::int64_t t = -3'000'000;
        for (int i = 0; i < 3000; ++i) {
            switch (order) {
            case 0:
                t += 1 + value(rng) % 4000;
                samples.push_back({t, value(rng)});
                break;
            case 1:
                t += 1 + value(rng) % 4000;
                samples.push_back({t - value(rng) % 20000, value(rng)});
                break;
            case 2:
                samples = randomSamples(static_cast<std::uint64_t>(capacity), 3000,
                                        -1'000'000'000'000, 1'000'000'000'000);
                i = 3000;
                break;
            default:
                samples.push_back({i % 3 == 0   ? std::numeric_limits<std::int64_t>::min() + 1 + i
                                   : i % 3 == 1 ? std::numeric_limits<std::int64_t>::max() - i
                                                : value(rng) - 2'500'000,
                                   value(rng)});
            }
        }
        TimeBuckets b(static_cast<size_t>(capacity), initialWidth);
        GrowingBuckets expected(static_cast<size_t>(capacity), initialWidth);
        for (size_t i = 0; i < samples.size(); ++i) {
            b.add(samples[i].t, samples[i].v);
            expected.add(samples[i].t, samples[i].v);
            const std::vector<SummaryBucket> want(expected.m_buckets.begin(),
                                                  expected.m_buckets.end());
            QVERIFY2(b.width() == expected.m_width && b.firstIndex() == expected.m_first &&
                         encodeBuckets(b.buckets()) == encodeBuckets(want),
                     qPrintable(QString("after value %1: width %2 (%3), first %4 (%5), %6 "
                                        "buckets (%7)")
                                    .arg(i)
                                    .arg(b.width())
                                    .arg(expected.m_width)
                                    .arg(b.firstIndex())
                                    .arg(expected.m_first)
                                    .arg(b.buckets().size())
                                    .arg(want.size())));
        }
    }

    // Tuples may lie anywhere on the int64 axis (only INT64_MIN is reserved). Fewer than four
    // buckets cannot span it (the width would be 2^63), so the smallest capacity is 4: a smaller
    // one is raised to it (see smallCapacitiesAreRaisedToFour).
    void extremeTimes_data()
    {
        QTest::addColumn<int>("capacity");
        QTest::addColumn<bool>("highFirst");
        QTest::newRow("cap 4, high first") << 4 << true;
        QTest::newRow("cap 4, low first") << 4 << false;
        QTest::newRow("cap 1024, high first") << 1024 << true;
        QTest::newRow("cap 1024, low first") << 1024 << false;
    }
    void extremeTimes()
    {
        QFETCH(int, capacity);
        QFETCH(bool, highFirst);
        const Sample low{std::numeric_limits<std::int64_t>::min() + 1, -5};
        const Sample high{std::numeric_limits<std::int64_t>::max(), 5};
        const std::vector<Sample> samples = highFirst ? std::vector<Sample>{high, {0, 1}, low}
                                                      : std::vector<Sample>{low, {0, 1}, high};
        TimeBuckets b(static_cast<size_t>(capacity));
        for (const Sample& s : samples) {
            b.add(s.t, s.v);
        }
        QVERIFY2(b.width() > 0, qPrintable(QString::number(b.width())));
        QVERIFY(b.buckets().size() <= static_cast<size_t>(capacity));
        QVERIFY2(same(total(b.buckets()), {3, -5, 5, 1.0}),
                 qPrintable(describe(total(b.buckets()))));
        QString why;
        QVERIFY2(matchesBruteForce(samples, b.width(), b.firstIndex(), b.buckets(), why),
                 qPrintable(why));
    }

    void pyramidLevels_data()
    {
        QTest::addColumn<int>("capacity");
        QTest::addColumn<int>("samples");
        QTest::newRow("one level") << 64 << 1000;
        QTest::newRow("65536 buckets") << 65536 << 100'000;
        QTest::newRow("1024 buckets") << 1024 << 20'000;
        QTest::newRow("single sample") << 1024 << 1;
    }
    void pyramidLevels()
    {
        QFETCH(int, capacity);
        QFETCH(int, samples);
        const auto data = randomSamples(11, samples, -3'000'000, 40'000'000);
        TimeBuckets finest(static_cast<size_t>(capacity));
        for (const Sample& s : data) {
            finest.add(s.t, s.v);
        }
        const auto levels = buildPyramid(finest);
        QVERIFY(!levels.empty());
        if (samples >= capacity) { // dense: level 0 is the finest buckets themselves
            QCOMPARE(levels.front().width, finest.width());
            QCOMPARE(levels.front().firstIndex, finest.firstIndex());
        }
        QVERIFY(levels.back().buckets.size() <= 64);
        SummaryBucket expected;
        for (const Sample& s : data) {
            expected.add(s.v);
        }
        for (size_t i = 0; i < levels.size(); ++i) {
            const SummaryLevel& l = levels[i];
            QCOMPARE(l.level, static_cast<int>(i));
            if (i > 0) {
                QCOMPARE(l.width, levels[i - 1].width * 8);
                QVERIFY(levels[i - 1].buckets.size() > 64); // stops at the first level that fits
            }
            QVERIFY2(same(total(l.buckets), expected), qPrintable(QString("level %1").arg(i)));
            QString why;
            QVERIFY2(matchesBruteForce(data, l.width, l.firstIndex, l.buckets, why),
                     qPrintable(QString("level %1: %2").arg(i).arg(why)));
        }
        if (samples == 100'000) {
            QVERIFY(levels.size() >= 3);
        }
        QVERIFY(buildPyramid(TimeBuckets(8)).empty());
    }

    // A short run over a long span: the finest buckets would be mostly empty (a 500-call sample
    // session stored 4.8 MB of them). Level 0 keeps about one bucket per value, and is exact.
    void sparseSeriesStoreAboutOneBucketPerValue()
    {
        const auto data = randomSamples(5, 300, 0, 3'000'000'000);
        TimeBuckets finest(65536);
        for (const Sample& s : data) {
            finest.add(s.t, s.v);
        }
        QVERIFY(finest.buckets().size() > 10'000); // what used to be stored
        const auto levels = buildPyramid(finest);
        QVERIFY2(levels.front().buckets.size() <= 600,
                 qPrintable(QString::number(levels.front().buckets.size())));
        QString why;
        QVERIFY2(matchesBruteForce(data, levels.front().width, levels.front().firstIndex,
                                   levels.front().buckets, why),
                 qPrintable(why));
    }

    void bucketsEncodeAndDecode()
    {
        const std::vector<SummaryBucket> buckets{
            {}, // an empty bucket: min INT64_MAX, max INT64_MIN
            {1, -7, -7, -7.0},
            {3, std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max(),
             0.1},
            {std::numeric_limits<std::int64_t>::max(), 0, 1, -1e300}};
        const auto bytes = encodeBuckets(buckets);
        QCOMPARE(bytes.size(), buckets.size() * kBucketRecordSize);
        QCOMPARE(bytes[32], std::uint8_t(1)); // little-endian count of the second record
        QCOMPARE(bytes[33], std::uint8_t(0));
        const auto back = decodeBuckets(bytes);
        QCOMPARE(back.size(), buckets.size());
        for (size_t i = 0; i < buckets.size(); ++i) {
            QVERIFY2(same(back[i], buckets[i]),
                     qPrintable(QString("record %1: ").arg(i) + describe(back[i])));
        }
        // A slice of a level decodes on its own.
        const auto slice =
            decodeBuckets(std::span(bytes).subspan(2 * kBucketRecordSize, kBucketRecordSize));
        QCOMPARE(slice.size(), size_t(1));
        QVERIFY(same(slice[0], buckets[2]));
        QVERIFY(decodeBuckets({}).empty());
    }
};

QTEST_APPLESS_MAIN(TestTimeBuckets)
#include "tst_timebuckets.moc"
