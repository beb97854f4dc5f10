// The GUI's MPI kind chooser (app/gui/mpikindbar): for a recording stored as runs per kind
// ("NAME: MPI_Allreduce on MPI_COMM_WORLD"), every (communicator, kind) of the MPI data is listed
// with its time, the stage-tree kinds with their run, rooted ones disabled; choosing an entry
// makes its run current; and the stage guard's note appears for a report with a negative stage.

#include "app/gui/mpikindbar.h"
#include "core/analysis/analyzer.h"
#include "core/model/mpiruns.h"
#include "core/store/mpistore.h"
#include "core/store/runwriter.h"
#include "tests/support/mpitracebuilder.h"

#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QtTest>

using namespace xylem;

namespace {

// 4 ranks: per iteration an Allreduce, a Bcast and a long Barrier.
MpiTrace trace()
{
    testing::MpiTraceBuilder b;
    b.rank("a").rank("a").rank("b").rank("b").world();
    for (int i = 0; i < 3; ++i) {
        for (int r = 0; r < 4; ++r) {
            b.collective(r, MpiCall::Allreduce, 3 * i, 1000 * i + r, 1000 * i + 100);
            // Each non-root leaves before the next one arrives.
            b.collective(r, MpiCall::Bcast, 3 * i + 1, 1000 * i + 200 + 20 * r,
                         1000 * i + 205 + 20 * r, 0);
            b.collective(r, MpiCall::Barrier, 3 * i + 2, 1000 * i + 300 + r, 1000 * i + 900);
        }
    }
    return b.trace();
}

// Runs 1 (Barrier) and 2 (Allreduce) as xylem-cli mpi names them, then run 3 of another
// recording with the same kind (not the nearest to run 1).
bool storeRuns(const QString& path)
{
    auto session = store::Session::create(path.toStdString());
    if (!session) {
        return false;
    }
    const MpiTrace t = trace();
    const std::pair<MpiCall, const char*> runs[] = {
        {MpiCall::Barrier, "prog: MPI_Barrier on MPI_COMM_WORLD"},
        {MpiCall::Allreduce, "prog: MPI_Allreduce on MPI_COMM_WORLD"},
        {MpiCall::Allreduce, "other: MPI_Allreduce on MPI_COMM_WORLD"}};
    for (const auto& [call, name] : runs) {
        const Run run = collectiveRun(t, 0, call, RunShape::Flat).value();
        auto id = store::importRun(session.value(), run.configuration, run.tuples,
                                   store::RunMetadata{name, "", "test", "", ""});
        if (!id || !store::addMpiTrace(session.value(), id.value(), t)) {
            return false;
        }
    }
    return true;
}

} // namespace

class TestMpiKindBar : public QObject
{
    Q_OBJECT

private slots:
    void listsEveryKindAndChoosesItsRun()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("kinds.xylem");
        QVERIFY(storeRuns(path));
        auto session = store::Session::open(path.toStdString(), store::OpenMode::ReadOnly);
        QVERIFY(session);
        const auto kinds = gui::loadMpiKinds(session.value(), 1);
        QVERIFY2(kinds.ok(), kinds.ok() ? "" : kinds.error().describe().c_str());
        QVERIFY(kinds.value().has_value());
        const auto& k = *kinds.value();
        QCOMPARE(k.size(), size_t(3));
        QCOMPARE(k[0].call, std::string("MPI_Barrier")); // the most time first
        QCOMPARE(k[0].run, std::int64_t(1));
        QVERIFY(k[0].isDefault);
        QCOMPARE(k[1].call, std::string("MPI_Allreduce"));
        QCOMPARE(k[1].run, std::int64_t(2)); // its own recording's run, not run 3
        QCOMPARE(k[2].call, std::string("MPI_Bcast"));
        QCOMPARE(k[2].run, std::int64_t(0));
        QVERIFY(!k[2].stageTree);

        gui::SessionController controller;
        gui::RunPanel runs;
        gui::MpiKindBar bar(&controller, &runs);
        runs.setRuns({gui::RunEntry{1, "prog: MPI_Barrier on MPI_COMM_WORLD"},
                      gui::RunEntry{2, "prog: MPI_Allreduce on MPI_COMM_WORLD"}},
                     1);
        bar.setKinds(1, k);
        QCOMPARE(bar.combo()->count(), 3);
        QCOMPARE(bar.combo()->currentIndex(), 0);
        QCOMPARE(bar.combo()->itemText(1), QStringLiteral("MPI_Allreduce · MPI_COMM_WORLD (1.2 µs)"));
        QVERIFY2(bar.combo()->itemText(2).contains("no stage tree"),
                 qPrintable(bar.combo()->itemText(2)));
        auto* model = qobject_cast<QStandardItemModel*>(bar.combo()->model());
        QVERIFY(model);
        QVERIFY(model->item(1)->isEnabled());
        QVERIFY(!model->item(2)->isEnabled());

        QSignalSpy chosen(&runs, &gui::RunPanel::runChosen);
        emit bar.combo()->activated(1);
        QCOMPARE(runs.currentRun(), qint64(2));
        QCOMPARE(chosen.count(), 1);
        QVERIFY(bar.guardNote()->text().isEmpty());
    }

    // A session opens on the newest recording's first run per kind (the most time).
    void theNewestRecordingOpensOnItsFirstKind()
    {
        const auto entry = [](qint64 id, const char* name, const char* source) {
            gui::RunEntry e{id, name, source};
            return e;
        };
        QVector<gui::RunEntry> runs{entry(1, "tree run", "import"),
                                    entry(2, "a: MPI_Allreduce on MPI_COMM_WORLD", "live: mpi a"),
                                    entry(3, "b: MPI_Barrier on MPI_COMM_WORLD", "live: mpi b"),
                                    entry(4, "b: MPI_Allreduce on comm 1", "live: mpi b")};
        QCOMPARE(gui::newestRecordingStart(runs), qint64(3));
        runs.push_back(entry(5, "plain", "import"));
        QCOMPARE(gui::newestRecordingStart(runs), qint64(5));
        QCOMPARE(gui::newestRecordingStart({entry(7, "MPI_Scan on MPI_COMM_WORLD", "otf2"),
                                            entry(6, "MPI_Barrier on MPI_COMM_WORLD", "otf2")}),
                 qint64(6));
        QCOMPARE(gui::newestRecordingStart({}), qint64(0));
    }

    void theGuardSaysWhyAStageIsNegative()
    {
        gui::SessionController controller;
        gui::RunPanel runs;
        gui::MpiKindBar bar(&controller, &runs);
        MpiTrace mixed = trace();
        std::erase_if(mixed.events, [](const MpiEvent& e) { return e.call != MpiCall::Bcast; });
        for (MpiEvent& e : mixed.events) {
            e.call = MpiCall::Allreduce; // the Bcast taken as if it synchronized
        }
        const AnalysisReport report =
            analyze(collectiveRun(mixed, 0, MpiCall::Allreduce, RunShape::Flat).value());
        bar.setGuard(report, {});
        QVERIFY2(bar.guardNote()->text().contains("not explained by the clocks"),
                 qPrintable(bar.guardNote()->text()));
        HostClock skewed;
        skewed.host = "b";
        skewed.residual.maxViolationNs = 1000;
        bar.setGuard(report, {skewed});
        QVERIFY2(bar.guardNote()->text().contains("the clocks are the cause"),
                 qPrintable(bar.guardNote()->text()));
        bar.setGuard(analyze(collectiveRun(trace(), 0, MpiCall::Allreduce, RunShape::Flat).value()),
                     {});
        QVERIFY(bar.guardNote()->text().isEmpty());
    }
};

QTEST_MAIN(TestMpiKindBar)
#include "tst_mpikindbar.moc"
