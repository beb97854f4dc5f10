#pragma once

// Timemaps (metrics.md §4) side by side: for each shown thread, its stages as bars along the
// path, down at x < 0 and up at x > 0 (µs), one band per depth; threads coloured by their
// class, stages told apart by shade. Hover a bar for stage, wrapper and mean; arrival waits can
// be hidden (they hide the difference between fast and slow paths). A proxy's one-way stages
// that the engine estimated as half the two-way latency (no clock model for one of the hop's
// hosts, core/analysis/clockcoverage.h) are hatched and marked '≈', and a note above the plot
// names the hosts. Drawn with QCustomPlot.

#include "core/analysis/report.h"
#include "views/timemaplayout.h"

#include <QWidget>

#include <memory>
#include <vector>

class QCheckBox;
class QCustomPlot;
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
    // The tooltip text of the bar at a point of the plot (µs, row units), empty if none.
    QString describeAt(double xMicroseconds, double y) const;
    QCustomPlot* plot() const { return m_plot; }
    // The note on estimated stages; empty when every drawn stage was measured.
    QString clockNote() const;

private:
    void redraw();
    double rowY(const TimemapBar& bar) const;
    QColor classColour(int thread) const;
    QStringList hostsWithoutModelOf(const TimemapStage& stage) const;
    void drawEstimateMark(const TimemapBar& bar, double height, const QColor& colour);
    void updateClockNote();

    std::shared_ptr<const AnalysisReport> m_report;
    std::vector<int> m_threads;
    std::vector<TimemapBar> m_bars;
    bool m_arrivalWaits = true;
    int m_highlighted = -1;
    QCheckBox* m_waits;
    QLabel* m_clockNote;
    QCustomPlot* m_plot;
};

} // namespace xylem::views
