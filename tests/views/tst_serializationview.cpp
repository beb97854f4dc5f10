// Departure-serialization curves offscreen: two runs of one configuration overlaid, each with
// the engine's curve and its least-squares fit; the run that serializes more has the steeper
// line; a gred missing from a run leaves that run out; a picture is saved to look at.

#include "core/analysis/analyzer.h"
#include "core/analysis/serialization.h"
#include "tests/support/testpictures.h"
#include "tests/views/viewtesthelpers.h"
#include "views/serializationview.h"

#include <QtTest>

using namespace xylem;
using namespace xylem::views;

namespace {

std::shared_ptr<const AnalysisReport> run(int hosts, std::int64_t departureStep)
{
    return testing::simulatedReport(
        {std::to_string(hosts), 4, {.calls = 100, .departureStep = departureStep}});
}

} // namespace

class TestSerializationView : public QObject
{
    Q_OBJECT

private slots:
    void runsOverlaidWithTheirFits()
    {
        SerializationView view;
        view.resize(800, 450);
        const auto flat = run(2, 50);
        const auto steep = run(2, 800);
        view.setReports(
            {{QStringLiteral("run 1: flat"), flat}, {QStringLiteral("run 2: steep"), steep}});
        QVERIFY(view.showGred(QStringLiteral("host.h0")));
        QCOMPARE(view.curves().size(), size_t(2));
        const GredReport* gred = flat->gred(flat->configuration->indexOf("host.h0"));
        QVERIFY(gred);
        QCOMPARE(view.curves()[0].meanNs, gred->serialization);
        const LineFit fit = fitLine(gred->serialization);
        QCOMPARE(view.curves()[0].slopeNs, fit.slope);
        QCOMPARE(view.curves()[0].interceptNs, fit.intercept);
        QVERIFY2(
            view.curves()[1].slopeNs > view.curves()[0].slopeNs,
            qPrintable(
                QString("%1 vs %2").arg(view.curves()[1].slopeNs).arg(view.curves()[0].slopeNs)));
        const QString file =
            QString::fromStdString(xylem::testing::picturePath("xylem-serialization.png"));
        QVERIFY(view.grab().save(file));
        qInfo("picture: %s", qPrintable(file));
    }

    void aRunWithoutTheGredIsLeftOut()
    {
        SerializationView view;
        view.setReports({{QStringLiteral("two hosts"), run(2, 100)},
                         {QStringLiteral("four hosts"), run(4, 100)}});
        QVERIFY(view.showGred(QStringLiteral("host.h3"))); // only the four-host run has it
        QCOMPARE(view.curves().size(), size_t(1));
        QCOMPARE(view.curves()[0].label, QStringLiteral("four hosts"));
        QVERIFY(!view.showGred(QStringLiteral("nowhere")));
    }
};

QTEST_MAIN(TestSerializationView)
#include "tst_serializationview.moc"
