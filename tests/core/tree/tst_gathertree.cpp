// The gather tree with real processes on 127.0.0.1: start-up of 1-4-16 and 1-8-64, every
// transformation filter, every synchronization mode, sequential and parallel gathering,
// pipelined waves and the clock offsets of every node.

#include "core/gather/topology.h"
#include "tests/core/tree/treetesthelpers.h"

#include <QTest>

#include <cmath>
#include <set>

using namespace xylem;
using namespace xylem::tree;
using namespace xylem::tree::testing;

class TestGatherTree : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<FrontEnd> m_tree; // 1-4-16, shared by the filter tests

    const gather::Numbers& numbers(const Wave& w)
    {
        return std::get<gather::Numbers>(w.batch.content);
    }

private slots:
    void initTestCase()
    {
        m_tree = startTree({4, 16});
        QVERIFY(m_tree);
    }
    void cleanupTestCase() { m_tree.reset(); }

    void startsEveryNode()
    {
        const StartupReport& s = m_tree->startup();
        QCOMPARE(s.nodesUp, 21u);
        QVERIFY(s.missing.empty());
        QVERIFY(s.latency.count() > 0);
    }

    void sumMinMaxAverage()
    {
        const auto& topology = m_tree->topology();
        const auto leaves = topology.leaves();
        auto sum = oneWave(*m_tree, stream(1, "sum", "node-number"));
        QVERIFY2(sum, sum ? "" : sum.error().message.c_str());
        QCOMPARE(numbers(sum.value()).values.at(0), sumOfLeaves(topology));
        QCOMPARE(numbers(sum.value()).values.at(1), 16.0);
        QCOMPARE(sum->batch.contributors, 16u);
        QVERIFY(sum->missing.empty());
        auto min = oneWave(*m_tree, stream(2, "min", "node-number"));
        QVERIFY(min);
        QCOMPARE(numbers(min.value()).values.at(0),
                 double(*std::min_element(leaves.begin(), leaves.end())));
        auto max = oneWave(*m_tree, stream(3, "max", "node-number"));
        QVERIFY(max);
        QCOMPARE(numbers(max.value()).values.at(0),
                 double(*std::max_element(leaves.begin(), leaves.end())));
        auto average = oneWave(*m_tree, stream(4, "average", "node-number"));
        QVERIFY(average);
        QVERIFY(std::abs(numbers(average.value()).values.at(0) - sumOfLeaves(topology) / 16.0) <
                1e-9);
    }

    void concatenatesBytesOfEveryLeaf()
    {
        auto wave = oneWave(*m_tree, stream(5, "concat", "bytes", {4}));
        QVERIFY(wave);
        const auto& bytes = std::get<gather::Bytes>(wave->batch.content).bytes;
        QCOMPARE(bytes.size(), size_t(64));
        std::multiset<int> seen(bytes.begin(), bytes.end());
        for (const std::uint32_t leaf : m_tree->topology().leaves()) {
            QCOMPARE(seen.count(int(leaf)), size_t(4));
        }
    }

    void rawTuplesArriveWhole()
    {
        auto wave = oneWave(*m_tree, stream(6, "raw", "synthetic-tuples", {10}));
        QVERIFY(wave);
        const auto& tuples = std::get<gather::Tuples>(wave->batch.content).tuples;
        QCOMPARE(tuples.size(), size_t(160));
        std::multiset<std::uint32_t> collectors;
        for (const Tuple& t : tuples) {
            collectors.insert(t.collector);
            QCOMPARE(t.seq, std::int64_t(0));
        }
        for (const std::uint32_t leaf : m_tree->topology().leaves()) {
            QCOMPARE(collectors.count(leaf), size_t(10));
        }
    }

    void lastArrivalKeepsTheLatestTuplePerGroup()
    {
        for (const bool atLeaves : {false, true}) {
            StreamSpec spec = stream(atLeaves ? 8 : 7, "last-arrival", "synthetic-tuples", {10});
            spec.filterAtLeaves = atLeaves;
            auto wave = oneWave(*m_tree, spec);
            QVERIFY(wave);
            const auto& tuples = std::get<gather::Tuples>(wave->batch.content).tuples;
            QCOMPARE(tuples.size(), size_t(16)); // each collector its own group: its latest tuple
            for (const Tuple& t : tuples) {
                QCOMPARE(t.down, 9 * 100 + std::int64_t(t.collector)); // i = 9 is the latest
            }
        }
    }

    void statisticsMerge()
    {
        auto wave = oneWave(*m_tree, stream(9, "stats-merge", "node-stats"));
        QVERIFY(wave);
        const auto& entries = std::get<gather::Stats>(wave->batch.content).entries;
        QCOMPARE(entries.size(), size_t(1));
        const auto leaves = m_tree->topology().leaves();
        QCOMPARE(entries[0].count, std::int64_t(16));
        QVERIFY(std::abs(entries[0].mean - sumOfLeaves(m_tree->topology()) / 16.0) < 1e-9);
        QCOMPARE(entries[0].min, std::int64_t(*std::min_element(leaves.begin(), leaves.end())));
        QCOMPARE(entries[0].max, std::int64_t(*std::max_element(leaves.begin(), leaves.end())));
    }

    void equivalenceClasses()
    {
        auto wave = oneWave(*m_tree, stream(10, "equivalence", "node-class", {3}));
        QVERIFY(wave);
        const auto& classes = std::get<gather::Classes>(wave->batch.content).classes;
        size_t members = 0;
        for (const auto& c : classes) {
            for (const std::uint32_t m : c.members) {
                QCOMPARE(std::int64_t(m % 3), c.key);
            }
            members += c.members.size();
        }
        QCOMPARE(members, size_t(16));
    }

    void pipelinedWavesComeInOrder()
    {
        QVERIFY(m_tree->openStream(stream(11, "sum", "node-number")));
        QVERIFY(m_tree->pull(11, 32, std::chrono::seconds(5)));
        QVERIFY(m_tree->pull(11, 32, std::chrono::seconds(5))); // the whole window (64) in flight
        for (std::uint64_t w = 0; w < 64; ++w) {
            auto wave = m_tree->next(11, std::chrono::seconds(10));
            QVERIFY(wave);
            QCOMPARE(wave->wave, w);
            QCOMPARE(numbers(wave.value()).values.at(0), sumOfLeaves(m_tree->topology()));
        }
    }

    // Flow control: with the window full and nothing taken, a pull waits and then says so; once
    // the consumer takes a wave, there is room for one more.
    void aFullWindowHoldsThePullerBack()
    {
        QVERIFY(m_tree->openStream(stream(14, "sum", "node-number")));
        QVERIFY(m_tree->pull(14, 64, std::chrono::seconds(5)));
        auto blocked = m_tree->pull(14, 1, std::chrono::milliseconds(200));
        QVERIFY(!blocked);
        QVERIFY2(blocked.error().message.find("window") != std::string::npos,
                 blocked.error().message.c_str());
        QVERIFY(m_tree->next(14, std::chrono::seconds(10)));
        QVERIFY(m_tree->pull(14, 1, std::chrono::seconds(5)));
        for (std::uint64_t w = 1; w <= 64; ++w) {
            auto wave = m_tree->next(14, std::chrono::seconds(10));
            QVERIFY(wave);
            QCOMPARE(wave->wave, w);
        }
    }

    void sequentialGatheringGivesTheSameWaves()
    {
        StreamSpec spec = stream(12, "raw", "synthetic-tuples", {3});
        spec.gathering = Gathering::Sequential;
        QVERIFY(m_tree->openStream(spec));
        QVERIFY(m_tree->pull(12, 5, std::chrono::seconds(5)));
        for (std::uint64_t w = 0; w < 5; ++w) {
            auto wave = m_tree->next(12, std::chrono::seconds(10));
            QVERIFY(wave);
            QCOMPARE(std::get<gather::Tuples>(wave->batch.content).tuples.size(), size_t(48));
            QCOMPARE(wave->batch.contributors, 16u);
        }
    }

    void doNotWaitPassesEveryArrivalOn()
    {
        StreamSpec spec = stream(13, "sum", "node-number");
        spec.sync.mode = gather::SyncMode::DoNotWait;
        QVERIFY(m_tree->openStream(spec));
        QVERIFY(m_tree->pull(13, 1, std::chrono::seconds(5)));
        double sum = 0;
        std::uint32_t contributors = 0;
        while (contributors < 16) {
            auto arrival = m_tree->next(13, std::chrono::seconds(10));
            QVERIFY(arrival);
            QCOMPARE(arrival->batch.contributors, 1u); // nothing waited for anything
            sum += numbers(arrival.value()).values.at(0);
            contributors += arrival->batch.contributors;
        }
        QCOMPARE(sum, sumOfLeaves(m_tree->topology()));
    }

    void clockOffsetsOfEveryNode()
    {
        auto offsets = m_tree->measureClocks(std::chrono::seconds(10));
        QVERIFY2(offsets, offsets ? "" : offsets.error().message.c_str());
        QCOMPARE(offsets->size(), size_t(20));
        for (const ClockOffset& o : offsets.value()) {
            QVERIFY(o.errorNs > 0);
            // One machine, one clock: the offset is zero within the error bound (and some slack
            // for a descheduled process on two cores).
            QVERIFY2(std::abs(o.offsetNs) <= o.errorNs + 2'000'000,
                     std::to_string(o.offsetNs).c_str());
        }
    }

    void oneEightSixtyFour()
    {
        auto tree = startTree({8, 64});
        QVERIFY(tree);
        QCOMPARE(tree->startup().nodesUp, 73u);
        auto wave = oneWave(*tree, stream(1, "sum", "node-number"));
        QVERIFY(wave);
        QCOMPARE(std::get<gather::Numbers>(wave->batch.content).values.at(0),
                 sumOfLeaves(tree->topology()));
        QCOMPARE(wave->batch.contributors, 64u);
    }
};

QTEST_GUILESS_MAIN(TestGatherTree)
#include "tst_gathertree.moc"
