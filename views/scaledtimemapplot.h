#pragma once

// One thread's timemap (metrics.md §4) for the side-by-side comparison (§6): its stages as
// bars, down at x < 0 and up at x > 0, depth along the path scaled to [0, 1] so that paths of
// different length line up; both sides of a comparison get one x range so widths compare.
// Stages estimated as half a proxy hop's two-way latency (no clock model) are hatched. Bars are
// coloured by stage kind as in the timemap view, with a legend of the kinds drawn; the axis is
// in the unit durationunits.h chooses for the x range both sides share.

#include "core/analysis/report.h"
#include "core/model/durationunits.h"
#include "core/model/table.h"
#include "views/timemaplayout.h"

#include <QString>
#include <QWidget>

#include <memory>
#include <utility>
#include <vector>

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
    DurationUnit xUnit() const { return m_unit; }

private:
    void drawBars(); // m_drawn in m_unit

    QCustomPlot* m_plot;
    std::vector<TimemapBar> m_drawn;
    DurationUnit m_unit = DurationUnit::Microseconds;
    int m_bars = 0;
    Table m_csv; // the bars drawn, for "Export data as CSV…"
};

} // namespace xylem::views
