// A run's stored calls are the calls its tuples make (what the batch form finds in them), however
// late some tuples come: a collector lagging by more than the writer's window, a tuple that
// completes a call after the writer gave it up, a repeat long after its call completed. The
// writer summarises a call as soon as it is complete (a recording's live timeline reads the
// summaries), once, and stores the summaries the batch form makes of the same tuples.

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
#include <map>
#include <set>

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

// The rows a query gives, each column as bytes: to compare what two runs stored.
std::vector<std::vector<std::uint8_t>> rows(Session& session, const char* sql, std::int64_t run)
{
    std::vector<std::vector<std::uint8_t>> out;
    auto query = session.database().prepare(sql);
    if (!query) {
        qWarning("%s", query.error().describe().c_str());
        return out;
    }
    query->bind(1, run);
    for (auto row = query->step(); row.ok() && row.value(); row = query->step()) {
        for (int c = 0; c < 5; ++c) {
            const auto blob = query->columnBlob(c);
            out.emplace_back(blob.begin(), blob.end());
        }
    }
    return out;
}

constexpr const char* kSummaryRows = "SELECT series, level, width_ns, first_bucket, data "
                                     "FROM summaries WHERE run_id = ? ORDER BY series, level";
constexpr const char* kCallChunkRows = "SELECT call_count, first_ns, last_ns, data, run_id "
                                       "FROM call_chunks WHERE run_id = ? ORDER BY rowid";

// Calls counted in a call series so far.
std::int64_t countIn(const TimeBuckets& series)
{
    std::int64_t n = 0;
    for (const SummaryBucket& b : series.buckets()) {
        n += b.count;
    }
    return n;
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
    int m_batchForms = 0;
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
        expectTheBatchFormsSummaries(session, run, loaded->tuples, writer);
    }

    // The batch form's summaries of the stored tuples (writeDerived: every tuple, then the calls
    // matched over the whole run in seq order) are the writer's, bucket for bucket and byte for
    // byte, and its live call series already count every stored call once. With sameChunks
    // (no repeats, every call completed in the writer's window) the tuples imported anew store
    // the same summary rows and call records.
    void expectTheBatchFormsSummaries(Session& session, std::int64_t run,
                                      const std::vector<Tuple>& tuples, const RunWriter& writer,
                                      bool sameChunks = false)
    {
        const Configuration config = loadRun(session, run)->configuration;
        RunSummaryBuilder batch(static_cast<size_t>(config.wrapperCount()));
        for (const Tuple& t : tuples) {
            batch.addTuple(t);
        }
        for (const CallTimes& c : callRecords(config, tuples).calls) {
            batch.addCall(c);
        }
        const auto expected = batch.build();
        const auto made = writer.summaries().build();
        QCOMPARE(made.size(), expected.size());
        for (size_t s = 0; s < made.size(); ++s) {
            QCOMPARE(made[s].first, expected[s].first);
            QCOMPARE(made[s].second.size(), expected[s].second.size());
            for (size_t l = 0; l < made[s].second.size(); ++l) {
                const SummaryLevel& a = made[s].second[l];
                const SummaryLevel& b = expected[s].second[l];
                QCOMPARE(a.width, b.width);
                QCOMPARE(a.firstIndex, b.firstIndex);
                QVERIFY(encodeBuckets(a.buckets) == encodeBuckets(b.buckets));
            }
        }
        QCOMPARE(countIn(writer.summaries().operation()), writer.counters().calls);
        QCOMPARE(countIn(writer.summaries().slowest()), writer.counters().calls);
        if (!sameChunks) {
            return;
        }
        const std::string name = "batch-form-" + std::to_string(++m_batchForms) + ".xylem";
        auto other = Session::create(path(name.c_str()));
        QVERIFY(other.ok());
        auto imported = importRun(other.value(), config, tuples, {"batch form"});
        QVERIFY(imported.ok());
        for (const char* sql : {kSummaryRows, kCallChunkRows}) {
            const auto stored = rows(session, sql, run);
            QVERIFY(!stored.empty());
            QVERIFY(stored == rows(other.value(), sql, imported.value()));
        }
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
        // No call came later than the window: the call records are the batch form's too.
        expectTheBatchFormsSummaries(session.value(), writer->run(),
                                     loadRun(session.value(), writer->run())->tuples,
                                     writer.value(), true);
    }

    // A call is in the summaries as soon as its last tuple is stored, long before it leaves
    // the writer's window (a recording's live timeline follows the calls as they complete),
    // with the figures it is stored with.
    void aCallIsSummarisedWhenItCompletes()
    {
        auto session = Session::create(path("at-once.xylem"));
        const Configuration config = testing::makeTree(2, 1, 2, TreeShape::KAry, RootKind::Core);
        const auto tuples = testing::simulateTrace(config, {.calls = 50, .seed = 13});
        const Topology topology(config);
        const auto collectors = static_cast<size_t>(topology.wrapperCount() - 1);
        QCOMPARE(tuples.size(), 50 * collectors);
        auto writer = RunWriter::begin(session.value(), config, {"at once"});
        QVERIFY(writer.ok());
        const RunSummaryBuilder& summaries = writer->summaries();
        // Call by call, every tuple but the last, then the last.
        std::vector<Tuple> byCall = tuples;
        std::stable_sort(byCall.begin(), byCall.end(),
                         [](const Tuple& a, const Tuple& b) { return a.seq < b.seq; });
        for (size_t call = 0; call < 50; ++call) {
            const auto its = std::span(byCall).subspan(call * collectors, collectors);
            QVERIFY(writer->append(its.first(collectors - 1)).ok());
            QCOMPARE(countIn(summaries.operation()), static_cast<std::int64_t>(call));
            QVERIFY(writer->append(its.last(1)).ok());
            QCOMPARE(countIn(summaries.operation()), static_cast<std::int64_t>(call + 1));
            QCOMPARE(countIn(summaries.slowest()), static_cast<std::int64_t>(call + 1));
            QCOMPARE(writer->counters().calls, 0); // none has left the window
        }
        // A repeat of a summarised call's tuple is not stored and not summarised again.
        QVERIFY(writer->append(std::span(byCall).subspan(7 * collectors, 2)).ok());
        QCOMPARE(writer->counters().duplicates, 2);
        QCOMPARE(countIn(summaries.operation()), 50);
        // The figures summarised are the call's as stored.
        const TimeBuckets::Coarse live = summaries.operation().coarse(1);
        QVERIFY(writer->finish().ok());
        const auto calls = loadCalls(session.value(), writer->run());
        QVERIFY(calls.ok() && calls->size() == 50);
        std::int64_t min = INT64_MAX, max = INT64_MIN;
        double sum = 0;
        for (const CallTimes& c : calls.value()) {
            min = std::min(min, c.operationTime);
            max = std::max(max, c.operationTime);
            sum += static_cast<double>(c.operationTime);
        }
        QCOMPARE(live.buckets.size(), size_t(1));
        QCOMPARE(live.buckets[0].count, 50);
        QCOMPARE(live.buckets[0].min, min);
        QCOMPARE(live.buckets[0].max, max);
        QCOMPARE(live.buckets[0].sum, sum);
        QCOMPARE(countIn(summaries.operation()), 50); // leaving the window adds nothing
        expectCallsOfTheTuples(session.value(), writer->run(), writer.value());
    }

    // Late tuples against a small window, checked after every batch: the calls summarised are
    // those complete so far (at least those that left the window complete, at most those
    // whose every tuple came), never one twice; a call given up is summarised only when a late
    // tuple completes it at the end, and a repeat after its call left adds nothing.
    void lateTuplesAreSummarisedOnce()
    {
        auto session = Session::create(path("once.xylem"));
        const Configuration config = testing::makeTree(2, 1, 2, TreeShape::KAry, RootKind::Core);
        const auto tuples = testing::simulateTrace(config, {.calls = 3000, .seed = 17});
        const auto lagging = static_cast<std::uint32_t>(config.threads().back());
        auto arrival = withLagOf(tuples, lagging, [](std::int64_t seq) {
            return seq % 10 == 3 ? 500 : seq % 10 == 6 ? 40 : 0; // given up, late in the window
        });
        for (size_t i = 100; i < tuples.size(); i += 97) {
            arrival.insert(arrival.begin() + static_cast<long>(i + i / 97), tuples[i - 100]);
        }
        const auto collectors = static_cast<size_t>(Topology(config).wrapperCount() - 1);
        auto writer = RunWriter::begin(session.value(), config, {"once"}, 256);
        QVERIFY(writer.ok());
        std::map<std::int64_t, std::set<std::uint32_t>> seen;
        size_t whole = 0;
        for (size_t at = 0; at < arrival.size(); at += 61) {
            const auto batch = std::span(arrival).subspan(at, std::min<size_t>(61, arrival.size() - at));
            for (const Tuple& t : batch) {
                auto& of = seen[t.seq];
                whole += of.insert(t.collector).second && of.size() == collectors;
            }
            QVERIFY(writer->append(batch).ok());
            const std::int64_t summarised = countIn(writer->summaries().operation());
            QVERIFY(summarised >= writer->counters().calls);
            QVERIFY(summarised <= static_cast<std::int64_t>(whole));
        }
        // The calls given up (seq 3 mod 10, 500 calls late) wait for the end; those complete in
        // the window are summarised before they leave it.
        QVERIFY(countIn(writer->summaries().operation()) <= 3000 - 300 + 50);
        QVERIFY(countIn(writer->summaries().operation()) > writer->counters().calls);
        QVERIFY(writer->finish().ok());
        QCOMPARE(writer->counters().calls, 3000);
        QVERIFY(writer->counters().duplicates > 0);
        expectCallsOfTheTuples(session.value(), writer->run(), writer.value());
    }
};

QTEST_APPLESS_MAIN(TestCallAssembly)
#include "tst_callassembly.moc"
