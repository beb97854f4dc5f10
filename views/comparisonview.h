#pragma once

// Configuration comparison (metrics.md §6): any two runs of the session side by side — mean
// operation and slowest-thread times and the speedup, the chosen thread's stages as grouped
// bars, every thread's slowest share, the operation-time distributions of both runs over common
// bins, and the chosen thread's timemap in each run with depth scaled to [0, 1]; in a tab beside
// those, the overlay of a thread's timemap in N runs (overlaytimemapview.h).
// The comparison itself is core's compareRuns (and commonHistograms); this shows it, with the
// speedup's 95 % bootstrap interval (core's speedupInterval) when both runs' per-call times are
// known: at once for small runs, off the GUI thread for large ones (2000 resamples of 1 M calls
// take seconds). B defaults to another run than A when there are two or more.
//
// The runs given may include candidates not analysed yet (LabelledReport::report null): they
// are listed, marked, and when the chosen pair needs one the view says it is analysing it and
// emits analysisWanted(key) once; the comparison appears when setReports brings its report.

#include "core/analysis/comparison.h"
#include "views/labelledreport.h"

#include <QWidget>

#include <optional>
#include <vector>

class QComboBox;
class QShowEvent;
class QCustomPlot;
class QThread;
class QLabel;
class QTabWidget;
class QTableView;

namespace xylem::views {

class DistributionPlot;
class OverlayTimemapView;
class ScaledTimemapPlot;
class TableModel;

class ComparisonView : public QWidget
{
    Q_OBJECT

public:
    explicit ComparisonView(QWidget* parent = nullptr);
    ~ComparisonView() override;

    // Every run that may be compared, analysed or not (report null). The runs chosen as A and B
    // stay chosen (by key) where they are still given; otherwise A is the first analysed run and
    // B another run than A, an analysed one when there is one.
    void setReports(std::vector<LabelledReport> reports);
    // Compares reports a and b (indices into the reports given); false while either is not
    // analysed (it is asked for) or the comparison fails.
    bool compare(int a, int b);
    const std::optional<Comparison>& comparison() const { return m_comparison; }
    QString summary() const;
    TableModel* shares() const { return m_shares; }
    DistributionPlot* distribution() const { return m_distribution; }
    ScaledTimemapPlot* timemapA() const { return m_timemapA; }
    ScaledTimemapPlot* timemapB() const { return m_timemapB; }
    // The chosen thread's timemap in every checked run, in a tab beside the side-by-side ones.
    OverlayTimemapView* overlay() const { return m_overlay; }
    void showOverlay(); // raises its tab
    int currentA() const;
    int currentB() const;

signals:
    // The comparison's interval is known (comparison()->interval), or known to be unavailable.
    void intervalShown();
    // The chosen runs need this run, which is not analysed yet (key as given in setReports);
    // its report is expected through setReports. Emitted once per key until it comes, again when
    // the user chooses that run again; only while the view is shown (a hidden page asks when it
    // is shown), so runs nobody looks at are not analysed.
    void analysisWanted(const QString& key);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void redraw();
    void choose(); // the user picked A or B
    bool waitFor(const LabelledReport& a, const LabelledReport& b);
    int indexOf(const QString& identity) const;
    QString identityAt(int index) const;
    int defaultB(int a) const;
    void startInterval(const LabelledReport& a, const LabelledReport& b);
    void showInterval(std::optional<SpeedupInterval> interval, const QString& note);
    QString intervalText(const std::optional<SpeedupInterval>& interval) const;
    void setSummary(const QString& interval);
    void drawStageBars(const Comparison& c);
    void drawSideBySide(const LabelledReport& a, const LabelledReport& b, const Comparison& c);

    std::vector<LabelledReport> m_reports;
    std::optional<Comparison> m_comparison;
    QString m_head; // the summary before and after the interval's sentence
    QString m_tail;
    int m_generation = 0;           // of the interval asked last; older answers are dropped
    std::vector<QThread*> m_workers; // intervals being computed
    std::vector<QString> m_asked;    // runs asked for with analysisWanted, not come yet
    bool m_waiting = false;          // the runs chosen are not all analysed yet
    QComboBox* m_a;
    QComboBox* m_b;
    QLabel* m_summary;
    QCustomPlot* m_plot;
    QTableView* m_table;
    TableModel* m_shares;
    DistributionPlot* m_distribution;
    ScaledTimemapPlot* m_timemapA;
    ScaledTimemapPlot* m_timemapB;
    OverlayTimemapView* m_overlay;
    QTabWidget* m_tabs;
};

} // namespace xylem::views
