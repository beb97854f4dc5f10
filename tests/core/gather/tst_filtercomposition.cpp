// Filters compose: in a tree of relays, the filter of the filtered batches of the subtrees
// equals the filter of all the leaves' batches, whatever the tree's shape. Seeded random
// leaves, random nested partitions (children keep their order, as a relay's waves do).

#include "core/gather/filter.h"
#include "tests/core/gather/testbatches.h"

#include <QtTest>

#include <cmath>
#include <string>
#include <vector>

using namespace xylem;
using namespace xylem::gather;
using namespace xylem::gather::test;

namespace {

struct Case
{
    const char* filter;
    BatchKind kind;
    std::vector<std::int64_t> arguments;
};

const std::vector<Case> kCases{
    {"sum", BatchKind::Numbers, {}},         {"min", BatchKind::Numbers, {}},
    {"max", BatchKind::Numbers, {}},         {"average", BatchKind::Numbers, {}},
    {"stats-merge", BatchKind::Stats, {}},   {"equivalence", BatchKind::Classes, {}},
    {"last-arrival", BatchKind::Tuples, {}}, {"last-arrival", BatchKind::Tuples, {4, 4, 1, 9, 1}},
    {"raw", BatchKind::Tuples, {}},          {"concat", BatchKind::Tuples, {}},
    {"concat", BatchKind::Bytes, {}}};

// The filter applied through a random tree over leaves: contiguous, non-empty subtrees.
Batch throughTree(const FilterRegistry& registry, const FilterSpec& spec,
                  std::span<const Batch> leaves, int depth, std::mt19937& rng)
{
    std::vector<Batch> inputs;
    if (depth == 0 || leaves.size() < 2) {
        inputs.assign(leaves.begin(), leaves.end());
    } else {
        for (size_t at = 0; at < leaves.size();) {
            const size_t n = std::uniform_int_distribution<size_t>(1, leaves.size() - at)(rng);
            inputs.push_back(throughTree(registry, spec, leaves.subspan(at, n), depth - 1, rng));
            at += n;
        }
    }
    auto r = applyFilter(registry, spec, inputs);
    if (!r) {
        qFatal("%s", r.error().describe().c_str());
    }
    return std::move(r).value();
}

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::max(std::abs(a), std::abs(b)));
}

// Exact but for floating-point rounding of means and M2.
bool sameUpToRounding(const Batch& a, const Batch& b)
{
    if (a.contributors != b.contributors || a.kind() != b.kind()) {
        return false;
    }
    if (const auto* x = std::get_if<Numbers>(&a.content)) {
        const auto& y = std::get<Numbers>(b.content);
        return x->values.size() == y.values.size() &&
               std::equal(x->values.begin(), x->values.end(), y.values.begin(), near);
    }
    if (const auto* x = std::get_if<Stats>(&a.content)) {
        const auto& y = std::get<Stats>(b.content);
        return std::equal(x->entries.begin(), x->entries.end(), y.entries.begin(), y.entries.end(),
                          [](const StatEntry& p, const StatEntry& q) {
                              return p.key == q.key && p.count == q.count && p.min == q.min &&
                                     p.max == q.max && near(p.mean, q.mean) && near(p.m2, q.m2);
                          });
    }
    return a == b;
}

} // namespace

class TestFilterComposition : public QObject
{
    Q_OBJECT

private slots:
    void treeEqualsFlat_data()
    {
        QTest::addColumn<int>("which");
        for (size_t i = 0; i < kCases.size(); ++i) {
            QTest::addRow("%s %s %zu", kCases[i].filter, batchKindName(kCases[i].kind), i)
                << int(i);
        }
    }
    void treeEqualsFlat()
    {
        QFETCH(int, which);
        const Case& c = kCases[size_t(which)];
        const FilterRegistry registry;
        const FilterSpec spec{c.filter, c.arguments};
        std::mt19937 rng(1234 + std::uint32_t(which));
        for (int round = 0; round < 200; ++round) {
            std::vector<Batch> leaves(std::uniform_int_distribution<size_t>(1, 24)(rng));
            for (Batch& leaf : leaves) {
                leaf = randomBatch(c.kind, rng);
            }
            if (std::string(c.filter) == "average") {
                // One weight per batch: averages compose exactly when all have the same length.
                for (Batch& leaf : leaves) {
                    std::get<Numbers>(leaf.content).values.resize(size_t(round % 5), double(round));
                }
            }
            const auto flat = applyFilter(registry, spec, leaves);
            QVERIFY(flat.ok());
            const Batch tree = throughTree(registry, spec, leaves, 1 + round % 4, rng);
            QVERIFY2(
                sameUpToRounding(tree, *flat),
                qPrintable(QStringLiteral("round %1, %2 leaves").arg(round).arg(leaves.size())));
        }
    }

    // The sums of integers and extremes are exact, not just close.
    void sumMinMaxAreExact()
    {
        const FilterRegistry registry;
        std::mt19937 rng(7);
        for (const char* name : {"sum", "min", "max"}) {
            std::vector<Batch> leaves(17);
            for (Batch& leaf : leaves) {
                leaf = randomBatch(BatchKind::Numbers, rng);
            }
            const FilterSpec spec{name, {}};
            QVERIFY(throughTree(registry, spec, leaves, 3, rng) ==
                    *applyFilter(registry, spec, leaves));
        }
    }
};

QTEST_GUILESS_MAIN(TestFilterComposition)
#include "tst_filtercomposition.moc"
