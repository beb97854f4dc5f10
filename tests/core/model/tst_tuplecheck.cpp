// findTupleProblem: the rules every set of tuples obeys before analysis (metrics.md §8):
// a known non-root collector, down not the empty-slot marker, up >= down, and at most one
// tuple per (collector, seq), with the first repeat in input order reported in both the dense
// and the sparse seq-range code paths.

#include "core/model/configuration.h"
#include "core/model/configurationjson.h"
#include "core/model/treegenerator.h"
#include "core/model/tuplecheck.h"
#include "tests/support/testdata.h"
#include "tests/support/tracesimulator.h"

#include <QtTest>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

using namespace xylem;

namespace {

constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

Tuple tuple(std::uint32_t collector, std::int64_t seq, std::int64_t down = 100,
            std::int64_t up = 200)
{
    return Tuple{seq, down, up, collector, 0, 0};
}

QString describe(const std::optional<TupleProblem>& p)
{
    if (!p) {
        return QStringLiteral("no problem");
    }
    return QStringLiteral("index %1, firstIndex %2: %3")
        .arg(p->index)
        .arg(p->firstIndex)
        .arg(q(p->message));
}

} // namespace

class TestTupleCheck : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void acceptsSimulatedTraces_data();
    void acceptsSimulatedTraces();
    void acceptsCompleteCalls();
    void acceptsEmptyInput();
    void acceptsSameSeqOnDifferentCollectors();
    void acceptsExtremeSeqsWithoutDuplicates();
    void reportsSingleTupleProblems_data();
    void reportsSingleTupleProblems();
    void reportsDuplicates_data();
    void reportsDuplicates();
    void denseAndSparsePathsAgree();

private:
    std::optional<Configuration> m_config; // two-hosts: T1 T2 gA pA T3 gB C (root, index 6)
};

void TestTupleCheck::initTestCase()
{
    auto parsed = parseConfigurationJson(testing::readTestFile("two-hosts.tree.json"));
    QVERIFY2(parsed.ok(), parsed ? "" : parsed.error().describe().c_str());
    m_config = std::move(parsed).value();
    QCOMPARE(m_config->root(), 6);
    QCOMPARE(m_config->wrapperCount(), 7);
}

void TestTupleCheck::acceptsSimulatedTraces_data()
{
    QTest::addColumn<int>("shape");
    QTest::addColumn<int>("rootKind");
    QTest::addColumn<qlonglong>("firstSeq");
    QTest::newRow("hierarchy, core root")
        << static_cast<int>(TreeShape::HierarchyAware) << static_cast<int>(RootKind::Core) << 0LL;
    QTest::newRow("hierarchy, gred root, late seqs")
        << static_cast<int>(TreeShape::HierarchyAware) << static_cast<int>(RootKind::Gred)
        << 5'000'000'000LL;
    QTest::newRow("flat, gred root")
        << static_cast<int>(TreeShape::Flat) << static_cast<int>(RootKind::Gred) << 0LL;
    QTest::newRow("binomial, core root, negative seqs")
        << static_cast<int>(TreeShape::Binomial) << static_cast<int>(RootKind::Core) << -50LL;
}

void TestTupleCheck::acceptsSimulatedTraces()
{
    QFETCH(int, shape);
    QFETCH(int, rootKind);
    QFETCH(qlonglong, firstSeq);
    TreeSpec spec;
    spec.hosts = {{"A", "c0"}, {"B", "c0"}, {"C", "c1"}};
    spec.threadsPerHost = 4;
    spec.shape = static_cast<TreeShape>(shape);
    spec.root = static_cast<RootKind>(rootKind);
    const auto config = generateTree(spec);
    QVERIFY2(config.ok(), config ? "" : config.error().describe().c_str());

    testing::SimulationSpec sim;
    sim.calls = 200;
    sim.seed = 7;
    sim.firstSeq = firstSeq;
    sim.culprit = "B.t2";
    sim.culpritDelay = 10'000;
    const std::vector<Tuple> tuples = testing::simulateTrace(config.value(), sim);
    QCOMPARE(tuples.size(), size_t(200) * static_cast<size_t>(config->collectorCount()));
    const auto problem = findTupleProblem(config.value(), tuples);
    QVERIFY2(!problem, qPrintable(describe(problem)));
}

void TestTupleCheck::acceptsCompleteCalls()
{
    // Every collector of the two-hosts tree for calls 0..9, each up > down.
    std::vector<Tuple> tuples;
    for (std::int64_t seq = 0; seq < 10; ++seq) {
        for (std::uint32_t c = 0; c < 6; ++c) {
            tuples.push_back(tuple(c, seq, seq * 1000 + c, seq * 1000 + 500));
        }
    }
    const auto problem = findTupleProblem(*m_config, tuples);
    QVERIFY2(!problem, qPrintable(describe(problem)));
}

void TestTupleCheck::acceptsEmptyInput()
{
    QVERIFY(!findTupleProblem(*m_config, {}));
}

void TestTupleCheck::acceptsSameSeqOnDifferentCollectors()
{
    // Same seq, different collectors; same collector, different seqs; up == down is allowed.
    const std::vector<Tuple> tuples{tuple(0, 3),
                                    tuple(1, 3),
                                    tuple(0, 4),
                                    tuple(5, 3, 7, 7),
                                    tuple(0, 5'000'000'000'000'000),
                                    tuple(1, 5'000'000'000'000'000)};
    const auto problem = findTupleProblem(*m_config, tuples);
    QVERIFY2(!problem, qPrintable(describe(problem)));
}

void TestTupleCheck::acceptsExtremeSeqsWithoutDuplicates()
{
    // The seq range spans all of int64: the range arithmetic must not overflow.
    const std::vector<Tuple> tuples{tuple(0, kMin), tuple(0, kMax), tuple(1, kMin), tuple(0, 0),
                                    tuple(1, kMax)};
    const auto problem = findTupleProblem(*m_config, tuples);
    QVERIFY2(!problem, qPrintable(describe(problem)));
}

void TestTupleCheck::reportsSingleTupleProblems_data()
{
    QTest::addColumn<int>("index");
    QTest::addColumn<qlonglong>("collector");
    QTest::addColumn<qlonglong>("down");
    QTest::addColumn<qlonglong>("up");
    QTest::addColumn<QString>("message");

    QTest::newRow("unknown collector index 7")
        << 2 << 7LL << 100LL << 200LL << QStringLiteral("unknown collector #7");
    QTest::newRow("unknown collector index 4294967295")
        << 0 << 4294967295LL << 100LL << 200LL << QStringLiteral("unknown collector #4294967295");
    QTest::newRow("root as collector")
        << 3 << 6LL << 100LL << 200LL << QStringLiteral("collector 'C' is the root");
    QTest::newRow("up before down")
        << 1 << 2LL << 500LL << 499LL << QStringLiteral("up (499) is before down (500)");
    QTest::newRow("up before down, negative")
        << 4 << 0LL << -5LL << -6LL << QStringLiteral("up (-6) is before down (-5)");
    QTest::newRow("down is INT64_MIN")
        << 2 << 1LL << static_cast<qlonglong>(kMin) << 0LL << QStringLiteral("smallest int64");
    QTest::newRow("down and up are INT64_MIN")
        << 0 << 1LL << static_cast<qlonglong>(kMin) << static_cast<qlonglong>(kMin)
        << QStringLiteral("smallest int64");
}

void TestTupleCheck::reportsSingleTupleProblems()
{
    QFETCH(int, index);
    QFETCH(qlonglong, collector);
    QFETCH(qlonglong, down);
    QFETCH(qlonglong, up);
    QFETCH(QString, message);

    // Valid tuples around the bad one, with distinct (collector, seq).
    std::vector<Tuple> tuples;
    for (int i = 0; i < 6; ++i) {
        tuples.push_back(tuple(static_cast<std::uint32_t>(i % 6), 10 + i));
    }
    tuples[static_cast<size_t>(index)] =
        Tuple{10 + index, down, up, static_cast<std::uint32_t>(collector), 0, 0};

    const auto problem = findTupleProblem(*m_config, tuples);
    QVERIFY2(problem.has_value(), "the bad tuple went unnoticed");
    QCOMPARE(problem->index, static_cast<size_t>(index));
    QCOMPARE(problem->firstIndex, static_cast<size_t>(index));
    QVERIFY2(q(problem->message).contains(message), problem->message.c_str());
}

void TestTupleCheck::reportsDuplicates_data()
{
    QTest::addColumn<QList<qlonglong>>("collectors");
    QTest::addColumn<QList<qlonglong>>("seqs");
    QTest::addColumn<int>("index");
    QTest::addColumn<int>("firstIndex");
    QTest::addColumn<QString>("message");

    using L = QList<qlonglong>;
    // Dense: seqs within a small range.
    QTest::newRow("dense, adjacent") << L{0, 0} << L{1, 1} << 1 << 0
                                     << QStringLiteral("duplicate tuple for collector 'T1', seq 1");
    QTest::newRow("dense, later in the list")
        << L{0, 1, 2, 3, 4, 3, 0} << L{0, 0, 0, 0, 0, 0, 1} << 5 << 3
        << QStringLiteral("duplicate tuple for collector 'pA', seq 0");
    QTest::newRow("dense, triple reports the second")
        << L{5, 1, 5, 5} << L{2, 2, 2, 2} << 2 << 0 << QStringLiteral("collector 'gB', seq 2");
    QTest::newRow("dense, first repeat in input order wins")
        << L{2, 1, 1, 2} << L{5, 7, 7, 5} << 2 << 1 << QStringLiteral("collector 'T2', seq 7");
    QTest::newRow("dense, negative seqs")
        << L{4, 4, 4} << L{-3, -2, -3} << 2 << 0 << QStringLiteral("collector 'T3', seq -3");
    // Sparse: seqs like 0, 1e12, 5e15 make a bitmap of the range far too large.
    QTest::newRow("sparse, 0 1e12 5e15")
        << L{0, 0, 1, 0} << L{0, 1'000'000'000'000LL, 5'000'000'000'000'000LL, 1'000'000'000'000LL}
        << 3 << 1 << QStringLiteral("duplicate tuple for collector 'T1', seq 1000000000000");
    QTest::newRow("sparse, duplicate of the first tuple")
        << L{3, 0, 3, 3}
        << L{5'000'000'000'000'000LL, 0, 1'000'000'000'000LL, 5'000'000'000'000'000LL} << 3 << 0
        << QStringLiteral("collector 'pA', seq 5000000000000000");
    QTest::newRow("sparse, first repeat in input order wins")
        << L{2, 1, 1, 2} << L{5'000'000'000'000'000LL, 0, 0, 5'000'000'000'000'000LL} << 2 << 1
        << QStringLiteral("collector 'T2', seq 0");
    QTest::newRow("sparse, lower collector repeats later")
        << L{2, 1, 2, 0, 1}
        << L{1'000'000'000'000LL, 0, 1'000'000'000'000LL, 5'000'000'000'000'000LL, 0} << 2 << 0
        << QStringLiteral("collector 'gA', seq 1000000000000");
    QTest::newRow("sparse, triple reports the second")
        << L{5, 5, 0, 5} << L{1'000'000'000'000LL, 1'000'000'000'000LL, 0, 1'000'000'000'000LL} << 1
        << 0 << QStringLiteral("collector 'gB', seq 1000000000000");
    QTest::newRow("sparse, full int64 range")
        << L{0, 0, 1, 0} << L{kMin, kMax, 0, kMax} << 3 << 1
        << QStringLiteral("collector 'T1', seq 9223372036854775807");
}

void TestTupleCheck::reportsDuplicates()
{
    QFETCH(QList<qlonglong>, collectors);
    QFETCH(QList<qlonglong>, seqs);
    QFETCH(int, index);
    QFETCH(int, firstIndex);
    QFETCH(QString, message);
    QCOMPARE(collectors.size(), seqs.size());

    std::vector<Tuple> tuples;
    for (qsizetype i = 0; i < collectors.size(); ++i) {
        tuples.push_back(
            tuple(static_cast<std::uint32_t>(collectors[i]), seqs[i], 100 + i, 200 + i));
    }
    const auto problem = findTupleProblem(*m_config, tuples);
    QVERIFY2(problem.has_value(), "the duplicate went unnoticed");
    QCOMPARE(problem->index, static_cast<size_t>(index));
    QCOMPARE(problem->firstIndex, static_cast<size_t>(firstIndex));
    QVERIFY2(q(problem->message).contains(message), problem->message.c_str());
}

void TestTupleCheck::denseAndSparsePathsAgree()
{
    // The same duplicate pattern, once with seqs 0..n (dense) and once spread far apart
    // (sparse): the reported indices must not depend on the code path.
    const std::vector<std::uint32_t> collectors{3, 0, 4, 1, 0, 2, 4, 1, 3};
    const std::vector<std::int64_t> pattern{0, 1, 2, 3, 4, 5, 2, 3, 0};
    // First repeat in input order: index 6 (collector 4, seq 2, first at 2).
    for (std::int64_t scale : {std::int64_t{1}, std::int64_t{1'000'000'000'000}}) {
        std::vector<Tuple> tuples;
        for (size_t i = 0; i < pattern.size(); ++i) {
            tuples.push_back(tuple(collectors[i], pattern[i] * scale));
        }
        const auto problem = findTupleProblem(*m_config, tuples);
        QVERIFY2(problem.has_value(), qPrintable(QStringLiteral("scale %1").arg(scale)));
        QCOMPARE(problem->index, size_t(6));
        QCOMPARE(problem->firstIndex, size_t(2));
        QVERIFY2(q(problem->message).contains(QStringLiteral("'T3', seq %1").arg(2 * scale)),
                 problem->message.c_str());
    }

    // A large dense trace (3000 complete calls) with a single duplicate at the very end.
    std::vector<Tuple> tuples;
    for (std::int64_t seq = 0; seq < 3'000; ++seq) {
        for (std::uint32_t c = 0; c < 6; ++c) {
            tuples.push_back(tuple(c, seq));
        }
    }
    QVERIFY(!findTupleProblem(*m_config, tuples));
    tuples.push_back(tuple(3, 1'234));
    const auto problem = findTupleProblem(*m_config, tuples);
    QVERIFY(problem.has_value());
    QCOMPARE(problem->index, size_t(18'000));
    QCOMPARE(problem->firstIndex, size_t(1'234 * 6 + 3));
    QVERIFY2(q(problem->message).contains(QStringLiteral("'pA', seq 1234")),
             problem->message.c_str());
}

QTEST_APPLESS_MAIN(TestTupleCheck)

#include "tst_tuplecheck.moc"
