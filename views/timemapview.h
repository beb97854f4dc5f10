#pragma once

// Timemaps (metrics.md §4) side by side: for each shown thread, its stages as bars along the
// path, down at x < 0 and up at x > 0, one band per depth with a row per thread. A bar's
// colour is its stage kind (views/palette.h), and a legend above the plot says which; a bar
// wide enough carries its stage's name, a narrower one its initials, and hovering any bar
// names stage, wrapper and mean. The culprit (the end of the imbalance path) is drawn first in
// every band, on a shaded row with bold outlines, so its path stands out among the others'.
// The time axis is in the unit durationunits.h chooses for the widest path. Arrival waits can
// be hidden (they hide the difference between fast and slow paths). A proxy's one-way stages
// that the engine estimated as half the two-way latency (no clock model for one of the hop's
// hosts, core/analysis/clockcoverage.h) are hatched and marked '≈', and a note above the plot
// names the hosts. Drawn with QCustomPlot.

#include "core/analysis/report.h"
#include "core/model/durationunits.h"
#include "views/timemaplayout.h"

#include <QWidget>

#include <memory>
#include <vector>

class QCheckBox;
class QCustomPlot;
class QCPItemText;
class QLabel;

namespace xylem::views {

class TimemapView : public QWidget
{
    Q_OBJECT

public:
    explicit TimemapView(QWidget* parent = nullptr);

    void setReport(std::shared_ptr<const AnalysisReport> report);
    void setThreads(std::vector<int> threads);
    void setArrivalWaitsShown(bool shown);
    void highlightThread(int wrapper);
    const std::vector<TimemapBar>& bars() const { return m_bars; }
    // The tooltip text of the bar at a point of the plot (x in xUnit(), y in rows), or empty.
    QString describeAt(double x, double y) const;
    // Where a time along the path (ns) is on the x axis, and the axis's unit.
    double plotX(double ns) const { return inUnit(ns, m_unit); }
    DurationUnit xUnit() const { return m_unit; }
    // The centre of a bar's row on the y axis.
    double rowY(const TimemapBar& bar) const;
    QCustomPlot* plot() const { return m_plot; }
    // The note on estimated stages; empty when every drawn stage was measured.
    QString clockNote() const;
    // The text drawn on bar i of bars(): its stage's name, its initials, or empty if too narrow.
    QString stageLabel(size_t bar) const;
    // The thread whose path stands out, -1 when none is shown.
    int culprit() const { return m_culprit; }

private:
    void redraw();
    double rowHeight() const;
    QStringList hostsWithoutModelOf(const TimemapStage& stage) const;
    void drawBar(const TimemapBar& bar);
    void drawEstimateMark(const TimemapBar& bar, const QColor& colour);
    void drawThreadLabels(double& left, double right);
    void drawCulpritRows();
    void fillLegend();
    void fitStageLabels(); // after every layout: names where they fit
    void updateClockNote();

    std::shared_ptr<const AnalysisReport> m_report;
    std::vector<int> m_threads;
    std::vector<TimemapBar> m_bars;
    std::vector<QCPItemText*> m_stageLabels; // one per bar
    DurationUnit m_unit = DurationUnit::Microseconds;
    bool m_arrivalWaits = true;
    int m_highlighted = -1;
    int m_culprit = -1;
    QCheckBox* m_waits;
    QLabel* m_clockNote;
    QCustomPlot* m_plot;
};

} // namespace xylem::views
