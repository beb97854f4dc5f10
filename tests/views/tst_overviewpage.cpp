// The overview page (views/overviewpage.h) over the findings of simulated runs: it names the
// planted culprit with its numbers, says a balanced run has no single culprit, and a click on a
// finding's link asks for the view that shows it; durations come in the unit that fits.

#include "core/analysis/findings.h"
#include "tests/views/viewtesthelpers.h"
#include "views/overviewpage.h"

#include <QSignalSpy>
#include <QTextBrowser>
#include <QTextDocument>
#include <QtTest>

using namespace xylem;

namespace {

Findings findingsOf(const testing::SimulatedRun& run)
{
    return findFindings(*testing::simulatedReport(run));
}

// Clicks the first occurrence of text in the page, as a user would.
bool clickText(views::OverviewPage& page, const QString& text)
{
    QTextBrowser* browser = page.browser();
    const QTextCursor found = browser->document()->find(text);
    if (found.isNull()) {
        return false;
    }
    QTextCursor middle(browser->document());
    middle.setPosition((found.selectionStart() + found.selectionEnd()) / 2);
    browser->ensureCursorVisible();
    const QPoint at = browser->cursorRect(middle).center();
    QTest::mouseClick(browser->viewport(), Qt::LeftButton, {}, at);
    return true;
}

} // namespace

class TestOverviewPage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); }

    void namesThePlantedCulpritAndItsNumbers()
    {
        testing::SimulatedRun run;
        run.simulation.culprit = "h2.t1";
        run.simulation.culpritDelay = 40'000;
        const Findings findings = findingsOf(run);
        views::OverviewPage page;
        page.setFindings(findings, QStringLiteral("run 1: planted"));
        const QString text = page.plainText();
        QVERIFY2(text.contains(QStringLiteral("What Xylem found in run 1: planted")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Culprit: h2.t1")), qPrintable(text));
        QVERIFY2(
            text.contains(QStringLiteral("h2.t1 (host h2) is the last to arrive at the root in "
                                         "100.0 % of the calls.")),
            qPrintable(text));
        const auto& c = std::get<CulpritFinding>(findings.findings.front().detail);
        QVERIFY2(text.contains(QStringLiteral("At host.h2 the others wait at least %1 for it: %2 "
                                              "of the mean operation time.")
                                   .arg(views::OverviewPage::formatNanoseconds(c.costNs),
                                        views::OverviewPage::formatFraction(c.costShare))),
                 qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("Show in Weighted tree")));
        QVERIFY(text.contains(QStringLiteral("What to try next")));
        QVERIFY(text.contains(QStringLiteral("Balance the work of h2.t1 or move it off host h2")));
    }

    void aBalancedRunHasNoSingleCulprit()
    {
        testing::SimulatedRun run;
        run.simulation.calls = 300;
        views::OverviewPage page;
        page.setFindings(findingsOf(run), QStringLiteral("run 2"));
        const QString text = page.plainText();
        QVERIFY2(text.contains(QStringLiteral("Balanced: no single culprit")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("Culprit:")), qPrintable(text));
    }

    void linksAskForTheirView()
    {
        testing::SimulatedRun run;
        run.threadsPerHost = 4;
        run.simulation.departureStep = 20'000;
        views::OverviewPage page;
        page.resize(1000, 800);
        page.setFindings(findingsOf(run), QStringLiteral("run 3"));
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QSignalSpy asked(&page, &views::OverviewPage::viewRequested);
        const struct
        {
            const char* link;
            FindingView view;
        } links[] = {{"Show in Weighted tree", FindingView::WeightedTree},
                     {"Show in Timemap", FindingView::Timemap},
                     {"Show in Serialization", FindingView::Serialization},
                     {"Show in Timeline", FindingView::Timeline},
                     {"Show in Clocks", FindingView::Clocks}};
        for (const auto& l : links) {
            QVERIFY2(clickText(page, QLatin1String(l.link)), l.link);
            QTRY_COMPARE(asked.size(), 1);
            QCOMPARE(asked.takeFirst().first().value<FindingView>(), l.view);
        }
        QVERIFY(!clickText(page, QStringLiteral("Show in Wait states"))); // no MPI data
    }

    // A periodic finding as the over-time analysis would give it (its own suite checks that).
    void periodicSlowCallsAreSaid()
    {
        testing::SimulatedRun run;
        const auto report = testing::simulatedReport(run);
        PeriodicOutliers periodic;
        periodic.periodic = true;
        periodic.slowCalls = 10;
        periodic.matchedCalls = 8;
        periodic.periodNs = 1e9;
        periodic.phaseNs = 350e6;
        periodic.meanExtraNs = 2e6;
        periodic.victim = report->configuration->indexOf("h1.t0");
        periodic.victimShare = 1.0;
        FindingInputs inputs;
        inputs.periodic = &periodic;
        views::OverviewPage page;
        page.setFindings(findFindings(*report, inputs), QStringLiteral("run 4"));
        const QString text = page.plainText();
        QVERIFY2(text.contains(QStringLiteral("Periodic slow calls: every 1.000 s")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("8 of the 10 slow calls come every 1.000 s (the "
                                              "first at 350.0 ms), each 2.000 ms slower on "
                                              "average. h1.t0 "
                                              "(host h1) is the late one in 100.0 % of them.")),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Look for a daemon or timer on host h1")),
                 qPrintable(text));
        // Both link to the run over time, where the slow calls and their period are drawn.
        QCOMPARE(text.count(QStringLiteral("Show in Over time")), 2);
        page.resize(1000, 800);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QSignalSpy asked(&page, &views::OverviewPage::viewRequested);
        QVERIFY(clickText(page, QStringLiteral("Show in Over time")));
        QTRY_COMPARE(asked.size(), 1);
        QCOMPARE(asked.takeFirst().first().value<FindingView>(), FindingView::OverTime);
    }

    // The rule of every view and of the CLI (core/model/durationunits.h).
    void durationsInTheUnitThatFits()
    {
        using P = views::OverviewPage;
        QCOMPARE(P::formatNanoseconds(850), QStringLiteral("850.0 ns"));
        QCOMPARE(P::formatNanoseconds(12'345), QStringLiteral("12.35 µs"));
        QCOMPARE(P::formatNanoseconds(4'560'000), QStringLiteral("4.560 ms"));
        QCOMPARE(P::formatNanoseconds(1.2e9), QStringLiteral("1.200 s"));
        QCOMPARE(P::formatNanoseconds(3.6e12), QStringLiteral("3600.0 s"));
        QCOMPARE(P::formatNanoseconds(kNoValue), QStringLiteral("n/a"));
        QCOMPARE(P::formatFraction(0.6452), QStringLiteral("64.5 %"));
    }

    void clearSaysWhy()
    {
        views::OverviewPage page;
        page.clear(QStringLiteral("Recording <now>"));
        QCOMPARE(page.plainText(), QStringLiteral("Recording <now>"));
    }
};

QTEST_MAIN(TestOverviewPage)
#include "tst_overviewpage.moc"
