#pragma once

// Configuration comparison (metrics.md §6): two analysed runs (any two of those analysed) side
// by side — mean operation and slowest-thread times and the speedup, the chosen thread's stages
// as grouped bars, every thread's slowest share, the operation-time distributions of both runs
// over common bins, and the chosen thread's timemap in each run with depth scaled to [0, 1].
// The comparison itself is core's compareRuns (and commonHistograms); this shows it.

#include "core/analysis/comparison.h"
#include "views/labelledreport.h"

#include <QWidget>

#include <optional>
#include <vector>

class QComboBox;
class QCustomPlot;
class QLabel;
class QTableView;

namespace xylem::views {

class DistributionPlot;
class ScaledTimemapPlot;
class TableModel;

class ComparisonView : public QWidget
{
    Q_OBJECT

public:
    explicit ComparisonView(QWidget* parent = nullptr);

    void setReports(std::vector<LabelledReport> reports);
    // Compares reports a and b (indices into the reports given).
    bool compare(int a, int b);
    const std::optional<Comparison>& comparison() const { return m_comparison; }
    QString summary() const;
    TableModel* shares() const { return m_shares; }
    DistributionPlot* distribution() const { return m_distribution; }
    ScaledTimemapPlot* timemapA() const { return m_timemapA; }
    ScaledTimemapPlot* timemapB() const { return m_timemapB; }

private:
    void redraw();
    void drawStageBars(const Comparison& c);
    void drawSideBySide(const LabelledReport& a, const LabelledReport& b, const Comparison& c);

    std::vector<LabelledReport> m_reports;
    std::optional<Comparison> m_comparison;
    QComboBox* m_a;
    QComboBox* m_b;
    QLabel* m_summary;
    QCustomPlot* m_plot;
    QTableView* m_table;
    TableModel* m_shares;
    DistributionPlot* m_distribution;
    ScaledTimemapPlot* m_timemapA;
    ScaledTimemapPlot* m_timemapB;
};

} // namespace xylem::views
