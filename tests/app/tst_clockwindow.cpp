// The clocks of tree runs in the main window (issue 19, item 4): a session with two runs of the
// same four-host tree (proxies between A, B, C and D), the first stored with a clock model per
// host (B corrected, 2 ms ahead; the others within their bounds), the second with models of A
// and B only (the measurement never reached C and D). The first run's timemap measures every one-way stage and
// its Clocks view lists the four hosts with their residual skew checked on the proxy hops (none:
// the simulated timestamps keep causality); the second run's timemap estimates the proxy hops
// to C and D as half their two-way latency, hatched, with a note, and its Clocks view names
// the hosts never measured. Pictures of both at 1280x800.

#include "app/gui/languages.h"
#include "app/gui/mainwindow.h"
#include "core/analysis/clockmodeljson.h"
#include "core/model/treegenerator.h"
#include "core/store/attachments.h"
#include "core/store/runwriter.h"
#include "tests/support/testpictures.h"
#include "tests/support/tracesimulator.h"
#include "views/timemapview.h"
#include "views/treeclockmodel.h"
#include "views/treeclockview.h"

#include <QListWidget>
#include <QTemporaryDir>
#include <QtTest>

using namespace xylem;

namespace {

// The window's timemap (null unless there is exactly one).
views::TimemapView* timemapOf(const gui::MainWindow& window)
{
    const auto all = window.findChildren<views::TimemapView*>();
    return all.size() == 1 ? all.first() : nullptr;
}

HostClock model(const std::string& host, std::int64_t offset, std::int64_t bound)
{
    HostClock c;
    c.host = host;
    c.master = "front";
    c.measured = true;
    c.start = MpiClockSample{host, "front", 1'000'000'000, offset, 2 * bound};
    c.end = MpiClockSample{host, "front", 3'000'000'000, offset + 400, 2 * bound};
    c.errorBoundNs = bound;
    return c;
}

QString twoRuns(const QTemporaryDir& dir)
{
    const QString path = dir.filePath("clocks.xylem");
    auto session = store::Session::create(path.toStdString());
    const auto config =
        generateTree(TreeSpec{"four hosts", parseHostList("A:c0,B:c0,C:c1,D:c1").value(), 2,
                              TreeShape::HierarchyAware, 2, RootKind::Core});
    if (!session || !config) {
        return {};
    }
    const auto tuples = testing::simulateTrace(
        config.value(), {.calls = 60, .culprit = "C.t1", .culpritDelay = 30'000});
    for (const char* name : {"with clock models", "C and D never measured"}) {
        if (!store::importRun(session.value(), config.value(), tuples,
                              store::RunMetadata{name, "", "test", "", ""})) {
            return {};
        }
    }
    for (const HostClock& c : {model("A", 300, 2'000), model("B", -2'000'000, 9'000),
                               model("C", -1'200, 4'000), model("D", 900, 3'000)}) {
        if (!store::setClockModel(session.value(), 1, c.host, clockModelJson(c, "front"))) {
            return {};
        }
        // Run 2: the measurement never reached cluster c1 (C and D).
        HostClock second = c;
        second.measured = c.host == "A" || c.host == "B";
        if (!second.measured) {
            second.start = MpiClockSample{};
            second.end = MpiClockSample{};
            second.errorBoundNs.reset();
        }
        if (!store::setClockModel(session.value(), 2, c.host, clockModelJson(second, "front"))) {
            return {};
        }
    }
    return path;
}

void savePicture(gui::MainWindow& window, const char* name)
{
    const QString file = QString::fromStdString(xylem::testing::picturePath(name));
    QVERIFY(window.grab().save(file));
    qInfo("picture: %s", qPrintable(file));
}

int estimatedBars(const views::TimemapView& view)
{
    int n = 0;
    for (const views::TimemapBar& b : view.bars()) {
        n += b.stage.estimate == StageEstimate::HalfTwoWay ? 1 : 0;
    }
    return n;
}

} // namespace

class TestClockWindow : public QObject
{
    Q_OBJECT

private slots:
    void clocksOfTreeRunsWithAndWithoutModels()
    {
        QTemporaryDir dir;
        const QString path = twoRuns(dir);
        QVERIFY(!path.isEmpty());
        gui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        QCOMPARE(gui::MainWindow::viewNamed("clocks"), gui::MainWindow::View::Clocks);
        window.openSession(path, 1);
        views::TreeClockView* clocks = window.clocks();
        QCOMPARE(window.viewWidget(gui::MainWindow::View::Clocks), clocks);
        QTRY_COMPARE_WITH_TIMEOUT(clocks->model()->rowCount(), 4, 10000);
        QTRY_VERIFY_WITH_TIMEOUT(window.report() != nullptr, 10000);
        QVERIFY(timemapOf(window));
        QCOMPARE(estimatedBars(*timemapOf(window)), 0);
        QVERIFY(timemapOf(window)->clockNote().isEmpty());
        const views::TreeClockModel& m = *clocks->model();
        for (int row = 0; row < 4; ++row) {
            const HostClock& c = m.clocks()[static_cast<size_t>(row)];
            QVERIFY2(c.residual.checks > 0, c.host.c_str()); // every host has a hop to another
            QCOMPARE(c.residual.violations, 0);
            const QString tuples = m.data(m.index(row, views::TreeClockModel::Tuples)).toString();
            QCOMPARE(tuples.startsWith(QStringLiteral("corrected")), c.host == "B");
        }
        QVERIFY2(clocks->summary().contains(QStringLiteral("No residual skew")),
                 qPrintable(clocks->summary()));
        window.showView(gui::MainWindow::View::Clocks);
        savePicture(window, "xylem-clocks-window-models.png");
        window.showView(gui::MainWindow::View::Timemap);
        savePicture(window, "xylem-timemap-window-models.png");

        window.runList()->setCurrentRow(1); // run 2: C and D never measured
        QTRY_VERIFY_WITH_TIMEOUT(estimatedBars(*timemapOf(window)) > 0, 10000);
        // The Clocks view loads on its own: wait for run 2's.
        QTRY_VERIFY2_WITH_TIMEOUT(clocks->summary().contains(QStringLiteral("Never measured: C, D")),
                                  qPrintable(clocks->summary()), 10000);
        QCOMPARE(clocks->model()->rowCount(), 4);
        QVERIFY2(timemapOf(window)->clockNote().contains(QStringLiteral("no clock model")),
                 qPrintable(timemapOf(window)->clockNote()));
        savePicture(window, "xylem-timemap-window-no-models.png");
        window.showView(gui::MainWindow::View::Clocks);
        savePicture(window, "xylem-clocks-window-no-models.png");
        // Both runs side by side: the same stages, hatched on the side without models.
        window.showView(gui::MainWindow::View::Comparison);
        savePicture(window, "xylem-comparison-window-clocks.png");
    }

    // The Clocks view and the timemap's note in each translation (longer words must fit).
    void picturesInEachTranslation_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("de") << QStringLiteral("de");
        QTest::newRow("nb") << QStringLiteral("nb");
    }

    void picturesInEachTranslation()
    {
        QFETCH(QString, language);
        QCOMPARE(gui::installLanguage(language), language);
        QTemporaryDir dir;
        const QString path = twoRuns(dir);
        QVERIFY(!path.isEmpty());
        gui::MainWindow window;
        window.resize(1280, 800);
        window.show();
        window.openSession(path, 1);
        QTRY_COMPARE_WITH_TIMEOUT(window.clocks()->model()->rowCount(), 4, 10000);
        QVERIFY(!window.clocks()->summary().contains(QStringLiteral("Clocks of")));
        window.showView(gui::MainWindow::View::Clocks);
        savePicture(window,
                    qPrintable(QStringLiteral("xylem-clocks-window-models-%1.png").arg(language)));
        window.runList()->setCurrentRow(1);
        QTRY_VERIFY_WITH_TIMEOUT(estimatedBars(*timemapOf(window)) > 0, 10000);
        QVERIFY(!timemapOf(window)->clockNote().contains(QStringLiteral("Hatched")));
        window.showView(gui::MainWindow::View::Timemap);
        savePicture(
            window,
            qPrintable(QStringLiteral("xylem-timemap-window-no-models-%1.png").arg(language)));
        QCOMPARE(gui::installLanguage(QStringLiteral("en")), QStringLiteral("en"));
    }
};

QTEST_MAIN(TestClockWindow)
#include "tst_clockwindow.moc"
