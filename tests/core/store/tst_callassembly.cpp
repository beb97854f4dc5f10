// A run's stored calls are the calls its tuples make (what the batch form finds in them), however
// late some tuples come: a collector lagging by more than the writer's window, a tuple that
// completes a call after the writer gave it up, a repeat long after its call completed. And a
// session written before that was so is repaired from its tuples.

#include "core/analysis/analyzer.h"
#include "core/analysis/streaminganalyzer.h"
#include "core/store/derived.h"
#include "core/store/runcatalog.h"
#include "core/store/runloader.h"
#include "core/store/runwriter.h"
#include "tests/core/analysis/generatedcases.h"
#include "tests/support/tracesimulator.h"

#include <QTemporaryDir>
#include <QtTest>

#include <limits>

#include "storetesthelpers.h"

using namespace xylem;
using namespace xylem::store;

namespace {

// The tuples of one collector come lag(seq) calls after everyone else's (a collector whose
// reads fall behind): the arrival order of a recording where that collector lags.
template <typename Lag>
std::vector<Tuple> withLagOf(std::vector<Tuple> tuples, std::uint32_t lagging, Lag lag)
{
    const auto arrival = [&](const Tuple& t) {
        return t.collector == lagging ? t.seq + lag(t.seq) : t.seq;
    };
    std::stable_sort(tuples.begin(), tuples.end(),
                     [&](const Tuple& a, const Tuple& b) { return arrival(a) < arrival(b); });
    return tuples;
}

std::vector<Tuple> withLaggingCollector(std::vector<Tuple> tuples, std::uint32_t lagging,
                                        std::int64_t lag)
{
    return withLagOf(std::move(tuples), lagging, [lag](std::int64_t) { return lag; });
}

bool sameCalls(const std::vector<CallTimes>& a, const std::vector<CallTimes>& b)
{
    if (a.size() != b.size()) {
        qWarning("%zu calls stored, %zu expected", a.size(), b.size());
        return false;
    }
    for (size_t i = 0; i < a.size(); ++i) {
        if (a[i].seq != b[i].seq || a[i].startNs != b[i].startNs ||
            a[i].operationTime != b[i].operationTime ||
            a[i].slowestThreadTime != b[i].slowestThreadTime ||
            a[i].slowestThread != b[i].slowestThread) {
            qWarning("call %zu differs: seq %lld stored, %lld expected", i,
                     static_cast<long long>(a[i].seq), static_cast<long long>(b[i].seq));
            return false;
        }
    }
    return true;
}

Result<Ok> appendInBatches(RunWriter& writer, std::span<const Tuple> tuples, size_t batch)
{
    for (size_t at = 0; at < tuples.size(); at += batch) {
        XYLEM_TRY(ok, writer.append(tuples.subspan(at, std::min(batch, tuples.size() - at))));
    }
    return Ok{};
}

} // namespace

class TestCallAssembly : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::string path(const char* name) const { return m_dir.filePath(name).toStdString(); }

    // Stored calls, the run's counts, the writer's counts and the batch analysis of the stored
    // tuples all say what the tuples say.
    void expectCallsOfTheTuples(Session& session, std::int64_t run, const RunWriter& writer)
    {
        auto loaded = loadRun(session, run);
        QVERIFY(loaded.ok());
        const CallRecords expected = callRecords(loaded->configuration, loaded->tuples);
        auto info = runInfo(session, run);
        QCOMPARE(info->calls, static_cast<std::int64_t>(expected.calls.size()));
        QCOMPARE(info->incompleteCalls, expected.incomplete);
        QCOMPARE(writer.counters().calls, info->calls);
        QCOMPARE(writer.counters().incomplete, info->incompleteCalls);
        const AnalysisReport report = analyze(loaded.value());
        QCOMPARE(report.calls, info->calls);
        QCOMPARE(report.incompleteCalls, info->incompleteCalls);
        QVERIFY(sameCalls(loadCalls(session, run).value(), expected.calls));
    }

private slots:
    void aCollectorLaggingFarBehindTheWindowLosesNoCall()
    {
        auto session = Session::create(path("lagging.xylem"));
        const Configuration config = testing::makeTree(2, 1, 2, TreeShape::KAry, RootKind::Core);
        const auto tuples = testing::simulateTrace(config, {.calls = 20000, .seed = 3});
        const auto thread = static_cast<std::uint32_t>(config.threads().back());
        const auto arrival = withLaggingCollector(tuples, thread, 5000);
        auto writer = RunWriter::begin(session.value(), config, {"lagging"}, 1024);
        QVERIFY(writer.ok());
        QVERIFY(appendInBatches(writer.value(), arrival, 997).ok());
        QVERIFY(writer->finish().ok());
        QCOMPARE(runInfo(session.value(), writer->run())->calls, 20000);
        expectCallsOfTheTuples(session.value(), writer->run(), writer.value());
    }

    // Now in time, now far behind: calls of the window and late calls interleave over many
    // chunks, and the late ones are merged into place.
    void aCollectorNowInTimeNowLateLosesNoCall()
    {
        auto session = Session::create(path("bursts.xylem"));
        const Configuration config = testing::makeTree(2, 1, 2, TreeShape::KAry, RootKind::Core);
        const auto tuples = testing::simulateTrace(config, {.calls = 40000, .seed = 4});
        const auto thread = static_cast<std::uint32_t>(config.threads().front());
        const auto arrival = withLagOf(
            tuples, thread, [](std::int64_t seq) { return (seq / 2500) % 2 == 1 ? 3000 : 0; });
        auto writer = RunWriter::begin(session.value(), config, {"bursts"}, 1024);
        QVERIFY(appendInBatches(writer.value(), arrival, 1500).ok());
        QVERIFY(writer->finish().ok());
        QCOMPARE(runInfo(session.value(), writer->run())->calls, 40000);
        expectCallsOfTheTuples(session.value(), writer->run(), writer.value());
    }

    // With the window a recording uses: one collector a hundred thousand calls behind.
    void aCollectorLaggingByAHundredThousandCallsLosesNoCall()
    {
        auto session = Session::create(path("far.xylem"));
        const Configuration config = testing::makeTree(1, 1, 2, TreeShape::Flat, RootKind::Gred);
        const auto tuples = testing::simulateTrace(config, {.calls = 150000, .seed = 5});
        const auto arrival = withLaggingCollector(tuples, 0, 100000);
        auto writer = RunWriter::begin(session.value(), config, {"far"});
        QVERIFY(appendInBatches(writer.value(), arrival, 4096).ok());
        QVERIFY(writer->finish().ok());
        QCOMPARE(runInfo(session.value(), writer->run())->calls, 150000);
        QCOMPARE(runInfo(session.value(), writer->run())->incompleteCalls, 0);
        expectCallsOfTheTuples(session.value(), writer->run(), writer.value());
    }

    // Given up, then completed; completed, then repeated; never completed; late from the start.
    void lateTuplesOfEveryKind()
    {
        auto session = Session::create(path("kinds.xylem"));
        const Configuration config = testing::makeTree(1, 1, 2, TreeShape::Flat, RootKind::Gred);
        const auto tuples = testing::simulateTrace(config, {.calls = 400, .seed = 7});
        const auto giveUp = [](const Tuple& t) {
            return t.seq % 37 == 5 && t.collector == 0;
        };
        const auto never = [](const Tuple& t) {
            return t.seq % 53 == 11 && t.collector == 1;
        };
        const auto atTheEnd = [](const Tuple& t) {
            return t.seq < 30 && t.collector == 1;
        };
        std::vector<Tuple> onTime;
        std::vector<Tuple> held; // come one every 20 tuples, 200 and more calls late
        std::vector<Tuple> last;
        for (const Tuple& t : tuples) {
            if (never(t)) {
                continue;
            }
            (atTheEnd(t) ? last : giveUp(t) ? held : onTime).push_back(t);
            if (t.seq > 50 && t.seq % 3 == 0 && t.collector == 0) {
                held.push_back(
                    tuples[static_cast<size_t>(&t - tuples.data()) - 50 * 2]); // a repeat
            }
        }
        std::vector<Tuple> arrival;
        size_t next = 0;
        for (size_t i = 0; i < onTime.size(); ++i) {
            arrival.push_back(onTime[i]);
            if (i % 20 == 19 && next < held.size()) {
                arrival.push_back(held[next++]);
            }
        }
        arrival.insert(arrival.end(), held.begin() + static_cast<long>(next), held.end());
        arrival.insert(arrival.end(), last.begin(), last.end());
        auto writer = RunWriter::begin(session.value(), config, {"kinds"}, 64);
        QVERIFY(appendInBatches(writer.value(), arrival, 113).ok());
        QVERIFY(writer->finish().ok());
        expectCallsOfTheTuples(session.value(), writer->run(), writer.value());
        QCOMPARE(runInfo(session.value(), writer->run())->incompleteCalls, 8); // seq 11 + 53 k
    }

    // A down of the smallest int64 marks a slot no tuple filled: such a tuple is refused, even
    // as the first of the run, and the run stays readable.
    void aTupleThatWouldReadAsAnEmptySlotIsRefused()
    {
        auto session = Session::create(path("empty-slot.xylem"));
        const Configuration config = testing::makeTree(1, 1, 2, TreeShape::Flat, RootKind::Gred);
        auto tuples = testing::simulateTrace(config, {.calls = 100, .seed = 2});
        const std::int64_t smallest = std::numeric_limits<std::int64_t>::min();
        tuples.insert(tuples.begin(), Tuple{1000, smallest, smallest + 5, 0, 0, 0});
        auto writer = RunWriter::begin(session.value(), config, {"empty slot"});
        QVERIFY(writer->append(tuples).ok());
        QVERIFY(writer->finish().ok());
        QCOMPARE(writer->counters().rejected, 1);
        expectCallsOfTheTuples(session.value(), writer->run(), writer.value());
        QCOMPARE(runInfo(session.value(), writer->run())->calls, 100);
    }

    // The live engine's window (LiveRecorder's) and the writer's agree when nothing is later than
    // it: the summary a recording prints is the stored one.
    void theLiveEngineAndTheStoreAgree()
    {
        auto session = Session::create(path("agree.xylem"));
        const Configuration config = testing::makeTree(2, 1, 2, TreeShape::KAry, RootKind::Core);
        const auto tuples = testing::simulateTrace(config, {.calls = 30000, .seed = 11});
        const auto arrival = withLaggingCollector(
            tuples, static_cast<std::uint32_t>(config.threads().front()), 9000);
        StreamingAnalyzer engine(config, {.pendingWindow = 1 << 16});
        auto writer = RunWriter::begin(session.value(), config, {"agree"});
        for (size_t at = 0; at < arrival.size(); at += 2000) {
            const auto batch =
                std::span(arrival).subspan(at, std::min<size_t>(2000, arrival.size() - at));
            engine.add(batch);
            QVERIFY(writer->append(batch).ok());
        }
        QVERIFY(writer->finish().ok());
        QCOMPARE(writer->counters().calls, engine.completeCalls());
        QCOMPARE(writer->counters().incomplete, engine.incompleteCalls());
        expectCallsOfTheTuples(session.value(), writer->run(), writer.value());
    }
};

QTEST_APPLESS_MAIN(TestCallAssembly)
#include "tst_callassembly.moc"
