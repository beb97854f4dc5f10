#pragma once

// One thread's timemap (metrics.md §4) for the side-by-side comparison (§6): its stages as
// bars, down at x < 0 and up at x > 0, depth along the path scaled to [0, 1] so that paths of
// different length line up; both sides of a comparison get one x range so widths compare.
// Stages estimated as half a proxy hop's two-way latency (no clock model) are hatched.

#include "core/analysis/report.h"
#include "core/model/table.h"

#include <QString>
#include <QWidget>

#include <memory>
#include <utility>

class QCustomPlot;

namespace xylem::views {

class ScaledTimemapPlot : public QWidget
{
    Q_OBJECT

public:
    explicit ScaledTimemapPlot(QWidget* parent = nullptr);

    // The thread (an id of report's configuration); an empty plot when it is not there.
    // Returns the x range (µs) it needs.
    std::pair<double, double> show(std::shared_ptr<const AnalysisReport> report,
                                   const std::string& thread, const QString& title);
    void setXRange(double lowUs, double highUs);
    int barsDrawn() const { return m_bars; }
    QCustomPlot* plot() const { return m_plot; }

private:
    QCustomPlot* m_plot;
    int m_bars = 0;
    Table m_csv; // the bars drawn, for "Export data as CSV…"
};

} // namespace xylem::views
