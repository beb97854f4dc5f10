// "Export data as CSV…" on every plot (issue 20): the CSV text of named series (tables split
// where the axes change, names quoted), and for each plot view with known data, the CSV's rows
// equal the series it was given; the context menu offers the action (a picture is saved).

#include "core/analysis/comparison.h"
#include "core/analysis/waitstates.h"
#include "tests/support/mpitracebuilder.h"
#include "tests/support/testpictures.h"
#include "tests/views/viewtesthelpers.h"
#include "views/comparisonview.h"
#include "views/distributionplot.h"
#include "views/plotcsv.h"
#include "views/plotcsvexport.h"
#include "views/scaledtimemapplot.h"
#include "views/serializationview.h"
#include "views/timelineview.h"
#include "views/timemapview.h"
#include "views/waitstatemodel.h"
#include "views/waitstateview.h"

#include <QMenu>
#include <QPainter>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

#include <algorithm>

using namespace xylem;
using namespace xylem::views;

namespace {

using Rows = QList<QStringList>;

// RFC 4180 as toCsv writes it; a blank line ends a table.
QList<Rows> parseCsv(const QString& text)
{
    QList<Rows> tables{{}};
    QStringList row;
    QString field;
    bool quoted = false, any = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == u'"' && i + 1 < text.size() && text[i + 1] == u'"') {
                field += u'"';
                ++i;
            } else if (c == u'"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == u'"') {
            quoted = any = true;
        } else if (c == u',') {
            row << field;
            field.clear();
            any = true;
        } else if (c == u'\n') {
            if (!any && field.isEmpty()) {
                tables.append(Rows{});
            } else {
                row << field;
                tables.last().append(row);
            }
            row.clear();
            field.clear();
            any = false;
        } else {
            field += c;
            any = true;
        }
    }
    return tables;
}

PlotCsvExport* exporterOf(QCustomPlot* plot)
{
    return plot ? plot->findChild<PlotCsvExport*>() : nullptr;
}

// The CSV as the action writes it: through a file.
QList<Rows> exported(QCustomPlot* plot)
{
    PlotCsvExport* e = exporterOf(plot);
    if (!e) {
        return {};
    }
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("plot.csv"));
    if (!e->exportTo(path)) {
        return {};
    }
    QFile file(path);
    file.open(QIODevice::ReadOnly);
    return parseCsv(QString::fromUtf8(file.readAll()));
}

// The rows of one series of a table: x and y as text.
Rows seriesRows(const Rows& table, const QString& name)
{
    Rows out;
    for (const QStringList& r : table) {
        if (r.value(0) == name) {
            out << r.mid(1);
        }
    }
    return out;
}

double number(const QString& s)
{
    bool ok = false;
    const double v = s.toDouble(&ok);
    return ok ? v : std::nan("");
}

// The view's plot whose y axis reads label (a view may hold several).
// The plot of the view whose value axis (y, or x for horizontal bars) is labelled valueLabel.
QCustomPlot* plotOf(QWidget& view, const QString& valueLabel)
{
    for (QCustomPlot* p : view.findChildren<QCustomPlot*>()) {
        if (p->yAxis->label() == valueLabel || p->xAxis->label() == valueLabel) {
            return p;
        }
    }
    return nullptr;
}

} // namespace

class TestPlotCsv : public QObject
{
    Q_OBJECT

private slots:
    void seriesBecomeTablesByAxes()
    {
        const std::vector<PlotSeries> series{
            {"a, mean", "time (s)", "per call (µs)", {0.5, 1.5}, {10, 12.25}, {}},
            {"b", "time (s)", "per call (µs)", {0.5}, {7}, {}},
            {"h0 CPU busy", "time (s)", "CPU busy (%)", {1}, {50}, {}},
            {"A", "stage", "mean (µs)", {0, 1}, {3, 4}, {"down: wait", ""}}};
        const auto tables = seriesTables(series);
        QCOMPARE(tables.size(), size_t(3));
        QCOMPARE(QString::fromStdString(plotCsv(tables)),
                 QStringLiteral("series,time (s),per call (µs)\n"
                                "\"a, mean\",0.5,10\n\"a, mean\",1.5,12.25\nb,0.5,7\n\n"
                                "series,time (s),CPU busy (%)\nh0 CPU busy,1,50\n\n"
                                "series,stage,mean (µs)\nA,down: wait,3\nA,1,4\n"));
        QVERIFY(seriesTables({}).empty());
    }

    void distributionRowsAreTheHistogram()
    {
        DistributionPlot plot;
        std::vector<std::int64_t> a, b;
        for (int i = 0; i < 200; ++i) {
            a.push_back(40'000 + (i % 10) * 1'000);
            b.push_back(100'000 + (i % 5) * 2'000);
        }
        plot.setSeries({QStringLiteral("A"), QStringLiteral("B")}, {a, b});
        const auto tables = exported(plot.plot());
        QCOMPARE(tables.size(), 1);
        QCOMPARE(tables[0][0],
                 (QStringList{QStringLiteral("series"), QStringLiteral("operation time (µs)"),
                              QStringLiteral("share of calls (%)")}));
        const Rows rowsA = seriesRows(tables[0], QStringLiteral("A: 200 calls"));
        const Rows rowsB = seriesRows(tables[0], QStringLiteral("B: 200 calls"));
        QCOMPARE(rowsA.size(), 61); // 60 bins and the step's closing point
        QCOMPARE(rowsB.size(), 61);
        double shareA = 0, shareB = 0;
        for (int i = 0; i < rowsA.size(); ++i) {
            shareA += number(rowsA[i][1]);
            shareB += number(rowsB[i][1]);
        }
        QVERIFY(std::abs(shareA - 100) < 1e-9 && std::abs(shareB - 100) < 1e-9);
        // A's first bin starts at its fastest call and holds the share of A's calls below the
        // second bin's start.
        QCOMPARE(number(rowsA[0][0]), 40.0);
        const double second = number(rowsA[1][0]) * 1e3;
        const auto below = std::count_if(a.begin(), a.end(), [&](auto t) { return t < second; });
        QCOMPARE(number(rowsA[0][1]), 100.0 * double(below) / double(a.size()));
    }

    void timelineRowsAreTheBuckets()
    {
        TimelineView view;
        view.resize(800, 400);
        view.setRun(0, 4'000'000'000);
        store::TimelineSlice op, slow;
        for (int i = 0; i < 4; ++i) {
            const std::int64_t start = i * 1'000'000'000LL;
            op.buckets.push_back(
                {start, start + 1'000'000'000, 10, 1'000 + i, 9'000 + i, 5'000.5 + i});
            slow.buckets.push_back({start, start + 1'000'000'000, 10, 2'000, 8'000, 6'000.0 + i});
        }
        view.setSlices(op, slow);
        view.setSystemSamples(
            {{"h0", "cpu_busy_pct", 500'000'000, 25}, {"h0", "cpu_busy_pct", 1'500'000'000, 75}});
        const auto tables = exported(view.plot());
        QVERIFY(tables.size() >= 2);
        QCOMPARE(tables[0][0].mid(1), (QStringList{QStringLiteral("time in the run (s)"),
                                                   QStringLiteral("per call (µs)")}));
        const Rows mean =
            seriesRows(tables[0], QStringLiteral("operation time, mean (band: min..max)"));
        const Rows low = seriesRows(tables[0], QStringLiteral("operation time, min"));
        const Rows slowest = seriesRows(tables[0], QStringLiteral("slowest-thread time, mean"));
        QCOMPARE(mean.size(), 4);
        for (int i = 0; i < 4; ++i) {
            QCOMPARE(number(mean[i][0]), 0.5 + i);
            QCOMPARE(number(mean[i][1]), (5'000.5 + i) / 1e3);
            QCOMPARE(number(low[i][1]), (1'000 + i) / 1e3);
            QCOMPARE(number(slowest[i][1]), (6'000.0 + i) / 1e3);
        }
        // The CPU row below: its own header, the time axis named though it shows no label.
        QCOMPARE(tables[1][0].mid(1), (QStringList{QStringLiteral("time in the run (s)"),
                                                   QStringLiteral("CPU busy (%)")}));
        QVERIFY(!seriesRows(tables[1], QStringLiteral("h0 CPU busy")).isEmpty());
    }

    void comparisonRowsAreTheStageMeans()
    {
        const auto slow = testing::simulatedReport(
            {"3", 2, {.calls = 120, .culprit = "h1.t1", .culpritDelay = 60'000}});
        const auto fast = testing::simulatedReport({"3", 2, {.calls = 120}});
        ComparisonView view;
        view.setReports({{QStringLiteral("delayed"), slow}, {QStringLiteral("balanced"), fast}});
        const Comparison c = compareRuns(*slow, *fast).value();
        const auto tables = exported(plotOf(view, QStringLiteral("mean time of the stage (µs)")));
        QCOMPARE(tables.size(), 1);
        QCOMPARE(tables[0][0].mid(1), (QStringList{QStringLiteral("stage"),
                                                   QStringLiteral("mean time of the stage (µs)")}));
        const Rows a = seriesRows(tables[0], QStringLiteral("A: delayed"));
        const Rows b = seriesRows(tables[0], QStringLiteral("B: balanced"));
        QCOMPARE(a.size(), qsizetype(c.stages.size()));
        for (size_t i = 0; i < c.stages.size(); ++i) {
            QVERIFY(!a[qsizetype(i)][0].isEmpty() &&
                    number(a[qsizetype(i)][0]) != number(a[qsizetype(i)][0])); // a name
            QCOMPARE(number(a[qsizetype(i)][1]), c.stages[i].meanA.value_or(0) / 1e3);
            QCOMPARE(number(b[qsizetype(i)][1]), c.stages[i].meanB.value_or(0) / 1e3);
        }
        // The side-by-side timemaps: one row per bar drawn.
        const auto timemap = exported(view.timemapA()->plot());
        QCOMPARE(timemap.size(), 1);
        QCOMPARE(timemap[0].size() - 1, view.timemapA()->barsDrawn());
        QVERIFY(view.timemapA()->barsDrawn() > 0);
    }

    void timemapRowsAreTheBars()
    {
        TimemapView view;
        view.setReport(testing::simulatedReport({"4", 2, {.calls = 50}}));
        const auto tables = exported(view.plot());
        QCOMPARE(tables.size(), 1);
        QCOMPARE(tables[0][0].value(5), QStringLiteral("from (µs)"));
        QCOMPARE(tables[0].size() - 1, qsizetype(view.bars().size()));
        for (size_t i = 0; i < view.bars().size(); ++i) {
            const QStringList& row = tables[0][qsizetype(i) + 1];
            QCOMPARE(number(row[5]), view.bars()[i].x0 / 1e3);
            QCOMPARE(number(row[6]), view.bars()[i].x1 / 1e3);
            QCOMPARE(row[4].toInt(), view.bars()[i].stage.depth);
        }
    }

    void waitStateRowsAreThePerRankWaits()
    {
        const MpiTrace trace = testing::lateRankTrace(4, 2, 500, 10);
        const WaitStateReport report = analyzeWaitStates(trace).value();
        WaitStateView view;
        view.setReport(report, trace.ranks, {});
        const auto tables = exported(view.plot());
        QCOMPARE(tables.size(), 1);
        QCOMPARE(tables[0][0].mid(1),
                 (QStringList{QStringLiteral("rank"), QStringLiteral("waiting time (µs)")}));
        QVERIFY(!report.patterns.empty());
        for (const PatternSeverity& p : report.patterns) {
            const Rows rows = seriesRows(tables[0], WaitStateModel::patternTitle(p.pattern));
            QCOMPARE(rows.size(), qsizetype(trace.ranks.size()));
            for (size_t r = 0; r < trace.ranks.size(); ++r) {
                QCOMPARE(number(rows[qsizetype(r)][0]), double(trace.ranks[r].rank));
                QCOMPARE(number(rows[qsizetype(r)][1]), double(p.perRank[r].waitNs) / 1e3);
            }
        }
    }

    void serializationRowsAreTheCurve()
    {
        const auto report =
            testing::simulatedReport({"2", 4, {.calls = 100, .departureStep = 400}});
        SerializationView view;
        view.setReports({{QStringLiteral("run"), report}});
        QVERIFY(view.showGred(QStringLiteral("host.h0")));
        const auto tables = exported(plotOf(view, QStringLiteral("mean t4(r) − t3 (µs)")));
        QCOMPARE(tables.size(), 1);
        const Rows curve = seriesRows(tables[0], QStringLiteral("run"));
        const auto& mean = view.curves()[0].meanNs;
        QCOMPARE(curve.size(), qsizetype(mean.size()));
        for (size_t r = 0; r < mean.size(); ++r) {
            QCOMPARE(number(curve[qsizetype(r)][0]), double(r));
            QCOMPARE(number(curve[qsizetype(r)][1]), mean[r] / 1e3);
        }
    }

    void everyPlotOffersTheAction()
    {
        DistributionPlot plot;
        plot.resize(500, 300);
        plot.setSeries({QStringLiteral("A")}, {std::vector<std::int64_t>{1'000, 2'000, 2'500}});
        QMenu* menu = exporterOf(plot.plot())->makeMenu(&plot);
        auto* action = menu->findChild<QAction*>(QStringLiteral("exportPlotCsv"));
        QVERIFY(action && action->isEnabled());
        QCOMPARE(action->text(), QStringLiteral("Export data as CSV…"));
        QCOMPARE(plot.plot()->contextMenuPolicy(), Qt::CustomContextMenu);
        menu->adjustSize();
        // The menu over the plot, where a right click opens it.
        QPixmap picture = plot.grab();
        QPainter painter(&picture);
        painter.drawPixmap(QPoint(220, 110), menu->grab());
        painter.end();
        const QString file =
            QString::fromStdString(xylem::testing::picturePath("xylem-plotcsv-menu.png"));
        QVERIFY(picture.save(file));
        qInfo("picture: %s", qPrintable(file));
        delete menu;
        // An empty plot has nothing to export: the action is there, greyed.
        TimemapView empty;
        QMenu* none = exporterOf(empty.plot())->makeMenu(&empty);
        QVERIFY(!none->findChild<QAction*>(QStringLiteral("exportPlotCsv"))->isEnabled());
        delete none;
        // Every view's plot has the export.
        ComparisonView comparison;
        SerializationView serialization;
        TimelineView timeline;
        WaitStateView waits;
        for (QWidget* w :
             std::initializer_list<QWidget*>{&comparison, &serialization, &timeline, &waits}) {
            for (QCustomPlot* p : w->findChildren<QCustomPlot*>()) {
                QVERIFY2(exporterOf(p), w->metaObject()->className());
            }
        }
    }

    void anUnwritablePathIsAnError()
    {
        DistributionPlot plot;
        const auto written =
            exporterOf(plot.plot())->exportTo(QStringLiteral("/nonexistent-dir/x.csv"));
        QVERIFY(!written);
        QCOMPARE(written.error().code, ErrorCode::IoError);
    }
};

QTEST_MAIN(TestPlotCsv)
#include "tst_plotcsv.moc"
