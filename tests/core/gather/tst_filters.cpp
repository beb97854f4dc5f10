// The built-in transformation filters one by one: what each makes of its inputs, the
// contributors it reports, the empty wave, the kinds it refuses (naming filter and kind), and
// the registry that finds them by name.

#include "core/gather/filter.h"
#include "tests/core/gather/testbatches.h"

#include <QtTest>

#include <chrono>
#include <cmath>
#include <random>
#include <string>
#include <tuple>
#include <vector>

using namespace xylem;
using namespace xylem::gather;
using namespace xylem::gather::test;

namespace {

Result<Batch> run(const std::string& name, const std::vector<Batch>& inputs,
                  std::vector<std::int64_t> arguments = {})
{
    static const FilterRegistry registry;
    return applyFilter(registry, FilterSpec{name, std::move(arguments)}, inputs);
}

const std::vector<double>& valuesOf(const Batch& b)
{
    return std::get<Numbers>(b.content).values;
}

const std::vector<Tuple>& tuplesOf(const Batch& b)
{
    return std::get<Tuples>(b.content).tuples;
}

// last-arrival by its definition: every candidate sorted by (seq, own group, group, down
// descending, collector descending, input order), the first of each key kept.
std::vector<Tuple> lastArrivalByDefinition(const std::vector<Batch>& inputs,
                                           const std::vector<std::int64_t>& groups)
{
    struct Keyed
    {
        std::int64_t seq;
        bool own;
        std::int64_t group;
        std::int64_t down;
        std::uint32_t collector;
        size_t order;
        Tuple tuple;
    };
    std::vector<Keyed> keyed;
    for (const Batch& b : inputs) {
        for (const Tuple& t : tuplesOf(b)) {
            const bool own = t.collector >= groups.size();
            keyed.push_back({t.seq, own, own ? std::int64_t(t.collector) : groups[t.collector],
                             t.down, t.collector, keyed.size(), t});
        }
    }
    std::sort(keyed.begin(), keyed.end(), [](const Keyed& a, const Keyed& b) {
        return std::tie(a.seq, a.own, a.group, b.down, b.collector, a.order) <
               std::tie(b.seq, b.own, b.group, a.down, a.collector, b.order);
    });
    std::vector<Tuple> out;
    for (size_t i = 0; i < keyed.size(); ++i) {
        if (i == 0 || std::tie(keyed[i].seq, keyed[i].own, keyed[i].group) !=
                          std::tie(keyed[i - 1].seq, keyed[i - 1].own, keyed[i - 1].group)) {
            out.push_back(keyed[i].tuple);
        }
    }
    return out;
}

} // namespace

class TestFilters : public QObject
{
    Q_OBJECT

private slots:
    void sumMinMaxAreElementWise()
    {
        const std::vector<Batch> in{numbers({1, -2, 3}, 1), numbers({10, 20}, 2), numbers({}, 4)};
        const auto s = run("sum", in);
        QVERIFY(s.ok());
        QVERIFY(valuesOf(*s) == (std::vector<double>{11, 18, 3}));
        QCOMPARE(s->contributors, 7u);
        // A shorter input's absent elements do not take part (not zeros).
        QVERIFY(valuesOf(*run("min", in)) == (std::vector<double>{1, -2, 3}));
        QVERIFY(valuesOf(*run("max", in)) == (std::vector<double>{10, 20, 3}));
        QVERIFY(valuesOf(*run("min", {numbers({5}), numbers({-7, 2})})) ==
                (std::vector<double>{-7, 2}));
    }

    void averageIsWeightedByContributors()
    {
        const auto a = run("average", {numbers({2, 4}, 1), numbers({5}, 2)});
        QVERIFY(a.ok());
        QVERIFY(valuesOf(*a) == (std::vector<double>{4, 4})); // (2 + 2*5) / 3, then 4 alone
        QCOMPARE(a->contributors, 3u);
        // Weight 0 everywhere: the plain mean rather than 0/0.
        QVERIFY(valuesOf(*run("average", {numbers({1}, 0), numbers({3}, 0)})) ==
                (std::vector<double>{2}));
        // A weighted input outweighs a weightless one.
        QVERIFY(valuesOf(*run("average", {numbers({1}, 0), numbers({3}, 5)})) ==
                (std::vector<double>{3}));
    }

    void concatAppendsInInputOrder()
    {
        const auto b = run("concat", {bytes({1, 2}, 2), bytes({}, 1), bytes({3}, 1)});
        QVERIFY(b.ok());
        QVERIFY(*b == bytes({1, 2, 3}, 4));
        const auto t =
            run("concat", {tuples({tuple(1, 5, 0)}), tuples({tuple(0, 1, 1), tuple(2, 2, 2)})});
        QVERIFY(t.ok());
        QVERIFY(*t == tuples({tuple(1, 5, 0), tuple(0, 1, 1), tuple(2, 2, 2)}, 2));
    }

    void rawAppendsTuples()
    {
        const auto t = run("raw", {tuples({tuple(3, 1, 1)}, 3), tuples({tuple(1, 1, 0)}, 1)});
        QVERIFY(t.ok());
        QVERIFY(*t == tuples({tuple(3, 1, 1), tuple(1, 1, 0)}, 4));
    }

    void lastArrivalKeepsLatestPerGroupAndSeq()
    {
        // Collectors 0 and 1 share gred 7, collector 2 is gred 3; 5 is beyond the table.
        const std::vector<std::int64_t> groups{7, 7, 3};
        const auto r = run("last-arrival",
                           {tuples({tuple(1, 10, 0), tuple(1, 30, 2), tuple(2, 5, 5)}),
                            tuples({tuple(1, 20, 1), tuple(1, 25, 2), tuple(2, 9, 1)}),
                            tuples({tuple(1, 99, 5), tuple(0, 1, 6)})},
                           groups);
        QVERIFY(r.ok());
        // By seq, then group: table groups by value (3 before 7), then own groups by collector.
        QVERIFY(tuplesOf(*r) ==
                (std::vector<Tuple>{tuple(0, 1, 6), tuple(1, 30, 2), tuple(1, 20, 1),
                                    tuple(1, 99, 5), tuple(2, 9, 1), tuple(2, 5, 5)}));
        QCOMPARE(r->contributors, 3u);
        // A tie on down goes to the later collector (metrics.md's tie rule), wherever it came.
        const auto tie = run(
            "last-arrival", {tuples({tuple(4, 8, 1, 222)}), tuples({tuple(4, 8, 0, 111)})}, {0, 0});
        QVERIFY(tuplesOf(*tie) == (std::vector<Tuple>{tuple(4, 8, 1, 222)}));
        // No table: every collector is its own group.
        QCOMPARE(tuplesOf(*run("last-arrival", {tuples({tuple(1, 1, 0), tuple(1, 2, 1)})})).size(),
                 size_t(2));
    }

    // Waves as rings deliver them (runs of rising seq, several tuples of a call, ties on down,
    // collectors beyond the table) and sparse ones (seqs far apart): the same tuples, in the
    // same order, as the definition.
    void lastArrivalMatchesItsDefinition()
    {
        std::mt19937_64 random(22);
        for (int round = 0; round < 300; ++round) {
            const bool sparse = round % 5 == 4;
            const std::uint32_t collectors = 1 + static_cast<std::uint32_t>(random() % 12);
            std::vector<std::int64_t> groups;
            for (std::uint32_t c = 0; c < collectors; ++c) {
                if (random() % 4 != 0) {
                    groups.push_back(static_cast<std::int64_t>(random() % 5) - 1);
                }
            }
            std::vector<Batch> inputs;
            const int inputCount = 1 + static_cast<int>(random() % 4);
            for (int i = 0; i < inputCount; ++i) {
                std::vector<Tuple> ts;
                std::int64_t seq = static_cast<std::int64_t>(random() % 50) - 10;
                const int count = static_cast<int>(random() % 120);
                for (int k = 0; k < count; ++k) {
                    seq += sparse ? static_cast<std::int64_t>(random() % 100000)
                                  : static_cast<std::int64_t>(random() % 3) - (k % 17 == 0);
                    ts.push_back(tuple(seq, static_cast<std::int64_t>(random() % 6),
                                       static_cast<std::uint32_t>(random() % collectors),
                                       static_cast<std::int64_t>(k)));
                }
                inputs.push_back(tuples(ts));
            }
            const auto r = run("last-arrival", inputs, groups);
            QVERIFY(r.ok());
            QVERIFY2(tuplesOf(*r) == lastArrivalByDefinition(inputs, groups),
                     ("round " + std::to_string(round)).c_str());
        }
    }

    void statsMergeUsesChansFormula()
    {
        const std::vector<std::int64_t> a{1, 5, 9, -4}, b{100, 7}, c{3};
        std::vector<std::int64_t> all = a;
        all.insert(all.end(), b.begin(), b.end());
        all.insert(all.end(), c.begin(), c.end());
        StatEntry empty;
        empty.key = 9;
        const auto r = run("stats-merge", {stats({statOf(2, a), statOf(5, c)}, 2),
                                           stats({statOf(2, b), empty}, 1), stats({statOf(2, c)})});
        QVERIFY(r.ok());
        const auto& e = std::get<Stats>(r->content).entries;
        QCOMPARE(e.size(), size_t(3));
        QCOMPARE(e[0].key, 2u);
        QCOMPARE(e[1].key, 5u);
        QCOMPARE(e[2].key, 9u);
        const StatEntry want = statOf(2, all);
        QCOMPARE(e[0].count, want.count);
        QCOMPARE(e[0].min, std::int64_t(-4));
        QCOMPARE(e[0].max, std::int64_t(100));
        QVERIFY(std::abs(e[0].mean - want.mean) < 1e-12);
        QVERIFY(std::abs(e[0].m2 - want.m2) < 1e-9);
        QVERIFY(e[1] == statOf(5, c));
        QCOMPARE(e[2].count, std::int64_t(0));
        QCOMPARE(r->contributors, 4u);
    }

    void equivalenceUnitesMembers()
    {
        const auto r = run("equivalence", {classes({{1, {4, 9}}, {-2, {0}}}),
                                           classes({{1, {2, 4}}, {3, {7}}}), classes({})});
        QVERIFY(r.ok());
        QVERIFY(*r == classes({{-2, {0}}, {1, {2, 4, 9}}, {3, {7}}}, 3));
    }

    void emptyWaveGivesEmptyBatchOfTheFiltersKind_data()
    {
        QTest::addColumn<QString>("filter");
        QTest::addColumn<int>("kind");
        for (const auto& [name, kind] :
             std::vector<std::pair<const char*, BatchKind>>{{"sum", BatchKind::Numbers},
                                                            {"min", BatchKind::Numbers},
                                                            {"max", BatchKind::Numbers},
                                                            {"average", BatchKind::Numbers},
                                                            {"concat", BatchKind::Bytes},
                                                            {"raw", BatchKind::Tuples},
                                                            {"last-arrival", BatchKind::Tuples},
                                                            {"stats-merge", BatchKind::Stats},
                                                            {"equivalence", BatchKind::Classes}}) {
            QTest::newRow(name) << QString(name) << int(kind);
        }
    }
    void emptyWaveGivesEmptyBatchOfTheFiltersKind()
    {
        QFETCH(QString, filter);
        QFETCH(int, kind);
        const auto r = run(filter.toStdString(), {});
        QVERIFY(r.ok());
        QCOMPARE(r->contributors, 0u);
        QCOMPARE(int(r->kind()), kind);
        std::visit([](const auto& c) { QVERIFY(c == std::decay_t<decltype(c)>{}); }, r->content);
    }

    void wrongKindIsAnErrorNamingFilterAndKind_data()
    {
        QTest::addColumn<QString>("filter");
        QTest::addColumn<int>("kind");
        const std::vector<std::pair<const char*, std::vector<BatchKind>>> refused{
            {"sum", {BatchKind::Tuples, BatchKind::Stats, BatchKind::Classes, BatchKind::Bytes}},
            {"min", {BatchKind::Tuples, BatchKind::Bytes}},
            {"max", {BatchKind::Stats, BatchKind::Classes}},
            {"average", {BatchKind::Tuples, BatchKind::Bytes}},
            {"concat", {BatchKind::Numbers, BatchKind::Stats, BatchKind::Classes}},
            {"raw", {BatchKind::Numbers, BatchKind::Bytes, BatchKind::Stats, BatchKind::Classes}},
            {"last-arrival", {BatchKind::Numbers, BatchKind::Bytes}},
            {"stats-merge", {BatchKind::Numbers, BatchKind::Tuples, BatchKind::Classes}},
            {"equivalence", {BatchKind::Numbers, BatchKind::Stats, BatchKind::Bytes}}};
        for (const auto& [name, kinds] : refused) {
            for (BatchKind k : kinds) {
                QTest::addRow("%s %s", name, batchKindName(k)) << QString(name) << int(k);
            }
        }
    }
    void wrongKindIsAnErrorNamingFilterAndKind()
    {
        QFETCH(QString, filter);
        QFETCH(int, kind);
        std::mt19937 rng(1);
        const Batch wrong = randomBatch(static_cast<BatchKind>(kind), rng);
        for (const auto& inputs : {std::vector<Batch>{wrong}, std::vector<Batch>{wrong, wrong}}) {
            const auto r = run(filter.toStdString(), inputs);
            QVERIFY(!r.ok());
            QVERIFY(r.error().code == ErrorCode::InvalidArgument);
            const QString message = QString::fromStdString(r.error().describe());
            QVERIFY2(message.contains("'" + filter + "'"), qPrintable(message));
            QVERIFY2(message.contains(batchKindName(static_cast<BatchKind>(kind))),
                     qPrintable(message));
        }
    }

    void mixedKindsAreRefused()
    {
        // The odd one out is named, wherever it sits.
        const auto c = run("concat", {tuples({tuple(1, 1, 1)}), bytes({1})});
        QVERIFY(!c.ok());
        QVERIFY(QString::fromStdString(c.error().message).contains("Bytes"));
        const auto s = run("sum", {numbers({1}), numbers({2}), stats({})});
        QVERIFY(!s.ok());
        QVERIFY(QString::fromStdString(s.error().message).contains("Stats"));
    }

    void registryFindsByNameAndListsTheKnown()
    {
        FilterRegistry registry;
        const auto names = registry.names();
        for (const char* n : {"sum", "min", "max", "average", "concat", "raw", "last-arrival",
                              "stats-merge", "equivalence"}) {
            QVERIFY2(std::find(names.begin(), names.end(), n) != names.end(), n);
            QVERIFY(registry.find(n).ok());
        }
        const auto unknown = registry.find("median");
        QVERIFY(!unknown.ok());
        QVERIFY(unknown.error().code == ErrorCode::NotFound);
        const QString message = QString::fromStdString(unknown.error().message);
        QVERIFY(message.contains("'median'") && message.contains("stats-merge") &&
                message.contains("sum"));
        const auto applied = applyFilter(registry, FilterSpec{"median", {}}, {});
        QVERIFY(!applied.ok());
        QVERIFY(applied.error().code == ErrorCode::NotFound);

        // add() registers new filters and replaces existing ones.
        registry.add("sum",
                     [](std::span<const Batch>, std::span<const std::int64_t>) -> Result<Batch> {
                         return numbers({42});
                     });
        QVERIFY(*applyFilter(registry, FilterSpec{"sum", {}}, {}) == numbers({42}));
        QCOMPARE(registry.names().size(), names.size());
    }

    // Raw tracing's throughput: printed, not asserted (benchmarks never fail on speed).
    void rawAndConcatOfManyTuples()
    {
        constexpr size_t kPerChild = 8192, kChildren = 8, kRounds = 200;
        std::vector<Batch> in;
        for (std::uint32_t c = 0; c < kChildren; ++c) {
            in.push_back(tuples(std::vector<Tuple>(kPerChild, tuple(c, c, c))));
        }
        for (const char* name : {"raw", "concat"}) {
            size_t total = 0;
            const auto start = std::chrono::steady_clock::now();
            for (size_t round = 0; round < kRounds; ++round) {
                const auto r = run(name, in);
                QVERIFY(r.ok());
                QVERIFY(tuplesOf(*r)[kPerChild * 3] == tuple(3, 3, 3));
                total += tuplesOf(*r).size();
            }
            const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
            QCOMPARE(total, kPerChild * kChildren * kRounds);
            qInfo("%s: %.0f M tuples/s", name, double(total) / took.count() / 1e6);
        }
    }
};

QTEST_GUILESS_MAIN(TestFilters)
#include "tst_filters.moc"
