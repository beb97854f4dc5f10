#include "core/analysis/analyzer.h"
#include "core/analysis/outliers.h"
#include "tests/core/analysis/generatedcases.h"
#include "tests/support/tracesimulator.h"

#include <QtTest>

#include <algorithm>
#include <limits>
#include <map>

using namespace xylem;

namespace {

// Every complete call's values computed straight from the tuples by metrics.md §2 and §4,
// ranked by sorting them all: the reference the engine's lists must equal.
class Reference
{
public:
    Reference(const Configuration& config, const std::vector<Tuple>& tuples)
        : m_config(config)
    {
        std::map<std::int64_t, std::vector<const Tuple*>> calls;
        m_firstDown = std::numeric_limits<std::int64_t>::max();
        for (const Tuple& t : tuples) {
            auto& row = calls[t.seq];
            row.resize(static_cast<size_t>(config.wrapperCount()), nullptr);
            row[t.collector] = &t;
            m_firstDown = std::min(m_firstDown, t.down);
        }
        for (auto& [seq, row] : calls) {
            if (std::count(row.begin(), row.end(), nullptr) == 1) { // only the root has none
                m_calls.emplace_back(seq, std::move(row));
            }
        }
    }

    std::int64_t firstDown() const { return m_firstDown; }

    // value(row) for every complete call, the N slowest by (value, seq), slowest first.
    template <typename Value> std::vector<OutlierCall> slowest(size_t n, Value value) const
    {
        std::vector<OutlierCall> all;
        for (const auto& [seq, row] : m_calls) {
            all.push_back({seq, value(row), start(row) - m_firstDown});
        }
        std::sort(all.begin(), all.end(), [](const OutlierCall& a, const OutlierCall& b) {
            return std::pair(a.valueNs, a.seq) > std::pair(b.valueNs, b.seq);
        });
        all.resize(std::min(n, all.size()));
        return all;
    }

    std::vector<OutlierCall> operationTime(size_t n) const
    {
        return slowest(n, [&](const Row& row) {
            std::int64_t lastUp = std::numeric_limits<std::int64_t>::min();
            for (int t : m_config.threads()) {
                lastUp = std::max(lastUp, row[static_cast<size_t>(t)]->up);
            }
            return static_cast<double>(lastUp - start(row));
        });
    }
    std::vector<OutlierCall> callTime(size_t n, int thread) const
    {
        return slowest(n, [&](const Row& row) {
            const Tuple& t = *row[static_cast<size_t>(thread)];
            return static_cast<double>(t.up - t.down);
        });
    }
    // Stage i of the thread's path in §4's order; `half`: proxies taken as half their two-way.
    std::vector<OutlierCall> stage(size_t n, int thread, size_t i, const std::vector<bool>& half,
                                   double* mean = nullptr) const
    {
        double sum = 0;
        for (const auto& [seq, row] : m_calls) {
            sum += stagesOf(row, thread, half)[i];
        }
        if (mean) {
            *mean = sum / static_cast<double>(m_calls.size());
        }
        return slowest(n, [&](const Row& row) { return stagesOf(row, thread, half)[i]; });
    }

private:
    using Row = std::vector<const Tuple*>;

    std::int64_t start(const Row& row) const
    {
        std::int64_t first = std::numeric_limits<std::int64_t>::max();
        for (int t : m_config.threads()) {
            first = std::min(first, row[static_cast<size_t>(t)]->down);
        }
        return first;
    }

    std::vector<double> stagesOf(const Row& row, int thread, const std::vector<bool>& half) const
    {
        const std::vector<int> path = m_config.pathToRoot(thread);
        const size_t k = path.size() - 1;
        const auto d = [&](size_t j) { return row[static_cast<size_t>(path[j])]->down; };
        const auto u = [&](size_t j) { return row[static_cast<size_t>(path[j])]->up; };
        const auto lastArrival = [&](size_t j) {
            std::int64_t v = std::numeric_limits<std::int64_t>::min();
            for (int c : m_config.children(path[j])) {
                v = std::max(v, row[static_cast<size_t>(c)]->down);
            }
            return v;
        };
        const auto firstDeparture = [&](size_t j) {
            std::int64_t v = std::numeric_limits<std::int64_t>::max();
            for (int c : m_config.children(path[j])) {
                v = std::min(v, row[static_cast<size_t>(c)]->up);
            }
            return v;
        };
        const auto isGred = [&](size_t j) {
            return m_config.wrapper(path[j]).kind == WrapperKind::Gred;
        };
        const auto twoWay = [&](size_t j) {
            return static_cast<double>((d(j) - d(j - 1)) + (u(j - 1) - u(j))) / 2;
        };
        std::vector<double> s;
        const auto add = [&](std::int64_t v) { s.push_back(static_cast<double>(v)); };
        for (size_t j = 1; j < k; ++j) {
            if (isGred(j)) {
                add(lastArrival(j) - d(j - 1));
                add(d(j) - lastArrival(j));
            } else if (half[static_cast<size_t>(path[j])]) {
                s.push_back(twoWay(j));
            } else {
                add(d(j) - d(j - 1));
            }
        }
        if (isGred(k)) {
            add(lastArrival(k) - d(k - 1));
            add(firstDeparture(k) - lastArrival(k));
            add(u(k - 1) - firstDeparture(k));
        } else {
            add(u(k - 1) - d(k - 1));
        }
        for (size_t j = k - 1; j >= 1; --j) {
            if (isGred(j)) {
                add(firstDeparture(j) - u(j));
                add(u(j - 1) - firstDeparture(j));
            } else if (half[static_cast<size_t>(path[j])]) {
                s.push_back(twoWay(j));
            } else {
                add(u(j - 1) - u(j));
            }
        }
        return s;
    }

    const Configuration& m_config;
    std::int64_t m_firstDown = 0;
    std::vector<std::pair<std::int64_t, Row>> m_calls;
};

QString describe(const std::vector<OutlierCall>& calls)
{
    QStringList text;
    for (const OutlierCall& c : calls) {
        text << QStringLiteral("#%1=%2@%3").arg(c.seq).arg(c.valueNs).arg(c.startNs);
    }
    return text.join(QLatin1Char(' '));
}

bool same(const std::vector<OutlierCall>& a, const std::vector<OutlierCall>& b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](const OutlierCall& x, const OutlierCall& y) {
                          return x.seq == y.seq && x.valueNs == y.valueNs &&
                                 x.startNs == y.startNs;
                      });
}

#define COMPARE_CALLS(actual, expected)                                                            \
    QVERIFY2(same(actual, expected),                                                               \
             qPrintable(QStringLiteral("got %1, expected %2")                                      \
                            .arg(describe(actual), describe(expected))))

// Every list of `o` against the reference; `half`: which proxies the timemap halves.
void checkAgainstReference(const Configuration& config, const std::vector<Tuple>& tuples,
                           const Outliers& o, const std::vector<bool>& half,
                           const ThreadReport& thread)
{
    const Reference ref(config, tuples);
    QCOMPARE(o.firstDownNs, ref.firstDown());
    COMPARE_CALLS(o.operationTime, ref.operationTime(o.count));
    QCOMPARE(o.callTime.size(), config.threads().size());
    for (size_t i = 0; i < config.threads().size(); ++i) {
        QCOMPARE(o.callTime[i].thread, config.wrapper(config.threads()[i]).id);
        COMPARE_CALLS(o.callTime[i].calls, ref.callTime(o.count, config.threads()[i]));
    }
    QCOMPARE(o.stagesOf, config.wrapper(thread.wrapper).id);
    QCOMPARE(o.stages.size(), thread.timemap.size());
    for (size_t i = 0; i < o.stages.size(); ++i) {
        double mean = 0;
        const auto expected = ref.stage(o.count, thread.wrapper, i, half, &mean);
        // The reference's stages are the timemap's: their means agree.
        QVERIFY(std::abs(mean - thread.timemap[i].meanNs) <= 1e-6 * (1 + std::abs(mean)));
        QVERIFY(o.stages[i].stage == thread.timemap[i].stage);
        QCOMPARE(o.stages[i].wrapper, config.wrapper(thread.timemap[i].wrapper).id);
        COMPARE_CALLS(o.stages[i].calls, expected);
    }
}

std::vector<bool> noHalves(const Configuration& config)
{
    return std::vector<bool>(static_cast<size_t>(config.wrapperCount()), false);
}

Outliers found(const AnalysisReport& report, const std::vector<Tuple>& tuples,
               OutlierOptions options)
{
    auto o = findOutliers(report, tuples, options);
    if (!o) {
        qFatal("%s", o.error().describe().c_str());
    }
    return std::move(o).value();
}

} // namespace

class TestOutliers : public QObject
{
    Q_OBJECT

private slots:
    // Trees of every shape with a late culprit: every list equals the brute-force ranking, for
    // the slowest class's representative and for the configuration's first thread.
    void matchesTheBruteForceRanking_data() { testing::addGeneratedTreeRows(); }
    void matchesTheBruteForceRanking()
    {
        const Configuration config = testing::fetchGeneratedTree();
        const std::string culprit = config.wrapper(config.threads().back()).id;
        const auto tuples = testing::simulateTrace(
            config, {.calls = 60, .seed = 9, .culprit = culprit, .culpritDelay = 4'000});
        const AnalysisReport report = analyze(config, tuples);
        const Outliers slowest = found(report, tuples, {.count = 5});
        const ThreadReport* representative = nullptr;
        for (const ThreadReport& t : report.threads) { // slowest mean call time, ties later
            if (!representative || t.callTime.mean >= representative->callTime.mean) {
                representative = &t;
            }
        }
        checkAgainstReference(config, tuples, slowest, noHalves(config), *representative);
        const std::string first = config.wrapper(config.threads().front()).id;
        const Outliers ofFirst = found(report, tuples, {.count = 7, .thread = first});
        checkAgainstReference(config, tuples, ofFirst, noHalves(config),
                              *report.thread(config.threads().front()));
    }

    // Three calls in which the last thread is 2 ms late, among 200 ordinary ones: they are the
    // slowest operation times, and the first thread's arrival wait at the root lists them.
    void plantedSlowCallsComeFirst()
    {
        const Configuration config =
            testing::makeTree(4, 2, 2, TreeShape::HierarchyAware, RootKind::Gred);
        const std::string culprit = config.wrapper(config.threads().back()).id;
        auto tuples = testing::simulateTrace(config, {.calls = 200, .seed = 4});
        const std::int64_t planted[] = {1017, 1042, 1077};
        for (const std::int64_t seq : planted) {
            auto late = testing::simulateTrace(config, {.calls = 1,
                                                        .seed = static_cast<std::uint64_t>(seq),
                                                        .firstSeq = seq,
                                                        .culprit = culprit,
                                                        .culpritDelay = 2'000'000});
            const std::int64_t shift = (seq - 1000) * 200'000; // among the ordinary calls
            for (Tuple& t : late) {
                t.down += shift;
                t.up += shift;
                tuples.push_back(t);
            }
        }
        const AnalysisReport report = analyze(config, tuples);
        const std::string first = config.wrapper(config.threads().front()).id;
        const Outliers o = found(report, tuples, {.count = 3, .thread = first});
        std::vector<std::int64_t> seqs;
        for (const OutlierCall& c : o.operationTime) {
            seqs.push_back(c.seq);
            QVERIFY(c.valueNs > 2'000'000);
            QVERIFY(std::abs(c.startNs - (c.seq - 1000) * 200'000) < 10'000); // since the first down
        }
        std::sort(seqs.begin(), seqs.end());
        QCOMPARE(seqs, (std::vector<std::int64_t>{1017, 1042, 1077}));
        const StageOutliers& rootWait = *std::find_if(
            o.stages.begin(), o.stages.end(),
            [](const StageOutliers& s) { return s.direction == Direction::Root; });
        QVERIFY(rootWait.stage == Stage::ArrivalWait);
        for (const OutlierCall& c : rootWait.calls) {
            QVERIFY2(c.seq >= 1017, qPrintable(describe(rootWait.calls)));
        }
        checkAgainstReference(config, tuples, o, noHalves(config), *report.thread(
                                                                       config.threads().front()));
    }

    // Proxy hops across hosts without a clock model: the timemap halves the two-way latency,
    // and so do their lists.
    void halvedProxyHopsRankByHalfTheirTwoWayLatency()
    {
        const Configuration config =
            testing::makeTree(4, 2, 2, TreeShape::HierarchyAware, RootKind::Core);
        const auto tuples = testing::simulateTrace(config, {.calls = 80, .seed = 12});
        AnalysisOptions options;
        options.clocks.known = true; // and no host has a model
        const AnalysisReport report = analyze(config, tuples, options);
        const Outliers o = found(report, tuples, {.count = 4});
        const std::vector<bool> half = halfTwoWayProxies(config, options.clocks);
        QVERIFY(std::count(half.begin(), half.end(), true) > 0);
        const ThreadReport* thread = report.thread(report.configuration->indexOf(o.stagesOf));
        QVERIFY(std::any_of(o.stages.begin(), o.stages.end(), [](const StageOutliers& s) {
            return s.estimate == StageEstimate::HalfTwoWay;
        }));
        checkAgainstReference(config, tuples, o, half, *thread);
        const auto json = outliersToJson(o);
        QCOMPARE(json["stages_of"].get<std::string>(), o.stagesOf);
        QCOMPARE(json["count"].get<size_t>(), size_t(4));
        QCOMPARE(json["operation_time"].size(), size_t(4));
        QCOMPARE(json["operation_time"][0]["seq"].get<std::int64_t>(), o.operationTime[0].seq);
        QCOMPARE(json["call_time"].size(), config.threads().size());
        QCOMPARE(json["stages"].size(), o.stages.size());
        bool halfInJson = false;
        for (const auto& s : json["stages"]) {
            halfInJson = halfInJson || s.contains("estimate");
        }
        QVERIFY(halfInJson);
    }

    void fewCallsAndBadThreads()
    {
        const Configuration config = testing::makeTree(2, 1, 2, TreeShape::Flat, RootKind::Gred);
        auto tuples = testing::simulateTrace(config, {.calls = 3, .seed = 2});
        const AnalysisReport report = analyze(config, tuples);
        const Outliers o = found(report, tuples, {.count = 10});
        QCOMPARE(o.operationTime.size(), size_t(3)); // shorter than asked
        QVERIFY(found(report, tuples, {.count = 0}).operationTime.empty());
        auto bad = findOutliers(report, tuples, {.thread = std::string("nope")});
        QVERIFY(!bad.ok());
        QVERIFY(bad.error().describe().find("nope") != std::string::npos);
        const std::string gred = config.wrapper(config.root()).id;
        QVERIFY(!findOutliers(report, tuples, {.thread = gred}).ok());
        // Incomplete calls are never ranked: drop one tuple of call 1.
        tuples.erase(std::find_if(tuples.begin(), tuples.end(),
                                  [](const Tuple& t) { return t.seq == 1; }));
        const Outliers two = found(analyze(config, tuples), tuples, {.count = 10});
        QCOMPARE(two.operationTime.size(), size_t(2));
        for (const OutlierCall& c : two.operationTime) {
            QVERIFY(c.seq != 1);
        }
    }
};

QTEST_APPLESS_MAIN(TestOutliers)
#include "tst_outliers.moc"
