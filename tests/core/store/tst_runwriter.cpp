// Writing runs: files -> session -> files is identical, analysis from a session equals
// analysis from the files, several runs live side by side, batches are atomic, a full disk is
// reported and loses nothing already stored.

#include "core/analysis/analyzer.h"
#include "core/analysis/reportjson.h"
#include "core/model/configurationjson.h"
#include "core/model/tracecsv.h"
#include "core/store/runcatalog.h"
#include "core/store/runloader.h"
#include "core/store/runwriter.h"
#include "tests/core/analysis/generatedcases.h"
#include "tests/support/testdata.h"
#include "tests/support/tracesimulator.h"

#include <QTemporaryDir>
#include <QtTest>

#include "storetesthelpers.h"

using namespace xylem;
using namespace xylem::store;

class TestRunWriter : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::string path(const char* name) const { return m_dir.filePath(name).toStdString(); }

private slots:
    void filesToSessionToFilesIsIdentical()
    {
        auto session = storetest::sessionWithExamples(path("roundtrip.xylem"));
        for (const auto& [id, name] : {std::pair{1, "two-hosts"}, std::pair{2, "flat-mpi"}}) {
            const Run original = testing::exampleRun(name);
            auto stored = loadRun(session, id);
            QVERIFY(stored.ok());
            QCOMPARE(configurationToJson(stored->configuration),
                     configurationToJson(original.configuration));
            QVERIFY(stored->tuples == original.tuples); // same tuples, same order
            QCOMPARE(traceToCsv(stored->tuples, stored->configuration),
                     traceToCsv(original.tuples, original.configuration));
            QCOMPARE(reportToJson(analyze(stored.value())).dump(),
                     reportToJson(analyze(original)).dump());
        }
    }

    void runInfoDescribesTheRun()
    {
        auto session = storetest::sessionWithExamples(path("info.xylem"));
        auto info = runInfo(session, 2);
        QVERIFY(info.ok());
        QCOMPARE(info->metadata.name, std::string("flat-mpi"));
        QVERIFY(info->status == RunStatus::Complete);
        QCOMPARE(info->tuples, 14);
        QCOMPARE(info->calls, 3);
        QCOMPARE(info->incompleteCalls, 1);
        QCOMPARE(info->threads, 4);
        QCOMPARE(*info->firstNs, 100);
        QCOMPARE(*info->lastNs, 6500);
        QVERIFY(info->storedBytes > 0 && info->storedBytes < 14 * 32); // encoded smaller than raw
        QCOMPARE(runInfo(session, 9).error().code, ErrorCode::NotFound);
    }

    void severalRunsRenamedAnnotatedDeleted()
    {
        auto session = storetest::sessionWithExamples(path("multi.xylem"));
        const Configuration config = testing::makeTree(3, 1, 2, TreeShape::KAry, RootKind::Core);
        const auto tuples = testing::simulateTrace(config, {.calls = 500, .seed = 4});
        auto third = importRun(session, config, tuples, {"k-ary", "", "test", "tsc", "third"});
        QVERIFY(third.ok());
        QCOMPARE(third.value(), 3);
        QVERIFY(renameRun(session, 1, "renamed").ok());
        QVERIFY(setRunNotes(session, 1, "slow proxy, retry with 2 levels").ok());
        QVERIFY(deleteRun(session, 2).ok());
        QCOMPARE(deleteRun(session, 2).error().code, ErrorCode::NotFound);
        auto runs = listRuns(session);
        QCOMPARE(runs->size(), size_t(2));
        QCOMPARE(runs->at(0).metadata.name, std::string("renamed"));
        QCOMPARE(runs->at(0).metadata.notes, std::string("slow proxy, retry with 2 levels"));
        QCOMPARE(runs->at(1).metadata.clock, std::string("tsc"));
        QCOMPARE(runs->at(1).calls, 500);
        auto chunks =
            session.database().queryInt("SELECT count(*) FROM tuple_chunks WHERE run_id = 2");
        QCOMPARE(chunks.value(), 0); // the deleted run's data went with it
        QVERIFY(loadTuples(session, 3).value() == tuples);
        QCOMPARE(resolveRun(session, std::nullopt).error().code, ErrorCode::InvalidArgument);
    }

    void batchesLikeALiveRecording()
    {
        auto session = Session::create(path("live.xylem"));
        QVERIFY(session.ok());
        const Configuration config =
            testing::makeTree(4, 2, 3, TreeShape::HierarchyAware, RootKind::Core);
        const auto tuples = testing::simulateTrace(config, {.calls = 3000, .seed = 8});
        auto writer = RunWriter::begin(session.value(), config, {"live", "", "live", "", ""});
        QVERIFY(writer.ok());
        for (size_t at = 0; at < tuples.size(); at += 777) {
            QVERIFY(writer
                        ->append(std::span(tuples).subspan(
                            at, std::min<size_t>(777, tuples.size() - at)))
                        .ok());
            // Each batch is stored when append returns.
            QCOMPARE(runInfo(session.value(), writer->run())->tuples,
                     static_cast<std::int64_t>(std::min(at + 777, tuples.size())));
        }
        QVERIFY(runInfo(session.value(), 1)->status == RunStatus::Recording);
        QVERIFY(writer->finish().ok());
        auto info = runInfo(session.value(), 1);
        QVERIFY(info->status == RunStatus::Complete);
        QCOMPARE(info->calls, 3000);
        QCOMPARE(info->incompleteCalls, 0);
        QCOMPARE(loadCalls(session.value(), 1)->size(), size_t(3000));
        QCOMPARE(reportToJson(analyze(loadRun(session.value(), 1).value())).dump(),
                 reportToJson(analyze(config, tuples)).dump());
        QCOMPARE(writer->append(tuples).error().code, ErrorCode::InvalidArgument); // finished
    }

    void invalidTuplesAreCountedNotStored()
    {
        auto session = Session::create(path("reject.xylem"));
        const Run run = testing::exampleRun("two-hosts");
        auto writer = RunWriter::begin(session.value(), run.configuration, {});
        std::vector<Tuple> batch = run.tuples;
        batch.push_back(Tuple{9, 10, 5, 0, 0, 0}); // up < down
        batch.push_back(
            Tuple{9, 1, 2, static_cast<std::uint32_t>(run.configuration.root()), 0, 0}); // the root
        batch.push_back(Tuple{9, 1, 2, 99, 0, 0}); // no such wrapper
        QVERIFY(writer->append(batch).ok());
        QCOMPARE(writer->counters().rejected, 3);
        QCOMPARE(writer->counters().tuples, 18);
        QVERIFY(writer->finish().ok());
        QVERIFY(loadTuples(session.value(), 1).value() == run.tuples);
    }

    void repeatedTuplesOfALiveStreamAreDropped()
    {
        auto session = Session::create(path("repeats.xylem"));
        const Run run = testing::exampleRun("two-hosts");
        auto writer = RunWriter::begin(session.value(), run.configuration, {});
        QVERIFY(writer->append(std::span(run.tuples).first(10)).ok());
        QVERIFY(writer->append(std::span(run.tuples).first(12))
                    .ok()); // a retransmission overlapping the first
        QCOMPARE(writer->counters().duplicates, 10);
        QVERIFY(writer->append(std::span(run.tuples).subspan(12)).ok());
        QVERIFY(writer->finish().ok());
        QVERIFY(loadTuples(session.value(), 1).value() == run.tuples);
        QCOMPARE(runInfo(session.value(), 1)->calls, 3);
    }

    void importRejectsWhatTheTraceRulesForbid()
    {
        auto session = Session::create(path("import-bad.xylem"));
        Run run = testing::exampleRun("two-hosts");
        run.tuples.push_back(run.tuples.front()); // a duplicate (collector, seq)
        auto id = importRun(session.value(), run.configuration, run.tuples, {});
        QVERIFY(!id.ok());
        QCOMPARE(id.error().code, ErrorCode::InvalidTrace);
        QVERIFY(id.error().describe().find("duplicate") != std::string::npos);
        QCOMPARE(listRuns(session.value())->size(), size_t(0)); // nothing half-written
    }

    void readOnlySessionRefusesWriters()
    {
        (void)storetest::sessionWithExamples(path("ro.xylem"));
        auto session = Session::open(path("ro.xylem"), OpenMode::ReadOnly);
        const Run run = testing::exampleRun("two-hosts");
        QCOMPARE(RunWriter::begin(session.value(), run.configuration, {}).error().code,
                 ErrorCode::ReadOnly);
        QCOMPARE(renameRun(session.value(), 1, "x").error().code, ErrorCode::ReadOnly);
    }

    // A size-limited file (SQLite's max_page_count): the batch that does not fit fails with
    // DiskFull, every earlier batch stays, and the file is consistent.
    void fullDiskLosesNothingStored()
    {
        const std::string p = path("full.xylem");
        const Configuration config = testing::makeTree(2, 1, 4, TreeShape::Flat, RootKind::Gred);
        const auto tuples = testing::simulateTrace(config, {.calls = 40000, .seed = 2});
        std::int64_t stored = 0;
        {
            auto session = Session::create(p);
            auto writer = RunWriter::begin(session.value(), config, {"filling"});
            QVERIFY(session->database().exec("PRAGMA max_page_count = 300").ok());
            Error error;
            for (size_t at = 0; at < tuples.size(); at += 5000) {
                auto ok = writer->append(
                    std::span(tuples).subspan(at, std::min<size_t>(5000, tuples.size() - at)));
                if (!ok) {
                    error = ok.error();
                    break;
                }
                stored = writer->counters().tuples;
            }
            QCOMPARE(error.code, ErrorCode::DiskFull);
            // The writer stops at its first failure; the run stays recording until recovered.
            auto again = writer->append(std::span(tuples).first(10));
            QVERIFY(!again.ok());
            QVERIFY2(again.error().describe().find("stopped after an earlier failure") !=
                         std::string::npos,
                     again.error().describe().c_str());
            QVERIFY(!writer->finish().ok());
            QVERIFY2(error.describe().find("full") != std::string::npos, error.describe().c_str());
            QVERIFY(stored > 0 && stored < static_cast<std::int64_t>(tuples.size()));
            QCOMPARE(writer->counters().tuples, stored); // the failed batch is not counted
        }
        auto session = Session::open(p, OpenMode::ReadWrite);
        QVERIFY(session.ok());
        QVERIFY(storetest::integrityOk(session.value()));
        auto loaded = loadTuples(session.value(), 1);
        QVERIFY(loaded.ok());
        QCOMPARE(static_cast<std::int64_t>(loaded->size()), stored);
        QVERIFY(std::equal(loaded->begin(), loaded->end(), tuples.begin()));
        auto recovered = recoverInterruptedRuns(session.value());
        QCOMPARE(recovered.value(), std::vector<std::int64_t>{1});
        QVERIFY(runInfo(session.value(), 1)->status == RunStatus::Interrupted);
    }
};

QTEST_APPLESS_MAIN(TestRunWriter)
#include "tst_runwriter.moc"
