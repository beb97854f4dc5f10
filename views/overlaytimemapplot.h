#pragma once

// The chosen thread's timemap of N runs in one plot (metrics.md §6): each run's path as a line
// in its own Okabe–Ito colour that steps from stage to stage — down stages at x < 0 climbing to
// the root at x = 0, up stages at x > 0 back down — with the depth along the path scaled to
// [0, 1] so that paths of different lengths line up (core's overlayTimemaps). A legend names the
// runs; hovering over a step tells the run, the stage and its mean duration; the x axis is in
// the unit durationunits.h chooses for the widest side drawn.

#include "core/analysis/overlaytimemap.h"
#include "core/model/durationunits.h"
#include "core/model/table.h"

#include <QPointF>
#include <QString>
#include <QWidget>

#include <vector>

class QCustomPlot;
class QMouseEvent;

namespace xylem::views {

struct OverlayRun
{
    QString label; // the run's, e.g. "run 2: deep"
    OverlayTimemap map;
};

class OverlayTimemapPlot : public QWidget
{
    Q_OBJECT

public:
    explicit OverlayTimemapPlot(QWidget* parent = nullptr);

    // Run i is drawn in seriesColour(i); runs with no thread drawn are listed in the legend
    // only. thread: the one chosen, named in the title; a run that had to draw another thread
    // (its class representative, or its slowest) says which in its legend entry.
    void show(std::vector<OverlayRun> runs, const QString& thread);
    int graphsDrawn() const { return m_graphs; }
    QCustomPlot* plot() const { return m_plot; }
    DurationUnit xUnit() const { return m_unit; }
    const std::vector<OverlayRun>& runs() const { return m_runs; }
    // What hovering at this pixel of the plot shows: the run, the stage and its mean duration
    // of the step nearest under it; empty when none is within a few pixels.
    QString tipAt(const QPointF& pixel) const;

private:
    void hover(QMouseEvent* event);
    Table csv() const;

    QCustomPlot* m_plot;
    std::vector<OverlayRun> m_runs;
    DurationUnit m_unit = DurationUnit::Microseconds;
    int m_graphs = 0;
};

} // namespace xylem::views
