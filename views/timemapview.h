#pragma once

// Timemaps (metrics.md §4) side by side: for each shown thread, its stages as bars along the
// path, down at x < 0 and up at x > 0 (µs), one band per depth; threads coloured by their
// class, stages told apart by shade. Hover a bar for stage, wrapper and mean; arrival waits can
// be hidden (they hide the difference between fast and slow paths). Drawn with QCustomPlot.

#include "core/analysis/report.h"
#include "views/timemaplayout.h"

#include <QWidget>

#include <memory>
#include <vector>

class QCheckBox;
class QCustomPlot;

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

private:
    void redraw();
    double rowY(const TimemapBar& bar) const;
    QColor classColour(int thread) const;

    std::shared_ptr<const AnalysisReport> m_report;
    std::vector<int> m_threads;
    std::vector<TimemapBar> m_bars;
    bool m_arrivalWaits = true;
    int m_highlighted = -1;
    QCheckBox* m_waits;
    QCustomPlot* m_plot;
};

} // namespace xylem::views
