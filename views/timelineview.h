#pragma once

// A run's timeline: operation time and slowest-thread time per call across the run, drawn
// from the store's level-of-detail buckets (mean as a line, min..max as a band), so a frame
// costs the same for a thousand calls or ten million: never one plot item per event. Zooming
// or panning asks for the new window (windowRequested); whoever owns the session answers
// with setSlices off the GUI thread. Wheel zooms, drag pans (time axis only). Under the calls,
// on the same time axis: the system samples recorded with the run (each host's CPU busy % and
// network bytes per second), from setSystemSamples.

#include "core/store/attachments.h"
#include "core/store/timeline.h"

#include <QWidget>

#include <cstdint>
#include <vector>

class QCustomPlot;
class QCPAxisRect;
class QCPGraph;

namespace xylem::views {

class TimelineView : public QWidget
{
    Q_OBJECT

public:
    explicit TimelineView(QWidget* parent = nullptr);

    // The run's span, in ns on its clock; resets the zoom.
    void setRun(std::int64_t firstNs, std::int64_t lastNs);
    // The buckets of the shown window: operation time and slowest-thread time.
    void setSlices(const store::TimelineSlice& operation, const store::TimelineSlice& slowest);
    // The run's system samples (any order; other metrics than CPU and network are ignored).
    void setSystemSamples(const std::vector<store::SystemSample>& samples);
    // Nothing drawn, and why in its place (a recording under way: its run is not stored yet).
    void clear(const QString& why);
    int systemSeriesDrawn() const { return static_cast<int>(m_systemGraphs.size()); }
    QCPAxisRect* systemRect() const { return m_systemRect; }
    void showWindow(std::int64_t startNs, std::int64_t endNs); // as a user's zoom would
    std::pair<std::int64_t, std::int64_t> window() const;
    size_t pointsDrawn() const { return m_points; }
    QCustomPlot* plot() const { return m_plot; }
    int pointsWanted() const;

signals:
    void windowRequested(std::int64_t startNs, std::int64_t endNs, int maxPoints);

private:
    void buildSystemRect();
    void draw(QCPGraph* mean, QCPGraph* low, QCPGraph* high, const store::TimelineSlice& slice);

    QCustomPlot* m_plot;
    QCPGraph* m_opMean;
    QCPGraph* m_opMin;
    QCPGraph* m_opMax;
    QCPGraph* m_slowMean;
    QCPGraph* m_slowMin;
    QCPGraph* m_slowMax;
    QCPAxisRect* m_systemRect;
    std::vector<QCPGraph*> m_systemGraphs;
    std::int64_t m_origin = 0; // x = (t - origin) in seconds
    size_t m_points = 0;
    bool m_applying = false;
};

} // namespace xylem::views
