// The clock table of an MPI run (views/clockskewview, part of the wait-state view) over a
// hand-made two-host trace with a known clock: host nodeB runs 5 ms behind nodeA at the start
// and drifts 10 ppm; one barrier, after correction, has nodeB's rank leave 8 µs before nodeA's
// rank entered, a residual skew the model leaves. The model passes QAbstractItemModelTester,
// the cells hold the known numbers, and the view renders a PNG (XYLEM_CLOCKSKEW_PNG names where,
// else a temp file).

#include "core/analysis/clockmodel.h"
#include "core/analysis/clockresidual.h"
#include "core/analysis/waitstates.h"
#include "tests/support/mpitracebuilder.h"
#include "tests/support/testpictures.h"
#include "views/clockskewmodel.h"
#include "views/clockskewview.h"
#include "views/waitstateview.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QTableView>
#include <QtTest>

using namespace xylem;
using namespace xylem::views;

namespace {

constexpr std::int64_t kStartOffset = 5'000'000; // nodeA - nodeB at nodeB's local 0
constexpr std::int64_t kDriftNs = 100'000;       // over 10 s: 10 ppm

MpiTrace twoHosts()
{
    testing::MpiTraceBuilder b;
    b.rank("nodeA").rank("nodeB").world();
    // nodeB's local 1 s is 1 s + 5.01 ms on nodeA: it enters at 1'005'010'000 and leaves at
    // 1'005'012'000 there, 8 µs before rank 0 enters.
    b.collective(0, MpiCall::Barrier, 0, 1'005'020'000, 1'005'030'000);
    b.collective(1, MpiCall::Barrier, 0, 1'000'000'000, 1'000'002'000);
    MpiTrace trace = b.trace();
    trace.referenceHost = "nodeA";
    trace.clockSamples = {{"nodeB", "", 0, kStartOffset, 2000},
                          {"nodeB", "", 10'000'000'000, kStartOffset + kDriftNs, 3000}};
    return trace;
}

// Corrects the trace in place; the hosts' clocks with their residual skew.
std::vector<HostClock> corrected(MpiTrace& trace)
{
    ClockModel model = ClockModel::build(trace).value();
    model.correct(trace);
    measureResidualSkew(trace, model);
    return model.hosts();
}

QVariant raw(const ClockSkewModel& m, int row, ClockSkewModel::Column column)
{
    return m.data(m.index(row, column), ClockSkewModel::kRawRole);
}

} // namespace

class TestClockSkewView : public QObject
{
    Q_OBJECT

private slots:
    void showsEachHostsClockAndResidual()
    {
        ClockSkewView view;
        QAbstractItemModelTester tester(view.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(view.summary().contains("No clock model"));
        MpiTrace trace = twoHosts();
        view.setClocks(corrected(trace));
        const ClockSkewModel& m = *view.model();
        QCOMPARE(m.rowCount(), 2);
        QCOMPARE(m.columnCount(), int(ClockSkewModel::ColumnCount));
        QCOMPARE(raw(m, 0, ClockSkewModel::Host).toString(), QStringLiteral("nodeA"));
        QCOMPARE(m.index(0, ClockSkewModel::Master).data().toString(), QStringLiteral("reference"));
        QVERIFY(!raw(m, 0, ClockSkewModel::Offset).isValid()); // the reference is not measured
        QCOMPARE(raw(m, 0, ClockSkewModel::ErrorBound).toLongLong(), 0LL);

        QCOMPARE(raw(m, 1, ClockSkewModel::Host).toString(), QStringLiteral("nodeB"));
        QCOMPARE(raw(m, 1, ClockSkewModel::Offset).toLongLong(), kStartOffset);
        QVERIFY(qAbs(raw(m, 1, ClockSkewModel::Drift).toDouble() - 10.0) < 1e-6);
        QCOMPARE(raw(m, 1, ClockSkewModel::ErrorBound).toLongLong(), 1500LL); // half of 3 µs
        QVERIFY(qAbs(raw(m, 1, ClockSkewModel::Residual).toLongLong() - 8000) <= 1);
        QCOMPARE(raw(m, 1, ClockSkewModel::Violations).toLongLong(), 1LL);
        QCOMPARE(m.index(1, ClockSkewModel::Drift).data().toString(), QStringLiteral("10.00"));
        QCOMPARE(m.index(1, ClockSkewModel::Violations).data().toString(),
                 QStringLiteral("1 of 1"));
        // 8 µs of skew against a 1.5 µs bound: the row says the model misfits this clock.
        QVERIFY(!m.index(1, ClockSkewModel::Residual).data(Qt::ToolTipRole).toString().isEmpty());
        QVERIFY2(view.summary().contains("mapped onto nodeA") &&
                     view.summary().contains("on nodeB"),
                 qPrintable(view.summary()));
    }

    void isPartOfTheWaitStateViewAndRenders()
    {
        MpiTrace trace = twoHosts();
        const std::vector<HostClock> clocks = corrected(trace); // the waits in nodeA's clock
        WaitStateView view;
        view.resize(900, 700);
        view.setReport(analyzeWaitStates(trace).value(), trace.ranks, {0, 1});
        view.setClocks(clocks);
        QCOMPARE(view.clockSkew()->model()->rowCount(), 2);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(view.clockSkew()->table()->isVisible());
        const QString file =
            qEnvironmentVariableIsSet("XYLEM_CLOCKSKEW_PNG")
                ? qEnvironmentVariable("XYLEM_CLOCKSKEW_PNG")
                : QString::fromStdString(xylem::testing::picturePath("xylem-clockskew.png"));
        QVERIFY(view.grab().save(file));
        QVERIFY(QFileInfo(file).size() > 0);

        view.clear(QStringLiteral("no MPI data"));
        QCOMPARE(view.clockSkew()->model()->rowCount(), 0);
        QVERIFY(!view.clockSkew()->table()->isVisible());
    }
};

QTEST_MAIN(TestClockSkewView)
#include "tst_clockskewview.moc"
