#include "core/analysis/analyzer.h"
#include "core/analysis/overtimeanalysis.h"
#include "core/analysis/overtimejson.h"
#include "tests/core/analysis/generatedcases.h"
#include "tests/support/tracesimulator.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

using namespace xylem;

namespace {

std::string threadId(const Configuration& config, size_t i)
{
    return config.wrapper(config.threads()[i]).id;
}

// A call of the trace as the tuples give it, for references computed without the engine.
struct RefCall
{
    std::map<int, Tuple> edges; // by collector (wrapper)
    std::int64_t start = 0;
};

std::map<std::int64_t, RefCall> completeCalls(const Configuration& config,
                                              const std::vector<Tuple>& tuples)
{
    std::map<std::int64_t, RefCall> calls;
    for (const Tuple& t : tuples) {
        calls[t.seq].edges[static_cast<int>(t.collector)] = t;
    }
    for (auto it = calls.begin(); it != calls.end();) {
        if (static_cast<int>(it->second.edges.size()) != config.collectorCount()) {
            it = calls.erase(it);
            continue;
        }
        it->second.start = std::numeric_limits<std::int64_t>::max();
        for (int w : config.threads()) {
            it->second.start = std::min(it->second.start, it->second.edges[w].down);
        }
        ++it;
    }
    return calls;
}

// metrics.md §1: the child with the largest down, ties to the later child.
int lastChild(const Configuration& config, RefCall& call, int gred)
{
    int last = -1;
    for (int c : config.children(gred)) {
        if (last < 0 || call.edges[c].down >= call.edges[last].down) {
            last = c;
        }
    }
    return last;
}

int culpritOf(const Configuration& config, RefCall& call)
{
    int w = config.root();
    while (config.wrapper(w).kind != WrapperKind::Thread) {
        w = config.wrapper(w).kind == WrapperKind::Gred ? lastChild(config, call, w)
                                                        : config.children(w).front();
    }
    return w;
}

// The stage durations of metrics.md §4 for thread T's path, straight from the formulas.
std::vector<std::int64_t> referenceStages(const Configuration& config, RefCall& call, int thread)
{
    const std::vector<int> path = config.pathToRoot(thread); // T ... root
    const size_t k = path.size() - 1;
    const auto D = [&](size_t j) {
        return call.edges[path[j]].down;
    };
    const auto U = [&](size_t j) {
        return call.edges[path[j]].up;
    };
    const auto t1l = [&](int g) {
        return call.edges[lastChild(config, call, g)].down;
    };
    const auto t4f = [&](int g) {
        std::int64_t f = std::numeric_limits<std::int64_t>::max();
        for (int c : config.children(g)) {
            f = std::min(f, call.edges[c].up);
        }
        return f;
    };
    const auto isGred = [&](size_t j) {
        return config.wrapper(path[j]).kind == WrapperKind::Gred;
    };
    std::vector<std::int64_t> out;
    for (size_t j = 1; j < k; ++j) {
        if (isGred(j)) {
            out.push_back(t1l(path[j]) - D(j - 1));
            out.push_back(D(j) - t1l(path[j]));
        } else {
            out.push_back(D(j) - D(j - 1));
        }
    }
    if (isGred(k)) {
        out.push_back(t1l(path[k]) - D(k - 1));
        out.push_back(t4f(path[k]) - t1l(path[k]));
        out.push_back(U(k - 1) - t4f(path[k]));
    } else {
        out.push_back(U(k - 1) - D(k - 1));
    }
    for (size_t j = k - 1; j >= 1; --j) {
        if (isGred(j)) {
            out.push_back(t4f(path[j]) - U(j));
            out.push_back(U(j - 1) - t4f(path[j]));
        } else {
            out.push_back(U(j - 1) - U(j));
        }
    }
    return out;
}

double meanOf(std::int64_t sum, std::int64_t count)
{
    return static_cast<double>(sum) / static_cast<double>(count);
}

// Every per-bucket number of the series against a brute-force computation from the tuples.
void checkAgainstReference(const Configuration& config, const std::vector<Tuple>& tuples,
                           const OverTime& series, size_t asked)
{
    std::int64_t firstDown = std::numeric_limits<std::int64_t>::max();
    for (const Tuple& t : tuples) {
        firstDown = std::min(firstDown, t.down);
    }
    QCOMPARE(series.firstDownNs, firstDown);
    auto calls = completeCalls(config, tuples);
    QVERIFY(!calls.empty());
    std::int64_t lastStart = 0;
    for (const auto& [seq, c] : calls) {
        lastStart = std::max(lastStart, c.start - firstDown);
    }
    // The width rule: the finest 1024 * 2^j that holds the span in the limit.
    const size_t limit = overTimeBucketLimit(asked, config.threads().size());
    const std::int64_t w = series.widthNs;
    QVERIFY(w >= 1024 && std::has_single_bit(static_cast<std::uint64_t>(w)));
    QCOMPARE(series.bucketCount(), static_cast<size_t>(lastStart / w + 1));
    QVERIFY(series.bucketCount() <= limit);
    QVERIFY(w == 1024 || static_cast<size_t>(lastStart / (w / 2) + 1) > limit);

    const size_t n = series.bucketCount();
    const size_t threads = config.threads().size();
    std::vector<std::int64_t> count(n, 0);
    std::vector<std::int64_t> sum(n * threads, 0), most(n * threads, 0);
    std::vector<std::int64_t> critical(n * threads, 0);
    std::vector<std::int64_t> stageSum;
    for (auto& [seq, c] : calls) {
        const auto b = static_cast<size_t>((c.start - firstDown) / w);
        ++count[b];
        for (size_t i = 0; i < threads; ++i) {
            const Tuple& e = c.edges[config.threads()[i]];
            sum[b * threads + i] += e.up - e.down;
            most[b * threads + i] =
                count[b] == 1 ? e.up - e.down : std::max(most[b * threads + i], e.up - e.down);
        }
        const int culprit = culpritOf(config, c);
        const auto slot = static_cast<size_t>(
            std::find(config.threads().begin(), config.threads().end(), culprit) -
            config.threads().begin());
        ++critical[b * threads + slot];
        const std::vector<std::int64_t> stages = referenceStages(config, c, series.pathThread);
        stageSum.resize(n * stages.size(), 0);
        QCOMPARE(series.stages.size(), stages.size());
        for (size_t s = 0; s < stages.size(); ++s) {
            stageSum[b * stages.size() + s] += stages[s];
        }
    }
    QCOMPARE(series.calls, count);
    for (size_t b = 0; b < n; ++b) {
        const CulpritBucket& cb = series.culprits[b];
        if (count[b] == 0) {
            QCOMPARE(cb.thread, -1);
            QVERIFY(std::isnan(series.threads[0].meanNs[b]) && std::isnan(cb.share));
            QVERIFY(std::isnan(series.stages[0].meanNs[b]));
            continue;
        }
        size_t best = 0; // most critical arrivals, ties to the later thread
        for (size_t i = 0; i < threads; ++i) {
            QCOMPARE(series.threads[i].thread, config.threads()[i]);
            QCOMPARE(series.threads[i].meanNs[b], meanOf(sum[b * threads + i], count[b]));
            QCOMPARE(series.threads[i].maxNs[b], static_cast<double>(most[b * threads + i]));
            if (critical[b * threads + i] >= critical[b * threads + best]) {
                best = i;
            }
        }
        QCOMPARE(cb.thread, config.threads()[best]);
        QCOMPARE(cb.lastAtRoot, critical[b * threads + best]);
        QCOMPARE(cb.share, meanOf(critical[b * threads + best], count[b]));
        double stagesTotal = 0;
        for (size_t s = 0; s < series.stages.size(); ++s) {
            const double mean = meanOf(stageSum[b * series.stages.size() + s], count[b]);
            QCOMPARE(series.stages[s].meanNs[b], mean);
            stagesTotal += mean;
        }
        // The stages add up to the path thread's call time (metrics.md §4).
        const auto pathSlot = static_cast<size_t>(
            std::find(config.threads().begin(), config.threads().end(), series.pathThread) -
            config.threads().begin());
        QVERIFY(std::abs(stagesTotal - series.threads[pathSlot].meanNs[b]) < 1e-6 * stagesTotal);
    }
}

} // namespace

class TestOverTime : public QObject
{
    Q_OBJECT

private slots:
    void widthIsTheTimelinesPowerOfTwoRule()
    {
        QCOMPARE(overTimeBucketWidth(0, 1), std::int64_t(1024));
        QCOMPARE(overTimeBucketWidth(1023, 1), std::int64_t(1024));
        QCOMPARE(overTimeBucketWidth(1024, 1), std::int64_t(2048));
        QCOMPARE(overTimeBucketWidth(1024, 2), std::int64_t(1024));
        QCOMPARE(overTimeBucketWidth(1'000'000'000, 256), std::int64_t(1) << 22); // 239 buckets
        constexpr std::int64_t most = std::numeric_limits<std::int64_t>::max();
        QCOMPARE(overTimeBucketWidth(most, 4), std::int64_t(1) << 61);
        QCOMPARE(overTimeBucketWidth(most, 2), std::int64_t(1) << 62);
        QCOMPARE(overTimeBucketWidth(most, 1), std::int64_t(1) << 62); // 2 buckets: the widest
        QCOMPARE(overTimeBucketLimit(256, 64), size_t(256));
        QCOMPARE(overTimeBucketLimit(1'000'000, 1), kMaxOverTimeBuckets);
        QCOMPARE(overTimeBucketLimit(4096, 4096), kMaxOverTimeCells / 4096);
        QCOMPARE(overTimeBucketLimit(0, 10), size_t(1));
        QCOMPARE(overTimeBucketLimit(10, kMaxOverTimeCells * 2), size_t(1));
    }

    void culpritChangesMidRun()
    {
        const Configuration config =
            testing::makeTree(2, 1, 2, TreeShape::HierarchyAware, RootKind::Core);
        const std::string x = threadId(config, 0);
        const std::string y = threadId(config, 3);
        testing::SimulationSpec spec{.calls = 400, .seed = 5};
        spec.culprit = x;
        spec.laterCulprit = y;
        spec.culpritSwitchSeq = 150;
        spec.culpritDelay = 50'000;
        const auto tuples = testing::simulateTrace(config, spec);
        const OverTimeAnalysis a = analyzeOverTime(config, tuples, {.maxBuckets = 16});
        const OverTime& s = a.series;
        // 400 calls 200 us apart: 79.8 ms in buckets of 2^23 ns, the switch at about 30 ms.
        QCOMPARE(s.widthNs, std::int64_t(1) << 23);
        QCOMPARE(s.bucketCount(), size_t(10));
        const int xw = config.indexOf(x);
        const int yw = config.indexOf(y);
        auto calls = completeCalls(config, tuples);
        const std::int64_t switchStart = calls.at(150).start - s.firstDownNs;
        const auto switchBucket = static_cast<size_t>(switchStart / s.widthNs);
        QCOMPARE(switchBucket, size_t(3));
        std::int64_t before = 0; // calls of the switch's bucket before the switch
        for (const auto& [seq, c] : calls) {
            before += seq < 150 &&
                      static_cast<size_t>((c.start - s.firstDownNs) / s.widthNs) == switchBucket;
        }
        const std::int64_t after = s.calls[switchBucket] - before;
        for (size_t b = 0; b < s.bucketCount(); ++b) {
            if (b < switchBucket) {
                QCOMPARE(s.culprits[b].thread, xw);
                QCOMPARE(s.culprits[b].share, 1.0);
            } else if (b > switchBucket) {
                QCOMPARE(s.culprits[b].thread, yw);
                QCOMPARE(s.culprits[b].share, 1.0);
            } else { // the majority; a tie goes to y, the later thread
                QCOMPARE(s.culprits[b].thread, after >= before ? yw : xw);
                QCOMPARE(s.culprits[b].lastAtRoot, std::max(before, after));
            }
        }
        QVERIFY(before > 0 && after > 0); // the switch falls inside the bucket
        // Two stretches: x up to the switch's bucket (or through it), then y; every call counted.
        const std::vector<CulpritStretch> stretches = culpritStretches(s);
        QCOMPARE(stretches.size(), size_t(2));
        QCOMPARE(stretches[0].thread, xw);
        QCOMPARE(stretches[1].thread, yw);
        QCOMPARE(stretches[0].lastBucket + 1, stretches[1].firstBucket);
        QCOMPARE(stretches[1].lastBucket, s.bucketCount() - 1);
        QCOMPARE(stretches[0].calls + stretches[1].calls, std::int64_t(400));
        // Over the whole run y was last more often: the stages followed are its path's.
        const AnalysisReport report = analyze(config, tuples);
        QCOMPARE(s.pathThread, report.imbalancePath.back());
        QCOMPARE(s.pathThread, yw);
        // A path thread that is no thread falls back to the same.
        QCOMPARE(analyzeOverTime(config, tuples, {.maxBuckets = 16, .pathThread = config.root()})
                     .series.pathThread,
                 yw);
        checkAgainstReference(config, tuples, s, 16);
    }

    void perBucketValuesEqualABruteForceReference_data() { testing::addGeneratedTreeRows(); }
    void perBucketValuesEqualABruteForceReference()
    {
        const Configuration config = testing::fetchGeneratedTree();
        testing::SimulationSpec spec{.calls = 300, .seed = 11};
        spec.culprit = threadId(config, config.threads().size() / 2);
        spec.culpritDelay = 4'000;
        auto tuples = testing::simulateTrace(config, spec);
        // Call 0 loses a tuple: incomplete, left out, but its downs still set the origin.
        tuples.erase(tuples.begin() + static_cast<long>(tuples.size() > 1 ? 1 : 0));
        // A second stretch after a pause leaves empty buckets between.
        auto later = testing::simulateTrace(config, {.calls = 50, .seed = 12, .firstSeq = 1000});
        for (Tuple& t : later) {
            t.down += 200'000'000;
            t.up += 200'000'000;
        }
        tuples.insert(tuples.end(), later.begin(), later.end());
        for (size_t asked : {size_t(1), size_t(7), size_t(64), size_t(5000)}) {
            const OverTimeOptions options{.maxBuckets = asked,
                                          .pathThread = config.threads().back()};
            const OverTimeAnalysis a = analyzeOverTime(config, tuples, options);
            QCOMPARE(a.series.pathThread, config.threads().back());
            checkAgainstReference(config, tuples, a.series, asked);
        }
    }

    void bucketsStayWithinTheCellBudget()
    {
        const Configuration config =
            testing::makeTree(64, 4, 8, TreeShape::HierarchyAware, RootKind::Gred); // 512 threads
        const auto tuples = testing::simulateTrace(config, {.calls = 60, .seed = 2});
        const OverTimeAnalysis a = analyzeOverTime(config, tuples, {.maxBuckets = 1'000'000});
        QCOMPARE(config.threads().size(), size_t(512));
        QVERIFY(a.series.bucketCount() <= kMaxOverTimeCells / 512);
        QVERIFY(a.series.bucketCount() * 512 <= kMaxOverTimeCells);
        QVERIFY(a.series.bucketCount() > kMaxOverTimeCells / 512 / 2); // not coarser than needed
        checkAgainstReference(config, tuples, a.series, 1'000'000);
    }

    void aRunWithoutCallsHasNoBuckets()
    {
        const Configuration config = testing::makeTree(1, 1, 2, TreeShape::Flat, RootKind::Gred);
        const OverTimeAnalysis a = analyzeOverTime(config, {});
        QCOMPARE(a.series.widthNs, std::int64_t(0));
        QCOMPARE(a.series.bucketCount(), size_t(0));
        QVERIFY(a.series.culprits.empty() && a.series.stages.empty());
        QVERIFY(!a.periodic.periodic);
        const auto json = overTimeToJson(config, a.series);
        QCOMPARE(json["buckets"].get<int>(), 0);
        QVERIFY(json["calls"].empty());
    }

    void jsonCarriesEverySeries()
    {
        const Configuration config =
            testing::makeTree(2, 1, 2, TreeShape::HierarchyAware, RootKind::Core);
        auto tuples = testing::simulateTrace(config, {.calls = 100, .seed = 3});
        auto later = testing::simulateTrace(config, {.calls = 10, .seed = 4, .firstSeq = 100});
        for (Tuple& t : later) {
            t.down += 100'000'000;
            t.up += 100'000'000;
        }
        tuples.insert(tuples.end(), later.begin(), later.end());
        const OverTimeAnalysis a = analyzeOverTime(config, tuples, {.maxBuckets = 32});
        nlohmann::ordered_json report = nlohmann::ordered_json::object();
        addOverTimeJson(report, config, a);
        const auto& j = report["over_time"];
        QVERIFY(report.contains("periodic_outliers"));
        const size_t n = a.series.bucketCount();
        QCOMPARE(j["buckets"].get<size_t>(), n);
        QCOMPARE(j["bucket_ns"].get<std::int64_t>(), a.series.widthNs);
        QCOMPARE(j["origin_ns"].get<std::int64_t>(), a.series.firstDownNs);
        QCOMPARE(j["calls"].size(), n);
        QCOMPARE(j["culprit"].size(), n);
        QCOMPARE(j["path_thread"].get<std::string>(), config.wrapper(a.series.pathThread).id);
        QCOMPARE(j["stages"].size(), a.series.stages.size());
        QCOMPARE(j["stages"][0]["stage"].get<std::string>(),
                 std::string(toString(a.series.stages[0].stage)));
        QCOMPARE(j["threads"].size(), config.threads().size());
        bool sawEmpty = false;
        for (size_t b = 0; b < n; ++b) {
            const auto& c = j["culprit"][b];
            const auto& t = j["threads"][threadId(config, 0)];
            if (a.series.calls[b] == 0) {
                sawEmpty = true;
                QVERIFY(c["thread"].is_null() && c["share"].is_null());
                QVERIFY(t["mean_ns"][b].is_null() && t["max_ns"][b].is_null());
                QVERIFY(j["stages"][0]["mean_ns"][b].is_null());
            } else {
                QCOMPARE(c["thread"].get<std::string>(),
                         config.wrapper(a.series.culprits[b].thread).id);
                QCOMPARE(t["mean_ns"][b].get<double>(), a.series.threads[0].meanNs[b]);
                QCOMPARE(t["max_ns"][b].get<double>(), a.series.threads[0].maxNs[b]);
            }
        }
        QVERIFY(sawEmpty);
    }
};

QTEST_GUILESS_MAIN(TestOverTime)
#include "tst_overtime.moc"
