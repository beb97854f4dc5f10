// The front-end's working set stays flat however long it records: millions of tuples through
// the session writer and the live engine (as LiveRecorder feeds them) leave the heap in use where
// it stood after a warm-up; and rebuilding such a run from its tuples (recover, repair) takes
// memory bounded by its window, not by its size.

#include "core/analysis/streaminganalyzer.h"
#include "core/store/derived.h"
#include "core/store/runcatalog.h"
#include "core/store/runwriter.h"
#include "tests/core/analysis/generatedcases.h"
#include "tests/support/processmemory.h"
#include "tests/support/tracesimulator.h"

#include <QTemporaryDir>
#include <QtTest>

#include <unistd.h>

using namespace xylem;
using namespace xylem::store;

namespace {

constexpr std::int64_t kCallsPerBlock = 20000;
constexpr int kBlocks = 30; // 600 000 calls, 4.8 million tuples
constexpr int kWarmUpBlocks = 8;
constexpr std::int64_t kPeriodNs = 40'000; // 25 000 calls a second, as a 2 x 2 recording makes

// A block of calls as a recording brings them: in waves of 20 000 tuples, the calls
// after the earlier blocks in seq and in time.
std::vector<Tuple> block(const Configuration& config, int k)
{
    auto tuples = testing::simulateTrace(config, {.calls = kCallsPerBlock,
                                                  .seed = static_cast<std::uint64_t>(k + 1),
                                                  .firstSeq = k * kCallsPerBlock,
                                                  .period = kPeriodNs});
    for (Tuple& t : tuples) {
        t.down += k * kCallsPerBlock * kPeriodNs;
        t.up += k * kCallsPerBlock * kPeriodNs;
    }
    return tuples;
}

std::string mb(std::int64_t bytes)
{
    return QString::number(static_cast<double>(bytes) / 1e6, 'f', 1).toStdString() + " MB";
}

} // namespace

class TestFlatMemory : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void recordingMillionsOfTuplesKeepsTheHeapFlat()
    {
        const Configuration config =
            testing::makeTree(2, 1, 2, TreeShape::HierarchyAware, RootKind::Core);
        auto session = Session::create(m_dir.filePath("long.xylem").toStdString());
        QVERIFY(session.ok());
        // SQLite's page cache is bounded by its own setting (64 MB in a session); a small one
        // here lets the test see the writer's and the engine's structures.
        QVERIFY(session->database().exec("PRAGMA cache_size = -2048").ok());
        auto writer = RunWriter::begin(session.value(), config, {"long"});
        QVERIFY(writer.ok());
        StreamingAnalyzer engine(config, {kDefaultMedianWindow, 1 << 16}); // LiveRecorder's
        std::vector<std::int64_t> heap;
        for (int k = 0; k < kBlocks; ++k) {
            const auto tuples = block(config, k);
            for (size_t at = 0; at < tuples.size(); at += 20000) {
                const auto wave =
                    std::span(tuples).subspan(at, std::min<size_t>(20000, tuples.size() - at));
                engine.add(wave);
                QVERIFY(writer->append(wave).ok());
            }
            (void)engine.report(); // the live status asks for it every second
            heap.push_back(testing::heapInUseBytes());
        }
        QVERIFY(writer->finish().ok());
        QCOMPARE(runInfo(session.value(), writer->run())->calls, kBlocks * kCallsPerBlock);
        const std::int64_t warm = heap[kWarmUpBlocks - 1];
        const std::int64_t most = *std::max_element(heap.begin() + kWarmUpBlocks, heap.end());
        qInfo("heap in use after the warm-up %s, at most %s later, %s at the end", mb(warm).c_str(),
              mb(most).c_str(), mb(heap.back()).c_str());
        QVERIFY2(most < warm + warm / 20, (mb(warm) + " -> " + mb(most)).c_str());
    }

    // The run written above, rebuilt from its 4.8 million stored tuples: the peak resident set
    // rises by about the window's rows, not by the tuples.
    void rebuildingALongRunTakesBoundedMemory()
    {
        auto session =
            Session::open(m_dir.filePath("long.xylem").toStdString(), OpenMode::ReadWrite);
        QVERIFY(session.ok());
        QVERIFY(session->database().exec("PRAGMA cache_size = -2048").ok());
        QVERIFY(session->database().exec("UPDATE runs SET call_count = 0").ok());
        const std::int64_t before = testing::residentKb(::getpid()).value();
        QVERIFY(testing::resetPeakResident());
        auto tx = Transaction::begin(session->database());
        QVERIFY(rebuildDerived(session->database(), 1).ok());
        QVERIFY(tx->commit().ok());
        const std::int64_t peak = testing::peakResidentKb(::getpid()).value();
        qInfo("resident %lld KiB before the rebuild, peak %lld KiB during it",
              static_cast<long long>(before), static_cast<long long>(peak));
        QCOMPARE(runInfo(session.value(), 1)->calls, kBlocks * kCallsPerBlock);
        QVERIFY2(peak - before < 48 * 1024, std::to_string(peak - before).c_str());
    }
};

QTEST_APPLESS_MAIN(TestFlatMemory)
#include "tst_flatmemory.moc"
