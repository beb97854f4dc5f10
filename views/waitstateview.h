#pragma once

// The wait-state patterns of an MPI run (core/analysis/waitstates.h): a summary line; a tab
// "By pattern" (WaitPatternPanel: pick a pattern, see the ranks that wait and cause it, its call
// sites and communicators) and a tab "Per rank" (ranks × patterns with waiting time and grid
// share); a bar chart of each rank's waiting stacked by pattern. Selecting a rank (a row or a bar) emits threadSelected with the rank's
// thread wrapper in the run's configuration, the signal the other views use. Below, the clocks
// of the run's hosts and their residual skew (ClockSkewView).

#include "core/analysis/clockmodel.h"
#include "core/analysis/waitstates.h"

#include <QWidget>

#include <vector>

class QCustomPlot;
class QCPAbstractPlottable;
class QLabel;
class QTableView;
class QTabWidget;

namespace xylem::views {

class ClockSkewView;
class WaitPatternPanel;
class WaitStateModel;

class WaitStateView : public QWidget
{
    Q_OBJECT

public:
    explicit WaitStateView(QWidget* parent = nullptr);

    // wrapperOfRank: the thread wrapper of each world rank in the shown run, -1 for none.
    void setReport(const WaitStateReport& report, std::vector<MpiRank> ranks,
                   std::vector<int> wrapperOfRank);
    // For a run without MPI data: says so and shows nothing else.
    void clear(const QString& why);
    void selectRank(int rank);
    // The run's stored clock models (ClockSkewView::setClocks).
    void setClocks(std::vector<HostClock> clocks);

    WaitStateModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    WaitPatternPanel* patternPanel() const { return m_panel; }
    QTabWidget* tabs() const { return m_tabs; }
    QCustomPlot* plot() const { return m_plot; }
    ClockSkewView* clockSkew() const { return m_clocks; }
    QString summary() const;

signals:
    void threadSelected(int wrapper);
    void rankSelected(int rank);

private:
    void drawBars();
    void rankChosen(int rank);
    void barClicked(QCPAbstractPlottable* bars, int dataIndex);

    WaitStateModel* m_model;
    QLabel* m_summary;
    WaitPatternPanel* m_panel;
    QTableView* m_table;
    QTabWidget* m_tabs;
    QCustomPlot* m_plot;
    ClockSkewView* m_clocks;
    std::vector<int> m_wrapperOfRank;
};

} // namespace xylem::views
