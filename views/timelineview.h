#pragma once

// A run's timeline: operation time and slowest-thread time per call across the run, drawn
// from the store's level-of-detail buckets (mean as a line, min..max as a band), so a frame
// costs the same for a thousand calls or ten million: never one plot item per event. Zooming
// or panning asks for the new window (windowRequested); whoever owns the session answers
// with setSlices off the GUI thread. Wheel zooms, drag pans (time axis only). Under the calls,
// on the same time axis: the system samples recorded with the run (each host's CPU busy % and
// network bytes per second), from setSystemSamples, in a panel that is left out when the run
// has no samples. The per-call axis is in the unit durationunits.h chooses. A recording under way
// is drawn from its snapshots (showLive: the coarse series so far, the same slices), its span
// growing in view while the user looks at its newest end.
//
// The analysis window (issue 23 item 5): a drag with Shift held, or the action "Analyse this
// range" (the span in view), chooses a range of the run: the view shades it as a band with its
// bounds (kept while zooming and panning) and emits analysisWindowChosen(ns); "Analyse the
// whole run" drops it and emits nullopt. Whoever owns the session analyses the run in that
// window (core/store/windowedanalysis.h: windowOfSpan(from, to, run's firstNs) is its CallWindow)
// and shows the band it took with showAnalysisWindow (or the one before, if the window failed).
// The actions are analysisActions(), for the plot's context menu (app/gui/timelinecalllink.cpp).

#include "core/model/durationunits.h"
#include "core/store/attachments.h"
#include "core/store/mpitreeadapt.h"
#include "core/store/timeline.h"

#include <QList>
#include <QWidget>

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

class QAction;
class QCustomPlot;
class QCPAxisRect;
class QCPGraph;
class QCPMarginGroup;
class QCPItemRect;
class QCPItemText;

namespace xylem::views {

class TimelineRangeBand;
class TimelineSwitchMarks;

class TimelineView : public QWidget
{
    Q_OBJECT

public:
    explicit TimelineView(QWidget* parent = nullptr);

    // The run's span, in ns on its clock; resets the zoom and drops the analysis window's band.
    // The span already shown (the same run shown again, e.g. with the report of a window of it)
    // keeps the zoom and the band, and asks for the slices of the window in view again.
    void setRun(std::int64_t firstNs, std::int64_t lastNs);
    // The buckets of the shown window: operation time and slowest-thread time, drawn as given.
    void setSlices(const store::TimelineSlice& operation, const store::TimelineSlice& slowest);
    // The buckets of the window [fromNs, toNs] as windowRequested asked for it: drawn only when
    // that is the window asked for last (false otherwise), so that the answer for a window the
    // user has zoomed away from, arriving late, never replaces the one in view.
    bool setSlices(std::int64_t fromNs, std::int64_t toNs, const store::TimelineSlice& operation,
                   const store::TimelineSlice& slowest);
    // The window windowRequested asked for last; nullopt before any.
    std::optional<std::pair<std::int64_t, std::int64_t>> windowAsked() const { return m_asked; }

    // The analysis window's band, in ns on the run's clock like setRun's span; nullopt: none
    // (the whole run). Shown as given: it is what the owner analysed.
    void showAnalysisWindow(std::optional<std::pair<qint64, qint64>> ns);
    std::optional<std::pair<qint64, qint64>> analysisWindow() const { return m_analysisWindow; }
    // The ns on the run's clock at x = 0: a stored run's first down (setRun's firstNs).
    std::int64_t originNs() const { return m_origin; }
    // The band's bounds as written on it ("analysis window: 1.200 – 8.800 s"); empty without.
    QString analysisWindowText() const;
    // "Analyse this range" (the span in view) and "Analyse the whole run" (enabled with a band),
    // enabled for a stored run only.
    QList<QAction*> analysisActions() const;
    // The run's system samples (any order; other metrics than CPU and network are ignored).
    void setSystemSamples(const std::vector<store::SystemSample>& samples);
    // The switches of --adapt's tuner in the shown run (store::mpiTreeSwitches), marked at their
    // calls' starts (timelineswitchmarks.h); those whose start is unknown are left out. Showing
    // another run, a recording or nothing drops them.
    void setTreeSwitches(const std::vector<store::TreeSwitchAt>& switches);
    TimelineSwitchMarks* switchMarks() const { return m_switchMarks; }
    // A recording's timeline so far: the run's span so far and its buckets. The view keeps up
    // with the span unless the user zoomed or panned away from its end.
    void showLive(const store::LiveTimeline& live);
    bool showsLive() const { return m_live; }
    // Live: the end of the calls drawn and of the span so far, in s from the run's start (the
    // calls in between are still being assembled); nullopt when not live.
    std::optional<std::pair<double, double>> pendingSpan() const;
    // The calls the operation series drawn counts (its buckets' counts).
    std::int64_t callsDrawn() const { return m_calls; }
    // Nothing drawn, and why in its place (a recording under way: its run is not stored yet).
    void clear(const QString& why);
    int systemSeriesDrawn() const { return static_cast<int>(m_systemGraphs.size()); }
    // The system panel is in the plot only when it has samples to show, or says why not live.
    bool systemPanelShown() const;
    // The unit of the per-call axis: durationunits.h's for the highest max drawn.
    DurationUnit yUnit() const { return m_unit; }
    QCPAxisRect* systemRect() const { return m_systemRect; }
    void showWindow(std::int64_t startNs, std::int64_t endNs); // as a user's zoom would
    std::pair<std::int64_t, std::int64_t> window() const;
    size_t pointsDrawn() const { return m_points; }
    QCustomPlot* plot() const { return m_plot; }
    int pointsWanted() const;

signals:
    void windowRequested(std::int64_t startNs, std::int64_t endNs, int maxPoints);
    // The user chose a range [first, second) in ns on the run's clock (already shown as the
    // band), or the whole run (nullopt, band dropped).
    void analysisWindowChosen(std::optional<std::pair<std::int64_t, std::int64_t>> ns);

private:
    void buildSystemRect();
    void showSystemRect(bool shown);
    void setUnit(DurationUnit unit);
    void buildPendingMark();
    void markPending(double fromS, double toS); // live: the span whose calls are not drawn yet
    void buildAnalysisActions();
    void requestWindow(std::int64_t startNs, std::int64_t endNs);
    void chooseRange(double fromS, double toS);
    void enableAnalysis(bool stored);
    void draw(QCPGraph* mean, QCPGraph* low, QCPGraph* high, const store::TimelineSlice& slice);

    QCustomPlot* m_plot;
    QCPGraph* m_opMean;
    QCPGraph* m_opMin;
    QCPGraph* m_opMax;
    QCPGraph* m_slowMean;
    QCPGraph* m_slowMin;
    QCPGraph* m_slowMax;
    QCPAxisRect* m_systemRect;
    QCPMarginGroup* m_margins = nullptr;
    QCPItemRect* m_pending; // live: shades the newest part of the span, still assembling
    QCPItemText* m_pendingText;
    std::vector<QCPGraph*> m_systemGraphs;
    TimelineRangeBand* m_band;
    TimelineSwitchMarks* m_switchMarks;
    QAction* m_analyseRange = nullptr;
    QAction* m_analyseWhole = nullptr;
    std::optional<std::pair<qint64, qint64>> m_analysisWindow;
    std::optional<std::pair<std::int64_t, std::int64_t>> m_asked;
    std::int64_t m_origin = 0; // x = (t - origin) in seconds
    std::int64_t m_runEnd = 0; // the stored run's last ns (setRun)
    bool m_stored = false;     // a stored run is shown (setRun), not a recording or nothing
    DurationUnit m_unit = DurationUnit::Microseconds;
    size_t m_points = 0;
    std::int64_t m_calls = 0;
    bool m_applying = false;
    bool m_live = false;      // drawn from a recording's snapshots (showLive)
    bool m_following = false; // live: the window ends at the span's end, and follows it
    double m_liveEnd = 0;     // live: the span's end shown last (s)
};

} // namespace xylem::views
